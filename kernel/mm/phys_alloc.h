/* Early physical memory allocator over the loader's memory map: page tables,
 * AP stacks, the trampoline page below 1 MiB and the workload arena all come
 * from here, never from assumed-free addresses. No free(): a run allocates
 * once and ends. */
#ifndef IDLEBENCH_KERNEL_MM_PHYS_ALLOC_H
#define IDLEBENCH_KERNEL_MM_PHYS_ALLOC_H

#include <stddef.h>
#include <stdint.h>

#include "kernel/boot/boot_info.h"

/* Free ranges kept (the usable regions, split around reserved ones). */
#define PHYS_RANGES_MAX 128

/* One free range [base, end). */
struct phys_range {
	uint64_t base, end;
};

/* Allocator state. */
struct phys_alloc {
	struct phys_range range[PHYS_RANGES_MAX];
	size_t count;
	size_t dropped; /* usable regions that did not fit */
	uint64_t mapped_limit; /* memory below this is identity-mapped (4 GiB, the boot map, until
	                        * memory_setup maps what lies above; UINT64_MAX: all of it) */
};

/* Build the free list from the usable regions of the memory map, minus
 * [0, 4 KiB) and every [exclude[i].base, exclude[i].end). */
void phys_alloc_init(struct phys_alloc *a, const struct mem_region *map, size_t n,
		     const struct phys_range *exclude, size_t n_exclude);
/* Take size bytes aligned to align (a power of two) lying wholly below limit;
 * returns the physical address, or 0 when nothing fits. Takes from the top of
 * the highest range that fits, so low memory stays for what needs it. */
uint64_t phys_alloc_take(struct phys_alloc *a, uint64_t size, uint64_t align, uint64_t limit);
/* Bytes still free. */
uint64_t phys_alloc_free_bytes(const struct phys_alloc *a);
/* The largest free range's bytes below limit: what one phys_alloc_take can
 * get at most (less alignment). */
uint64_t phys_alloc_largest(const struct phys_alloc *a, uint64_t limit);

#endif
