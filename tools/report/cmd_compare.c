/* `idlebench compare [--allow-different-plans] A... -- B...`: how much a
 * change (a kernel patch, a BIOS setting, a microcode update, another
 * machine) moved the slowdown against hlt.
 *
 * Each group is pooled exactly as `idlebench report` pools a set
 * (tools/report/report_pool.c: one file = one boot; tools/report/report_summary.c: each
 * boot's paired estimates, then a t interval over the group's boots), so a
 * group must be one comparable set. Per workload and mode and for the
 * primary result's class geomeans, the difference of the two groups'
 * estimates on the log scale with a Welch t interval
 * (stats_difference_of, stats/inference.h): B's slowdown ratio over A's,
 * (1 + B) / (1 + A) - 1. The verdict says whether that difference is
 * distinguishable from noise at the interval's width.
 *
 * Groups of different plans (another plan_id: other workloads, modes,
 * sample length, placement...) measure different things; they are refused,
 * with what differs, unless --allow-different-plans. Another machine_id is
 * expected (firmware and microcode are part of it) and only stated.
 *
 * `idlebench linux` groups taken on different boots of another kind (the
 * two-boot procedure of docs/linux-mode.md: HLT after a reboot with
 * idle=nomwait, MWAIT without it) differ in linux_idle_override or
 * linux_c1, or share no linux_boot_id and measure a mode the other group
 * lacks: those modes were never measured side by side, so they are
 * compared at the boot level only (each boot's median cycles per
 * iteration or --metric score cost, a Welch t over the groups' boots), and
 * the output says so; no paired claim. When their plans differ in nothing
 * but hlt in one group for mwait in the other (plans_differ_by_hlt_for_mwait),
 * that is the procedure, not another plan: compared without
 * --allow-different-plans, and said so. Groups of the same boot kind and
 * modes on other boots (a plain before/after) get one line saying so.
 *
 * Exit status: 0 comparison printed; 1 a file not used (named on stderr,
 * the comparison printed without it), a group not one set or empty, or the
 * plans differ; 2 usage. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats.h"
#include "lib/fmt.h"
#include "tools/common/cli_options.h"
#include "tools/common/commands.h"
#include "tools/report/report_format.h"
#include "tools/report/report_pool.h"
#include "tools/report/report_summary.h"
#include "tools/common/stream_reader.h"
#include "tools/common/result_tree.h"

/* The metadata behind plan_id (core/experiment/plan.c plan_id), compared
 * key by key to say what differs when the ids do. */
static const char *const plan_keys[] = {
	"schema", "modes_measured", "sample_ms", "settle_us", "order", "placement",
	"c2_port", "x2apic", "others", "primary_mode", "order_scheme",
};

/* The workload slot of set s measuring name, or ANALYSIS_NONE (slots of names
 * the registry does not know depend on the files' order, so groups are
 * matched by name). */
static size_t set_workload_slot(const struct report_set *s, const char *name)
{
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
		if (s->workload_used[w] && !strcmp(s->workload_name[w], name))
			return w;
	return ANALYSIS_NONE;
}

/* The mode slot of set s measuring name, or ANALYSIS_NONE. */
static size_t set_mode_slot(const struct report_set *s, const char *name)
{
	for (size_t m = 0; m < REPORT_MODE_SLOTS; m++)
		if (s->mode_used[m] && !strcmp(s->mode_name[m], name))
			return m;
	return ANALYSIS_NONE;
}

enum { OPT_ALLOW_DIFFERENT_PLANS };
static const struct cli_option options[] = {
	[OPT_ALLOW_DIFFERENT_PLANS] = { "allow-different-plans", 0, NULL,
					"compare groups whose plan_id differs (other workloads, modes,\n"
					"sample length, placement...); refused otherwise, naming what\n"
					"differs. Only the workloads and modes both measured are shown." },
	{ NULL, 0, NULL, NULL },
};
/* "--" splits the groups, so options are still read after it. */
static const struct cli_command compare_cli = {
	"compare", "A_PATH... -- B_PATH...",
	"The difference in slowdown against hlt between two groups of result files (one file =\n"
	"one boot), e.g. before (A) and after (B) a kernel patch, a BIOS setting or a microcode\n"
	"update. Each group is pooled as `idlebench report` pools a set (each boot's paired\n"
	"estimate, then a t interval over the group's boots) and must be one set: the same\n"
	"plan_id, machine_id and placement. Per workload and mode, and for the primary result\n"
	"(int and fp geomeans of mwait vs hlt), it prints A's and B's slowdown and the\n"
	"difference (1 + B) / (1 + A) - 1 in % with a 95% Welch t interval on the log scale\n"
	"(the groups' variances are not assumed equal), its minimum detectable difference, and\n"
	"a verdict per primary class: distinguishable from noise (the interval excludes 0) or\n"
	"not. A group of one boot gives a within-boot interval, and the verdict says so: boot-\n"
	"to-boot variation is then not in the width. `idlebench linux` groups booted differently\n"
	"(linux_idle_override or linux_c1 differ, or no linux_boot_id in both and a mode in one\n"
	"group only: HLT after a reboot with idle=nomwait against MWAIT without it) are said to\n"
	"be from different boots and their modes compared at the boot level (each boot's median,\n"
	"a t over the boots); when their plans differ only in hlt for mwait (docs/linux-mode.md,\n"
	"two boots) that needs no --allow-different-plans. Other groups on different boots get\n"
	"one line saying so.\n",
	"A DIR operand is searched for *.csv recursively; a file that cannot be used (unreadable,\n"
	"INCOMPLETE, another schema, not a stream, the same boot twice) is named once on stderr,\n"
	"`PATH: skipped, REASON`, and the group is compared without it.\n"
	"Exit: 0 comparison printed from every file; 1 a file not used (the comparison still\n"
	"printed), a group not one set or empty, or the plans differ; 2 usage.\n",
	options, CLI_DASHDASH_SEPARATES,
};

/* "[lo, hi]" or the reason there is none: which of a (A's) and b (B's) has
 * no interval (stats_difference_of needs both; NULL only where d has one). */
static const char *difference_interval(char *buf, size_t size, const struct stats_difference *d,
				       const struct stats_slowdown *a, const struct stats_slowdown *b)
{
	char lo[32], hi[32];
	if (d->status == STATS_NO_DATA)
		fmt_snprintf(buf, size, "-");
	else if (d->status != STATS_INTERVAL)
		fmt_snprintf(buf, size, "%s", a->status != STATS_INTERVAL && b->status != STATS_INTERVAL ?
						      "n/a: no interval in either group" :
					      a->status != STATS_INTERVAL ? "n/a: no interval in A" : "n/a: no interval in B");
	else
		fmt_snprintf(buf, size, "[%s, %s]", report_num(lo, sizeof lo, d->lo_pct, 2),
			     report_num(hi, sizeof hi, d->hi_pct, 2));
	return buf;
}

/* One group: its files pooled, one set, summarized. */
struct group {
	const char *name;
	struct report_pool pool;
	struct report_summary *sum;
};

/* A verified stream into the group's pool; a file whose rows are refused is named here. */
static enum result_tree_verdict group_take(const char *path, struct stream_reader *r, void *ctx)
{
	struct group *g = ctx;
	char err[1024];
	if (report_pool_add_stream(&g->pool, path, r, err, sizeof err))
		return RESULT_TREE_TAKEN;
	size_t at = strlen(path) + 2; /* report_pool's messages start "PATH: " */
	fprintf(stderr, "%s%s: skipped, %s\n", result_tree_prefix(), path, strncmp(err, path, at - 2) || strlen(err) < at ? err : err + at);
	return RESULT_TREE_REFUSED;
}

/* Verify and pool a group's files (a directory searched for *.csv, each
 * file not used named on stderr and counted in *skipped, as report does);
 * false (reasons on stderr) unless the files taken form one set. */
static bool load_group(struct group *g, const char *const *files, size_t n, size_t *skipped)
{
	size_t left_out = 0;
	int taken = result_tree_walk_counted((char *const *)files, (int)n, group_take, g, stderr, &left_out);
	*skipped += left_out;
	if (taken <= 0) {
		if (!taken)
			fprintf(stderr, "idlebench compare: group %s: no result file taken from the paths given\n", g->name);
		return false;
	}
	if (g->pool.set_count != 1) {
		fprintf(stderr, "idlebench compare: group %s is not one comparable set (%zu sets):\n", g->name,
			g->pool.set_count);
		for (size_t i = 1; i < g->pool.set_count; i++) {
			char why[1024];
			report_set_difference(g->pool.set[0], g->pool.set[i], why, sizeof why);
			fprintf(stderr, "  %s, boot 1 against %s: %s\n", g->name, g->pool.set[i]->boot[0].path, why);
		}
		return false;
	}
	g->sum = malloc(sizeof *g->sum);
	if (!g->sum || !report_summarize(g->pool.set[0], 0.0, g->sum)) {
		free(g->sum);
		g->sum = NULL;
		fprintf(stderr, "idlebench compare: out of memory\n");
		return false;
	}
	return true;
}

static void free_group(struct group *g)
{
	if (g->sum) {
		report_summary_free(g->sum);
		free(g->sum);
	}
	report_pool_free(&g->pool);
}

/* Whether the two sets measured the same plan (both have a plan_id, equal, and the same placement). */
static bool same_plan(const struct report_set *a, const struct report_set *b)
{
	return a->by_plan && b->by_plan && !strcmp(a->plan_id, b->plan_id) && !strcmp(a->placement, b->placement);
}

static const char *meta_of(const struct stream_reader *r, const char *key)
{
	const char *v = r ? stream_reader_meta(r, key) : NULL;
	return v ? v : "";
}

static struct stream_reader *read_stream(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	int e;
	struct stream_reader *r = stream_reader_read_file(f, &e);
	fclose(f);
	return r;
}

/* "workloads measured in A only: lz, sort" (nothing when there are none); how many. */
static size_t print_only_in(FILE *out, const char *name, const struct report_set *here, const struct report_set *there)
{
	size_t n = 0;
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++) {
		if (!here->workload_used[w] || set_workload_slot(there, here->workload_name[w]) != ANALYSIS_NONE)
			continue;
		if (!n++)
			fprintf(out, "  workloads measured in %s only: %s", name, here->workload_name[w]);
		else
			fprintf(out, ", %s", here->workload_name[w]);
	}
	if (n)
		fprintf(out, "\n");
	return n;
}

/* Print, one per line, what behind the plan_id differs: the plan's metadata
 * of each group's first file, and the workloads each measured. */
static void print_plan_differences(FILE *out, const struct group *a, const struct group *b)
{
	struct stream_reader *ra = read_stream(a->pool.set[0]->boot[0].path),
			     *rb = read_stream(b->pool.set[0]->boot[0].path);
	size_t shown = 0;
	for (size_t i = 0; i < sizeof plan_keys / sizeof plan_keys[0]; i++) {
		const char *va = meta_of(ra, plan_keys[i]), *vb = meta_of(rb, plan_keys[i]);
		if (strcmp(va, vb)) {
			fprintf(out, "  %s: A %s, B %s\n", plan_keys[i], *va ? va : "(absent)", *vb ? vb : "(absent)");
			shown++;
		}
	}
	stream_reader_free(ra);
	stream_reader_free(rb);
	const struct report_set *sa = a->pool.set[0], *sb = b->pool.set[0];
	shown += print_only_in(out, "A", sa, sb) + print_only_in(out, "B", sb, sa);
	if (!shown)
		fprintf(out, "  (the recorded plan metadata and workloads agree: the plan_id covers what the files do not state,\n"
			     "   e.g. the MWAIT hint)\n");
}

static void print_group(FILE *out, const struct group *g)
{
	const struct report_set *s = g->pool.set[0];
	char id[512];
	report_set_identity(s, id, sizeof id);
	fprintf(out, "  %s: %s\n     plan_id %s, machine_id %s: %zu boot%s%s\n", g->name, id,
		*s->plan_id ? s->plan_id : "(none)", *s->machine_id ? s->machine_id : "(none)", g->sum->boots,
		g->sum->boots == 1 ? "" : "s", report_untrustworthy(g->sum) ? "; UNTRUSTWORTHY: a control failed" : "");
}

/* One table line: name, A, B, the difference, its interval and MDE, and
 * the mark: " *" when marked (the caller's rule), " (1 boot)" when a group
 * is one boot (no verdict: its interval is about that boot). */
static void print_line(FILE *out, const char *label, const struct stats_slowdown *a, const struct stats_slowdown *b,
		       const struct stats_difference *d, bool marked)
{
	char va[32], vb[32], vd[32], iv[80], mde[32];
	fprintf(out, "    %-24s %8s %8s %8s %-20s %7s%s\n", label, report_num(va, sizeof va, a->value_pct, 2),
		report_num(vb, sizeof vb, b->value_pct, 2), report_num(vd, sizeof vd, d->value_pct, 2),
		difference_interval(iv, sizeof iv, d, a, b), report_num(mde, sizeof mde, d->mde_pct, 2),
		d->within_boot_only ? " (1 boot)" : marked ? " *" : "");
}

/* The per-workload lines: each compared cell of A with B's, its difference,
 * and its place in the Holm family (ANALYSIS_NONE: not a member). */
struct compare_line {
	size_t w, m;            /* A's slots */
	const struct stats_slowdown *a, *b;
	struct stats_difference d;
	size_t member;
};

/* Every per-workload line the groups share, in A's mode then workload order;
 * p[] gets the family's p-values (as `report` forms its family: controls and
 * probes are outside it), *family their count. Returns the line count. */
static size_t compare_lines(const struct group *ga, const struct group *gb, struct compare_line *line, double *p,
			    size_t *family)
{
	const struct report_set *sa = ga->pool.set[0], *sb = gb->pool.set[0];
	const struct report_summary *ua = ga->sum, *ub = gb->sum;
	size_t n = 0;
	*family = 0;
	for (size_t m = 0; m < REPORT_MODE_SLOTS; m++) {
		size_t mb = sa->mode_used[m] && m != REPORT_MODE_HLT ? set_mode_slot(sb, sa->mode_name[m]) : ANALYSIS_NONE;
		if (mb == ANALYSIS_NONE || mb == REPORT_MODE_HLT)
			continue;
		for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++) {
			size_t wb = sa->workload_used[w] ? set_workload_slot(sb, sa->workload_name[w]) : ANALYSIS_NONE;
			if (wb == ANALYSIS_NONE || !ua->set->cell[w][m].have || !ub->set->cell[wb][mb].have)
				continue;
			struct compare_line *l = &line[n++];
			*l = (struct compare_line){ .w = w, .m = m, .a = &ua->set->cell[w][m].s,
						    .b = &ub->set->cell[wb][mb].s, .member = ANALYSIS_NONE };
			l->d = stats_difference_of(l->a, l->b);
			bool judged = l->d.status == STATS_INTERVAL && !l->d.within_boot_only;
			if (judged && report_in_holm_family(sa, ua, w, m) && *family < STATS_MAX_TESTS) {
				l->member = *family;
				p[(*family)++] = stats_difference_p_value(&l->d);
			}
		}
	}
	return n;
}

/* The verdict about one primary class, in one line. */
static void print_verdict(FILE *out, const char *cls, const char *mode, const struct stats_difference *d)
{
	char v[32], iv[80], mde[32], hw[32];
	fprintf(out, "verdict %s (%s vs hlt): ", cls, mode);
	if (d->status == STATS_NO_DATA) {
		fprintf(out, "no estimate in one of the groups\n");
		return;
	}
	if (d->status != STATS_INTERVAL) {
		fprintf(out, "B vs A %s %% with no interval (too few blocks or boots): cannot be told from noise\n",
			report_num(v, sizeof v, d->value_pct, 2));
		return;
	}
	if (d->within_boot_only) {
		/* A single boot's interval is about that boot: two of them compared
		 * cover the machines' true difference only ~19 % of the time
		 * (tests/unit/stats/test_stats_coverage.c), so no verdict. */
		fprintf(out, "B vs A %s %% %s: not judged: a group is a single boot, whose interval covers only that "
			     "boot (such comparisons cover the true difference ~19 %% of the time); give each group "
			     ">= 2 boots\n", report_num(v, sizeof v, d->value_pct, 2), difference_interval(iv, sizeof iv, d, NULL, NULL));
		return;
	}
	double half = (d->hi_pct - d->lo_pct) / 2;
	fprintf(out, "B vs A %s %% %s (+-%s points): %s", report_num(v, sizeof v, d->value_pct, 2),
		difference_interval(iv, sizeof iv, d, NULL, NULL), report_num(hw, sizeof hw, half, 2),
		stats_difference_distinguishable(d) ? "distinguishable from noise at this width"
						    : "not distinguishable from noise at this width");
	if (!stats_difference_distinguishable(d))
		fprintf(out, " (a difference below %s %% would likely go unseen)",
			report_num(mde, sizeof mde, d->mde_pct, 2));
	fprintf(out, "\n");
}

/* What an `idlebench linux` group was booted with (its files' meta). */
struct boot_facts {
	bool linux_mode;            /* every file is boot=linux */
	char override[64], c1[16];  /* linux_idle_override, linux_c1 of its files ("mixed" when they differ) */
	char boot_id[REPORT_MAX_BOOTS][48];
	size_t boots;
};

/* One meta value into out, or "mixed" when an earlier file had another. */
static void fact_merge(char *out, size_t size, const char *v, bool first)
{
	if (first)
		fmt_snprintf(out, size, "%s", v);
	else if (strcmp(out, v))
		fmt_snprintf(out, size, "mixed");
}

static void boot_facts_read(const struct report_set *s, struct boot_facts *f)
{
	memset(f, 0, sizeof *f);
	f->linux_mode = s->boot_count > 0;
	for (size_t i = 0; i < s->boot_count; i++) {
		struct stream_reader *r = read_stream(s->boot[i].path);
		f->linux_mode = f->linux_mode && !strcmp(meta_of(r, "boot"), "linux");
		fact_merge(f->override, sizeof f->override, meta_of(r, "linux_idle_override"), !i);
		fact_merge(f->c1, sizeof f->c1, meta_of(r, "linux_c1"), !i);
		fmt_snprintf(f->boot_id[f->boots++], sizeof f->boot_id[0], "%s", meta_of(r, "linux_boot_id"));
		stream_reader_free(r);
	}
}

/* Whether a boot id (recorded, not empty) is in both groups. */
static bool share_a_boot(const struct boot_facts *a, const struct boot_facts *b)
{
	for (size_t i = 0; i < a->boots; i++)
		for (size_t k = 0; *a->boot_id[i] && k < b->boots; k++)
			if (!strcmp(a->boot_id[i], b->boot_id[k]))
				return true;
	return false;
}

/* Whether set s measures a mode the set o does not. */
static bool mode_of_its_own(const struct report_set *s, const struct report_set *o)
{
	for (size_t m = 0; m < REPORT_MODE_SLOTS; m++)
		if (s->mode_used[m] && set_mode_slot(o, s->mode_name[m]) == ANALYSIS_NONE)
			return true;
	return false;
}

/* Whether the groups are the two-boot procedure (see the top): booted
 * differently, or on no common boot with a mode only one group has (that
 * mode was never measured beside the other's). Two groups of the same
 * boot kind and the same modes (a plain before/after) are not: their
 * paired within-boot tables stand, only the boots differ. */
static bool two_boot_procedure(const struct report_set *sa, const struct report_set *sb, const struct boot_facts *a,
			       const struct boot_facts *b)
{
	if (!a->linux_mode || !b->linux_mode)
		return false;
	if (strcmp(a->override, b->override) || strcmp(a->c1, b->c1))
		return true;
	return !share_a_boot(a, b) && (mode_of_its_own(sa, sb) || mode_of_its_own(sb, sa));
}

/* Whether set s measured the mode named name. */
static bool has_mode(const struct report_set *s, const char *name)
{
	return set_mode_slot(s, name) != ANALYSIS_NONE;
}

/* Whether the groups are the two-boot procedure of docs/linux-mode.md and
 * their plans differ in nothing else: `idlebench linux` groups booted
 * differently (linux_idle_override or linux_c1), the same placement and
 * workloads, the recorded plan metadata equal but for modes_measured, and
 * the same modes except that one group measured hlt where the other
 * measured mwait (and neither both). Their plan_ids differ by design, so
 * compare takes them without --allow-different-plans and says why. */
static bool plans_differ_by_hlt_for_mwait(const struct group *a, const struct group *b, const struct boot_facts *fa,
					  const struct boot_facts *fb)
{
	const struct report_set *sa = a->pool.set[0], *sb = b->pool.set[0];
	if (!fa->linux_mode || !fb->linux_mode || (!strcmp(fa->override, fb->override) && !strcmp(fa->c1, fb->c1)) ||
	    strcmp(sa->placement, sb->placement))
		return false;
	bool hlt_for_mwait = has_mode(sa, "hlt") && !has_mode(sa, "mwait") && has_mode(sb, "mwait") && !has_mode(sb, "hlt");
	bool mwait_for_hlt = has_mode(sa, "mwait") && !has_mode(sa, "hlt") && has_mode(sb, "hlt") && !has_mode(sb, "mwait");
	if (!hlt_for_mwait && !mwait_for_hlt)
		return false;
	for (int side = 0; side < 2; side++) {
		const struct report_set *here = side ? sb : sa, *there = side ? sa : sb;
		for (size_t m = 0; m < REPORT_MODE_SLOTS; m++)
			if (here->mode_used[m] && strcmp(here->mode_name[m], "hlt") && strcmp(here->mode_name[m], "mwait") &&
			    !has_mode(there, here->mode_name[m]))
				return false;
		for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
			if (here->workload_used[w] && set_workload_slot(there, here->workload_name[w]) == ANALYSIS_NONE)
				return false;
	}
	struct stream_reader *ra = read_stream(sa->boot[0].path), *rb = read_stream(sb->boot[0].path);
	bool same = ra && rb;
	for (size_t i = 0; same && i < sizeof plan_keys / sizeof plan_keys[0]; i++)
		same = !strcmp(plan_keys[i], "modes_measured") || !strcmp(meta_of(ra, plan_keys[i]), meta_of(rb, plan_keys[i]));
	stream_reader_free(ra);
	stream_reader_free(rb);
	return same;
}

/* What boot_median_cpi takes the median of in set s: 1 every file has a
 * --metric score (report_pool.c: the score's cost), 0 none, -1 some. */
static int scored_files(const struct report_set *s)
{
	size_t n = 0;
	for (size_t i = 0; i < s->boot_count; i++)
		n += *s->boot[i].metric != '\0';
	return n == s->boot_count ? 1 : n ? -1 : 0;
}

/* The boot-level table's quantity, in words. */
static const char *boot_level_quantity(const struct report_set *sa, const struct report_set *sb)
{
	int a = scored_files(sa), b = scored_files(sb);
	if (a == 1 && b == 1)
		return "score cost";
	if (!a && !b)
		return "cycles/iteration";
	return "cycles/iteration or score cost (only some files have a --metric score)";
}

/* One boot's median cycles per iteration of (w, m) over its measured rows
 * that count (check=ok, not excluded, no SMI), or with --metric the median
 * score cost (report_pool.c puts it in cpi: 10^9 x score, or 10^9 / score
 * when higher is better); 0 when none counts. */
static double boot_median_cpi(const struct report_boot *b, size_t w, size_t m)
{
	double *v = malloc((b->rows ? b->rows : 1) * sizeof *v), med = 0;
	size_t n = 0;
	for (size_t i = 0; v && i < b->rows; i++) {
		const struct report_sample *x = &b->sample[i];
		if (x->w == w && x->m == m && x->ok && !x->excluded && !x->smi && x->cpi > 0)
			v[n++] = x->cpi;
	}
	if (n) {
		stats_sort(v, n);
		med = stats_median_sorted(v, n);
	}
	free(v);
	return med;
}

/* (w, m) over the set's boots at the boot level: per boot the log of its
 * median, then a t over the boots (stats_across_boots; one boot: no
 * interval, flagged within that boot). value_pct is not a slowdown here:
 * only exp(mean_log), the geometric mean of the medians, and the
 * difference of two of them (stats_difference_of) are read. */
static struct stats_slowdown boot_level(const struct report_set *s, size_t w, size_t m)
{
	struct stats_boot b[REPORT_MAX_BOOTS] = { { 0 } };
	for (size_t i = 0; i < s->boot_count; i++) {
		double med = boot_median_cpi(&s->boot[i], w, m);
		if (med > 0)
			b[i] = (struct stats_boot){ .mean_log = log(med), .var_log = 0, .blocks = 1 };
	}
	return stats_across_boots(b, s->boot_count);
}

/* One boot-level line: A's mode ma against B's mode mb for workload w (A's slot). */
static void print_boot_level_line(FILE *out, const struct group *a, const struct group *b, size_t w, size_t ma,
				  size_t mb)
{
	const struct report_set *sa = a->pool.set[0], *sb = b->pool.set[0];
	size_t wb = set_workload_slot(sb, sa->workload_name[w]);
	struct stats_slowdown x = boot_level(sa, w, ma), y = boot_level(sb, wb, mb);
	struct stats_difference d = stats_difference_of(&x, &y);
	char label[96], va[32], vb[32], vd[32], iv[80], mde[32];
	fmt_snprintf(label, sizeof label, "%s %s -> %s", sa->workload_name[w], sa->mode_name[ma], sb->mode_name[mb]);
	fprintf(out, "    %-24s %10s %10s %8s %-20s %7s%s\n", label,
		x.status == STATS_NO_DATA ? "-" : report_num(va, sizeof va, exp(x.mean_log), 0),
		y.status == STATS_NO_DATA ? "-" : report_num(vb, sizeof vb, exp(y.mean_log), 0),
		report_num(vd, sizeof vd, d.value_pct, 2), difference_interval(iv, sizeof iv, &d, &x, &y),
		report_num(mde, sizeof mde, d.mde_pct, 2),
		d.status == STATS_NO_DATA ? "" : d.within_boot_only ? " (1 boot)" : stats_difference_distinguishable(&d) ? " *" : "");
}

/* Groups from different boots of another kind: say so, then compare the
 * modes only one group has with the other's (hlt -> mwait) and each mode
 * both have (the boots' own drift) at the boot level. */
static void print_boot_level(FILE *out, const struct group *a, const struct group *b, const struct boot_facts *fa,
			     const struct boot_facts *fb)
{
	const struct report_set *sa = a->pool.set[0], *sb = b->pool.set[0];
	fprintf(out, "  different boots: A idle=%s, C1 %s; B idle=%s, C1 %s; %s\n", *fa->override ? fa->override : "(none)",
		*fa->c1 ? fa->c1 : "(not recorded)", *fb->override ? fb->override : "(none)", *fb->c1 ? fb->c1 : "(not recorded)",
		share_a_boot(fa, fb) ? "a boot in both groups" : "no boot in both groups (linux_boot_id)");
	const char *quantity = boot_level_quantity(sa, sb);
	fprintf(out, "  the modes were taken on different boots: a mode one group lacks is compared at the boot level\n"
		     "  only (each boot's median %s, a Welch t interval over the two groups' boots; no\n"
		     "  paired within-boot claim, and boot-to-boot variation is in the width only with >= 2 boots per\n"
		     "  group); the paired tables below cover only the modes both groups measured against their own hlt\n",
		quantity);
	fprintf(out, "\n  boot level, A mode -> B mode: geometric mean of the boots' median %s, B vs A %%\n", quantity);
	fprintf(out, "    %-24s %10s %10s %8s %-20s %7s\n", "workload A -> B", "A", "B", "B vs A", "[95% interval]", "MDE");
	for (int same = 0; same < 2; same++)
		for (size_t ma = 0; ma < REPORT_MODE_SLOTS; ma++) {
			bool in_b = sa->mode_used[ma] && set_mode_slot(sb, sa->mode_name[ma]) != ANALYSIS_NONE;
			if (!sa->mode_used[ma] || in_b != (bool)same)
				continue;
			for (size_t mb = 0; mb < REPORT_MODE_SLOTS; mb++) {
				bool b_only = sb->mode_used[mb] && set_mode_slot(sa, sb->mode_name[mb]) == ANALYSIS_NONE;
				if (same ? mb != set_mode_slot(sb, sa->mode_name[ma]) : !b_only)
					continue;
				for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
					if (sa->workload_used[w] && set_workload_slot(sb, sa->workload_name[w]) != ANALYSIS_NONE)
						print_boot_level_line(out, a, b, w, ma, mb);
			}
		}
	fprintf(out, "  * = the interval excludes 0; a mode in both groups (x -> x) shows how far the boots alone differ\n\n");
}

static void print_comparison(FILE *out, const struct group *a, const struct group *b, bool two_boot_plans)
{
	const struct report_set *sa = a->pool.set[0], *sb = b->pool.set[0];
	const struct report_summary *ua = a->sum, *ub = b->sum;
	fprintf(out, "idlebench compare: B against A, slowdown vs hlt\n");
	print_group(out, a);
	print_group(out, b);
	if (sa->by_plan && sb->by_plan && strcmp(sa->machine_id, sb->machine_id))
		fprintf(out, "  machine_id differs: another machine, firmware or microcode (expected for a BIOS or microcode change)\n");
	if (!same_plan(sa, sb) && two_boot_plans)
		fprintf(out, "  the plans differ only in the mode measured, %s in A for %s in B (the two-boot procedure,\n"
			     "  docs/linux-mode.md): compared at the boot level, no --allow-different-plans needed\n",
			has_mode(sa, "hlt") ? "hlt" : "mwait", has_mode(sa, "hlt") ? "mwait" : "hlt");
	else if (!same_plan(sa, sb))
		fprintf(out, "  PLANS DIFFER (--allow-different-plans): only what both measured is compared\n");
	struct boot_facts fa, fb;
	boot_facts_read(sa, &fa);
	boot_facts_read(sb, &fb);
	if (two_boot_procedure(sa, sb, &fa, &fb))
		print_boot_level(out, a, b, &fa, &fb);
	else if (fa.linux_mode && fb.linux_mode && !share_a_boot(&fa, &fb))
		fprintf(out, "  A and B are different boots (no linux_boot_id in both groups)\n");
	if (!ua->have_baseline || !ub->have_baseline) {
		fprintf(out, "  no slowdowns: hlt was not measured in %s\n", !ua->have_baseline ? "A" : "B");
		return;
	}
	static struct compare_line line[REPORT_MODE_SLOTS * REPORT_WORKLOAD_SLOTS];
	static double p[STATS_MAX_TESTS], p_holm[STATS_MAX_TESTS];
	static bool significant[STATS_MAX_TESTS];
	size_t family, lines = compare_lines(a, b, line, p, &family);
	stats_holm(p, family, p_holm, significant);
	fprintf(out, "  B vs A = (1 + slowdown B) / (1 + slowdown A) - 1, Welch t interval over the groups' estimates;\n"
		     "  * on a primary line = its interval excludes 0; * on a workload line = Holm-adjusted p <= 0.05\n"
		     "  over the family of %zu workload lines (controls and probes are not in it; an unmarked line's\n"
		     "  own interval may still exclude 0: alone it is one of many comparisons)\n", family);
	const char *mode = ua->primary != ANALYSIS_NONE ? sa->mode_name[ua->primary] : NULL;
	size_t pb = mode ? set_mode_slot(sb, mode) : ANALYSIS_NONE;
	struct stats_difference verdict[2];
	bool have_primary = mode && pb != ANALYSIS_NONE && ub->primary == pb;
	fprintf(out, "\n  primary result: %s vs hlt, class geometric mean, %%\n", mode ? mode : "(none)");
	fprintf(out, "    %-24s %8s %8s %8s %-20s %7s\n", "class", "A", "B", "B vs A", "[95% interval]", "MDE");
	bool have_class[2] = { false, false };
	for (size_t k = 0; have_primary && k < 2; k++) {
		/* a class no workload of the plan is in has no figure: said, as
		 * report's table says it, never a 0.00 nothing measured */
		have_class[k] = ua->set->cls[k][ua->primary].have && ub->set->cls[k][pb].have;
		if (!have_class[k]) {
			fprintf(out, "    %-24s %8s %8s %8s %-20s %7s  no %s workload in %s\n",
				analysis_class_name((enum analysis_class)k), "-", "-", "-", "-", "-",
				analysis_class_name((enum analysis_class)k),
				ua->set->cls[k][ua->primary].have ? "B" : ub->set->cls[k][pb].have ? "A" : "either group");
			continue;
		}
		const struct stats_slowdown *x = &ua->set->cls[k][ua->primary].s, *y = &ub->set->cls[k][pb].s;
		verdict[k] = stats_difference_of(x, y);
		print_line(out, analysis_class_name((enum analysis_class)k), x, y, &verdict[k],
			   stats_difference_distinguishable(&verdict[k]));
	}
	fprintf(out, "\n  per workload and mode, %%\n");
	fprintf(out, "    %-24s %8s %8s %8s %-20s %7s\n", "workload mode", "A", "B", "B vs A", "[95% interval]", "MDE");
	for (size_t i = 0; i < lines; i++) {
		const struct compare_line *l = &line[i];
		char label[64];
		fmt_snprintf(label, sizeof label, "%s %s", sa->workload_name[l->w], sa->mode_name[l->m]);
		print_line(out, label, l->a, l->b, &l->d, l->member != ANALYSIS_NONE && significant[l->member]);
	}
	fprintf(out, "\n");
	for (size_t k = 0; have_primary && k < 2; k++)
		if (have_class[k])
			print_verdict(out, analysis_class_name((enum analysis_class)k), mode, &verdict[k]);
	if (!have_primary)
		fprintf(out, "verdict: no primary result in both groups\n");
	if (report_untrustworthy(ua) || report_untrustworthy(ub))
		fprintf(out, "verdict: a control failed in %s: do not quote this comparison\n",
			report_untrustworthy(ua) && report_untrustworthy(ub) ? "both groups" :
			report_untrustworthy(ua) ? "group A" : "group B");
}

int cmd_compare(int argc, char **argv)
{
	bool allow_different_plans = false;
	const char **files = calloc((size_t)argc, sizeof *files);
	size_t n = 0, split = (size_t)-1;
	if (!files) {
		fprintf(stderr, "idlebench compare: out of memory\n");
		return 1;
	}
	struct cli_parser p;
	const char *arg;
	result_tree_set_command("compare");
	cli_parser_begin(&p, &compare_cli, argc, argv);
	for (int o; (o = cli_next(&p, &arg)) != CLI_END;) {
		if (o == CLI_SEPARATOR && split != (size_t)-1) {
			free(files);
			return cli_usage_error(&compare_cli, "more than one --: two groups, A -- B");
		}
		if (o == CLI_SEPARATOR) {
			split = n;
		} else if (o == OPT_ALLOW_DIFFERENT_PLANS) {
			allow_different_plans = true;
		} else if (o == CLI_OPERAND) {
			files[n++] = arg;
		} else {
			free(files);
			return cli_exit_status(o);
		}
	}
	if (split == (size_t)-1 || !split || split == n) {
		free(files);
		return cli_usage_error(&compare_cli, "two groups of result files are needed: A_PATH... -- B_PATH... (files or directories)");
	}
	struct group a = { .name = "A" }, b = { .name = "B" };
	size_t skipped = 0;
	bool ok = load_group(&a, files, split, &skipped);
	ok = load_group(&b, files + split, n - split, &skipped) && ok;
	free(files);
	int status = ok ? 0 : 1;
	bool two_boot_plans = false;
	if (ok && !same_plan(a.pool.set[0], b.pool.set[0])) {
		struct boot_facts fa, fb;
		boot_facts_read(a.pool.set[0], &fa);
		boot_facts_read(b.pool.set[0], &fb);
		two_boot_plans = plans_differ_by_hlt_for_mwait(&a, &b, &fa, &fb);
	}
	if (ok && !same_plan(a.pool.set[0], b.pool.set[0]) && !two_boot_plans) {
		char why[1024];
		report_set_difference(a.pool.set[0], b.pool.set[0], why, sizeof why);
		FILE *out = allow_different_plans ? stdout : stderr;
		fprintf(out, "idlebench compare: the groups measured different plans: %s\n", why);
		print_plan_differences(out, &a, &b);
		struct boot_facts fa, fb;
		boot_facts_read(a.pool.set[0], &fa);
		boot_facts_read(b.pool.set[0], &fb);
		if (fa.linux_mode && fb.linux_mode && (strcmp(fa.override, fb.override) || strcmp(fa.c1, fb.c1)))
			fprintf(out, "  the groups were booted differently (A idle=%s, C1 %s; B idle=%s, C1 %s), but their plans differ\n"
				     "  in more than hlt for mwait (the two-boot procedure, docs/linux-mode.md, changes only that);\n"
				     "  --allow-different-plans compares what both measured\n",
				*fa.override ? fa.override : "(none)", *fa.c1 ? fa.c1 : "(not recorded)",
				*fb.override ? fb.override : "(none)", *fb.c1 ? fb.c1 : "(not recorded)");
		if (!allow_different_plans) {
			fprintf(stderr, "idlebench compare: refused: another plan measures something else (--allow-different-plans "
					"compares anyway)\n");
			status = 1;
		}
	}
	if (!status)
		print_comparison(stdout, &a, &b, two_boot_plans);
	free_group(&a);
	free_group(&b);
	return status ? status : skipped ? 1 : 0;
}
