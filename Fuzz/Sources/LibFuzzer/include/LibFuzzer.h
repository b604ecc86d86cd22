// libFuzzer's entry point for a program with a main function of its own. SwiftPM links every
// executable with `main` renamed to `<module>_main`, so libFuzzer's own `main` cannot be used:
// each target's main.swift hands its test function to this driver instead.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));
