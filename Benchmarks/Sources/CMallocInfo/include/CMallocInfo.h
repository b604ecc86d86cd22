// The bytes the C allocator has handed out and not taken back (glibc's mallinfo2): unlike the
// resident set, it falls as soon as memory is freed. malloc.h is not in Swift's Glibc module.
#include <stddef.h>

size_t diffable_allocated_bytes(void);
