/* The inline SVG charts of the HTML report (tools/report/report_html.h): no script,
 * no external file, every name from the stream escaped. */
#ifndef IDLEBENCH_TOOLS_REPORT_HTML_CHARTS_H
#define IDLEBENCH_TOOLS_REPORT_HTML_CHARTS_H

#include <stddef.h>
#include <stdio.h>

#include "tools/report/report_pool.h"
#include "tools/report/report_summary.h"

/* The colour a mode slot is drawn in, everywhere on the page (CSS colour). */
const char *report_html_mode_color(size_t mode_slot);
/* Slowdown vs hlt per class geomean and per workload, one row per mode: a dot
 * at the estimate, whiskers over its 95 % interval (a hollow dot without one). */
void report_html_chart_slowdown(FILE *out, const struct report_set *s, const struct report_summary *sum);
/* Boot b's samples in measurement order: each sample's cycles per iteration
 * relative to its workload's median in hlt over the set (or in the first mode
 * measured, without hlt), in %, coloured by mode: drift and carry-over show. */
void report_html_chart_samples(FILE *out, const struct report_set *s, const struct report_summary *sum, size_t b);

#endif
