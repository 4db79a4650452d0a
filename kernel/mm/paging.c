/* 4-level paging with 2 MiB leaves (Intel SDM Vol. 3A 4.5, table 4-17).
 * The boot map covers [0, 4 GiB) already; this adds RAM and framebuffers
 * above it. Existing 2 MiB entries are left as they are. */
#include "kernel/mm/paging.h"
#include "kernel/arch/x86.h"
#include "lib/mem.h"

#define PTE_P    (1ull << 0)
#define PTE_RW   (1ull << 1)
#define PTE_PWT  (1ull << 3)
#define PTE_PCD  (1ull << 4)
#define PTE_PS   (1ull << 7)
#define PTE_ADDR 0x000FFFFFFFFFF000ull
#define TWO_MIB  0x200000ull

static uint64_t *table_at(uint64_t entry)
{
	return (uint64_t *)(uintptr_t)(entry & PTE_ADDR);
}

/* Return the next-level table under *entry, creating it if absent. */
static uint64_t *next_level(struct phys_alloc *alloc, uint64_t *entry)
{
	if (*entry & PTE_P)
		return table_at(*entry);
	uint64_t page = phys_alloc_take(alloc, 4096, 4096, 0x100000000ull);
	if (!page)
		return NULL;
	memset((void *)(uintptr_t)page, 0, 4096);
	*entry = page | PTE_P | PTE_RW;
	return table_at(*entry);
}

int paging_identity_map(struct phys_alloc *alloc, uint64_t base, uint64_t len, int uncached)
{
	uint64_t *pml4 = (uint64_t *)(uintptr_t)(read_cr3() & PTE_ADDR);
	uint64_t flags = PTE_P | PTE_RW | PTE_PS | (uncached ? PTE_PCD | PTE_PWT : 0);
	uint64_t end = base + len;

	if (end < base)
		end = 1ull << 48;
	if (end > (1ull << 47))
		end = 1ull << 47; /* identity map stays in the lower canonical half */
	for (uint64_t a = base & ~(TWO_MIB - 1); a < end; a += TWO_MIB) {
		uint64_t *pdpt = next_level(alloc, &pml4[(a >> 39) & 511]);
		if (!pdpt)
			return -1;
		uint64_t *pd = next_level(alloc, &pdpt[(a >> 30) & 511]);
		if (!pd)
			return -1;
		uint64_t *pde = &pd[(a >> 21) & 511];
		if (!(*pde & PTE_P))
			*pde = a | flags;
	}
	write_cr3(read_cr3());
	return 0;
}
