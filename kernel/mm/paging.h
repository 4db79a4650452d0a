/* Identity paging beyond the boot map of the multiboot2/PVH kernel
 * (boot/entry32.asm maps the first 4 GiB). Not used under the UEFI
 * application, which keeps the firmware's 1:1 map (boot_info.firmware_paging). */
#ifndef IDLEBENCH_KERNEL_MM_PAGING_H
#define IDLEBENCH_KERNEL_MM_PAGING_H

#include <stdint.h>

#include "kernel/mm/phys_alloc.h"

/* Identity-map [base, base+len) with 2 MiB pages, taking page-table pages from
 * alloc (below 4 GiB, where they are already mapped). uncached sets PCD|PWT
 * (for MMIO). Returns 0, or -1 when no page-table memory was left. */
int paging_identity_map(struct phys_alloc *alloc, uint64_t base, uint64_t len, int uncached);

#endif
