/* The result stream's schema: one home for the version and the data columns.
 * The contract is documented in docs/stream-format.md; change a column's meaning
 * only together with STREAM_SCHEMA_VERSION. */
#ifndef IDLEBENCH_KERNEL_STREAM_SCHEMA_H
#define IDLEBENCH_KERNEL_STREAM_SCHEMA_H

/* Schema version written in the first line: `#! idlebench <version> schema=N`. */
#define STREAM_SCHEMA_VERSION 5

/* The data table's columns, in order: X(name, kind, decimals). One row per
 * sample. kind is the cell's type in struct sample_row and how
 * core/stream/sample_row.c writes it:
 *   u64        unsigned integer, always written
 *   u64_opt    unsigned integer, or empty when not measured
 *   fixed      double with `decimals` digits after the point (fmt_fixed)
 *   fixed_opt  the same, or empty when not measured
 *   text       string written as it is ("" or NULL: empty)
 *   ok_bad     bool written `ok` or `bad`
 * decimals is 0 where the kind has none. Units and meanings: docs/stream-format.md.
 * Schema 3 appended the PMU columns (instructions ... one_thread_active), the
 * core's RAPL energy and whether a sample's energy is reliable after `check`: new columns go at the end, so that schema 1 and 2 rows are a prefix
 * (STREAM_COLUMNS_SCHEMA_2) that readers pad with empty cells. Schema 4
 * appended what `idlebench linux -- COMMAND` measures of a command
 * (user_ns ... score; empty for a workload's row), schema 3 rows being the
 * prefix STREAM_COLUMNS_SCHEMA_3. Schema 5 adds no column: `check=bad` also
 * means that in the kernel's `busy` mode a parked CPU computed a wrong
 * checksum during the sample (its BUSY_CHECKSUM record precedes the row);
 * in schema 4 such a row said `ok`, and readers take it as bad. */
#define STREAM_COLUMNS(X)                  \
	X(seq,             u64,       0)   \
	X(workload,        text,      0)   \
	X(class,           text,      0)   \
	X(mode,            text,      0)   \
	X(placement,       text,      0)   \
	X(rep,             u64,       0)   \
	X(iterations,      u64,       0)   \
	X(tsc_cycles,      u64,       0)   \
	X(ns,              u64,       0)   \
	X(cycles_per_iter, fixed,     2)   \
	X(aperf,           u64_opt,   0)   \
	X(mperf,           u64_opt,   0)   \
	X(eff_mhz,         fixed_opt, 0)   \
	X(sib_c0_pct,      fixed_opt, 1)   \
	X(sib_wakeups,     u64_opt,   0)   \
	X(energy_uj,       fixed_opt, 0)   \
	X(check,           ok_bad,    0)   \
	X(instructions,    u64_opt,   0)   \
	X(unhalted_cycles, u64_opt,   0)   \
	X(smis,            u64_opt,   0)   \
	X(stall_cycles,    u64_opt,   0)   \
	X(one_thread_active, u64_opt, 0)   \
	X(core_energy_uj,  fixed_opt, 0)   \
	X(energy_reliable, text,      0)   \
	X(user_ns,         u64_opt,   0)   \
	X(sys_ns,          u64_opt,   0)   \
	X(ctx_switches,    u64_opt,   0)   \
	X(exit_status,     text,      0)   \
	X(score,           text,      0)

/* A column's position in a row (STREAM_COLUMN_seq is 0); STREAM_COLUMN_COUNT
 * is the number of columns. */
enum stream_column {
#define STREAM_COLUMN_POSITION_(name, kind, decimals) STREAM_COLUMN_##name,
	STREAM_COLUMNS(STREAM_COLUMN_POSITION_)
#undef STREAM_COLUMN_POSITION_
	STREAM_COLUMN_COUNT
};

/* How many leading columns schemas 1 and 2 have (everything up to `check`). */
#define STREAM_COLUMNS_SCHEMA_2 (STREAM_COLUMN_check + 1)
/* How many leading columns schema 3 has (everything up to `energy_reliable`). */
#define STREAM_COLUMNS_SCHEMA_3 (STREAM_COLUMN_energy_reliable + 1)

/* The header line without its newline: the column names joined by commas.
 * Each column contributes "," and its name, and the line starts after the
 * first comma, so it is a pointer into a literal: use strlen, not sizeof. */
#define STREAM_HEADER_CELL_(name, kind, decimals) "," #name
#define STREAM_HEADER_LINE (&STREAM_COLUMNS(STREAM_HEADER_CELL_)[1])

#endif
