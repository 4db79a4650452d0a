/* The changelog paragraph of `idlebench report --format=commit` (see report_commit.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sibling/idle_mode.h"
#include "tools/report/report_commit.h"
#include "tools/report/report_format.h"
#include "tools/report/report_records.h"

/* A bounded string being appended to; output past size is cut, never overrun. */
struct text {
	char *buf;
	size_t size, len;
};

static void add(struct text *t, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void add(struct text *t, const char *format, ...)
{
	if (t->len + 1 >= t->size)
		return;
	va_list ap;
	va_start(ap, format);
	int n = vsnprintf(t->buf + t->len, t->size - t->len, format, ap);
	va_end(ap);
	if (n > 0)
		t->len = t->len + (size_t)n < t->size ? t->len + (size_t)n : t->size - 1;
}

/* Metadata key of the first boot, NULL when absent. */
static const char *meta(const struct report_records *r, const char *key)
{
	return r->boots ? stream_reader_meta(r->boot[0], key) : NULL;
}

/* Whether every boot has key=value. */
static bool every_boot(const struct report_records *r, const char *key, const char *value)
{
	for (size_t b = 0; b < r->boots; b++) {
		const char *v = stream_reader_meta(r->boot[b], key);
		if (!v || strcmp(v, value))
			return false;
	}
	return r->boots > 0;
}

/* Whether every boot carries the per-sample residency proof of `idlebench
 * linux` (its `#! linux_proof` records; the kernel has none: its sibling
 * check is per mode, docs/stream-format.md). */
static bool proven_per_sample(const struct report_records *r)
{
	for (size_t b = 0; b < r->boots; b++) {
		size_t at = 0;
		if (!report_records_next(r->boot[b], "linux_proof", NULL, NULL, &at))
			return false;
	}
	return r->boots > 0;
}

/* How a mode reads in a changelog: the labels of the kernel's screen
 * (kernel/console/screen_layout.c, mode_label), which the seed's "MWAIT-C1"
 * follows: the kernel's mwait is C1 unless `mwait_hint=` on its command line
 * says otherwise (MWAIT EAX; 0, the default, is C1); `idlebench linux`'s
 * mwait is the cpuidle state that uses MWAIT C1 (linux-mode.md). */
static const char *mode_words(const char *name, const struct report_records *r, char *buf, size_t size)
{
	static const struct {
		const char *name, *label;
	} labels[] = { { "hlt", "HLT" }, { "ioport", "IOPORT-C2" }, { "spin", "spin" }, { "off", "off (INIT)" },
		       { "poll", "POLL" } };
	if (!strcmp(name, "mwait")) {
		const char *cmdline = meta(r, "cmdline"), *h = cmdline ? strstr(cmdline, "mwait_hint=") : NULL;
		if (h && (h == cmdline || h[-1] == ' ')) {
			h += strlen("mwait_hint=");
			const char *v = h;
			while (*v == '0' || *v == 'x' || *v == 'X')
				v++;
			if (*v && *v != ' ') {
				snprintf(buf, size, "MWAIT(%.*s)", (int)strcspn(h, " "), h);
				return buf;
			}
		}
		return "MWAIT-C1";
	}
	/* the core state the port read requests, reached only when all the
	 * core's threads idle (platform/acpi/acpi_c2.c) */
	const char *req = !strcmp(name, "ioport") ? report_c2_request(meta(r, "c2_kind")) : NULL;
	if (req) {
		snprintf(buf, size, "IOPORT-C2 (requests %s, which the core reaches only when all its threads idle)", req);
		return buf;
	}
	for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
		if (!strcmp(name, labels[i].name))
			return labels[i].label;
	snprintf(buf, size, "mode %s", name);
	return buf;
}

/* Which CPU the modes were taken on, from the placement. */
static const char *parked_words(const char *placement)
{
	if (!strcmp(placement, "sibling"))
		return "the SMT sibling";
	if (!strcmp(placement, "other-core"))
		return "the parked CPU on another core (placement other-core)";
	if (!strcmp(placement, "both"))
		return "the SMT sibling and a CPU on another core (placement both)";
	return "the parked CPU";
}

/* Rows (every sample taken: good, check=bad, excluded, SMI) of mode slot m
 * over the set's boots, and how many of them the residency proof excluded. */
static size_t mode_rows(const struct report_set *s, size_t m)
{
	size_t n = 0;
	for (size_t b = 0; b < s->boot_count; b++)
		for (size_t i = 0; i < s->boot[b].rows; i++)
			n += s->boot[b].sample[i].m == m;
	return n;
}

/* "12.65 % [4.41, 21.55] faster", with the sign convention of the seed: the
 * mode's slowdown against hlt is how much faster the workload runs with the
 * sibling in HLT; a negative slowdown reads as slower, with the same digits.
 * Only for an interval that excludes 0 (report_has_direction). */
static void directed_words(struct text *t, const struct stats_slowdown *e)
{
	char v[32], lo[32], hi[32];
	bool slower = e->value_pct < 0;
	report_num(v, sizeof v, slower ? -e->value_pct : e->value_pct, 2);
	report_num(lo, sizeof lo, slower ? -e->hi_pct : e->lo_pct, 2);
	report_num(hi, sizeof hi, slower ? -e->lo_pct : e->hi_pct, 2);
	add(t, "%s %% [%s, %s] %s", v, lo, hi, slower ? "slower" : "faster");
}

/* The slowdown as the text report prints it, without a direction:
 * "2.26 % [-2.44, 7.19]", "13.80 % (no interval)", "(no estimate: no complete block)". */
static void undirected_words(struct text *t, const struct stats_slowdown *e)
{
	char v[32], iv[80];
	if (e->status == STATS_NO_DATA)
		add(t, "(no estimate: no complete block)");
	else if (e->status == STATS_INTERVAL)
		add(t, "%s %% %s", report_num(v, sizeof v, e->value_pct, 2), report_interval(iv, sizeof iv, e));
	else
		add(t, "%s %% (no interval)", report_num(v, sizeof v, e->value_pct, 2));
}

static void system_words(struct text *t, const struct report_set *s, const struct report_records *r)
{
	const char *brand = s->cpu_brand && *s->cpu_brand ? s->cpu_brand : NULL;
	if (brand)
		add(t, "On %s %s system (", strchr("AEIOUaeiou", brand[0]) ? "an" : "a", brand);
	else
		add(t, "On a %s family %s model %s system (", s->cpu_vendor ? s->cpu_vendor : "?",
		    s->cpu_family ? s->cpu_family : "?", s->cpu_model ? s->cpu_model : "?");
	bool linux_mode = every_boot(r, "boot", "linux");
	const char *tpc = meta(r, "smt_threads_per_core"), *sib = meta(r, "smt_siblings");
	if (tpc)
		add(t, "%s threads/core, ", tpc);
	else if (sib)
		add(t, "%ld thread%s/core online, ", strtol(sib, NULL, 10) + 1, strtol(sib, NULL, 10) ? "s" : "");
	else
		add(t, "threads/core not recorded, ");
	const char *hv = s->hypervisor && *s->hypervisor ? s->hypervisor : NULL;
	if (linux_mode) {
		const char *drv = meta(r, "cpuidle_driver"), *rel = meta(r, "linux_release");
		const char *ovr = meta(r, "linux_idle_override");
		add(t, "%s%s", drv && *drv ? drv : "cpuidle driver not recorded", drv && *drv ? " cpuidle driver" : "");
		if (ovr && *ovr)
			add(t, ", idle=%s", ovr);
		add(t, ", Linux kernel %s", rel && *rel ? rel : "version not recorded");
	} else {
		const char *ver = meta(r, "version"), *boot = meta(r, "boot");
		add(t, "idlebench kernel %s", ver ? ver : "(version not recorded)");
		if (boot)
			add(t, " (boot=%s)", boot);
	}
	if (!hv)
		add(t, ", hypervisor not recorded)");
	else if (!strcmp(hv, "none"))
		add(t, ", bare metal)");
	else
		add(t, ", under hypervisor %s)", hv);
}

/* The one used workload slot, or ANALYSIS_NONE when there are several. */
static size_t single_workload(const struct report_set *s)
{
	size_t one = ANALYSIS_NONE;
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++) {
		if (!s->workload_used[w])
			continue;
		if (one != ANALYSIS_NONE)
			return ANALYSIS_NONE;
		one = w;
	}
	return one;
}

/* One estimate of the result clause: who ("the integer workloads (geomean
 * of 3)") and the estimate. */
struct result_item {
	char who[300];
	const struct stats_slowdown *e;
};

/* The result clause, words following the intervals: a direction ("faster",
 * "slower") only for an interval that excludes 0; the others are said to
 * show no difference detected (the interval spans 0) or, without an
 * interval, no direction. no_interval collects what has no interval, note
 * the first one's reason (stats_slowdown_note, as the text report prints it). */
static void result_words(struct text *t, const struct report_set *s, const struct report_summary *sum,
			 const struct report_records *r, struct text *no_interval, char *note, size_t note_size,
			 const char *parked, const char *mode)
{
	size_t p = sum->primary;
	size_t w = single_workload(s);
	struct result_item item[ANALYSIS_CLASS_COUNT];
	size_t n = 0;
	bool single = w != ANALYSIS_NONE;
	if (single) {
		const char *cmd = meta(r, "linux_command");
		if (cmd && *cmd)
			snprintf(item[n].who, sizeof item[n].who, "the command %s (workload %s)", cmd, s->workload_name[w]);
		else
			snprintf(item[n].who, sizeof item[n].who, "the %s workload", s->workload_name[w]);
		item[n++].e = &sum->set->cell[w][p].s;
		if (item[0].e->status != STATS_INTERVAL)
			add(no_interval, "%s%s", no_interval->len ? ", " : "", s->workload_name[w]);
	} else {
		static const char *const class_words[2] = { "integer", "floating-point" };
		for (size_t k = ANALYSIS_CLASS_INT; k <= ANALYSIS_CLASS_FP; k++) {
			const struct analysis_cell *c = &sum->set->cls[k][p];
			if (!c->have)
				continue;
			snprintf(item[n].who, sizeof item[n].who, "the %s workloads (geomean of %zu)", class_words[k],
				 sum->set->cls_workloads[k]);
			item[n++].e = &c->s;
			if (c->s.status != STATS_INTERVAL)
				add(no_interval, "%s%s", no_interval->len ? ", " : "", analysis_class_name(k));
		}
		if (!n) {
			const struct analysis_cell *c = &sum->set->cls[ANALYSIS_CLASS_ALL][p];
			if (!c->have) {
				/* only probes (in no class geomean, stats/analysis.h): nothing to state */
				add(t, "no class geomean can be stated (no int or fp workload), so nothing runs faster or slower");
				return;
			}
			snprintf(item[n].who, sizeof item[n].who, "the workloads (geomean of %zu, neither int nor fp)",
				 sum->set->cls_workloads[ANALYSIS_CLASS_ALL]);
			item[n++].e = &c->s;
			if (c->s.status != STATS_INTERVAL)
				add(no_interval, "%sall", no_interval->len ? ", " : "");
		}
	}
	for (size_t i = 0; i < n; i++)
		if (item[i].e->status != STATS_INTERVAL && !*note)
			stats_slowdown_note(item[i].e, note, note_size);
	size_t directed = 0, spans = 0;
	for (size_t i = 0; i < n; i++) {
		directed += report_has_direction(item[i].e);
		spans += item[i].e->status == STATS_INTERVAL && !report_has_direction(item[i].e);
	}
	/* those with a direction: "X run 12.65 % [4.41, 21.55] faster and Y 19.96 % […] faster
	 * with the SMT sibling in HLT than in MWAIT-C1" */
	size_t said = 0;
	for (size_t i = 0; i < n; i++) {
		if (!report_has_direction(item[i].e))
			continue;
		add(t, "%s%s %s", said ? " and " : "", item[i].who, said ? "" : single ? "runs " : "run ");
		directed_words(t, item[i].e);
		said++;
	}
	if (directed)
		add(t, " with %s in HLT than in %s", parked, mode);
	if (directed == n)
		return;
	/* the others: no direction stated */
	add(t, "%s%s between %s in HLT and in %s", directed ? ", while " : "",
	    spans == n - directed ? "no difference was detected" : "no direction can be stated", parked, mode);
	said = 0;
	for (size_t i = 0; i < n; i++) {
		if (report_has_direction(item[i].e))
			continue;
		add(t, "%s%s ", said ? " and " : " for ", item[i].who);
		undirected_words(t, item[i].e);
		said++;
	}
	/* the mode's label without its parenthesis: the request words were said above */
	const char *paren = strstr(mode, " (requests ");
	add(t, " (the slowdown in %.*s against HLT, positive = slower than HLT%s)",
	    (int)(paren ? (size_t)(paren - mode) : strlen(mode)), mode,
	    spans != n - directed ? "" : spans > 1 ? "; each interval spans 0" : "; the interval spans 0");
}

static void counts_words(struct text *t, const struct report_set *s, const struct report_summary *sum,
			 const struct report_records *r)
{
	char mw[128];
	size_t p = sum->primary;
	size_t nh = mode_rows(s, REPORT_MODE_HLT), np = mode_rows(s, p);
	const char *order = every_boot(r, "order", "interleaved") ? "interleaved " : "";
	if (nh == np)
		add(t, " (%zu %ssamples per state", nh, order);
	else
		add(t, " (%zu %ssamples in HLT and %zu in %s", nh, order, np, mode_words(s->mode_name[p], r, mw, sizeof mw));
	add(t, " over %zu boot%s, ", s->boot_count, s->boot_count == 1 ? "" : "s");
	if (proven_per_sample(r)) {
		size_t n = nh + np, v = n - s->excluded[REPORT_MODE_HLT] - s->excluded[p];
		add(t, "sibling residency verified in %zu/%zu", v, n);
		if (v != n)
			add(t, " (HLT %zu/%zu, %s %zu/%zu)", nh - s->excluded[REPORT_MODE_HLT], nh, s->mode_name[p],
			    np - s->excluded[p], np);
	} else {
		add(t, "no per-sample residency proof in these streams");
	}
	char v[32], iv[80];
	if (sum->aa == ANALYSIS_NONE)
		add(t, "; no A/A control measured)");
	else if (sum->set->aa_cell.s.status == STATS_INTERVAL)
		add(t, "; A/A %s %% %s%s)", report_num(v, sizeof v, sum->set->aa_cell.s.value_pct, 2),
		    report_interval(iv, sizeof iv, &sum->set->aa_cell.s),
		    sum->set->aa == ANALYSIS_UNINFORMATIVE ? ", uninformative: too wide to fail" : "");
	else
		add(t, "; A/A %s %% (no interval))",
		    report_num(v, sizeof v, sum->set->aa_cell.s.value_pct, 2));
}

/* The caveats, each a sentence of its own. */
static void caveat_words(struct text *t, const struct report_set *s, const struct report_summary *sum,
			 const struct report_records *r, const char *no_interval, const char *note)
{
	if (s->boot_count == 1)
		add(t, " One boot only%s.", sum->have_baseline && sum->primary != ANALYSIS_NONE
						    ? ": the result is within this boot and says nothing about how boots differ"
						    : "");
	if (s->hypervisor && *s->hypervisor && strcmp(s->hypervisor, "none"))
		add(t, " Measured under a hypervisor (%s), not on bare metal: an emulator's or VM's timing, not "
		       "comparable with silicon's.", s->hypervisor);
	const char *check = meta(r, "smt_check"), *tpc = meta(r, "smt_threads_per_core"), *sib = meta(r, "smt_siblings");
	if (check && strcmp(check, "ok") && strncmp(check, "not_checked", 11))
		add(t, " Topology suspect: smt_check=%s.", check);
	bool sibling = s->placement && (!strcmp(s->placement, "sibling") || !strcmp(s->placement, "both"));
	if (sibling && ((tpc && strtol(tpc, NULL, 10) < 2) || (!tpc && sib && strtol(sib, NULL, 10) < 1)))
		add(t, " Topology suspect: placement %s but %s=%s.", s->placement, tpc ? "smt_threads_per_core" : "smt_siblings",
		    tpc ? tpc : sib);
	if (*no_interval) {
		const char *iv_meta = meta(r, "intervals");
		add(t, " No interval for %s%s%s", no_interval, *note ? ": " : "", note);
		if (iv_meta && !strncmp(iv_meta, "no", 2))
			add(t, " (intervals=%s)", iv_meta);
		add(t, "; the value stands alone.");
	}
	bool mwait = s->mode_used[IDLE_MWAIT];
	if (!mwait)
		add(t, " MWAIT-C1 was not measured%s%s.", sum->primary != ANALYSIS_NONE ? "; the primary mode here is " : "",
		    sum->primary != ANALYSIS_NONE ? s->mode_name[sum->primary] : "");
	char lost[1024];
	if (report_set_unmeasured_text(s, lost, sizeof lost))
		add(t, " Not measured though the plan asked for it: %s.", lost);
	for (size_t b = 0; b < s->boot_count; b++) {
		char carry[512];
		if (report_carryover_sentence(s, sum, b, carry, sizeof carry) == REPORT_CARRY_FOUND)
			add(t, " B%s.", carry + 1); /* "boot 1: CARRY-OVER: …" as the text report has it */
	}
	if (s->bad_rows)
		add(t, " %zu row%s had check=bad (missing samples).", s->bad_rows, s->bad_rows == 1 ? "" : "s");
	if (s->smi_rows)
		add(t, " %zu row%s left out for an SMI during the sample.", s->smi_rows, s->smi_rows == 1 ? "" : "s");
}

/* The paragraph of set index of the pool into buf, one line. */
static void paragraph(const struct report_pool *pool, const struct report_summary *const *sums,
		      const struct report_records *recs, size_t index, char *buf, size_t size)
{
	const struct report_set *s = pool->set[index];
	const struct report_summary *sum = sums[index];
	struct text t = { buf, size, 0 };
	char ni[256] = "", note[64] = "";
	struct text no_interval = { ni, sizeof ni, 0 };
	buf[0] = '\0';
	if (pool->set_count > 1) {
		add(&t, "Set %zu of %zu (%s%s", index + 1, pool->set_count, s->boot[0].path, s->boot_count > 1 ? " and " : "");
		if (s->boot_count > 1)
			add(&t, "%zu more", s->boot_count - 1);
		bool first = true;
		for (size_t j = 0; j < pool->set_count; j++) {
			if (j == index)
				continue;
			char why[1024];
			report_set_difference(s, pool->set[j], why, sizeof why);
			add(&t, "; not pooled with set %zu%s: %s", j + 1, first ? " because" : "", why);
			first = false;
		}
		add(&t, "): ");
	}
	/* every failed control first, the pool's and each boot's own: a boot that
	 * failed marks the set as it marked that boot */
	if (sum->have_baseline) {
		char f[1024];
		for (size_t i = 0; report_control_failure(s, sum, i, f, sizeof f); i++)
			add(&t, "UNTRUSTWORTHY: %s, so these intervals do not hold%s. ", f,
			    strstr(f, " failed its own ") ? " (leave that boot's file out to report the others)" : "");
		/* a boot's own recorded failure that holds at the per-boot level */
		for (size_t i = 0; report_control_held(s, sum, i, f, sizeof f); i++)
			add(&t, "Note: %s. ", f);
	}
	system_words(&t, s, recs);
	add(&t, ", ");
	char mw[128];
	if (!sum->have_baseline) {
		add(&t, "no slowdown can be stated: HLT, the baseline, was not measured.");
	} else if (sum->primary == ANALYSIS_NONE) {
		add(&t, "no slowdown can be stated: the primary mode %s was not measured.", s->primary_mode);
	} else {
		result_words(&t, s, sum, recs, &no_interval, note, sizeof note, parked_words(s->placement ? s->placement : ""),
			     mode_words(s->mode_name[sum->primary], recs, mw, sizeof mw));
		counts_words(&t, s, sum, recs);
		add(&t, ".");
	}
	caveat_words(&t, s, sum, recs, ni, note);
}

bool report_commit_print(FILE *out, const struct report_pool *pool, const struct report_summary *const *sums,
			 char *err, size_t err_size)
{
	/* room for every set's reasons (report_set_difference, 1 KiB each) and caveats */
	static char para[65536];
	for (size_t i = 0; i < pool->set_count; i++) {
		struct report_records recs;
		if (!report_records_load(pool->set[i], &recs, err, err_size))
			return false;
		paragraph(pool, sums, &recs, i, para, sizeof para);
		report_records_free(&recs);
		if (i)
			fputc('\n', out);
		report_wrap(out, "", para, REPORT_COMMIT_WIDTH, true);
	}
	return true;
}
