/* Coverage of the intervals on simulated experiments with a known truth
 * (stats_simulation.h), and of the methods they replace.
 *
 * The scenario is a bare-metal run as the standard preset takes it: 11 reps
 * per boot, 4 workloads, hlt and one mode 5 % slower on average (each
 * workload's own effect spread by 2 %), per-sample noise 0.4 % with heavy
 * tails, a slow AR(1) drift of 1 % (coefficient 0.98 per sample), and
 * between boots a 1 % boot x mode effect and a 2 % boot x workload effect.
 *
 * A 95 % interval should hold its target in 93-97 % of experiments (the
 * binomial standard error of a coverage over 4000 cells is about 0.35 %,
 * and cells of one experiment share a boot, so the band is several standard
 * errors wide). Every test is seeded: its figures are the same on every run
 * and printed so they can be quoted. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "stats/inference.h"
#include "stats/stats.h"
#include "tests/unit/stats/stats_simulation.h"

#define EXPERIMENTS 1000

static struct sim_experiment x;
static double replicates[SIM_MAX_WORKLOADS][STATS_BOOTSTRAP];

static struct sim_params standard_scenario(void)
{
	struct sim_params p = {
		.boots = 1, .reps = 11, .workloads = 4, .modes = 2,
		.mode_effect = { 0, 0.05 }, .workload_effect_sd = 0.02,
		.boot_mode_sd = 0.01, .boot_workload_sd = 0.02,
		.drift_sd = 0.01, .drift_phi = 0.98,
		.noise_sd = 0.004, .noise = SIM_NOISE_T4,
	};
	return p;
}

/* Hits out of trials, plus the mean interval width (log-ratio units). */
struct coverage {
	size_t hits, trials;
	double width;
};

static void count(struct coverage *c, double lo, double hi, double truth)
{
	c->hits += lo <= truth && truth <= hi;
	c->trials++;
	c->width += hi - lo;
}

/* Count an estimate against a true log effect (intervals compared in %). */
static void count_slowdown(struct coverage *c, const struct stats_slowdown *s, double true_log)
{
	assert_int_equal(s->status, STATS_INTERVAL);
	count(c, s->lo_pct, s->hi_pct, expm1(true_log) * 100);
}

/* Count an old-style ratio interval against a true log effect. */
static void count_ratio(struct coverage *c, struct stats_interval r, double true_log)
{
	count(c, (r.lo - 1) * 100, (r.hi - 1) * 100, expm1(true_log) * 100);
}

static double percent(const struct coverage *c)
{
	return 100.0 * (double)c->hits / (double)c->trials;
}

static double mean_width(const struct coverage *c)
{
	return c->width / (double)c->trials;
}

static void report(const char *what, const struct coverage *c)
{
	print_message("%-62s %5.1f %% of %5zu (mean width %.2f %%)\n", what, percent(c), c->trials, mean_width(c));
}

static void assert_nominal(const struct coverage *c)
{
	if (!(percent(c) >= 93.0 && percent(c) <= 97.0))
		fail_msg("coverage %.1f %% outside 93-97 %%", percent(c));
}

/* ---- within one boot --------------------------------------------------- */

static void within_boot_paired(enum sim_noise noise, uint64_t seed, struct coverage *c)
{
	struct sim_params p = standard_scenario();
	struct sim_rng r;

	p.noise = noise;
	sim_rng_seed(&r, seed);
	for (size_t e = 0; e < EXPERIMENTS; e++) {
		sim_run(&p, &r, &x);
		const struct sim_boot *b = &x.boot[0];
		for (size_t w = 0; w < p.workloads; w++) {
			struct stats_slowdown s = stats_paired_slowdown(b->cpi[w][1], b->cpi[w][0], p.reps);
			count_slowdown(c, &s, b->own_log_effect[w][1]);
		}
	}
}

/* The paired interval of one workload holds that boot's own effect (the
 * machine's effect plus this boot's boot x mode deviation), despite drift
 * and heavy tails. */
static void test_paired_within_boot_covers_own_effect_t4_noise(void **state)
{
	struct coverage c = { 0, 0, 0 };

	(void)state;
	within_boot_paired(SIM_NOISE_T4, 1, &c);
	report("paired-t, one workload, within boot (t4 noise, drift)", &c);
	assert_nominal(&c);
}

static void test_paired_within_boot_covers_own_effect_contaminated_noise(void **state)
{
	struct coverage c = { 0, 0, 0 };

	(void)state;
	within_boot_paired(SIM_NOISE_CONTAMINATED, 2, &c);
	report("paired-t, one workload, within boot (5 % outliers, drift)", &c);
	assert_nominal(&c);
}

/* The class geomean of the 4 workloads holds the mean of their own effects. */
static void test_class_within_boot_covers_own_effect(void **state)
{
	struct sim_params p = standard_scenario();
	struct coverage c = { 0, 0, 0 };
	struct sim_rng r;

	(void)state;
	sim_rng_seed(&r, 3);
	for (size_t e = 0; e < 4 * EXPERIMENTS; e++) {
		sim_run(&p, &r, &x);
		const struct sim_boot *b = &x.boot[0];
		const double *mode[SIM_MAX_WORKLOADS], *hlt[SIM_MAX_WORKLOADS];
		double truth = 0;
		for (size_t w = 0; w < p.workloads; w++) {
			mode[w] = b->cpi[w][1];
			hlt[w] = b->cpi[w][0];
			truth += b->own_log_effect[w][1] / (double)p.workloads;
		}
		struct stats_slowdown s = stats_class_slowdown(mode, hlt, p.workloads, p.reps);
		count_slowdown(&c, &s, truth);
	}
	report("class-paired-t, 4-workload geomean, within boot", &c);
	assert_nominal(&c);
}

/* ---- across boots ------------------------------------------------------ */

/* Experiment e has 4 + e % 5 boots: 4 to 8. */
static size_t boots_of(size_t e)
{
	return 4 + e % 5;
}

/* The t interval over 4-8 boots holds the machine's effect per workload and
 * for the class geomean, boot x mode effects and all. */
static void test_boots_t_covers_machine_effect(void **state)
{
	struct sim_params p = standard_scenario();
	struct coverage per_workload = { 0, 0, 0 }, per_class = { 0, 0, 0 };
	struct sim_rng r;

	(void)state;
	sim_rng_seed(&r, 4);
	for (size_t e = 0; e < EXPERIMENTS; e++) {
		p.boots = boots_of(e);
		sim_run(&p, &r, &x);
		struct stats_boot boots[SIM_MAX_WORKLOADS][SIM_MAX_BOOTS], class_boots[SIM_MAX_BOOTS];
		for (size_t b = 0; b < p.boots; b++) {
			const double *mode[SIM_MAX_WORKLOADS], *hlt[SIM_MAX_WORKLOADS];
			for (size_t w = 0; w < p.workloads; w++) {
				mode[w] = x.boot[b].cpi[w][1];
				hlt[w] = x.boot[b].cpi[w][0];
				struct stats_slowdown s = stats_paired_slowdown(mode[w], hlt[w], p.reps);
				boots[w][b] = stats_boot_of(&s);
			}
			struct stats_slowdown s = stats_class_slowdown(mode, hlt, p.workloads, p.reps);
			class_boots[b] = stats_boot_of(&s);
		}
		double truth = 0;
		for (size_t w = 0; w < p.workloads; w++) {
			struct stats_slowdown s = stats_across_boots(boots[w], p.boots);
			assert_false(s.within_boot_only);
			count_slowdown(&per_workload, &s, x.log_effect[w][1]);
			truth += x.log_effect[w][1] / (double)p.workloads;
		}
		struct stats_slowdown s = stats_across_boots(class_boots, p.boots);
		count_slowdown(&per_class, &s, truth);
	}
	report("boots-t, one workload, 4-8 boots, machine effect", &per_workload);
	report("boots-t, class geomean, 4-8 boots, machine effect", &per_class);
	assert_nominal(&per_workload);
	assert_nominal(&per_class);
}

/* One boot's interval is about that boot: read as the machine's effect it
 * misses whenever the boot x mode deviation exceeds its half-width. This is
 * why a one-boot estimate says "within this boot only". */
static void test_one_boot_interval_misses_machine_effect(void **state)
{
	struct sim_params p = standard_scenario();
	struct coverage c = { 0, 0, 0 };
	struct sim_rng r;

	(void)state;
	sim_rng_seed(&r, 5);
	for (size_t e = 0; e < EXPERIMENTS; e++) {
		sim_run(&p, &r, &x);
		for (size_t w = 0; w < p.workloads; w++) {
			struct stats_slowdown one = stats_paired_slowdown(x.boot[0].cpi[w][1], x.boot[0].cpi[w][0], p.reps);
			struct stats_boot b = stats_boot_of(&one);
			struct stats_slowdown s = stats_across_boots(&b, 1);
			assert_true(s.within_boot_only);
			count_slowdown(&c, &s, x.log_effect[w][1]);
		}
	}
	report("one boot's paired-t read as the machine effect (flagged)", &c);
	assert_true(percent(&c) < 90.0);
}

/* ---- the methods these replace ------------------------------------------ */

/* The old within-boot interval (stats_ratio_of_medians: mode and hlt samples
 * resampled independently) ignores that a block's two samples share the
 * drift. Under drift it is not too narrow but far too wide: coverage near
 * 100 % with intervals more than twice the paired ones, i.e. it fails the
 * nominal band on the other side and hides real differences. */
static void test_old_unpaired_bootstrap_within_boot_is_too_wide(void **state)
{
	struct sim_params p = standard_scenario();
	struct coverage old = { 0, 0, 0 }, paired = { 0, 0, 0 };
	struct sim_rng r;

	(void)state;
	sim_rng_seed(&r, 1); /* the experiments of the first paired test */
	for (size_t e = 0; e < EXPERIMENTS; e++) {
		sim_run(&p, &r, &x);
		const struct sim_boot *b = &x.boot[0];
		for (size_t w = 0; w < p.workloads; w++) {
			struct stats_interval o = stats_ratio_of_medians(b->cpi[w][1], p.reps, b->cpi[w][0], p.reps,
									 e << 8 | w, replicates[w]);
			count_ratio(&old, o, b->own_log_effect[w][1]);
			struct stats_slowdown s = stats_paired_slowdown(b->cpi[w][1], b->cpi[w][0], p.reps);
			count_slowdown(&paired, &s, b->own_log_effect[w][1]);
		}
	}
	report("OLD unpaired median bootstrap, within boot (drift)", &old);
	print_message("%-62s %5.2fx\n", "  its mean width over the paired-t width", mean_width(&old) / mean_width(&paired));
	assert_true(percent(&old) > 97.0);
	assert_true(mean_width(&old) > 2 * mean_width(&paired));
}

/* The old report pooled all boots' samples of a (workload, mode) as one
 * group and bootstrapped that, as if the boots were one long boot: the
 * boot x mode variation never enters the interval, and the class geomean,
 * whose within-boot noise averages out over workloads, misses most. */
static void test_old_pooled_bootstrap_across_boots_undercovers(void **state)
{
	struct sim_params p = standard_scenario();
	struct coverage per_workload = { 0, 0, 0 }, per_class = { 0, 0, 0 };
	struct sim_rng r;

	(void)state;
	sim_rng_seed(&r, 4); /* the experiments of the boots-t test */
	for (size_t e = 0; e < EXPERIMENTS; e++) {
		p.boots = boots_of(e);
		sim_run(&p, &r, &x);
		double ratios[SIM_MAX_WORKLOADS], truth = 0;
		const double *reps[SIM_MAX_WORKLOADS];
		for (size_t w = 0; w < p.workloads; w++) {
			double mode[SIM_MAX_BOOTS * SIM_MAX_REPS], hlt[SIM_MAX_BOOTS * SIM_MAX_REPS];
			size_t n = 0;
			for (size_t b = 0; b < p.boots; b++, n += p.reps) {
				memcpy(mode + n, x.boot[b].cpi[w][1], p.reps * sizeof mode[0]);
				memcpy(hlt + n, x.boot[b].cpi[w][0], p.reps * sizeof hlt[0]);
			}
			struct stats_interval o = stats_ratio_of_medians(mode, n, hlt, n, e << 8 | w, replicates[w]);
			count_ratio(&per_workload, o, x.log_effect[w][1]);
			ratios[w] = o.value;
			reps[w] = replicates[w];
			truth += x.log_effect[w][1] / (double)p.workloads;
		}
		count_ratio(&per_class, stats_geomean_interval(ratios, reps, p.workloads), truth);
	}
	report("OLD pooled-boots median bootstrap, one workload, 4-8 boots", &per_workload);
	report("OLD pooled-boots median bootstrap, class geomean, 4-8 boots", &per_class);
	assert_true(percent(&per_workload) < 90.0);
	assert_true(percent(&per_class) < 90.0);
}

/* ---- exact answers without noise --------------------------------------- */

/* Every mode sample 1.01 x its hlt sample, hlt drifting between reps: +1 %
 * to rounding (the two logarithms differ by a few ulp), with an interval
 * of the same, and 1.00 when printed with two decimals. */
static void test_spike_in_one_percent_gives_one_percent(void **state)
{
	double hlt[20], mode[20];
	const double *m[] = { mode, mode }, *h[] = { hlt, hlt };

	(void)state;
	for (size_t r = 0; r < 20; r++) {
		hlt[r] = 1000.0 * (1 + 0.05 * sin((double)r));
		mode[r] = hlt[r] * 1.01;
	}
	struct stats_slowdown s[] = { stats_paired_slowdown(mode, hlt, 20), stats_class_slowdown(m, h, 2, 20) };
	for (size_t i = 0; i < 2; i++) {
		char text[16];
		assert_int_equal(s[i].status, STATS_INTERVAL);
		assert_true(fabs(s[i].value_pct - 1.0) < 1e-10);
		assert_true(fabs(s[i].lo_pct - 1.0) < 1e-10 && fabs(s[i].hi_pct - 1.0) < 1e-10);
		snprintf(text, sizeof text, "%.2f", s[i].value_pct);
		assert_string_equal(text, "1.00");
	}
	struct stats_boot b[3] = { stats_boot_of(&s[0]), stats_boot_of(&s[0]), stats_boot_of(&s[0]) };
	struct stats_slowdown across = stats_across_boots(b, 3);
	assert_true(fabs(across.value_pct - 1.0) < 1e-10 && across.lo_pct == across.hi_pct);
}

/* A/A: the mode's samples are the hlt samples. Exactly 0 with interval [0, 0]. */
static void test_aa_gives_exactly_zero(void **state)
{
	double hlt[12];
	const double *h[] = { hlt, hlt, hlt };

	(void)state;
	for (size_t r = 0; r < 12; r++)
		hlt[r] = 500.0 + 37.0 * (double)(r % 5);
	struct stats_slowdown s[] = { stats_paired_slowdown(hlt, hlt, 12), stats_class_slowdown(h, h, 3, 12) };
	for (size_t i = 0; i < 2; i++) {
		assert_int_equal(s[i].status, STATS_INTERVAL);
		assert_true(s[i].value_pct == 0.0 && s[i].lo_pct == 0.0 && s[i].hi_pct == 0.0);
		assert_true(s[i].se_log == 0.0);
	}
	struct stats_boot b[2] = { stats_boot_of(&s[0]), stats_boot_of(&s[1]) };
	struct stats_slowdown across = stats_across_boots(b, 2);
	assert_true(across.value_pct == 0.0 && across.lo_pct == 0.0 && across.hi_pct == 0.0);
}

/* ---- two groups of boots (idlebench compare) ----------------------------- */

static struct sim_experiment xb;

/* Per workload the boots-t estimate of one simulated group. */
static void group_estimates(const struct sim_params *p, const struct sim_experiment *e,
			    struct stats_slowdown *out)
{
	for (size_t w = 0; w < p->workloads; w++) {
		struct stats_boot boots[SIM_MAX_BOOTS];
		for (size_t b = 0; b < p->boots; b++) {
			struct stats_slowdown s = stats_paired_slowdown(e->boot[b].cpi[w][1], e->boot[b].cpi[w][0], p->reps);
			boots[b] = stats_boot_of(&s);
		}
		out[w] = stats_across_boots(boots, p->boots);
	}
}

/* Two groups of 3-8 boots (B before A's changes: another kernel, another
 * BIOS setting), B's mode 3 % slower than A's and its boots noisier (boot x
 * mode sd 2 % against 1 %, so the variances differ and Welch matters): the
 * interval of the difference holds the true difference B - A; and with no
 * true difference the verdict says "distinguishable" about 5 % of the time. */
static void compare_groups(double b_extra, uint64_t seed, struct coverage *c, size_t *distinguishable)
{
	struct sim_params pa = standard_scenario(), pb = standard_scenario();
	struct sim_rng r;

	/* one machine, one set of workloads: the change moves every workload's
	 * effect by the same b_extra, so the truth is known exactly */
	pa.workload_effect_sd = pb.workload_effect_sd = 0;
	pb.mode_effect[1] += b_extra;
	pb.boot_mode_sd = 0.02;
	sim_rng_seed(&r, seed);
	*distinguishable = 0;
	for (size_t e = 0; e < EXPERIMENTS; e++) {
		pa.boots = 3 + e % 6;
		pb.boots = 3 + (e / 6) % 6;
		sim_run(&pa, &r, &x);
		sim_run(&pb, &r, &xb);
		struct stats_slowdown a[SIM_MAX_WORKLOADS], b[SIM_MAX_WORKLOADS];
		group_estimates(&pa, &x, a);
		group_estimates(&pb, &xb, b);
		for (size_t w = 0; w < pa.workloads; w++) {
			struct stats_difference d = stats_difference_of(&a[w], &b[w]);
			assert_int_equal(d.status, STATS_INTERVAL);
			assert_false(d.within_boot_only);
			count(c, d.lo_pct, d.hi_pct, expm1(xb.log_effect[w][1] - x.log_effect[w][1]) * 100);
			*distinguishable += stats_difference_distinguishable(&d);
		}
	}
}

static void test_difference_covers_known_difference(void **state)
{
	struct coverage c = { 0, 0, 0 };
	size_t seen;

	(void)state;
	compare_groups(0.03, 10, &c, &seen);
	report("Welch difference of two boots-t groups, B 3 % slower", &c);
	print_message("  distinguishable from noise in %zu of %zu\n", seen, c.trials);
	assert_nominal(&c);
	assert_true(seen > c.trials / 4); /* a 3 % change is seen often, not always, at 3-8 boots */
}

static void test_difference_of_equal_groups_is_rarely_distinguishable(void **state)
{
	struct coverage c = { 0, 0, 0 };
	size_t seen;

	(void)state;
	compare_groups(0.0, 11, &c, &seen);
	report("Welch difference of two boots-t groups, no difference", &c);
	print_message("  distinguishable from noise in %zu of %zu (false alarms)\n", seen, c.trials);
	assert_nominal(&c);
	/* with no true difference a false alarm is a miss of 0: near 5 % */
	assert_true(seen >= c.trials * 3 / 100 && seen <= c.trials * 7 / 100);
}

/* The wrong way for comparison: one boot per group, within-boot intervals
 * read as the machines'. It misses the true difference far more than 5 %
 * of the time (and the verdict is flagged within_boot_only). */
static void test_difference_of_single_boots_undercovers(void **state)
{
	struct sim_params p = standard_scenario();
	struct coverage c = { 0, 0, 0 };
	struct sim_rng r;

	(void)state;
	sim_rng_seed(&r, 12);
	for (size_t e = 0; e < EXPERIMENTS; e++) {
		sim_run(&p, &r, &x);
		sim_run(&p, &r, &xb);
		struct stats_slowdown a[SIM_MAX_WORKLOADS], b[SIM_MAX_WORKLOADS];
		group_estimates(&p, &x, a);
		group_estimates(&p, &xb, b);
		for (size_t w = 0; w < p.workloads; w++) {
			struct stats_difference d = stats_difference_of(&a[w], &b[w]);
			assert_true(d.within_boot_only);
			count(&c, d.lo_pct, d.hi_pct, expm1(xb.log_effect[w][1] - x.log_effect[w][1]) * 100);
		}
	}
	report("Welch difference of two single boots (flagged within boot)", &c);
	assert_true(percent(&c) < 90.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_paired_within_boot_covers_own_effect_t4_noise),
		cmocka_unit_test(test_paired_within_boot_covers_own_effect_contaminated_noise),
		cmocka_unit_test(test_class_within_boot_covers_own_effect),
		cmocka_unit_test(test_boots_t_covers_machine_effect),
		cmocka_unit_test(test_difference_covers_known_difference),
		cmocka_unit_test(test_difference_of_equal_groups_is_rarely_distinguishable),
		cmocka_unit_test(test_difference_of_single_boots_undercovers),
		cmocka_unit_test(test_one_boot_interval_misses_machine_effect),
		cmocka_unit_test(test_old_unpaired_bootstrap_within_boot_is_too_wide),
		cmocka_unit_test(test_old_pooled_bootstrap_across_boots_undercovers),
		cmocka_unit_test(test_spike_in_one_percent_gives_one_percent),
		cmocka_unit_test(test_aa_gives_exactly_zero),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
