/* Host-side reader of the result stream (format: docs/stream-format.md; columns and
 * schema version: core/stream/schema.h). Incremental: feed bytes as they
 * arrive from a serial line, a pipe or a file; the reader skips everything
 * before the `#! idlebench ` header, drops `\r`, accumulates the CRC-32 over
 * the normalized lines, parses metadata, records and rows, and verifies the
 * row count and CRC when the end record arrives.
 *
 * Rules this reader enforces (decided here, documented in docs/stream-format.md):
 * - The stream starts at the first occurrence of the bytes `#! idlebench `
 *   anywhere in the input, even after other bytes on the same line (GRUB and
 *   firmware often leave escape codes or a half line before the kernel's first
 *   byte). Everything before that `#` is noise and is discarded.
 * - Inside the stream only `\r` is removed; every other byte is kept. Control
 *   bytes other than tab (e.g. ESC from a terminal) are an error, not stripped.
 * - `#= key=value`: the value is everything after the first `=` up to the end
 *   of the line, verbatim (no quoting). A key may appear only once.
 * - `#! type key=value …`: tokens separated by one or more spaces; a value is
 *   either bare (no space, no `"`) or `"…"` running to the next `"` (no escape
 *   sequences; a quoted value cannot contain `"`; the writer replaces it).
 * - Any other line starting with `#` is human text and is not interpreted.
 *   Empty lines are allowed and ignored (pandas skips them as well).
 * - The first non-comment line must be STREAM_HEADER_LINE (schemas 1 and 2:
 *   its first STREAM_COLUMNS_SCHEMA_2 names); every later one is a row with
 *   exactly that many comma-separated fields.
 * - The first error sticks; the reader keeps consuming lines up to the end
 *   record so a caller that saves the stream (capture) loses nothing. */
#ifndef IDLEBENCH_TOOLS_STREAM_READER_H
#define IDLEBENCH_TOOLS_STREAM_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Schema versions this reader reads. Schema 2 keeps schema 1's columns and
 * changes what `cycles_per_iter` means for the `spike` control; schema 3
 * appends the PMU columns, schema 4 the command's, schema 5 widens what
 * `check=bad` means (docs/stream-format.md). Rows of older schemas read with
 * the later columns empty; readers reject any other schema. */
#define STREAM_READER_SCHEMA_OLDEST 1
#define STREAM_READER_SCHEMA_NEWEST 5

/* Longest stream line accepted, without its `\n` (noise before the header has no limit). */
#define STREAM_READER_LINE_MAX 8192

/* Outcome of reading a stream; STREAM_OK only after a verified end record. */
enum stream_result {
	STREAM_OK = 0,
	STREAM_ERR_NO_HEADER,        /* no `#! idlebench ` anywhere: not a stream */
	STREAM_ERR_BAD_HEADER,       /* header line not `#! idlebench VERSION schema=N` */
	STREAM_ERR_SCHEMA,           /* schema version this reader does not know */
	STREAM_ERR_LINE_TOO_LONG,    /* a line longer than STREAM_READER_LINE_MAX */
	STREAM_ERR_CONTROL_BYTE,     /* a control byte inside a line */
	STREAM_ERR_BAD_METADATA,     /* `#=` line without a valid key=value */
	STREAM_ERR_DUPLICATE_METADATA, /* the same metadata key twice */
	STREAM_ERR_BAD_RECORD,       /* `#!` line that does not parse */
	STREAM_ERR_RESTARTED,        /* a second `#! idlebench` header: the machine rebooted */
	STREAM_ERR_BAD_DATA_HEADER,  /* first table line differs from STREAM_HEADER_LINE */
	STREAM_ERR_ROW_FIELDS,       /* a row with the wrong number of fields */
	STREAM_ERR_BAD_END,          /* end record without valid rows/status/crc32 */
	STREAM_ERR_CRC,              /* computed CRC-32 differs from the end record's */
	STREAM_ERR_ROW_COUNT,        /* counted rows differ from the end record's */
	STREAM_ERR_TRUNCATED,        /* input ended before the end record */
	STREAM_ERR_NO_MEMORY,        /* allocation failed */
};

/* One key=value pair of a metadata line or a record. */
struct stream_kv {
	char *key;
	char *value;
};

/* One `#! type key=value …` record (the end record included). */
struct stream_record {
	char *type;
	size_t line;              /* 1-based line number within the stream */
	size_t rows_before;       /* data rows read before it: the row written next is row rows_before */
	size_t pair_count;
	struct stream_kv *pairs;
};

/* Receives the normalized stream bytes (header to end line, `\r` removed) as they are read. */
typedef void (*stream_reader_sink_fn)(void *ctx, const char *bytes, size_t len);

struct stream_reader;

/* Allocate a reader; NULL when out of memory. */
struct stream_reader *stream_reader_new(void);

/* Release a reader and everything it parsed. */
void stream_reader_free(struct stream_reader *r);

/* Send the normalized stream to sink(ctx, …) as it is read; call before the first feed. */
void stream_reader_set_sink(struct stream_reader *r, stream_reader_sink_fn sink, void *ctx);

/* Consume input; returns the number of bytes used, fewer than len only once the
 * end record has been read (the bytes after it belong to someone else). */
size_t stream_reader_feed(struct stream_reader *r, const void *data, size_t len);

/* Declare the end of input; turns a missing header or end record into an error. */
void stream_reader_finish(struct stream_reader *r);

/* Read f up to the end record (or the end of input) into a new reader and
 * finish it. NULL when out of memory (then nothing is read). *read_errno is
 * 0, or the errno of a read error that cut the input short (the reader's
 * verdict is then about what arrived before it). */
struct stream_reader *stream_reader_read_file(FILE *f, int *read_errno);

/* True once the end record has been read (further input is not consumed). */
bool stream_reader_done(const struct stream_reader *r);

/* True once the `#! idlebench ` header has been seen. */
bool stream_reader_started(const struct stream_reader *r);

/* The first error so far, or STREAM_OK (final only after done or finish). */
enum stream_result stream_reader_result(const struct stream_reader *r);

/* The first error in words with its line and values; "ok" when there is none. */
const char *stream_reader_message(const struct stream_reader *r);

/* The name of a result code, e.g. "STREAM_ERR_CRC". */
const char *stream_result_name(enum stream_result code);

/* A one-phrase description of a result code, e.g. "CRC-32 mismatch". */
const char *stream_result_text(enum stream_result code);

/* Number of complete stream lines read so far (the header is line 1). */
size_t stream_reader_line_count(const struct stream_reader *r);

/* The version token of the header line, or NULL before a valid header. */
const char *stream_reader_version(const struct stream_reader *r);

/* The header's schema version (STREAM_READER_SCHEMA_OLDEST..NEWEST), or 0 before a valid header. */
unsigned stream_reader_schema(const struct stream_reader *r);

/* Number of metadata pairs, in stream order. */
size_t stream_reader_meta_count(const struct stream_reader *r);

/* The i-th metadata pair (i < stream_reader_meta_count). */
const struct stream_kv *stream_reader_meta_at(const struct stream_reader *r, size_t i);

/* The value of metadata key, or NULL when absent. */
const char *stream_reader_meta(const struct stream_reader *r, const char *key);

/* Number of records read (the end record included), in stream order. */
size_t stream_reader_record_count(const struct stream_reader *r);

/* The i-th record (i < stream_reader_record_count). */
const struct stream_record *stream_reader_record_at(const struct stream_reader *r, size_t i);

/* The value of key in a record, or NULL when absent. */
const char *stream_record_get(const struct stream_record *rec, const char *key);

/* Columns a row of the stream's schema has (schemas 1 and 2: up to `check`;
 * 3: up to `energy_reliable`; 4 and 5: all STREAM_COLUMN_COUNT); 0 before a valid header. */
size_t stream_reader_column_count(const struct stream_reader *r);

/* Number of data rows read. */
size_t stream_reader_row_count(const struct stream_reader *r);

/* The i-th row: STREAM_COLUMN_COUNT strings, "" for an absent counter and for
 * the columns the stream's schema predates. */
const char *const *stream_reader_row(const struct stream_reader *r, size_t i);

/* The end record's status ("ok" or "error"), or NULL before a valid end record. */
const char *stream_reader_end_status(const struct stream_reader *r);

#endif
