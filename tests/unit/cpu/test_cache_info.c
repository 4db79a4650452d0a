/* Last-level cache on every recorded CPUID dump in tests/fixtures/cpuid/. The
 * expected values are worked out by hand below from the raw registers in each
 * dump (size = (W+1) * (P+1) * (L+1) * (S+1), EBX = W[31:22] P[21:12] L[11:0],
 * ECX = S; level EAX[7:5], sharing EAX[25:14]+1) and checked against the
 * CPU's published cache size. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "platform/cpu/cache_info.h"
#include "tests/unit/cpu/cpuid_table.h"

#define MiB (1024ull * 1024)
#define KiB 1024ull

static struct cpuid_table table;
static struct cpu_identity id;
static struct cpu_features feat;
static struct cache_llc llc;

static void decode(void)
{
	assert_true(cpuid_table_decode(&table, &id, &feat));
	cache_info_read_llc(cpuid_table_query, &table, &id, &feat, &llc);
	assert_int_equal(table.queries_above_max, 0);
}

static void load(const char *name, enum cpuid_out_of_range oor)
{
	assert_int_equal(cpuid_table_load_fixture(&table, name, oor), 0);
	decode();
}

static void assert_llc(uint32_t level, uint64_t size, uint32_t line, uint32_t sharing, const char *source)
{
	assert_string_equal(llc.source, source);
	assert_int_equal(llc.level, level);
	assert_int_equal(llc.size_bytes, size);
	assert_int_equal(llc.line_bytes, line);
	assert_int_equal(llc.sharing_cpus, sharing);
}

/* Leaf 04H subleaf 3: EAX 1c03c163 -> type 3 (unified), level (0x163 >> 5) & 7 = 3,
 * sharing (0x1c03c163 >> 14) & 0xfff = 0xf -> 16; EBX 03c0003f -> W 0xf, P 0, L 0x3f;
 * ECX 1fff. 16 * 1 * 64 * 8192 = 8 MiB, the i7-6700K's published 8 MB L3.
 * 16 addressable IDs although the part has 8 threads (see cache_info.h). */
static void test_i7_6700k_8mib_l3_from_leaf_04(void **state)
{
	(void)state;
	load("intel_i7_6700k.txt", CPUID_OOR_HIGHEST_BASIC);
	assert_llc(3, 8 * MiB, 64, 16, "cpuid.04");
}

/* Leaf 04H subleaf 2: EAX 1c00c143 -> unified, level 2, sharing 0x3 + 1 = 4;
 * EBX 03c0003f -> 16 ways, 1 partition, 64 B; ECX 3ff -> 1024 sets.
 * 16 * 1 * 64 * 1024 = 1 MiB: one of the N3530's two 1 MB L2s (published "2 MB
 * L2"), each shared by a core pair whose APIC IDs (shift 1) span 4 IDs. */
static void test_n3530_1mib_l2_per_core_pair_from_leaf_04(void **state)
{
	(void)state;
	load("intel_pentium_n3530.txt", CPUID_OOR_HIGHEST_BASIC);
	assert_llc(2, 1 * MiB, 64, 4, "cpuid.04");
}

/* Leaf 04H subleaf 2: EAX 04004143 -> unified, level 2, sharing
 * (0x04004143 >> 14) & 0xfff = 1 -> 2; EBX 03c0003f -> 16 ways, 64 B; ECX fff ->
 * 4096 sets. 16 * 1 * 64 * 4096 = 4 MiB, the X6800's published 4 MB shared L2. */
static void test_core2_x6800_4mib_shared_l2_from_leaf_04(void **state)
{
	(void)state;
	load("intel_core2_x6800.txt", CPUID_OOR_HIGHEST_BASIC);
	assert_llc(2, 4 * MiB, 64, 2, "cpuid.04");
}

/* TOPOEXT: 8000_0001 ECX 75c237ff has bit 22 (0x00400000). 8000_001D subleaf 3:
 * EAX 0002c163 -> unified, level 3, sharing 0xb + 1 = 12; EBX 03c0003f -> 16
 * ways, 64 B; ECX 3fff -> 16384 sets. 16 * 1 * 64 * 16384 = 16 MiB, the 5600G's
 * published 16 MB L3, shared by all 6 cores / 12 threads. */
static void test_ryzen_5600g_16mib_l3_from_8000001d(void **state)
{
	(void)state;
	load("amd_ryzen5_5600g.txt", CPUID_OOR_ZEROS);
	assert_true(feat.topoext);
	assert_llc(3, 16 * MiB, 64, 12, "cpuid.8000001d");
}

/* 8000_0001 ECX 35c233ff has bit 22. 8000_001D subleaf 3: EAX 0001c163 ->
 * unified, level 3, sharing 0x7 + 1 = 8; EBX 03c0003f; ECX 1fff -> 8192 sets.
 * 16 * 1 * 64 * 8192 = 8 MiB: one CCX's L3 (4 cores / 8 threads); the 1800X's
 * published 16 MB is two CCXs. */
static void test_ryzen_1800x_8mib_ccx_l3_from_8000001d(void **state)
{
	(void)state;
	load("amd_ryzen7_1800x.txt", CPUID_OOR_ZEROS);
	assert_llc(3, 8 * MiB, 64, 8, "cpuid.8000001d");
}

/* Same registers as the 1800X (8000_001D subleaf 3 EAX 0001c163, EBX 03c0003f,
 * ECX 1fff): 8 MiB per CCX shared by 8 threads; the C86 7185's published 64 MB
 * L3 is eight CCXs (8000_0006 EDX 0200c140 -> 0x80 * 512 KiB = 64 MiB). */
static void test_hygon_c86_7185_8mib_ccx_l3_from_8000001d(void **state)
{
	(void)state;
	load("hygon_c86_7185.txt", CPUID_OOR_ZEROS);
	assert_llc(3, 8 * MiB, 64, 8, "cpuid.8000001d");
}

/* 8000_0001 ECX 004003f3 has bit 22. 8000_001D subleaf 3: EAX 00004163 ->
 * unified, level 3, sharing 1 + 1 = 2 (the guest's 2 vCPUs); EBX 03c0003f; ECX
 * 7fff -> 32768 sets. 16 * 1 * 64 * 32768 = 32 MiB, one Milan CCD's published
 * 32 MB L3 (8000_0006 EDX 08009140 -> 0x200 * 512 KiB = 256 MiB, the host's package). */
static void test_kvm_epyc_guest_32mib_l3_from_8000001d(void **state)
{
	(void)state;
	load("amd_epyc_kvm_guest.txt", CPUID_OOR_ZEROS);
	assert_llc(3, 32 * MiB, 64, 2, "cpuid.8000001d");
}

/* No topoext and 8000_0006 all zeros: no cache leaf, "none". (The crafted
 * Dhyana fixture leaves 8000_0006 out; real QEMU TCG does fill it in, and
 * tests/qemu/test_platform.sh expects llc_source=cpuid.80000006 there.) */
static void test_no_topoext_and_zero_80000006_is_none(void **state)
{
	(void)state;
	load("qemu_dhyana_tcg.txt", CPUID_OOR_ZEROS);
	assert_false(feat.topoext);
	assert_llc(0, 0, 0, 0, "none");
}

/* Without TOPOEXT the 1800X's 8000_001D is not read: 8000_0006 EDX 00808140 ->
 * L3Size 0x00808140 >> 18 = 0x20 -> 32 * 512 KiB = 16 MiB (the package), line 0x40. */
static void test_amd_without_topoext_falls_back_to_80000006_l3(void **state)
{
	(void)state;
	load("amd_ryzen7_1800x.txt", CPUID_OOR_ZEROS);
	cpuid_table_set(&table, 0x80000001u, 0, 0x00800f11, 0x20000000, 0x35c233ff & ~(1u << 22), 0x2fd3fbff);
	decode();
	assert_false(feat.topoext);
	assert_llc(3, 16 * MiB, 64, 0, "cpuid.80000006");
}

/* No L3 in 8000_0006 EDX: the L2 of ECX 02006140 -> 0x0200 KB = 512 KiB, line 0x40. */
static void test_80000006_without_l3_gives_l2(void **state)
{
	(void)state;
	load("amd_ryzen7_1800x.txt", CPUID_OOR_ZEROS);
	cpuid_table_set(&table, 0x80000001u, 0, 0x00800f11, 0x20000000, 0x35c233ff & ~(1u << 22), 0x2fd3fbff);
	cpuid_table_set(&table, 0x80000006u, 0, 0x26006400, 0x66006400, 0x02006140, 0);
	decode();
	assert_llc(2, 512 * KiB, 64, 0, "cpuid.80000006");
}

/* A cache listed after the null subleaf is not part of the enumeration (SDM:
 * subleaf n+1 is invalid if subleaf n returns type 0). */
static void test_walk_stops_at_null_cache_type(void **state)
{
	(void)state;
	load("intel_i7_6700k.txt", CPUID_OOR_HIGHEST_BASIC);
	cpuid_table_set(&table, 4, 5, 0x1c03c183, 0x03c0003f, 0x0000ffff, 0);
	decode();
	assert_llc(3, 8 * MiB, 64, 16, "cpuid.04");
}

/* An instruction cache is never the LLC, even at the highest level listed. */
static void test_instruction_cache_is_not_the_llc(void **state)
{
	(void)state;
	load("intel_i7_6700k.txt", CPUID_OOR_HIGHEST_BASIC);
	/* Subleaf 4 (after the L3): a level-4 instruction cache (EAX type 2, level 4 << 5). */
	cpuid_table_set(&table, 4, 4, 0x1c000082, 0x03c0003f, 0x00001fff, 0);
	decode();
	assert_llc(3, 8 * MiB, 64, 16, "cpuid.04");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_i7_6700k_8mib_l3_from_leaf_04),
		cmocka_unit_test(test_n3530_1mib_l2_per_core_pair_from_leaf_04),
		cmocka_unit_test(test_core2_x6800_4mib_shared_l2_from_leaf_04),
		cmocka_unit_test(test_ryzen_5600g_16mib_l3_from_8000001d),
		cmocka_unit_test(test_ryzen_1800x_8mib_ccx_l3_from_8000001d),
		cmocka_unit_test(test_hygon_c86_7185_8mib_ccx_l3_from_8000001d),
		cmocka_unit_test(test_kvm_epyc_guest_32mib_l3_from_8000001d),
		cmocka_unit_test(test_no_topoext_and_zero_80000006_is_none),
		cmocka_unit_test(test_amd_without_topoext_falls_back_to_80000006_l3),
		cmocka_unit_test(test_80000006_without_l3_gives_l2),
		cmocka_unit_test(test_walk_stops_at_null_cache_type),
		cmocka_unit_test(test_instruction_cache_is_not_the_llc),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
