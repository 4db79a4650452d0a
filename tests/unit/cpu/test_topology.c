/* SMT topology on real recorded CPUID dumps, the Hygon leaf-0BH quirk, and
 * sibling / control-CPU selection on APIC ID lists from real machines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/cpu/topology.h"
#include "tests/unit/cpu/cpuid_table.h"

static struct cpuid_table table;
static struct cpu_identity id;
static struct cpu_features feat;
static struct cpu_topology topo;

static void decode(void)
{
	assert_true(cpuid_table_decode(&table, &id, &feat));
	topology_read(cpuid_table_query, &table, &id, &feat, &topo);
	assert_int_equal(table.queries_above_max, 0);
}

static void load(const char *name, enum cpuid_out_of_range oor)
{
	assert_int_equal(cpuid_table_load_fixture(&table, name, oor), 0);
	decode();
}

static void assert_topology(uint32_t threads, uint32_t shift, const char *source, uint32_t package_shift)
{
	assert_int_equal(topo.threads_per_core, threads);
	assert_int_equal(topo.smt_shift, shift);
	assert_string_equal(topology_source_name(topo.source), source);
	assert_true(topo.package_shift_known);
	assert_int_equal(topo.package_shift, package_shift);
}

static void test_hygon_c86_7185_smt2_from_8000001e_package_bit6(void **state)
{
	(void)state;
	load("hygon_c86_7185.txt", CPUID_OOR_ZEROS);
	assert_true(topo.hygon_leaf_0b_skipped);
	assert_topology(2, 1, "cpuid.8000001e", 6);
}

static void test_hygon_model_le3_bare_metal_ignores_populated_leaf_0b(void **state)
{
	(void)state;
	load("hygon_c86_7185.txt", CPUID_OOR_ZEROS);
	/* A leaf 0BH claiming no SMT must not override Fn8000_001E on Dhyana. */
	cpuid_table_set(&table, 0xb, 0, 0, 1, 0x100, 0x3b);
	cpuid_table_set(&table, 0xb, 1, 5, 32, 0x201, 0x3b);
	decode();
	assert_true(topo.hygon_leaf_0b_skipped);
	assert_topology(2, 1, "cpuid.8000001e", 6);
}

static void test_hygon_model_4_trusts_leaf_0b(void **state)
{
	(void)state;
	load("hygon_c86_7185.txt", CPUID_OOR_ZEROS);
	cpuid_table_set(&table, 1, 0, 0x00900f41, 0x3b400800, 0x7cd83209, 0x178bfbff);
	cpuid_table_set(&table, 0xb, 0, 1, 2, 0x100, 0x3b);
	cpuid_table_set(&table, 0xb, 1, 6, 64, 0x201, 0x3b);
	decode();
	assert_int_equal(id.model, 4);
	assert_false(topo.hygon_leaf_0b_skipped);
	assert_topology(2, 1, "cpuid.0b", 6);
}

static void test_qemu_dhyana_guest_uses_leaf_0b_without_topoext(void **state)
{
	(void)state;
	load("qemu_dhyana_tcg.txt", CPUID_OOR_ZEROS);
	assert_false(feat.topoext);
	assert_false(topo.hygon_leaf_0b_skipped);
	assert_topology(2, 1, "cpuid.0b", 2);
}

static void test_ryzen_1800x_zen1_invalid_leaf_0b_falls_to_8000001e(void **state)
{
	(void)state;
	load("amd_ryzen7_1800x.txt", CPUID_OOR_ZEROS);
	assert_topology(2, 1, "cpuid.8000001e", 4);
}

/* Every real AMD/Hygon dump: leaf 01H's logical count equals Fn8000_0008 NC + 1. */
static void test_real_amd_and_hygon_dumps_pass_the_cross_check(void **state)
{
	static const char *const dumps[] = { "amd_ryzen7_1800x.txt", "amd_ryzen5_5600g.txt", "hygon_c86_7185.txt",
					     "amd_epyc_kvm_guest.txt" };
	char buf[200];
	(void)state;
	for (size_t i = 0; i < sizeof dumps / sizeof dumps[0]; i++) {
		load(dumps[i], CPUID_OOR_ZEROS);
		assert_int_equal(topology_cross_check(&topo, buf, sizeof buf), 0);
		assert_string_equal(buf, "");
		/* "ok" only where the check ran (the AMD leaves decided); a Zen that
		 * enumerates leaf 0BH is decided there, and the meta says not_checked */
		bool amd_path = topo.source == TOPOLOGY_FROM_8000001E || topo.source == TOPOLOGY_FROM_80000008;
		const char *text = topology_cross_check_text(&topo, buf, sizeof buf);
		if (amd_path)
			assert_string_equal(text, "ok");
		else
			assert_non_null(strstr(text, "not_checked ("));
	}
	/* Intel (leaf 0BH) runs no such check: the meta says so instead of "ok". */
	load("intel_i7_6700k.txt", CPUID_OOR_ZEROS);
	assert_non_null(strstr(topology_cross_check_text(&topo, buf, sizeof buf), "not_checked (threads per core from cpuid.0b"));
}

/* Bochs ryzen, count=1:1:2: Fn8000_001E says one thread per core (Bochs puts
 * ncores - 1 in the threads field), as Linux would read it; the cross-check
 * names the contradiction instead of trusting one leaf silently. */
static void test_bochs_ryzen_smt2_one_thread_by_8000001e_flagged_by_leaf_1(void **state)
{
	char buf[200];
	(void)state;
	load("bochs_ryzen_smt2.txt", CPUID_OOR_ZEROS);
	assert_int_equal(topo.threads_per_core, 1);
	assert_string_equal(topology_source_name(topo.source), "cpuid.8000001e");
	assert_int_equal(topo.leaf1_logical, 2);
	assert_int_equal(topo.package_threads, 1);
	assert_true(topology_cross_check(&topo, buf, sizeof buf) > 0);
	assert_non_null(strstr(buf, "01H:EBX[23:16] says 2 logical processors per package"));
	assert_non_null(strstr(buf, "8000_0008:ECX.NC+1 says 1 threads"));
}

static void test_amd_without_topoext_is_one_thread_from_80000008(void **state)
{
	(void)state;
	load("amd_ryzen7_1800x.txt", CPUID_OOR_ZEROS);
	cpuid_table_set(&table, 0x80000001u, 0, 0x00800f11, 0x20000000, 0x35c233ff & ~(1u << 22), 0x2fd3fbff);
	decode();
	assert_topology(1, 0, "cpuid.80000008", 4);
}

static void test_ryzen_5600g_zen3_smt2_from_leaf_0b(void **state)
{
	(void)state;
	load("amd_ryzen5_5600g.txt", CPUID_OOR_ZEROS);
	assert_topology(2, 1, "cpuid.0b", 4);
}

static void test_i7_6700k_smt2_from_leaf_0b(void **state)
{
	(void)state;
	load("intel_i7_6700k.txt", CPUID_OOR_HIGHEST_BASIC);
	assert_topology(2, 1, "cpuid.0b", 4);
}

static void test_n3530_no_smt_despite_shift_1(void **state)
{
	(void)state;
	load("intel_pentium_n3530.txt", CPUID_OOR_HIGHEST_BASIC);
	assert_topology(1, 1, "cpuid.0b", 4);
	/* Its cores have APIC IDs 0, 2, 4, 6: no CPU shares bench 2's core. */
	const uint32_t ids[] = { 0, 2, 4, 6 };
	uint32_t out[4];
	size_t n = 99;
	assert_int_equal(topology_siblings(2, topo.smt_shift, ids, 4, out, 4, &n), TOPOLOGY_OK);
	assert_int_equal(n, 0);
}

static void test_core2_x6800_legacy_one_thread_per_core(void **state)
{
	(void)state;
	load("intel_core2_x6800.txt", CPUID_OOR_HIGHEST_BASIC);
	assert_topology(1, 0, "legacy", 1);
}

static void test_kvm_epyc_guest_no_smt_from_leaf_0b(void **state)
{
	(void)state;
	load("amd_epyc_kvm_guest.txt", CPUID_OOR_ZEROS);
	assert_topology(1, 0, "cpuid.0b", 5);
	const uint32_t ids[] = { 0, 1 };
	uint32_t out[2], ctl = 99;
	size_t n = 99;
	assert_int_equal(topology_siblings(0, topo.smt_shift, ids, 2, out, 2, &n), TOPOLOGY_OK);
	assert_int_equal(n, 0);
	assert_int_equal(topology_pick_control(0, &topo, ids, 2, &ctl), TOPOLOGY_OK);
	assert_int_equal(ctl, 1);
}

static void test_leaf_1f_preferred_smt4(void **state)
{
	(void)state;
	/* Crafted SMT4 part: 0x1F says 4 threads (shift 2); 0x0B disagrees and must lose. */
	load("intel_i7_6700k.txt", CPUID_OOR_HIGHEST_BASIC);
	cpuid_table_set(&table, 0, 0, 0x1f, 0x756e6547, 0x6c65746e, 0x49656e69);
	cpuid_table_set(&table, 0x1f, 0, 2, 4, 0x100, 0);
	cpuid_table_set(&table, 0x1f, 1, 5, 32, 0x201, 0);
	cpuid_table_set(&table, 0x1f, 2, 7, 64, 0x502, 0);
	decode();
	assert_topology(4, 2, "cpuid.1f", 7);
}

static void test_legacy_smt2_from_leaf_1_and_4(void **state)
{
	(void)state;
	/* Core2 variation: 4 logical, 2 cores (leaf 4 EAX[31:26] = 1) -> 2 threads per core. */
	load("intel_core2_x6800.txt", CPUID_OOR_HIGHEST_BASIC);
	cpuid_table_set(&table, 1, 0, 0x000006f6, 0x00040800, 0x0000e3bd, 0xbfebfbff);
	decode();
	assert_topology(2, 1, "legacy", 2);
}

/* Zen+ 6-core/12-thread MADT order: first threads, then second threads, with a gap. */
static const uint32_t zenplus_ids[] = { 0, 2, 4, 8, 10, 12, 1, 3, 5, 9, 11, 13 };

static void test_siblings_zenplus_6c12t_gapped_ids(void **state)
{
	uint32_t out[4];
	size_t n;
	(void)state;
	assert_int_equal(topology_siblings(0, 1, zenplus_ids, 12, out, 4, &n), TOPOLOGY_OK);
	assert_int_equal(n, 1);
	assert_int_equal(out[0], 1);
	assert_int_equal(topology_siblings(8, 1, zenplus_ids, 12, out, 4, &n), TOPOLOGY_OK);
	assert_int_equal(n, 1);
	assert_int_equal(out[0], 9);
	assert_int_equal(topology_siblings(13, 1, zenplus_ids, 12, out, 4, &n), TOPOLOGY_OK);
	assert_int_equal(n, 1);
	assert_int_equal(out[0], 12);
}

static void test_siblings_5600g_enumeration_order(void **state)
{
	/* x2APIC IDs in the order the 5600G dump lists its threads. */
	const uint32_t ids[] = { 0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9, 11 };
	uint32_t out[4], ctl;
	size_t n;
	struct cpu_topology t = { .threads_per_core = 2, .smt_shift = 1, .package_shift_known = true, .package_shift = 4 };
	(void)state;
	assert_int_equal(topology_siblings(7, 1, ids, 12, out, 4, &n), TOPOLOGY_OK);
	assert_int_equal(n, 1);
	assert_int_equal(out[0], 6);
	assert_int_equal(topology_pick_control(0, &t, ids, 12, &ctl), TOPOLOGY_OK);
	assert_int_equal(ctl, 2);
}

static void test_siblings_smt4_ascending_and_deduplicated(void **state)
{
	/* Crafted SMT4 listing, IDs given twice as MADT type 0 and type 9 entries. */
	const uint32_t ids[] = { 7, 6, 5, 4, 3, 2, 1, 0, 4, 5, 6, 7 };
	uint32_t out[3];
	size_t n;
	(void)state;
	assert_int_equal(topology_siblings(5, 2, ids, 12, out, 3, &n), TOPOLOGY_OK);
	assert_int_equal(n, 3);
	assert_int_equal(out[0], 4);
	assert_int_equal(out[1], 6);
	assert_int_equal(out[2], 7);
}

static void test_siblings_errors_are_reported(void **state)
{
	const uint32_t ids[] = { 0, 1, 2, 3 };
	uint32_t out[1];
	size_t n = 99;
	(void)state;
	assert_int_equal(topology_siblings(0, 2, ids, 4, out, 1, &n), TOPOLOGY_ERR_CAPACITY);
	assert_int_equal(n, 0);
	assert_int_equal(topology_siblings(9, 1, ids, 4, out, 1, &n), TOPOLOGY_ERR_BENCH_NOT_ENABLED);
	assert_int_equal(topology_siblings(0, 32, ids, 4, out, 1, &n), TOPOLOGY_ERR_BAD_SHIFT);
	assert_string_equal(topology_status_text(TOPOLOGY_ERR_CAPACITY),
			    "more sibling APIC IDs than the output array holds");
}

static void test_control_prefers_same_package(void **state)
{
	const uint32_t ids[] = { 0, 1, 2, 3, 64, 65, 66, 67 };
	struct cpu_topology t = { .threads_per_core = 2, .smt_shift = 1, .package_shift_known = true, .package_shift = 6 };
	uint32_t ctl = 0;
	(void)state;
	assert_int_equal(topology_pick_control(64, &t, ids, 8, &ctl), TOPOLOGY_OK);
	assert_int_equal(ctl, 66);
	t.package_shift_known = false;
	assert_int_equal(topology_pick_control(64, &t, ids, 8, &ctl), TOPOLOGY_OK);
	assert_int_equal(ctl, 0);
}

static void test_control_none_when_single_core(void **state)
{
	const uint32_t ids[] = { 0, 1 };
	struct cpu_topology t = { .threads_per_core = 2, .smt_shift = 1 };
	uint32_t ctl = 77;
	(void)state;
	assert_int_equal(topology_pick_control(0, &t, ids, 2, &ctl), TOPOLOGY_ERR_NO_OTHER_CORE);
	assert_int_equal(ctl, 77);
}

static void test_format_apic_list(void **state)
{
	const uint32_t ids[] = { 1, 9, 4294967295u };
	char buf[32];
	(void)state;
	assert_int_equal(topology_format_apic_list(ids, 2, buf, sizeof buf), 3);
	assert_string_equal(buf, "1,9");
	assert_int_equal(topology_format_apic_list(ids, 0, buf, sizeof buf), 0);
	assert_string_equal(buf, "");
	assert_int_equal(topology_format_apic_list(ids, 3, buf, sizeof buf), 14);
	assert_string_equal(buf, "1,9,4294967295");
	assert_int_equal(topology_format_apic_list(ids, 3, buf, 14), 0);
	assert_string_equal(buf, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hygon_c86_7185_smt2_from_8000001e_package_bit6),
		cmocka_unit_test(test_hygon_model_le3_bare_metal_ignores_populated_leaf_0b),
		cmocka_unit_test(test_hygon_model_4_trusts_leaf_0b),
		cmocka_unit_test(test_qemu_dhyana_guest_uses_leaf_0b_without_topoext),
		cmocka_unit_test(test_ryzen_1800x_zen1_invalid_leaf_0b_falls_to_8000001e),
		cmocka_unit_test(test_amd_without_topoext_is_one_thread_from_80000008),
		cmocka_unit_test(test_real_amd_and_hygon_dumps_pass_the_cross_check),
		cmocka_unit_test(test_bochs_ryzen_smt2_one_thread_by_8000001e_flagged_by_leaf_1),
		cmocka_unit_test(test_ryzen_5600g_zen3_smt2_from_leaf_0b),
		cmocka_unit_test(test_i7_6700k_smt2_from_leaf_0b),
		cmocka_unit_test(test_n3530_no_smt_despite_shift_1),
		cmocka_unit_test(test_core2_x6800_legacy_one_thread_per_core),
		cmocka_unit_test(test_kvm_epyc_guest_no_smt_from_leaf_0b),
		cmocka_unit_test(test_leaf_1f_preferred_smt4),
		cmocka_unit_test(test_legacy_smt2_from_leaf_1_and_4),
		cmocka_unit_test(test_siblings_zenplus_6c12t_gapped_ids),
		cmocka_unit_test(test_siblings_5600g_enumeration_order),
		cmocka_unit_test(test_siblings_smt4_ascending_and_deduplicated),
		cmocka_unit_test(test_siblings_errors_are_reported),
		cmocka_unit_test(test_control_prefers_same_package),
		cmocka_unit_test(test_control_none_when_single_core),
		cmocka_unit_test(test_format_apic_list),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
