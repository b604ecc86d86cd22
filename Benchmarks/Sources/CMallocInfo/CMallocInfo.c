#include "CMallocInfo.h"

#if defined(__linux__)
#include <malloc.h>

size_t diffable_allocated_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#else
size_t diffable_allocated_bytes(void) { return 0; }
#endif
