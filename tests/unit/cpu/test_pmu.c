/* PMU programming (kernel/cpu/pmu.c) on recorded CPUID dumps
 * (tests/fixtures/cpuid/) with a fake MSR map: which counters each vendor
 * gets, firmware-owned counters left untouched, IRPERF present or absent,
 * missing CPUID bits, faulting MSRs, and the wrap of narrow counters. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/cpu/machine_state.h"
#include "kernel/cpu/pmu.h"
#include "tests/unit/cpu/cpuid_table.h"
#include "tests/unit/support/stream_text.h"

/* ---- the fake MSR map: only listed MSRs exist; listed ones may refuse writes ---- */

#define FAKE_MAX 64

static struct fake_msr {
	uint32_t msr;
	uint64_t value;
	bool wr_faults, rd_faults;
	bool wr_ignored; /* the write succeeds but the value stays (a register the firmware locked) */
} fake[FAKE_MAX];
static size_t fake_n;
static unsigned fake_writes;

static struct fake_msr *fake_find(uint32_t msr)
{
	for (size_t i = 0; i < fake_n; i++)
		if (fake[i].msr == msr)
			return &fake[i];
	return NULL;
}

static struct fake_msr *fake_add(uint32_t msr, uint64_t value)
{
	struct fake_msr *m = fake_find(msr);
	if (!m) {
		assert_true(fake_n < FAKE_MAX);
		m = &fake[fake_n++];
	}
	*m = (struct fake_msr){ .msr = msr, .value = value };
	return m;
}

static uint64_t fake_value(uint32_t msr)
{
	struct fake_msr *m = fake_find(msr);
	assert_non_null(m);
	return m->value;
}

/* fake_counting: an AMD core whose counters advance (by 1000 per read) as
 * the hardware's do: PERF_CTRi when PERF_CTLi.En is set and, where the map
 * has PerfCntrGlobalCtl (PerfMonV2), its bit i too; IRPerfCount when
 * HWCR.IRPerfEn is set. Off, every counter holds its value. */
static bool fake_counting;

static bool fake_amd_counts(uint32_t msr)
{
	struct fake_msr *global = fake_find(MSR_AMD_PERF_CNTR_GLOBAL_CTL), *ctl;
	if (msr == MSR_AMD_IRPERF)
		return fake_find(MSR_AMD_HWCR) && (fake_find(MSR_AMD_HWCR)->value & HWCR_IRPERF_EN);
	if (msr < MSR_AMD_PERF_CTR || msr > MSR_AMD_PERF_CTR + 10 || (msr - MSR_AMD_PERF_CTR) % 2)
		return false;
	unsigned i = (msr - MSR_AMD_PERF_CTR) / 2;
	ctl = fake_find(MSR_AMD_PERF_CTL + 2 * i);
	return ctl && (ctl->value & PERF_CTL_EN) && (!global || (global->value >> i) & 1);
}

static int fake_rd(uint32_t msr, uint64_t *value)
{
	struct fake_msr *m = fake_find(msr);
	if (!m || m->rd_faults) {
		*value = 0;
		return -1;
	}
	if (fake_counting && fake_amd_counts(msr))
		m->value += 1000;
	*value = m->value;
	return 0;
}

static int fake_wr(uint32_t msr, uint64_t value)
{
	struct fake_msr *m = fake_find(msr);
	fake_writes++;
	if (!m || m->wr_faults)
		return -1;
	if (!m->wr_ignored)
		m->value = value;
	return 0;
}

static const struct msr_ops fake_ops = { fake_rd, fake_wr };

/* An AMD core: HWCR, the six extended counters (or the four legacy ones), IRPerfCount. */
static void fake_amd(bool ext)
{
	fake_n = 0;
	fake_writes = 0;
	fake_counting = false;
	fake_add(MSR_AMD_HWCR, 0x0);
	fake_add(MSR_AMD_IRPERF, 0x0);
	for (unsigned i = 0; i < 4; i++) {
		fake_add(MSR_AMD_PERF_CTL_LEGACY + i, 0);
		fake_add(MSR_AMD_PERF_CTR_LEGACY + i, 0);
	}
	for (unsigned i = 0; ext && i < 6; i++) {
		fake_add(MSR_AMD_PERF_CTL + 2 * i, 0);
		fake_add(MSR_AMD_PERF_CTR + 2 * i, 0);
	}
}

/* An Intel core with gp general-purpose and fixed fixed counters. */
static void fake_intel(unsigned gp, unsigned fixed, bool smi_count)
{
	fake_n = 0;
	fake_writes = 0;
	fake_add(MSR_IA32_PERF_GLOBAL_CTRL, 0);
	fake_add(MSR_IA32_FIXED_CTR_CTRL, 0);
	for (unsigned i = 0; i < gp; i++) {
		fake_add(MSR_IA32_PERFEVTSEL0 + i, 0);
		fake_add(MSR_IA32_PMC0 + i, 0);
	}
	for (unsigned i = 0; i < fixed; i++)
		fake_add(MSR_IA32_FIXED_CTR0 + i, 0);
	if (smi_count)
		fake_add(MSR_SMI_COUNT, 7);
}

static struct cpuid_table table;
static struct cpu_identity id;
static struct cpu_features feat;
static struct pmu pmu;
static char text[256];

static void load(const char *name)
{
	assert_int_equal(cpuid_table_load_fixture(&table, name, CPUID_OOR_ZEROS), 0);
	assert_true(cpuid_table_decode(&table, &id, &feat));
}

/* Re-decode after cpuid_table_set. */
static void redecode(void)
{
	assert_true(cpuid_table_decode(&table, &id, &feat));
}

static const char *event_text(enum pmu_event e)
{
	pmu_format_event(&pmu, e, text, sizeof text);
	return text;
}

static const char *pmu_text(void)
{
	pmu_format(&pmu, text, sizeof text);
	return text;
}

#define AMD_CTL(event, umask) (PERF_CTL_EN | PERF_CTL_OS | PERF_CTL_USR | (event) | (uint64_t)(umask) << 8)

/* Hygon 18h: PerfCtrExtCore (8000_0001 ECX = 0x35c233ff, bit 23) and IRPERF
 * (8000_0008 EBX = 0x1007, bit 1) enumerated, but the Zen1 core has AMD
 * erratum 1054 (IRPerfCount may be inaccurate; Linux leaves it off):
 * instructions on PMCx0C0, HWCR untouched, the Zen1 retire-token stall 0x40. */
static void test_hygon_ext_core_avoids_irperf_for_erratum_1054(void **state)
{
	(void)state;
	load("hygon_c86_7185.txt");
	assert_true(feat.perfctr_core);
	assert_true(feat.irperf);
	fake_amd(true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_int_equal(pmu.kind, PMU_AMD_CORE);
	assert_false(fake_value(MSR_AMD_HWCR) & HWCR_IRPERF_EN);
	assert_string_equal(event_text(PMU_INSTRUCTIONS), "pmc0 event=0xC0 umask=0x00");
	assert_string_equal(event_text(PMU_UNHALTED_CYCLES), "pmc1 event=0x76 umask=0x00");
	assert_string_equal(event_text(PMU_STALL_CYCLES), "pmc2 event=0xAF umask=0x40");
	assert_string_equal(event_text(PMU_SMIS), "pmc3 event=0x2B umask=0x00");
	assert_string_equal(event_text(PMU_ONE_THREAD_ACTIVE), "none (Intel only)");
	assert_int_equal(fake_value(MSR_AMD_PERF_CTL + 0), AMD_CTL(0xC0, 0));
	assert_int_equal(fake_value(MSR_AMD_PERF_CTL + 2), AMD_CTL(0x76, 0));
	assert_int_equal(fake_value(MSR_AMD_PERF_CTL + 4), AMD_CTL(0xAF, 0x40));
	assert_int_equal(fake_value(MSR_AMD_PERF_CTL + 6), AMD_CTL(0x2B, 0));
	assert_int_equal(fake_value(MSR_AMD_PERF_CTL + 8), 0);
	assert_string_equal(pmu_text(), "amd-core gp=6 width=48 irperf=no firmware_owned=none");
}

/* Zen3 (family 19h, the 5600G): no erratum 1054, IRPERF enumerated:
 * instructions from IRPerfCount once HWCR.IRPerfEn is set. */
static void test_amd_zen3_uses_irperf(void **state)
{
	(void)state;
	load("amd_ryzen5_5600g.txt");
	assert_true(feat.irperf);
	fake_amd(true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_true(fake_value(MSR_AMD_HWCR) & HWCR_IRPERF_EN);
	assert_string_equal(event_text(PMU_INSTRUCTIONS), "irperf");
	assert_string_equal(event_text(PMU_UNHALTED_CYCLES), "pmc0 event=0x76 umask=0x00");
	assert_string_equal(pmu_text(), "amd-core gp=6 width=48 irperf=yes firmware_owned=none");
}

/* Counters whose enable bit the firmware set keep their programming; ours go around them. */
static void test_hygon_skips_firmware_owned_counters(void **state)
{
	(void)state;
	load("hygon_c86_7185.txt");
	fake_amd(true);
	fake_add(MSR_AMD_PERF_CTL + 0, AMD_CTL(0xC0, 0));
	fake_add(MSR_AMD_PERF_CTR + 0, 12345);
	fake_add(MSR_AMD_PERF_CTL + 4, PERF_CTL_EN | 0x87);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_string_equal(event_text(PMU_INSTRUCTIONS), "pmc1 event=0xC0 umask=0x00");
	assert_string_equal(event_text(PMU_UNHALTED_CYCLES), "pmc3 event=0x76 umask=0x00");
	assert_string_equal(event_text(PMU_STALL_CYCLES), "pmc4 event=0xAF umask=0x40");
	assert_string_equal(event_text(PMU_SMIS), "pmc5 event=0x2B umask=0x00");
	assert_int_equal(fake_value(MSR_AMD_PERF_CTL + 0), AMD_CTL(0xC0, 0));
	assert_int_equal(fake_value(MSR_AMD_PERF_CTR + 0), 12345);
	assert_int_equal(fake_value(MSR_AMD_PERF_CTL + 4), PERF_CTL_EN | 0x87);
	assert_string_equal(pmu_text(), "amd-core gp=6 width=48 irperf=no firmware_owned=pmc0,pmc2");
}

/* Without PerfCtrExtCore and IRPERF (bits cleared on the 1800X's dump): the
 * four legacy counters, instructions on one of them. */
static void test_amd_legacy_counters_without_irperf(void **state)
{
	(void)state;
	load("amd_ryzen7_1800x.txt");
	cpuid_table_set(&table, 0x80000001u, 0, 0x00800f11, 0x20000000, 0x35c233ff & ~(1u << 23), 0x2fd3fbff);
	cpuid_table_set(&table, 0x80000008u, 0, 0x00003030, 0x00001007 & ~2u, 0x0000400f, 0);
	redecode();
	assert_false(feat.perfctr_core);
	assert_false(feat.irperf);
	fake_amd(false);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_int_equal(pmu.kind, PMU_AMD_LEGACY);
	assert_false(fake_value(MSR_AMD_HWCR) & HWCR_IRPERF_EN);
	assert_string_equal(event_text(PMU_INSTRUCTIONS), "pmc0 event=0xC0 umask=0x00");
	assert_string_equal(event_text(PMU_UNHALTED_CYCLES), "pmc1 event=0x76 umask=0x00");
	assert_string_equal(event_text(PMU_STALL_CYCLES), "pmc2 event=0xAF umask=0x40");
	assert_string_equal(event_text(PMU_SMIS), "pmc3 event=0x2B umask=0x00");
	assert_int_equal(fake_value(MSR_AMD_PERF_CTL_LEGACY + 0), AMD_CTL(0xC0, 0));
	assert_int_equal(fake_value(MSR_AMD_PERF_CTL_LEGACY + 3), AMD_CTL(0x2B, 0));
	assert_int_equal(pmu.ev[PMU_INSTRUCTIONS].msr, MSR_AMD_PERF_CTR_LEGACY);
	assert_string_equal(pmu_text(), "amd-legacy gp=4 width=48 irperf=no firmware_owned=none");
}

/* Legacy counters, three taken by the firmware: only the first event fits. */
static void test_amd_legacy_runs_out_of_counters(void **state)
{
	(void)state;
	load("amd_ryzen7_1800x.txt");
	cpuid_table_set(&table, 0x80000001u, 0, 0x00800f11, 0x20000000, 0x35c233ff & ~(1u << 23), 0x2fd3fbff);
	redecode();
	fake_amd(false);
	for (unsigned i = 1; i < 4; i++)
		fake_add(MSR_AMD_PERF_CTL_LEGACY + i, PERF_CTL_EN | 0x76);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_string_equal(event_text(PMU_INSTRUCTIONS), "pmc0 event=0xC0 umask=0x00"); /* erratum 1054: no IRPERF */
	assert_string_equal(event_text(PMU_UNHALTED_CYCLES), "none (every free counter taken (firmware owns the rest))");
	assert_string_equal(event_text(PMU_STALL_CYCLES), "none (every free counter taken (firmware owns the rest))");
	assert_false(pmu_counts(&pmu, PMU_SMIS));
	assert_string_equal(pmu_text(), "amd-legacy gp=4 width=48 irperf=no firmware_owned=pmc1,pmc2,pmc3");
}

/* IRPERF enumerated but HWCR refuses the write: instructions move to a GP counter. */
static void test_amd_irperf_unwritable_falls_back_to_counter(void **state)
{
	(void)state;
	load("amd_ryzen5_5600g.txt");
	fake_amd(true);
	fake_find(MSR_AMD_HWCR)->wr_faults = true;
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_false(pmu.irperf);
	assert_string_equal(event_text(PMU_INSTRUCTIONS), "pmc0 event=0xC0 umask=0x00");
	assert_string_equal(event_text(PMU_UNHALTED_CYCLES), "pmc1 event=0x76 umask=0x00");
}

/* Zen2 (17h model 31h) renumbered the stall bits: retire tokens are 0x20.
 * Zen3 (19h, the 5600G) is not verified: no stall event, a reason. */
static void test_amd_stall_mask_by_model(void **state)
{
	(void)state;
	load("amd_ryzen7_1800x.txt");
	cpuid_table_set(&table, 1, 0, 0x00830f10, 0x02100800, 0x7ed8320b, 0x178bfbff);
	redecode();
	assert_int_equal(id.model, 0x31);
	fake_amd(true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_string_equal(event_text(PMU_STALL_CYCLES), "pmc1 event=0xAF umask=0x20");

	load("amd_ryzen5_5600g.txt");
	fake_amd(true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_string_equal(event_text(PMU_STALL_CYCLES), "none (no retire-stall event verified for this family)");
	assert_string_equal(event_text(PMU_SMIS), "pmc1 event=0x2B umask=0x00");
}

/* A counter whose PERF_CTL write faults is passed over; when every write
 * faults only IRPERF is left (Zen3), and without it nothing: pmu=none. */
static void test_amd_faulting_wrmsr(void **state)
{
	(void)state;
	load("hygon_c86_7185.txt");
	fake_amd(true);
	fake_find(MSR_AMD_PERF_CTL + 0)->wr_faults = true;
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_string_equal(event_text(PMU_INSTRUCTIONS), "pmc1 event=0xC0 umask=0x00");
	assert_string_equal(event_text(PMU_UNHALTED_CYCLES), "pmc2 event=0x76 umask=0x00");

	load("amd_ryzen5_5600g.txt");

	fake_amd(true);
	for (unsigned i = 0; i < 6; i++)
		fake_find(MSR_AMD_PERF_CTL + 2 * i)->wr_faults = true;
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_int_equal(pmu.kind, PMU_AMD_CORE);
	assert_string_equal(event_text(PMU_INSTRUCTIONS), "irperf");
	assert_string_equal(event_text(PMU_UNHALTED_CYCLES), "none (counter MSR faulted)");

	fake_add(MSR_AMD_HWCR, 0)->wr_faults = true; /* IRPerfEn clear and unsettable */
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_int_equal(pmu.kind, PMU_NONE);
	assert_string_equal(pmu_text(), "none (no event could be counted)");
}

/* Skylake (leaf 0AH EAX = 0x07300404, EDX = 0x603): version 4, 4 GP and 3
 * fixed counters of 48 bits. Instructions and cycles on fixed 0 and 1,
 * ONE_THREAD_ACTIVE on PMC0, SMIs from MSR_SMI_COUNT. */
static void test_intel_fixed_counters_free(void **state)
{
	(void)state;
	load("intel_i7_6700k.txt");
	assert_int_equal(feat.pmu_version, 4);
	assert_int_equal(feat.pmu_gp, 4);
	assert_int_equal(feat.pmu_gp_width, 48);
	assert_int_equal(feat.pmu_fixed, 3);
	assert_int_equal(feat.pmu_fixed_width, 48);
	fake_intel(4, 3, true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_int_equal(pmu.kind, PMU_INTEL_ARCH);
	assert_string_equal(event_text(PMU_INSTRUCTIONS), "fixed0");
	assert_string_equal(event_text(PMU_UNHALTED_CYCLES), "fixed1");
	assert_string_equal(event_text(PMU_ONE_THREAD_ACTIVE), "pmc0 event=0x3C umask=0x02");
	assert_string_equal(event_text(PMU_SMIS), "smi_count");
	assert_string_equal(event_text(PMU_STALL_CYCLES), "none (no stall event chosen for Intel)");
	assert_int_equal(fake_value(MSR_IA32_FIXED_CTR_CTRL), 0x33);
	assert_int_equal(fake_value(MSR_IA32_PERF_GLOBAL_CTRL), (3ull << 32) | 1);
	assert_int_equal(fake_value(MSR_IA32_PERFEVTSEL0), PERF_CTL_EN | PERF_CTL_OS | PERF_CTL_USR | 0x023C);
	assert_string_equal(pmu_text(), "intel-arch v4 fixed=3 gp=4 width=48 firmware_owned=none");
}

/* The firmware counts on fixed 0 and PMC0: instructions go to a GP counter
 * (architectural event C0H), the firmware's control and global bits stay. */
static void test_intel_firmware_owned_fixed_counter(void **state)
{
	(void)state;
	load("intel_i7_6700k.txt");
	fake_intel(4, 3, true);
	fake_add(MSR_IA32_FIXED_CTR_CTRL, 0x3);
	fake_add(MSR_IA32_PERFEVTSEL0, PERF_CTL_EN | 0x2E);
	fake_add(MSR_IA32_PERF_GLOBAL_CTRL, (1ull << 32) | 1);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_string_equal(event_text(PMU_INSTRUCTIONS), "pmc1 event=0xC0 umask=0x00");
	assert_string_equal(event_text(PMU_UNHALTED_CYCLES), "fixed1");
	assert_string_equal(event_text(PMU_ONE_THREAD_ACTIVE), "pmc2 event=0x3C umask=0x02");
	assert_int_equal(fake_value(MSR_IA32_FIXED_CTR_CTRL), 0x33);
	assert_int_equal(fake_value(MSR_IA32_PERFEVTSEL0), PERF_CTL_EN | 0x2E);
	assert_int_equal(fake_value(MSR_IA32_PERF_GLOBAL_CTRL), (3ull << 32) | 0x7);
	assert_string_equal(pmu_text(), "intel-arch v4 fixed=3 gp=4 width=48 firmware_owned=fixed0,pmc0");
}

/* Core 2 (leaf 0AH EAX = 0x07280202, EDX = 0 in the dump): version 2, two
 * 40-bit GP counters, no fixed ones: both architectural events on GP
 * counters, no ONE_THREAD_ACTIVE (version < 3), no MSR_SMI_COUNT. */
static void test_intel_core2_gp_only(void **state)
{
	(void)state;
	load("intel_core2_x6800.txt");
	assert_int_equal(feat.pmu_version, 2);
	assert_int_equal(feat.pmu_fixed, 0);
	fake_intel(2, 0, false);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_string_equal(event_text(PMU_INSTRUCTIONS), "pmc0 event=0xC0 umask=0x00");
	assert_string_equal(event_text(PMU_UNHALTED_CYCLES), "pmc1 event=0x3C umask=0x00");
	assert_string_equal(event_text(PMU_ONE_THREAD_ACTIVE), "none (event 3CH/02H not documented for this model)");
	assert_string_equal(event_text(PMU_SMIS), "none (MSR_SMI_COUNT predates this CPU)");
	assert_int_equal(pmu.ev[PMU_INSTRUCTIONS].mask, (1ull << 40) - 1);
	assert_string_equal(pmu_text(), "intel-arch v2 fixed=0 gp=2 width=40 firmware_owned=none");
}

/* Leaf 0AH absent or zero: no architectural PMU; nothing is written. */
static void test_intel_without_leaf_0a(void **state)
{
	(void)state;
	load("intel_i7_6700k.txt");
	cpuid_table_set(&table, 0xA, 0, 0, 0, 0, 0);
	redecode();
	fake_intel(4, 3, true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_int_equal(pmu.kind, PMU_NONE);
	assert_int_equal(fake_writes, 0);
	assert_string_equal(pmu_text(), "none (CPUID 0AH: no architectural performance monitoring)");
	assert_false(pmu_counts(&pmu, PMU_INSTRUCTIONS));
}

/* A faulting GLOBAL_CTRL write disables every event that needs it; SMI_COUNT remains. */
static void test_intel_global_ctrl_write_faults(void **state)
{
	(void)state;
	load("intel_i7_6700k.txt");
	fake_intel(4, 3, true);
	fake_find(MSR_IA32_PERF_GLOBAL_CTRL)->wr_faults = true;
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_int_equal(pmu.kind, PMU_INTEL_ARCH);
	assert_string_equal(event_text(PMU_INSTRUCTIONS), "none (IA32_PERF_GLOBAL_CTRL write faulted)");
	assert_string_equal(event_text(PMU_ONE_THREAD_ACTIVE), "none (IA32_PERF_GLOBAL_CTRL write faulted)");
	assert_string_equal(event_text(PMU_SMIS), "smi_count");
}

/* Under a hypervisor (QEMU TCG's Dhyana) no MSR is touched and the reason names it. */
static void test_hypervisor_gets_no_pmu(void **state)
{
	(void)state;
	load("qemu_dhyana_tcg.txt");
	fake_amd(true);
	fake_n = 0; /* any access would fault */
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_int_equal(pmu.kind, PMU_NONE);
	assert_int_equal(fake_writes, 0);
	assert_string_equal(pmu_text(), "none (hypervisor TCGTCGTCGTCG)");
	for (int e = 0; e < PMU_EVENT_COUNT; e++)
		assert_false(pmu_counts(&pmu, (enum pmu_event)e));
}

/* Deltas are modulo the counter's width: one wrap of a 48-bit counter, of
 * the 32-bit SMI count, and a read that faulted gives no delta. */
static void test_delta_wraps_at_counter_width(void **state)
{
	(void)state;
	load("intel_i7_6700k.txt");
	fake_intel(4, 3, true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	struct pmu_reading a, b;
	uint64_t d = 0;
	fake_add(MSR_IA32_FIXED_CTR0, 0xFFFFFFFFFF00ull);
	fake_add(MSR_SMI_COUNT, 0xFFFFFFFEull);
	pmu_read(&pmu, &a);
	fake_add(MSR_IA32_FIXED_CTR0, 0x100);
	fake_add(MSR_SMI_COUNT, 0x1);
	pmu_read(&pmu, &b);
	assert_true(pmu_delta(&pmu, PMU_INSTRUCTIONS, &a, &b, &d));
	assert_int_equal(d, 0x200);
	assert_true(pmu_delta(&pmu, PMU_SMIS, &a, &b, &d));
	assert_int_equal(d, 3);
	assert_false(pmu_delta(&pmu, PMU_STALL_CYCLES, &a, &b, &d));
	fake_find(MSR_IA32_FIXED_CTR0 + 1)->rd_faults = true;
	pmu_read(&pmu, &b);
	assert_false(pmu_delta(&pmu, PMU_UNHALTED_CYCLES, &a, &b, &d));
	assert_true(pmu_delta(&pmu, PMU_INSTRUCTIONS, &a, &b, &d));
}

/* The meta lines: `pmu` and one `pmu.<column>` per event; only `pmu` without a PMU. */
static void test_meta_lines(void **state)
{
	(void)state;
	static struct stream_text t;
	load("hygon_c86_7185.txt");
	fake_amd(true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	stream_text_begin(&t);
	pmu_write_meta(&pmu, &t.stream);
	assert_string_equal(t.text, "#= pmu=amd-core gp=6 width=48 irperf=no firmware_owned=none\n"
				    "#= pmu.instructions=pmc0 event=0xC0 umask=0x00\n"
				    "#= pmu.unhalted_cycles=pmc1 event=0x76 umask=0x00\n"
				    "#= pmu.smis=pmc3 event=0x2B umask=0x00\n"
				    "#= pmu.stall_cycles=pmc2 event=0xAF umask=0x40\n"
				    "#= pmu.one_thread_active=none (Intel only)\n");
	load("qemu_dhyana_tcg.txt");
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	stream_text_begin(&t);
	pmu_write_meta(&pmu, &t.stream);
	assert_string_equal(t.text, "#= pmu=none (hypervisor TCGTCGTCGTCG)\n");
}

/* pmu_restore puts every MSR back as the firmware had it: AMD's control and
 * counter values and HWCR.IRPerfEn; Intel's FIXED_CTR_CTRL, GLOBAL_CTRL, the
 * fixed counters and PERFEVTSELs (the firmware's own counters were never written). */
static void test_restore_puts_the_firmware_state_back(void **state)
{
	(void)state;
	load("amd_ryzen5_5600g.txt");
	fake_amd(true);
	fake_add(MSR_AMD_PERF_CTL + 0, 0x1234); /* a disabled leftover: ours to use, then to put back */
	fake_add(MSR_AMD_PERF_CTR + 0, 777);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_true(fake_value(MSR_AMD_HWCR) & HWCR_IRPERF_EN);
	assert_int_equal(fake_value(MSR_AMD_PERF_CTL + 0), AMD_CTL(0x76, 0));
	pmu_restore(&pmu);
	assert_int_equal(fake_value(MSR_AMD_HWCR), 0);
	assert_int_equal(fake_value(MSR_AMD_PERF_CTL + 0), 0x1234);
	assert_int_equal(fake_value(MSR_AMD_PERF_CTR + 0), 777);
	assert_int_equal(fake_value(MSR_AMD_PERF_CTL + 2), 0);
	assert_false(pmu_counts(&pmu, PMU_INSTRUCTIONS));

	load("intel_i7_6700k.txt");
	fake_intel(4, 3, true);
	fake_add(MSR_IA32_FIXED_CTR_CTRL, 0x3);
	fake_add(MSR_IA32_PERFEVTSEL0, PERF_CTL_EN | 0x2E);
	fake_add(MSR_IA32_PERF_GLOBAL_CTRL, (1ull << 32) | 1);
	fake_add(MSR_IA32_FIXED_CTR0 + 1, 99);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_int_equal(fake_value(MSR_IA32_FIXED_CTR_CTRL), 0x33);
	pmu_restore(&pmu);
	assert_int_equal(fake_value(MSR_IA32_FIXED_CTR_CTRL), 0x3);
	assert_int_equal(fake_value(MSR_IA32_PERF_GLOBAL_CTRL), (1ull << 32) | 1);
	assert_int_equal(fake_value(MSR_IA32_PERFEVTSEL0), PERF_CTL_EN | 0x2E);
	assert_int_equal(fake_value(MSR_IA32_PERFEVTSEL0 + 1), 0);
	assert_int_equal(fake_value(MSR_IA32_FIXED_CTR0 + 1), 99);
}

/* ONE_THREAD_ACTIVE only on the big cores: Silvermont (Pentium N3530, model
 * 37h, perfmon v3) gives 3CH/02H another meaning. */
static void test_one_thread_active_only_on_big_cores(void **state)
{
	(void)state;
	load("intel_pentium_n3530.txt");
	assert_int_equal(id.model, 0x37);
	assert_int_equal(feat.pmu_version, 3); /* the old version >= 3 rule would count it */
	fake_intel(2, 3, true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_string_equal(event_text(PMU_ONE_THREAD_ACTIVE), "none (event 3CH/02H not documented for this model)");
}

/* A Zen 4-like core: the 5600G's dump with PerfMonV2 (CPUID 8000_0022
 * EAX[0]) set and family 19h model 61h. */
static void load_perfmon_v2(void)
{
	load("amd_ryzen5_5600g.txt");
	cpuid_table_set(&table, 0x80000022u, 0, 0x1, 0x6, 0, 0);
	cpuid_table_set(&table, 1, 0, 0x00a60f12, 0x00100800, 0x7ef8320b, 0x178bfbff);
	redecode();
	assert_true(feat.perfmon_v2);
	assert_int_equal(id.family, 0x19);
}

/* PerfMonV2: PerfCntrGlobalCtl gates every counter. Firmware that left it 0
 * would leave every column still: pmu_setup sets our counters' bits (and
 * keeps the firmware's), the counters count, pmu_restore puts the value back,
 * and the meta records what the firmware had. */
static void test_perfmon_v2_global_ctl_is_set_for_our_counters_and_restored(void **state)
{
	(void)state;
	load_perfmon_v2();
	fake_amd(true);
	fake_add(MSR_AMD_PERF_CNTR_GLOBAL_CTL, 0x0);
	fake_counting = true;
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	/* irperf: instructions; pmc0 unhalted cycles, pmc1 SMIs */
	assert_string_equal(event_text(PMU_UNHALTED_CYCLES), "pmc0 event=0x76 umask=0x00");
	assert_int_equal(fake_value(MSR_AMD_PERF_CNTR_GLOBAL_CTL), 0x3);
	struct pmu_reading a, b;
	uint64_t d = 0;
	pmu_read(&pmu, &a);
	pmu_read(&pmu, &b);
	assert_true(pmu_delta(&pmu, PMU_UNHALTED_CYCLES, &a, &b, &d));
	assert_true(d > 0);
	assert_string_equal(pmu_text(), "amd-core gp=6 width=48 irperf=yes perfmon_v2=yes global_ctl=0x0 firmware_owned=none");
	pmu_restore(&pmu);
	assert_int_equal(fake_value(MSR_AMD_PERF_CNTR_GLOBAL_CTL), 0x0);

	/* a firmware bit (its own counter, pmc5) stays set and comes back as it was */
	fake_amd(true);
	fake_add(MSR_AMD_PERF_CTL + 10, PERF_CTL_EN | 0x76);
	fake_add(MSR_AMD_PERF_CNTR_GLOBAL_CTL, 0x20);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_int_equal(fake_value(MSR_AMD_PERF_CNTR_GLOBAL_CTL), 0x23);
	assert_string_equal(pmu_text(),
			    "amd-core gp=6 width=48 irperf=yes perfmon_v2=yes global_ctl=0x20 firmware_owned=pmc5");
	pmu_restore(&pmu);
	assert_int_equal(fake_value(MSR_AMD_PERF_CNTR_GLOBAL_CTL), 0x20);

	/* without PerfMonV2 the register is never touched (it would #GP) */
	load("amd_ryzen5_5600g.txt");
	assert_false(feat.perfmon_v2);
	fake_amd(true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_null(strstr(pmu_text(), "perfmon_v2"));

	/* a faulting read: nothing is programmed, and the meta says why */
	load_perfmon_v2();
	fake_amd(true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_string_equal(pmu_text(), "none (PerfCntrGlobalCtl (C000_0301) read faulted)");
	assert_int_equal(fake_value(MSR_AMD_PERF_CTL + 0), 0);
}

/* A PMU that reads back unchanged over a busy loop is `not_counting (...)`:
 * no event is counted (empty cells, no pmu.<event> keys), never columns of
 * zeros. Here the firmware locked PerfCntrGlobalCtl at 0 (the write
 * "succeeds", the value stays), on a Hygon whose GP counters hold still
 * (instructions on PMCx0C0 there, erratum 1054). */
static void test_pmu_that_does_not_count_over_a_busy_loop_is_not_counting(void **state)
{
	(void)state;
	static struct stream_text t;
	load_perfmon_v2();
	fake_amd(true);
	fake_add(MSR_AMD_PERF_CNTR_GLOBAL_CTL, 0x0)->wr_ignored = true;
	fake_add(MSR_AMD_IRPERF, 0)->wr_ignored = true;
	fake_counting = true;
	fake_find(MSR_AMD_HWCR)->wr_ignored = true; /* IRPerfEn will not set: instructions on a GP counter too */
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_true(pmu_counts(&pmu, PMU_UNHALTED_CYCLES));
	pmu_check_counting(&pmu);
	assert_false(pmu_counts(&pmu, PMU_INSTRUCTIONS));
	assert_false(pmu_counts(&pmu, PMU_UNHALTED_CYCLES));
	assert_false(pmu_counts(&pmu, PMU_SMIS));
	assert_non_null(strstr(pmu_text(), "not_counting (instructions and unhalted_cycles read back unchanged"));
	stream_text_begin(&t);
	pmu_write_meta(&pmu, &t.stream);
	assert_null(strstr(t.text, "pmu.instructions"));
	struct pmu_reading a, b;
	uint64_t d;
	pmu_read(&pmu, &a);
	pmu_read(&pmu, &b);
	assert_false(pmu_delta(&pmu, PMU_UNHALTED_CYCLES, &a, &b, &d));
	pmu_restore(&pmu); /* still puts the counters back */
	assert_int_equal(fake_value(MSR_AMD_PERF_CTL + 0), 0);

	/* the same core with the register writable counts, and the check leaves it so */
	fake_amd(true);
	fake_add(MSR_AMD_PERF_CNTR_GLOBAL_CTL, 0x0);
	fake_counting = true;
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	pmu_check_counting(&pmu);
	assert_true(pmu_counts(&pmu, PMU_INSTRUCTIONS));
	assert_true(pmu_counts(&pmu, PMU_UNHALTED_CYCLES));
	assert_null(strstr(pmu_text(), "not_counting"));

	/* one still event among counting ones: that event only is dropped */
	fake_amd(true);
	fake_add(MSR_AMD_PERF_CNTR_GLOBAL_CTL, 0x0);
	fake_find(MSR_AMD_HWCR)->wr_ignored = true; /* IRPerfEn stays clear... */
	fake_counting = true;
	load_perfmon_v2();
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_string_equal(event_text(PMU_INSTRUCTIONS), "pmc0 event=0xC0 umask=0x00"); /* ...so PMCx0C0 */
	fake_find(MSR_AMD_PERF_CTL + 0)->value &= ~PERF_CTL_EN; /* and that counter stops */
	pmu_check_counting(&pmu);
	assert_string_equal(event_text(PMU_INSTRUCTIONS), "none (read back unchanged over a busy loop)");
	assert_true(pmu_counts(&pmu, PMU_UNHALTED_CYCLES));
	assert_null(strstr(pmu_text(), "not_counting"));
}

/* A sample ran a workload: 0 instructions or 0 unhalted cycles over it is a
 * counter that did not count, an empty cell; 0 SMIs is a measured 0. */
static void test_zero_over_a_busy_sample_is_no_count(void **state)
{
	(void)state;
	load("hygon_c86_7185.txt");
	fake_amd(true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	struct pmu_reading a, b;
	uint64_t d = 99;
	pmu_read(&pmu, &a);
	pmu_read(&pmu, &b);
	assert_false(pmu_busy_delta(&pmu, PMU_INSTRUCTIONS, &a, &b, &d));
	assert_false(pmu_busy_delta(&pmu, PMU_UNHALTED_CYCLES, &a, &b, &d));
	assert_true(pmu_busy_delta(&pmu, PMU_SMIS, &a, &b, &d));
	assert_int_equal(d, 0);
	fake_add(MSR_AMD_PERF_CTR + 2, 5000);
	pmu_read(&pmu, &b);
	assert_true(pmu_busy_delta(&pmu, PMU_UNHALTED_CYCLES, &a, &b, &d));
	assert_int_equal(d, 5000);
}

/* PMCx0AF's unit mask per model: Hygon 18h model 0 (Dhyana, the Zen1 core)
 * takes Zen1's 0x40; model 7h (the seed's) gets the same mask marked
 * unverified, since no source gives Hygon's event list; AMD 17h as before. */
static void test_stall_umask_is_marked_unverified_where_no_source_confirms_it(void **state)
{
	(void)state;
	load("hygon_c86_7185.txt");
	fake_amd(true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_string_equal(event_text(PMU_STALL_CYCLES), "pmc2 event=0xAF umask=0x40");
	cpuid_table_set(&table, 1, 0, 0x00900f71, 0x3b400800, 0x7cd83209, 0x178bfbff);
	redecode();
	assert_int_equal(id.model, 0x7);
	fake_amd(true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_string_equal(event_text(PMU_STALL_CYCLES), "pmc2 event=0xAF umask=0x40 unverified");
	assert_string_equal(event_text(PMU_UNHALTED_CYCLES), "pmc1 event=0x76 umask=0x00");
	load("amd_ryzen7_1800x.txt");
	fake_amd(true);
	pmu_setup(&pmu, &id, &feat, &fake_ops);
	assert_string_equal(event_text(PMU_STALL_CYCLES), "pmc2 event=0xAF umask=0x40");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hygon_ext_core_avoids_irperf_for_erratum_1054),
		cmocka_unit_test(test_amd_zen3_uses_irperf),
		cmocka_unit_test(test_restore_puts_the_firmware_state_back),
		cmocka_unit_test(test_one_thread_active_only_on_big_cores),
		cmocka_unit_test(test_hygon_skips_firmware_owned_counters),
		cmocka_unit_test(test_amd_legacy_counters_without_irperf),
		cmocka_unit_test(test_amd_legacy_runs_out_of_counters),
		cmocka_unit_test(test_amd_irperf_unwritable_falls_back_to_counter),
		cmocka_unit_test(test_amd_stall_mask_by_model),
		cmocka_unit_test(test_amd_faulting_wrmsr),
		cmocka_unit_test(test_intel_fixed_counters_free),
		cmocka_unit_test(test_intel_firmware_owned_fixed_counter),
		cmocka_unit_test(test_intel_core2_gp_only),
		cmocka_unit_test(test_intel_without_leaf_0a),
		cmocka_unit_test(test_intel_global_ctrl_write_faults),
		cmocka_unit_test(test_hypervisor_gets_no_pmu),
		cmocka_unit_test(test_delta_wraps_at_counter_width),
		cmocka_unit_test(test_meta_lines),
		cmocka_unit_test(test_perfmon_v2_global_ctl_is_set_for_our_counters_and_restored),
		cmocka_unit_test(test_pmu_that_does_not_count_over_a_busy_loop_is_not_counting),
		cmocka_unit_test(test_zero_over_a_busy_sample_is_no_count),
		cmocka_unit_test(test_stall_umask_is_marked_unverified_where_no_source_confirms_it),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
