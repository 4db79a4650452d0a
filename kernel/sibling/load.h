/* The kernel's checked load rounds (core/sibling/load_round.h) with an
 * arena from the physical allocator. */
#ifndef IDLEBENCH_KERNEL_SIBLING_LOAD_H
#define IDLEBENCH_KERNEL_SIBLING_LOAD_H

#include "core/sibling/load_round.h"
#include "kernel/mm/phys_alloc.h"

/* load_bind, then an arena below 4 GiB for l. NULL, or why not. */
const char *load_prepare(struct load_work *l, struct phys_alloc *phys);

#endif
