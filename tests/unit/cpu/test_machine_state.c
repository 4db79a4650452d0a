/* LFENCE and boost decisions (kernel/cpu/machine_state.c) on real recorded
 * CPUID dumps (tests/fixtures/cpuid/) with made-up MSR values: what each
 * vendor and family needs, what a DE_CFG that keeps or drops bit 1 means, and
 * what boost is when CPUID or the control MSR says so. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/cpu/machine_state.h"
#include "tests/unit/cpu/cpuid_table.h"

static struct cpuid_table table;
static struct cpu_identity id;
static struct cpu_features feat;

static void load(const char *name)
{
	assert_int_equal(cpuid_table_load_fixture(&table, name, CPUID_OOR_ZEROS), 0);
	assert_true(cpuid_table_decode(&table, &id, &feat));
}

static const struct cpu_msr_value absent = { false, 0 };

static struct cpu_msr_value msr(uint64_t v)
{
	return (struct cpu_msr_value){ true, v };
}

/* Hygon 18h (Zen-based, no CPUID 8000_0021): DE_CFG decides. */
static void test_hygon_lfence_follows_de_cfg(void **state)
{
	(void)state;
	load("hygon_c86_7185.txt");
	assert_false(feat.lfence_always_serializing);
	assert_true(cpu_lfence_wants_de_cfg(&id, &feat));
	enum cpu_lfence l = cpu_lfence_decide(&id, &feat, msr(0x2), absent);
	assert_int_equal(l, CPU_LFENCE_ALREADY);
	assert_string_equal(cpu_lfence_value(l), "yes");
	assert_string_equal(cpu_lfence_source(l), "de_cfg");
	l = cpu_lfence_decide(&id, &feat, msr(0x0), msr(0x2));
	assert_int_equal(l, CPU_LFENCE_SET);
	assert_string_equal(cpu_lfence_value(l), "set");
	/* The write did not stick (a hypervisor ignoring it), or nothing could be read. */
	l = cpu_lfence_decide(&id, &feat, msr(0x0), msr(0x0));
	assert_int_equal(l, CPU_LFENCE_NOT_SET);
	assert_string_equal(cpu_lfence_value(l), "no");
	assert_string_equal(cpu_lfence_source(l), "de_cfg-unwritable");
	assert_int_equal(cpu_lfence_decide(&id, &feat, absent, absent), CPU_LFENCE_NOT_SET);
	assert_int_equal(cpu_lfence_decide(&id, &feat, msr(0x0), absent), CPU_LFENCE_NOT_SET);
}

/* Zen 3 enumerates LfenceAlwaysSerializing (8000_0021 EAX = 0x4d, bit 2): no MSR to touch. */
static void test_ryzen_5600g_lfence_always_serializing(void **state)
{
	(void)state;
	load("amd_ryzen5_5600g.txt");
	assert_true(feat.lfence_always_serializing);
	assert_false(cpu_lfence_wants_de_cfg(&id, &feat));
	enum cpu_lfence l = cpu_lfence_decide(&id, &feat, absent, absent);
	assert_int_equal(l, CPU_LFENCE_ALWAYS);
	assert_string_equal(cpu_lfence_value(l), "yes");
	assert_string_equal(cpu_lfence_source(l), "cpuid-8000_0021");
}

static void test_intel_lfence_is_architectural(void **state)
{
	(void)state;
	load("intel_i7_6700k.txt");
	assert_false(cpu_lfence_wants_de_cfg(&id, &feat));
	enum cpu_lfence l = cpu_lfence_decide(&id, &feat, absent, absent);
	assert_int_equal(l, CPU_LFENCE_ARCHITECTURAL);
	assert_string_equal(cpu_lfence_value(l), "yes");
	assert_string_equal(cpu_lfence_source(l), "intel-architectural");
}

/* CPB: the 5600G enumerates it (8000_0007 EDX = 0x6799, bit 9); HWCR CpbDis turns it off. */
static void test_amd_boost_from_cpb_and_hwcr(void **state)
{
	(void)state;
	load("amd_ryzen5_5600g.txt");
	assert_true(feat.boost);
	assert_true(feat.hw_pstate);
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(0)), CPU_BOOST_ENABLED);
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(HWCR_CPB_DIS)), CPU_BOOST_DISABLED);
	assert_int_equal(cpu_boost_decide(&id, &feat, absent), CPU_BOOST_UNKNOWN);
	assert_string_equal(cpu_boost_name(CPU_BOOST_DISABLED), "disabled");
	/* Zen 3 is not a part Linux forces CPB for: with the bit cleared (as a
	 * hypervisor or firmware may), boost is absent whatever HWCR says. */
	cpuid_table_set(&table, 0x80000007, 0, 0, 0x3b, 0, 0x6799 & ~(1u << 9));
	cpu_features_read(cpuid_table_query, &table, &id, &feat);
	assert_false(feat.boost);
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(0)), CPU_BOOST_ABSENT);
	assert_string_equal(cpu_boost_name(CPU_BOOST_ABSENT), "absent");
}

/* Hygon 18h leaves CPB clear (EDX = 0x6599) although it boosts; Linux's
 * init_hygon() sets X86_FEATURE_CPB anyway: HWCR CpbDis decides. */
static void test_hygon_boost_follows_hwcr_though_cpuid_clears_cpb(void **state)
{
	(void)state;
	load("hygon_c86_7185.txt");
	assert_false(feat.boost);
	assert_false(id.hypervisor);
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(0)), CPU_BOOST_ENABLED);
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(HWCR_CPB_DIS)), CPU_BOOST_DISABLED);
	/* HWCR unreadable on bare metal: not known, no longer "absent". */
	assert_int_equal(cpu_boost_decide(&id, &feat, absent), CPU_BOOST_UNKNOWN);
	/* Under a hypervisor the CPUID bit speaks, as before (the platform
	 * passes HWCR absent there). */
	load("qemu_dhyana_tcg.txt");
	assert_true(id.hypervisor);
	assert_int_equal(cpu_boost_decide(&id, &feat, absent), CPU_BOOST_ABSENT);
}

/* Zen 1 (family 17h model 1): erratum 1076, CPB not set in CPUID although
 * the 1800X boosts 3.6 -> 4.0 GHz; Linux's init_amd_zen1() sets it. */
static void test_zen1_boost_follows_hwcr_though_cpuid_clears_cpb(void **state)
{
	(void)state;
	load("amd_ryzen7_1800x.txt");
	assert_int_equal(id.family, 0x17);
	assert_int_equal(id.model, 0x1);
	assert_false(feat.boost);
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(0)), CPU_BOOST_ENABLED);
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(HWCR_CPB_DIS)), CPU_BOOST_DISABLED);
	assert_int_equal(cpu_boost_decide(&id, &feat, absent), CPU_BOOST_UNKNOWN);
	/* The edges of Linux's Zen 1 ranges (bsp_init_amd: 00h-2Fh, 50h-5Fh). */
	id.model = 0x2F;
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(0)), CPU_BOOST_ENABLED);
	id.model = 0x30; /* Zen 2: erratum 1076 does not apply */
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(0)), CPU_BOOST_ABSENT);
	id.model = 0x50;
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(0)), CPU_BOOST_ENABLED);
	id.model = 0x60;
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(0)), CPU_BOOST_ABSENT);
	/* A guest: Linux leaves the bit alone there (init_amd_zen1, "only if not virtualised"). */
	id.model = 0x1;
	id.hypervisor = true;
	assert_int_equal(cpu_boost_decide(&id, &feat, absent), CPU_BOOST_ABSENT);
}

/* Intel: CPUID 06H EAX[1] (0x27f7 on the i7-6700K) and IA32_MISC_ENABLE bit 38. */
static void test_intel_boost_from_turbo_and_misc_enable(void **state)
{
	(void)state;
	load("intel_i7_6700k.txt");
	assert_true(feat.boost);
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(0x850089)), CPU_BOOST_ENABLED);
	/* What the hardware shows with turbo off in firmware: bit 38 set and
	 * CPUID.06H:EAX[1] cleared with it (SDM vol. 4, table 2-2). */
	cpuid_table_set(&table, 6, 0, 0x27f7 & ~2u, 2, 9, 0);
	cpu_features_read(cpuid_table_query, &table, &id, &feat);
	assert_false(feat.boost);
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(0x850089 | MISC_ENABLE_TURBO_DISABLE)), CPU_BOOST_DISABLED);
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(0x850089)), CPU_BOOST_ABSENT);
	assert_int_equal(cpu_boost_decide(&id, &feat, absent), CPU_BOOST_ABSENT);
	load("intel_core2_x6800.txt"); /* leaf 6 EAX = 1: no Turbo Boost */
	assert_false(feat.boost);
	assert_int_equal(cpu_boost_decide(&id, &feat, msr(0)), CPU_BOOST_ABSENT);
}

/* AMD families 0Fh and 11h serialise LFENCE without a DE_CFG bit: no MSR to
 * touch; a vendor without a documented rule says "unknown", not "no". */
static void test_old_amd_families_and_other_vendors(void **state)
{
	(void)state;
	load("amd_ryzen7_1800x.txt");
	id.family = 0x11;
	assert_false(cpu_lfence_wants_de_cfg(&id, &feat));
	enum cpu_lfence l = cpu_lfence_decide(&id, &feat, absent, absent);
	assert_int_equal(l, CPU_LFENCE_FAMILY);
	assert_string_equal(cpu_lfence_value(l), "yes");
	assert_string_equal(cpu_lfence_source(l), "family");
	id.family = 0x0F;
	assert_int_equal(cpu_lfence_decide(&id, &feat, absent, absent), CPU_LFENCE_FAMILY);
	id.vendor_id = CPU_VENDOR_OTHER;
	l = cpu_lfence_decide(&id, &feat, absent, absent);
	assert_int_equal(l, CPU_LFENCE_UNKNOWN);
	assert_string_equal(cpu_lfence_value(l), "unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hygon_lfence_follows_de_cfg),
		cmocka_unit_test(test_ryzen_5600g_lfence_always_serializing),
		cmocka_unit_test(test_intel_lfence_is_architectural),
		cmocka_unit_test(test_amd_boost_from_cpb_and_hwcr),
		cmocka_unit_test(test_hygon_boost_follows_hwcr_though_cpuid_clears_cpb),
		cmocka_unit_test(test_zen1_boost_follows_hwcr_though_cpuid_clears_cpb),
		cmocka_unit_test(test_intel_boost_from_turbo_and_misc_enable),
		cmocka_unit_test(test_old_amd_families_and_other_vendors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
