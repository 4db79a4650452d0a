/* Text layout of the report (see report_table.h). */
#include "kernel/lib/fmt.h"
#include "tools/report_table.h"

/* Empty fields print as "-" (not measured), never as 0. */
static const char *num(char *buf, size_t size, double v, int decimals)
{
	fmt_fixed(buf, size, v, decimals);
	return buf;
}

static const char *pct(char *buf, size_t size, double ratio)
{
	return num(buf, size, report_slowdown_pct(ratio), 2);
}

/* "[lo, hi]" of a ratio interval, as slowdowns in %. */
static const char *interval(char *buf, size_t size, struct stats_interval r)
{
	char lo[32], hi[32];
	fmt_snprintf(buf, size, "[%s, %s]", pct(lo, sizeof lo, r.lo), pct(hi, sizeof hi, r.hi));
	return buf;
}

static void print_header(FILE *out, const struct report_machine *m, const struct report_summary *s, size_t index,
			 size_t count)
{
	char id[512];
	report_machine_identity(m, id, sizeof id);
	fprintf(out, "machine %zu of %zu: %s\n", index, count, id);
	if (*m->cpu_brand || *m->hypervisor)
		fprintf(out, "  cpu: %s%s%s\n", *m->cpu_brand ? m->cpu_brand : "?",
			*m->hypervisor ? "; hypervisor: " : "", m->hypervisor);
	for (size_t i = 0; i < m->file_count; i++)
		fprintf(out, "  run %zu: %s (%zu rows)\n", i + 1, m->files[i].path, m->files[i].rows);
	fprintf(out, "  rows: %zu, of which check=bad: %zu (counted in 'bad', excluded from the statistics)\n", m->rows,
		m->bad_rows);
	if (s->have_hlt)
		fprintf(out,
			"  slowdown = median cycles/iter / median in hlt - 1; 95%% percentile bootstrap, %d replicates,\n"
			"  seed %llu (group seed = seed ^ (workload index << 8 | mode index), as the kernel's summary)\n",
			STATS_BOOTSTRAP, (unsigned long long)s->seed);
	else
		fprintf(out, "  no hlt samples: no slowdown columns\n");
}

static void print_cells(FILE *out, const struct report_machine *m, const struct report_summary *s)
{
	char med[32], sl[32], iv[80], eff[32], c0[32];
	if (s->have_hlt)
		fprintf(out, "  %-14s %-7s %4s %16s %10s %-20s %8s %8s %4s\n", "workload", "mode", "n", "median cyc/iter",
			"slowdown %", "[95% interval]", "eff MHz", "sib C0%", "bad");
	else
		fprintf(out, "  %-14s %-7s %4s %16s %8s %8s %4s\n", "workload", "mode", "n", "median cyc/iter", "eff MHz",
			"sib C0%", "bad");
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++) {
		if (!m->workload_used[w])
			continue;
		for (size_t md = 0; md < REPORT_MODE_SLOTS; md++) {
			const struct report_cell *c = &s->cell[w][md];
			if (!m->mode_used[md] || (!c->n && !c->bad))
				continue;
			const char *median = c->n ? num(med, sizeof med, c->median_cpi, 2) : "-";
			const char *e = c->have_eff ? num(eff, sizeof eff, c->eff_mhz, 0) : "-";
			const char *z = c->have_sib_c0 ? num(c0, sizeof c0, c->sib_c0_pct, 1) : "-";
			if (s->have_hlt)
				fprintf(out, "  %-14s %-7s %4zu %16s %10s %-20s %8s %8s %4zu\n", m->workload_name[w],
					m->mode_name[md], c->n, median,
					c->have_slowdown ? pct(sl, sizeof sl, c->ratio.value) : "-",
					c->have_slowdown ? interval(iv, sizeof iv, c->ratio) : "-", e, z, c->bad);
			else
				fprintf(out, "  %-14s %-7s %4zu %16s %8s %8s %4zu\n", m->workload_name[w], m->mode_name[md],
					c->n, median, e, z, c->bad);
		}
	}
}

static void print_geomeans(FILE *out, const struct report_machine *m, const struct report_summary *s)
{
	static const char *const class_name[REPORT_CLASS_COUNT] = { "int", "fp" };
	char sl[32], iv[80], cell[128];
	fprintf(out, "  class geometric mean of slowdown vs hlt, %% [95%% interval] (workloads)\n");
	fprintf(out, "  %-7s %-32s %s\n", "mode", "int", "fp");
	for (size_t md = 0; md < REPORT_MODE_SLOTS; md++) {
		if (!m->mode_used[md] || md == REPORT_MODE_HLT)
			continue;
		fprintf(out, "  %-7s", m->mode_name[md]);
		for (size_t k = 0; k < REPORT_CLASS_COUNT; k++) {
			const struct report_geomean *g = &s->geomean[k][md];
			if (g->workloads)
				fmt_snprintf(cell, sizeof cell, "%s %s (%zu)", pct(sl, sizeof sl, g->ratio.value),
					     interval(iv, sizeof iv, g->ratio), g->workloads);
			else
				fmt_snprintf(cell, sizeof cell, "- (no %s workload)", class_name[k]);
			fprintf(out, " %-*s", k + 1 < REPORT_CLASS_COUNT ? 32 : 0, cell);
		}
		fprintf(out, "\n");
	}
	fprintf(out, "  %-7s %-32s %-32s UnixBench single-core " REPORT_SEED_UNIXBENCH "\n", "seed",
		REPORT_SEED_INTRATE " (SPEC CPU2017 intrate)", REPORT_SEED_FPRATE " (SPEC CPU2017 fprate)");
	fprintf(out, "  (seed: Hygon family 18h, SMT2, sibling in MWAIT-C1 vs HLT: compare with mode mwait)\n");
}

void report_table_print(FILE *out, const struct report_machine *m, const struct report_summary *s, size_t index,
			size_t count)
{
	print_header(out, m, s, index, count);
	fprintf(out, "\n");
	print_cells(out, m, s);
	if (s->have_hlt) {
		fprintf(out, "\n");
		print_geomeans(out, m, s);
	}
}
