import FuzzDriver

runLibFuzzer(fuzzBatchUpdate)
