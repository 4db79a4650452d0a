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

static void print_warnings(FILE *out, const struct report_set *s, const struct report_summary *sum)
{
	static const char *const what[2] = { "A/A control", "spike-in" };
	static const char *const expected[2] = { "0.00", "+1.00" };
	size_t mode[2] = { sum->aa, sum->spike };
	enum analysis_verdict v[2] = { sum->set->aa, sum->set->spike };
	for (size_t i = 0; i < 2; i++) {
		if (v[i] != ANALYSIS_FAIL)
			continue;
		const struct analysis_cell *c = i ? &sum->set->spike_cell : &sum->set->aa_cell;
		char val[32], iv[80];
		fprintf(out, "  UNTRUSTWORTHY: the %s (%s vs hlt) shows %s %% %s, which excludes the known %s %%:\n"
			     "  the intervals below do not hold for this set\n",
			what[i], s->mode_name[mode[i]], report_num(val, sizeof val, c->s.value_pct, 2),
			report_interval(iv, sizeof iv, &c->s), expected[i]);
	}
}

static void print_header(FILE *out, const struct report_pool *pool, const struct report_summary *sum, size_t index)
{
	const struct report_set *s = pool->set[index];
	char id[512];
	report_set_identity(s, id, sizeof id);
	fprintf(out, "set %zu of %zu: %s\n", index + 1, pool->set_count, id);
	print_warnings(out, s, sum);
	if (s->by_plan)
		fprintf(out, "  plan_id %s, machine_id %s: %zu boot%s of one plan on one machine\n", s->plan_id,
			s->machine_id, s->boot_count, s->boot_count == 1 ? "" : "s");
	else
		fprintf(out, "  schema %u: no plan_id, pooled by machine identity only (%zu boot%s)\n", s->schema,
			s->boot_count, s->boot_count == 1 ? "" : "s");
	if (*s->cpu_brand || *s->hypervisor)
		fprintf(out, "  cpu: %s%s%s\n", *s->cpu_brand ? s->cpu_brand : "?", *s->hypervisor ? "; hypervisor: " : "",
			s->hypervisor);
	for (size_t i = 0; i < s->boot_count; i++) {
		const struct report_boot *b = &s->boot[i];
		char setup[32], el[32];
		fprintf(out, "  boot %zu: %s (schema %u, %zu reps, %zu rows, check=bad %zu", i + 1, b->path, b->schema,
			b->reps, b->rows, b->bad_rows);
		if (*b->seed)
			fprintf(out, "; seed %s%s%s%s", b->seed, *b->seed_source ? " (" : "", b->seed_source,
				*b->seed_source ? ")" : "");
		if (b->have_stop)
			fprintf(out, "; stop %s, setup %s s, sampling %s s", *b->stop_reason ? b->stop_reason : "?",
				report_num(setup, sizeof setup, b->setup_s, 2), report_num(el, sizeof el, b->elapsed_s, 2));
		fprintf(out, ")\n");
		if (*b->command)
			fprintf(out, "    command: %s; the slowdown is on %s\n", b->command,
				*b->metric ? (b->higher_is_better ? "its score (higher is better)" : "its score (lower is better)")
					   : "its wall time");
		if (b->multi_cpu)
			fprintf(out, "    uses more than one CPU: %zu of %zu rows spent more CPU time than wall time (+5 %%): "
				     "its other threads ran elsewhere, the figure is not single-thread\n",
				b->multi_cpu, b->rows);
	}
	for (size_t j = 0; j < pool->set_count; j++) {
		if (j == index)
			continue;
		char why[1024];
		report_set_difference(s, pool->set[j], why, sizeof why);
		fprintf(out, "  not pooled with set %zu (%s): %s\n", j + 1, pool->set[j]->boot[0].path, why);
	}
	if (s->bad_rows)
		fprintf(out, "  rows with check=bad: %zu (missing samples: their blocks are left out)\n", s->bad_rows);
	char lost[1024];
	if (report_set_unmeasured_text(s, lost, sizeof lost))
		fprintf(out, "  not measured, though the plan asked for it (the kernel's `#! mode` status and reason): %s\n",
			lost);
	char excluded[256];
	if (report_set_excluded_text(s, excluded, sizeof excluded))
		fprintf(out, "  rows excluded by the residency proof: %s (the parked CPU was not proven in the mode: "
			     "missing samples, in no figure)\n", excluded);
	if (report_set_smi_text(s, excluded, sizeof excluded))
		fprintf(out, "  rows left out for an SMI during the sample: %s (SMM time in their cycles: missing samples, "
			     "in no figure)\n", excluded);
}

static void print_primary(FILE *out, const struct report_set *s, const struct report_summary *sum)
{
	char method[128], seed[512];
	method_text(method, sizeof method, sum);
	if (sum->primary == ANALYSIS_NONE) {
		fprintf(out, "  primary result: mode %s was not measured\n", s->primary_mode);
		return;
	}
	char label[64];
	/* report_state_keys[1] is c2_kind: "ioport (C2 = CC6)" where the boots recorded it */
	fprintf(out, "  primary result: %s vs hlt, class geometric mean of the slowdown; %s\n",
		report_mode_label(label, sizeof label, s->mode_name[sum->primary], s->state[1]), method);
	fprintf(out, "    %-5s %10s %-20s %7s  %s\n", "class", "slowdown %", "[95% interval]", "MDE %", "note");
	for (size_t k = ANALYSIS_CLASS_INT; k <= ANALYSIS_CLASS_FP; k++) {
		const struct analysis_cell *c = &sum->set->cls[k][sum->primary];
		char val[32], iv[80], mde[32], note[64];
		if (!c->have) {
			fprintf(out, "    %-5s %10s %-20s %7s  no %s workload\n", analysis_class_name(k), "-", "-", "-",
				analysis_class_name(k));
			continue;
		}
		fprintf(out, "    %-5s %10s %-20s %7s  %s\n", analysis_class_name(k), report_num(val, sizeof val, c->s.value_pct, 2),
			report_interval(iv, sizeof iv, &c->s), report_num(mde, sizeof mde, c->mde_pct, 2),
			stats_slowdown_note(&c->s, note, sizeof note));
	}
	/* on a line of their own, as on the page (report_seed_sentence) */
	report_seed_sentence(s, sum, seed, sizeof seed);
	report_wrap(out, "    ", seed, 104, false);
}

static void print_controls(FILE *out, const struct report_set *s, const struct report_summary *sum)
{
	static const char *const what[2] = { "A/A", "spike" };
	static const double expected[2] = { 0.0, ANALYSIS_SPIKE_PCT };
	size_t mode[2] = { sum->aa, sum->spike };
	enum analysis_verdict v[2] = { sum->set->aa, sum->set->spike };
	fprintf(out, "  controls (geomean against hlt: A/A over all workloads, spike over the %zu whose iterations all cost\n"
		     "  the same; the interval must cover the known effect):\n",
		sum->set->spike_workloads);
	for (size_t i = 0; i < 2; i++) {
		char exp[32], val[32], iv[80], note[64];
		if (mode[i] == ANALYSIS_NONE) {
			fprintf(out, "    %-5s %-6s not measured: absent\n", what[i], idle_modes[i ? IDLE_SPIKE : IDLE_HLT2].name);
			continue;
		}
		const struct analysis_cell *c = i ? &sum->set->spike_cell : &sum->set->aa_cell;
		fprintf(out, "    %-5s %-6s expected %s %%, got %s %% %s: %s%s%s\n", what[i], s->mode_name[mode[i]],
			report_num(exp, sizeof exp, expected[i], 2), report_num(val, sizeof val, c->s.value_pct, 2),
			report_interval(iv, sizeof iv, &c->s), analysis_verdict_name(v[i]),
			v[i] == ANALYSIS_NO_INTERVAL ? " " : "", v[i] == ANALYSIS_NO_INTERVAL ? stats_slowdown_note(&c->s, note, sizeof note) : "");
	}
	if (sum->busy == ANALYSIS_NONE) {
		fprintf(out, "    %-5s %-6s not measured: absent\n", "busy", idle_modes[IDLE_BUSY].name);
		return;
	}
	const struct analysis_cell *c = &sum->set->cls[ANALYSIS_CLASS_ALL][sum->busy];
	char min[32], val[32], iv[80];
	fprintf(out, "    %-5s %-6s expected >= %s %% (SMT contention), got %s %% %s: %s%s%s\n", "busy", s->mode_name[sum->busy],
		report_num(min, sizeof min, ANALYSIS_BUSY_MIN_PCT, 2), report_num(val, sizeof val, c->s.value_pct, 2),
		report_interval(iv, sizeof iv, &c->s), analysis_busy_verdict_name(sum->busy_verdict),
		sum->busy_verdict == ANALYSIS_BUSY_TOPOLOGY_SUSPECT ? " (the pair taken for SMT siblings may not share a core)"
		: sum->busy_verdict == ANALYSIS_BUSY_NOT_JUDGED ? " (the parked CPU is not the measured CPU's sibling)"
								: "",
		sum->busy_guest ? "; under a hypervisor: vCPUs need not share a core, an emulator models no SMT contention" : "");
}

static void print_cells(FILE *out, const struct report_set *s, const struct report_summary *sum)
{
	if (sum->have_baseline)
		fprintf(out, "  per workload: slowdown vs hlt; p_holm adjusted (Holm) over the %zu per-workload cells "
			     "(hlt and the controls are not in the family);\n"
			     "  MDE = smallest slowdown the cell detects with 80 %% power at 5 %%\n"
			     "  %-14s %-6s %4s %16s %10s %-20s %7s %6s %8s %8s %8s %4s  %s\n",
			sum->set->family, "workload", "mode", "n", "median cyc/iter", "slowdown %", "[95% interval]", "p_holm",
			"MDE %", "eff MHz", "sib C0%", "wake/ms", "bad", "note");
	else
		fprintf(out, "  no hlt samples: no slowdown columns\n  %-14s %-6s %4s %16s %8s %8s %8s %4s\n", "workload", "mode",
			"n", "median cyc/iter", "eff MHz", "sib C0%", "wake/ms", "bad");
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
			/* the sibling's wake-ups per ms: MWAIT re-entered this often (issue 24 item 7) */
			const char *k = f->have_wake ? report_num(wk, sizeof wk, f->wake_per_ms, 2) : "-";
			if (!sum->have_baseline) {
				fprintf(out, "  %-14s %-6s %4zu %16s %8s %8s %8s %4zu\n", s->workload_name[w], s->mode_name[m], f->n,
					median, e, z, k, f->bad);
				continue;
			}
			const struct analysis_cell *c = &sum->set->cell[w][m];
			bool est = m != REPORT_MODE_HLT && c->have;
			fprintf(out, "  %-14s %-6s %4zu %16s %10s %-20s %7s %6s %8s %8s %8s %4zu  %s\n", s->workload_name[w],
				s->mode_name[m], f->n, median, est ? report_num(val, sizeof val, c->s.value_pct, 2) : "-",
				est ? report_interval(iv, sizeof iv, &c->s) : "-", est ? report_num(p, sizeof p, c->p_holm, 4) : "-",
				est ? report_num(mde, sizeof mde, c->mde_pct, 2) : "-", e, z, k, f->bad,
				est ? stats_slowdown_note(&c->s, note, sizeof note) : "");
		}
	}
}

/* Time slowdown = (1 + core slowdown) x freq_ratio - 1: core cycles (APERF)
 * per iteration against hlt, and f(hlt) / f(mode); freq_differs where the
 * median effective MHz is more than ANALYSIS_FREQ_DIFFERS_PCT from hlt's. */
static void print_clocks(FILE *out, const struct report_set *s, const struct report_summary *sum)
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
	fprintf(out, "  core-clock split (time slowdown = (1 + core slowdown) x freq_ratio - 1; core = APERF cycles per\n"
		     "  iteration, freq_ratio = f(hlt) / f(mode); freq differs: median eff MHz more than %.0f %% from hlt's)\n"
		     "  %-14s %-6s %10s %10s %-20s %10s %s\n",
		ANALYSIS_FREQ_DIFFERS_PCT, "workload", "mode", "time %", "core %", "[95% interval]", "freq_ratio",
		"freq differs");
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
static void print_ipc(FILE *out, const struct report_set *s, const struct report_summary *sum)
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
	fprintf(out, "  IPC (PMU: instructions per unhalted cycle; slowdown = IPC(hlt) / IPC(mode) - 1, paired;\n"
		     "  instr differs: instructions per iteration more than %.1f %% from hlt's, the modes did not run the same work)\n"
		     "  %-14s %-6s %8s %10s %-20s %14s %s\n",
		ANALYSIS_INSTR_DIFFERS_PCT, "workload", "mode", "ipc", "slowdown %", "[95% interval]", "instr/iter",
		"instr differs");
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

static void print_planning(FILE *out, const struct report_summary *sum)
{
	char a[32], b[32], c[32], d[32];
	fprintf(out, "  planning (variance components of the primary result, Kalibera & Jones 2013):\n");
	if (sum->primary == ANALYSIS_NONE) {
		fprintf(out, "    not computed: the primary mode was not measured\n");
		return;
	}
	if (sum->boots < 2) {
		fprintf(out, "    not computed: one boot says nothing about how boots differ (needs >= 2 boots of one set)\n");
		return;
	}
	if (sum->have_costs)
		fprintf(out, "    cost: boot %s s (setup %s s measured from reset + %s s assumed, --firmware-s), repetition %s s "
			     "(elapsed_s / (rounds + warmup))\n",
			report_num(a, sizeof a, sum->boot_cost_s, 2), report_num(b, sizeof b, sum->setup_s, 2),
			report_num(c, sizeof c, sum->firmware_s, 0), report_num(d, sizeof d, sum->rep_cost_s, 3));
	else
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
		fprintf(out, "        +-1 %%: %zu boots at %zu reps", p->boots_now, p->reps_now);
		if (p->optimal_reps)
			fprintf(out, "; %zu reps per boot minimise the total time: %zu boots at %zu reps", p->optimal_reps,
				p->boots_optimal, p->optimal_reps);
		fprintf(out, "\n");
	}
}

static void print_carryover(FILE *out, const struct report_set *s, const struct report_summary *sum)
{
	fprintf(out, "  carry-over (does a sample depend on the mode run just before it? rows in measurement order):\n");
	for (size_t i = 0; i < s->boot_count; i++) {
		char t[512];
		report_carryover_sentence(s, sum, i, t, sizeof t);
		fprintf(out, "    %s\n", t);
		report_mode_switch_sentence(sum, i, t, sizeof t);
		fprintf(out, "    %s\n", t);
	}
}

void report_table_print(FILE *out, const struct report_pool *pool, const struct report_summary *const *sums,
			size_t index)
{
	const struct report_set *s = pool->set[index];
	const struct report_summary *sum = sums[index];
	print_header(out, pool, sum, index);
	if (sum->have_baseline) {
		fprintf(out, "\n");
		print_primary(out, s, sum);
		print_controls(out, s, sum);
	}
	fprintf(out, "\n");
	print_cells(out, s, sum);
	if (sum->have_baseline) {
		fprintf(out, "\n");
		print_clocks(out, s, sum);
		fprintf(out, "\n");
		print_ipc(out, s, sum);
		fprintf(out, "\n");
		print_geomeans(out, s, sum);
		fprintf(out, "\n");
		print_planning(out, sum);
	}
	print_carryover(out, s, sum);
}
