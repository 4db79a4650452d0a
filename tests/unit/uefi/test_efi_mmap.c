/* The UEFI memory map (UEFI 2.10, 7.2 GetMemoryMap: an array of
 * EFI_MEMORY_DESCRIPTOR { UINT32 Type; EFI_PHYSICAL_ADDRESS PhysicalStart;
 * EFI_VIRTUAL_ADDRESS VirtualStart; UINT64 NumberOfPages; UINT64 Attribute }
 * DescriptorSize bytes apart) converted to E820-numbered regions. OVMF's
 * DescriptorSize is 48, 8 more than the structure, so the test maps use 48
 * and fill the gaps with junk that must not be read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "boot/uefi/efi_mmap.h"

#define OVMF_DESC_SIZE 48
#define MAX_DESC 32

/* EFI_MEMORY_TYPE (UEFI 2.10, 7.2 table 7-6) and attribute bits (7.2
 * "Memory Attribute Definitions"). */
enum {
	RESERVED = 0,
	LOADER_CODE = 1,
	LOADER_DATA = 2,
	BS_CODE = 3,
	BS_DATA = 4,
	RT_CODE = 5,
	RT_DATA = 6,
	CONVENTIONAL = 7,
	UNUSABLE = 8,
	ACPI_RECLAIM = 9,
	ACPI_NVS = 10,
	MMIO = 11,
	PERSISTENT = 14,
	UNACCEPTED = 15,
};
#define ATTR_WB 0x8ull
#define ATTR_UC 0x1ull
#define ATTR_RUNTIME (1ull << 63)

struct desc {
	uint32_t type;
	uint64_t base, pages, attr;
};

/* Lays descs out like firmware: junk (0xA5) in the alignment hole after
 * Type and in the stride's tail, VirtualStart 0 as before SetVirtualAddressMap. */
static size_t build(uint8_t *buf, size_t stride, const struct desc *d, size_t count)
{
	memset(buf, 0xA5, stride * count);
	for (size_t i = 0; i < count; i++) {
		uint8_t *p = buf + i * stride;
		uint64_t zero = 0;
		memcpy(p + 0, &d[i].type, 4);
		memcpy(p + 8, &d[i].base, 8);
		memcpy(p + 16, &zero, 8);
		memcpy(p + 24, &d[i].pages, 8);
		memcpy(p + 32, &d[i].attr, 8);
	}
	return stride * count;
}

/* A QEMU q35 + OVMF map shape, in firmware order (ascending addresses),
 * with every kind of region the conversion distinguishes. */
static const struct desc ovmf[] = {
	{ CONVENTIONAL, 0x0, 0xA0, ATTR_WB },                     /* low 640 KiB */
	{ BS_DATA, 0x100000, 0x100, ATTR_WB },                     /* 1 MiB */
	{ BS_CODE, 0x200000, 0x80, ATTR_WB },
	{ LOADER_DATA, 0x280000, 0x40, ATTR_WB },
	{ LOADER_CODE, 0x2C0000, 0x20, ATTR_WB },                  /* idlebench.efi */
	{ RESERVED, 0x2E0000, 0x10, ATTR_WB },
	{ ACPI_RECLAIM, 0x2F0000, 0x10, ATTR_WB },
	{ ACPI_NVS, 0x300000, 0x100, ATTR_WB },
	{ MMIO, 0xFEC00000, 0x1, ATTR_UC | ATTR_RUNTIME },         /* I/O APIC */
	{ UNUSABLE, 0x7E000000, 0x1, ATTR_WB },
	{ RT_DATA, 0x7F000000, 0x20, ATTR_WB | ATTR_RUNTIME },
	{ RT_CODE, 0x7F020000, 0x10, ATTR_WB | ATTR_RUNTIME },
	{ PERSISTENT, 0x100000000, 0x40000, ATTR_WB },             /* 1 GiB NVDIMM */
};
#define OVMF_COUNT (sizeof ovmf / sizeof ovmf[0])

/* The expected conversion: loader/boot services/conventional are usable and
 * merge when contiguous; runtime code and data merge as reserved. */
static const struct mem_region ovmf_regions[] = {
	{ 0x0, 0xA0000, MEM_USABLE },
	{ 0x100000, 0x1E0000, MEM_USABLE },
	{ 0x2E0000, 0x10000, MEM_RESERVED },
	{ 0x2F0000, 0x10000, MEM_ACPI_RECLAIMABLE },
	{ 0x300000, 0x100000, MEM_ACPI_NVS },
	{ 0xFEC00000, 0x1000, MEM_RESERVED },
	{ 0x7E000000, 0x1000, MEM_BAD },
	{ 0x7F000000, 0x30000, MEM_RESERVED },
	{ 0x100000000, 0x40000000, MEM_RESERVED },
};
#define OVMF_REGIONS (sizeof ovmf_regions / sizeof ovmf_regions[0])

static uint8_t map[MAX_DESC * 64 + 64];

static void assert_region(const struct mem_region *r, uint64_t base, uint64_t length, uint32_t type)
{
	assert_int_equal(r->base, base);
	assert_int_equal(r->length, length);
	assert_int_equal(r->type, type);
}

static void test_ovmf_map_converts_and_merges(void **state)
{
	(void)state;
	struct mem_region out[MAX_DESC];
	size_t dropped = 77;
	size_t bytes = build(map, OVMF_DESC_SIZE, ovmf, OVMF_COUNT);

	size_t n = efi_mmap_convert(map, bytes, OVMF_DESC_SIZE, out, MAX_DESC, &dropped);
	assert_int_equal(n, OVMF_REGIONS);
	assert_int_equal(dropped, 0);
	for (size_t i = 0; i < n; i++)
		assert_region(&out[i], ovmf_regions[i].base, ovmf_regions[i].length, ovmf_regions[i].type);
}

static void test_exact_structure_stride_40_and_unaligned_map(void **state)
{
	(void)state;
	struct mem_region out[MAX_DESC];
	size_t dropped;
	/* a stride of exactly sizeof(EFI_MEMORY_DESCRIPTOR), at an odd address */
	size_t bytes = build(map + 1, EFI_MMAP_DESC_MIN, ovmf, OVMF_COUNT);

	size_t n = efi_mmap_convert(map + 1, bytes, EFI_MMAP_DESC_MIN, out, MAX_DESC, &dropped);
	assert_int_equal(n, OVMF_REGIONS);
	assert_int_equal(dropped, 0);
	for (size_t i = 0; i < n; i++)
		assert_region(&out[i], ovmf_regions[i].base, ovmf_regions[i].length, ovmf_regions[i].type);
}

static void test_cap_overflow_counts_regions_not_descriptors(void **state)
{
	(void)state;
	struct mem_region out[MAX_DESC + 1];
	size_t bytes = build(map, OVMF_DESC_SIZE, ovmf, OVMF_COUNT);

	/* For every cap: the first cap regions of the full conversion, the
	 * rest counted (runtime code + data, two descriptors, are one region). */
	for (size_t cap = 0; cap <= OVMF_REGIONS + 1; cap++) {
		size_t dropped = 77;
		out[cap].type = 0xDEAD; /* out[cap] must stay untouched */
		size_t n = efi_mmap_convert(map, bytes, OVMF_DESC_SIZE, out, cap, &dropped);
		size_t want = cap < OVMF_REGIONS ? cap : OVMF_REGIONS;
		assert_int_equal(n, want);
		assert_int_equal(dropped, OVMF_REGIONS - want);
		assert_int_equal(out[cap].type, 0xDEAD);
		for (size_t i = 0; i < n; i++)
			assert_region(&out[i], ovmf_regions[i].base, ovmf_regions[i].length, ovmf_regions[i].type);
	}
}

static void test_full_out_still_grows_its_last_region(void **state)
{
	(void)state;
	static const struct desc d[] = {
		{ CONVENTIONAL, 0x0, 0x10, 0 },
		{ BS_DATA, 0x10000, 0x10, 0 }, /* adjacent, usable: same region */
		{ ACPI_NVS, 0x20000, 0x1, 0 },
	};
	struct mem_region out[1];
	size_t dropped;
	size_t bytes = build(map, OVMF_DESC_SIZE, d, 3);

	assert_int_equal(efi_mmap_convert(map, bytes, OVMF_DESC_SIZE, out, 1, &dropped), 1);
	assert_region(&out[0], 0x0, 0x20000, MEM_USABLE);
	assert_int_equal(dropped, 1);
}

static void test_descriptor_size_below_structure_gives_nothing(void **state)
{
	(void)state;
	struct mem_region out[MAX_DESC];
	size_t dropped = 77;
	size_t bytes = build(map, OVMF_DESC_SIZE, ovmf, OVMF_COUNT);

	assert_int_equal(efi_mmap_convert(map, bytes, EFI_MMAP_DESC_MIN - 1, out, MAX_DESC, &dropped), 0);
	assert_int_equal(dropped, 0);
	assert_int_equal(efi_mmap_convert(map, bytes, 0, out, MAX_DESC, &dropped), 0);
}

static void test_empty_and_wrapping_descriptors_are_skipped(void **state)
{
	(void)state;
	static const struct desc d[] = {
		{ CONVENTIONAL, 0x0, 0x10, 0 },
		{ RESERVED, 0x10000, 0, 0 },            /* 0 pages: no region, no break */
		{ CONVENTIONAL, 0x10000, 0x10, 0 },     /* merges with the first */
		{ RESERVED, 0xFFFFFFFFFFFFF000, 1, 0 }, /* ends at 2^64: wraps to 0 */
		{ RESERVED, 0x1000, UINT64_MAX, 0 },    /* length overflows */
		{ RESERVED, 0x0, 1ull << 52, 0 },       /* length 2^64 */
		{ ACPI_NVS, 0xFFFFFFFFFFFFE000, 1, 0 }, /* ends at 2^64 - 4096: fine */
	};
	struct mem_region out[MAX_DESC];
	size_t dropped;
	size_t bytes = build(map, OVMF_DESC_SIZE, d, sizeof d / sizeof d[0]);

	size_t n = efi_mmap_convert(map, bytes, OVMF_DESC_SIZE, out, MAX_DESC, &dropped);
	assert_int_equal(n, 2);
	assert_int_equal(dropped, 0);
	assert_region(&out[0], 0x0, 0x20000, MEM_USABLE);
	assert_region(&out[1], 0xFFFFFFFFFFFFE000, 0x1000, MEM_ACPI_NVS);
}

static void test_partial_trailing_descriptor_is_ignored(void **state)
{
	(void)state;
	struct mem_region out[MAX_DESC];
	size_t dropped;
	size_t bytes = build(map, OVMF_DESC_SIZE, ovmf, 3);

	/* 2 whole descriptors and 47 bytes of the third: the third is not read */
	size_t n = efi_mmap_convert(map, bytes - 1, OVMF_DESC_SIZE, out, MAX_DESC, &dropped);
	assert_int_equal(n, 2);
	assert_region(&out[0], 0x0, 0xA0000, MEM_USABLE);
	assert_region(&out[1], 0x100000, 0x100000, MEM_USABLE);
	/* fewer bytes than one descriptor: nothing */
	assert_int_equal(efi_mmap_convert(map, OVMF_DESC_SIZE - 1, OVMF_DESC_SIZE, out, MAX_DESC, &dropped), 0);
	assert_int_equal(efi_mmap_convert(map, 0, OVMF_DESC_SIZE, out, MAX_DESC, &dropped), 0);
}

static void test_huge_descriptor_size_does_not_wrap_the_offset(void **state)
{
	(void)state;
	struct mem_region out[MAX_DESC];
	size_t dropped;
	size_t huge = SIZE_MAX / 2 + 2; /* off + huge would wrap to 2 after one step */

	build(map, OVMF_DESC_SIZE, ovmf, 1);
	assert_int_equal(efi_mmap_convert(map, huge, huge, out, MAX_DESC, &dropped), 1);
	assert_region(&out[0], 0x0, 0xA0000, MEM_USABLE);
}

static void test_neighbours_merge_only_when_same_type_and_touching(void **state)
{
	(void)state;
	static const struct desc d[] = {
		{ CONVENTIONAL, 0x0, 0x10, 0 },
		{ CONVENTIONAL, 0x11000, 0x10, 0 },  /* a one-page hole: new region */
		{ ACPI_RECLAIM, 0x21000, 0x1, 0 },   /* touching, other type */
		{ ACPI_RECLAIM, 0x22000, 0x1, 0 },   /* merges */
		{ UNACCEPTED, 0x23000, 0x1, 0 },     /* unknown to this code: reserved */
		{ 0x80000001u, 0x24000, 0x1, 0 },    /* OEM type: reserved, merges */
		{ CONVENTIONAL, 0x0, 0x1, 0 },       /* out of order: no merge backwards */
	};
	struct mem_region out[MAX_DESC];
	size_t dropped;
	size_t bytes = build(map, OVMF_DESC_SIZE, d, sizeof d / sizeof d[0]);

	size_t n = efi_mmap_convert(map, bytes, OVMF_DESC_SIZE, out, MAX_DESC, &dropped);
	assert_int_equal(n, 5);
	assert_region(&out[0], 0x0, 0x10000, MEM_USABLE);
	assert_region(&out[1], 0x11000, 0x10000, MEM_USABLE);
	assert_region(&out[2], 0x21000, 0x2000, MEM_ACPI_RECLAIMABLE);
	assert_region(&out[3], 0x23000, 0x2000, MEM_RESERVED);
	assert_region(&out[4], 0x0, 0x1000, MEM_USABLE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ovmf_map_converts_and_merges),
		cmocka_unit_test(test_exact_structure_stride_40_and_unaligned_map),
		cmocka_unit_test(test_cap_overflow_counts_regions_not_descriptors),
		cmocka_unit_test(test_full_out_still_grows_its_last_region),
		cmocka_unit_test(test_descriptor_size_below_structure_gives_nothing),
		cmocka_unit_test(test_empty_and_wrapping_descriptors_are_skipped),
		cmocka_unit_test(test_partial_trailing_descriptor_is_ignored),
		cmocka_unit_test(test_huge_descriptor_size_does_not_wrap_the_offset),
		cmocka_unit_test(test_neighbours_merge_only_when_same_type_and_touching),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
