/* The report's statistics against an independent computation: the schema 2
 * fixtures' figures as tests/fixtures/results/generate.py computes them with
 * scipy (Student t quantiles, ttest_1samp p-values, its own Holm and
 * one-way ANOVA) from the same rows, compared as numbers (p-values to six
 * significant digits, percentages within 0.005, the precision generate.py
 * prints) rather than as text. Proves the per-boot analysis (stats/analysis.c),
 * the combination over boots (boots-t), Holm over the combined family and
 * the planning figures are what the method says. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/crc32.h"
#include "tools/report/report_pool.h"
#include "tools/report/report_summary.h"

#define F "tests/fixtures/results/"

static void near(double got, double want, double tolerance, const char *what)
{
	if (!(fabs(got - want) <= tolerance))
		fail_msg("%s: report %.9g, scipy %.9g", what, got, want);
}

/* Relative closeness for p-values that span many orders of magnitude. */
static void near_p(double got, double want, const char *what)
{
	near(got, want, 1e-5 * want, what);
}

static struct report_summary *summarize(struct report_pool *pool, const char *const *files, size_t n)
{
	char err[512];
	for (size_t i = 0; i < n; i++)
		if (!report_pool_add_file(pool, files[i], err, sizeof err))
			fail_msg("%s", err);
	assert_int_equal(pool->set_count, 1);
	struct report_summary *s = malloc(sizeof *s);
	assert_non_null(s);
	assert_true(report_summarize(pool->set[0], REPORT_DEFAULT_FIRMWARE_S, s));
	return s;
}

static void done(struct report_pool *pool, struct report_summary *s)
{
	report_summary_free(s);
	free(s);
	report_pool_free(pool);
}

static void test_one_boot_matches_scipy_paired_t_and_holm(void **state)
{
	(void)state;
	struct report_pool pool = { .set_count = 0 };
	const char *files[] = { F "plan_a_boot1.csv" };
	struct report_summary *s = summarize(&pool, files, 1);
	const struct analysis_cell *interp = &s->set->cell[workload_find("interp")][IDLE_MWAIT];
	/* generate.py: interp mwait 13.63 [12.88, 14.39] p=1.55137e-13, p_holm 1.08596e-12 (family of 8). */
	near(interp->s.value_pct, 13.63, 0.005, "interp value");
	near(interp->s.lo_pct, 12.88, 0.005, "interp lo");
	near(interp->s.hi_pct, 14.39, 0.005, "interp hi");
	near_p(interp->p, 1.55137e-13, "interp p");
	near_p(interp->p_holm, 1.08596e-12, "interp p_holm");
	assert_int_equal(s->set->family, 8);
	assert_true(interp->s.within_boot_only);
	/* Classes: int 13.33 [12.68, 13.98] mde 0.81; controls hlt2 0.04 [-0.29, 0.38], spike 1.24 [0.78, 1.71]. */
	const struct analysis_cell *in = &s->set->cls[ANALYSIS_CLASS_INT][IDLE_MWAIT];
	near(in->s.value_pct, 13.33, 0.005, "int value");
	near(in->s.lo_pct, 12.68, 0.005, "int lo");
	near(in->mde_pct, 0.81, 0.005, "int mde");
	near(s->set->cls[ANALYSIS_CLASS_ALL][IDLE_HLT2].s.value_pct, 0.04, 0.005, "hlt2");
	near(s->set->cls[ANALYSIS_CLASS_ALL][IDLE_SPIKE].s.lo_pct, 0.78, 0.005, "spike lo");
	assert_int_equal(s->set->aa, ANALYSIS_PASS);
	assert_int_equal(s->set->spike, ANALYSIS_PASS);
	assert_false(s->plan[ANALYSIS_CLASS_INT].have); /* one boot: no variance between boots */
	done(&pool, s);
}

static void test_two_boots_match_scipy_boots_t_holm_and_planning(void **state)
{
	(void)state;
	struct report_pool pool = { .set_count = 0 };
	const char *files[] = { F "plan_a_boot1.csv", F "plan_a_boot2.csv" };
	struct report_summary *s = summarize(&pool, files, 2);
	assert_int_equal(s->boots, 2);
	const struct analysis_cell *interp = &s->set->cell[workload_find("interp")][IDLE_MWAIT];
	/* generate.py: interp mwait 12.53 [-0.53, 27.32] p=0.0522445 mde=14.66, p_holm 0.104489. */
	assert_string_equal(interp->s.method, "boots-t");
	assert_false(interp->s.within_boot_only);
	assert_int_equal(interp->s.n, 2);
	near(interp->s.value_pct, 12.53, 0.005, "interp value");
	near(interp->s.lo_pct, -0.53, 0.005, "interp lo");
	near(interp->s.hi_pct, 27.32, 0.005, "interp hi");
	near_p(interp->p, 0.0522445, "interp p");
	near_p(interp->p_holm, 0.104489, "interp p_holm");
	near(interp->mde_pct, 14.66, 0.005, "interp mde");
	near_p(s->set->cell[workload_find("interp")][IDLE_SPIN].p_holm, 0.0460258, "interp spin p_holm");
	/* int 12.65 [4.41, 21.55] p=0.0319479; fp 19.96 [13.54, 26.75]. */
	const struct analysis_cell *in = &s->set->cls[ANALYSIS_CLASS_INT][IDLE_MWAIT];
	near(in->s.value_pct, 12.65, 0.005, "int value");
	near(in->s.hi_pct, 21.55, 0.005, "int hi");
	near_p(in->p, 0.0319479, "int p");
	near(s->set->cls[ANALYSIS_CLASS_FP][IDLE_MWAIT].s.lo_pct, 13.54, 0.005, "fp lo");
	/* Controls: hlt2 0.09 [-0.44, 0.62], spike 1.16 [0.05, 2.27]: both pass. */
	near(s->set->spike_cell.s.lo_pct, 0.05, 0.005, "spike lo"); /* every workload here has uniform iterations */
	assert_int_equal(s->set->aa, ANALYSIS_PASS);
	assert_int_equal(s->set->spike, ANALYSIS_PASS);
	/* Planning: boot 3.00 s (setup_s from reset, --firmware-s 0), rep 2.750 s; int: between sd
	 * 0.80 %, within 1.03 %, 6 boots at 12 reps, 2 optimal reps, 7 boots there; fp: 0.53, 1.06, 4, 3, 6. */
	assert_true(s->have_costs);
	near(s->boot_cost_s, 3.0, 1e-9, "boot cost");
	near(s->rep_cost_s, 2.75, 1e-9, "rep cost");
	const struct report_plan *pi = &s->plan[ANALYSIS_CLASS_INT], *pf = &s->plan[ANALYSIS_CLASS_FP];
	assert_true(pi->have && pf->have);
	near((exp(sqrt(pi->v.between)) - 1) * 100, 0.80, 0.005, "int between");
	near((exp(sqrt(pi->v.within)) - 1) * 100, 1.03, 0.005, "int within");
	assert_int_equal(pi->boots_now, 6);
	assert_int_equal(pi->optimal_reps, 2);
	assert_int_equal(pi->boots_optimal, 7);
	near((exp(sqrt(pf->v.between)) - 1) * 100, 0.53, 0.005, "fp between");
	assert_int_equal(pf->boots_now, 4);
	assert_int_equal(pf->optimal_reps, 3);
	assert_int_equal(pf->boots_optimal, 6);
	done(&pool, s);
}

static void test_a_broken_aa_arm_fails_its_control(void **state)
{
	(void)state;
	struct report_pool pool = { .set_count = 0 };
	const char *files[] = { F "aa_fail.csv" };
	struct report_summary *s = summarize(&pool, files, 1);
	/* generate.py: hlt2 2.12 [1.86, 2.38]. */
	near(s->set->cls[ANALYSIS_CLASS_ALL][IDLE_HLT2].s.lo_pct, 1.86, 0.005, "hlt2 lo");
	assert_int_equal(s->set->aa, ANALYSIS_FAIL);
	assert_true(report_untrustworthy(s));
	done(&pool, s);
}

/* A control's interval that covers its known effect but also what it must
 * be told apart from is uninformative, never a pass (report_judge_control):
 * A/A reaching a 1 % bias either way, a spike-in covering 0; an interval that
 * excludes the known effect fails however wide it is. */
static void test_a_control_too_wide_to_fail_is_uninformative(void **state)
{
	(void)state;
	struct {
		double expected, lo, hi;
		enum analysis_verdict want;
	} c[] = {
		{ 0.0, -0.44, 0.62, ANALYSIS_PASS },          /* plan_a pooled A/A */
		{ 0.0, -0.50, 1.00, ANALYSIS_UNINFORMATIVE }, /* reaches +1 % */
		{ 0.0, -26.16, 32.98, ANALYSIS_UNINFORMATIVE }, /* the shipped examples pooled */
		{ 0.0, 1.86, 2.38, ANALYSIS_FAIL },           /* aa_fail.csv */
		{ 0.0, -30.0, -0.51, ANALYSIS_FAIL },         /* wide, but excludes 0 */
		{ 1.0, 0.05, 2.27, ANALYSIS_PASS },           /* plan_a pooled spike: excludes 0 */
		{ 1.0, -0.49, 1.21, ANALYSIS_UNINFORMATIVE }, /* plan_b.csv: covers 0 and 1 */
		{ 1.0, -24.34, 32.79, ANALYSIS_UNINFORMATIVE }, /* the shipped examples pooled */
		{ 1.0, 1.50, 3.00, ANALYSIS_FAIL },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		struct analysis_cell cell = { .have = true };
		cell.s = (struct stats_slowdown){ .status = STATS_INTERVAL, .value_pct = (c[i].lo + c[i].hi) / 2,
						  .lo_pct = c[i].lo, .hi_pct = c[i].hi, .n = 12 };
		if (report_judge_control(&cell, c[i].expected) != c[i].want)
			fail_msg("case %zu: [%.2f, %.2f] against %.2f: got %s", i, c[i].lo, c[i].hi, c[i].expected,
				 analysis_verdict_name(report_judge_control(&cell, c[i].expected)));
	}
}

/* The shipped example boots pooled: boot 2's own A/A fails (its stream's
 * `#! control mode=hlt2 ... verdict=fail`: -3.17 [-5.77, -0.51]) while the
 * pool's interval (-0.91 [-26.16, 32.98]) cannot fail: the set is
 * untrustworthy, and the failure names the boot. Planning: the int class's
 * optimum (stats_optimal_reps: 100000, the between-boot variance is 0) is
 * more than the kernel's reps= takes (255): the plan stays at 255, more boots. */
static void test_a_boot_whose_own_control_failed_marks_the_pooled_set(void **state)
{
	(void)state;
	struct report_pool pool = { .set_count = 0 };
	const char *files[] = { "docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032134Z.csv",
				"docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032201Z.csv" };
	struct report_summary *s = summarize(&pool, files, 2);
	assert_int_equal(s->set->aa, ANALYSIS_UNINFORMATIVE);
	assert_int_equal(s->set->spike, ANALYSIS_UNINFORMATIVE);
	assert_int_equal(s->boot[1]->aa, ANALYSIS_FAIL);
	near(s->boot[1]->aa_cell.s.lo_pct, -5.77, 0.005, "boot 2 A/A lo");
	near(s->boot[1]->aa_cell.s.hi_pct, -0.51, 0.005, "boot 2 A/A hi");
	assert_false(report_boot_failed(s, 0));
	assert_true(report_boot_failed(s, 1));
	assert_true(report_untrustworthy(s));
	char t[1024];
	assert_true(report_control_failure(pool.set[0], s, 0, t, sizeof t));
	assert_string_equal(t, "boot 2 of 2 (hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032201Z.csv) "
			       "failed its own A/A control: hlt2 vs hlt shows -3.17 % [-5.77, -0.51], which excludes the "
			       "known 0.00 % (also at 97.50 %, Bonferroni over 2 boots)");
	assert_false(report_control_failure(pool.set[0], s, 1, t, sizeof t));
	/* at k = 1 the per-boot judgement is the 95 % one */
	near(s->boot_level, 0.975, 1e-12, "per-boot level");
	assert_int_equal(s->boot_verdict[1][0], ANALYSIS_FAIL);
	assert_int_equal(s->boot_verdict[0][0], ANALYSIS_PASS);
	const struct report_plan *pi = &s->plan[ANALYSIS_CLASS_INT];
	assert_true(pi->have);
	assert_int_equal(pi->max_reps, 255);
	assert_true(pi->capped);
	assert_int_equal(pi->optimal_reps, 255);
	assert_int_equal(pi->boots_optimal, stats_boots_needed(&pi->v, 255, REPORT_TARGET_HALF_WIDTH_PCT));
	assert_int_equal(stats_optimal_reps(&pi->v, s->boot_cost_s, s->rep_cost_s), STATS_PLAN_LIMIT);
	assert_false(s->plan[ANALYSIS_CLASS_FP].capped);
	done(&pool, s);
}

/* The spike-in is judged over the workloads the boot itself recorded as
 * uniform_iterations=yes, not over this build's registry: a boot that
 * recorded none gets no verdict; without records the registry decides. */
static void test_spike_workloads_come_from_the_boots_records(void **state)
{
	(void)state;
	struct report_pool pool = { .set_count = 0 };
	const char *files[] = { F "plan_a_boot1.csv" };
	struct report_summary *s = summarize(&pool, files, 1);
	assert_int_equal(s->set->spike_workloads, 4); /* no records: the registry's four uniform ones */
	assert_int_equal(s->set->spike, ANALYSIS_PASS);
	report_summary_free(s);
	struct report_boot *b = &pool.set[0]->boot[0];
	b->uniform_recorded = true;
	memset(b->uniform, 0, sizeof b->uniform);
	assert_true(report_summarize(pool.set[0], REPORT_DEFAULT_FIRMWARE_S, s));
	assert_int_equal(s->set->spike_workloads, 0);
	assert_int_equal(s->set->spike, ANALYSIS_NO_INTERVAL);
	done(&pool, s);
}

/* Give every good row of set s core cycles per iteration = its TSC cycles per
 * iteration x factor[mode] (boot `only` alone when only < boot_count). */
static void set_core_cpi(struct report_set *s, const double *factor, size_t only)
{
	for (size_t i = 0; i < s->boot_count; i++)
		for (size_t r = 0; r < s->boot[i].rows; r++) {
			struct report_sample *p = &s->boot[i].sample[r];
			p->core_cpi = only < s->boot_count && i != only ? 0 : p->cpi * factor[p->m];
		}
}

/* The report's core-clock split over two boots: TSC time per iteration as the
 * rows say, core clocks (aperf) per iteration unchanged by mwait beyond 1/1.10
 * of it, so freq_ratio is 1.10 in every cell and (1 + time) = (1 + core) x 1.10;
 * without aperf, or with it in one boot of two, no split is claimed. */
static void test_clock_split_across_boots(void **state)
{
	(void)state;
	struct report_pool pool = { .set_count = 0 };
	const char *files[] = { F "plan_a_boot1.csv", F "plan_a_boot2.csv" };
	struct report_summary *s = summarize(&pool, files, 2);
	struct report_set *set = pool.set[0];
	size_t cells = 0;
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
		for (size_t m = 0; m < REPORT_MODE_SLOTS; m++)
			assert_false(s->set->clock[w][m].have); /* the fixtures have no aperf */
	double factor[REPORT_MODE_SLOTS];
	for (size_t m = 0; m < REPORT_MODE_SLOTS; m++)
		factor[m] = m == IDLE_MWAIT ? 1 / 1.10 : 1.0;
	set_core_cpi(set, factor, SIZE_MAX);
	report_summary_free(s);
	assert_true(report_summarize(set, REPORT_DEFAULT_FIRMWARE_S, s));
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++) {
		const struct analysis_cell *c = &s->set->cell[w][IDLE_MWAIT];
		const struct analysis_clock *k = &s->set->clock[w][IDLE_MWAIT];
		if (!set->workload_used[w] || !c->have)
			continue;
		cells++;
		assert_true(k->have);
		near(k->freq_ratio, 1.10, 1e-9, "freq_ratio");
		near(1 + c->s.value_pct / 100, (1 + k->core.value_pct / 100) * 1.10, 1e-9, "time = core x freq");
		assert_true(k->core.lo_pct < k->core.value_pct && k->core.value_pct < k->core.hi_pct);
	}
	assert_true(cells > 0);
	set_core_cpi(set, factor, 0); /* aperf in the first boot only */
	report_summary_free(s);
	assert_true(report_summarize(set, REPORT_DEFAULT_FIRMWARE_S, s));
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
		assert_false(s->set->clock[w][IDLE_MWAIT].have);
	assert_true(s->boot[0]->clock[0][IDLE_MWAIT].have || !s->boot[0]->cell[0][IDLE_MWAIT].have);
	done(&pool, s);
}

/* The report's IPC slowdown: with unhalted cycles per instruction equal to
 * the TSC cycles per iteration (a PMU that sees exactly the time's change),
 * each cell's IPC estimate is the time estimate, across two boots too; a boot
 * without PMU counts in a two-boot set leaves the set without one. */
static void test_ipc_slowdown_follows_the_pmu_rows(void **state)
{
	(void)state;
	struct report_pool pool = { .set_count = 0 };
	const char *files[] = { F "plan_a_boot1.csv", F "plan_a_boot2.csv" };
	struct report_summary *s = summarize(&pool, files, 2);
	struct report_set *set = pool.set[0];
	assert_int_equal(s->ipc[workload_find("interp")][IDLE_MWAIT].status, STATS_NO_DATA); /* no PMU columns */
	for (size_t i = 0; i < set->boot_count; i++)
		for (size_t r = 0; r < set->boot[i].rows; r++) {
			set->boot[i].sample[r].pmu_cpi = set->boot[i].sample[r].cpi;
			set->boot[i].sample[r].instr_per_iter = 1000;
		}
	report_summary_free(s);
	assert_true(report_summarize(set, REPORT_DEFAULT_FIRMWARE_S, s));
	size_t cells = 0;
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++) {
		const struct analysis_cell *c = &s->set->cell[w][IDLE_MWAIT];
		if (!set->workload_used[w] || !c->have)
			continue;
		cells++;
		const struct stats_slowdown *e = &s->ipc[w][IDLE_MWAIT];
		assert_int_equal(e->status, c->s.status);
		near(e->value_pct, c->s.value_pct, 1e-9, "ipc slowdown = time slowdown");
		near(e->lo_pct, c->s.lo_pct, 1e-9, "lo");
		near(e->hi_pct, c->s.hi_pct, 1e-9, "hi");
		assert_true(s->fig[w][IDLE_MWAIT].have_ipc && s->fig[w][IDLE_MWAIT].have_instr);
		near(s->fig[w][IDLE_MWAIT].instr_per_iter, 1000, 0, "instr per iter");
	}
	assert_true(cells > 0);
	for (size_t r = 0; r < set->boot[1].rows; r++)
		set->boot[1].sample[r].pmu_cpi = 0; /* the second boot had no PMU */
	report_summary_free(s);
	assert_true(report_summarize(set, REPORT_DEFAULT_FIRMWARE_S, s));
	assert_int_equal(s->ipc[workload_find("interp")][IDLE_MWAIT].status, STATS_NO_DATA);
	done(&pool, s);
}

/* A probe (class `probe`) is in no class geomean and not in the Holm family,
 * across boots as within one (the kernel's summary agrees). */
static void test_probes_stay_out_of_the_holm_family_across_boots(void **state)
{
	(void)state;
	struct report_pool pool = { .set_count = 0 };
	const char *files[] = { F "plan_a_boot1.csv", F "plan_a_boot2.csv" };
	struct report_summary *s = summarize(&pool, files, 2);
	struct report_set *set = pool.set[0];
	size_t family = s->set->family, w = (size_t)workload_find("interp");
	assert_false(isnan(s->set->cell[w][IDLE_MWAIT].p_holm));
	strcpy(set->workload_class[w], "probe");
	report_summary_free(s);
	assert_true(report_summarize(set, REPORT_DEFAULT_FIRMWARE_S, s));
	assert_true(isnan(s->set->cell[w][IDLE_MWAIT].p_holm));
	assert_true(s->set->cell[w][IDLE_MWAIT].have);
	assert_true(s->set->family < family);
	for (size_t i = 0; i < s->boots; i++)
		assert_int_equal(s->boot[i]->family, s->set->family);
	done(&pool, s);
}

/* A real `idlebench linux` stream (tests/qemu/test_linux_guest.sh, Debian's
 * kernel under QEMU, acpi_idle): 5 samples per mode, 2 poll and 2 ioport
 * rows named by `#! excluded` records (the parked CPU was busy). They are
 * in no figure: poll's median is that of rows 1, 5, 11 (15160824,
 * 5054364, 15187746 cycles for 15 iterations), not of all five (5213376),
 * and the set counts them per mode. Fails on a report that pools them. */
static void test_linux_excluded_rows_are_in_no_figure_and_counted_per_mode(void **state)
{
	(void)state;
	struct report_pool pool = { .set_count = 0 };
	const char *files[] = { F "linux_guest_acpi_idle.csv" };
	struct report_summary *s = summarize(&pool, files, 1);
	const struct report_set *set = pool.set[0];
	size_t lz = (size_t)workload_find("lz");
	assert_int_equal(set->excluded_rows, 4);
	assert_int_equal(set->excluded[IDLE_POLL], 2);
	assert_int_equal(set->excluded[IDLE_IOPORT], 2);
	assert_int_equal(set->excluded[IDLE_HLT], 0);
	assert_int_equal(s->fig[lz][IDLE_POLL].n, 3);
	assert_int_equal(s->fig[lz][IDLE_IOPORT].n, 3);
	assert_int_equal(s->fig[lz][IDLE_HLT].n, 5);
	near(s->fig[lz][IDLE_POLL].median_cpi, 15160824.0 / 15, 1e-6, "poll median");
	char text[128];
	assert_true(report_set_excluded_text(set, text, sizeof text));
	assert_string_equal(text, "4 (ioport 2, poll 2)");
	/* the analysis' table: excluded reps are missing samples (NaN) */
	double *cpi = report_boot_cpi(&set->boot[0]);
	assert_non_null(cpi);
	size_t reps = set->boot[0].reps, missing = 0;
	for (size_t r = 0; r < reps; r++)
		missing += isnan(cpi[(lz * REPORT_MODE_SLOTS + IDLE_POLL) * reps + r]) != 0;
	assert_int_equal(missing, 2);
	free(cpi);
	done(&pool, s);
}

/* linux_guest_acpi_idle.csv with smis cells set (seq:value pairs) and the
 * end record's CRC-32 recomputed, written to a temporary file. */
static const char *with_smis(const char *cells[][2], size_t n, char *path, size_t size)
{
	static char in[65536], out[65536];
	FILE *f = fopen(F "linux_guest_acpi_idle.csv", "rb");
	assert_non_null(f);
	size_t len = fread(in, 1, sizeof in - 1, f);
	fclose(f);
	in[len] = '\0';
	size_t at = 0;
	for (char *line = strtok(in, "\n"); line; line = strtok(NULL, "\n")) {
		char buf[1024];
		snprintf(buf, sizeof buf, "%s", line);
		if (!strncmp(buf, "#! end ", 7)) {
			char *crc = strstr(buf, "crc32=");
			assert_non_null(crc);
			snprintf(crc + 6, sizeof buf - (size_t)(crc + 6 - buf), "%08x", crc32_update(0, out, at));
		} else if (buf[0] >= '0' && buf[0] <= '9') {
			for (size_t i = 0; i < n; i++) {
				size_t k = strlen(cells[i][0]);
				if (strncmp(buf, cells[i][0], k) || buf[k] != ',')
					continue;
				/* smis is the 20th column: after 19 commas */
				char *c = buf;
				for (int commas = 0; commas < 19; c++)
					commas += *c == ',';
				assert_true(*c == ',');
				char rest[1024];
				snprintf(rest, sizeof rest, "%s", c);
				snprintf(c, sizeof buf - (size_t)(c - buf), "%s%s", cells[i][1], rest);
			}
		}
		at += (size_t)snprintf(out + at, sizeof out - at, "%s\n", buf);
	}
	snprintf(path, size, "/tmp/idlebench_smis_%d.csv", (int)getpid());
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(out, 1, at, f), at);
	fclose(f);
	return path;
}

/* Rows whose smis cell is above 0 (an SMI handler ran inside the sample:
 * the kernel's smi_excluded) are in no figure and counted per mode, as the
 * residency proof's excluded rows are; smis=0 and empty cells keep their
 * row; a row already excluded is not counted twice. hlt's median without
 * seq 2 (5097645 cycles) is that of the other four. Fails on a report that
 * pools them. */
static void test_rows_with_an_smi_are_in_no_figure_and_counted_per_mode(void **state)
{
	(void)state;
	struct report_pool pool = { .set_count = 0 };
	char path[64], text[128];
	const char *cells[][2] = { { "2", "1" }, { "5", "0" }, { "7", "3" } };
	const char *files[] = { with_smis(cells, 3, path, sizeof path) };
	struct report_summary *s = summarize(&pool, files, 1);
	const struct report_set *set = pool.set[0];
	size_t lz = (size_t)workload_find("lz");
	assert_int_equal(set->smi_rows, 1);
	assert_int_equal(set->smi[IDLE_HLT], 1);
	assert_int_equal(set->smi[IDLE_POLL], 0);
	assert_int_equal(set->excluded_rows, 4);
	assert_int_equal(s->fig[lz][IDLE_HLT].n, 4);
	assert_int_equal(s->fig[lz][IDLE_POLL].n, 3);
	assert_true(report_set_smi_text(set, text, sizeof text));
	assert_string_equal(text, "1 (hlt 1)");
	double *cpi = report_boot_cpi(&set->boot[0]);
	assert_non_null(cpi);
	assert_true(isnan(cpi[(lz * REPORT_MODE_SLOTS + IDLE_HLT) * set->boot[0].reps + 0]));
	assert_false(isnan(cpi[(lz * REPORT_MODE_SLOTS + IDLE_HLT) * set->boot[0].reps + 1]));
	free(cpi);
	done(&pool, s);
	/* a cell that is not a count rejects the file */
	const char *bad[][2] = { { "2", "x" } };
	char err[512];
	struct report_pool bad_pool = { .set_count = 0 };
	assert_false(report_pool_add_file(&bad_pool, with_smis(bad, 1, path, sizeof path), err, sizeof err));
	assert_non_null(strstr(err, "smis 'x' is not a count"));
	report_pool_free(&bad_pool);
	unlink(path);
}

/* plan_a_boot1.csv with its spin rows renamed busy (and modes_measured,
 * the CRC recomputed), or, with placement, its placement meta replaced:
 * the same samples, now the busy control's. */
static const char *as_busy(const char *placement, char *path, size_t size)
{
	static char in[131072], out[131072];
	FILE *f = fopen(F "plan_a_boot1.csv", "rb");
	assert_non_null(f);
	size_t len = fread(in, 1, sizeof in - 1, f);
	fclose(f);
	in[len] = '\0';
	size_t at = 0;
	for (char *line = strtok(in, "\n"); line; line = strtok(NULL, "\n")) {
		char buf[1024], *spin;
		snprintf(buf, sizeof buf, "%s", line);
		if (!strncmp(buf, "#! end ", 7)) {
			char *crc = strstr(buf, "crc32=");
			assert_non_null(crc);
			snprintf(crc + 6, sizeof buf - (size_t)(crc + 6 - buf), "%08x", crc32_update(0, out, at));
		} else if (!strncmp(buf, "#= placement=", 13) && placement) {
			snprintf(buf, sizeof buf, "#= placement=%s", placement);
		} else if ((buf[0] >= '0' && buf[0] <= '9') || !strncmp(buf, "#= modes_measured=", 18)) {
			if ((spin = strstr(buf, buf[0] == '#' ? "spin" : ",spin,")))
				memcpy(spin + (buf[0] != '#'), "busy", 4);
		}
		at += (size_t)snprintf(out + at, sizeof out - at, "%s\n", buf);
	}
	snprintf(path, size, "/tmp/idlebench_busy_%d.csv", (int)getpid());
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(out, 1, at, f), at);
	fclose(f);
	return path;
}

/* The report's busy control: the set's figures for busy are the ones the
 * same rows gave spin (4.71 % all-workload geomean), below the 5 % floor on
 * placement=sibling: topology_suspect; busy leaves the Holm family (8 cells
 * with spin, 4 without); bare metal (hypervisor none): no caveat; another
 * placement: not judged. Fails on a report without the busy control. */
static void test_busy_control_verdict_and_holm_family(void **state)
{
	(void)state;
	char path[64];
	struct report_pool pool = { .set_count = 0 };
	const char *orig[] = { F "plan_a_boot1.csv" };
	struct report_summary *s = summarize(&pool, orig, 1);
	double spin = s->set->cls[ANALYSIS_CLASS_ALL][IDLE_SPIN].s.value_pct;
	assert_int_equal(s->busy, ANALYSIS_NONE);
	done(&pool, s);

	struct report_pool bp = { .set_count = 0 };
	const char *files[] = { as_busy(NULL, path, sizeof path) };
	s = summarize(&bp, files, 1);
	assert_int_equal(s->busy, IDLE_BUSY);
	const struct analysis_cell *c = &s->set->cls[ANALYSIS_CLASS_ALL][IDLE_BUSY];
	near(c->s.value_pct, spin, 1e-9, "busy = the rows' spin figure");
	near(c->s.value_pct, 4.71, 0.005, "busy all-workload geomean");
	assert_int_equal(s->busy_verdict, ANALYSIS_BUSY_TOPOLOGY_SUSPECT);
	assert_false(s->busy_guest);
	assert_int_equal(s->set->family, 4);
	assert_true(isnan(s->set->cell[workload_find("interp")][IDLE_BUSY].p_holm));
	done(&bp, s);

	struct report_pool op = { .set_count = 0 };
	files[0] = as_busy("other-core", path, sizeof path);
	s = summarize(&op, files, 1);
	assert_int_equal(s->busy_verdict, ANALYSIS_BUSY_NOT_JUDGED);
	done(&op, s);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_boot_matches_scipy_paired_t_and_holm),
		cmocka_unit_test(test_busy_control_verdict_and_holm_family),
		cmocka_unit_test(test_two_boots_match_scipy_boots_t_holm_and_planning),
		cmocka_unit_test(test_a_broken_aa_arm_fails_its_control),
		cmocka_unit_test(test_a_control_too_wide_to_fail_is_uninformative),
		cmocka_unit_test(test_a_boot_whose_own_control_failed_marks_the_pooled_set),
		cmocka_unit_test(test_spike_workloads_come_from_the_boots_records),
		cmocka_unit_test(test_clock_split_across_boots),
		cmocka_unit_test(test_ipc_slowdown_follows_the_pmu_rows),
		cmocka_unit_test(test_probes_stay_out_of_the_holm_family_across_boots),
		cmocka_unit_test(test_linux_excluded_rows_are_in_no_figure_and_counted_per_mode),
		cmocka_unit_test(test_rows_with_an_smi_are_in_no_figure_and_counted_per_mode),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
