/* One boot's analysis (see stats/analysis.h). */
#include "stats/analysis.h"
#include "lib/fpmath.h"

#define NAN_VALUE __builtin_nan("")

static const double *samples_of(const struct analysis_input *in, size_t w, size_t m)
{
	return in->cpi + (w * in->modes + m) * in->reps;
}

/* The core-clock split of cell (w, m) against the baseline (in->core_cpi set). */
static struct analysis_clock clock_split(const struct analysis_input *in, size_t w, size_t m)
{
	const size_t stride = (w * in->modes) * in->reps;
	const double *tm = in->cpi + stride + m * in->reps, *tb = in->cpi + stride + in->baseline * in->reps;
	const double *cm = in->core_cpi + stride + m * in->reps, *cb = in->core_cpi + stride + in->baseline * in->reps;
	struct analysis_clock k = { .freq_ratio = NAN_VALUE };
	double sum = 0;
	size_t n = 0;

	k.core = stats_paired_slowdown(cm, cb, in->reps);
	for (size_t r = 0; r < in->reps; r++)
		if (tm[r] > 0 && tb[r] > 0 && cm[r] > 0 && cb[r] > 0) {
			sum += (bench_log(tm[r]) - bench_log(tb[r])) - (bench_log(cm[r]) - bench_log(cb[r]));
			n++;
		}
	k.have = k.core.status != STATS_NO_DATA;
	if (n)
		k.freq_ratio = bench_exp(sum / (double)n);
	return k;
}

static bool is_control(const struct analysis_input *in, size_t m)
{
	return m == in->aa || m == in->spike || (in->mode_control && in->mode_control[m]);
}

/* Fill the figures every cell shows beside its estimate. */
void analysis_describe(struct analysis_cell *c, struct stats_slowdown s)
{
	c->have = true;
	c->s = s;
	c->p = s.status == STATS_INTERVAL ? stats_slowdown_p_value(&s) : NAN_VALUE;
	c->p_holm = NAN_VALUE;
	c->significant = false;
	c->mde_pct = s.status == STATS_INTERVAL ? stats_min_detectable_pct(s.se_log, s.df) : NAN_VALUE;
}

/* A control's verdict from the geomean cell c. */
enum analysis_verdict analysis_judge(const struct analysis_cell *c, double expected_pct)
{
	if (!c->have)
		return ANALYSIS_ABSENT;
	const struct stats_slowdown *s = &c->s;
	if (s->status != STATS_INTERVAL)
		return ANALYSIS_NO_INTERVAL;
	return s->lo_pct - ANALYSIS_RESOLUTION_PCT <= expected_pct && expected_pct <= s->hi_pct + ANALYSIS_RESOLUTION_PCT
		       ? ANALYSIS_PASS
		       : ANALYSIS_FAIL;
}

enum analysis_busy_verdict analysis_busy_judge(const struct analysis_cell *c, bool siblings)
{
	double v = c->s.value_pct;

	if (!c->have || !(v == v))
		return ANALYSIS_BUSY_ABSENT;
	if (!siblings)
		return ANALYSIS_BUSY_NOT_JUDGED;
	return v >= ANALYSIS_BUSY_MIN_PCT ? ANALYSIS_BUSY_OK : ANALYSIS_BUSY_TOPOLOGY_SUSPECT;
}

const char *analysis_busy_verdict_name(enum analysis_busy_verdict v)
{
	switch (v) {
	case ANALYSIS_BUSY_NOT_JUDGED:
		return "not_judged";
	case ANALYSIS_BUSY_OK:
		return "ok";
	case ANALYSIS_BUSY_TOPOLOGY_SUSPECT:
		return "topology_suspect";
	case ANALYSIS_BUSY_ABSENT:
		break;
	}
	return "absent";
}

/* Workloads of class -1 (the mechanism probes) are in no class geomean, not
 * even `all`: they are measurements of the core, not of performance. */
static bool in_class(const struct analysis_input *in, size_t w, enum analysis_class c)
{
	return in->workload_class[w] >= 0 && (c == ANALYSIS_CLASS_ALL || in->workload_class[w] == (int)c);
}

/* The geomean of mode m against the baseline over every used workload that
 * take(w) accepts (NULL: all, probes included), into c; returns how many. */
static size_t geomean_over(const struct analysis_input *in, size_t m, const bool *take, struct analysis_cell *c)
{
	const double *mode_cpi[ANALYSIS_MAX_WORKLOADS], *base_cpi[ANALYSIS_MAX_WORKLOADS];
	size_t n = 0;
	for (size_t w = 0; w < in->workloads; w++)
		if (in->workload_used[w] && (!take || take[w])) {
			mode_cpi[n] = samples_of(in, w, m);
			base_cpi[n++] = samples_of(in, w, in->baseline);
		}
	if (n)
		analysis_describe(c, stats_class_slowdown(mode_cpi, base_cpi, n, in->reps));
	return n;
}

bool analysis_run(const struct analysis_input *in, struct analysis *a)
{
	if (in->workloads > ANALYSIS_MAX_WORKLOADS || in->modes > ANALYSIS_MAX_MODES || in->reps > STATS_MAX_REPS ||
	    in->baseline >= in->modes)
		return false;
	*a = (struct analysis){ .aa = ANALYSIS_ABSENT, .spike = ANALYSIS_ABSENT };
	const size_t base = in->baseline;
	if (!in->mode_used[base])
		return true;

	static double p[STATS_MAX_TESTS], adjusted[STATS_MAX_TESTS];
	static bool significant[STATS_MAX_TESTS];
	static struct analysis_cell *member[STATS_MAX_TESTS];
	size_t family = 0;
	for (size_t m = 0; m < in->modes; m++) {
		if (m == base || !in->mode_used[m])
			continue;
		for (size_t w = 0; w < in->workloads; w++) {
			if (!in->workload_used[w])
				continue;
			struct analysis_cell *c = &a->cell[w][m];
			analysis_describe(c, stats_paired_slowdown(samples_of(in, w, m), samples_of(in, w, base), in->reps));
			/* The split holds ((1 + time) = (1 + core) x freq_ratio) only over
			 * the same blocks: a block without APERF leaves it out. */
			if (in->core_cpi) {
				a->clock[w][m] = clock_split(in, w, m);
				if (a->clock[w][m].core.n != c->s.n)
					a->clock[w][m] = (struct analysis_clock){ .have = false, .freq_ratio = NAN_VALUE };
			}
			if (!is_control(in, m) && in->workload_class[w] >= 0 && family < STATS_MAX_TESTS) {
				member[family] = c;
				p[family++] = c->p;
			}
		}
		for (int k = 0; k < ANALYSIS_CLASS_COUNT; k++) {
			const double *mode_cpi[ANALYSIS_MAX_WORKLOADS], *base_cpi[ANALYSIS_MAX_WORKLOADS];
			size_t n = 0;
			for (size_t w = 0; w < in->workloads; w++)
				if (in->workload_used[w] && in_class(in, w, (enum analysis_class)k)) {
					mode_cpi[n] = samples_of(in, w, m);
					base_cpi[n++] = samples_of(in, w, base);
				}
			a->cls_workloads[k] = n;
			if (n)
				analysis_describe(&a->cls[k][m], stats_class_slowdown(mode_cpi, base_cpi, n, in->reps));
		}
	}
	stats_holm(p, family, adjusted, significant);
	for (size_t i = 0; i < family; i++) {
		member[i]->p_holm = adjusted[i];
		member[i]->significant = significant[i];
	}
	/* The family is what Holm multiplied by: cells with a p-value. */
	a->family = 0;
	for (size_t i = 0; i < family; i++)
		a->family += p[i] == p[i];
	/* The controls check the instrument, so they take every workload measured,
	 * probes included. */
	if (in->aa < in->modes && in->mode_used[in->aa]) {
		geomean_over(in, in->aa, NULL, &a->aa_cell);
		a->aa = analysis_judge(&a->aa_cell, 0.0);
	}
	if (in->spike < in->modes && in->mode_used[in->spike]) {
		a->spike_workloads = geomean_over(in, in->spike, in->spike_exact, &a->spike_cell);
		a->spike = ANALYSIS_NO_INTERVAL; /* measured, but no workload where +1 % is exact */
		if (a->spike_workloads)
			a->spike = analysis_judge(&a->spike_cell, ANALYSIS_SPIKE_PCT);
	}

	a->primary_half_width_pct = NAN_VALUE;
	if (in->primary != ANALYSIS_NONE && in->primary < in->modes) {
		double widest = 0;
		for (int k = ANALYSIS_CLASS_INT; k <= ANALYSIS_CLASS_FP; k++) {
			const struct analysis_cell *c = &a->cls[k][in->primary];
			if (!a->cls_workloads[k])
				continue; /* a plan without fp workloads has an int-only primary result */
			if (!c->have || c->s.status != STATS_INTERVAL) {
				widest = NAN_VALUE;
				break;
			}
			double half = stats_half_width_pct(c->s.se_log, c->s.df);
			if (half > widest)
				widest = half;
		}
		if (a->cls_workloads[ANALYSIS_CLASS_INT] || a->cls_workloads[ANALYSIS_CLASS_FP])
			a->primary_half_width_pct = widest;
	}
	return true;
}

const char *analysis_verdict_name(enum analysis_verdict v)
{
	switch (v) {
	case ANALYSIS_NO_INTERVAL:
		return "n/a";
	case ANALYSIS_PASS:
		return "pass";
	case ANALYSIS_FAIL:
		return "fail";
	case ANALYSIS_UNINFORMATIVE:
		return "uninformative";
	case ANALYSIS_ABSENT:
		break;
	}
	return "absent";
}

const char *analysis_class_name(enum analysis_class c)
{
	return c == ANALYSIS_CLASS_INT ? "int" : c == ANALYSIS_CLASS_FP ? "fp" : "all";
}

bool analysis_freq_differs(double f_mode, double f_base)
{
	if (!(f_mode > 0) || !(f_base > 0))
		return false;
	double r = f_mode / f_base;
	return r > 1 + ANALYSIS_FREQ_DIFFERS_PCT / 100 || r < 1 - ANALYSIS_FREQ_DIFFERS_PCT / 100;
}
