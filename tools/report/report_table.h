/* The text of `idlebench report`: a first line with the files, the sets and
 * the sign convention; then one block per comparable set: its identity,
 * every failed control (the pool's and each boot's own), the primary result
 * (read in words that follow its interval) and the controls, then the plan,
 * machine and boots and why other sets were not pooled, the per-workload
 * table (Holm-adjusted), the class geomeans, the planning figures and the
 * carry-over check; the seed's figures once, at the end. By default no line
 * is wider than REPORT_TEXT_WIDTH (files by basename, prose wrapped, the
 * per-workload table's sibling-side columns left to --wide). Numbers go
 * through fmt_fixed (lib/fmt.h), the kernel's own rounding, so they read
 * like its records. */
#ifndef IDLEBENCH_TOOLS_REPORT_TABLE_H
#define IDLEBENCH_TOOLS_REPORT_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "tools/report/report_pool.h"
#include "tools/report/report_summary.h"


/* The report's first line: how many files and sets, and the sign
 * convention ("slowdown: positive = slower than hlt"), said once. */
void report_table_print_head(FILE *out, const struct report_pool *pool);
/* Print set index (0-based) of the pool with its summary; wide: full paths,
 * every column, no wrapping (default: REPORT_TEXT_WIDTH columns). */
void report_table_print(FILE *out, const struct report_pool *pool, const struct report_summary *const *sums,
			size_t index, bool wide);
/* After the last set: the seed's figures, once per report (when any set
 * has a primary result to set beside them). */
void report_table_print_tail(FILE *out, const struct report_pool *pool, const struct report_summary *const *sums,
			     bool wide);

#endif
