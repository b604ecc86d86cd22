import FuzzDriver

runLibFuzzer(fuzzOutlineEdits)
