/* The one growth rule of the host tools' arrays: capacity doubled (from a
 * first size) until the array holds what is asked for, so n appends cost
 * O(n) copies in all. */
#ifndef IDLEBENCH_TOOLS_COMMON_GROW_H
#define IDLEBENCH_TOOLS_COMMON_GROW_H

#include <stddef.h>

/* Room for need elements of elem bytes in array p of *cap elements: p itself
 * when need <= *cap, else p reallocated to *cap doubled (from first when
 * *cap is 0) until it holds need, *cap updated. NULL with errno ENOMEM (p
 * and *cap untouched, p still owned by the caller) when realloc fails or the
 * size in bytes would not fit a size_t (or elem is 0). */
void *grow(void *p, size_t *cap, size_t need, size_t elem, size_t first);

#endif
