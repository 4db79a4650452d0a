/* The numbers and sentences `idlebench report` (text and HTML) and
 * `idlebench compare` print alike: one formatter per kind of cell, so the
 * table, the page and compare never disagree on how a value reads. */
#ifndef IDLEBENCH_TOOLS_REPORT_FORMAT_H
#define IDLEBENCH_TOOLS_REPORT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "stats/inference.h"
#include "tools/report/report_pool.h"
#include "tools/report/report_summary.h"

/* The mark of a cell without a number. */
#define REPORT_NO_NUMBER "-"

/* v with decimals (fmt_fixed, as the kernel's records), or REPORT_NO_NUMBER
 * where there is no number: NaN, an infinity, a magnitude fmt_fixed cannot
 * print (never 0, never an empty cell). Returns buf or the mark. */
const char *report_num(char *buf, size_t size, double v, int decimals);
/* "[lo, hi]" of an estimate with an interval, else REPORT_NO_NUMBER. */
const char *report_interval(char *buf, size_t size, const struct stats_slowdown *s);

/* Boot b's mode-switch check as one sentence; true when its interval
 * excludes 0. */
bool report_mode_switch_sentence(const struct report_summary *sum, size_t b, char *buf, size_t size);
/* How a carry-over sentence qualifies the set (the page's flag colours). */
enum report_carry_level { REPORT_CARRY_NOT_CHECKED, REPORT_CARRY_NONE, REPORT_CARRY_FOUND };
/* Boot b's carry-over check as one sentence ("boot 2: CARRY-OVER: a sample
 * right after spin runs …", "boot 1: none detected (largest: …)" or why it
 * was not checked), the same for the text table and the page. */
enum report_carry_level report_carryover_sentence(const struct report_set *s, const struct report_summary *sum,
						  size_t b, char *buf, size_t size);

/* The sign convention, said once per report and page. */
#define REPORT_SIGN_CONVENTION "slowdown: positive = slower than hlt"
/* The width the text report keeps to by default (--wide: no limit). */
#define REPORT_TEXT_WIDTH 100

/* The seed's figures as one paragraph, printed once per report and page. */
void report_seed_figures(char *buf, size_t size);
/* Beside a set's primary result: whether its number answers the seed's
 * question and is comparable with its figures (another primary mode, a
 * hypervisor), the same for the text table and the page: beside an
 * emulator's number they would read as comparable. */
void report_seed_clause(const struct report_set *s, const struct report_summary *sum, char *buf, size_t size);

/* What an estimate of mode against hlt says, in words that follow its
 * interval: "<mode> slower than hlt" or "<mode> faster than hlt" only where
 * the 95 % interval excludes 0; "no difference detected (the interval spans
 * 0)" where it does not; "no interval (n/a: …)", no direction, where
 * there is none; "no estimate" without data. Returns buf. */
const char *report_reading(char *buf, size_t size, const struct stats_slowdown *e, const char *mode);
/* Whether e has an interval that excludes 0 (a direction may be stated). */
bool report_has_direction(const struct stats_slowdown *e);

/* The core state a `c2_kind` says the port read requests ("CC6", "CC1"),
 * NULL for the other kinds: the core reaches it only when all its threads
 * idle (platform/acpi/acpi_c2.c), so it is a request, not a state entered. */
const char *report_c2_request(const char *c2_kind);
/* The mode as the report names it: "ioport (C2 requests CC6)", "ioport (C2
 * requests CC1)", "ioport (C2 untrapped)", "ioport (C2 unknown)" from the
 * boots' `c2_kind` (platform/acpi/acpi_c2.c; NULL or "" for streams without
 * it: the mode's name alone); every other mode is its name. */
const char *report_mode_label(char *buf, size_t size, const char *mode, const char *c2_kind);

/* text as lines of at most width columns after indent, words never split;
 * keep_percent: a " %" stays on the line of the number before it (the
 * commit paragraph). The text table and the commit paragraph share it. */
void report_wrap(FILE *out, const char *indent, const char *text, size_t width, bool keep_percent);
/* The same with the first line after first and the others after indent. */
void report_wrap_hanging(FILE *out, const char *first, const char *indent, const char *text, size_t width,
			 bool keep_percent);

#endif
