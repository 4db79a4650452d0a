/* `idlebench export --jsonl FILE...`: verified result streams as JSON Lines
 * (one object per line), so jq and pandas read them without our parser. The
 * CSV stream stays the contract; this is a view of it. (`--sqlite DB
 * PATH...`: tools/cli/export_sqlite.c.)
 *
 * Per file: one `header` object, one `meta` object (every `#=` key), the
 * rows in stream order, then every record in stream order with its `line`
 * (the `end` record last). Every object has "type" and "file". Rows carry the data
 * columns by name: numeric columns (core/stream/schema.h kinds u64, fixed)
 * as JSON numbers, an empty cell as null, text columns as strings. Record
 * and meta values are typed the same way: a value that is a JSON number is
 * written as one, an empty value is null, anything else a string; except
 * identifiers that only look like numbers (ids, hashes, the seed, the CRC),
 * which stay strings so that no digit is lost to a double. A stream key
 * named like an object's fixed keys, or starting with "field_", is written
 * as "field_" + key (put_own_key).
 *
 * The operands are files or directories (searched for *.csv), read by the
 * walker report uses (tools/common/result_tree.h): each file not used is
 * named once on stderr with the reason, the others written.
 *
 * Exit status: 0 every file written; 1 a file not used (nothing written for
 * it, the others written); 2 usage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/stream/schema.h"
#include "tools/common/cli_options.h"
#include "tools/common/commands.h"
#include "tools/cli/export_sqlite.h"
#include "tools/common/stream_reader.h"
#include "tools/common/result_tree.h"

/* Whether a column holds numbers (schema.h kinds u64, u64_opt, fixed, fixed_opt). */
#define EXPORT_KIND_u64 1
#define EXPORT_KIND_u64_opt 1
#define EXPORT_KIND_fixed 1
#define EXPORT_KIND_fixed_opt 1
#define EXPORT_KIND_text 0
#define EXPORT_KIND_ok_bad 0
#define EXPORT_COLUMN_(name, kind, decimals) { #name, EXPORT_KIND_##kind },
static const struct {
	const char *name;
	int numeric;
} columns[STREAM_COLUMN_COUNT] = { STREAM_COLUMNS(EXPORT_COLUMN_) };
#undef EXPORT_COLUMN_

enum { OPT_JSONL, OPT_SQLITE };
static const struct cli_option options[] = {
	[OPT_JSONL] = { "jsonl", 0, NULL, "JSON Lines on stdout, one object per line" },
	[OPT_SQLITE] = { "sqlite", 0, "DB", "into the SQLite database DB (created when absent), one boot per stream;\n"
					    "PATH may be a directory (searched for *.csv recursively); a boot already\n"
					    "there is not inserted again (tables: docs/stream-format.md)" },
	{ NULL, 0, NULL, NULL },
};
static const struct cli_command export_cli = {
	"export", "FILE|DIR...",
	"Verifies each result stream (as `idlebench check`) and writes it out in one format, --jsonl or --sqlite.\n"
	"JSON Lines (--jsonl), on stdout:\n"
	"per file a \"header\" object, a \"meta\" object with every metadata key, the rows (\"type\":\"row\",\n"
	"the data columns by name) in order, then every record (\"type\":\"record\",\"record\":\"summary\",\n"
	"\"line\":N,...) in stream order, the end record last; every object has \"file\". Numbers are JSON\n"
	"numbers, an empty cell is null; ids, hashes, the seed and the CRC stay strings.\n"
	"  jq 'select(.type==\"record\" and .record==\"primary\")' out.jsonl\n"
	"  pandas: df = pd.read_json(\"out.jsonl\", lines=True); rows = df[df.type == \"row\"]\n"
	"SQLite (--sqlite DB PATH...): tables boots, boot_meta, rows, records, record_fields, summaries:\n"
	"  sqlite3 DB 'SELECT mode, count(*) FROM rows GROUP BY mode'\n",
	"A DIR is searched for *.csv recursively (both formats); a file that cannot be used\n"
	"(unreadable, INCOMPLETE, another schema, not a stream, the same boot twice) is named once on\n"
	"stderr, `PATH: skipped, REASON`, and the others are written.\n"
	"Exit: 0 every file written (--sqlite: or already in the database); 1 a file not used (the\n"
	"others still written) or the database unusable (nothing written); 2 usage.\n", options,
	CLI_DASHDASH_ENDS_OPTIONS,
};

/* Length of the well-formed UTF-8 sequence at p (RFC 3629: no overlongs, no
 * surrogates, at most U+10FFFF), or 0 when the bytes there are not one. */
static size_t utf8_sequence(const unsigned char *p)
{
	size_t n;
	uint32_t c;
	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xC2 && p[0] <= 0xDF)
		n = 2, c = p[0] & 0x1F;
	else if (p[0] >= 0xE0 && p[0] <= 0xEF)
		n = 3, c = p[0] & 0x0F;
	else if (p[0] >= 0xF0 && p[0] <= 0xF4)
		n = 4, c = p[0] & 0x07;
	else
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3F);
	}
	if ((n == 3 && (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF))) || (n == 4 && (c < 0x10000 || c > 0x10FFFF)))
		return 0;
	return n;
}

/* A JSON string literal (RFC 8259 section 7), always valid UTF-8 (section
 * 8.1): a byte that is not part of a well-formed UTF-8 sequence (a Latin-1
 * DMI string, a sequence the stream's quoting cut) is written as the
 * character of that value, \u00XX, as Latin-1 would read it. */
static void put_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		size_t n = utf8_sequence(p);
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7F || n == 0)
			fprintf(out, "\\u%04x", *p);
		else
			fwrite(p, 1, n, out);
		p += n ? n : 1;
	}
	fputc('"', out);
}

/* Whether s is a number in JSON's grammar (RFC 8259 section 6): -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static bool json_number(const char *s)
{
	const char *p = s;
	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		while (*p >= '0' && *p <= '9')
			p++;
	else
		return false;
	if (*p == '.') {
		if (*++p < '0' || *p > '9')
			return false;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (*p < '0' || *p > '9')
			return false;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return !*p;
}

/* Keys whose values are identifiers even when all digits. */
static bool identifier_key(const char *key)
{
	size_t n = strlen(key);
	return !strcmp(key, "seed") || !strcmp(key, "crc32") || !strcmp(key, "version") || !strcmp(key, "label") ||
	       (n > 3 && !strcmp(key + n - 3, "_id")) || (n > 5 && !strcmp(key + n - 5, "_hash"));
}

/* A value typed: null when empty, a number when it is one (and may be), else a string. */
static void put_value(FILE *out, const char *key, const char *v, bool may_be_number)
{
	if (!*v)
		fputs("null", out);
	else if (may_be_number && !identifier_key(key) && json_number(v))
		fputs(v, out);
	else
		put_string(out, v);
}

static void put_key(FILE *out, const char *key)
{
	fputc(',', out);
	put_string(out, key);
	fputc(':', out);
}

/* {"type":TYPE,"file":PATH */
static void open_object(FILE *out, const char *type, const char *path)
{
	fputs("{\"type\":", out);
	put_string(out, type);
	fputs(",\"file\":", out);
	put_string(out, path);
}

/* The key a stream's own key k gets in an object whose fixed keys are
 * fixed[0..n): "field_" + k when k is one of them or itself starts with
 * "field_" (so "field_type" from the stream never meets the renamed "type"),
 * k otherwise. JSON readers keep one of two equal keys silently (Python the
 * last), so a stream key named like a fixed one would hide "type". */
static void put_own_key(FILE *out, const char *k, const char *const *fixed, size_t n)
{
	bool clash = !strncmp(k, "field_", 6);
	for (size_t i = 0; i < n && !clash; i++)
		clash = !strcmp(k, fixed[i]);
	char name[160];
	snprintf(name, sizeof name, "%s%s", clash ? "field_" : "", k);
	put_key(out, name);
}

/* A record's fields; one named like the fixed keys gets a "field_" prefix. */
static void put_record(FILE *out, const char *path, const struct stream_record *rec)
{
	open_object(out, "record", path);
	put_key(out, "record");
	put_string(out, rec->type);
	put_key(out, "line");
	fprintf(out, "%zu", rec->line);
	for (size_t i = 0; i < rec->pair_count; i++) {
		static const char *const fixed[] = { "type", "file", "record", "line" };
		const struct stream_kv *kv = &rec->pairs[i];
		put_own_key(out, kv->key, fixed, sizeof fixed / sizeof fixed[0]);
		put_value(out, kv->key, kv->value, true);
	}
	fputs("}\n", out);
}

static void put_row(FILE *out, const char *path, const char *const *f)
{
	open_object(out, "row", path);
	for (size_t c = 0; c < STREAM_COLUMN_COUNT; c++) {
		put_key(out, columns[c].name);
		if (!*f[c])
			fputs("null", out);
		else if (columns[c].numeric && json_number(f[c]))
			fputs(f[c], out);
		else
			put_string(out, f[c]);
	}
	fputs("}\n", out);
}

/* One stream: header, meta, the rows in order, then every record in stream
 * order with its line number (the end record last). */
static void export_stream(FILE *out, const char *path, const struct stream_reader *r)
{
	open_object(out, "header", path);
	put_key(out, "version");
	put_string(out, stream_reader_version(r));
	put_key(out, "schema");
	fprintf(out, "%u", stream_reader_schema(r));
	fputs("}\n", out);

	open_object(out, "meta", path);
	for (size_t i = 0; i < stream_reader_meta_count(r); i++) {
		static const char *const fixed[] = { "type", "file" };
		const struct stream_kv *kv = stream_reader_meta_at(r, i);
		put_own_key(out, kv->key, fixed, sizeof fixed / sizeof fixed[0]);
		put_value(out, kv->key, kv->value, true);
	}
	fputs("}\n", out);

	for (size_t k = 0; k < stream_reader_row_count(r); k++)
		put_row(out, path, stream_reader_row(r, k));
	for (size_t i = 0; i < stream_reader_record_count(r); i++)
		put_record(out, path, stream_reader_record_at(r, i));
}

static enum result_tree_verdict jsonl_take(const char *path, struct stream_reader *r, void *ctx)
{
	export_stream(ctx, path, r);
	return RESULT_TREE_TAKEN;
}

int cmd_export(int argc, char **argv)
{
	bool jsonl = false;
	const char *sqlite_db = NULL;
	const char **files = calloc((size_t)argc, sizeof *files), *arg;
	size_t n = 0;
	if (!files) {
		fprintf(stderr, "idlebench export: out of memory\n");
		return 1;
	}
	struct cli_parser p;
	result_tree_set_command("export");
	cli_parser_begin(&p, &export_cli, argc, argv);
	for (int a; (a = cli_next(&p, &arg)) != CLI_END;) {
		if (a == OPT_JSONL) {
			jsonl = true;
		} else if (a == OPT_SQLITE) {
			sqlite_db = arg;
		} else if (a == CLI_OPERAND) {
			files[n++] = arg;
		} else {
			free(files);
			return cli_exit_status(a);
		}
	}
	const char *usage = jsonl && sqlite_db ? "one format at a time: --jsonl or --sqlite DB"
			    : !jsonl && !sqlite_db ? "say the format: --jsonl (JSON Lines) or --sqlite DB"
			    : sqlite_db && !*sqlite_db ? "--sqlite needs a database file name"
			    : !n ? "no result file given" : NULL;
	if (usage) {
		free(files);
		return cli_usage_error(&export_cli, "%s", usage);
	}
	if (sqlite_db) {
		int status = export_sqlite(sqlite_db, (char *const *)files, (int)n, stdout, stderr);
		free(files);
		return status;
	}
	/* The operands as a result tree (tools/common/result_tree.h), as --sqlite
	 * and report read them: a directory searched for *.csv, each file not
	 * used named once on stderr with the reason, the others written. */
	size_t skipped = 0;
	int taken = result_tree_walk_counted((char *const *)files, (int)n, jsonl_take, stdout, stderr, &skipped);
	free(files);
	if (!taken)
		fprintf(stderr, "idlebench export: no result file taken from the paths given\n");
	return taken <= 0 || skipped ? 1 : 0;
}
