/* HWCR[26] EffFreqCntMwait per parked CPU (kernel/sibling/mperf_mwait.c),
 * read through a fake MSR map as each parked CPU reads its own: what the
 * amd_mperf_in_mwait meta says, and what a mode's C0 share and idle verdict
 * become when MPERF keeps counting in MWAIT (the seed's mwait must not be
 * dropped as not_idle on a C0 share that is no C0). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/sibling/mperf_mwait.h"
#include "platform/sibling/residency.h"

/* ---- the fake MSR map of the CPU that reads: HWCR present or #GP ---- */
static uint64_t fake_hwcr;
static int fake_hwcr_faults;
static unsigned fake_reads;

static int fake_rd(uint32_t msr, uint64_t *value)
{
	fake_reads++;
	if (msr != MSR_AMD_HWCR_ADDR || fake_hwcr_faults)
		return -1;
	*value = fake_hwcr;
	return 0;
}

/* One parked CPU (APIC apic) reading its HWCR through the fake. */
static struct hwcr_cpu parked(uint32_t apic, uint64_t hwcr, bool faults)
{
	struct hwcr_cpu c = { apic, HWCR_NOT_READ, 0 };
	fake_hwcr = hwcr;
	fake_hwcr_faults = faults;
	c.state = hwcr_read(fake_rd, true, &c.value);
	return c;
}

/* Reset value 0x0000_0000_0100_0010-like HWCRs: TscFreqSel (24) set, bit 26 as given. */
#define HWCR_BASE 0x01000010ull
#define HWCR_COUNTS (HWCR_BASE | (1ull << 26))

static void hwcr_is_read_only_on_amd_and_a_fault_is_no_value(void **state)
{
	(void)state;
	uint64_t v = 7;
	fake_reads = 0;
	assert_int_equal(hwcr_read(fake_rd, false, &v), HWCR_NOT_READ);
	assert_int_equal(fake_reads, 0);
	assert_int_equal(parked(1, HWCR_COUNTS, false).state, HWCR_READ);
	assert_int_equal(parked(1, HWCR_COUNTS, false).value, HWCR_COUNTS);
	assert_int_equal(parked(1, HWCR_COUNTS, true).state, HWCR_FAULTED);
}

static void meta_is_stops_counts_or_unknown_per_parked_cpu(void **state)
{
	(void)state;
	char note[200];
	struct hwcr_cpu all_clear[2] = { parked(1, HWCR_BASE, false), parked(3, HWCR_BASE, false) };
	assert_int_equal(mperf_in_mwait_fold(true, false, all_clear, 2, note, sizeof note), MPERF_MWAIT_STOPS);
	assert_string_equal(mperf_in_mwait_name(MPERF_MWAIT_STOPS), "stops");
	assert_string_equal(note, "");

	struct hwcr_cpu all_set[2] = { parked(1, HWCR_COUNTS, false), parked(3, HWCR_COUNTS, false) };
	assert_int_equal(mperf_in_mwait_fold(true, false, all_set, 2, note, sizeof note), MPERF_MWAIT_COUNTS);
	assert_string_equal(note, "");

	/* the second parked CPU alone has the bit: counts, and the note says who */
	struct hwcr_cpu mixed[2] = { parked(1, HWCR_BASE, false), parked(3, HWCR_COUNTS, false) };
	assert_int_equal(mperf_in_mwait_fold(true, false, mixed, 2, note, sizeof note), MPERF_MWAIT_COUNTS);
	assert_string_equal(mperf_in_mwait_name(MPERF_MWAIT_COUNTS), "counts");
	assert_string_equal(note, "HWCR[26] EffFreqCntMwait set on APIC 3, clear on APIC 1");

	/* one read faulted: unknown, whatever the others say */
	struct hwcr_cpu fault[2] = { parked(1, HWCR_BASE, false), parked(5, 0, true) };
	assert_int_equal(mperf_in_mwait_fold(true, false, fault, 2, note, sizeof note), MPERF_MWAIT_UNKNOWN);
	assert_string_equal(note, "HWCR read faulted on APIC 5");
	assert_string_equal(mperf_in_mwait_name(MPERF_MWAIT_UNKNOWN), "unknown");

	/* a hypervisor's HWCR is its own answer */
	assert_int_equal(mperf_in_mwait_fold(true, true, all_clear, 2, note, sizeof note), MPERF_MWAIT_UNKNOWN);
	assert_non_null(strstr(note, "hypervisor"));

	/* not AMD/Hygon: the meta is empty */
	assert_int_equal(mperf_in_mwait_fold(false, false, all_set, 2, note, sizeof note), MPERF_MWAIT_NOT_AMD);
	assert_string_equal(mperf_in_mwait_name(MPERF_MWAIT_NOT_AMD), "");
}

/* A parked CPU in MWAIT with HWCR[26] set reads ~100 % C0 from MPERF while
 * it returns from MWAIT a few times in the dwell: mwait stays in the plan
 * (decided on wake-ups), its C0 is unknown with a note naming HWCR[26]. */
static void mwait_with_mperf_counting_is_judged_on_wakeups_alone(void **state)
{
	(void)state;
	char note[200], why[160];
	struct hwcr_cpu cpus[2] = { parked(1, HWCR_BASE, false), parked(3, HWCR_COUNTS, false) };
	enum mperf_in_mwait m = mperf_in_mwait_fold(true, false, cpus, 2, note, sizeof note);

	struct mode_c0 v = mode_c0_verdict(IDLE_MWAIT, m, true, "", true, 1998, 1000, 2);
	assert_false(v.known);
	assert_int_equal(v.mean, RESIDENCY_UNKNOWN);
	assert_non_null(strstr(v.why, "HWCR[26] EffFreqCntMwait"));
	assert_null(idleness_judge(3, 20000, v.worst, why, sizeof why));
	/* ... but wake-ups alone still drop a mode that keeps coming back */
	assert_non_null(idleness_judge(5000, 20000, v.worst, why, sizeof why));

	/* every bit clear: MPERF stops in MWAIT, ~100 % C0 is a mode that does not idle */
	struct hwcr_cpu clear[2] = { parked(1, HWCR_BASE, false), parked(3, HWCR_BASE, false) };
	m = mperf_in_mwait_fold(true, false, clear, 2, note, sizeof note);
	v = mode_c0_verdict(IDLE_MWAIT, m, true, "", true, 1998, 1000, 2);
	assert_true(v.known);
	assert_int_equal(v.mean, 999);
	assert_null(v.why);
	assert_non_null(idleness_judge(3, 20000, v.worst, why, sizeof why));

	/* unknown (a fault): no C0 either */
	struct hwcr_cpu fault[1] = { parked(1, 0, true) };
	m = mperf_in_mwait_fold(true, false, fault, 1, note, sizeof note);
	v = mode_c0_verdict(IDLE_MWAIT, m, true, "", true, 1000, 1000, 1);
	assert_false(v.known);
	assert_null(idleness_judge(3, 20000, v.worst, why, sizeof why));

	/* Intel (no HWCR): MPERF counts in C0 only, the share stands */
	v = mode_c0_verdict(IDLE_MWAIT, MPERF_MWAIT_NOT_AMD, true, "", true, 40, 30, 2);
	assert_true(v.known);
	assert_int_equal(v.mean, 20);
}

/* HWCR[26] names MWAIT alone: hlt's and ioport's shares stand with it set. */
static void other_modes_keep_their_c0_share(void **state)
{
	(void)state;
	struct mode_c0 v = mode_c0_verdict(IDLE_HLT, MPERF_MWAIT_COUNTS, true, "", true, 60, 40, 2);
	assert_true(v.known);
	assert_int_equal(v.mean, 30);
	assert_int_equal(v.worst, 40);
	v = mode_c0_verdict(IDLE_IOPORT, MPERF_MWAIT_UNKNOWN, true, "", true, 10, 10, 1);
	assert_true(v.known);
	/* MPERF not counting at all: the MPERF reason, for every mode */
	v = mode_c0_verdict(IDLE_HLT, MPERF_MWAIT_STOPS, false, "MPERF stuck", true, 0, 0, 2);
	assert_false(v.known);
	assert_string_equal(v.why, "MPERF stuck");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hwcr_is_read_only_on_amd_and_a_fault_is_no_value),
		cmocka_unit_test(meta_is_stops_counts_or_unknown_per_parked_cpu),
		cmocka_unit_test(mwait_with_mperf_counting_is_judged_on_wakeups_alone),
		cmocka_unit_test(other_modes_keep_their_c0_share),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
