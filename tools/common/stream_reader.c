/* Incremental result-stream reader: see tools/common/stream_reader.h for the rules and
 * docs/stream-format.md for the format contract. */
#include "tools/common/stream_reader.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/crc32.h"
#include "core/stream/schema.h"
#include "tools/common/grow.h"

/* The writer's schema is one this reader reads. */
_Static_assert(STREAM_SCHEMA_VERSION >= STREAM_READER_SCHEMA_OLDEST &&
		       STREAM_SCHEMA_VERSION <= STREAM_READER_SCHEMA_NEWEST,
	       "core/stream/schema.h writes a schema tools/common/stream_reader.h does not read");

/* The bytes that open a stream; '#' occurs only at its start, which lets a
 * one-counter matcher find it anywhere in noise (no KMP table needed). */
static const char header_prefix[] = "#! idlebench ";
#define HEADER_PREFIX_LEN (sizeof header_prefix - 1)

struct stream_reader {
	bool started, done, finished, overflow, have_table_header;
	size_t match;                 /* bytes of header_prefix matched so far */
	enum stream_result result;
	char message[400]; /* room for a bad data header's message naming schema 4's header */
	size_t lines;                 /* complete lines since the header */
	size_t table_lines;           /* lines after the data header */
	uint32_t crc;
	char *line;                   /* current line, STREAM_READER_LINE_MAX + 1 bytes */
	size_t line_len;
	char *version;
	unsigned schema; /* the header's schema=, 0 before a valid header */
	char end_status[8];
	stream_reader_sink_fn sink;
	void *sink_ctx;

	struct stream_kv *meta;
	size_t meta_count, meta_cap;
	struct stream_record *records;
	size_t record_count, record_cap;
	char ***rows;                 /* each row: STREAM_COLUMN_COUNT pointers, then the text */
	size_t row_count, row_cap;
};

static const struct {
	const char *name;
	const char *text;
} result_info[] = {
	[STREAM_OK] = { "STREAM_OK", "ok" },
	[STREAM_ERR_NO_HEADER] = { "STREAM_ERR_NO_HEADER", "not an idlebench stream" },
	[STREAM_ERR_BAD_HEADER] = { "STREAM_ERR_BAD_HEADER", "bad stream header line" },
	[STREAM_ERR_SCHEMA] = { "STREAM_ERR_SCHEMA", "unknown schema version" },
	[STREAM_ERR_LINE_TOO_LONG] = { "STREAM_ERR_LINE_TOO_LONG", "line too long" },
	[STREAM_ERR_CONTROL_BYTE] = { "STREAM_ERR_CONTROL_BYTE", "control byte inside a line" },
	[STREAM_ERR_BAD_METADATA] = { "STREAM_ERR_BAD_METADATA", "bad metadata line" },
	[STREAM_ERR_DUPLICATE_METADATA] = { "STREAM_ERR_DUPLICATE_METADATA", "duplicate metadata key" },
	[STREAM_ERR_BAD_RECORD] = { "STREAM_ERR_BAD_RECORD", "bad record line" },
	[STREAM_ERR_RESTARTED] = { "STREAM_ERR_RESTARTED", "stream restarted" },
	[STREAM_ERR_BAD_DATA_HEADER] = { "STREAM_ERR_BAD_DATA_HEADER", "bad data header line" },
	[STREAM_ERR_ROW_FIELDS] = { "STREAM_ERR_ROW_FIELDS", "row with wrong field count" },
	[STREAM_ERR_BAD_END] = { "STREAM_ERR_BAD_END", "bad end record" },
	[STREAM_ERR_CRC] = { "STREAM_ERR_CRC", "CRC-32 mismatch" },
	[STREAM_ERR_ROW_COUNT] = { "STREAM_ERR_ROW_COUNT", "row count mismatch" },
	[STREAM_ERR_TRUNCATED] = { "STREAM_ERR_TRUNCATED", "truncated" },
	[STREAM_ERR_NO_MEMORY] = { "STREAM_ERR_NO_MEMORY", "out of memory" },
};

const char *stream_result_name(enum stream_result code)
{
	if ((size_t)code >= sizeof result_info / sizeof result_info[0])
		return "STREAM_ERR_UNKNOWN";
	return result_info[code].name;
}

const char *stream_result_text(enum stream_result code)
{
	if ((size_t)code >= sizeof result_info / sizeof result_info[0])
		return "unknown error";
	return result_info[code].text;
}

/* Record the first error only: later ones are usually its consequences. */
__attribute__((format(printf, 3, 4)))
static void fail(struct stream_reader *r, enum stream_result code, const char *fmt, ...)
{
	if (r->result != STREAM_OK)
		return;
	r->result = code;
	int n = snprintf(r->message, sizeof r->message, "%s: ", stream_result_text(code));
	if (n < 0 || (size_t)n >= sizeof r->message)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->message + n, sizeof r->message - (size_t)n, fmt, ap);
	va_end(ap);
}

/* Grow *array (of elem bytes each) so it holds at least count + 1 elements
 * (tools/common/grow.h, from 16). */
static bool room_for_one_more(void **array, size_t *cap, size_t count, size_t elem)
{
	void *p = grow(*array, cap, count + 1, elem, 16);
	if (!p)
		return false;
	*array = p;
	return true;
}

static char *dup_range(const char *s, size_t len)
{
	char *p = malloc(len + 1);
	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

struct stream_reader *stream_reader_new(void)
{
	struct stream_reader *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->line = malloc(STREAM_READER_LINE_MAX + 1);
	if (!r->line) {
		free(r);
		return NULL;
	}
	strcpy(r->message, "ok");
	return r;
}

void stream_reader_free(struct stream_reader *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->meta_count; i++) {
		free(r->meta[i].key);
		free(r->meta[i].value);
	}
	for (size_t i = 0; i < r->record_count; i++) {
		for (size_t j = 0; j < r->records[i].pair_count; j++) {
			free(r->records[i].pairs[j].key);
			free(r->records[i].pairs[j].value);
		}
		free(r->records[i].pairs);
		free(r->records[i].type);
	}
	for (size_t i = 0; i < r->row_count; i++)
		free(r->rows[i]);
	free(r->meta);
	free(r->records);
	free(r->rows);
	free(r->version);
	free(r->line);
	free(r);
}

void stream_reader_set_sink(struct stream_reader *r, stream_reader_sink_fn sink, void *ctx)
{
	r->sink = sink;
	r->sink_ctx = ctx;
}

static bool is_key_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

static bool is_valid_key(const char *s, size_t len)
{
	if (len == 0)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!is_key_char(s[i]))
			return false;
	return true;
}

/* `#! idlebench VERSION schema=N`, exactly three space-separated tokens. */
static void parse_header(struct stream_reader *r, const char *s, size_t len)
{
	const char *v = s + HEADER_PREFIX_LEN, *end = s + len;
	const char *sp = memchr(v, ' ', (size_t)(end - v));
	if (!sp || sp == v) {
		fail(r, STREAM_ERR_BAD_HEADER, "line 1: expected `#! idlebench VERSION schema=N`");
		return;
	}
	const char *sc = sp + 1;
	static const char schema_key[] = "schema=";
	size_t digits = 0;
	if ((size_t)(end - sc) > sizeof schema_key - 1 && !memcmp(sc, schema_key, sizeof schema_key - 1))
		for (const char *d = sc + sizeof schema_key - 1; d < end && *d >= '0' && *d <= '9'; d++)
			digits++;
	if (digits == 0 || digits > 9 || sc + sizeof schema_key - 1 + digits != end) {
		fail(r, STREAM_ERR_BAD_HEADER, "line 1: expected `#! idlebench VERSION schema=N`");
		return;
	}
	long schema = 0;
	for (const char *d = sc + sizeof schema_key - 1; d < end; d++)
		schema = schema * 10 + (*d - '0');
	r->version = dup_range(v, (size_t)(sp - v));
	if (!r->version)
		fail(r, STREAM_ERR_NO_MEMORY, "line 1");
	if (schema < STREAM_READER_SCHEMA_OLDEST || schema > STREAM_READER_SCHEMA_NEWEST)
		fail(r, STREAM_ERR_SCHEMA, "line 1: schema=%ld, this reader knows schema=%d to %d", schema,
		     STREAM_READER_SCHEMA_OLDEST, STREAM_READER_SCHEMA_NEWEST);
	else
		r->schema = (unsigned)schema;
}

/* `#= key=value`: value verbatim to the end of the line. */
static void parse_meta(struct stream_reader *r, const char *s, size_t len)
{
	const char *k = s + 2, *end = s + len;
	while (k < end && *k == ' ')
		k++;
	const char *eq = memchr(k, '=', (size_t)(end - k));
	if (!eq || !is_valid_key(k, (size_t)(eq - k))) {
		fail(r, STREAM_ERR_BAD_METADATA, "line %zu: expected `#= key=value` with key [a-z0-9_.]+",
		     r->lines);
		return;
	}
	size_t klen = (size_t)(eq - k);
	for (size_t i = 0; i < r->meta_count; i++)
		if (strlen(r->meta[i].key) == klen && !memcmp(r->meta[i].key, k, klen)) {
			fail(r, STREAM_ERR_DUPLICATE_METADATA, "line %zu: key %s appears twice",
			     r->lines, r->meta[i].key);
			return;
		}
	if (!room_for_one_more((void **)&r->meta, &r->meta_cap, r->meta_count, sizeof *r->meta)) {
		fail(r, STREAM_ERR_NO_MEMORY, "line %zu", r->lines);
		return;
	}
	struct stream_kv kv = { dup_range(k, klen), dup_range(eq + 1, (size_t)(end - eq - 1)) };
	if (!kv.key || !kv.value) {
		free(kv.key);
		free(kv.value);
		fail(r, STREAM_ERR_NO_MEMORY, "line %zu", r->lines);
		return;
	}
	r->meta[r->meta_count++] = kv;
}

static void free_record(struct stream_record *rec)
{
	for (size_t j = 0; j < rec->pair_count; j++) {
		free(rec->pairs[j].key);
		free(rec->pairs[j].value);
	}
	free(rec->pairs);
	free(rec->type);
}

/* Parse the key=value tokens of a record after its type; false on a syntax error
 * (reported) or when out of memory (reported). */
static bool parse_pairs(struct stream_reader *r, enum stream_result code, struct stream_record *rec,
			const char *p, const char *end)
{
	size_t cap = 0;
	for (;;) {
		while (p < end && *p == ' ')
			p++;
		if (p == end)
			return true;
		const char *k = p;
		while (p < end && is_key_char(*p))
			p++;
		if (p == k || p == end || *p != '=') {
			fail(r, code, "line %zu column %zu: expected key=value",
			     r->lines, (size_t)(k - r->line) + 1);
			return false;
		}
		const char *kend = p++;
		const char *v = p, *vend;
		if (p < end && *p == '"') {
			v = ++p;
			vend = memchr(v, '"', (size_t)(end - v));
			if (!vend) {
				fail(r, code, "line %zu column %zu: unterminated quoted value",
				     r->lines, (size_t)(v - r->line));
				return false;
			}
			p = vend + 1;
		} else {
			while (p < end && *p != ' ' && *p != '"')
				p++;
			vend = p;
		}
		if (p < end && *p != ' ') {
			fail(r, code, "line %zu column %zu: stray '%c' in value",
			     r->lines, (size_t)(p - r->line) + 1, *p);
			return false;
		}
		if (!room_for_one_more((void **)&rec->pairs, &cap, rec->pair_count, sizeof *rec->pairs)) {
			fail(r, STREAM_ERR_NO_MEMORY, "line %zu", r->lines);
			return false;
		}
		struct stream_kv kv = { dup_range(k, (size_t)(kend - k)), dup_range(v, (size_t)(vend - v)) };
		if (!kv.key || !kv.value) {
			free(kv.key);
			free(kv.value);
			fail(r, STREAM_ERR_NO_MEMORY, "line %zu", r->lines);
			return false;
		}
		rec->pairs[rec->pair_count++] = kv;
	}
}

static bool is_lower_hex8(const char *s)
{
	if (strlen(s) != 8)
		return false;
	for (int i = 0; i < 8; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return false;
	return true;
}

/* `#! end rows=N status=ok|error crc32=XXXXXXXX`: verify CRC first (a mismatch
 * means nothing else can be trusted), then the row count. */
static void check_end(struct stream_reader *r, const struct stream_record *rec)
{
	const char *rows = stream_record_get(rec, "rows");
	const char *status = stream_record_get(rec, "status");
	const char *crc = stream_record_get(rec, "crc32");
	size_t digits = rows ? strspn(rows, "0123456789") : 0;
	if (!rows || digits == 0 || digits > 18 || rows[digits] != '\0') {
		fail(r, STREAM_ERR_BAD_END, "line %zu: rows= must be a decimal count", r->lines);
		return;
	}
	if (!status || (strcmp(status, "ok") && strcmp(status, "error"))) {
		fail(r, STREAM_ERR_BAD_END, "line %zu: status= must be ok or error", r->lines);
		return;
	}
	if (!crc || !is_lower_hex8(crc)) {
		fail(r, STREAM_ERR_BAD_END, "line %zu: crc32= must be 8 lowercase hex digits", r->lines);
		return;
	}
	strcpy(r->end_status, status);
	unsigned long expected = strtoul(crc, NULL, 16);
	if (expected != r->crc)
		fail(r, STREAM_ERR_CRC, "line %zu: end record says crc32=%s, computed %08x",
		     r->lines, crc, (unsigned)r->crc);
	unsigned long long n = strtoull(rows, NULL, 10);
	if (n != r->table_lines)
		fail(r, STREAM_ERR_ROW_COUNT, "line %zu: end record says rows=%llu, stream has %zu",
		     r->lines, n, r->table_lines);
}

/* A `#!` line. The end record finishes the stream even when it is malformed. */
static void parse_record(struct stream_reader *r, const char *s, size_t len)
{
	const char *t = s + 2, *end = s + len;
	while (t < end && *t == ' ')
		t++;
	const char *tend = t;
	while (tend < end && *tend != ' ')
		tend++;
	size_t tlen = (size_t)(tend - t);
	bool is_end = tlen == 3 && !memcmp(t, "end", 3);
	if (is_end)
		r->done = true;
	if (tlen == 9 && !memcmp(t, "idlebench", 9)) {
		fail(r, STREAM_ERR_RESTARTED, "line %zu: a second `#! idlebench` header (did the machine reboot?)",
		     r->lines);
		return;
	}
	bool type_ok = tlen > 0;
	for (const char *c = t; c < tend; c++)
		if (!is_key_char(*c) || *c == '.')
			type_ok = false;
	if (!type_ok) {
		fail(r, is_end ? STREAM_ERR_BAD_END : STREAM_ERR_BAD_RECORD,
		     "line %zu: expected `#! type key=value ...` with type [a-z0-9_]+", r->lines);
		return;
	}
	struct stream_record rec = { .type = dup_range(t, tlen), .line = r->lines, .rows_before = r->row_count };
	if (!rec.type) {
		fail(r, STREAM_ERR_NO_MEMORY, "line %zu", r->lines);
		return;
	}
	if (!parse_pairs(r, is_end ? STREAM_ERR_BAD_END : STREAM_ERR_BAD_RECORD, &rec, tend, end)) {
		free_record(&rec);
		return;
	}
	if (!room_for_one_more((void **)&r->records, &r->record_cap, r->record_count, sizeof *r->records)) {
		free_record(&rec);
		fail(r, STREAM_ERR_NO_MEMORY, "line %zu", r->lines);
		return;
	}
	r->records[r->record_count++] = rec;
	if (is_end)
		check_end(r, &r->records[r->record_count - 1]);
}

/* Columns a row of the stream's schema has: schemas 1 and 2 end at `check`,
 * schema 3 appended the PMU columns, schema 4 a command's (core/stream/schema.h). */
static size_t schema_columns(const struct stream_reader *r)
{
	return r->schema <= 2 ? STREAM_COLUMNS_SCHEMA_2 : r->schema == 3 ? STREAM_COLUMNS_SCHEMA_3 : STREAM_COLUMN_COUNT;
}

size_t stream_reader_column_count(const struct stream_reader *r)
{
	return r->schema ? schema_columns(r) : 0;
}

/* Length of the schema's data header: STREAM_HEADER_LINE up to the comma
 * before its first column the schema does not have. */
static size_t schema_header_len(size_t columns)
{
	const char *h = STREAM_HEADER_LINE;
	size_t commas = 0, i = 0;

	for (; h[i]; i++)
		if (h[i] == ',' && ++commas == columns)
			break;
	return i;
}

/* A line of the data table: the column header first, then rows. A row of an
 * older schema gets empty cells for the columns added since. */
static void parse_table_line(struct stream_reader *r, const char *s, size_t len)
{
	size_t columns = schema_columns(r);

	if (!r->have_table_header) {
		r->have_table_header = true;
		size_t hlen = schema_header_len(columns);
		if (len != hlen || memcmp(s, STREAM_HEADER_LINE, len))
			fail(r, STREAM_ERR_BAD_DATA_HEADER, "line %zu: expected the schema %u column header `%.*s`",
			     r->lines, r->schema, (int)hlen, STREAM_HEADER_LINE);
		return;
	}
	r->table_lines++;
	size_t fields = 1;
	for (size_t i = 0; i < len; i++)
		fields += s[i] == ',';
	if (fields != columns) {
		fail(r, STREAM_ERR_ROW_FIELDS, "line %zu: row has %zu fields, expected %zu", r->lines, fields, columns);
		return;
	}
	if (!room_for_one_more((void **)&r->rows, &r->row_cap, r->row_count, sizeof *r->rows)) {
		fail(r, STREAM_ERR_NO_MEMORY, "line %zu", r->lines);
		return;
	}
	/* One block: the field pointers, then the line with commas turned into NULs. */
	char **row = malloc(STREAM_COLUMN_COUNT * sizeof(char *) + len + 1);
	if (!row) {
		fail(r, STREAM_ERR_NO_MEMORY, "line %zu", r->lines);
		return;
	}
	char *text = (char *)(row + STREAM_COLUMN_COUNT);
	memcpy(text, s, len);
	text[len] = '\0';
	size_t f = 0;
	row[f++] = text;
	for (size_t i = 0; i < len; i++)
		if (text[i] == ',') {
			text[i] = '\0';
			row[f++] = text + i + 1;
		}
	while (f < STREAM_COLUMN_COUNT)
		row[f++] = text + len; /* "": not measured by that schema */
	r->rows[r->row_count++] = row;
}

static void process_line(struct stream_reader *r)
{
	const char *s = r->line;
	size_t len = r->line_len;
	r->lines++;
	r->line_len = 0;
	if (r->overflow) {
		r->overflow = false;
		fail(r, STREAM_ERR_LINE_TOO_LONG, "line %zu: longer than %d bytes", r->lines,
		     STREAM_READER_LINE_MAX);
		return;
	}
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c < 0x20 && c != '\t') || c == 0x7f) {
			fail(r, STREAM_ERR_CONTROL_BYTE, "line %zu column %zu: byte 0x%02x%s", r->lines, i + 1, c,
			     c == 0x1b ? " (a terminal escape code inside the stream)" : "");
			break;
		}
	}
	if (r->lines == 1)
		parse_header(r, s, len);
	else if (len >= 2 && s[0] == '#' && s[1] == '!')
		parse_record(r, s, len);
	else if (len >= 2 && s[0] == '#' && s[1] == '=')
		parse_meta(r, s, len);
	else if (len > 0 && s[0] != '#')
		parse_table_line(r, s, len);
	/* The CRC covers every line before the end record, which check_end has
	 * already compared against the lines before it. */
	if (!r->done) {
		r->crc = crc32_update(r->crc, s, len);
		r->crc = crc32_update(r->crc, "\n", 1);
	}
}

size_t stream_reader_feed(struct stream_reader *r, const void *data, size_t len)
{
	const unsigned char *in = data;
	char out[4096];
	size_t nout = 0, i = 0;

	if (r->done || r->finished)
		return 0;
	while (i < len) {
		unsigned char c = in[i++];
		if (c == '\r')
			continue;
		if (!r->started) {
			if (c == (unsigned char)header_prefix[r->match])
				r->match++;
			else
				r->match = c == '#';
			if (r->match == HEADER_PREFIX_LEN) {
				r->started = true;
				memcpy(r->line, header_prefix, HEADER_PREFIX_LEN);
				r->line_len = HEADER_PREFIX_LEN;
				memcpy(out + nout, header_prefix, HEADER_PREFIX_LEN);
				nout += HEADER_PREFIX_LEN;
			}
			continue;
		}
		if (nout == sizeof out) {
			if (r->sink)
				r->sink(r->sink_ctx, out, nout);
			nout = 0;
		}
		out[nout++] = (char)c;
		if (c == '\n') {
			process_line(r);
			if (r->done)
				break;
		} else if (r->line_len < STREAM_READER_LINE_MAX) {
			r->line[r->line_len++] = (char)c;
		} else {
			r->overflow = true;
		}
	}
	if (nout && r->sink)
		r->sink(r->sink_ctx, out, nout);
	return i;
}

void stream_reader_finish(struct stream_reader *r)
{
	if (r->done || r->finished)
		return;
	r->finished = true;
	if (!r->started)
		fail(r, STREAM_ERR_NO_HEADER, "no `#! idlebench` header in the input");
	else
		fail(r, STREAM_ERR_TRUNCATED, "input ended after %zu complete lines%s without the `#! end` record",
		     r->lines, r->line_len || r->overflow ? " and a partial line" : "");
}

struct stream_reader *stream_reader_read_file(FILE *f, int *read_errno)
{
	struct stream_reader *r = stream_reader_new();
	char buf[65536];
	size_t n;

	*read_errno = 0;
	if (!r)
		return NULL;
	while (!stream_reader_done(r) && (n = fread(buf, 1, sizeof buf, f)) > 0)
		stream_reader_feed(r, buf, n);
	/* fread sets errno on a read error; EIO stands in should it not have. */
	if (ferror(f))
		*read_errno = errno ? errno : EIO;
	stream_reader_finish(r);
	return r;
}

bool stream_reader_done(const struct stream_reader *r)
{
	return r->done;
}

bool stream_reader_started(const struct stream_reader *r)
{
	return r->started;
}

enum stream_result stream_reader_result(const struct stream_reader *r)
{
	return r->result;
}

const char *stream_reader_message(const struct stream_reader *r)
{
	return r->message;
}

size_t stream_reader_line_count(const struct stream_reader *r)
{
	return r->lines;
}

const char *stream_reader_version(const struct stream_reader *r)
{
	return r->version;
}

unsigned stream_reader_schema(const struct stream_reader *r)
{
	return r->schema;
}

size_t stream_reader_meta_count(const struct stream_reader *r)
{
	return r->meta_count;
}

const struct stream_kv *stream_reader_meta_at(const struct stream_reader *r, size_t i)
{
	return i < r->meta_count ? &r->meta[i] : NULL;
}

const char *stream_reader_meta(const struct stream_reader *r, const char *key)
{
	for (size_t i = 0; i < r->meta_count; i++)
		if (!strcmp(r->meta[i].key, key))
			return r->meta[i].value;
	return NULL;
}

size_t stream_reader_record_count(const struct stream_reader *r)
{
	return r->record_count;
}

const struct stream_record *stream_reader_record_at(const struct stream_reader *r, size_t i)
{
	return i < r->record_count ? &r->records[i] : NULL;
}

const char *stream_record_get(const struct stream_record *rec, const char *key)
{
	for (size_t i = 0; i < rec->pair_count; i++)
		if (!strcmp(rec->pairs[i].key, key))
			return rec->pairs[i].value;
	return NULL;
}

size_t stream_reader_row_count(const struct stream_reader *r)
{
	return r->row_count;
}

const char *const *stream_reader_row(const struct stream_reader *r, size_t i)
{
	return i < r->row_count ? (const char *const *)r->rows[i] : NULL;
}

const char *stream_reader_end_status(const struct stream_reader *r)
{
	return r->end_status[0] ? r->end_status : NULL;
}
