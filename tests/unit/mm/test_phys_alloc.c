/* The early physical allocator over loader memory maps: page rounding,
 * reserved regions and exclusions that win over usable ones whatever the map
 * order, alignment, the `limit` bound, top-down order, exhaustion, capacity,
 * and an invariant check over pseudo-random unsorted, overlapping maps: every
 * block lies in usable memory, outside every reserved region, exclusion and
 * page 0, and no byte is handed out twice. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/mm/phys_alloc.h"

static struct phys_alloc a;

#define NOLIMIT UINT64_MAX

/* SeaBIOS E820 under `qemu-system-x86_64 -m 128`. */
static const struct mem_region qemu_map[] = {
	{ 0x0, 0x9fc00, MEM_USABLE },        { 0x9fc00, 0x400, MEM_RESERVED },
	{ 0xf0000, 0x10000, MEM_RESERVED },  { 0x100000, 0x7ee0000, MEM_USABLE },
	{ 0x7fe0000, 0x20000, MEM_RESERVED }, { 0xfffc0000, 0x40000, MEM_RESERVED },
};
/* A kernel image whose end is not page aligned. */
static const struct phys_range kernel_image = { 0x100000, 0x1a2345 };

static void test_qemu_map_free_bytes(void **state)
{
	(void)state;
	phys_alloc_init(&a, qemu_map, 6, &kernel_image, 1);
	/* [0x1000, 0x9f000) below 1 MiB (page 0 and the partial page at 0x9f000
	 * removed) + [0x1a3000, 0x7fe0000) above the kernel. */
	assert_true(phys_alloc_free_bytes(&a) == (0x9f000 - 0x1000) + (0x7fe0000 - 0x1a3000));
	assert_int_equal(a.dropped, 0);
}

/* The largest free block, not the sum: what one arena can be; a limit cuts it,
 * and a block taken from its top shrinks it; the mapping limit starts at 4 GiB. */
static void test_largest_free_block_below_a_limit(void **state)
{
	(void)state;
	phys_alloc_init(&a, qemu_map, 6, &kernel_image, 1);
	assert_true(a.mapped_limit == 0x100000000ull);
	assert_true(phys_alloc_largest(&a, NOLIMIT) == 0x7fe0000 - 0x1a3000);
	assert_true(phys_alloc_largest(&a, 0x1000000) == 0x1000000 - 0x1a3000);
	assert_true(phys_alloc_largest(&a, 0x80000) == 0x80000 - 0x1000); /* only the low range */
	assert_true(phys_alloc_take(&a, 0x100000, 4096, NOLIMIT) == 0x7ee0000);
	assert_true(phys_alloc_largest(&a, NOLIMIT) == 0x7ee0000 - 0x1a3000);
	assert_true(phys_alloc_largest(&a, 0x1000) == 0);
}

static void test_takes_from_the_top_down(void **state)
{
	(void)state;
	phys_alloc_init(&a, qemu_map, 6, &kernel_image, 1);
	uint64_t before = phys_alloc_free_bytes(&a);
	assert_true(phys_alloc_take(&a, 4096, 4096, NOLIMIT) == 0x7fdf000);
	assert_true(phys_alloc_take(&a, 4096, 4096, NOLIMIT) == 0x7fde000);
	assert_true(phys_alloc_free_bytes(&a) == before - 8192);
}

static void test_limit_keeps_block_wholly_below_it(void **state)
{
	(void)state;
	phys_alloc_init(&a, qemu_map, 6, &kernel_image, 1);
	/* The SIPI trampoline page must sit below 1 MiB. */
	assert_true(phys_alloc_take(&a, 4096, 4096, 0x100000) == 0x9e000);
	/* Page tables below 4 GiB: the top of RAM is below anyway. */
	assert_true(phys_alloc_take(&a, 4096, 4096, 0x100000000ull) == 0x7fdf000);
	/* A limit inside a range: the block ends at or below it. */
	uint64_t p = phys_alloc_take(&a, 0x3000, 4096, 0x4000800);
	assert_true(p == 0x4000800 - 0x3800);
	assert_true(phys_alloc_take(&a, 4096, 4096, 0x1000) == 0); /* only page 0 below */
	assert_true(phys_alloc_take(&a, 4096, 4096, 0) == 0);
}

static void test_alignment(void **state)
{
	(void)state;
	phys_alloc_init(&a, qemu_map, 6, &kernel_image, 1);
	uint64_t p = phys_alloc_take(&a, 0x1000, 0x200000, NOLIMIT);
	assert_true(p == 0x7e00000);
	p = phys_alloc_take(&a, 100, 16, NOLIMIT);
	assert_true(p % 16 == 0 && p + 100 <= 0x7fe0000);
	uint64_t q = phys_alloc_take(&a, 100, 16, NOLIMIT);
	assert_true(q % 16 == 0 && q + 100 <= p);
}

static void test_bad_requests_return_zero(void **state)
{
	(void)state;
	phys_alloc_init(&a, qemu_map, 6, NULL, 0);
	uint64_t before = phys_alloc_free_bytes(&a);
	assert_true(phys_alloc_take(&a, 0, 4096, NOLIMIT) == 0);
	assert_true(phys_alloc_take(&a, 4096, 0, NOLIMIT) == 0);
	assert_true(phys_alloc_take(&a, 4096, 3000, NOLIMIT) == 0);
	assert_true(phys_alloc_take(&a, 4096, 4097, NOLIMIT) == 0);
	assert_true(phys_alloc_take(&a, 1ull << 40, 4096, NOLIMIT) == 0);
	assert_true(phys_alloc_take(&a, UINT64_MAX, 1, NOLIMIT) == 0);
	assert_true(phys_alloc_free_bytes(&a) == before);
}

static void test_exhaustion_hands_out_every_page_once(void **state)
{
	static const struct mem_region map[] = {
		{ 0x0, 0x10000, MEM_USABLE },
		{ 0x100000, 0x20000, MEM_USABLE },
	};
	uint64_t seen[64];
	size_t n = 0;

	(void)state;
	phys_alloc_init(&a, map, 2, NULL, 0);
	assert_true(phys_alloc_free_bytes(&a) == 0xf000 + 0x20000);
	for (uint64_t p; (p = phys_alloc_take(&a, 4096, 4096, NOLIMIT)) != 0;) {
		assert_true(n < 64);
		assert_true(p % 4096 == 0);
		assert_true((p >= 0x1000 && p < 0x10000) || (p >= 0x100000 && p < 0x120000));
		for (size_t i = 0; i < n; i++)
			assert_true(seen[i] != p);
		seen[n++] = p;
	}
	assert_int_equal(n, 15 + 32);
	assert_true(phys_alloc_free_bytes(&a) == 0);
	assert_true(phys_alloc_take(&a, 1, 1, NOLIMIT) == 0);
}

static void test_page_zero_is_never_handed_out(void **state)
{
	static const struct mem_region map[] = { { 0x0, 0x2000, MEM_USABLE } };

	(void)state;
	phys_alloc_init(&a, map, 1, NULL, 0);
	assert_true(phys_alloc_take(&a, 4096, 4096, NOLIMIT) == 0x1000);
	assert_true(phys_alloc_take(&a, 1, 1, NOLIMIT) == 0);
}

static void test_reserved_wins_whatever_the_order(void **state)
{
	static const struct mem_region before_usable[] = {
		{ 0x150800, 0x100, MEM_RESERVED }, /* rounded out to [0x150000, 0x151000) */
		{ 0x100000, 0x100000, MEM_USABLE },
	};
	static const struct mem_region after_usable[] = {
		{ 0x100000, 0x100000, MEM_USABLE },
		{ 0x150800, 0x100, MEM_RESERVED },
	};

	(void)state;
	phys_alloc_init(&a, before_usable, 2, NULL, 0);
	assert_true(phys_alloc_free_bytes(&a) == 0x100000 - 0x1000);
	phys_alloc_init(&a, after_usable, 2, NULL, 0);
	assert_true(phys_alloc_free_bytes(&a) == 0x100000 - 0x1000);
	/* The split ranges: above and below the hole. */
	assert_true(phys_alloc_take(&a, 0xaf000, 4096, NOLIMIT) == 0x151000);
	assert_true(phys_alloc_take(&a, 0x50000, 4096, NOLIMIT) == 0x100000);
	assert_true(phys_alloc_free_bytes(&a) == 0);
}

static void test_every_non_usable_type_is_carved(void **state)
{
	static const uint32_t types[] = { MEM_RESERVED, MEM_ACPI_RECLAIMABLE, MEM_ACPI_NVS, MEM_BAD, 7, 20, 0 };

	(void)state;
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
		struct mem_region map[2] = { { 0x100000, 0x100000, MEM_USABLE }, { 0x180000, 0x1000, types[i] } };
		phys_alloc_init(&a, map, 2, NULL, 0);
		assert_true(phys_alloc_free_bytes(&a) == 0xff000);
	}
}

static void test_partial_pages_of_usable_regions_are_dropped(void **state)
{
	static const struct mem_region map[] = {
		{ 0x100800, 0xff000, MEM_USABLE }, /* [0x100800, 0x1ff800) -> [0x101000, 0x1ff000) */
		{ 0x300000, 0x800, MEM_USABLE },   /* less than a page */
		{ 0x400000, 0, MEM_USABLE },       /* empty */
		{ 0x400000, 0, MEM_RESERVED },     /* empty: carves nothing */
	};

	(void)state;
	phys_alloc_init(&a, map, 4, NULL, 0);
	assert_true(phys_alloc_free_bytes(&a) == 0xfe000);
	assert_true(phys_alloc_take(&a, 4096, 4096, NOLIMIT) == 0x1fe000);
}

static void test_exclusions_are_rounded_out_to_pages(void **state)
{
	static const struct mem_region map[] = { { 0x100000, 0x100000, MEM_USABLE } };
	static const struct phys_range ex[] = { { 0x1ff001, 0x1ff002 }, { 0x100000, 0x100001 } };

	(void)state;
	phys_alloc_init(&a, map, 1, ex, 2);
	assert_true(phys_alloc_free_bytes(&a) == 0x100000 - 0x2000);
	assert_true(phys_alloc_take(&a, 4096, 4096, NOLIMIT) == 0x1fe000);
}

static void test_more_ranges_than_capacity_are_counted_as_dropped(void **state)
{
	static struct mem_region map[PHYS_RANGES_MAX + 5];

	(void)state;
	for (size_t i = 0; i < PHYS_RANGES_MAX + 5; i++)
		map[i] = (struct mem_region){ 0x100000 + 0x2000 * i, 0x1000, MEM_USABLE };
	phys_alloc_init(&a, map, PHYS_RANGES_MAX + 5, NULL, 0);
	assert_int_equal(a.count, PHYS_RANGES_MAX);
	assert_int_equal(a.dropped, 5);
	assert_true(phys_alloc_free_bytes(&a) == 0x1000ull * PHYS_RANGES_MAX);
}

/* Firmware maps overlap (BIOS E820 tables with duplicated entries): the free
 * byte count must count each byte once. */
static void test_overlapping_usable_entries_are_counted_once(void **state)
{
	static const struct mem_region map[] = {
		{ 0x100000, 0x200000, MEM_USABLE },
		{ 0x200000, 0x200000, MEM_USABLE },
	};

	(void)state;
	phys_alloc_init(&a, map, 2, NULL, 0);
	assert_true(phys_alloc_free_bytes(&a) == 0x300000);
}

/* Usable memory split over adjacent entries (UEFI maps converted by the loader
 * often are) is one contiguous block and must serve a request spanning the seam. */
static void test_adjacent_usable_entries_serve_a_block_across_the_seam(void **state)
{
	static const struct mem_region map[] = {
		{ 0x200000, 0x100000, MEM_USABLE },
		{ 0x100000, 0x100000, MEM_USABLE },
	};

	(void)state;
	phys_alloc_init(&a, map, 2, NULL, 0);
	assert_true(phys_alloc_take(&a, 0x180000, 0x1000, NOLIMIT) == 0x180000);
}

/* A usable entry in the last page of the 64-bit space: rounding its base up to
 * a page wraps to 0, which must not turn into a range covering everything. */
static void test_usable_entry_at_top_of_address_space_gives_nothing(void **state)
{
	static const struct mem_region map[] = { { 0xFFFFFFFFFFFFF001ull, 0x10, MEM_USABLE } };

	(void)state;
	phys_alloc_init(&a, map, 1, NULL, 0);
	assert_true(phys_alloc_free_bytes(&a) == 0);
	assert_true(phys_alloc_take(&a, 4096, 4096, NOLIMIT) == 0);
}

/* A reserved entry ending in the last page: rounding its end up to a page wraps
 * to 0 and the region must still be carved. */
static void test_reserved_entry_ending_in_last_page_is_still_carved(void **state)
{
	static const struct mem_region map[] = {
		{ 0x100000, 0x100000, MEM_USABLE },
		{ 0x180000, 0xFFFFFFFFFFFFF001ull - 0x180000, MEM_RESERVED },
	};

	(void)state;
	phys_alloc_init(&a, map, 2, NULL, 0);
	assert_true(phys_alloc_free_bytes(&a) == 0x80000);
}

/* ---- invariants over pseudo-random maps --------------------------------- */

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next(void)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return rng;
}

static bool overlaps(uint64_t b1, uint64_t e1, uint64_t b2, uint64_t e2)
{
	return b1 < e2 && b2 < e1;
}

/* Every byte of [b, e) is inside the union of the usable regions. */
static bool inside_usable(const struct mem_region *map, size_t n, uint64_t b, uint64_t e)
{
	while (b < e) {
		bool advanced = false;
		for (size_t i = 0; i < n; i++) {
			if (map[i].type != MEM_USABLE)
				continue;
			uint64_t rb = map[i].base, re = map[i].base + map[i].length;
			if (b >= rb && b < re) {
				b = re;
				advanced = true;
			}
		}
		if (!advanced)
			return false;
	}
	return true;
}

static void test_random_maps_never_hand_out_forbidden_or_double_memory(void **state)
{
	enum { N = 24, TAKES = 200 };
	struct mem_region map[N];
	struct phys_range ex[3];
	struct phys_range taken[TAKES];
	size_t successes = 0;

	(void)state;
	for (int round = 0; round < 300; round++) {
		size_t n = 1 + next() % N;
		for (size_t i = 0; i < n; i++) {
			uint64_t r = next();
			map[i].base = (r % 0x4000) * 0x800 + (r >> 60 == 0 ? 0x123 : 0); /* 0 .. 32 MiB */
			map[i].length = (next() % 0x800) * 0x800 + ((r >> 58) & 1 ? 0x10 : 0);
			map[i].type = (r >> 40) % 3 ? MEM_USABLE : 2 + (uint32_t)((r >> 50) % 4);
		}
		size_t n_ex = next() % 4;
		for (size_t i = 0; i < n_ex; i++) {
			ex[i].base = (next() % 0x4000) * 0x800 + 0x11;
			ex[i].end = ex[i].base + (next() % 0x100) * 0x400;
		}
		phys_alloc_init(&a, map, n, ex, n_ex);
		size_t count = 0;
		for (int t = 0; t < TAKES; t++) {
			uint64_t size = 1 + next() % 0x20000;
			uint64_t align = 1ull << (next() % 22);
			uint64_t limit = next() % 4 ? NOLIMIT : next() % 0x2000000;
			uint64_t free_before = phys_alloc_free_bytes(&a);
			uint64_t p = phys_alloc_take(&a, size, align, limit);
			if (!p)
				continue;
			uint64_t e = p + size;
			assert_true(p % align == 0);
			assert_true(e <= limit);
			assert_true(p >= 0x1000);
			assert_true(inside_usable(map, n, p, e));
			for (size_t i = 0; i < n; i++)
				if (map[i].type != MEM_USABLE && map[i].length)
					assert_false(overlaps(p, e, map[i].base, map[i].base + map[i].length));
			for (size_t i = 0; i < n_ex; i++)
				assert_false(overlaps(p, e, ex[i].base, ex[i].end));
			for (size_t i = 0; i < count; i++)
				assert_false(overlaps(p, e, taken[i].base, taken[i].end));
			assert_true(phys_alloc_free_bytes(&a) <= free_before - size);
			taken[count++] = (struct phys_range){ p, e };
			successes++;
		}
	}
	assert_true(successes > 5000); /* the maps leave room: most takes succeed */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_qemu_map_free_bytes),
		cmocka_unit_test(test_takes_from_the_top_down),
		cmocka_unit_test(test_largest_free_block_below_a_limit),
		cmocka_unit_test(test_limit_keeps_block_wholly_below_it),
		cmocka_unit_test(test_alignment),
		cmocka_unit_test(test_bad_requests_return_zero),
		cmocka_unit_test(test_exhaustion_hands_out_every_page_once),
		cmocka_unit_test(test_page_zero_is_never_handed_out),
		cmocka_unit_test(test_reserved_wins_whatever_the_order),
		cmocka_unit_test(test_every_non_usable_type_is_carved),
		cmocka_unit_test(test_partial_pages_of_usable_regions_are_dropped),
		cmocka_unit_test(test_exclusions_are_rounded_out_to_pages),
		cmocka_unit_test(test_more_ranges_than_capacity_are_counted_as_dropped),
		cmocka_unit_test(test_overlapping_usable_entries_are_counted_once),
		cmocka_unit_test(test_adjacent_usable_entries_serve_a_block_across_the_seam),
		cmocka_unit_test(test_usable_entry_at_top_of_address_space_gives_nothing),
		cmocka_unit_test(test_reserved_entry_ending_in_last_page_is_still_carved),
		cmocka_unit_test(test_random_maps_never_hand_out_forbidden_or_double_memory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
