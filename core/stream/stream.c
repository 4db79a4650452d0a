/* Result stream writer. Lines are built in a bounded buffer and emitted whole,
 * so a fault in the middle of a line cannot leave the CRC and the sink apart.
 * Each public call that writes holds the stream's lock (when one is set) from
 * its check of the state to its last byte. */
#include <stdarg.h>

#include "lib/crc32.h"
#include "lib/fmt.h"
#include "lib/mem.h"
#include "core/stream/schema.h"
#include "core/stream/stream.h"

#define STREAM_LINE_MAX 1024

static void emit(struct stream *s, const char *bytes, size_t len)
{
	if (!len)
		return;
	s->crc = crc32_update(s->crc, bytes, len);
	s->sink(s->ctx, bytes, len);
	s->at_line_start = bytes[len - 1] == '\n';
}

static bool writable(const struct stream *s)
{
	return s->begun && !s->ended;
}

/* Emit prefix + text + '\n', with control characters in text replaced. */
static void emit_line(struct stream *s, const char *prefix, const char *text)
{
	char line[STREAM_LINE_MAX];
	size_t n = 0, plen = strlen(prefix);

	if (!s->at_line_start)
		emit(s, "\n", 1);
	memcpy(line, prefix, plen);
	n = plen;
	for (; *text && n < sizeof line - 1; text++)
		line[n++] = ((unsigned char)*text < 0x20 || *text == 0x7f) ? ' ' : *text;
	line[n++] = '\n';
	emit(s, line, n);
}

void stream_init(struct stream *s, stream_sink_fn sink, void *ctx)
{
	memset(s, 0, sizeof *s);
	s->sink = sink;
	s->ctx = ctx;
	s->at_line_start = true;
}

void stream_set_lock(struct stream *s, stream_lock_fn lock, stream_lock_fn unlock, void *lock_ctx)
{
	s->lock = lock;
	s->unlock = unlock;
	s->lock_ctx = lock_ctx;
}

void stream_hold(struct stream *s)
{
	if (s->lock)
		s->lock(s->lock_ctx);
}

void stream_release(struct stream *s)
{
	if (s->unlock)
		s->unlock(s->lock_ctx);
}

void stream_begin(struct stream *s, const char *version)
{
	char line[128];

	fmt_snprintf(line, sizeof line, "idlebench %s schema=%d", version, STREAM_SCHEMA_VERSION);
	stream_hold(s);
	if (!s->begun) {
		s->begun = true;
		emit_line(s, "#! ", line);
	}
	stream_release(s);
}

static bool key_is_valid(const char *key)
{
	if (!*key)
		return false;
	for (; *key; key++)
		if (!((*key >= 'a' && *key <= 'z') || (*key >= '0' && *key <= '9') || *key == '_' || *key == '.'))
			return false;
	return true;
}

bool stream_meta(struct stream *s, const char *key, const char *value)
{
	char line[STREAM_LINE_MAX];

	if (!key_is_valid(key))
		return false;
	fmt_snprintf(line, sizeof line, "%s=%s", key, value);
	stream_hold(s);
	bool ok = writable(s);
	if (ok)
		emit_line(s, "#= ", line);
	stream_release(s);
	return ok;
}

bool stream_metaf(struct stream *s, const char *key, const char *fmt, ...)
{
	char value[STREAM_LINE_MAX];
	va_list ap;

	va_start(ap, fmt);
	fmt_vsnprintf(value, sizeof value, fmt, ap);
	va_end(ap);
	return stream_meta(s, key, value);
}

void stream_text(struct stream *s, const char *fmt, ...)
{
	char text[STREAM_LINE_MAX * 4];
	va_list ap;

	va_start(ap, fmt);
	fmt_vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	stream_hold(s);
	char *line = text;
	while (writable(s)) {
		char *nl = line;
		while (*nl && *nl != '\n')
			nl++;
		bool last = !*nl;
		*nl = '\0';
		emit_line(s, "#  ", line);
		if (last || !nl[1])
			break;
		line = nl + 1;
	}
	stream_release(s);
}

void stream_record(struct stream *s, const char *type, const char *fmt, ...)
{
	char line[STREAM_LINE_MAX];
	va_list ap;
	int n;

	n = fmt_snprintf(line, sizeof line, "%s ", type);
	if (n < 0 || (size_t)n >= sizeof line)
		return;
	va_start(ap, fmt);
	fmt_vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
	va_end(ap);
	stream_hold(s);
	if (writable(s))
		emit_line(s, "#! ", line);
	stream_release(s);
}

char *stream_quote(char *out, size_t size, const char *value)
{
	size_t n = 0;

	if (size < 3) {
		if (size)
			out[0] = '\0';
		return out;
	}
	out[n++] = '"';
	for (; *value && n < size - 2; value++) {
		char c = *value;
		if (c == '"')
			c = '\'';
		else if ((unsigned char)c < 0x20 || c == 0x7f)
			c = ' ';
		out[n++] = c;
	}
	out[n++] = '"';
	out[n] = '\0';
	return out;
}

void stream_error(struct stream *s, const char *code, const char *msg)
{
	char quoted[STREAM_LINE_MAX - 64];

	stream_record(s, "error", "code=%s msg=%s", code, stream_quote(quoted, sizeof quoted, msg));
}

void stream_table_header(struct stream *s)
{
	stream_hold(s);
	if (writable(s) && !s->table_started) {
		s->table_started = true;
		emit_line(s, "", STREAM_HEADER_LINE);
	}
	stream_release(s);
}

void stream_row(struct stream *s, const char *csv_fields)
{
	stream_hold(s);
	if (writable(s)) {
		stream_table_header(s);
		emit_line(s, "", csv_fields);
		s->rows++;
	}
	stream_release(s);
}

void stream_end(struct stream *s, bool ok)
{
	char line[128];

	stream_hold(s);
	if (writable(s)) {
		if (!s->at_line_start)
			emit(s, "\n", 1);
		fmt_snprintf(line, sizeof line, "#! end rows=%llu status=%s crc32=%08x\n",
			     (unsigned long long)s->rows, ok ? "ok" : "error", (unsigned)s->crc);
		emit(s, line, strlen(line));
		s->ended = true;
	}
	stream_release(s);
}

bool stream_has_begun(const struct stream *s)
{
	return s->begun;
}

bool stream_has_ended(const struct stream *s)
{
	return s->ended;
}
