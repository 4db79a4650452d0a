/* The shared cells and sentences of report and compare (tools/report/report_format.h). */
#include <math.h>
#include <string.h>

#include "stats/analysis.h"
#include "core/sibling/idle_mode.h"
#include "lib/fmt.h"
#include "tools/report/report_format.h"

const char *report_num(char *buf, size_t size, double v, int decimals)
{
	/* fmt_fixed leaves NaN, infinities and magnitudes past 9.2e18 blank: an
	 * empty cell would drop a field of the space-aligned text table for
	 * whoever splits it on blanks (awk), so every such value gets the mark
	 * the table uses for "no number". */
	if (!isfinite(v) || fmt_fixed(buf, size, v, decimals) <= 0)
		return REPORT_NO_NUMBER;
	return buf;
}

const char *report_interval(char *buf, size_t size, const struct stats_slowdown *s)
{
	char lo[32], hi[32];
	if (s->status != STATS_INTERVAL)
		return REPORT_NO_NUMBER;
	fmt_snprintf(buf, size, "[%s, %s]", report_num(lo, sizeof lo, s->lo_pct, 2), report_num(hi, sizeof hi, s->hi_pct, 2));
	return buf;
}

/* Words follow the interval: "slower than" where it lies above 0, "faster
 * than" below, NULL where it spans 0 (no direction may be stated). */
static const char *direction_words(double lo_pct, double hi_pct)
{
	return lo_pct > 0 ? "slower than" : hi_pct < 0 ? "faster than" : NULL;
}

enum report_carry_level report_carryover_sentence(const struct report_set *s, const struct report_summary *sum,
						  size_t b, char *buf, size_t size)
{
	const struct report_carryover *c = &sum->carry[b];
	char val[32], lo[32], hi[32];

	if (!c->checked) {
		fmt_snprintf(buf, size, "boot %zu: %s", b + 1, c->why);
		return REPORT_CARRY_NOT_CHECKED;
	}
	report_num(val, sizeof val, c->c.value_pct, 2);
	report_num(lo, sizeof lo, c->c.lo_pct, 2);
	report_num(hi, sizeof hi, c->c.hi_pct, 2);
	/* words follow the interval: the check picks the largest |contrast|,
	 * which may be a speed-up (lo, hi < 0) as well as a slow-down */
	const char *dir = direction_words(c->c.lo_pct, c->c.hi_pct);
	if (c->c.excludes_zero && dir) {
		fmt_snprintf(buf, size, "boot %zu: CARRY-OVER: a sample right after %s runs %s %% [%s, %s] %s after "
					"the other modes (95 %% jointly over the previous modes)",
			     b + 1, s->mode_name[c->c.prev_mode], val, lo, hi, dir);
		return REPORT_CARRY_FOUND;
	}
	fmt_snprintf(buf, size, "boot %zu: none detected (largest: after %s %s %% [%s, %s])", b + 1,
		     s->mode_name[c->c.prev_mode], val, lo, hi);
	return REPORT_CARRY_NONE;
}

bool report_mode_switch_sentence(const struct report_summary *sum, size_t b, char *buf, size_t size)
{
	const struct report_mode_switch *c = &sum->mode_switch[b];
	char val[32], lo[32], hi[32];

	if (!c->checked) {
		fmt_snprintf(buf, size, "boot %zu: mode switch %s", b + 1, c->why);
		return false;
	}
	report_num(val, sizeof val, c->m.value_pct, 2);
	report_num(lo, sizeof lo, c->m.lo_pct, 2);
	report_num(hi, sizeof hi, c->m.hi_pct, 2);
	/* words follow the interval: a direction only where it excludes 0 */
	const char *dir = direction_words(c->m.lo_pct, c->m.hi_pct);
	bool found = dir != NULL;
	fmt_snprintf(buf, size,
		     "boot %zu: %s the first sample after a mode change runs %s %% [%s, %s] %s later ones of the "
		     "same mode and workload (%zu cells; %zu samples after a change, %zu after their own mode)",
		     b + 1, found ? "MODE SWITCH:" : "mode switch: none detected:", val, lo, hi,
		     found ? dir : "against", c->m.cells, c->m.switched, c->m.continued);
	return found;
}

void report_seed_figures(char *buf, size_t size)
{
	fmt_snprintf(buf, size,
		     "The seed's figures, measured on another machine (Hygon family 18h silicon, SMT2, sibling in "
		     "MWAIT-C1 vs HLT): SPEC CPU2017 intrate " ANALYSIS_SEED_INTRATE " %%, fprate " ANALYSIS_SEED_FPRATE
		     " %%, UnixBench single-core " ANALYSIS_SEED_UNIXBENCH " %%. A set whose primary mode is mwait "
		     "answers that question for its own machine.");
}

void report_seed_clause(const struct report_set *s, const struct report_summary *sum, char *buf, size_t size)
{
	bool emulated = s->hypervisor && *s->hypervisor && strcmp(s->hypervisor, "none");
	fmt_snprintf(buf, size, "beside the seed's figures (Hygon 18h: int " ANALYSIS_SEED_INTRATE " %%, fp "
				ANALYSIS_SEED_FPRATE " %%): %s%s",
		     sum->primary == IDLE_MWAIT ? "the question this set answers for its own machine"
						: "they answer mwait vs hlt, not this set's primary mode",
		     emulated ? "; this set ran under a hypervisor, not comparable with them" : "");
}

bool report_has_direction(const struct stats_slowdown *e)
{
	return e->status == STATS_INTERVAL && (e->lo_pct > 0 || e->hi_pct < 0);
}

const char *report_reading(char *buf, size_t size, const struct stats_slowdown *e, const char *mode)
{
	char note[64];
	if (e->status == STATS_NO_DATA)
		fmt_snprintf(buf, size, "no estimate");
	else if (e->status != STATS_INTERVAL)
		fmt_snprintf(buf, size, "no interval (%s)", stats_slowdown_note(e, note, sizeof note));
	else if (report_has_direction(e))
		fmt_snprintf(buf, size, "%s %s than hlt", mode, e->lo_pct > 0 ? "slower" : "faster");
	else
		fmt_snprintf(buf, size, "no difference detected (the interval spans 0)");
	return buf;
}

const char *report_c2_request(const char *c2_kind)
{
	if (!c2_kind)
		return NULL;
	return !strcmp(c2_kind, "cc1") ? "CC1" : !strcmp(c2_kind, "cc6") ? "CC6" : NULL;
}

const char *report_mode_label(char *buf, size_t size, const char *mode, const char *c2_kind)
{
	if (strcmp(mode, "ioport") || !c2_kind || !*c2_kind)
		fmt_snprintf(buf, size, "%s", mode);
	else if (report_c2_request(c2_kind))
		fmt_snprintf(buf, size, "ioport (C2 requests %s)", report_c2_request(c2_kind));
	else
		fmt_snprintf(buf, size, "ioport (C2 %s)", c2_kind);
	return buf;
}

void report_wrap(FILE *out, const char *indent, const char *text, size_t width, bool keep_percent)
{
	report_wrap_hanging(out, indent, indent, text, width, keep_percent);
}

void report_wrap_hanging(FILE *out, const char *first, const char *indent, const char *text, size_t width,
			 bool keep_percent)
{
	size_t col = 0;
	bool started = false;
	for (const char *w = text; *w;) {
		size_t n = strcspn(w, " ");
		while (keep_percent && w[n] == ' ' && w[n + 1] == '%')
			n += 1 + strcspn(w + n + 1, " ");
		if (col && col + 1 + n > width) {
			fputc('\n', out);
			col = 0;
		}
		if (!col) {
			const char *in = started ? indent : first;
			fputs(in, out);
			col = strlen(in);
			started = true;
		} else {
			fputc(' ', out);
			col++;
		}
		fprintf(out, "%.*s", (int)n, w);
		col += n;
		w += n;
		w += strspn(w, " ");
	}
	if (col)
		fputc('\n', out);
}
