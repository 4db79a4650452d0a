/* Text layout of the report (see report_table.h). */
#include <math.h>
#include <string.h>

#include "lib/fmt.h"
#include "tools/report/report_format.h"
#include "tools/report/report_table.h"

/* "boots-t over 3 boots" or "within one boot (paired-t)". */
static void method_text(char *buf, size_t size, const struct report_summary *sum)
{
	if (sum->boots > 1)
		fmt_snprintf(buf, size, "t interval over %zu boots' estimates (boots-t)", sum->boots);
	else
		fmt_snprintf(buf, size, "one boot: paired t over its repetitions, within this boot only");
}

/* A sentence of prose: wrapped at REPORT_TEXT_WIDTH after first (later
 * lines after indent); --wide: one line, as given. */
static void prose(FILE *out, const char *first, const char *indent, const char *text, bool wide)
{
	if (wide)
		fprintf(out, "%s%s\n", first, text);
	else
		report_wrap_hanging(out, first, indent, text, REPORT_TEXT_WIDTH, false);
}

/* Every failed control, the pool's and each boot's own, at the top of the
 * set: a boot that failed marks the set as it marked that boot. */
static void print_warnings(FILE *out, const struct report_set *s, const struct report_summary *sum, bool wide)
{
	char t[1024], line[1200];
	for (size_t i = 0; report_control_failure(s, sum, i, t, sizeof t); i++) {
		fmt_snprintf(line, sizeof line, "UNTRUSTWORTHY: %s: the intervals below do not hold for this set%s", t,
			     strstr(t, " failed its own ") ? " (pooling does not repair a boot's "
											    "failed control; leave that boot's file out to report the others)"
											  : "");
		prose(out, "  ", "    ", line, wide);
	}
}

/* A file as the report names it: its basename (--wide: the path given). */
static const char *file_name(const char *path, bool wide)
{
	return wide ? path : report_base_name(path);
}

/* The set's identity and its failed controls: the first lines of its block. */
static void print_title(FILE *out, const struct report_pool *pool, const struct report_summary *sum, size_t index,
			bool wide)
{
	const struct report_set *s = pool->set[index];
	char id[512], line[640];
	report_set_identity(s, id, sizeof id);
	fmt_snprintf(line, sizeof line, "set %zu of %zu: %s", index + 1, pool->set_count, id);
	prose(out, "", "  ", line, wide);
	print_warnings(out, s, sum, wide);
}

/* Where the set's numbers come from: plan, machine, boots, rows left out. */
static void print_header(FILE *out, const struct report_pool *pool, const struct report_summary *sum, size_t index,
			 bool wide)
{
	const struct report_set *s = pool->set[index];
	char t[2048];
	(void)sum;
	if (s->by_plan)
		fprintf(out, "  plan_id %s, machine_id %s: %zu boot%s of one plan on one machine\n", s->plan_id,
			s->machine_id, s->boot_count, s->boot_count == 1 ? "" : "s");
	else
		fprintf(out, "  schema %u: no plan_id, pooled by machine identity only (%zu boot%s)\n", s->schema,
			s->boot_count, s->boot_count == 1 ? "" : "s");
	if (*s->cpu_brand || *s->hypervisor) {
		fmt_snprintf(t, sizeof t, "cpu: %s%s%s", *s->cpu_brand ? s->cpu_brand : "?",
			     *s->hypervisor ? "; hypervisor: " : "", s->hypervisor);
		prose(out, "  ", "    ", t, wide);
	}
	for (size_t i = 0; i < s->boot_count; i++) {
		const struct report_boot *b = &s->boot[i];
		char setup[32], el[32];
		size_t at = 0;
		fmt_append(t, sizeof t, &at, "boot %zu: %s (schema %u, %zu reps, %zu rows, check=bad %zu", i + 1,
			   file_name(b->path, wide), b->schema, b->reps, b->rows, b->bad_rows);
		if (*b->seed)
			fmt_append(t, sizeof t, &at, "; seed %s%s%s%s", b->seed, *b->seed_source ? " (" : "", b->seed_source,
				   *b->seed_source ? ")" : "");
		if (b->have_stop)
			fmt_append(t, sizeof t, &at, "; stop %s, setup %s s, sampling %s s",
				   *b->stop_reason ? b->stop_reason : "?", report_num(setup, sizeof setup, b->setup_s, 2),
				   report_num(el, sizeof el, b->elapsed_s, 2));
		fmt_append(t, sizeof t, &at, ")");
		prose(out, "  ", "      ", t, wide);
		if (*b->command) {
			fmt_snprintf(t, sizeof t, "command: %s; the slowdown is on %s", b->command,
				     *b->metric ? (b->higher_is_better ? "its score (higher is better)"
								       : "its score (lower is better)")
						: "its wall time");
			prose(out, "    ", "      ", t, wide);
		}
		if (b->multi_cpu) {
			fmt_snprintf(t, sizeof t, "uses more than one CPU: %zu of %zu rows spent more CPU time than wall time "
						  "(+5 %%): its other threads ran elsewhere, the figure is not single-thread",
				     b->multi_cpu, b->rows);
			prose(out, "    ", "      ", t, wide);
		}
	}
	for (size_t j = 0; j < pool->set_count; j++) {
		if (j == index)
			continue;
		char why[1024];
		report_set_difference(s, pool->set[j], why, sizeof why);
		fmt_snprintf(t, sizeof t, "not pooled with set %zu (%s): %s", j + 1, file_name(pool->set[j]->boot[0].path, wide),
			     why);
		prose(out, "  ", "    ", t, wide);
	}
	if (s->bad_rows)
		fprintf(out, "  rows with check=bad: %zu (missing samples: their blocks are left out)\n", s->bad_rows);
	char lost[1024];
	if (report_set_unmeasured_text(s, lost, sizeof lost)) {
		fmt_snprintf(t, sizeof t, "not measured, though the plan asked for it (the kernel's `#! mode` status and "
					  "reason): %s", lost);
		prose(out, "  ", "    ", t, wide);
	}
	char excluded[256];
	if (report_set_excluded_text(s, excluded, sizeof excluded)) {
		fmt_snprintf(t, sizeof t, "rows excluded by the residency proof: %s (the parked CPU was not proven in the "
					  "mode: missing samples, in no figure)", excluded);
		prose(out, "  ", "    ", t, wide);
	}
	if (report_set_smi_text(s, excluded, sizeof excluded)) {
		fmt_snprintf(t, sizeof t, "rows left out for an SMI during the sample: %s (SMM time in their cycles: "
					  "missing samples, in no figure)", excluded);
		prose(out, "  ", "    ", t, wide);
	}
}

static void print_primary(FILE *out, const struct report_set *s, const struct report_summary *sum, bool wide)
{
	char method[128], seed[512], t[512];
	method_text(method, sizeof method, sum);
	if (sum->primary == ANALYSIS_NONE) {
		fprintf(out, "  primary result: mode %s was not measured\n", s->primary_mode);
		return;
	}
	char label[64];
	/* report_state_keys[1] is c2_kind: "ioport (C2 requests CC6)" where the boots recorded it */
	fmt_snprintf(t, sizeof t, "primary result: %s vs hlt, class geometric mean of the slowdown; %s",
		     report_mode_label(label, sizeof label, s->mode_name[sum->primary], s->state[1]), method);
	prose(out, "  ", "    ", t, wide);
	fprintf(out, "    %-5s %10s %-20s %7s  %s\n", "class", "slowdown %", "[95% interval]", "MDE %", "reading");
	for (size_t k = ANALYSIS_CLASS_INT; k <= ANALYSIS_CLASS_FP; k++) {
		const struct analysis_cell *c = &sum->set->cls[k][sum->primary];
		char val[32], iv[80], mde[32], reading[128];
		if (!c->have) {
			fprintf(out, "    %-5s %10s %-20s %7s  no %s workload\n", analysis_class_name(k), "-", "-", "-",
				analysis_class_name(k));
			continue;
		}
		fprintf(out, "    %-5s %10s %-20s %7s  %s\n", analysis_class_name(k), report_num(val, sizeof val, c->s.value_pct, 2),
			report_interval(iv, sizeof iv, &c->s), report_num(mde, sizeof mde, c->mde_pct, 2),
			report_reading(reading, sizeof reading, &c->s, s->mode_name[sum->primary]));
	}
	/* the seed's paragraph is printed once per report (report_table_print_tail) */
	report_seed_clause(s, sum, seed, sizeof seed);
	prose(out, "    ", "    ", seed, wide);
}

/* Why a control that covers its known effect is not a pass (report_judge_control). */
static const char *uninformative_why(size_t control)
{
	return control ? "its interval covers 0 too: it cannot tell the +1 % spike-in from nothing"
		       : "its interval reaches a 1 % bias: it cannot tell no bias from one of 1 %";
}

static void print_controls(FILE *out, const struct report_set *s, const struct report_summary *sum, bool wide)
{
	static const char *const what[2] = { "A/A", "spike" };
	static const double expected[2] = { 0.0, ANALYSIS_SPIKE_PCT };
	size_t mode[2] = { sum->aa, sum->spike };
	enum analysis_verdict v[2] = { sum->set->aa, sum->set->spike };
	char t[2048];
	fmt_snprintf(t, sizeof t, "controls (geomean against hlt: A/A over all workloads, spike over the %zu whose "
				  "iterations all cost the same; the interval must cover the known effect, and be narrow "
				  "enough to fail: else uninformative; judged over the pool and in each boot):",
		     sum->set->spike_workloads);
	prose(out, "  ", "  ", t, wide);
	for (size_t i = 0; i < 2; i++) {
		char exp[32], val[32], iv[80], note[64];
		if (mode[i] == ANALYSIS_NONE) {
			fprintf(out, "    %-5s %-6s not measured: absent\n", what[i], idle_modes[i ? IDLE_SPIKE : IDLE_HLT2].name);
			continue;
		}
		const struct analysis_cell *c = i ? &sum->set->spike_cell : &sum->set->aa_cell;
		char head[64];
		fmt_snprintf(head, sizeof head, "    %-5s %-6s ", what[i], s->mode_name[mode[i]]);
		fmt_snprintf(t, sizeof t, "expected %s %%, got %s %% %s: %s%s%s",
			     report_num(exp, sizeof exp, expected[i], 2), report_num(val, sizeof val, c->s.value_pct, 2),
			     report_interval(iv, sizeof iv, &c->s), analysis_verdict_name(v[i]),
			     v[i] == ANALYSIS_NO_INTERVAL ? " " : v[i] == ANALYSIS_UNINFORMATIVE ? " (" : "",
			     v[i] == ANALYSIS_NO_INTERVAL		? stats_slowdown_note(&c->s, note, sizeof note)
			     : v[i] == ANALYSIS_UNINFORMATIVE ? uninformative_why(i)
							      : "");
		if (v[i] == ANALYSIS_UNINFORMATIVE)
			fmt_snprintf(t + strlen(t), sizeof t - strlen(t), ")");
		prose(out, head, "      ", t, wide);
		if (sum->boots < 2)
			continue;
		size_t at = 0;
		fmt_append(t, sizeof t, &at, "per boot:");
		for (size_t b = 0; b < sum->boots; b++) {
			const struct analysis *a = sum->boot[b];
			const struct analysis_cell *bc = i ? &a->spike_cell : &a->aa_cell;
			enum analysis_verdict bv = i ? a->spike : a->aa;
			char level[32];
			fmt_append(t, sizeof t, &at, "%s boot %zu %s %% %s %s", b ? ";" : "", b + 1,
				   report_num(val, sizeof val, bc->s.value_pct, 2), report_interval(iv, sizeof iv, &bc->s),
				   sum->boot_verdict[b][i] == ANALYSIS_FAIL ? "FAIL"
				   : bv == ANALYSIS_FAIL		     ? "fails at 95 % only, holds at"
									     : analysis_verdict_name(bv));
			if (sum->boot_verdict[b][i] != ANALYSIS_FAIL && bv == ANALYSIS_FAIL)
				fmt_append(t, sizeof t, &at, " %s %% (Bonferroni over %zu boots)",
					   report_num(level, sizeof level, sum->boot_level * 100, 2), sum->boots);
		}
		prose(out, "      ", "        ", t, wide);
	}
	if (sum->busy == ANALYSIS_NONE) {
		fprintf(out, "    %-5s %-6s not measured: absent\n", "busy", idle_modes[IDLE_BUSY].name);
		return;
	}
	const struct analysis_cell *c = &sum->set->cls[ANALYSIS_CLASS_ALL][sum->busy];
	char min[32], val[32], iv[80];
	char head[64];
	fmt_snprintf(head, sizeof head, "    %-5s %-6s ", "busy", s->mode_name[sum->busy]);
	fmt_snprintf(t, sizeof t, "expected >= %s %% (SMT contention), got %s %% %s: %s%s%s",
		     report_num(min, sizeof min, ANALYSIS_BUSY_MIN_PCT, 2),
		     report_num(val, sizeof val, c->s.value_pct, 2), report_interval(iv, sizeof iv, &c->s),
		     analysis_busy_verdict_name(sum->busy_verdict),
		     sum->busy_verdict == ANALYSIS_BUSY_TOPOLOGY_SUSPECT ? " (the pair taken for SMT siblings may not share a core)"
		     : sum->busy_verdict == ANALYSIS_BUSY_NOT_JUDGED	  ? " (the parked CPU is not the measured CPU's sibling)"
									  : "",
		     sum->busy_guest ? "; under a hypervisor: vCPUs need not share a core, an emulator models no SMT contention"
				     : "");
	prose(out, head, "      ", t, wide);
}

/* The per-workload table. Default: the columns that fit REPORT_TEXT_WIDTH,
 * the note only where it says something the set's header does not ("n/a":
 * no interval; "N bad": rows with check=bad); --wide adds eff MHz, the
 * sibling's C0 % and wake-ups per ms and check=bad per cell, and the notes
 * in full. */
static void print_cells(FILE *out, const struct report_set *s, const struct report_summary *sum, bool wide)
{
	char t[512];
	bool no_interval = false;
	if (sum->have_baseline) {
		fmt_snprintf(t, sizeof t, "per workload: slowdown vs hlt; p_holm adjusted (Holm) over the %zu per-workload "
					  "cells (hlt and the controls are not in the family); MDE = smallest slowdown the "
					  "cell detects with 80 %% power at 5 %%", sum->set->family);
		prose(out, "  ", "  ", t, wide);
		if (wide)
			fprintf(out, "  %-14s %-6s %4s %16s %10s %-20s %7s %6s %8s %8s %8s %4s  %s\n", "workload", "mode", "n",
				"median cyc/iter", "slowdown %", "[95% interval]", "p_holm", "MDE %", "eff MHz", "sib C0%",
				"wake/ms", "bad", "note");
		else
			fprintf(out, "  %-13s %-6s %4s %12s %10s %-19s %6s %7s  %s\n", "workload", "mode", "n", "cyc/iter",
				"slowdown %", "[95% interval]", "p_holm", "MDE %", "note");
	} else if (wide) {
		fprintf(out, "  no hlt samples: no slowdown columns\n  %-14s %-6s %4s %16s %8s %8s %8s %4s\n", "workload", "mode",
			"n", "median cyc/iter", "eff MHz", "sib C0%", "wake/ms", "bad");
	} else {
		fprintf(out, "  no hlt samples: no slowdown columns\n  %-13s %-6s %4s %12s %8s %8s %8s %4s\n", "workload", "mode",
			"n", "cyc/iter", "eff MHz", "sib C0%", "wake/ms", "bad");
	}
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++) {
		if (!s->workload_used[w])
			continue;
		for (size_t m = 0; m < REPORT_MODE_SLOTS; m++) {
			const struct report_figures *f = &sum->fig[w][m];
			if (!s->mode_used[m] || (!f->n && !f->bad))
				continue;
			char med[32], eff[32], c0[32], wk[32], val[32], iv[80], p[32], mde[32], note[64];
			const char *median = f->n ? report_num(med, sizeof med, f->median_cpi, 2) : "-";
			const char *e = f->have_eff ? report_num(eff, sizeof eff, f->eff_mhz, 0) : "-";
			const char *z = f->have_sib_c0 ? report_num(c0, sizeof c0, f->sib_c0_pct, 1) : "-";
			/* the sibling's wake-ups per ms: MWAIT re-entered this often */
			const char *k = f->have_wake ? report_num(wk, sizeof wk, f->wake_per_ms, 2) : "-";
			if (!sum->have_baseline) {
				fprintf(out, wide ? "  %-14s %-6s %4zu %16s %8s %8s %8s %4zu\n" : "  %-13s %-6s %4zu %12s %8s %8s %8s %4zu\n",
					s->workload_name[w], s->mode_name[m], f->n, median, e, z, k, f->bad);
				continue;
			}
			const struct analysis_cell *c = &sum->set->cell[w][m];
			bool est = m != REPORT_MODE_HLT && c->have;
			const char *v = est ? report_num(val, sizeof val, c->s.value_pct, 2) : "-";
			const char *i = est ? report_interval(iv, sizeof iv, &c->s) : "-";
			const char *ph = est ? report_num(p, sizeof p, c->p_holm, 4) : "-";
			const char *md = est ? report_num(mde, sizeof mde, c->mde_pct, 2) : "-";
			if (wide) {
				fprintf(out, "  %-14s %-6s %4zu %16s %10s %-20s %7s %6s %8s %8s %8s %4zu  %s\n", s->workload_name[w],
					s->mode_name[m], f->n, median, v, i, ph, md, e, z, k, f->bad,
					est ? stats_slowdown_note(&c->s, note, sizeof note) : "");
				continue;
			}
			size_t at = 0;
			note[0] = '\0';
			if (est && c->s.status != STATS_INTERVAL) {
				fmt_append(note, sizeof note, &at, "n/a");
				no_interval = true;
			}
			if (f->bad)
				fmt_append(note, sizeof note, &at, "%s%zu bad", at ? ", " : "", f->bad);
			fprintf(out, "  %-13s %-6s %4zu %12s %10s %-19s %6s %7s  %s\n", s->workload_name[w], s->mode_name[m],
				f->n, median, v, i, ph, md, note);
		}
	}
	if (!wide && no_interval)
		fprintf(out, "  n/a: no interval (fewer than %d complete blocks)\n", STATS_MIN_BLOCKS);
	if (!wide && sum->have_baseline)
		fprintf(out, "  (--wide: full paths, eff MHz, the sibling's C0 %% and wake-ups per ms, check=bad per cell)\n");
}

/* Time slowdown = (1 + core slowdown) x freq_ratio - 1: core cycles (APERF)
 * per iteration against hlt, and f(hlt) / f(mode); freq_differs where the
 * median effective MHz is more than ANALYSIS_FREQ_DIFFERS_PCT from hlt's. */
static void print_clocks(FILE *out, const struct report_set *s, const struct report_summary *sum, bool wide)
{
	bool any = false;
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
		for (size_t m = 0; m < REPORT_MODE_SLOTS; m++)
			any = any || (s->workload_used[w] && m != REPORT_MODE_HLT && sum->set->clock[w][m].have);
	if (!any) {
		fprintf(out, "  core-clock split: not computed (no aperf in the rows: the CPU or hypervisor has no APERF,\n"
			     "  e.g. QEMU TCG or Bochs); the slowdowns above are in TSC time and may include a frequency change\n");
		return;
	}
	char t[512];
	fmt_snprintf(t, sizeof t, "core-clock split (time slowdown = (1 + core slowdown) x freq_ratio - 1; core = APERF "
				  "cycles per iteration, freq_ratio = f(hlt) / f(mode); freq differs: median eff MHz more "
				  "than %.0f %% from hlt's)", ANALYSIS_FREQ_DIFFERS_PCT);
	prose(out, "  ", "  ", t, wide);
	fprintf(out, "  %-14s %-6s %10s %10s %-20s %10s %s\n", "workload", "mode", "time %", "core %", "[95% interval]",
		"freq_ratio", "freq differs");
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
		for (size_t m = 0; m < REPORT_MODE_SLOTS; m++) {
			const struct analysis_clock *k = &sum->set->clock[w][m];
			const struct analysis_cell *c = &sum->set->cell[w][m];
			if (!s->workload_used[w] || m == REPORT_MODE_HLT || !s->mode_used[m] || !c->have)
				continue;
			const struct report_figures *f = &sum->fig[w][m], *h = &sum->fig[w][REPORT_MODE_HLT];
			const char *differs = f->have_eff && h->have_eff
						      ? (analysis_freq_differs(f->eff_mhz, h->eff_mhz) ? "yes" : "no")
						      : "-";
			char t[32], v[32], iv[80], r[32];
			fprintf(out, "  %-14s %-6s %10s %10s %-20s %10s %s\n", s->workload_name[w], s->mode_name[m],
				report_num(t, sizeof t, c->s.value_pct, 2), k->have ? report_num(v, sizeof v, k->core.value_pct, 2) : "-",
				k->have ? report_interval(iv, sizeof iv, &k->core) : "-",
				k->have ? report_num(r, sizeof r, k->freq_ratio, 4) : "-", differs);
		}
}

/* The PMU's view: IPC against hlt's, the paired slowdown of unhalted cycles
 * per instruction, and whether the instructions per iteration moved. */
static void print_ipc(FILE *out, const struct report_set *s, const struct report_summary *sum, bool wide)
{
	bool any = false;
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
		for (size_t m = 0; m < REPORT_MODE_SLOTS; m++)
			any = any || (s->workload_used[w] && sum->fig[w][m].have_ipc);
	if (!any) {
		fprintf(out, "  IPC: not measured (no PMU counts in the rows: schema < 3, a hypervisor, or no free counter;\n"
			     "  see the pmu meta)\n");
		return;
	}
	char t[512];
	fmt_snprintf(t, sizeof t, "IPC (PMU: instructions per unhalted cycle; slowdown = IPC(hlt) / IPC(mode) - 1, paired; "
				  "instr differs: instructions per iteration more than %.1f %% from hlt's, the modes did not "
				  "run the same work)", ANALYSIS_INSTR_DIFFERS_PCT);
	prose(out, "  ", "  ", t, wide);
	fprintf(out, "  %-14s %-6s %8s %10s %-20s %14s %s\n", "workload", "mode", "ipc", "slowdown %", "[95% interval]",
		"instr/iter", "instr differs");
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
		for (size_t m = 0; m < REPORT_MODE_SLOTS; m++) {
			const struct report_figures *f = &sum->fig[w][m];
			if (!s->workload_used[w] || !s->mode_used[m] || !f->have_ipc)
				continue;
			const struct stats_slowdown *e = &sum->ipc[w][m];
			bool est = m != REPORT_MODE_HLT && e->status != STATS_NO_DATA;
			int d = report_instr_differs(s, sum, w, m);
			const char *differs = d < 0 ? "-" : d ? "yes" : "no";
			char ipc[32], v[32], iv[80], ipi[32];
			fprintf(out, "  %-14s %-6s %8s %10s %-20s %14s %s\n", s->workload_name[w], s->mode_name[m],
				report_num(ipc, sizeof ipc, f->ipc, 3), est ? report_num(v, sizeof v, e->value_pct, 2) : "-",
				est ? report_interval(iv, sizeof iv, e) : "-",
				f->have_instr ? report_num(ipi, sizeof ipi, f->instr_per_iter, 1) : "-", differs);
		}
}

static void print_geomeans(FILE *out, const struct report_set *s, const struct report_summary *sum)
{
	fprintf(out, "  class geometric mean of slowdown vs hlt, %% [95%% interval] (workloads)\n");
	fprintf(out, "  %-6s %-30s %-30s %s\n", "mode", "int", "fp", "all");
	for (size_t m = 0; m < REPORT_MODE_SLOTS; m++) {
		if (!s->mode_used[m] || m == REPORT_MODE_HLT)
			continue;
		fprintf(out, "  %-6s", s->mode_name[m]);
		for (size_t k = 0; k < ANALYSIS_CLASS_COUNT; k++) {
			const struct analysis_cell *c = &sum->set->cls[k][m];
			char val[32], iv[80], cell[160];
			if (c->have)
				fmt_snprintf(cell, sizeof cell, "%s %s (%zu)", report_num(val, sizeof val, c->s.value_pct, 2),
					     report_interval(iv, sizeof iv, &c->s), sum->set->cls_workloads[k]);
			else
				fmt_snprintf(cell, sizeof cell, "- (no %s workload)", analysis_class_name(k));
			fprintf(out, " %-*s", k + 1 < ANALYSIS_CLASS_COUNT ? 30 : 0, cell);
		}
		fprintf(out, "\n");
	}
}

/* A log-scale variance as a standard deviation in %. */
static const char *sd_pct(char *buf, size_t size, double var)
{
	return report_num(buf, size, var >= 0 ? (exp(sqrt(var)) - 1) * 100 : NAN, 2);
}

static void print_planning(FILE *out, const struct report_summary *sum, bool wide)
{
	char a[32], b[32], c[32], d[32], t[512];
	fprintf(out, "  planning (variance components of the primary result, Kalibera & Jones 2013):\n");
	if (sum->primary == ANALYSIS_NONE) {
		fprintf(out, "    not computed: the primary mode was not measured\n");
		return;
	}
	if (sum->boots < 2) {
		fprintf(out, "    not computed: one boot says nothing about how boots differ (needs >= 2 boots of one set)\n");
		return;
	}
	if (sum->have_costs) {
		fmt_snprintf(t, sizeof t, "cost: boot %s s (setup %s s measured from reset + %s s assumed, --firmware-s), "
					  "repetition %s s (elapsed_s / (rounds + warmup))",
			     report_num(a, sizeof a, sum->boot_cost_s, 2), report_num(b, sizeof b, sum->setup_s, 2),
			     report_num(c, sizeof c, sum->firmware_s, 0), report_num(d, sizeof d, sum->rep_cost_s, 3));
		prose(out, "    ", "      ", t, wide);
	} else
		fprintf(out, "    cost: unknown (a boot without a `#! stop` record, e.g. schema 1): no optimal repetitions\n");
	for (size_t k = 0; k < 2; k++) {
		const struct report_plan *p = &sum->plan[k];
		if (!p->have) {
			fprintf(out, "    %-3s not computed: fewer than 2 boots with an estimate, or too few blocks\n",
				analysis_class_name(k));
			continue;
		}
		fprintf(out, "    %-3s sd between boots %s %%, within a boot %s %% per block (%zu boots, ~%zu blocks each);\n",
			analysis_class_name(k), sd_pct(a, sizeof a, p->v.between), sd_pct(b, sizeof b, p->v.within),
			p->v.boots, p->reps_now);
		size_t at = 0;
		fmt_append(t, sizeof t, &at, "+-1 %%: %zu boots at %zu reps", p->boots_now, p->reps_now);
		if (p->optimal_reps && p->capped)
			fmt_append(t, sizeof t, &at, "; more reps per boot would minimise the total time, but the kernel's reps= "
						     "takes at most %zu: %zu boots at %zu reps", p->max_reps, p->boots_optimal,
				   p->optimal_reps);
		else if (p->optimal_reps)
			fmt_append(t, sizeof t, &at, "; %zu reps per boot minimise the total time: %zu boots at %zu reps",
				   p->optimal_reps, p->boots_optimal, p->optimal_reps);
		prose(out, "        ", "          ", t, wide);
	}
}

static void print_carryover(FILE *out, const struct report_set *s, const struct report_summary *sum, bool wide)
{
	fprintf(out, "  carry-over (does a sample depend on the mode run just before it? rows in measurement order):\n");
	for (size_t i = 0; i < s->boot_count; i++) {
		char t[512];
		report_carryover_sentence(s, sum, i, t, sizeof t);
		prose(out, "    ", "      ", t, wide);
		report_mode_switch_sentence(sum, i, t, sizeof t);
		prose(out, "    ", "      ", t, wide);
	}
}

void report_table_print_head(FILE *out, const struct report_pool *pool)
{
	size_t files = 0;
	for (size_t i = 0; i < pool->set_count; i++)
		files += pool->set[i]->boot_count;
	fprintf(out, "idlebench report: %zu file%s in %zu set%s; " REPORT_SIGN_CONVENTION "\n\n", files, files == 1 ? "" : "s",
		pool->set_count, pool->set_count == 1 ? "" : "s");
}

void report_table_print_tail(FILE *out, const struct report_pool *pool, const struct report_summary *const *sums,
			     bool wide)
{
	bool any = false;
	for (size_t i = 0; i < pool->set_count; i++)
		any = any || (sums[i]->have_baseline && sums[i]->primary != ANALYSIS_NONE);
	if (!any)
		return;
	char seed[512];
	report_seed_figures(seed, sizeof seed);
	fprintf(out, "\n");
	prose(out, "", "", seed, wide);
}

void report_table_print(FILE *out, const struct report_pool *pool, const struct report_summary *const *sums,
			size_t index, bool wide)
{
	const struct report_set *s = pool->set[index];
	const struct report_summary *sum = sums[index];
	/* what a reader must see first: the identity, any failed control, the
	 * primary result and the controls; where the numbers come from after */
	print_title(out, pool, sum, index, wide);
	if (sum->have_baseline) {
		print_primary(out, s, sum, wide);
		print_controls(out, s, sum, wide);
		fprintf(out, "\n");
	}
	print_header(out, pool, sum, index, wide);
	fprintf(out, "\n");
	print_cells(out, s, sum, wide);
	if (sum->have_baseline) {
		fprintf(out, "\n");
		print_clocks(out, s, sum, wide);
		fprintf(out, "\n");
		print_ipc(out, s, sum, wide);
		fprintf(out, "\n");
		print_geomeans(out, s, sum);
		fprintf(out, "\n");
		print_planning(out, sum, wide);
	}
	print_carryover(out, s, sum, wide);
}
