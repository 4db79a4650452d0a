/* stats/analysis.c on hand-made boots: the cells are paired t estimates of
 * log ratios computed here by hand (alternating ±e around a known ratio:
 * mean log = log ratio, sd = e sqrt(n / (n - 1)), t(9, 0.975) =
 * 2.2621571627982 from tables), the Holm family holds the per-workload cells
 * of the non-baseline, non-control modes only, the controls' verdicts follow
 * their intervals, and the primary half-width is the wider class's. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "stats/analysis.h"

enum { HLT, MWAIT, SPIN, HLT2, SPIKE, MODES };
enum { W_INT, W_FP, WORKLOADS };
#define REPS 10
#define T9 2.2621571627982

static double cpi[WORKLOADS * MODES * REPS];
static struct analysis a;

/* Workload w in mode m: ratio x base, times e^(+e) on even reps and e^(-e) on odd ones. */
static void fill(size_t w, size_t m, double ratio, double e)
{
	for (size_t r = 0; r < REPS; r++)
		cpi[(w * MODES + m) * REPS + r] = 1000.0 * ratio * exp(r % 2 ? -e : e);
}

static const bool workload_used[WORKLOADS] = { true, true };
static const int workload_class[WORKLOADS] = { ANALYSIS_CLASS_INT, ANALYSIS_CLASS_FP };
static const bool mode_used[MODES] = { true, true, true, true, true };

static struct analysis_input input(size_t reps)
{
	return (struct analysis_input){ .workloads = WORKLOADS, .modes = MODES, .reps = reps, .cpi = cpi,
					.workload_used = workload_used, .workload_class = workload_class,
					.mode_used = mode_used, .baseline = HLT, .primary = MWAIT, .aa = HLT2,
					.spike = SPIKE };
}

/* Mark repetitions n.. of every cell missing (0), as a run that stopped early
 * leaves them: the layout keeps its REPS stride. */
static void keep_reps(size_t n)
{
	for (size_t i = 0; i < WORKLOADS * MODES; i++)
		for (size_t r = n; r < REPS; r++)
			cpi[i * REPS + r] = 0;
}

/* A plausible boot: mwait +10 % (int) and +20 % (fp), spin +5 %, hlt2 0, spike +1 %. */
static void plausible_boot(void)
{
	for (size_t w = 0; w < WORKLOADS; w++) {
		fill(w, HLT, 1.0, 0);
		fill(w, SPIN, 1.05, w ? 0.004 : 0.03);
		fill(w, HLT2, 1.0, 0.002);
		fill(w, SPIKE, 1.01, 0.002);
	}
	fill(W_INT, MWAIT, 1.10, 0.01);
	fill(W_FP, MWAIT, 1.20, 0.02);
}

/* The hand-computed paired t interval of ratio with alternating ±e over REPS blocks. */
static void expect_interval(const struct stats_slowdown *s, double ratio, double e)
{
	double sd = e * sqrt((double)REPS / (REPS - 1)), half = T9 * sd / sqrt((double)REPS);
	assert_int_equal(s->status, STATS_INTERVAL);
	assert_int_equal(s->n, REPS);
	assert_true(fabs(s->value_pct - (ratio - 1) * 100) < 1e-9);
	assert_true(fabs(s->lo_pct - (ratio * exp(-half) - 1) * 100) < 1e-6);
	assert_true(fabs(s->hi_pct - (ratio * exp(half) - 1) * 100) < 1e-6);
	assert_true(fabs(s->sd_log - sd) < 1e-12);
}

static void test_cells_are_hand_computed_paired_t_intervals_with_mde(void **state)
{
	(void)state;
	plausible_boot();
	struct analysis_input in = input(REPS);
	assert_true(analysis_run(&in, &a));
	expect_interval(&a.cell[W_INT][MWAIT].s, 1.10, 0.01);
	expect_interval(&a.cell[W_FP][MWAIT].s, 1.20, 0.02);
	expect_interval(&a.cell[W_INT][SPIN].s, 1.05, 0.03);
	/* MDE = exp((t(9, .975) + t(9, .8)) se) - 1 with se = sd / sqrt(n) (scipy: 2.262157 + 0.883029). */
	double se = 0.01 * sqrt(10.0 / 9) / sqrt(10.0);
	assert_true(fabs(a.cell[W_INT][MWAIT].mde_pct - (exp(3.145561022426512 * se) - 1) * 100) < 1e-7);
	/* The int class is the one int workload: its geomean is that workload's estimate. */
	expect_interval(&a.cls[ANALYSIS_CLASS_INT][MWAIT].s, 1.10, 0.01);
	/* All workloads: per block the mean of the two d (both alternate in phase). */
	expect_interval(&a.cls[ANALYSIS_CLASS_ALL][MWAIT].s, sqrt(1.10 * 1.20), 0.015);
	assert_int_equal(a.cls_workloads[ANALYSIS_CLASS_ALL], 2);
	/* The baseline against itself is no estimate. */
	assert_false(a.cell[W_INT][HLT].have);
}

static void test_holm_family_excludes_baseline_and_controls(void **state)
{
	(void)state;
	plausible_boot();
	struct analysis_input in = input(REPS);
	assert_true(analysis_run(&in, &a));
	/* mwait and spin x 2 workloads: hlt, hlt2 and spike are not in it. */
	assert_int_equal(a.family, 4);
	assert_true(isnan(a.cell[W_INT][HLT2].p_holm));
	assert_true(isnan(a.cell[W_INT][SPIKE].p_holm));
	assert_false(isnan(a.cell[W_INT][HLT2].p));
	/* Holm: the largest of the 4 p-values (spin on the noisy int workload) keeps its
	 * value, the smallest is multiplied by 4. */
	const struct analysis_cell *noisy = &a.cell[W_INT][SPIN];
	assert_true(noisy->p > a.cell[W_FP][SPIN].p && noisy->p > a.cell[W_INT][MWAIT].p);
	assert_true(fabs(noisy->p_holm - noisy->p) < 1e-15);
	double smallest = 1;
	const struct analysis_cell *min_cell = NULL;
	const struct analysis_cell *family[] = { &a.cell[W_INT][MWAIT], &a.cell[W_FP][MWAIT], &a.cell[W_INT][SPIN],
						 &a.cell[W_FP][SPIN] };
	for (size_t i = 0; i < 4; i++)
		if (family[i]->p < smallest) {
			smallest = family[i]->p;
			min_cell = family[i];
		}
	assert_non_null(min_cell);
	assert_true(fabs(min_cell->p_holm - fmin(1.0, 4 * smallest)) <= 1e-12 * (1 + 4 * smallest));
}

static void test_controls_pass_fail_and_na(void **state)
{
	(void)state;
	plausible_boot();
	struct analysis_input in = input(REPS);
	assert_true(analysis_run(&in, &a));
	assert_int_equal(a.aa, ANALYSIS_PASS);
	assert_int_equal(a.spike, ANALYSIS_PASS);
	/* hlt2 3 % slow and spike without its 1 %: both intervals miss the known effect. */
	fill(W_INT, HLT2, 1.03, 0.002);
	fill(W_FP, HLT2, 1.03, 0.002);
	fill(W_INT, SPIKE, 1.0, 0.002);
	fill(W_FP, SPIKE, 1.0, 0.002);
	assert_true(analysis_run(&in, &a));
	assert_int_equal(a.aa, ANALYSIS_FAIL);
	assert_int_equal(a.spike, ANALYSIS_FAIL);
	assert_string_equal(analysis_verdict_name(a.aa), "fail");
	/* Five blocks: values but no interval, so no verdict. */
	plausible_boot();
	keep_reps(5);
	in = input(REPS);
	assert_true(analysis_run(&in, &a));
	assert_int_equal(a.aa, ANALYSIS_NO_INTERVAL);
	assert_string_equal(analysis_verdict_name(a.spike), "n/a");
	/* Not measured. */
	plausible_boot();
	in = input(REPS);
	in.aa = ANALYSIS_NONE;
	assert_true(analysis_run(&in, &a));
	assert_int_equal(a.aa, ANALYSIS_ABSENT);
	assert_int_equal(a.spike, ANALYSIS_PASS);
}

/* busy: >= 5 % on a pair taken for siblings is ok, less is topology
 * suspect, the point estimate decides (no interval needed), and a pair
 * that is not siblings gets no verdict. */
static void test_busy_verdict_rule(void **state)
{
	struct analysis_cell c = { .have = true };

	(void)state;
	c.s.value_pct = 12.0;
	assert_int_equal(analysis_busy_judge(&c, true), ANALYSIS_BUSY_OK);
	c.s.value_pct = ANALYSIS_BUSY_MIN_PCT;
	assert_int_equal(analysis_busy_judge(&c, true), ANALYSIS_BUSY_OK);
	c.s.value_pct = 4.99;
	assert_int_equal(analysis_busy_judge(&c, true), ANALYSIS_BUSY_TOPOLOGY_SUSPECT);
	assert_string_equal(analysis_busy_verdict_name(analysis_busy_judge(&c, true)), "topology_suspect");
	c.s.value_pct = -0.64; /* QEMU TCG: the vCPUs share no core */
	assert_int_equal(analysis_busy_judge(&c, true), ANALYSIS_BUSY_TOPOLOGY_SUSPECT);
	assert_int_equal(analysis_busy_judge(&c, false), ANALYSIS_BUSY_NOT_JUDGED);
	c.s.value_pct = 30.0;
	assert_int_equal(analysis_busy_judge(&c, false), ANALYSIS_BUSY_NOT_JUDGED);
	assert_string_equal(analysis_busy_verdict_name(ANALYSIS_BUSY_NOT_JUDGED), "not_judged");
	assert_string_equal(analysis_busy_verdict_name(ANALYSIS_BUSY_OK), "ok");
	c.s.value_pct = NAN;
	assert_int_equal(analysis_busy_judge(&c, true), ANALYSIS_BUSY_ABSENT);
	c = (struct analysis_cell){ .have = false };
	c.s.value_pct = 20.0;
	assert_int_equal(analysis_busy_judge(&c, true), ANALYSIS_BUSY_ABSENT);
	assert_string_equal(analysis_busy_verdict_name(ANALYSIS_BUSY_ABSENT), "absent");
}

/* A mode marked a control (busy) leaves the Holm family like hlt2 and spike. */
static void test_mode_control_leaves_the_holm_family(void **state)
{
	static const bool control[MODES] = { [SPIN] = true };

	(void)state;
	plausible_boot();
	struct analysis_input in = input(REPS);
	in.mode_control = control;
	assert_true(analysis_run(&in, &a));
	assert_int_equal(a.family, 2); /* mwait x 2 workloads */
	assert_true(isnan(a.cell[W_INT][SPIN].p_holm));
	assert_false(isnan(a.cell[W_INT][SPIN].p));
	assert_false(isnan(a.cell[W_INT][MWAIT].p_holm));
}

static void test_primary_half_width_is_the_wider_class(void **state)
{
	(void)state;
	plausible_boot();
	struct analysis_input in = input(REPS);
	assert_true(analysis_run(&in, &a));
	/* fp is noisier (e = 0.02): its half-width is the primary's, on the
	 * precision target's scale: exp(t(9, .975) se) - 1, not (hi - lo) / 2,
	 * which grows with the effect (t(9, .975) = 2.2621571627409915, scipy). */
	const struct stats_slowdown *fp = &a.cls[ANALYSIS_CLASS_FP][MWAIT].s;
	assert_true(fabs(a.primary_half_width_pct - (exp(2.2621571627409915 * fp->se_log) - 1) * 100) < 1e-9);
	assert_true(a.primary_half_width_pct < (fp->hi_pct - fp->lo_pct) / 2); /* a 20 % effect widens the latter */
	const struct stats_slowdown *in_ = &a.cls[ANALYSIS_CLASS_INT][MWAIT].s;
	assert_true(a.primary_half_width_pct > (exp(2.2621571627409915 * in_->se_log) - 1) * 100);
	/* Without an interval for one class there is no half-width. */
	keep_reps(5);
	assert_true(analysis_run(&in, &a));
	assert_true(isnan(a.primary_half_width_pct));
}

static void test_malformed_input_is_refused(void **state)
{
	(void)state;
	struct analysis_input in = input(REPS);
	in.baseline = MODES;
	assert_false(analysis_run(&in, &a));
	in = input(STATS_MAX_REPS + 1);
	assert_false(analysis_run(&in, &a));
}

/* A missing sample (0: not taken, or its checksum was bad) drops its block
 * from its cell, and its repetition from every class geomean that needs that
 * workload; the spike-in is judged only over the workloads flagged exact. */
static void test_missing_samples_drop_their_blocks_and_spike_uses_exact_workloads(void **state)
{
	static const bool exact[WORKLOADS] = { true, false };

	(void)state;
	plausible_boot();
	cpi[(W_INT * MODES + MWAIT) * REPS + 3] = 0;
	cpi[(W_FP * MODES + HLT) * REPS + 7] = __builtin_nan("");
	struct analysis_input in = input(REPS);
	assert_true(analysis_run(&in, &a));
	assert_int_equal(a.cell[W_INT][MWAIT].s.n, 9);
	assert_int_equal(a.cell[W_FP][MWAIT].s.n, 9);  /* its hlt sample of rep 7 is missing */
	assert_int_equal(a.cell[W_FP][SPIN].s.n, 9);
	assert_int_equal(a.cell[W_INT][SPIN].s.n, 10);
	assert_int_equal(a.cls[ANALYSIS_CLASS_INT][MWAIT].s.n, 9);
	assert_int_equal(a.cls[ANALYSIS_CLASS_FP][MWAIT].s.n, 9);
	assert_int_equal(a.cls[ANALYSIS_CLASS_ALL][MWAIT].s.n, 8); /* reps 3 and 7 both out */
	assert_int_equal(a.cls[ANALYSIS_CLASS_ALL][MWAIT].s.status, STATS_TOO_FEW); /* 8 < 10: value only */
	assert_int_equal(a.cell[W_INT][SPIN].s.status, STATS_INTERVAL);

	plausible_boot();
	fill(W_FP, SPIKE, 1.03, 0.002); /* fp: 1 % more iterations is not 1 % more work */
	in.spike_exact = exact;
	assert_true(analysis_run(&in, &a));
	assert_int_equal(a.spike_workloads, 1);
	assert_int_equal(a.spike, ANALYSIS_PASS);                 /* int alone: +1 % */
	in.spike_exact = NULL;                                     /* judged over both: fails */
	assert_true(analysis_run(&in, &a));
	assert_int_equal(a.spike_workloads, 2);
	assert_int_equal(a.spike, ANALYSIS_FAIL);
	/* No exact workload: measured but not judged. */
	static const bool none[WORKLOADS] = { false, false };
	in.spike_exact = none;
	assert_true(analysis_run(&in, &a));
	assert_int_equal(a.spike_workloads, 0);
	assert_int_equal(a.spike, ANALYSIS_NO_INTERVAL);
}

/* The core-clock split: a 10 % rise of TSC cycles per iteration with core
 * cycles (ΔAPERF) per iteration unchanged is all frequency: core slowdown 0,
 * freq_ratio 1.10; a rise in both is all lost work per clock. */
static void test_clock_split_tells_frequency_from_work_per_clock(void **state)
{
	static double core[WORKLOADS * MODES * REPS];

	(void)state;
	plausible_boot(); /* int mwait: TSC cycles +10 %, alternating noise */
	for (size_t i = 0; i < WORKLOADS * MODES * REPS; i++)
		core[i] = 0;
	for (size_t r = 0; r < REPS; r++) {
		/* int: core cycles the same in hlt and mwait (the clock slowed down) */
		core[(W_INT * MODES + HLT) * REPS + r] = 800.0 * (r % 2 ? 0.99 : 1.01);
		core[(W_INT * MODES + MWAIT) * REPS + r] = 800.0 * (r % 2 ? 0.99 : 1.01);
		/* fp: core cycles up 20 % like the time (the clock did not change) */
		core[(W_FP * MODES + HLT) * REPS + r] = cpi[(W_FP * MODES + HLT) * REPS + r] * 0.8;
		core[(W_FP * MODES + MWAIT) * REPS + r] = cpi[(W_FP * MODES + MWAIT) * REPS + r] * 0.8;
	}
	struct analysis_input in = input(REPS);
	in.core_cpi = core;
	assert_true(analysis_run(&in, &a));
	const struct analysis_clock *ki = &a.clock[W_INT][MWAIT], *kf = &a.clock[W_FP][MWAIT];
	assert_true(ki->have && kf->have);
	assert_true(fabs(ki->core.value_pct) < 1e-9);
	assert_true(fabs(ki->freq_ratio - 1.10) < 1e-9);
	assert_true(fabs(kf->core.value_pct - 20.0) < 1e-9);
	assert_true(fabs(kf->freq_ratio - 1.0) < 1e-9);
	/* (1 + time) = (1 + core) x freq_ratio */
	const struct stats_slowdown *t = &a.cell[W_INT][MWAIT].s;
	assert_true(fabs((1 + t->value_pct / 100) - (1 + ki->core.value_pct / 100) * ki->freq_ratio) < 1e-9);
	/* One block without APERF: the split would use other blocks than the
	 * time slowdown, so the identity would not hold; there is none. */
	double kept = core[(W_FP * MODES + MWAIT) * REPS + 4];
	core[(W_FP * MODES + MWAIT) * REPS + 4] = 0;
	assert_true(analysis_run(&in, &a));
	assert_false(a.clock[W_FP][MWAIT].have);
	assert_true(isnan(a.clock[W_FP][MWAIT].freq_ratio));
	assert_true(a.clock[W_INT][MWAIT].have);
	core[(W_FP * MODES + MWAIT) * REPS + 4] = kept;
	/* Without core cycles (no APERF) there is no split. */
	assert_false(a.clock[W_INT][SPIN].have);
	assert_true(isnan(a.clock[W_INT][SPIN].freq_ratio));
}

/* A probe (class -1) is in no class geomean, not even all, and not in the
 * Holm family; the controls, which check the instrument, still take it. */
static void test_class_minus_one_is_in_no_geomean_or_holm_family(void **state)
{
	static const int probe_fp[WORKLOADS] = { ANALYSIS_CLASS_INT, -1 };
	(void)state;
	plausible_boot();
	struct analysis_input in = input(REPS);
	assert_true(analysis_run(&in, &a));
	size_t family_both = a.family;
	in.workload_class = probe_fp;
	assert_true(analysis_run(&in, &a));
	/* all = int alone now: +10 % with the int workload's noise */
	assert_int_equal(a.cls_workloads[ANALYSIS_CLASS_ALL], 1);
	assert_int_equal(a.cls_workloads[ANALYSIS_CLASS_FP], 0);
	expect_interval(&a.cls[ANALYSIS_CLASS_ALL][MWAIT].s, 1.10, 0.01);
	/* the probe's own cell is still estimated, outside the family */
	expect_interval(&a.cell[W_FP][MWAIT].s, 1.20, 0.02);
	assert_true(isnan(a.cell[W_FP][MWAIT].p_holm));
	assert_int_equal(a.family, family_both / 2);
	/* the controls over both workloads */
	assert_int_equal(a.spike_workloads, 2);
	assert_true(a.aa_cell.have);
	assert_int_equal(a.aa_cell.s.n, REPS);
	assert_int_equal(a.aa, ANALYSIS_PASS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cells_are_hand_computed_paired_t_intervals_with_mde),
		cmocka_unit_test(test_holm_family_excludes_baseline_and_controls),
		cmocka_unit_test(test_controls_pass_fail_and_na),
		cmocka_unit_test(test_busy_verdict_rule),
		cmocka_unit_test(test_mode_control_leaves_the_holm_family),
		cmocka_unit_test(test_primary_half_width_is_the_wider_class),
		cmocka_unit_test(test_malformed_input_is_refused),
		cmocka_unit_test(test_missing_samples_drop_their_blocks_and_spike_uses_exact_workloads),
		cmocka_unit_test(test_clock_split_tells_frequency_from_work_per_clock),
		cmocka_unit_test(test_class_minus_one_is_in_no_geomean_or_holm_family),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
