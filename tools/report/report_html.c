/* The HTML page of `idlebench report --html` (see report_html.h). Numbers go
 * through report_num (tools/report/report_format.h) like the text table's, so both
 * read alike and like the kernel's records. */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "lib/fmt.h"
#include "tools/report/report_html.h"
#include "tools/report/report_format.h"
#include "tools/report/report_html_charts.h"
#include "tools/report/report_html_escape.h"

/* Metadata shown per boot in the machine table, in this order (the rest
 * follows under "all metadata"). */
static const char *const machine_keys[] = {
	"cpu_brand",   "cpu_vendor", "cpu_family",  "cpu_model",	"cpu_stepping", "microcode",
	"smbios_vendor", "smbios_product", "bios_version", "boost", "pstate",	"c2_port",
	"c2_source",   "c2_rule",    "c2_entry",    "c2_kind",	"c2_trapped",	"amd_cstate_cfg", "mwait",		"smt_threads_per_core", "placement",
	"boot",	       "bootloader", "hypervisor",  "tsc_hz",		"pmu",	      "preset",
	"plan_id",     "machine_id", "seed",	    "seed_source",	"primary_mode", "cmdline",
	"version",     "linux_command", "linux_metric", "linux_higher_is_better",
};

static const char page_style[] =
	"body{font:14px/1.4 system-ui,sans-serif;margin:1em;color:#111;background:#fff}"
	"h1{font-size:1.4em;margin:.2em 0}h2{font-size:1.2em;margin:.3em 0}h3{font-size:1.05em;margin:1em 0 .3em}"
	".sets{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}"
	".set{flex:1 1 820px;max-width:1100px;border:1px solid #ccc;border-radius:6px;padding:.8em;overflow-x:auto}"
	"table{border-collapse:collapse;margin:.3em 0}th,td{padding:2px 7px;border-bottom:1px solid #e5e5e5;text-align:left;vertical-align:top}"
	"td.n{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}th{background:#f3f4f6}"
	".primary td.big{font-size:1.25em;font-weight:600}"
	".flags{list-style:none;padding:0;margin:.4em 0}.flags li{margin:.2em 0;padding:.25em .5em;border-radius:4px}"
	".bad{background:#fde2e1;color:#8a0c05;font-weight:600}.warn{background:#fff3cd;color:#6b4e00}"
	".info{background:#eef2ff;color:#1e3a8a}.ok{background:#dcfce7;color:#14532d}"
	".badge{padding:0 .4em;border-radius:3px}.muted{color:#666}.flag{font-size:.9em}"
	".chart{display:block;max-width:100%;height:auto}.chart text{font-size:11px}.chart .label{fill:#111}"
	".chart .tick{fill:#666;font-size:10px}.chart .grid{stroke:#e5e5e5}.chart .zero{stroke:#444}"
	".chart .value{fill:#111}.chart .value.flagged{fill:#8a0c05}"
	".legend span{display:inline-block;margin-right:1em}.legend i{display:inline-block;width:.8em;height:.8em;"
	"border-radius:50%;margin-right:.3em;vertical-align:middle}"
	"details{margin:.4em 0}code{font-size:.95em}";

/* <td class="n">value</td> of an estimate's value, lo, hi (or "-"). */
static void estimate_cells(FILE *out, const struct stats_slowdown *e, bool have, const char *data)
{
	char v[32], lo[32], hi[32];
	bool iv = have && e->status == STATS_INTERVAL;
	fprintf(out, "<td class=\"n\"><span%s%s%s>%s</span></td>", data ? " " : "", data ? data : "",
		data ? " data-field=\"value\"" : "", have ? report_num(v, sizeof v, e->value_pct, 2) : "-");
	if (!iv && !data) {
		fprintf(out, "<td class=\"n\">-</td>");
		return;
	}
	fprintf(out, "<td class=\"n\">[<span%s%s%s>%s</span>, <span%s%s%s>%s</span>]</td>", data ? " " : "",
		data ? data : "", data ? " data-field=\"lo\"" : "", iv ? report_num(lo, sizeof lo, e->lo_pct, 2) : "-",
		data ? " " : "", data ? data : "", data ? " data-field=\"hi\"" : "", iv ? report_num(hi, sizeof hi, e->hi_pct, 2) : "-");
}

static void escaped_cell(FILE *out, const char *s)
{
	fprintf(out, "<td>");
	report_html_escape(out, s);
	fprintf(out, "</td>");
}

static void flag_item(FILE *out, const char *level, const char *text)
{
	fprintf(out, "<li class=\"%s\">", level);
	report_html_escape(out, text);
	fprintf(out, "</li>\n");
}

static void legend(FILE *out, const struct report_set *s)
{
	fprintf(out, "<p class=\"legend\">");
	for (size_t m = 0; m < REPORT_MODE_SLOTS; m++) {
		if (!s->mode_used[m])
			continue;
		fprintf(out, "<span><i style=\"background:%s\"></i>", report_html_mode_color(m));
		report_html_escape(out, s->mode_name[m]);
		fprintf(out, "</span>");
	}
	fprintf(out, "</p>\n");
}

/* Everything that qualifies the numbers of the set, at its top. */
static void set_flags(FILE *out, const struct report_pool *pool, size_t index, const struct report_summary *sum,
		      const struct report_records *rec)
{
	const struct report_set *s = pool->set[index];
	char t[1200];
	fprintf(out, "<ul class=\"flags\">\n");
	/* every failed control, the pool's and each boot's own: a boot that failed
	 * marks the set as it marked that boot */
	char f[1024];
	for (size_t i = 0; report_control_failure(s, sum, i, f, sizeof f); i++) {
		fmt_snprintf(t, sizeof t, "UNTRUSTWORTHY: %s: the intervals of this set do not hold%s", f,
			     strstr(f, " failed its own ") ? " (pooling does not repair a boot's failed control; leave that "
							     "boot's file out to report the others)"
							   : "");
		flag_item(out, "bad", t);
	}
	if (*s->hypervisor && strcmp(s->hypervisor, "none")) {
		fmt_snprintf(t, sizeof t, "hypervisor %s%s: the numbers describe the virtual machine and its host's scheduling, "
					  "not SMT on silicon",
			     s->hypervisor, strstr(s->hypervisor, "TCG") ? " (QEMU TCG: an emulator)" : "");
		flag_item(out, "warn", t);
	}
	if (sum->boots == 1)
		flag_item(out, "info", "one boot: every interval is within this boot only, not the machine's");
	if (!s->by_plan) {
		fmt_snprintf(t, sizeof t, "schema %u: no plan_id, pooled by machine identity only", s->schema);
		flag_item(out, "info", t);
	}
	if (s->bad_rows) {
		fmt_snprintf(t, sizeof t, "%zu rows with check=bad: missing samples, their blocks are left out", s->bad_rows);
		flag_item(out, "warn", t);
	}
	char excluded[256];
	if (report_set_excluded_text(s, excluded, sizeof excluded)) {
		fmt_snprintf(t, sizeof t, "rows excluded by the residency proof: %s (the parked CPU was not proven in "
					  "the mode): missing samples, in no figure", excluded);
		flag_item(out, "warn", t);
	}
	if (report_set_smi_text(s, excluded, sizeof excluded)) {
		fmt_snprintf(t, sizeof t, "rows left out for an SMI during the sample: %s (SMM time in their cycles): "
					  "missing samples, in no figure", excluded);
		flag_item(out, "warn", t);
	}
	char lost[1024];
	if (report_set_unmeasured_text(s, lost, sizeof lost)) {
		fmt_snprintf(t, sizeof t, "not measured, though the plan asked for it (the kernel's #! mode status and "
					  "reason): %s", lost);
		flag_item(out, "warn", t);
	}
	for (size_t b = 0; b < rec->boots; b++) {
		const struct stream_reader *r = rec->boot[b];
		const struct stream_record *x;
		size_t at = 0;
		while ((x = report_records_next(r, "summary", NULL, NULL, &at))) {
			const char *smi = stream_record_get(x, "smi_samples");
			if (smi && *smi && strcmp(smi, "0")) {
				const char *w = stream_record_get(x, "workload"), *m = stream_record_get(x, "mode");
				fmt_snprintf(t, sizeof t, "boot %zu: %s in %s: %s samples saw an SMI", b + 1, w ? w : "?",
					     m ? m : "?", smi);
				flag_item(out, "warn", t);
			}
		}
		at = 0;
		while ((x = report_records_next(r, "error", NULL, NULL, &at))) {
			const char *code = stream_record_get(x, "code"), *msg = stream_record_get(x, "msg");
			fmt_snprintf(t, sizeof t, "boot %zu: error record %s: %s", b + 1, code ? code : "?", msg ? msg : "");
			flag_item(out, "warn", t);
		}
	}
	for (size_t j = 0; j < pool->set_count; j++) {
		if (j == index)
			continue;
		char why[1024];
		report_set_difference(s, pool->set[j], why, sizeof why);
		fmt_snprintf(t, sizeof t, "not pooled with set %zu: %s", j + 1, why);
		flag_item(out, "info", t);
	}
	fprintf(out, "</ul>\n");
}

/* The kernel's own `#! primary` records of each boot, as the stream states them. */
static void stream_primary(FILE *out, const struct report_records *rec)
{
	bool any = false;
	for (size_t b = 0; b < rec->boots; b++) {
		size_t at = 0;
		const struct stream_record *x;
		while ((x = report_records_next(rec->boot[b], "primary", NULL, NULL, &at))) {
			if (!any)
				fprintf(out, "<details><summary>each boot's own <code>#! primary</code> records (the kernel's "
					     "summary)</summary><table><tr><th>boot</th><th>class</th><th>mode</th><th>slowdown %%</th>"
					     "<th>95 %% interval</th><th>MDE %%</th><th>note</th></tr>\n");
			any = true;
			const char *f[6] = { "class", "slowdown_vs_hlt_pct", "ci95_lo", "ci95_hi", "mde_pct", "note" };
			const char *v[6];
			for (size_t i = 0; i < 6; i++) {
				v[i] = stream_record_get(x, f[i]);
				v[i] = v[i] && *v[i] ? v[i] : "-";
			}
			const char *mode = stream_record_get(x, "mode");
			fprintf(out, "<tr><td>%zu</td>", b + 1);
			escaped_cell(out, v[0]);
			escaped_cell(out, mode ? mode : "?");
			fprintf(out, "<td class=\"n\">");
			report_html_escape(out, v[1]);
			fprintf(out, "</td><td class=\"n\">[");
			report_html_escape(out, v[2]);
			fprintf(out, ", ");
			report_html_escape(out, v[3]);
			fprintf(out, "]</td><td class=\"n\">");
			report_html_escape(out, v[4]);
			fprintf(out, "</td>");
			escaped_cell(out, v[5]);
			fprintf(out, "</tr>\n");
		}
	}
	if (any)
		fprintf(out, "</table></details>\n");
}

/* One primary class's cells: with an interval the value and interval in large
 * type; without one the value in normal type saying why there is none, and
 * no interval spans (there is no interval to show). */
static void primary_cells(FILE *out, const struct analysis_cell *c, const char *data)
{
	char v[32], lo[32], hi[32], note[64];
	if (!c->have) {
		fprintf(out, "<td class=\"n\"><span %s data-field=\"value\">-</span></td><td class=\"n\">-</td>", data);
		return;
	}
	if (c->s.status != STATS_INTERVAL) {
		fprintf(out, "<td class=\"n\"><span %s data-field=\"value\">%s</span> <span class=\"muted\">(no interval: ",
			data, report_num(v, sizeof v, c->s.value_pct, 2));
		report_html_escape(out, stats_slowdown_note(&c->s, note, sizeof note));
		fprintf(out, ")</span></td><td class=\"n\">-</td>");
		return;
	}
	fprintf(out, "<td class=\"n big\"><span %s data-field=\"value\">%s</span></td><td class=\"n big\">[<span %s "
		     "data-field=\"lo\">%s</span>, <span %s data-field=\"hi\">%s</span>]</td>",
		data, report_num(v, sizeof v, c->s.value_pct, 2), data, report_num(lo, sizeof lo, c->s.lo_pct, 2), data,
		report_num(hi, sizeof hi, c->s.hi_pct, 2));
}

/* The boots' c2_kind when they agree ("" when none records it). */
static const char *set_c2_kind(const struct report_records *rec)
{
	const char *kind = NULL;
	for (size_t b = 0; b < rec->boots; b++) {
		const char *k = stream_reader_meta(rec->boot[b], "c2_kind");
		k = k ? k : "";
		if (kind && strcmp(kind, k))
			return "differs between boots";
		kind = k;
	}
	return kind ? kind : "";
}

static void primary_section(FILE *out, const struct report_set *s, const struct report_summary *sum, size_t index,
			    const struct report_records *rec)
{
	char label[64];

	fprintf(out, "<h3>Primary result</h3>\n");
	if (!sum->have_baseline) {
		fprintf(out, "<p class=\"muted\">No hlt samples: no slowdown, no primary result (e.g. "
			     "<code>idlebench bench</code>).</p>\n");
		return;
	}
	if (sum->primary == ANALYSIS_NONE) {
		fprintf(out, "<p class=\"flag warn\">The primary mode ");
		report_html_escape(out, s->primary_mode);
		fprintf(out, " was not measured.</p>\n");
		return;
	}
	fprintf(out, "<p>");
	report_html_escape(out, report_mode_label(label, sizeof label, s->mode_name[sum->primary], set_c2_kind(rec)));
	if (!strcmp(s->mode_name[sum->primary], "ioport") && report_c2_request(set_c2_kind(rec)))
		fprintf(out, " (a request: the core reaches %s only when all its threads idle)",
			report_c2_request(set_c2_kind(rec)));
	fprintf(out, " vs hlt, class geometric mean of the slowdown, %%; %s</p>\n",
		sum->boots > 1 ? "t interval over the boots' estimates (boots-t)"
			       : "paired t over the one boot's repetitions (see the flags above)");
	fprintf(out, "<table class=\"primary\"><tr><th>class</th><th>slowdown %%</th><th>95 %% interval</th>"
		     "<th>MDE %%</th><th>reading</th></tr>\n");
	for (size_t k = ANALYSIS_CLASS_INT; k <= ANALYSIS_CLASS_FP; k++) {
		const struct analysis_cell *c = &sum->set->cls[k][sum->primary];
		char data[96], mde[32], note[128];
		fmt_snprintf(data, sizeof data, "data-set=\"%zu\" data-primary=\"%s\"", index + 1, analysis_class_name(k));
		fprintf(out, "<tr><td>%s</td>", analysis_class_name(k));
		primary_cells(out, c, data);
		fprintf(out, "<td class=\"n\"><span %s data-field=\"mde\">%s</span></td>", data,
			c->have ? report_num(mde, sizeof mde, c->mde_pct, 2) : "-");
		if (c->have)
			escaped_cell(out, report_reading(note, sizeof note, &c->s, s->mode_name[sum->primary]));
		else
			fprintf(out, "<td>no %s workload</td>", analysis_class_name(k));
		fprintf(out, "</tr>\n");
	}
	/* beside the seed (report_seed_clause; the figures once per page) */
	char seed[512];
	report_seed_clause(s, sum, seed, sizeof seed);
	/* our own text, nothing of the stream's in it: no escaping needed */
	fprintf(out, "</table>\n<p class=\"muted seed\">%s</p>\n", seed);
}

static void controls_section(FILE *out, const struct report_set *s, const struct report_summary *sum)
{
	static const char *const what[2] = { "A/A", "spike-in (+1 % work)" };
	static const double expected[2] = { 0.0, ANALYSIS_SPIKE_PCT };
	size_t mode[2] = { sum->aa, sum->spike };
	enum analysis_verdict v[2] = { sum->set->aa, sum->set->spike };
	const struct analysis_cell *cc[2] = { &sum->set->aa_cell, &sum->set->spike_cell };
	fprintf(out, "<h3>Controls</h3>\n<table><tr><th>control</th><th>mode</th><th>expected %%</th><th>got %%</th>"
		     "<th>95 %% interval</th><th>verdict</th></tr>\n");
	for (size_t i = 0; i < 2; i++) {
		char e[32];
		fprintf(out, "<tr><td>%s</td>", what[i]);
		if (mode[i] == ANALYSIS_NONE) {
			fprintf(out, "<td>%s</td><td class=\"n\">%s</td><td colspan=\"3\" class=\"muted\">not measured</td></tr>\n",
				idle_modes[i ? IDLE_SPIKE : IDLE_HLT2].name, report_num(e, sizeof e, expected[i], 2));
			continue;
		}
		escaped_cell(out, s->mode_name[mode[i]]);
		fprintf(out, "<td class=\"n\">%s</td>", report_num(e, sizeof e, expected[i], 2));
		estimate_cells(out, &cc[i]->s, cc[i]->have, NULL);
		fprintf(out, "<td><span class=\"badge %s\">%s%s</span>", v[i] == ANALYSIS_FAIL ? "bad" : v[i] == ANALYSIS_PASS ? "ok" : "warn",
			analysis_verdict_name(v[i]), v[i] == ANALYSIS_FAIL ? ": UNTRUSTWORTHY" : "");
		if (v[i] == ANALYSIS_UNINFORMATIVE)
			fprintf(out, " <span class=\"muted\">(%s)</span>",
				i ? "the interval covers 0 too: it cannot tell the +1 % spike-in from nothing"
				  : "the interval reaches a 1 % bias: it cannot tell no bias from one of 1 %");
		for (size_t b = 0; sum->boots > 1 && b < sum->boots; b++) {
			const struct analysis *a = sum->boot[b];
			enum analysis_verdict bv = i ? a->spike : a->aa;
			bool failed = sum->boot_verdict[b][i] == ANALYSIS_FAIL;
			char level[32];
			fprintf(out, "<br><span class=\"%s\">boot %zu: %s", failed ? "badge bad" : "muted", b + 1,
				failed ? "fail: UNTRUSTWORTHY" : bv == ANALYSIS_FAIL ? "fails at 95 % only, holds at " : analysis_verdict_name(bv));
			if (!failed && bv == ANALYSIS_FAIL)
				fprintf(out, "%s %% (Bonferroni over %zu boots)", report_num(level, sizeof level, sum->boot_level * 100, 2),
					sum->boots);
			fprintf(out, "</span>");
		}
		fprintf(out, "</td></tr>\n");
	}
	fprintf(out, "<tr><td>busy (the sibling computes)</td>");
	if (sum->busy == ANALYSIS_NONE) {
		char e[32];
		fprintf(out, "<td>%s</td><td class=\"n\">&ge; %s</td><td colspan=\"3\" class=\"muted\">not measured</td></tr>\n",
			idle_modes[IDLE_BUSY].name, report_num(e, sizeof e, ANALYSIS_BUSY_MIN_PCT, 2));
	} else {
		const struct analysis_cell *bc = &sum->set->cls[ANALYSIS_CLASS_ALL][sum->busy];
		enum analysis_busy_verdict bv = sum->busy_verdict;
		char e[32];
		escaped_cell(out, s->mode_name[sum->busy]);
		fprintf(out, "<td class=\"n\">&ge; %s</td>", report_num(e, sizeof e, ANALYSIS_BUSY_MIN_PCT, 2));
		estimate_cells(out, &bc->s, bc->have, NULL);
		fprintf(out, "<td><span class=\"badge %s\">%s%s</span>%s</td></tr>\n",
			bv == ANALYSIS_BUSY_TOPOLOGY_SUSPECT ? "bad" : bv == ANALYSIS_BUSY_OK ? "ok" : "warn",
			analysis_busy_verdict_name(bv),
			bv == ANALYSIS_BUSY_TOPOLOGY_SUSPECT ? ": the pair may not share a core" : "",
			sum->busy_guest ? " <span class=\"muted\">(under a hypervisor: vCPUs need not share a core; an "
					  "emulator models no SMT contention)</span>"
					: "");
	}
	fprintf(out, "</table>\n<p class=\"muted\">A/A judged over all workloads, spike-in over the %zu whose iterations "
		     "all cost the same; an interval must cover the known effect and be narrow enough to fail (else "
		     "uninformative); judged over the pool and in each boot (at 1 &minus; 0.05/k over k boots); busy must "
		     "cost at least %.0f %% on an SMT pair.</p>\n",
		sum->set->spike_workloads, ANALYSIS_BUSY_MIN_PCT);
}

/* Per workload and mode: the figures, the estimate and its flags in one row. */
static void cells_section(FILE *out, const struct report_set *s, const struct report_summary *sum)
{
	fprintf(out, "<h3>Per workload and mode</h3>\n");
	if (sum->have_baseline) {
		report_html_chart_slowdown(out, s, sum);
		legend(out, s);
		fprintf(out, "<p class=\"muted\">Dot: slowdown vs hlt; whiskers: 95 %% interval; hollow dot: no interval "
			     "(too few blocks). p_holm is Holm-adjusted over the %zu per-workload cells; MDE is the smallest "
			     "slowdown the cell detects (80 %% power at 5 %%).</p>\n",
			sum->set->family);
	}
	fprintf(out, "<table><tr><th>workload</th><th>class</th><th>mode</th><th>n</th><th>median cyc/iter</th>"
		     "<th>slowdown %%</th><th>95 %% interval</th><th>p_holm</th><th>MDE %%</th><th>sib wake-ups/ms</th>"
		     "<th>eff MHz</th><th>core %%</th><th>freq_ratio</th><th>IPC</th><th>IPC slowdown %%</th><th>flags</th></tr>\n");
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++) {
		if (!s->workload_used[w])
			continue;
		for (size_t m = 0; m < REPORT_MODE_SLOTS; m++) {
			const struct report_figures *f = &sum->fig[w][m], *h = &sum->fig[w][REPORT_MODE_HLT];
			if (!s->mode_used[m] || (!f->n && !f->bad))
				continue;
			const struct analysis_cell *c = &sum->set->cell[w][m];
			const struct analysis_clock *k = &sum->set->clock[w][m];
			const struct stats_slowdown *ipc = &sum->ipc[w][m];
			bool est = sum->have_baseline && m != REPORT_MODE_HLT && c->have;
			char a[32], b[32], d[32], e[32], g[32], note[64];
			fprintf(out, "<tr>");
			escaped_cell(out, s->workload_name[w]);
			escaped_cell(out, s->workload_class[w]);
			fprintf(out, "<td style=\"color:%s\">", report_html_mode_color(m));
			report_html_escape(out, s->mode_name[m]);
			fprintf(out, "</td><td class=\"n\">%zu</td><td class=\"n\">%s</td>", f->n,
				f->n ? report_num(a, sizeof a, f->median_cpi, 2) : "-");
			estimate_cells(out, &c->s, est, NULL);
			char wk[32];
			fprintf(out, "<td class=\"n\">%s%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td>",
				est ? report_num(b, sizeof b, c->p_holm, 4) : "-", est && c->significant ? " *" : "",
				est ? report_num(d, sizeof d, c->mde_pct, 2) : "-",
				f->have_wake ? report_num(wk, sizeof wk, f->wake_per_ms, 2) : "-",
				f->have_eff ? report_num(e, sizeof e, f->eff_mhz, 0) : "-");
			fprintf(out, "<td class=\"n\">%s</td><td class=\"n\">%s</td>",
				est && k->have ? report_num(a, sizeof a, k->core.value_pct, 2) : "-",
				est && k->have ? report_num(b, sizeof b, k->freq_ratio, 4) : "-");
			fprintf(out, "<td class=\"n\">%s</td><td class=\"n\">%s</td><td>",
				f->have_ipc ? report_num(d, sizeof d, f->ipc, 3) : "-",
				m != REPORT_MODE_HLT && ipc->status != STATS_NO_DATA ? report_num(g, sizeof g, ipc->value_pct, 2) : "-");
			if (est && c->s.status != STATS_INTERVAL)
				fprintf(out, "<span class=\"badge warn\">%s</span> ", stats_slowdown_note(&c->s, note, sizeof note));
			if (est && f->have_eff && h->have_eff && analysis_freq_differs(f->eff_mhz, h->eff_mhz))
				fprintf(out, "<span class=\"badge warn\">freq_differs</span> ");
			if (est && report_instr_differs(s, sum, w, m) == 1)
				fprintf(out, "<span class=\"badge warn\">instr_differs</span> ");
			if (f->bad)
				fprintf(out, "<span class=\"badge warn\">%zu check=bad</span> ", f->bad);
			fprintf(out, "</td></tr>\n");
		}
	}
	fprintf(out, "</table>\n");
}

static void samples_section(FILE *out, const struct report_set *s, const struct report_summary *sum)
{
	fprintf(out, "<h3>Samples over time</h3>\n<p class=\"muted\">Each sample's cycles per iteration relative to its "
		     "workload's median in %s, in measurement order: drift shows as a slope, carry-over as one mode's "
		     "neighbours moving. Triangles: beyond the scale (the central 98 %% of the samples); rings: check=bad.</p>\n",
		sum->have_baseline ? "hlt" : "the first mode measured");
	legend(out, s);
	for (size_t b = 0; b < s->boot_count; b++) {
		fprintf(out, "<p>boot %zu: <code>", b + 1);
		report_html_escape(out, s->boot[b].path);
		fprintf(out, "</code></p>\n");
		report_html_chart_samples(out, s, sum, b);
	}
}

static void carryover_section(FILE *out, const struct report_set *s, const struct report_summary *sum)
{
	static const char *const level[] = { [REPORT_CARRY_NOT_CHECKED] = "info", [REPORT_CARRY_NONE] = "ok",
					     [REPORT_CARRY_FOUND] = "bad" };
	fprintf(out, "<h3>Carry-over</h3>\n<ul class=\"flags\">\n");
	for (size_t i = 0; i < s->boot_count; i++) {
		char t[512];
		enum report_carry_level l = report_carryover_sentence(s, sum, i, t, sizeof t);
		flag_item(out, level[l], t);
		bool found = report_mode_switch_sentence(sum, i, t, sizeof t);
		flag_item(out, found ? "bad" : sum->mode_switch[i].checked ? "ok" : "info", t);
	}
	fprintf(out, "</ul>\n");
}

/* A table of one record type's fields over every boot: the columns given,
 * then whatever else each record says. */
static void record_table(FILE *out, const struct report_records *rec, const char *type, const char *const *cols,
			 size_t ncols)
{
	bool any = false;
	for (size_t b = 0; b < rec->boots; b++) {
		size_t at = 0;
		const struct stream_record *x;
		while ((x = report_records_next(rec->boot[b], type, NULL, NULL, &at))) {
			if (!any) {
				fprintf(out, "<table><tr><th>boot</th>");
				for (size_t i = 0; i < ncols; i++)
					fprintf(out, "<th>%s</th>", cols[i]);
				fprintf(out, "<th>more</th></tr>\n");
			}
			any = true;
			fprintf(out, "<tr><td>%zu</td>", b + 1);
			for (size_t i = 0; i < ncols; i++) {
				const char *v = stream_record_get(x, cols[i]);
				escaped_cell(out, v && *v ? v : "-");
			}
			fprintf(out, "<td>");
			for (size_t p = 0; p < x->pair_count; p++) {
				bool shown = false;
				for (size_t i = 0; i < ncols; i++)
					shown = shown || !strcmp(x->pairs[p].key, cols[i]);
				if (shown)
					continue;
				report_html_escape(out, x->pairs[p].key);
				fputc('=', out);
				report_html_escape(out, x->pairs[p].value);
				fputc(' ', out);
			}
			fprintf(out, "</td></tr>\n");
		}
	}
	if (any)
		fprintf(out, "</table>\n");
	else
		fprintf(out, "<p class=\"muted\">none recorded</p>\n");
}

static void records_sections(FILE *out, const struct report_records *rec)
{
	static const char *const mode_cols[] = { "name", "status", "c0_pct", "wakeups", "wake_path", "reason" };
	static const char *const wake_cols[] = { "mode", "n", "median_ns", "p99_ns", "one_way_ns", "rtt_median_ns", "wake_path", "finding" };
	static const char *const probe_cols[] = { "name", "mode" };
	fprintf(out, "<h3>Idle modes entered</h3>\n");
	record_table(out, rec, "mode", mode_cols, sizeof mode_cols / sizeof mode_cols[0]);
	fprintf(out, "<h3>Wake latency</h3>\n");
	record_table(out, rec, "wake", wake_cols, sizeof wake_cols / sizeof wake_cols[0]);
	fprintf(out, "<h3>Mechanism probes</h3>\n");
	record_table(out, rec, "probe", probe_cols, sizeof probe_cols / sizeof probe_cols[0]);
}

static void planning_section(FILE *out, const struct report_summary *sum)
{
	if (!sum->have_baseline || sum->primary == ANALYSIS_NONE || sum->boots < 2)
		return;
	fprintf(out, "<h3>Planning</h3>\n<p class=\"muted\">Variance components of the primary result (Kalibera &amp; "
		     "Jones 2013), for a &plusmn;1 %% answer.</p>\n<ul>\n");
	for (size_t k = 0; k < 2; k++) {
		const struct report_plan *p = &sum->plan[k];
		char a[32], b[32];
		if (!p->have) {
			fprintf(out, "<li>%s: not computed (fewer than 2 boots with an estimate)</li>\n", analysis_class_name(k));
			continue;
		}
		fprintf(out, "<li>%s: sd between boots %s %%, within a boot %s %% per block; %zu boots at %zu reps", analysis_class_name(k),
			report_num(a, sizeof a, p->v.between >= 0 ? (exp(sqrt(p->v.between)) - 1) * 100 : NAN, 2),
			report_num(b, sizeof b, p->v.within >= 0 ? (exp(sqrt(p->v.within)) - 1) * 100 : NAN, 2), p->boots_now, p->reps_now);
		if (p->optimal_reps && p->capped)
			fprintf(out, "; more reps per boot would minimise the total time, but the kernel&#39;s reps= takes at "
				     "most %zu: %zu boots at %zu reps", p->max_reps, p->boots_optimal, p->optimal_reps);
		else if (p->optimal_reps)
			fprintf(out, "; %zu reps per boot minimise the total time: %zu boots", p->optimal_reps, p->boots_optimal);
		fprintf(out, "</li>\n");
	}
	fprintf(out, "</ul>\n");
}

static void machine_section(FILE *out, const struct report_records *rec)
{
	fprintf(out, "<h3>Machine and run</h3>\n<table><tr><th>key</th>");
	for (size_t b = 0; b < rec->boots; b++)
		fprintf(out, "<th>boot %zu</th>", b + 1);
	fprintf(out, "</tr>\n");
	for (size_t i = 0; i < sizeof machine_keys / sizeof machine_keys[0]; i++) {
		bool any = false;
		for (size_t b = 0; b < rec->boots; b++)
			any = any || stream_reader_meta(rec->boot[b], machine_keys[i]);
		if (!any)
			continue;
		fprintf(out, "<tr><th>%s</th>", machine_keys[i]);
		for (size_t b = 0; b < rec->boots; b++) {
			const char *v = stream_reader_meta(rec->boot[b], machine_keys[i]);
			escaped_cell(out, v ? v : "-");
		}
		fprintf(out, "</tr>\n");
	}
	fprintf(out, "</table>\n");
	for (size_t b = 0; b < rec->boots; b++) {
		const struct stream_reader *r = rec->boot[b];
		fprintf(out, "<details><summary>boot %zu: all metadata (%zu keys, producer ", b + 1, stream_reader_meta_count(r));
		report_html_escape(out, stream_reader_version(r));
		fprintf(out, ", schema %u)</summary><table>\n", stream_reader_schema(r));
		for (size_t i = 0; i < stream_reader_meta_count(r); i++) {
			const struct stream_kv *kv = stream_reader_meta_at(r, i);
			fprintf(out, "<tr><th>");
			report_html_escape(out, kv->key);
			fprintf(out, "</th>");
			escaped_cell(out, kv->value);
			fprintf(out, "</tr>\n");
		}
		fprintf(out, "</table></details>\n");
	}
}

static void set_section(FILE *out, const struct report_pool *pool, const struct report_summary *const *sums,
			const struct report_records *const *recs, size_t index)
{
	const struct report_set *s = pool->set[index];
	const struct report_summary *sum = sums[index];
	char id[512];
	report_set_identity(s, id, sizeof id);
	fprintf(out, "<section class=\"set\" id=\"set-%zu\">\n<h2>Set %zu of %zu: ", index + 1, index + 1, pool->set_count);
	report_html_escape(out, id);
	fprintf(out, "</h2>\n<p class=\"muted\">");
	if (*s->cpu_brand) {
		report_html_escape(out, s->cpu_brand);
		fprintf(out, "; ");
	}
	if (s->by_plan) {
		fprintf(out, "plan_id <code>");
		report_html_escape(out, s->plan_id);
		fprintf(out, "</code>, machine_id <code>");
		report_html_escape(out, s->machine_id);
		fprintf(out, "</code>; ");
	}
	fprintf(out, "%zu boot%s, %zu rows</p>\n", s->boot_count, s->boot_count == 1 ? "" : "s", s->rows);
	set_flags(out, pool, index, sum, recs[index]);
	primary_section(out, s, sum, index, recs[index]);
	stream_primary(out, recs[index]);
	if (sum->have_baseline)
		controls_section(out, s, sum);
	cells_section(out, s, sum);
	samples_section(out, s, sum);
	carryover_section(out, s, sum);
	records_sections(out, recs[index]);
	planning_section(out, sum);
	machine_section(out, recs[index]);
	fprintf(out, "</section>\n");
}

void report_html_render(FILE *out, const struct report_pool *pool, const struct report_summary *const *sums,
			const struct report_records *const *recs)
{
	size_t files = 0;
	for (size_t i = 0; i < pool->set_count; i++)
		files += pool->set[i]->boot_count;
	fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		     "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'\">\n"
		     "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		     "<title>idlebench report: %zu set%s</title>\n<style>%s</style></head>\n<body>\n"
		     "<h1>idlebench report</h1>\n<p class=\"muted\">%zu result file%s (one per boot) in %zu comparable set%s; "
		     "slowdowns of the measured thread with its SMT sibling in each idle mode, against hlt. "
		     "Recomputed from the rows by the kernel's own analysis.</p>\n<p class=\"sign\">" REPORT_SIGN_CONVENTION
		     "</p>\n",
		pool->set_count, pool->set_count == 1 ? "" : "s", page_style, files, files == 1 ? "" : "s", pool->set_count,
		pool->set_count == 1 ? "" : "s");
	/* the seed's figures once per page; each set says whether it compares (report_seed_clause) */
	char seed[512];
	report_seed_figures(seed, sizeof seed);
	fprintf(out, "<p class=\"muted seed\">%s</p>\n<div class=\"sets\">\n", seed);
	for (size_t i = 0; i < pool->set_count; i++)
		set_section(out, pool, sums, recs, i);
	fprintf(out, "</div>\n</body></html>\n");
}

bool report_html_write(const char *path, const struct report_pool *pool, const struct report_summary *const *sums,
		       char *err, size_t err_size)
{
	struct report_records recs[REPORT_MAX_SETS];
	const struct report_records *r[REPORT_MAX_SETS];
	size_t loaded = 0;
	bool ok = true;
	/* a set that fails to load has released its own readers (boots = 0) */
	for (; loaded < pool->set_count && ok; loaded++) {
		ok = report_records_load(pool->set[loaded], &recs[loaded], err, err_size);
		r[loaded] = &recs[loaded];
	}
	FILE *f = ok ? fopen(path, "w") : NULL;
	if (ok && !f) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		ok = false;
	}
	if (f) {
		report_html_render(f, pool, sums, r);
		if (ferror(f) | (fclose(f) != 0)) {
			snprintf(err, err_size, "%s: write error", path);
			ok = false;
		}
	}
	for (size_t i = 0; i < loaded; i++)
		report_records_free(&recs[i]);
	return ok;
}
