/* CPU identity and feature decoding on real recorded CPUID dumps
 * (tests/fixtures/cpuid/, each file names its source). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "platform/cpu/cpu_features.h"
#include "core/platform/cpu_identity_meta.h"
#include "platform/cpu/cpu_identity.h"
#include "tests/unit/cpu/cpuid_table.h"
#include "tests/unit/support/stream_text.h"

static struct cpuid_table table;
static struct cpu_identity id;
static struct cpu_features feat;

static void load(const char *name, enum cpuid_out_of_range oor)
{
	assert_int_equal(cpuid_table_load_fixture(&table, name, oor), 0);
	/* Decoders must never depend on what a CPU answers above its maxima. */
	assert_true(cpuid_table_decode(&table, &id, &feat));
}

static const struct cpu_msr_value no_hwcr = { false, 0 };

static void assert_mwait(const char *expected, struct cpu_msr_value hwcr)
{
	char buf[64];
	cpu_mwait_format(cpu_mwait_decide(&feat, hwcr), buf, sizeof buf);
	assert_string_equal(buf, expected);
}

static void test_hygon_c86_7185_identity_and_features(void **state)
{
	(void)state;
	load("hygon_c86_7185.txt", CPUID_OOR_ZEROS);
	assert_string_equal(id.vendor, "HygonGenuine");
	assert_int_equal(id.vendor_id, CPU_VENDOR_HYGON);
	assert_int_equal(id.family, 0x18);
	assert_int_equal(id.model, 0x0);
	assert_int_equal(id.stepping, 0x1);
	assert_int_equal(id.initial_apic_id, 0x3b);
	assert_string_equal(id.brand, "Hygon C86 7185 32-core Processor");
	assert_false(id.hypervisor);
	assert_string_equal(id.hv_signature, "");
	assert_true(feat.monitor);
	assert_true(feat.mwait_emx);
	assert_true(feat.mwait_ibe);
	assert_int_equal(feat.mwait_line_min, 64);
	assert_int_equal(feat.mwait_line_max, 64);
	assert_int_equal(cpu_mwait_c1_substates(&feat), 1);
	assert_true(feat.mwaitx);
	assert_true(feat.invariant_tsc);
	assert_true(feat.aperfmperf);
	assert_int_equal(feat.rapl, CPU_RAPL_AMD);
	assert_string_equal(cpu_rapl_name(feat.rapl), "amd");
	assert_false(feat.x2apic);
	assert_true(feat.avx);
	assert_true(feat.avx2);
	assert_false(feat.avx512f);
	assert_true(feat.topoext);
	assert_mwait("yes", no_hwcr);
}

static void test_hygon_mwait_no_when_hwcr_monmwaitdis_set(void **state)
{
	(void)state;
	load("hygon_c86_7185.txt", CPUID_OOR_ZEROS);
	assert_mwait("no (HWCR.MonMwaitDis set)", (struct cpu_msr_value){ true, 1ull << 9 });
	/* Other HWCR bits (e.g. TscFreqSel, bit 24, set on Zen) do not matter. */
	assert_mwait("yes", (struct cpu_msr_value){ true, 1ull << 24 });
	/* A value that could not be read is ignored, whatever it holds. */
	assert_mwait("yes", (struct cpu_msr_value){ false, 1ull << 9 });
}

static void test_ryzen_1800x_zen1_reports_no_c1_substate(void **state)
{
	(void)state;
	load("amd_ryzen7_1800x.txt", CPUID_OOR_ZEROS);
	assert_string_equal(id.vendor, "AuthenticAMD");
	assert_int_equal(id.family, 0x17);
	assert_int_equal(id.model, 0x1);
	assert_int_equal(id.stepping, 0x1);
	assert_string_equal(id.brand, "AMD Ryzen 7 1800X Eight-Core Processor");
	assert_true(feat.monitor);
	assert_true(feat.mwait_emx);
	/* Zen 1 leaf 5 EDX is 0: Linux's prefer_mwait_c1_over_halt() picks HLT. */
	assert_int_equal(cpu_mwait_c1_substates(&feat), 0);
	assert_mwait("no (no C1 sub-state in CPUID.05H:EDX)", no_hwcr);
	assert_int_equal(feat.rapl, CPU_RAPL_AMD);
	assert_true(feat.invariant_tsc);
	assert_false(feat.x2apic);
	assert_true(feat.avx2);
}

static void test_ryzen_5600g_zen3_identity_and_features(void **state)
{
	(void)state;
	load("amd_ryzen5_5600g.txt", CPUID_OOR_ZEROS);
	assert_int_equal(id.family, 0x19);
	assert_int_equal(id.model, 0x50);
	assert_int_equal(id.stepping, 0x0);
	assert_string_equal(id.brand, "AMD Ryzen 5 5600G with Radeon Graphics");
	assert_int_equal(cpu_mwait_c1_substates(&feat), 1);
	assert_mwait("yes", no_hwcr);
	assert_true(feat.x2apic);
	assert_true(feat.mwaitx);
	assert_true(feat.avx2);
	assert_false(feat.avx512f);
	assert_int_equal(feat.rapl, CPU_RAPL_AMD);
}

static void test_i7_6700k_identity_features_and_tsc_leaves(void **state)
{
	(void)state;
	load("intel_i7_6700k.txt", CPUID_OOR_HIGHEST_BASIC);
	assert_string_equal(id.vendor, "GenuineIntel");
	assert_int_equal(id.vendor_id, CPU_VENDOR_INTEL);
	assert_int_equal(id.family, 0x6);
	assert_int_equal(id.model, 0x5e);
	assert_int_equal(id.stepping, 0x3);
	assert_string_equal(id.brand, "Intel(R) Core(TM) i7-6700K CPU @ 4.00GHz");
	assert_int_equal(cpu_mwait_c1_substates(&feat), 2);
	assert_int_equal(feat.mwait_substates[2], 1);
	assert_int_equal(feat.mwait_substates[3], 2);
	assert_mwait("yes", no_hwcr);
	assert_false(feat.mwaitx);
	assert_true(feat.invariant_tsc);
	assert_true(feat.aperfmperf);
	assert_int_equal(feat.rapl, CPU_RAPL_MODEL_SPECIFIC);
	assert_string_equal(cpu_rapl_name(feat.rapl), "model-specific");
	assert_true(feat.x2apic);
	assert_true(feat.avx2);
	assert_false(feat.avx512f);
	/* Skylake client: leaf 15H ratio 334/2 but crystal not enumerated. */
	assert_int_equal(feat.tsc_ratio_den, 2);
	assert_int_equal(feat.tsc_ratio_num, 334);
	assert_int_equal(feat.crystal_hz, 0);
	assert_int_equal(feat.tsc_hz_cpuid, 0);
	assert_int_equal(feat.base_mhz, 4000);
	assert_int_equal(feat.max_mhz, 4200);
	assert_int_equal(feat.bus_mhz, 100);
}

static void test_tsc_hz_from_leaf_15_when_crystal_enumerated(void **state)
{
	(void)state;
	load("intel_i7_6700k.txt", CPUID_OOR_HIGHEST_BASIC);
	/* Variation: a 24 MHz crystal as later parts enumerate it. */
	cpuid_table_set(&table, 0x15, 0, 2, 334, 24000000, 0);
	cpu_features_read(cpuid_table_query, &table, &id, &feat);
	assert_int_equal(feat.tsc_hz_cpuid, 4008000000ull);
}

static void test_n3530_brand_keeps_inner_blanks_trims_outer(void **state)
{
	(void)state;
	load("intel_pentium_n3530.txt", CPUID_OOR_HIGHEST_BASIC);
	assert_int_equal(id.family, 0x6);
	assert_int_equal(id.model, 0x37);
	assert_int_equal(id.stepping, 0x8);
	assert_string_equal(id.brand, "Intel(R) Pentium(R) CPU  N3530  @ 2.16GHz");
	assert_int_equal(cpu_mwait_c1_substates(&feat), 2);
	assert_false(feat.avx);
}

static void test_core2_x6800_without_leaf_0b_or_avx(void **state)
{
	(void)state;
	load("intel_core2_x6800.txt", CPUID_OOR_HIGHEST_BASIC);
	assert_int_equal(id.family, 0x6);
	assert_int_equal(id.model, 0xf);
	assert_int_equal(id.stepping, 0x6);
	assert_string_equal(id.brand, "Intel(R) Core(TM)2 CPU         X6800  @ 2.93GHz");
	assert_false(feat.avx);
	assert_false(feat.avx2);
	assert_false(feat.invariant_tsc);
	assert_int_equal(feat.base_mhz, 0);
	assert_mwait("yes", no_hwcr);
}

static void test_kvm_epyc_guest_hypervisor_signature_and_no_monitor(void **state)
{
	(void)state;
	load("amd_epyc_kvm_guest.txt", CPUID_OOR_ZEROS);
	assert_int_equal(id.family, 0x19);
	assert_int_equal(id.model, 0x1);
	assert_int_equal(id.stepping, 0x1);
	assert_string_equal(id.brand, "AMD EPYC");
	assert_true(id.hypervisor);
	assert_string_equal(id.hv_signature, "KVMKVMKVM");
	assert_int_equal(id.hv_max_leaf, 0x40000001);
	assert_false(feat.monitor);
	assert_mwait("no (no MONITOR/MWAIT in CPUID.01H:ECX)", no_hwcr);
	assert_true(feat.x2apic);
	/* KVM hides RAPL (Fn8000_0007 EDX is only InvariantTSC here). */
	assert_int_equal(feat.rapl, CPU_RAPL_NONE);
	assert_true(feat.invariant_tsc);
}

static void test_qemu_dhyana_identity_matches_hardware_md(void **state)
{
	(void)state;
	load("qemu_dhyana_tcg.txt", CPUID_OOR_ZEROS);
	assert_string_equal(id.vendor, "HygonGenuine");
	assert_int_equal(id.family, 0x18);
	assert_int_equal(id.model, 0x0);
	assert_int_equal(id.stepping, 0x1);
	assert_string_equal(id.brand, "Hygon Dhyana Processor");
	assert_string_equal(id.hv_signature, "TCGTCGTCGTCG");
	/* QEMU's leaf 5 is EMX|IBE with EDX = 0: Linux would idle in HLT. */
	assert_mwait("no (no C1 sub-state in CPUID.05H:EDX)", no_hwcr);
}

static void test_mwait_no_when_max_leaf_below_5(void **state)
{
	(void)state;
	load("intel_core2_x6800.txt", CPUID_OOR_HIGHEST_BASIC);
	cpuid_table_set(&table, 0, 0, 4, 0x756e6547, 0x6c65746e, 0x49656e69);
	cpu_identity_read(cpuid_table_query, &table, &id);
	cpu_features_read(cpuid_table_query, &table, &id, &feat);
	assert_true(feat.monitor);
	assert_mwait("no (no CPUID.05H leaf)", no_hwcr);
}

static void test_mwait_yes_without_emx_even_with_zero_edx(void **state)
{
	(void)state;
	load("amd_ryzen7_1800x.txt", CPUID_OOR_ZEROS);
	cpuid_table_set(&table, 5, 0, 0x40, 0x40, 0, 0);
	cpu_features_read(cpuid_table_query, &table, &id, &feat);
	assert_mwait("yes", no_hwcr);
}

static void test_family_model_extended_field_rules(void **state)
{
	(void)state;
	memset(&table, 0, sizeof table);
	cpuid_table_set(&table, 0, 0, 1, 0x746e6543, 0x736c7561, 0x48727561); /* "CentaurHauls" */
	/* Base family 5: extended model/family fields must be ignored. */
	cpuid_table_set(&table, 1, 0, 0x0ff50543, 0, 0, 0);
	cpu_identity_read(cpuid_table_query, &table, &id);
	assert_string_equal(id.vendor, "CentaurHauls");
	assert_int_equal(id.vendor_id, CPU_VENDOR_OTHER);
	assert_int_equal(id.family, 0x5);
	assert_int_equal(id.model, 0x4);
	assert_int_equal(id.stepping, 0x3);
	assert_string_equal(id.brand, "");
	assert_int_equal(id.max_extended, 0);
}

static void test_format_hex(void **state)
{
	char buf[16];
	(void)state;
	assert_int_equal(cpu_format_hex(0x18, buf, sizeof buf), 4);
	assert_string_equal(buf, "0x18");
	cpu_format_hex(0, buf, sizeof buf);
	assert_string_equal(buf, "0x0");
	cpu_format_hex(0xdeadbeef, buf, sizeof buf);
	assert_string_equal(buf, "0xdeadbeef");
	assert_int_equal(cpu_format_hex(0x18, buf, 4), 0);
	assert_string_equal(buf, "");
}

/* The five identity keys of docs/stream-format.md, in the order the stream has them. */
static void test_identity_metadata_lines(void **state)
{
	(void)state;
	static struct stream_text out;
	load("hygon_c86_7185.txt", CPUID_OOR_ZEROS);
	stream_text_begin(&out);
	cpu_identity_write_meta(&id, &out.stream);
	assert_string_equal(out.text, "#= cpu_vendor=HygonGenuine\n"
				      "#= cpu_family=0x18\n"
				      "#= cpu_model=0x0\n"
				      "#= cpu_stepping=0x1\n"
				      "#= cpu_brand=Hygon C86 7185 32-core Processor\n");
}

static void test_mwait_format_reports_small_buffer(void **state)
{
	char buf[8];
	(void)state;
	assert_int_equal(cpu_mwait_format(CPU_MWAIT_NO_MONITOR, buf, sizeof buf), 0);
	assert_string_equal(buf, "");
	assert_int_equal(cpu_mwait_format(CPU_MWAIT_YES, buf, 4), 3);
	assert_string_equal(buf, "yes");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hygon_c86_7185_identity_and_features),
		cmocka_unit_test(test_hygon_mwait_no_when_hwcr_monmwaitdis_set),
		cmocka_unit_test(test_ryzen_1800x_zen1_reports_no_c1_substate),
		cmocka_unit_test(test_ryzen_5600g_zen3_identity_and_features),
		cmocka_unit_test(test_i7_6700k_identity_features_and_tsc_leaves),
		cmocka_unit_test(test_tsc_hz_from_leaf_15_when_crystal_enumerated),
		cmocka_unit_test(test_n3530_brand_keeps_inner_blanks_trims_outer),
		cmocka_unit_test(test_core2_x6800_without_leaf_0b_or_avx),
		cmocka_unit_test(test_kvm_epyc_guest_hypervisor_signature_and_no_monitor),
		cmocka_unit_test(test_qemu_dhyana_identity_matches_hardware_md),
		cmocka_unit_test(test_mwait_no_when_max_leaf_below_5),
		cmocka_unit_test(test_mwait_yes_without_emx_even_with_zero_edx),
		cmocka_unit_test(test_family_model_extended_field_rules),
		cmocka_unit_test(test_format_hex),
		cmocka_unit_test(test_identity_metadata_lines),
		cmocka_unit_test(test_mwait_format_reports_small_buffer),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
