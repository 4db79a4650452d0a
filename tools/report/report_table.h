/* The text of `idlebench report`: one block per comparable set: a warning
 * first when a control failed, the identity, the boots and why other sets
 * were not pooled, the primary result beside the seed's figures, the
 * controls, the per-workload table (Holm-adjusted), the class geomeans, the
 * planning figures and the carry-over check. Numbers go through fmt_fixed
 * (lib/fmt.h), the kernel's own rounding, so they read like its records. */
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
