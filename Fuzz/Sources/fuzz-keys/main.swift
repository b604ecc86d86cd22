import FuzzDriver

runLibFuzzer(fuzzKeys)
