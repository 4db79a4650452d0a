/* Sorting small arrays of counts (latency samples, calibration rounds). */
#ifndef IDLEBENCH_KERNEL_LIB_SORT_H
#define IDLEBENCH_KERNEL_LIB_SORT_H

#include <stddef.h>
#include <stdint.h>

/* Sort v ascending in place (insertion sort: n is a few hundred at most). */
void sort_u64(uint64_t *v, size_t n);

#endif
