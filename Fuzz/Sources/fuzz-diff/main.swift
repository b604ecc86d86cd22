import FuzzDriver

runLibFuzzer(fuzzDiff)
