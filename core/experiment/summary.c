/* The summary of one boot, from stats/analysis.c (the host report runs the
 * same analysis per boot and then combines boots): per block of one
 * repetition of one workload, d = log cpi(mode) - log cpi(hlt); slowdowns
 * are exp(mean d) - 1 with Student t intervals over the blocks, never from
 * fewer than STATS_MIN_BLOCKS. */
#include "stats/analysis.h"
#include "stats/planning.h"
#include "core/experiment/summary.h"
#include "lib/fmt.h"
#include "lib/mem.h"


_Static_assert(WORKLOAD_MAX <= ANALYSIS_MAX_WORKLOADS && IDLE_MODE_COUNT <= ANALYSIS_MAX_MODES,
	       "the sample table does not fit stats/analysis.h's limits");

static struct analysis result;
static bool have_result;
/* What the busy control's verdict needs (summary_set_pair). */
static const char *pair_placement = "", *pair_hypervisor = "";

/* v with decimals digits, or "" when it is not a number (fmt_fixed's rule). */
static const char *num(char *buf, size_t size, double v, int decimals)
{
	fmt_fixed(buf, size, v, decimals); /* "" for NaN: an empty field, never a made-up number */
	return buf;
}

enum idle_mode summary_primary_mode(const struct plan *p)
{
	if (p->modes & (1u << IDLE_MWAIT))
		return IDLE_MWAIT;
	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		if ((p->modes & (1u << m)) && m != IDLE_HLT && !idle_mode_is_control((enum idle_mode)m))
			return (enum idle_mode)m;
	return IDLE_MODE_COUNT;
}

static bool analyse(const struct plan *p, const struct sample_table *t)
{
	static bool workload_used[WORKLOAD_MAX], mode_used[IDLE_MODE_COUNT], spike_exact[WORKLOAD_MAX];
	static int workload_class[WORKLOAD_MAX];
	enum idle_mode primary = summary_primary_mode(p);

	for (size_t w = 0; w < WORKLOAD_MAX; w++) {
		workload_used[w] = p->workloads.selected[w];
		spike_exact[w] = workload_used[w] && !p->command_name && workload_at(w)->uniform_iterations;
		workload_class[w] = !workload_used[w] || p->command_name       ? ANALYSIS_CLASS_INT
				    : workload_at(w)->class == WORKLOAD_FP    ? ANALYSIS_CLASS_FP
				    : workload_at(w)->class == WORKLOAD_PROBE ? -1
									      : ANALYSIS_CLASS_INT;
	}
	static bool mode_control[IDLE_MODE_COUNT];
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		mode_used[m] = (p->modes & (1u << m)) != 0;
		mode_control[m] = idle_mode_is_control((enum idle_mode)m);
	}
	struct analysis_input in = {
		/* cpi rows are STATS_MAX_REPS apart; repetitions not yet taken are 0 (missing) */
		.workloads = WORKLOAD_MAX, .modes = IDLE_MODE_COUNT, .reps = STATS_MAX_REPS,
		.cpi = &t->cpi[0][0][0], .workload_used = workload_used, .workload_class = workload_class,
		.mode_used = mode_used, .baseline = IDLE_HLT,
		.primary = primary == IDLE_MODE_COUNT ? ANALYSIS_NONE : (size_t)primary,
		.aa = (p->modes & (1u << IDLE_HLT2)) ? IDLE_HLT2 : ANALYSIS_NONE,
		.spike = (p->modes & (1u << IDLE_SPIKE)) ? IDLE_SPIKE : ANALYSIS_NONE, .spike_exact = spike_exact,
		.mode_control = mode_control, .core_cpi = &t->core_cpi[0][0][0],
	};
	have_result = analysis_run(&in, &result);
	return have_result;
}

unsigned summary_reps_for_precision(const struct plan *p, const struct sample_table *t, unsigned reps,
				    double half_width_pct)
{
	enum idle_mode primary = summary_primary_mode(p);
	size_t need = reps;

	if (primary == IDLE_MODE_COUNT || !analyse(p, t))
		return reps; /* nothing to aim at: the pilot is the run */
	for (int k = ANALYSIS_CLASS_INT; k <= ANALYSIS_CLASS_FP; k++) {
		const struct analysis_cell *c = &result.cls[k][primary];
		if (!result.cls_workloads[k] || !c->have || !(c->s.sd_log == c->s.sd_log))
			continue;
		size_t n = stats_stein_reps(c->s.n, c->s.sd_log, half_width_pct);
		if (n > need)
			need = n;
	}
	return need > STATS_PLAN_LIMIT ? STATS_PLAN_LIMIT : (unsigned)need;
}

void summary_write_plan_meta(const struct plan *p, struct stream *s)
{
	enum idle_mode primary = summary_primary_mode(p);

	stream_meta(s, "primary_mode", primary == IDLE_MODE_COUNT ? "" : idle_modes[primary].name);
	if (p->reps >= STATS_MIN_BLOCKS)
		stream_meta(s, "intervals", "yes");
	else if (!p->precision_centi && p->preset && !strcmp(p->preset, "quick"))
		stream_meta(s, "intervals", "no (quick preset: a pipeline check)");
	else
		stream_metaf(s, "intervals", "no (reps=%u, need %u)", p->reps, STATS_MIN_BLOCKS);
}

void summary_primary_half_width(char *buf, size_t size)
{
	num(buf, size, have_result ? result.primary_half_width_pct : __builtin_nan(""), 2);
}

/* "+1.23 [0.50, 1.90]" or "+1.23 (n/a: 3 blocks, need 10)" for people. */
static void cell_text(char *buf, size_t size, const struct analysis_cell *c, bool mark)
{
	char v[16], lo[16], hi[16], note[48];

	if (!c->have || c->s.status == STATS_NO_DATA) {
		fmt_snprintf(buf, size, "n/a");
		return;
	}
	num(v, sizeof v, c->s.value_pct, 2);
	if (c->s.status != STATS_INTERVAL) {
		fmt_snprintf(buf, size, "%s (%s)", v, stats_slowdown_note(&c->s, note, sizeof note));
		return;
	}
	fmt_snprintf(buf, size, "%s [%s, %s]%s", v, num(lo, sizeof lo, c->s.lo_pct, 2), num(hi, sizeof hi, c->s.hi_pct, 2),
		     mark && c->significant ? "*" : "");
}

/* The fields a summary, geomean or primary record shares. */
static void estimate_fields(char *buf, size_t size, const struct analysis_cell *c)
{
	char v[16], lo[16], hi[16], mde[16], note[48], qnote[56];
	const struct stats_slowdown *e = &c->s;

	fmt_snprintf(buf, size, "slowdown_vs_hlt_pct=%s ci95_lo=%s ci95_hi=%s method=%s blocks=%zu mde_pct=%s note=%s",
		     num(v, sizeof v, e->value_pct, 2), num(lo, sizeof lo, e->lo_pct, 2), num(hi, sizeof hi, e->hi_pct, 2),
		     e->method ? e->method : "", e->n, num(mde, sizeof mde, c->mde_pct, 2),
		     stream_quote(qnote, sizeof qnote, stats_slowdown_note(e, note, sizeof note)));
}

/* The median effective MHz of (w, m), or NaN without APERF/MPERF. */
static double median_eff_mhz(const struct sample_table *t, size_t w, enum idle_mode m)
{
	const struct sample_group *g = &t->group[w][m];
	return g->n_eff ? stats_median(g->eff_mhz, g->n_eff) : __builtin_nan("");
}

/* The core-clock split of a cell (empty fields without APERF, and for hlt):
 * core_slowdown_pct with its interval, freq_ratio = f(hlt) / f(mode), and
 * freq_differs when the median effective MHz differs from hlt's by > 1 %. */
static void clock_fields(char *buf, size_t size, const struct sample_table *t, size_t w, enum idle_mode m)
{
	const struct analysis_clock *k = &result.clock[w][m];
	char v[16] = "", lo[16] = "", hi[16] = "", fr[16] = "";
	const char *differs = "";

	if (m != IDLE_HLT && k->have) {
		num(v, sizeof v, k->core.value_pct, 2);
		num(lo, sizeof lo, k->core.lo_pct, 2);
		num(hi, sizeof hi, k->core.hi_pct, 2);
		num(fr, sizeof fr, k->freq_ratio, 4);
	}
	double fm = median_eff_mhz(t, w, m), fh = median_eff_mhz(t, w, IDLE_HLT);
	if (m != IDLE_HLT && fm == fm && fh == fh && fh > 0)
		differs = analysis_freq_differs(fm, fh) ? "yes" : "no";
	fmt_snprintf(buf, size, "core_slowdown_pct=%s core_ci95_lo=%s core_ci95_hi=%s freq_ratio=%s freq_differs=%s", v, lo,
		     hi, fr, differs);
}

/* ANALYSIS_INSTR_DIFFERS_PCT (stats/analysis.h) says why 0.5 %. */
#define INSTR_TOLERANCE_PCT ANALYSIS_INSTR_DIFFERS_PCT

/* The median of the positive values among v[0..STATS_MAX_REPS) (of their
 * reciprocals when inverse), or NaN when there are none. */
static double median_measured(const double *v, bool inverse)
{
	static double got[STATS_MAX_REPS];
	size_t n = 0;

	for (size_t r = 0; r < STATS_MAX_REPS; r++)
		if (v[r] > 0)
			got[n++] = inverse ? 1 / v[r] : v[r];
	return n ? stats_median(got, n) : __builtin_nan("");
}

/* Whether (w, m)'s instructions per iteration differ from hlt's by more than
 * INSTR_TOLERANCE_PCT: "yes", "no", or "" (no PMU, hlt itself, or the
 * spike-in of a workload whose 1 % more iterations is not exactly 1 % more work). */
static const char *instr_differs(const struct sample_table *t, size_t w, enum idle_mode m)
{
	double im = median_measured(t->instr_per_iter[w][m], false);
	double ih = median_measured(t->instr_per_iter[w][IDLE_HLT], false);

	if (m == IDLE_HLT || !(im == im) || !(ih == ih) || (m == IDLE_SPIKE && !workload_at(w)->uniform_iterations))
		return "";
	double pct = (im / ih - 1) * 100;
	return pct > INSTR_TOLERANCE_PCT || pct < -INSTR_TOLERANCE_PCT ? "yes" : "no";
}

/* The PMU's view of a cell (empty fields without a PMU, see the `pmu` meta):
 * ipc = median instructions per unhalted cycle; ipc_slowdown_pct with its
 * interval = the paired slowdown of unhalted cycles per instruction against
 * hlt (IPC(hlt) / IPC(mode) - 1, the estimator of the time slowdown);
 * instr_per_iter = median instructions per executed iteration, and
 * instr_differs = whether it differs from hlt's. */
static void ipc_fields(char *buf, size_t size, const struct plan *p, const struct sample_table *t, size_t w,
		       enum idle_mode m)
{
	char ipc[16], v[16] = "", lo[16] = "", hi[16] = "", ipi[24];

	num(ipc, sizeof ipc, median_measured(t->pmu_cpi[w][m], true), 3);
	if (m != IDLE_HLT && (p->modes & (1u << IDLE_HLT))) {
		struct stats_slowdown e = stats_paired_slowdown(t->pmu_cpi[w][m], t->pmu_cpi[w][IDLE_HLT], STATS_MAX_REPS);
		num(v, sizeof v, e.value_pct, 2);
		num(lo, sizeof lo, e.lo_pct, 2);
		num(hi, sizeof hi, e.hi_pct, 2);
	}
	num(ipi, sizeof ipi, median_measured(t->instr_per_iter[w][m], false), 2);
	fmt_snprintf(buf, size, "ipc=%s ipc_slowdown_pct=%s ipc_ci95_lo=%s ipc_ci95_hi=%s instr_per_iter=%s instr_differs=%s",
		     ipc, v, lo, hi, ipi, instr_differs(t, w, m));
}

static void write_cells(const struct plan *p, const struct sample_table *t, struct stream *s)
{
	char med[24], mad[24], mn[24], eff[24], ph[24], fields[256];
	static double v[STATS_MAX_REPS];

	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		if (!(p->modes & (1u << m)))
			continue;
		for (size_t w = 0; w < WORKLOAD_MAX; w++) {
			if (!p->workloads.selected[w])
				continue;
			const struct sample_group *g = &t->group[w][m];
			size_t n = 0;
			for (size_t r = 0; r < STATS_MAX_REPS; r++)
				if (t->cpi[w][m][r] > 0)
					v[n++] = t->cpi[w][m][r];
			if (!n && !g->bad)
				continue;
			double median = n ? stats_median(v, n) : 0;
			num(med, sizeof med, n ? median : __builtin_nan(""), 2);
			num(mad, sizeof mad, median > 0 ? stats_mad(v, n) / median * 100 : __builtin_nan(""), 2);
			num(mn, sizeof mn, n ? stats_min(v, n) : __builtin_nan(""), 2);
			num(eff, sizeof eff, g->n_eff ? stats_median(g->eff_mhz, g->n_eff) : __builtin_nan(""), 0);
			const struct analysis_cell *c = &result.cell[w][m];
			if (m != IDLE_HLT && c->have)
				estimate_fields(fields, sizeof fields, c);
			else
				fmt_snprintf(fields, sizeof fields,
					     "slowdown_vs_hlt_pct= ci95_lo= ci95_hi= method= blocks=0 mde_pct= note=");
			char clocks[160], ipc[160], smi[24] = "", wake[32];
			num(wake, sizeof wake, g->n_wake ? stats_median(g->wake_per_ms, g->n_wake) : __builtin_nan(""), 2);
			clock_fields(clocks, sizeof clocks, t, w, (enum idle_mode)m);
			ipc_fields(ipc, sizeof ipc, p, t, w, (enum idle_mode)m);
			if (g->smi_counted)
				fmt_snprintf(smi, sizeof smi, "%zu", g->smi_samples);
			stream_record(s, "summary",
				      "workload=%s mode=%s n=%zu median_cpi=%s mad_pct=%s min_cpi=%s %s p_holm=%s "
				      "eff_mhz=%s bad_checks=%zu %s %s smi_samples=%s sib_wakeups_per_ms=%s",
				      plan_workload_name(p, w), idle_modes[m].name, n, med, mad, mn, fields,
				      num(ph, sizeof ph, m != IDLE_HLT && c->have ? c->p_holm : __builtin_nan(""), 4), eff,
				      g->bad, clocks, ipc, smi, wake);
		}
		if (m == IDLE_HLT)
			continue;
		for (int k = 0; k < ANALYSIS_CLASS_COUNT; k++) {
			if (!result.cls[k][m].have)
				continue;
			estimate_fields(fields, sizeof fields, &result.cls[k][m]);
			stream_record(s, "geomean", "class=%s mode=%s workloads=%zu %s", analysis_class_name(k),
				      idle_modes[m].name, result.cls_workloads[k], fields);
		}
	}
}

/* The seed's question first: int and fp geomeans of the primary mode. */
static void write_primary(const struct plan *p, struct stream *s)
{
	enum idle_mode primary = summary_primary_mode(p);
	char fields[256], text[64];

	if (primary == IDLE_MODE_COUNT) {
		stream_text(s, "primary result (mwait vs hlt): n/a, no mode besides hlt and the controls was measured");
		return;
	}
	stream_text(s, "primary result: %s vs hlt, geometric mean per class, %% [95%% interval; within this boot]%s",
		    idle_modes[primary].name, primary == IDLE_MWAIT ? "" : " (mwait was not measured)");
	for (int k = ANALYSIS_CLASS_INT; k <= ANALYSIS_CLASS_FP; k++) {
		const struct analysis_cell *c = &result.cls[k][primary];
		if (!c->have)
			continue;
		const char *seed = k == ANALYSIS_CLASS_INT ? ANALYSIS_SEED_INTRATE : ANALYSIS_SEED_FPRATE;
		estimate_fields(fields, sizeof fields, c);
		stream_record(s, "primary", "class=%s mode=%s %s seed_pct=%s", analysis_class_name(k),
			      idle_modes[primary].name, fields, primary == IDLE_MWAIT ? seed : "");
		char mde[16];
		cell_text(text, sizeof text, c, false);
		stream_text(s, "  %-4s %s  (detectable: %s %%)%s%s%s", analysis_class_name(k), text,
			    c->mde_pct == c->mde_pct ? num(mde, sizeof mde, c->mde_pct, 2) : "n/a",
			    primary == IDLE_MWAIT ? "  seed: SPEC CPU2017 " : "",
			    primary == IDLE_MWAIT ? (k == ANALYSIS_CLASS_INT ? "intrate " : "fprate ") : "",
			    primary == IDLE_MWAIT ? seed : "");
	}
	stream_text(s, "seed figures (Hygon 18h SMT2, sibling in MWAIT-C1 vs HLT): UnixBench single-core " ANALYSIS_SEED_UNIXBENCH
		       " %%, SPEC CPU2017 intrate " ANALYSIS_SEED_INTRATE " %%, fprate " ANALYSIS_SEED_FPRATE " %%");
}

/* The controls: the A/A arm must cover 0, the spike-in +1 %. */
static void write_controls(struct stream *s)
{
	static const struct {
		enum idle_mode mode;
		double expected;
		const char *what;
	} controls[] = { { IDLE_HLT2, 0.0, "A/A (hlt2 vs hlt)" },
			 { IDLE_SPIKE, ANALYSIS_SPIKE_PCT, "spike-in (+1 % work)" } };

	for (size_t i = 0; i < 2; i++) {
		enum analysis_verdict v = controls[i].mode == IDLE_HLT2 ? result.aa : result.spike;
		if (v == ANALYSIS_ABSENT)
			continue;
		bool spike = controls[i].mode == IDLE_SPIKE;
		const struct analysis_cell *c = spike ? &result.spike_cell : &result.cls[ANALYSIS_CLASS_ALL][controls[i].mode];
		size_t workloads = spike ? result.spike_workloads : result.cls_workloads[ANALYSIS_CLASS_ALL];
		char val[16], lo[16], hi[16], exp[16], text[64];
		stream_record(s, "control",
			      "mode=%s expected_pct=%s slowdown_vs_hlt_pct=%s ci95_lo=%s ci95_hi=%s verdict=%s workloads=%zu",
			      idle_modes[controls[i].mode].name, num(exp, sizeof exp, controls[i].expected, 2),
			      num(val, sizeof val, c->s.value_pct, 2), num(lo, sizeof lo, c->s.lo_pct, 2),
			      num(hi, sizeof hi, c->s.hi_pct, 2), analysis_verdict_name(v), workloads);
		cell_text(text, sizeof text, c, false);
		stream_text(s, "control %-22s %s, expected %s: %s", controls[i].what, text, exp,
			    v == ANALYSIS_FAIL   ? "FAIL - UNTRUSTWORTHY: the instrument does not see what it must"
			    : v == ANALYSIS_PASS ? "pass"
			    : spike && !workloads ? "not judged (no workload whose iterations all cost the same)"
						 : "no interval (too few blocks)");
		if (spike && workloads && workloads < result.cls_workloads[ANALYSIS_CLASS_ALL])
			stream_text(s, "  (spike-in judged over the %zu workloads whose iterations all cost the same)",
				    workloads);
	}
}

/* For lab harnesses that match lines, not parse the stream (LAVA's
 * `monitors` test action, lava/README.md): one line per control, its
 * verdict as the result (n/a: no interval), and one per primary class whose
 * slowdown is a number, result pass = measured. The same fields in the same
 * order on every line, so one regular expression reads them all; the
 * measurement is empty, never made up, where the estimate is missing. */
static void write_testcases(const struct plan *p, struct stream *s)
{
	char val[16];
	enum idle_mode primary = summary_primary_mode(p);

	if (primary != IDLE_MODE_COUNT)
		for (int k = ANALYSIS_CLASS_INT; k <= ANALYSIS_CLASS_FP; k++) {
			const struct analysis_cell *c = &result.cls[k][primary];
			if (!c->have || !(c->s.value_pct == c->s.value_pct))
				continue;
			stream_record(s, "testcase", "name=primary_%s_%s result=pass measurement=%s units=pct",
				      analysis_class_name(k), idle_modes[primary].name,
				      num(val, sizeof val, c->s.value_pct, 2));
		}
	static const enum idle_mode controls[] = { IDLE_HLT2, IDLE_SPIKE };
	for (size_t i = 0; i < 2; i++) {
		enum idle_mode m = controls[i];
		enum analysis_verdict v = m == IDLE_HLT2 ? result.aa : result.spike;
		if (v == ANALYSIS_ABSENT)
			continue;
		const struct analysis_cell *c = m == IDLE_SPIKE ? &result.spike_cell : &result.cls[ANALYSIS_CLASS_ALL][m];
		stream_record(s, "testcase", "name=control_%s result=%s measurement=%s units=pct", idle_modes[m].name,
			      analysis_verdict_name(v), num(val, sizeof val, c->s.value_pct, 2));
	}
}

void summary_set_pair(const char *placement, const char *hypervisor)
{
	pair_placement = placement ? placement : "";
	pair_hypervisor = hypervisor ? hypervisor : "";
}

/* The positive control: busy must slow the measured thread down markedly
 * on an SMT pair; less says the pair may not share a core. */
static void write_busy(const struct plan *p, struct stream *s)
{
	if (!(p->modes & (1u << IDLE_BUSY)))
		return;
	const struct analysis_cell *c = &result.cls[ANALYSIS_CLASS_ALL][IDLE_BUSY];
	bool siblings = !strcmp(pair_placement, "sibling");
	enum analysis_busy_verdict v = analysis_busy_judge(c, siblings);
	bool guest = pair_hypervisor[0] && strcmp(pair_hypervisor, "none");
	char val[16], lo[16], hi[16], min[16], text[64], caveat[160] = "", q[200];
	double nan = __builtin_nan(""); /* no estimate (hlt not measured): empty fields, never a 0 */
	struct stats_slowdown e = c->have ? c->s : (struct stats_slowdown){ .value_pct = nan, .lo_pct = nan, .hi_pct = nan };
	if (guest)
		fmt_snprintf(caveat, sizeof caveat, "under a hypervisor (%s): its vCPUs need not share a core, and an "
			     "emulator (QEMU TCG, Bochs) models no SMT contention at all", pair_hypervisor);
	stream_record(s, "busy_control",
		      "mode=busy slowdown_vs_hlt_pct=%s ci95_lo=%s ci95_hi=%s min_pct=%s placement=%s verdict=%s "
		      "workloads=%zu caveat=%s",
		      num(val, sizeof val, e.value_pct, 2), num(lo, sizeof lo, e.lo_pct, 2), num(hi, sizeof hi, e.hi_pct, 2),
		      num(min, sizeof min, ANALYSIS_BUSY_MIN_PCT, 2), pair_placement,
		      analysis_busy_verdict_name(v), result.cls_workloads[ANALYSIS_CLASS_ALL],
		      stream_quote(q, sizeof q, caveat));
	if (c->have)
		cell_text(text, sizeof text, c, false);
	else
		fmt_snprintf(text, sizeof text, "n/a (hlt not measured)");
	stream_text(s, "control %-22s %s, expected >= %s: %s%s%s", "busy (sibling computes)", text, min,
		    v == ANALYSIS_BUSY_OK ? "ok: the instrument sees SMT contention"
		    : v == ANALYSIS_BUSY_TOPOLOGY_SUSPECT
			    ? "TOPOLOGY SUSPECT - the pair taken for SMT siblings may not share a core"
		    : v == ANALYSIS_BUSY_NOT_JUDGED ? "not judged (the parked CPU is not the measured CPU's sibling)"
						    : "no estimate",
		    guest ? "; " : "", caveat);
}

/* The median IPC per mode over the workloads, and the workloads whose
 * instructions per iteration change with the mode. */
static void ipc_for_people(const struct plan *p, const struct sample_table *t, struct stream *s)
{
	char line[320], a[16];
	static double med[WORKLOAD_MAX];
	bool any = false;
	size_t n = 0;

	fmt_append(line, sizeof line, &n, "  IPC (median, PMU):");
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		if (!(p->modes & (1u << m)))
			continue;
		size_t k = 0;
		for (size_t w = 0; w < WORKLOAD_MAX; w++) {
			double v = p->workloads.selected[w] ? median_measured(t->pmu_cpi[w][m], true) : __builtin_nan("");
			if (v == v)
				med[k++] = v;
		}
		any |= k > 0;
		fmt_append(line, sizeof line, &n, " %s %s", idle_modes[m].name,
			   k ? num(a, sizeof a, stats_median(med, k), 3) : "n/a");
	}
	stream_text(s, "%s%s", line, any ? "" : " (no PMU counts here: see the pmu meta)");
	for (size_t w = 0; w < WORKLOAD_MAX; w++)
		for (int m = 0; m < IDLE_MODE_COUNT; m++)
			if (p->workloads.selected[w] && (p->modes & (1u << m)) &&
			    !strcmp(instr_differs(t, w, (enum idle_mode)m), "yes"))
				stream_text(s, "  instructions per iteration of %s differ in %s from hlt by more than %s %%: "
					       "the modes did not run the same work",
					    plan_workload_name(p, w), idle_modes[m].name, num(a, sizeof a, INSTR_TOLERANCE_PCT, 1));
	/* `off` holds the parked CPUs in wait-for-SIPI, where they do not answer
	 * SMIs: firmware whose SMI handler waits for every thread then stalls the
	 * measured one for its rendezvous timeout, inside the sample. */
	size_t off_smi = 0, off_n = 0;
	bool counted = false;
	for (size_t w = 0; w < WORKLOAD_MAX; w++)
		if (p->workloads.selected[w] && (p->modes & (1u << IDLE_OFF))) {
			const struct sample_group *g = &t->group[w][IDLE_OFF];
			counted |= g->smi_counted;
			off_smi += g->smi_samples;
			off_n += g->n + g->bad + g->smi_left_out;
		}
	if (counted && off_smi)
		stream_text(s, "  WARNING: %zu of %zu samples in mode off saw an SMI: with the parked CPUs in wait-for-SIPI an "
			       "SMI rendezvous may stall the measured CPU (smi_samples in the summary records; those "
			       "samples are left out of every figure)",
			    off_smi, off_n);
}

/* Per measured mode, the good samples left out because an SMI arrived
 * during them (the harness keeps them out of the table): a record, and a
 * line for people when any was. `samples` is empty where the PMU did not
 * count SMIs in that mode (nothing was measured, so nothing is claimed). */
static void write_smi_excluded(const struct plan *p, const struct sample_table *t, struct stream *s)
{
	char line[320], cnt[24];
	size_t at = 0, total = 0;

	fmt_append(line, sizeof line, &at, "samples left out because an SMI arrived during them (SMM time in their "
					   "cycles):");
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		if (!(p->modes & (1u << m)))
			continue;
		size_t left = 0, good = 0;
		bool counted = false;
		for (size_t w = 0; w < WORKLOAD_MAX; w++)
			if (p->workloads.selected[w]) {
				const struct sample_group *g = &t->group[w][m];
				counted |= g->smi_counted;
				left += g->smi_left_out;
				good += g->n + g->smi_left_out;
			}
		if (counted)
			fmt_snprintf(cnt, sizeof cnt, "%zu", left);
		else
			cnt[0] = '\0';
		stream_record(s, "smi_excluded", "mode=%s samples=%s of=%zu", idle_modes[m].name, cnt, good);
		if (left)
			fmt_append(line, sizeof line, &at, " %s %zu of %zu", idle_modes[m].name, left, good);
		total += left;
	}
	if (total)
		stream_text(s, "%s", line);
}

static void table_for_people(const struct plan *p, const struct sample_table *t, struct stream *s)
{
	char line[320], cell[64], a[16];

	size_t n = 0;
	fmt_append(line, sizeof line, &n, "  %-14s", "workload");
	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		if ((p->modes & (1u << m)) && m != IDLE_HLT)
			fmt_append(line, sizeof line, &n, " %-26s", idle_modes[m].name);
	stream_text(s, "slowdown vs hlt in %% [95%% interval; * = Holm-adjusted p <= 0.05 over %zu cells], per workload:",
		    result.family);
	stream_text(s, "%s", line);
	for (size_t w = 0; w < WORKLOAD_MAX; w++) {
		if (!p->workloads.selected[w])
			continue;
		n = 0;
		fmt_append(line, sizeof line, &n, "  %-14s", plan_workload_name(p, w));
		for (int m = 0; m < IDLE_MODE_COUNT; m++) {
			if (!(p->modes & (1u << m)) || m == IDLE_HLT)
				continue;
			cell_text(cell, sizeof cell, &result.cell[w][m], !idle_mode_is_control((enum idle_mode)m));
			fmt_append(line, sizeof line, &n, " %-26s", cell);
		}
		stream_text(s, "%s", line);
	}
	stream_text(s, "slowdown vs hlt, geometric mean per class [95%% interval]:");
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		if (!(p->modes & (1u << m)) || m == IDLE_HLT)
			continue;
		n = 0;
		fmt_append(line, sizeof line, &n, "  %-7s", idle_modes[m].name);
		for (int k = 0; k < ANALYSIS_CLASS_COUNT; k++) {
			cell_text(cell, sizeof cell, &result.cls[k][m], false);
			fmt_append(line, sizeof line, &n, "  %s: %s", analysis_class_name(k), cell);
		}
		stream_text(s, "%s", line);
	}
	bool eff_any = false;
	n = 0;
	fmt_append(line, sizeof line, &n, "  effective MHz (median):");
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		if (!(p->modes & (1u << m)))
			continue;
		static double med[WORKLOAD_MAX];
		size_t k = 0;
		for (size_t w = 0; w < WORKLOAD_MAX; w++)
			if (p->workloads.selected[w] && t->group[w][m].n_eff)
				med[k++] = stats_median(t->group[w][m].eff_mhz, t->group[w][m].n_eff);
		eff_any |= k > 0;
		fmt_append(line, sizeof line, &n, " %s %s", idle_modes[m].name,
			   k ? num(a, sizeof a, stats_median(med, k), 0) : "n/a");
	}
	stream_text(s, "%s%s", line, eff_any ? "" : " (no APERF/MPERF here)");
	ipc_for_people(p, t, s);
}

void summary_write(const struct plan *p, const struct sample_table *t, unsigned reps, struct stream *s)
{
	if (!analyse(p, t)) {
		stream_text(s, "summary: the analysis could not run (plan larger than its limits)");
		return;
	}
	/* The declared primary result first, then the controls that say whether
	 * to trust it, then every cell. */
	if (reps < STATS_MIN_BLOCKS)
		stream_text(s, "%s: %u repetitions, no intervals (need %u blocks); a pipeline check, not a result",
			    p->preset && !strcmp(p->preset, "quick") ? "quick preset" : "too few repetitions", reps,
			    STATS_MIN_BLOCKS);
	if (p->order == PLAN_BLOCKED)
		stream_text(s, "order=blocked: a repetition's samples of different modes ran far apart, so pairing "
			       "them does not remove drift; intervals assume there was none");
	write_primary(p, s);
	write_controls(s);
	write_busy(p, s);
	write_cells(p, t, s);
	write_smi_excluded(p, t, s);
	table_for_people(p, t, s);
	write_testcases(p, s);
}
