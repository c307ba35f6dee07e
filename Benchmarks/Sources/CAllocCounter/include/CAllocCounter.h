#ifndef CALLOCCOUNTER_H
#define CALLOCCOUNTER_H

#include <stdint.h>

/// Number of allocator calls (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign) made by any thread of this process so far.
uint64_t CAllocCounter_count(void);

#endif
