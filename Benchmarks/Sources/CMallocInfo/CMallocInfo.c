#include "CMallocInfo.h"

#if defined(__linux__)
#include <malloc.h>

size_t diffable_allocated_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

int diffable_keep_freed_memory(void) {
    // Blocks up to glibc's largest mmap threshold (32 MiB on 64-bit) come from the heap, and the
    // heap's free top is kept up to 1 GiB instead of being handed back to the kernel.
    return mallopt(M_MMAP_THRESHOLD, 32 << 20) && mallopt(M_TRIM_THRESHOLD, 1 << 30);
}
#else
size_t diffable_allocated_bytes(void) { return 0; }
int diffable_keep_freed_memory(void) { return 0; }
#endif
