/* The kernel's command-line options: one table, whose rows are named by
 * enum option_id so no code looks an option up by a string. kernel_run
 * parses the line against it (core/options/options.c) and resolves the values
 * once into a typed struct run_config (kernel/run_config.c). */
#ifndef IDLEBENCH_KERNEL_OPTION_TABLE_H
#define IDLEBENCH_KERNEL_OPTION_TABLE_H

#include "core/options/options.h"

/* The rows of the table, in the order `help` lists them. */
enum option_id {
	OPTION_HELP,
	OPTION_CONSOLE,
	OPTION_EXIT,
	OPTION_RUN,
	OPTION_C2PORT,
	OPTION_C2_UNTRAPPED,
	OPTION_MODES,
	OPTION_PLACEMENT,
	OPTION_OTHERS,
	OPTION_X2APIC,
	OPTION_MWAIT_HINT,
	OPTION_WORKLOADS,
	OPTION_PRESET,
	OPTION_REPS,
	OPTION_WARMUP,
	OPTION_SAMPLE_MS,
	OPTION_ORDER,
	OPTION_SEED,
	OPTION_SETTLE_US,
	OPTION_PRECISION,
	OPTION_BUDGET_S,
	OPTION_LABEL,
	OPTION_SELFTEST,
	OPTION_COUNT,
};

/* The table (kernel_options.defs[OPTION_x] is option x). */
extern const struct option_table kernel_options;

struct stream;
/* The `help` listing: every row with its values, default and help line. */
void option_table_print(struct stream *s);
/* A command line that did not parse: the reason, the listing, and the
 * `#! error code=CMDLINE_…` record. */
void option_table_report_error(struct stream *s, const struct options *o);

#endif
