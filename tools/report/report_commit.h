/* `idlebench report --format=commit`: per comparable set one plain-text
 * paragraph to paste into a patch's changelog, in the style of the seed's
 * ("On a <CPU> system (<SMT> threads/core, <driver>, kernel <version>),
 * <name> runs <X> % [lo, hi] faster with the SMT sibling in HLT than in
 * MWAIT-C1 (<n> samples per state over <k> boots, sibling residency
 * verified in <v>/<n>; A/A <a> %)"). "faster"/"slower" only for an interval
 * that excludes 0; one that spans 0 reads "no difference was detected",
 * one without an interval "no direction can be stated". Every failed
 * control, the pool's and each boot's own, opens the paragraph.
 *
 * Every number is one the text report prints for the same set: the primary
 * result's int and fp class geomeans (or the one workload's cell when the
 * set has a single workload, e.g. `idlebench linux -- COMMAND`), the A/A
 * control, the pool's row and exclusion counts. What the reader of a patch
 * must know to weigh it (one boot, a hypervisor, a suspect topology, a
 * failed control, no interval, a mode not measured, rows left out, sets not
 * pooled) is written into the paragraph, never left to the full report. */
#ifndef IDLEBENCH_TOOLS_REPORT_COMMIT_H
#define IDLEBENCH_TOOLS_REPORT_COMMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "tools/report/report_pool.h"
#include "tools/report/report_summary.h"

/* Columns a paragraph is wrapped to: a commit message body's. */
#define REPORT_COMMIT_WIDTH 72

/* Every set's paragraph, wrapped to REPORT_COMMIT_WIDTH, separated by an
 * empty line. False (err says which file and why) when a file no longer
 * reads as the stream the pool was made from. */
bool report_commit_print(FILE *out, const struct report_pool *pool, const struct report_summary *const *sums,
			 char *err, size_t err_size);

#endif
