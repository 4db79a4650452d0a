/* `#! probe` records from the measured samples (probes.h). */
#include "bench/probe.h"
#include "stats/stats.h"
#include "kernel/time/delay.h"
#include "kernel/experiment/probes.h"
#include "core/stream/probe_record.h"

/* Registry index of variant v, or -1 when the registry does not list it. */
static int index_of(const struct workload *v)
{
	for (size_t w = 0; w < workload_count(); w++)
		if (workload_at(w) == v)
			return (int)w;
	return -1;
}

/* Median of the good samples (cpi > 0) of (w, m) over reps; 0 when none. */
static double median_cpi(const struct sample_table *t, size_t w, int m, unsigned reps)
{
	static double v[STATS_MAX_REPS];
	size_t n = 0;
	for (unsigned r = 0; r < reps && r < STATS_MAX_REPS; r++)
		if (t->cpi[w][m][r] > 0)
			v[n++] = t->cpi[w][m][r];
	return n ? stats_median(v, n) : 0;
}

void probes_write(const struct plan *plan, const struct sample_table *t, unsigned reps, struct stream *s)
{
	double ns_per_tick = 1e9 / (double)time_tsc_hz();

	for (size_t f = 0; f < probe_family_count(); f++) {
		const struct probe_family *fam = probe_family_at(f);
		int index[PROBE_MAX_VARIANTS];
		bool any = false;
		for (size_t i = 0; i < fam->count; i++) {
			index[i] = index_of(&fam->variants[i]);
			any = any || (index[i] >= 0 && plan->workloads.selected[index[i]]);
		}
		if (!any)
			continue;
		for (int m = 0; m < IDLE_MODE_COUNT; m++) {
			if (!(plan->modes & (1u << m)))
				continue;
			double cycles[PROBE_MAX_VARIANTS], ns[PROBE_MAX_VARIANTS];
			for (size_t i = 0; i < fam->count; i++) {
				bool used = index[i] >= 0 && plan->workloads.selected[index[i]];
				cycles[i] = used ? median_cpi(t, (size_t)index[i], m, reps) : 0;
				ns[i] = cycles[i] * ns_per_tick;
			}
			struct probe_summary sum;
			/* nothing measured: a knee says why, the other kinds stay silent */
			if (probe_summarize(fam, cycles, ns, &sum) || fam->kind == PROBE_KNEE)
				probe_record_write(s, &sum, idle_modes[m].name);
		}
	}
}
