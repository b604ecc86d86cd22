// The C allocator, through glibc's malloc.h, which is not in Swift's Glibc module.
#include <stddef.h>

// The bytes the C allocator has handed out and not taken back (glibc's mallinfo2): unlike the
// resident set, it falls as soon as memory is freed.
size_t diffable_allocated_bytes(void);

// Makes glibc keep freed memory for reuse rather than hand large blocks back to the kernel (whose
// fresh pages fault in again, zeroed, on first touch); returns whether it could (0 off glibc).
int diffable_keep_freed_memory(void);
