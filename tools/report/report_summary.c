/* Statistics of one comparable set (see report_summary.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/student_t.h"
#include "core/options/option_table.h"
#include "lib/fmt.h"
#include "tools/report/report_summary.h"

/* A command (`idlebench linux -- COMMAND`, class cmd) is counted as the
 * run's own summary counts it: the int class, which holds only it. */
static int class_of(const char *name)
{
	if (!strcmp(name, "int") || !strcmp(name, "cmd"))
		return ANALYSIS_CLASS_INT;
	if (!strcmp(name, "fp"))
		return ANALYSIS_CLASS_FP;
	return -1;
}

static size_t used_mode(const struct report_set *s, enum idle_mode m)
{
	return s->mode_used[m] ? (size_t)m : ANALYSIS_NONE;
}

/* A per-workload cell (is_class false, i = workload) or a class geomean (i = class). */
static struct analysis_cell *cell_of(struct analysis *a, bool is_class, size_t i, size_t m)
{
	return is_class ? &a->cls[i][m] : &a->cell[i][m];
}

/* Where a boot keeps the cell being combined: a workload's, a class's, or a control's. */
struct cell_ref {
	enum { CELL_WORKLOAD, CELL_CLASS, CELL_AA, CELL_SPIKE } kind;
	size_t i, m;
};

static struct analysis_cell *cell_at(struct analysis *a, struct cell_ref r)
{
	switch (r.kind) {
	case CELL_AA:
		return &a->aa_cell;
	case CELL_SPIKE:
		return &a->spike_cell;
	default:
		return cell_of(a, r.kind == CELL_CLASS, r.i, r.m);
	}
}

/* One estimate across the boots from each boot's cell. */
static void combine_cell(struct analysis *set, struct analysis *const *boot, size_t b, struct cell_ref r)
{
	struct analysis_cell *out = cell_at(set, r);
	struct stats_boot per[REPORT_MAX_BOOTS];
	bool any = false;
	for (size_t i = 0; i < b; i++) {
		const struct analysis_cell *c = cell_at(boot[i], r);
		per[i] = c->have ? stats_boot_of(&c->s) : (struct stats_boot){ 0, 0, 0 };
		any = any || c->have;
	}
	if (any)
		analysis_describe(out, stats_across_boots(per, b));
}

/* The core-clock split of cell (w, m) across the boots: the core slowdown
 * combined like a time slowdown, the frequency ratio the geometric mean of the
 * boots' (each boot's the mean of its blocks' ratios); only when every boot
 * that has the time estimate has the split too. */
static void combine_clock(struct analysis *set, struct analysis *const *boot, size_t b, size_t w, size_t m)
{
	struct stats_boot per[REPORT_MAX_BOOTS];
	double log_ratio = 0;
	size_t with = 0;
	for (size_t i = 0; i < b; i++) {
		const struct analysis_clock *k = &boot[i]->clock[w][m];
		if (boot[i]->cell[w][m].have && !k->have)
			return;
		per[i] = k->have ? stats_boot_of(&k->core) : (struct stats_boot){ 0, 0, 0 };
		if (k->have && k->freq_ratio > 0) {
			log_ratio += log(k->freq_ratio);
			with++;
		}
	}
	if (!with)
		return;
	set->clock[w][m] = (struct analysis_clock){
		.have = true, .core = stats_across_boots(per, b), .freq_ratio = exp(log_ratio / (double)with),
	};
}

/* Across the boots: every cell and class, Holm over the same family as one boot's. */
static void combine_boots(const struct report_set *s, struct report_summary *sum)
{
	struct analysis *a = sum->set;
	const size_t b = sum->boots;
	*a = (struct analysis){ .aa = ANALYSIS_ABSENT, .spike = ANALYSIS_ABSENT };
	static double p[STATS_MAX_TESTS], adjusted[STATS_MAX_TESTS];
	static bool significant[STATS_MAX_TESTS];
	static struct analysis_cell *member[STATS_MAX_TESTS];
	size_t family = 0;
	for (size_t m = 0; m < REPORT_MODE_SLOTS; m++) {
		if (m == REPORT_MODE_HLT || !s->mode_used[m])
			continue;
		for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++) {
			if (!s->workload_used[w])
				continue;
			struct analysis_cell *c = &a->cell[w][m];
			combine_cell(a, sum->boot, b, (struct cell_ref){ CELL_WORKLOAD, w, m });
			combine_clock(a, sum->boot, b, w, m);
			if (c->have && report_in_holm_family(s, sum, w, m) && family < STATS_MAX_TESTS) {
				member[family] = c;
				p[family++] = c->p;
			}
		}
		for (size_t k = 0; k < ANALYSIS_CLASS_COUNT; k++)
			combine_cell(a, sum->boot, b, (struct cell_ref){ CELL_CLASS, k, m });
	}
	for (size_t k = 0; k < ANALYSIS_CLASS_COUNT; k++)
		for (size_t i = 0; i < b; i++)
			if (sum->boot[i]->cls_workloads[k] > a->cls_workloads[k])
				a->cls_workloads[k] = sum->boot[i]->cls_workloads[k];
	stats_holm(p, family, adjusted, significant);
	for (size_t i = 0; i < family; i++) {
		member[i]->p_holm = adjusted[i];
		member[i]->significant = significant[i];
	}
	a->family = 0; /* what Holm multiplied by: cells with a p-value */
	for (size_t i = 0; i < family; i++)
		a->family += p[i] == p[i];
	combine_cell(a, sum->boot, b, (struct cell_ref){ CELL_AA, 0, 0 });
	combine_cell(a, sum->boot, b, (struct cell_ref){ CELL_SPIKE, 0, 0 });
	for (size_t i = 0; i < b; i++)
		if (sum->boot[i]->spike_workloads > a->spike_workloads)
			a->spike_workloads = sum->boot[i]->spike_workloads;
	if (sum->aa != ANALYSIS_NONE)
		a->aa = report_judge_control(&a->aa_cell, 0.0);
	if (sum->spike != ANALYSIS_NONE)
		a->spike = a->spike_cell.have ? report_judge_control(&a->spike_cell, ANALYSIS_SPIKE_PCT) : ANALYSIS_NO_INTERVAL;
	a->primary_half_width_pct = NAN;
}

/* One boot's analysis_run on its rep-indexed samples. */
static bool analyse_boot(const struct report_set *s, const struct report_summary *sum, const struct report_boot *b,
			 struct analysis *a)
{
	double *cpi = report_boot_cpi(b), *core = report_boot_core_cpi(b);
	if (!cpi || !core) {
		free(cpi);
		free(core);
		return false;
	}
	int cls[REPORT_WORKLOAD_SLOTS];
	bool used[REPORT_MODE_SLOTS];
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
		cls[w] = class_of(s->workload_class[w]);
	/* A mode the set knows but this boot never ran is left out of this boot. */
	memset(used, 0, sizeof used);
	for (size_t i = 0; i < b->rows; i++)
		used[b->sample[i].m] = true;
	bool wused[REPORT_WORKLOAD_SLOTS] = { false }, exact[REPORT_WORKLOAD_SLOTS] = { false };
	bool control[REPORT_MODE_SLOTS] = { false }; /* busy: out of the Holm family like hlt2 and spike */
	if (sum->busy != ANALYSIS_NONE)
		control[sum->busy] = true;
	for (size_t i = 0; i < b->rows; i++)
		wused[b->sample[i].w] = true;
	/* What the boot recorded; without records (schema 1, older streams) this
	 * build's registry, where a workload sits at its index; names it does
	 * not know are never exact. */
	if (b->uniform_recorded)
		memcpy(exact, b->uniform, sizeof exact);
	else
		for (size_t w = 0; w < workload_count() && w < REPORT_WORKLOAD_SLOTS; w++)
			exact[w] = workload_at(w)->uniform_iterations;
	struct analysis_input in = {
		.workloads = REPORT_WORKLOAD_SLOTS, .modes = REPORT_MODE_SLOTS, .reps = b->reps ? b->reps : 1,
		.cpi = cpi, .workload_used = wused, .workload_class = cls, .mode_used = used,
		.baseline = REPORT_MODE_HLT, .primary = sum->primary, .aa = sum->aa, .spike = sum->spike,
		.spike_exact = exact, .mode_control = control, .core_cpi = core,
	};
	bool ok = analysis_run(&in, a);
	free(cpi);
	free(core);
	/* the kernel's verdicts, judged again with the report's rule */
	if (ok && a->aa != ANALYSIS_ABSENT && a->aa != ANALYSIS_NO_INTERVAL)
		a->aa = report_judge_control(&a->aa_cell, 0.0);
	if (ok && a->spike != ANALYSIS_ABSENT && a->spike != ANALYSIS_NO_INTERVAL)
		a->spike = report_judge_control(&a->spike_cell, ANALYSIS_SPIKE_PCT);
	return ok;
}

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Median of v[0..n) (sorted in place); n > 0. */
static double median(double *v, size_t n)
{
	qsort(v, n, sizeof *v, compare_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The PMU's slowdown per cell: each boot's paired estimate on unhalted
 * cycles per instruction, combined like the time slowdown across boots. */
static bool ipc_slowdowns(const struct report_set *s, struct report_summary *sum)
{
	static struct stats_slowdown per_boot[REPORT_MAX_BOOTS][REPORT_WORKLOAD_SLOTS][REPORT_MODE_SLOTS];
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
		for (size_t m = 0; m < REPORT_MODE_SLOTS; m++)
			sum->ipc[w][m] = (struct stats_slowdown){ .status = STATS_NO_DATA };
	if (!sum->have_baseline)
		return true;
	for (size_t i = 0; i < s->boot_count; i++) {
		const struct report_boot *b = &s->boot[i];
		double *t = report_boot_pmu_cpi(b);
		if (!t)
			return false;
		size_t reps = b->reps ? b->reps : 1;
		for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
			for (size_t m = 0; m < REPORT_MODE_SLOTS; m++)
				per_boot[i][w][m] = stats_paired_slowdown(t + (w * REPORT_MODE_SLOTS + m) * reps,
									  t + (w * REPORT_MODE_SLOTS + REPORT_MODE_HLT) * reps, reps);
		free(t);
	}
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
		for (size_t m = 0; m < REPORT_MODE_SLOTS; m++) {
			if (!s->workload_used[w] || !s->mode_used[m] || m == REPORT_MODE_HLT)
				continue;
			if (s->boot_count == 1) {
				sum->ipc[w][m] = per_boot[0][w][m];
				continue;
			}
			struct stats_boot per[REPORT_MAX_BOOTS];
			bool all = true;
			for (size_t i = 0; i < s->boot_count; i++) {
				/* a boot that ran the cell without a PMU: no estimate claimed for the set */
				all = all && per_boot[i][w][m].status != STATS_NO_DATA;
				per[i] = stats_boot_of(&per_boot[i][w][m]);
			}
			if (all)
				sum->ipc[w][m] = stats_across_boots(per, s->boot_count);
		}
	return true;
}

/* Medians of cpi, eff MHz and sibling C0 per (workload, mode) over every boot. */
static bool describe_samples(const struct report_set *s, struct report_summary *sum)
{
	size_t most = 1;
	for (size_t i = 0; i < s->boot_count; i++)
		most += s->boot[i].rows;
	double *cpi = malloc(most * sizeof *cpi), *eff = malloc(most * sizeof *eff), *c0 = malloc(most * sizeof *c0);
	double *ipc = malloc(most * sizeof *ipc), *ipi = malloc(most * sizeof *ipi), *wk = malloc(most * sizeof *wk);
	bool ok = cpi && eff && c0 && ipc && ipi && wk;
	for (size_t w = 0; ok && w < REPORT_WORKLOAD_SLOTS; w++)
		for (size_t m = 0; m < REPORT_MODE_SLOTS; m++) {
			if (!s->workload_used[w] || !s->mode_used[m])
				continue;
			struct report_figures *f = &sum->fig[w][m];
			size_t ne = 0, nc = 0, ni = 0, np = 0, nw = 0;
			for (size_t i = 0; i < s->boot_count; i++)
				for (size_t r = 0; r < s->boot[i].rows; r++) {
					const struct report_sample *p = &s->boot[i].sample[r];
					if (p->w != w || p->m != m)
						continue;
					if (!p->ok) {
						f->bad++;
						continue;
					}
					if (p->excluded || p->smi)
						continue; /* the parked CPU not proven in the mode, or SMM time inside */
					cpi[f->n++] = p->cpi;
					if (p->have_eff)
						eff[ne++] = p->eff_mhz;
					if (p->have_c0)
						c0[nc++] = p->sib_c0_pct;
					if (p->have_wake)
						wk[nw++] = p->wake_per_ms;
					if (p->pmu_cpi > 0)
						ipc[ni++] = 1 / p->pmu_cpi;
					if (p->instr_per_iter > 0)
						ipi[np++] = p->instr_per_iter;
				}
			if (f->n)
				f->median_cpi = median(cpi, f->n);
			if ((f->have_eff = ne > 0))
				f->eff_mhz = median(eff, ne);
			if ((f->have_sib_c0 = nc > 0))
				f->sib_c0_pct = median(c0, nc);
			if ((f->have_wake = nw > 0))
				f->wake_per_ms = median(wk, nw);
			if ((f->have_ipc = ni > 0))
				f->ipc = median(ipc, ni);
			if ((f->have_instr = np > 0))
				f->instr_per_iter = median(ipi, np);
		}
	free(cpi);
	free(eff);
	free(c0);
	free(ipc);
	free(ipi);
	free(wk);
	return ok;
}

/* The carry-over check of boot b over its rows in measurement order. */
static bool check_carryover(const struct report_boot *b, struct report_carryover *out)
{
	*out = (struct report_carryover){ .checked = false };
	uint8_t index[REPORT_MODE_SLOTS], slot[REPORT_MODE_SLOTS];
	bool present[REPORT_MODE_SLOTS] = { false };
	size_t modes = 0;
	for (size_t i = 0; i < b->rows; i++)
		present[b->sample[i].m] = true;
	for (size_t m = 0; m < REPORT_MODE_SLOTS; m++)
		if (present[m]) {
			index[m] = (uint8_t)modes;
			slot[modes++] = (uint8_t)m;
		}
	if (modes < 2 || modes > STATS_MAX_CONDITIONS) {
		snprintf(out->why, sizeof out->why, "not checked: %zu modes (the check takes 2 to %d)", modes,
			 STATS_MAX_CONDITIONS);
		return true;
	}
	struct stats_order_sample *x = malloc((b->rows ? b->rows : 1) * sizeof *x);
	if (!x)
		return false;
	size_t n = 0;
	for (size_t i = 0; i < b->rows; i++) {
		const struct report_sample *p = &b->sample[i];
		/* A bad row is a missing sample, but it ran: it is the next row's previous mode. */
		if (!p->ok)
			continue;
		/* Workload-major: a discarded run the rows do not show came
		 * between another workload's last row and this workload's first. */
		bool hidden = b->workload_major && i && b->sample[i - 1].w != p->w;
		x[n++] = (struct stats_order_sample){
			.rep = p->rep, .workload = p->w, .mode = index[p->m],
			.prev_mode = i && !hidden ? index[b->sample[i - 1].m] : STATS_NO_PREVIOUS, .log_cpi = log(p->cpi),
		};
	}
	out->c = stats_carryover(x, n, modes);
	free(x);
	out->checked = out->c.valid;
	if (out->c.valid)
		out->c.prev_mode = slot[out->c.prev_mode];
	else
		snprintf(out->why, sizeof out->why,
			 "not estimable (%zu complete blocks; the order never varies, or too few blocks)", out->c.blocks);
	return true;
}

/* The mode-switch check of boot b: every usable row whose previous row is
 * the same workload, after another mode (switched) or the same (continued);
 * a row after another workload, or the first, is left out (what ran just
 * before it is another question: the workload switch). */
static bool check_mode_switch(const struct report_boot *b, struct report_mode_switch *out)
{
	*out = (struct report_mode_switch){ .checked = false };
	struct stats_switch_sample *x = malloc((b->rows ? b->rows : 1) * sizeof *x);
	struct stats_switch_cell *cells = malloc(REPORT_WORKLOAD_SLOTS * REPORT_MODE_SLOTS * sizeof *cells);
	if (!x || !cells) {
		free(x);
		free(cells);
		return false;
	}
	size_t n = 0;
	for (size_t i = 1; i < b->rows; i++) {
		const struct report_sample *p = &b->sample[i], *q = &b->sample[i - 1];
		if (!p->ok || p->excluded || p->smi || q->w != p->w)
			continue;
		x[n++] = (struct stats_switch_sample){ (uint32_t)(p->w * REPORT_MODE_SLOTS + p->m), q->m != p->m,
							log(p->cpi) };
	}
	out->m = stats_mode_switch(x, n, REPORT_WORKLOAD_SLOTS * REPORT_MODE_SLOTS, cells);
	free(x);
	free(cells);
	out->checked = out->m.valid;
	if (!out->m.valid)
		snprintf(out->why, sizeof out->why,
			 "not estimable (%zu cells hold a sample after its own mode and one after another)", out->m.cells);
	return true;
}

/* Variance components of the primary result and what ±1 % would take. */
static void plan(const struct report_set *s, struct report_summary *sum)
{
	double setup = 0, rep_cost = 0;
	sum->have_costs = s->boot_count > 0;
	for (size_t i = 0; i < s->boot_count; i++) {
		const struct report_boot *b = &s->boot[i];
		sum->have_costs = sum->have_costs && b->have_stop;
		if (b->have_stop) {
			setup += b->setup_s;
			rep_cost += b->elapsed_s / (double)(b->rounds + b->warmup); /* warm-up rounds ran too */
		}
	}
	if (sum->have_costs) {
		sum->setup_s = setup / (double)s->boot_count;
		sum->boot_cost_s = sum->setup_s + sum->firmware_s;
		sum->rep_cost_s = rep_cost / (double)s->boot_count;
	}
	if (sum->primary == ANALYSIS_NONE || sum->boots < 2)
		return;
	for (size_t k = 0; k < 2; k++) {
		struct report_plan *pl = &sum->plan[k];
		struct stats_boot per[REPORT_MAX_BOOTS];
		size_t blocks = 0, with = 0;
		for (size_t i = 0; i < sum->boots; i++) {
			const struct analysis_cell *c = &sum->boot[i]->cls[k][sum->primary];
			per[i] = c->have ? stats_boot_of(&c->s) : (struct stats_boot){ 0, 0, 0 };
			blocks += per[i].blocks;
			with += per[i].blocks > 0;
		}
		if (with < 2)
			continue;
		pl->v = stats_variance_components(per, sum->boots);
		if (!(pl->v.within >= 0) || !(pl->v.between >= 0))
			continue;
		pl->have = true;
		pl->reps_now = (blocks + with / 2) / with;
		pl->boots_now = stats_boots_needed(&pl->v, pl->reps_now, REPORT_TARGET_HALF_WIDTH_PCT);
		/* the kernel refuses reps= above its table's bound (core/options/option_table.c):
		 * past it, the precision comes from more boots */
		pl->max_reps = (size_t)kernel_options.defs[OPTION_REPS].max;
		if (sum->have_costs) {
			pl->optimal_reps = stats_optimal_reps(&pl->v, sum->boot_cost_s, sum->rep_cost_s);
			if (pl->optimal_reps > pl->max_reps) {
				pl->optimal_reps = pl->max_reps;
				pl->capped = true;
			}
			if (pl->optimal_reps)
				pl->boots_optimal = stats_boots_needed(&pl->v, pl->optimal_reps, REPORT_TARGET_HALF_WIDTH_PCT);
		}
	}
}

static void judge_boots(struct report_summary *sum);

bool report_summarize(const struct report_set *s, double firmware_s, struct report_summary *out)
{
	memset(out, 0, sizeof *out);
	out->firmware_s = firmware_s;
	out->boots = s->boot_count;
	out->have_baseline = s->mode_used[REPORT_MODE_HLT];
	enum idle_mode primary = idle_mode_from_name(s->primary_mode, strlen(s->primary_mode));
	out->primary = primary < IDLE_MODE_COUNT ? used_mode(s, primary) : ANALYSIS_NONE;
	out->aa = used_mode(s, IDLE_HLT2);
	out->spike = used_mode(s, IDLE_SPIKE);
	out->busy = used_mode(s, IDLE_BUSY);
	bool ok = true;
	for (size_t i = 0; ok && i < s->boot_count; i++) {
		out->boot[i] = malloc(sizeof *out->boot[i]);
		ok = out->boot[i] && analyse_boot(s, out, &s->boot[i], out->boot[i]) &&
		     check_carryover(&s->boot[i], &out->carry[i]) && check_mode_switch(&s->boot[i], &out->mode_switch[i]);
	}
	out->set = ok ? malloc(sizeof *out->set) : NULL;
	ok = ok && out->set && describe_samples(s, out) && ipc_slowdowns(s, out);
	if (ok && s->boot_count == 1)
		*out->set = *out->boot[0];
	else if (ok)
		combine_boots(s, out);
	if (ok) {
		plan(s, out);
		judge_boots(out);
	}
	if (ok && out->busy != ANALYSIS_NONE) {
		out->busy_verdict = analysis_busy_judge(&out->set->cls[ANALYSIS_CLASS_ALL][out->busy],
							s->placement && !strcmp(s->placement, "sibling"));
		out->busy_guest = s->hypervisor && s->hypervisor[0] && strcmp(s->hypervisor, "none");
	}
	if (!ok)
		report_summary_free(out);
	return ok;
}

void report_summary_free(struct report_summary *out)
{
	for (size_t i = 0; i < REPORT_MAX_BOOTS; i++) {
		free(out->boot[i]);
		out->boot[i] = NULL;
	}
	free(out->set);
	out->set = NULL;
}

/* As within a boot (stats/analysis.c): controls and probes are not in the family. */
bool report_in_holm_family(const struct report_set *s, const struct report_summary *sum, size_t w, size_t m)
{
	return m != REPORT_MODE_HLT && s->mode_used[m] && s->workload_used[w] && m != sum->aa && m != sum->spike &&
	       m != sum->busy && class_of(s->workload_class[w]) >= 0;
}

enum analysis_verdict report_judge_control(const struct analysis_cell *c, double expected_pct)
{
	enum analysis_verdict v = analysis_judge(c, expected_pct);
	if (v != ANALYSIS_PASS)
		return v;
	const struct stats_slowdown *e = &c->s;
	bool wide = expected_pct == 0.0 ? e->lo_pct <= -REPORT_CONTROL_EFFECT_PCT || e->hi_pct >= REPORT_CONTROL_EFFECT_PCT
					: e->lo_pct <= 0.0;
	return wide ? ANALYSIS_UNINFORMATIVE : ANALYSIS_PASS;
}

/* Control cell c of one of k boots judged at 1 - 0.05 / k: its t interval
 * on the log scale widened to that level (the 95 % one is at k = 1). */
static enum analysis_verdict judge_boot_control(const struct analysis_cell *c, double expected_pct, size_t k)
{
	enum analysis_verdict v = analysis_judge(c, expected_pct);
	const struct stats_slowdown *e = &c->s;
	if (v != ANALYSIS_PASS && v != ANALYSIS_FAIL)
		return v;
	if (!(e->se_log >= 0) || !(e->df >= 1))
		return ANALYSIS_NO_INTERVAL;
	double half = stats_t_quantile(1 - 0.025 / (double)k, e->df) * e->se_log;
	double lo = (exp(e->mean_log - half) - 1) * 100, hi = (exp(e->mean_log + half) - 1) * 100;
	return lo - ANALYSIS_RESOLUTION_PCT <= expected_pct && expected_pct <= hi + ANALYSIS_RESOLUTION_PCT ? ANALYSIS_PASS
													     : ANALYSIS_FAIL;
}

/* Every boot's own controls at the set's per-boot level (Bonferroni). */
static void judge_boots(struct report_summary *sum)
{
	size_t k = sum->boots;
	sum->boot_level = k ? 1 - 0.05 / (double)k : NAN;
	for (size_t b = 0; b < k && k > 1; b++) {
		const struct analysis *a = sum->boot[b];
		sum->boot_verdict[b][0] = a->aa == ANALYSIS_ABSENT ? ANALYSIS_ABSENT : judge_boot_control(&a->aa_cell, 0.0, k);
		sum->boot_verdict[b][1] = a->spike == ANALYSIS_ABSENT || a->spike == ANALYSIS_NO_INTERVAL
						  ? a->spike
						  : judge_boot_control(&a->spike_cell, ANALYSIS_SPIKE_PCT, k);
	}
}

bool report_boot_failed(const struct report_summary *sum, size_t b)
{
	return sum->boots > 1 && b < sum->boots &&
	       (sum->boot_verdict[b][0] == ANALYSIS_FAIL || sum->boot_verdict[b][1] == ANALYSIS_FAIL);
}

bool report_untrustworthy(const struct report_summary *sum)
{
	if (!sum->set)
		return false;
	bool failed = sum->set->aa == ANALYSIS_FAIL || sum->set->spike == ANALYSIS_FAIL;
	for (size_t b = 0; b < sum->boots; b++)
		failed = failed || report_boot_failed(sum, b);
	return failed;
}

const char *report_base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash && slash[1] ? slash + 1 : path;
}

/* v with two decimals as the report prints it ("-" for no number). */
static const char *num2(char *buf, size_t size, double v)
{
	return isfinite(v) && fmt_fixed(buf, size, v, 2) > 0 ? buf : "-";
}

/* One failed control as a sentence: the pool's (boot == boots) or boot b's own. */
static void failure_text(const struct report_set *s, const struct report_summary *sum, size_t b, size_t control,
			 char *buf, size_t size)
{
	static const char *const what[2] = { "A/A control", "spike-in control" };
	static const char *const expected[2] = { "0.00", "+1.00" };
	const struct analysis *a = b < sum->boots && sum->boots > 1 ? sum->boot[b] : sum->set;
	const struct analysis_cell *c = control ? &a->spike_cell : &a->aa_cell;
	size_t mode = control ? sum->spike : sum->aa;
	char val[32], iv[80], who[REPORT_NAME_MAX + 600];
	char level[32];
	if (a == sum->set)
		fmt_snprintf(who, sizeof who, "the %s (%s vs hlt) shows", what[control], s->mode_name[mode]);
	else
		fmt_snprintf(who, sizeof who, "boot %zu of %zu (%s) failed its own %s: %s vs hlt shows", b + 1, sum->boots,
			     report_base_name(s->boot[b].path), what[control], s->mode_name[mode]);
	char lo[32], hi[32];
	fmt_snprintf(iv, sizeof iv, "[%s, %s]", num2(lo, sizeof lo, c->s.lo_pct), num2(hi, sizeof hi, c->s.hi_pct));
	fmt_snprintf(buf, size, "%s %s %% %s, which excludes the known %s %%", who, num2(val, sizeof val, c->s.value_pct),
		     iv, expected[control]);
	if (a != sum->set)
		fmt_snprintf(buf + strlen(buf), size - strlen(buf), " (also at %s %%, Bonferroni over %zu boots)",
			     num2(level, sizeof level, sum->boot_level * 100), sum->boots);
}

bool report_control_failure(const struct report_set *s, const struct report_summary *sum, size_t i, char *buf,
			    size_t size)
{
	if (size)
		buf[0] = '\0';
	if (!sum->set)
		return false;
	size_t seen = 0;
	/* the pool's (b == 0), then each boot's own (b - 1) */
	for (size_t b = 0; b <= sum->boots; b++) {
		if (b && !report_boot_failed(sum, b - 1))
			continue;
		const struct analysis *a = b ? sum->boot[b - 1] : sum->set;
		enum analysis_verdict v[2] = { a->aa, a->spike };
		for (size_t k = 0; k < 2; k++)
			if (v[k] == ANALYSIS_FAIL && seen++ == i) {
				failure_text(s, sum, b ? b - 1 : sum->boots, k, buf, size);
				return true;
			}
	}
	return false;
}

bool report_boot_failed_at_95_only(const struct report_summary *sum, size_t b, size_t control)
{
	if (sum->boots < 2 || b >= sum->boots || control > 1)
		return false;
	const struct analysis *a = sum->boot[b];
	return (control ? a->spike : a->aa) == ANALYSIS_FAIL && sum->boot_verdict[b][control] != ANALYSIS_FAIL;
}

bool report_control_held(const struct report_set *s, const struct report_summary *sum, size_t i, char *buf,
			 size_t size)
{
	static const char *const what[2] = { "A/A control", "spike-in control" };
	if (size)
		buf[0] = '\0';
	size_t seen = 0;
	for (size_t b = 0; sum->set && b < sum->boots; b++)
		for (size_t k = 0; k < 2; k++) {
			if (!report_boot_failed_at_95_only(sum, b, k) || seen++ != i)
				continue;
			const struct analysis_cell *c = k ? &sum->boot[b]->spike_cell : &sum->boot[b]->aa_cell;
			char val[32], lo[32], hi[32], level[32];
			fmt_snprintf(buf, size,
				     "boot %zu of %zu (%s) fails its own %s at 95 %% (as judged alone, the "
				     "verdict its own screen gives): %s vs hlt shows %s %% [%s, %s]; it holds at %s %% (Bonferroni over "
				     "%zu boots), so the set is not marked",
				     b + 1, sum->boots, report_base_name(s->boot[b].path), what[k],
				     s->mode_name[k ? sum->spike : sum->aa], num2(val, sizeof val, c->s.value_pct),
				     num2(lo, sizeof lo, c->s.lo_pct), num2(hi, sizeof hi, c->s.hi_pct),
				     num2(level, sizeof level, sum->boot_level * 100), sum->boots);
			return true;
		}
	return false;
}

/* Whether workload w's instructions per iteration in mode m differ from hlt's
 * by more than ANALYSIS_INSTR_DIFFERS_PCT; -1 where that cannot be said (as
 * the text table: the spike-in only on workloads whose iterations cost the same). */
int report_instr_differs(const struct report_set *s, const struct report_summary *sum, size_t w, size_t m)
{
	const struct report_figures *f = &sum->fig[w][m], *h = &sum->fig[w][REPORT_MODE_HLT];
	int known = workload_find(s->workload_name[w]);
	bool comparable = m != IDLE_SPIKE || (known >= 0 && workload_at((size_t)known)->uniform_iterations);
	if (m == REPORT_MODE_HLT || !comparable || !f->have_instr || !h->have_instr || h->instr_per_iter <= 0)
		return -1;
	double pct = (f->instr_per_iter / h->instr_per_iter - 1) * 100;
	return pct > ANALYSIS_INSTR_DIFFERS_PCT || pct < -ANALYSIS_INSTR_DIFFERS_PCT;
}
