/* `idlebench report --html OUT.html`: the report as one self-contained page
 * (inline CSS and SVG, no script, no network: a Content-Security-Policy
 * forbids fetching anything), readable offline and attachable to a mail. The
 * same analysis as the text table (tools/report/report_summary.h), one section per
 * comparable set, side by side where the window is wide: the primary result
 * first beside the seed's figures, the controls and flags next to the numbers
 * they affect, slowdown per workload and mode with interval whiskers, the
 * samples in measurement order, wake latency, mechanism probes, the machine's
 * metadata. Every string from a stream is escaped. */
#ifndef IDLEBENCH_TOOLS_REPORT_HTML_H
#define IDLEBENCH_TOOLS_REPORT_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "tools/report/report_pool.h"
#include "tools/report/report_records.h"
#include "tools/report/report_summary.h"

/* Write the page of the pool's sets (set i with sums[i] and recs[i]) to out. */
void report_html_render(FILE *out, const struct report_pool *pool, const struct report_summary *const *sums,
			const struct report_records *const *recs);
/* Read each set's records (tools/report/report_records.h) and write the page to
 * path; false with err set (the file named, why) when a file no longer reads
 * or path cannot be written. */
bool report_html_write(const char *path, const struct report_pool *pool, const struct report_summary *const *sums,
		       char *err, size_t err_size);

#endif
