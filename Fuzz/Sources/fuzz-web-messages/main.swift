import FuzzDriver

runLibFuzzer(fuzzWebMessages)
