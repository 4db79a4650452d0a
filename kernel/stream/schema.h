/* The result stream's schema: one home for the version and the data columns.
 * The contract is documented in results/README.md; change a column's meaning
 * only together with STREAM_SCHEMA_VERSION. */
#ifndef IDLEBENCH_KERNEL_STREAM_SCHEMA_H
#define IDLEBENCH_KERNEL_STREAM_SCHEMA_H

/* Schema version written in the first line: `#! idlebench <version> schema=N`. */
#define STREAM_SCHEMA_VERSION 1

/* The data table's columns, in order (X-macro: X(name)). One row per sample. */
#define STREAM_COLUMNS(X) \
	X(seq) X(workload) X(class) X(mode) X(placement) X(rep) X(iterations) \
	X(tsc_cycles) X(ns) X(cycles_per_iter) X(aperf) X(mperf) X(eff_mhz) \
	X(sib_c0_pct) X(sib_wakeups) X(energy_uj) X(check)

/* The header line as one string literal (without the newline). */
#define STREAM_HEADER_LINE \
	"seq,workload,class,mode,placement,rep,iterations,tsc_cycles,ns," \
	"cycles_per_iter,aperf,mperf,eff_mhz,sib_c0_pct,sib_wakeups,energy_uj,check"

/* Number of columns in a data row. */
#define STREAM_COLUMN_COUNT 17

#endif
