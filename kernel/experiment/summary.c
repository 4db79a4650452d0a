/* Summary statistics (bench/stats.c): slowdown = (median cpi in the mode /
 * median cpi in hlt - 1) x 100; interval = percentile bootstrap (1000
 * replicates, seeded) of that ratio; class geomean over the workloads of the
 * class, its interval from the same replicates taken workload by workload. */
#include "bench/stats.h"
#include "kernel/experiment/summary.h"
#include "kernel/lib/fmt.h"
#include "kernel/lib/mem.h"

/* The figures that motivated idlebench: Hygon family 18h, SMT2, sibling in
 * MWAIT-C1 vs HLT (UnixBench single-core, SPEC CPU2017 intrate, fprate). */
#define SEED_UNIXBENCH "14.53"
#define SEED_INTRATE "12.68"
#define SEED_FPRATE "19.73"

static double replicates[WORKLOAD_MAX][STATS_BOOTSTRAP];
/* Per (workload, mode) results kept for the screen table. */
static struct stats_interval slowdown[WORKLOAD_MAX][IDLE_MODE_COUNT];
static bool have_slowdown[WORKLOAD_MAX][IDLE_MODE_COUNT];
static double eff_median[IDLE_MODE_COUNT][WORKLOAD_MAX];
static size_t eff_count[IDLE_MODE_COUNT];

static void table_for_people(const struct plan *p, struct stream *s)
{
	char line[200], a[16], b[16], c[16];

	size_t n = (size_t)fmt_snprintf(line, sizeof line, "  %-14s", "workload");
	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		if ((p->modes & (1u << m)) && m != IDLE_HLT)
			n += (size_t)fmt_snprintf(line + n, sizeof line - n, " %-24s", idle_modes[m].name);
	stream_text(s, "slowdown vs hlt in %% [95%% interval], per workload:");
	stream_text(s, "%s", line);
	for (size_t w = 0; w < WORKLOAD_MAX; w++) {
		if (!p->workloads.selected[w])
			continue;
		n = (size_t)fmt_snprintf(line, sizeof line, "  %-14s", workload_at(w)->name);
		for (int m = 0; m < IDLE_MODE_COUNT; m++) {
			if (!(p->modes & (1u << m)) || m == IDLE_HLT)
				continue;
			char cell[32] = "n/a";
			if (have_slowdown[w][m]) {
				fmt_fixed(a, sizeof a, (slowdown[w][m].value - 1) * 100, 1);
				fmt_fixed(b, sizeof b, (slowdown[w][m].lo - 1) * 100, 1);
				fmt_fixed(c, sizeof c, (slowdown[w][m].hi - 1) * 100, 1);
				fmt_snprintf(cell, sizeof cell, "%s [%s, %s]", a, b, c);
			}
			n += (size_t)fmt_snprintf(line + n, sizeof line - n, " %-24s", cell);
		}
		stream_text(s, "%s", line);
	}
	n = (size_t)fmt_snprintf(line, sizeof line, "  effective MHz (median):");
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		if (!(p->modes & (1u << m)))
			continue;
		if (eff_count[m])
			fmt_fixed(a, sizeof a, stats_median(eff_median[m], eff_count[m]), 0);
		else
			fmt_snprintf(a, sizeof a, "n/a");
		n += (size_t)fmt_snprintf(line + n, sizeof line - n, " %s %s", idle_modes[m].name, a);
	}
	stream_text(s, "%s%s", line, eff_count[IDLE_HLT] ? "" : " (no APERF/MPERF here)");
}

static void pct(char *buf, size_t size, double ratio)
{
	fmt_fixed(buf, size, (ratio - 1) * 100, 2);
}

void summary_write(const struct plan *p, const struct sample_table *t, struct stream *s)
{
	char med[32], mad[32], mn[32], sl[32], lo[32], hi[32], eff[32];
	struct stats_interval geo[2][IDLE_MODE_COUNT];
	bool have_geo[2][IDLE_MODE_COUNT] = { { false } };

	memset(have_slowdown, 0, sizeof have_slowdown);
	memset(eff_count, 0, sizeof eff_count);

	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		if (!(p->modes & (1u << m)))
			continue;
		double ratios[2][WORKLOAD_MAX];
		const double *reps[2][WORKLOAD_MAX];
		size_t nclass[2] = { 0, 0 };
		for (size_t w = 0; w < WORKLOAD_MAX; w++) {
			if (!p->workloads.selected[w])
				continue;
			const struct workload *wl = workload_at(w);
			const struct sample_group *g = &t->group[w][m];
			const struct sample_group *h = &t->group[w][IDLE_HLT];
			if (!g->n)
				continue;
			double median = stats_median(g->cpi, g->n);
			fmt_fixed(med, sizeof med, median, 2);
			fmt_fixed(mad, sizeof mad, median > 0 ? stats_mad(g->cpi, g->n) / median * 100 : 0, 2);
			fmt_fixed(mn, sizeof mn, stats_min(g->cpi, g->n), 2);
			sl[0] = lo[0] = hi[0] = '\0';
			if (h->n) {
				struct stats_interval r = stats_ratio_of_medians(g->cpi, g->n, h->cpi, h->n,
										 p->seed ^ ((uint64_t)w << 8 | (uint64_t)m),
										 replicates[w]);
				pct(sl, sizeof sl, r.value);
				pct(lo, sizeof lo, r.lo);
				pct(hi, sizeof hi, r.hi);
				slowdown[w][m] = r;
				have_slowdown[w][m] = true;
				size_t c = wl->class == WORKLOAD_FP;
				ratios[c][nclass[c]] = r.value;
				reps[c][nclass[c]] = replicates[w];
				nclass[c]++;
			}
			eff[0] = '\0';
			if (g->n_eff) {
				double e = stats_median(g->eff_mhz, g->n_eff);
				fmt_fixed(eff, sizeof eff, e, 0);
				eff_median[m][eff_count[m]++] = e;
			}
			stream_record(s, "summary",
				      "workload=%s mode=%s n=%zu median_cpi=%s mad_pct=%s min_cpi=%s "
				      "slowdown_vs_hlt_pct=%s ci95_lo=%s ci95_hi=%s eff_mhz=%s bad_checks=%zu",
				      wl->name, idle_modes[m].name, g->n, med, mad, mn, sl, lo, hi, eff, g->bad);
		}
		for (size_t c = 0; c < 2; c++) {
			if (!nclass[c])
				continue;
			geo[c][m] = stats_geomean_interval(ratios[c], reps[c], nclass[c]);
			have_geo[c][m] = true;
			pct(sl, sizeof sl, geo[c][m].value);
			pct(lo, sizeof lo, geo[c][m].lo);
			pct(hi, sizeof hi, geo[c][m].hi);
			stream_record(s, "geomean", "class=%s mode=%s workloads=%zu slowdown_vs_hlt_pct=%s ci95_lo=%s ci95_hi=%s",
				      c ? "fp" : "int", idle_modes[m].name, nclass[c], sl, lo, hi);
		}
	}

	/* For people: the table, then slowdown per class and mode beside the seed. */
	table_for_people(p, s);
	stream_text(s, "slowdown vs hlt, geometric mean per class [95%% interval]:");
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		if (!(p->modes & (1u << m)) || m == IDLE_HLT)
			continue;
		char line[160];
		size_t n = (size_t)fmt_snprintf(line, sizeof line, "  %-7s", idle_modes[m].name);
		for (size_t c = 0; c < 2; c++) {
			if (!have_geo[c][m]) {
				n += (size_t)fmt_snprintf(line + n, sizeof line - n, "  %s: n/a", c ? "fp" : "int");
				continue;
			}
			pct(sl, sizeof sl, geo[c][m].value);
			pct(lo, sizeof lo, geo[c][m].lo);
			pct(hi, sizeof hi, geo[c][m].hi);
			n += (size_t)fmt_snprintf(line + n, sizeof line - n, "  %s: %s %% [%s, %s]", c ? "fp" : "int",
						  sl, lo, hi);
		}
		stream_text(s, "%s", line);
	}
	stream_text(s, "seed figures (Hygon 18h SMT2, sibling in MWAIT-C1 vs HLT): UnixBench single-core "
		       SEED_UNIXBENCH " %%, SPEC CPU2017 intrate " SEED_INTRATE " %%, fprate " SEED_FPRATE " %%");
}
