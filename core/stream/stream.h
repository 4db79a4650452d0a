/* The result stream writer: the only producer of machine-readable output.
 * Format contract: docs/stream-format.md. Every byte goes to one sink (the
 * consoles in the kernel, a buffer in tests) and into the running CRC-32. */
#ifndef IDLEBENCH_KERNEL_STREAM_STREAM_H
#define IDLEBENCH_KERNEL_STREAM_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where stream bytes go. */
typedef void (*stream_sink_fn)(void *ctx, const char *bytes, size_t len);
/* Mutual exclusion between CPUs writing one stream; must allow the same CPU
 * to take it again (see stream_set_lock). */
typedef void (*stream_lock_fn)(void *ctx);

/* Writer state; treat as opaque. */
struct stream {
	stream_sink_fn sink;
	void *ctx;
	stream_lock_fn lock, unlock;
	void *lock_ctx;
	uint32_t crc;
	uint64_t rows;
	bool begun;
	bool table_started;
	bool ended;
	bool at_line_start;
};

/* Set up a writer that sends bytes to sink(ctx, …). Writes nothing yet. */
void stream_init(struct stream *s, stream_sink_fn sink, void *ctx);
/* Serialize writers on several CPUs: every call below that writes takes
 * lock(lock_ctx) around its line(s), so lines never interleave and the CRC
 * follows the bytes in the order the sink got them. Without it (host tools,
 * tests) there is no locking. */
void stream_set_lock(struct stream *s, stream_lock_fn lock, stream_lock_fn unlock, void *lock_ctx);
/* Keep the lines written between hold and release together (a fault report);
 * nests; no-ops without a lock. */
void stream_hold(struct stream *s);
void stream_release(struct stream *s);
/* First line: `#! idlebench <version> schema=N`. */
void stream_begin(struct stream *s, const char *version);
/* `#= key=value`; key must match [a-z0-9_.]+ (else the line is not written and
 * false is returned); control characters in value become spaces. */
bool stream_meta(struct stream *s, const char *key, const char *value);
/* stream_meta with a printf-style value. */
bool stream_metaf(struct stream *s, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Human-readable `#  text` line(s); a '\n' in the text starts a new `#  ` line. */
void stream_text(struct stream *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Machine record `#! <type> <fields>`; fields are `key=value` pairs built by the caller
 * (quote values with spaces via stream_quote). */
void stream_record(struct stream *s, const char *type, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* `#! error code=<code> msg="<msg>"` (a warning when the run goes on; the end
 * record says whether the run as a whole failed). */
void stream_error(struct stream *s, const char *code, const char *msg);
/* The data table's header line (once; rows call it implicitly). */
void stream_table_header(struct stream *s);
/* One data row (without newline); counted in the end record. */
void stream_row(struct stream *s, const char *csv_fields);
/* Last line `#! end rows=N status=ok|error crc32=…`; later writes are ignored. */
void stream_end(struct stream *s, bool ok);
/* Copy value into out as a double-quoted string: `"` becomes `'`, control
 * characters become spaces, truncated to fit. Returns out. */
char *stream_quote(char *out, size_t size, const char *value);
/* True once the first line has been written. */
bool stream_has_begun(const struct stream *s);
/* True once the end record has been written. */
bool stream_has_ended(const struct stream *s);

#endif
