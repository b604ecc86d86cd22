import FuzzDriver

runLibFuzzer(fuzzSnapshotEdits)
