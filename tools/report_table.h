/* The text of `idlebench report`: one block per machine with its identity, the
 * files pooled, the workload × mode table and the class geometric means beside
 * the figures that motivated idlebench. Numbers go through fmt_fixed
 * (kernel/lib/fmt.h), the kernel's own rounding, so they read like its records. */
#ifndef IDLEBENCH_TOOLS_REPORT_TABLE_H
#define IDLEBENCH_TOOLS_REPORT_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "tools/report_pool.h"
#include "tools/report_summary.h"

/* The seed's figures: Hygon family 18h, SMT2, sibling in MWAIT-C1 vs HLT, slowdown in %. */
#define REPORT_SEED_UNIXBENCH "14.53"
#define REPORT_SEED_INTRATE "12.68"
#define REPORT_SEED_FPRATE "19.73"

/* Print machine number index (1-based) of count: header, table, geomeans. */
void report_table_print(FILE *out, const struct report_machine *m, const struct report_summary *s, size_t index,
			size_t count);

#endif
