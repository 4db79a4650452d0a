/* One sample as a row of the data table: a field per column of
 * STREAM_COLUMNS (core/stream/schema.h), typed by the column's kind, and
 * the one writer of the row's text, for the kernel's experiment and for
 * `idlebench bench` alike. A field that is zero-initialised is an empty
 * cell where the column can be empty (u64_opt, fixed_opt, text). */
#ifndef IDLEBENCH_KERNEL_STREAM_SAMPLE_ROW_H
#define IDLEBENCH_KERNEL_STREAM_SAMPLE_ROW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/stream/schema.h"
#include "core/stream/stream.h"

/* The C type of each column kind (see STREAM_COLUMNS). */
typedef uint64_t sample_cell_u64;
typedef struct {
	uint64_t value;
	bool known; /* false: not measured, the cell is empty */
} sample_cell_u64_opt;
typedef double sample_cell_fixed;
typedef struct {
	double value;
	bool known; /* false: not measured, the cell is empty */
} sample_cell_fixed_opt;
typedef const char *sample_cell_text;
typedef bool sample_cell_ok_bad;

/* One data row: field `name` holds column `name`. */
struct sample_row {
#define SAMPLE_ROW_FIELD_(name, kind, decimals) sample_cell_##kind name;
	STREAM_COLUMNS(SAMPLE_ROW_FIELD_)
#undef SAMPLE_ROW_FIELD_
};

/* Room for a row's text and its NUL: every number at its widest (the five
 * PMU counts of schema 3 included, 21 characters each, and the core energy)
 * and `yes` for energy_reliable leave 58 characters for the four names;
 * schema 4 adds five commas, three counts of 20 digits, an exit_status of
 * at most 17 characters ("status-2147483648") and a score of at most 40
 * (LINUX_SCORE_TEXT_MAX, tools/linux/linux_command.h): 122 more. */
#define SAMPLE_ROW_TEXT_MAX 572

/* The timed quantity of a command's score (`idlebench linux --metric=`), as
 * the summary and report read it from cycles_per_iter: SAMPLE_SCORE_SCALE ×
 * score, or SAMPLE_SCORE_SCALE / score when higher is better, so that the
 * ratios between modes, and with them every slowdown and interval, are the
 * score's own (lower is better, as for cycles); the scale only keeps the
 * two decimals of the cycles_per_iter cell meaningful for rates. A score
 * <= 0 (or NaN) has none: 0, a ratio needs a positive number. */
#define SAMPLE_SCORE_SCALE 1e9
double sample_score_cost(double score, bool higher_is_better);

/* Write column col of r as its cell's text into buf, like fmt_snprintf
 * (NUL-terminated when size > 0; returns the full length, 0 for an empty
 * cell; buf may be NULL when size is 0). */
int sample_row_cell(const struct sample_row *r, enum stream_column col, char *buf, size_t size);

/* Write r's cells in column order, separated by commas (no newline), into
 * buf like fmt_snprintf. */
int sample_row_format(const struct sample_row *r, char *buf, size_t size);

/* Append r to the stream's data table (stream_row of its text). */
void sample_row_write(struct stream *s, const struct sample_row *r);

#endif
