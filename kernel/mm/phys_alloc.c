/* Range-list allocator. Memory maps overlap and are unsorted on real firmware:
 * usable ranges are clipped against every non-usable region and the exclusions
 * before anything is handed out. */
#include "lib/mem.h"
#include "kernel/mm/phys_alloc.h"

static void add_range(struct phys_alloc *a, uint64_t base, uint64_t end)
{
	if (end <= base)
		return;
	if (a->count == PHYS_RANGES_MAX) {
		a->dropped++;
		return;
	}
	a->range[a->count++] = (struct phys_range){ base, end };
}

/* Remove [base, end) from every range (splitting where needed). */
static void carve(struct phys_alloc *a, uint64_t base, uint64_t end)
{
	size_t n = a->count;

	for (size_t i = 0; i < n; i++) {
		struct phys_range r = a->range[i];
		if (end <= r.base || base >= r.end)
			continue;
		a->range[i].end = base > r.base ? base : r.base; /* left part (may be empty) */
		if (end < r.end)
			add_range(a, end, r.end);
	}
	/* Drop empty ranges. */
	size_t k = 0;
	for (size_t i = 0; i < a->count; i++)
		if (a->range[i].end > a->range[i].base)
			a->range[k++] = a->range[i];
	a->count = k;
}

/* Round an exclusive end up to a page; saturate instead of wrapping to 0. */
static uint64_t page_end(uint64_t end)
{
	return end > UINT64_MAX - 0xFFF ? UINT64_MAX : (end + 0xFFF) & ~0xFFFull;
}

/* Sort the ranges by base and merge overlapping or touching ones, so every
 * free byte is in exactly one range and adjacent map entries form one block. */
static void merge_ranges(struct phys_alloc *a)
{
	for (size_t i = 1; i < a->count; i++) {
		struct phys_range r = a->range[i];
		size_t j = i;
		for (; j > 0 && a->range[j - 1].base > r.base; j--)
			a->range[j] = a->range[j - 1];
		a->range[j] = r;
	}
	size_t k = 0;
	for (size_t i = 0; i < a->count; i++) {
		if (k && a->range[i].base <= a->range[k - 1].end) {
			if (a->range[i].end > a->range[k - 1].end)
				a->range[k - 1].end = a->range[i].end;
		} else {
			a->range[k++] = a->range[i];
		}
	}
	a->count = k;
}

void phys_alloc_init(struct phys_alloc *a, const struct mem_region *map, size_t n,
		     const struct phys_range *exclude, size_t n_exclude)
{
	memset(a, 0, sizeof *a);
	a->mapped_limit = 0x100000000ull;
	for (size_t i = 0; i < n; i++) {
		if (map[i].type != MEM_USABLE || !map[i].length || map[i].base > UINT64_MAX - 0xFFF)
			continue;
		uint64_t end = map[i].base + map[i].length;
		if (end < map[i].base)
			end = UINT64_MAX; /* wrapped: clip */
		/* Whole pages only. */
		uint64_t b = (map[i].base + 0xFFF) & ~0xFFFull, e = end & ~0xFFFull;
		add_range(a, b, e);
	}
	merge_ranges(a);
	for (size_t i = 0; i < n; i++) {
		if (map[i].type == MEM_USABLE || !map[i].length)
			continue;
		uint64_t end = map[i].base + map[i].length;
		carve(a, map[i].base & ~0xFFFull, page_end(end < map[i].base ? UINT64_MAX : end));
	}
	carve(a, 0, 0x1000);
	for (size_t i = 0; i < n_exclude; i++)
		carve(a, exclude[i].base & ~0xFFFull, page_end(exclude[i].end));
}

uint64_t phys_alloc_take(struct phys_alloc *a, uint64_t size, uint64_t align, uint64_t limit)
{
	int best = -1;
	uint64_t best_addr = 0;

	if (!size || !align || (align & (align - 1)))
		return 0;
	for (size_t i = 0; i < a->count; i++) {
		uint64_t top = a->range[i].end < limit ? a->range[i].end : limit;
		if (top < size)
			continue;
		uint64_t addr = (top - size) & ~(align - 1);
		if (addr < a->range[i].base || addr == 0)
			continue;
		if (best < 0 || addr > best_addr) {
			best = (int)i;
			best_addr = addr;
		}
	}
	if (best < 0)
		return 0;
	carve(a, best_addr, best_addr + size);
	return best_addr;
}

uint64_t phys_alloc_free_bytes(const struct phys_alloc *a)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < a->count; i++)
		sum += a->range[i].end - a->range[i].base;
	return sum;
}

uint64_t phys_alloc_largest(const struct phys_alloc *a, uint64_t limit)
{
	uint64_t most = 0;

	for (size_t i = 0; i < a->count; i++) {
		uint64_t end = a->range[i].end < limit ? a->range[i].end : limit;
		if (end > a->range[i].base && end - a->range[i].base > most)
			most = end - a->range[i].base;
	}
	return most;
}
