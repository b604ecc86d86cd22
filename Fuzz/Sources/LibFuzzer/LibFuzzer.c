// The declaration in include/LibFuzzer.h is all this target provides; libFuzzer itself is linked
// by `-sanitize=fuzzer`.
#include "LibFuzzer.h"
