import FuzzDriver

runLibFuzzer(fuzzRecipeImport)
