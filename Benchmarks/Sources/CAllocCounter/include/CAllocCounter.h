#ifndef CALLOCCOUNTER_H
#define CALLOCCOUNTER_H

#include <stdint.h>

/// Number of allocator calls (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign) made by any thread of this process so far.
uint64_t CAllocCounter_count(void);

/// Heap bytes in use from glibc's `mallinfo2()`: `uordblks` (allocated chunks in
/// every arena) plus `hblkhd` (mmapped blocks). Swift's Glibc module does not
/// import <malloc.h>, so it is read here.
uint64_t CAllocCounter_heapInUse(void);

#endif
