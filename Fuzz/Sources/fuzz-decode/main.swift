import FuzzDriver

runLibFuzzer(fuzzDecode)
