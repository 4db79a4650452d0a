/* The text of `idlebench report`: one block per comparable set: a warning
 * first when a control failed, the identity, the boots and why other sets
 * were not pooled, the primary result beside the seed's figures, the
 * controls, the per-workload table (Holm-adjusted), the class geomeans, the
 * planning figures and the carry-over check. Numbers go through fmt_fixed
 * (lib/fmt.h), the kernel's own rounding, so they read like its records. */
#ifndef IDLEBENCH_TOOLS_REPORT_TABLE_H
#define IDLEBENCH_TOOLS_REPORT_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "tools/report/report_pool.h"
#include "tools/report/report_summary.h"


/* Print set index (0-based) of the pool with its summary. */
void report_table_print(FILE *out, const struct report_pool *pool, const struct report_summary *const *sums,
			size_t index);

#endif
