/* Statistics of a pooled machine (see report_summary.h): the same formulas and
 * seeds as kernel/experiment/summary.c, applied to the rows instead of the
 * kernel's in-memory table, so a report of one default-seeded run without bad
 * rows reproduces that run's `#! summary` and `#! geomean` records. */
#include <stdlib.h>
#include <string.h>

#include "tools/report_summary.h"

uint64_t report_group_seed(uint64_t seed, size_t w, size_t m)
{
	return seed ^ ((uint64_t)w << 8 | (uint64_t)m);
}

double report_slowdown_pct(double ratio)
{
	return (ratio - 1) * 100;
}

static int class_of(const char *name)
{
	if (!strcmp(name, "int"))
		return REPORT_CLASS_INT;
	if (!strcmp(name, "fp"))
		return REPORT_CLASS_FP;
	return -1;
}

bool report_summarize(const struct report_machine *m, uint64_t seed, struct report_summary *s)
{
	/* Bootstrap replicates of every workload in the mode at hand. */
	double(*replicates)[STATS_BOOTSTRAP] = malloc(sizeof(double[REPORT_WORKLOAD_SLOTS][STATS_BOOTSTRAP]));
	if (!replicates)
		return false;
	memset(s, 0, sizeof *s);
	s->seed = seed;

	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++) {
		const struct report_group *h = &m->group[w][REPORT_MODE_HLT];
		if (m->workload_used[w] && m->mode_used[REPORT_MODE_HLT] && h->n)
			s->have_hlt = true;
	}
	for (size_t md = 0; md < REPORT_MODE_SLOTS; md++) {
		if (!m->mode_used[md])
			continue;
		double ratios[REPORT_CLASS_COUNT][REPORT_WORKLOAD_SLOTS];
		const double *reps[REPORT_CLASS_COUNT][REPORT_WORKLOAD_SLOTS];
		size_t nclass[REPORT_CLASS_COUNT] = { 0 };
		for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++) {
			if (!m->workload_used[w])
				continue;
			const struct report_group *g = &m->group[w][md];
			const struct report_group *h = &m->group[w][REPORT_MODE_HLT];
			struct report_cell *c = &s->cell[w][md];
			c->n = g->n;
			c->bad = g->bad;
			if (!g->n)
				continue;
			c->median_cpi = stats_median(g->cpi, g->n);
			c->have_eff = g->n_eff > 0;
			if (c->have_eff)
				c->eff_mhz = stats_median(g->eff_mhz, g->n_eff);
			c->have_sib_c0 = g->n_c0 > 0;
			if (c->have_sib_c0)
				c->sib_c0_pct = stats_median(g->sib_c0, g->n_c0);
			if (!h->n)
				continue;
			c->have_slowdown = true;
			c->ratio = stats_ratio_of_medians(g->cpi, g->n, h->cpi, h->n, report_group_seed(seed, w, md),
							  replicates[w]);
			int k = class_of(m->workload_class[w]);
			if (k < 0)
				continue;
			ratios[k][nclass[k]] = c->ratio.value;
			reps[k][nclass[k]] = replicates[w];
			nclass[k]++;
		}
		for (size_t k = 0; k < REPORT_CLASS_COUNT; k++) {
			if (!nclass[k])
				continue;
			s->geomean[k][md].workloads = nclass[k];
			s->geomean[k][md].ratio = stats_geomean_interval(ratios[k], reps[k], nclass[k]);
		}
	}
	free(replicates);
	return true;
}
