/* Probe families, knee detection and summaries (bench/probe.h). */
#include "bench/probe.h"
#include "lib/mem.h"

static const struct probe_family families[] = {
	{ "rob", PROBE_KNEE, probe_rob, PROBE_ROB_VARIANTS },
	{ "mlp", PROBE_PER_ACCESS, probe_mlp, PROBE_MLP_VARIANTS },
	{ "stream", PROBE_BANDWIDTH, probe_stream, PROBE_STREAM_VARIANTS },
	{ "sq", PROBE_KNEE, probe_sq, PROBE_SQ_VARIANTS },
};

#define FAMILY_COUNT (sizeof families / sizeof families[0])

size_t probe_family_count(void)
{
	return FAMILY_COUNT;
}

const struct probe_family *probe_family_at(size_t index)
{
	return index < FAMILY_COUNT ? &families[index] : NULL;
}

static bool same(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

const struct probe_family *probe_family_find(const char *name)
{
	for (size_t i = 0; i < FAMILY_COUNT; i++)
		if (same(families[i].name, name))
			return &families[i];
	return NULL;
}

/* Median of n values (n >= 1), sorted in a copy. */
static double median(const double *v, size_t n)
{
	double s[PROBE_MAX_VARIANTS];
	for (size_t i = 0; i < n; i++) {
		size_t j = i;
		for (; j > 0 && s[j - 1] > v[i]; j--)
			s[j] = s[j - 1];
		s[j] = v[i];
	}
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/* NaN fails every comparison: this is false for it. */
static bool positive(double v)
{
	return v > 0 && v < 1e300;
}

bool probe_find_knee(const uint32_t *param, const double *value, size_t n, struct probe_knee *out)
{
	memset(out, 0, sizeof *out);
	if (n < 4 || n > PROBE_MAX_VARIANTS) {
		out->reason = n < 4 ? "fewer than 4 measured points" : "more points than PROBE_MAX_VARIANTS";
		return false;
	}
	double slope[PROBE_MAX_VARIANTS];
	for (size_t i = 0; i < n; i++) {
		if (!positive(value[i])) {
			out->reason = "a value is not a positive number";
			return false;
		}
		if (i && param[i] <= param[i - 1]) {
			out->reason = "parameters are not ascending";
			return false;
		}
		if (i)
			slope[i - 1] = (value[i] - value[i - 1]) / (double)(param[i] - param[i - 1]);
	}
	/* Detrended values. A step must hold: the lower of the two points after
	 * it against the higher of the two before it, so one slow sample (a
	 * spike) cannot pass for a knee. A step may also take two intervals when
	 * the point between them lies clearly in between (the store queue's half
	 * overlap at its capacity); it then counts from before that point. */
	double baseline = median(slope, n - 1), flat[PROBE_MAX_VARIANTS], best = 0;
	size_t best_lo = 0, best_hi = 0;
	for (size_t i = 0; i < n; i++)
		flat[i] = value[i] - baseline * (double)param[i];
	/* Two points on each side of every step, at the sweep's ends too: a
	 * step into the last point (or out of the first) is one sample, no knee. */
	for (size_t span = 1; span <= 2; span++)
		for (size_t lo = 1; lo + span + 1 < n; lo++) {
			size_t hi = lo + span;
			double before = flat[lo - 1] > flat[lo] ? flat[lo - 1] : flat[lo];
			double after = flat[hi + 1] < flat[hi] ? flat[hi + 1] : flat[hi];
			double step = after - before;
			if (span == 2 && !(flat[lo + 1] > before + step / 4 && flat[lo + 1] < after - step / 4))
				continue;
			if (step > best) {
				best = step;
				best_lo = lo;
				best_hi = hi;
			}
		}
	if (best <= 0) {
		out->reason = "no step above the baseline slope (flat or straight curve)";
		return false;
	}
	out->at = param[best_hi];
	out->step_ratio = best / value[best_lo];
	if (out->step_ratio < PROBE_KNEE_MIN_STEP) {
		out->reason = "largest step above the baseline slope is under 25 % of the value before it";
		return false;
	}
	out->found = true;
	out->knee = out->at;
	return true;
}

bool probe_summarize(const struct probe_family *f, const double *cycles_per_iter, const double *ns_per_iter,
		     struct probe_summary *out)
{
	memset(out, 0, sizeof *out);
	out->family = f;
	for (size_t i = 0; i < f->count && i < PROBE_MAX_VARIANTS; i++) {
		if (!positive(cycles_per_iter[i]) || !positive(ns_per_iter[i]))
			continue;
		const struct workload *w = &f->variants[i];
		size_t k = out->points++;
		out->param[k] = w->probe_param;
		out->cycles_per_iter[k] = cycles_per_iter[i];
		if (w->probe_work_per_iter)
			out->ns_per_access[k] = ns_per_iter[i] / (double)w->probe_work_per_iter;
		if (f->kind == PROBE_BANDWIDTH && k == 0) {
			out->bytes_per_cycle = (double)w->probe_work_per_iter / cycles_per_iter[i];
			out->gb_s = (double)w->probe_work_per_iter / ns_per_iter[i];
		}
	}
	if (!out->points) {
		out->knee.reason = "no variant of the family was measured";
		return false;
	}
	if (f->kind == PROBE_KNEE)
		probe_find_knee(out->param, out->cycles_per_iter, out->points, &out->knee);
	return true;
}
