/* `idlebench export --sqlite DB PATH...` (tools/cli/export_sqlite.h): each
 * verified stream becomes one boot of an SQLite database, the layout
 * documented in docs/stream-format.md "The results database" (a contract
 * like the stream).
 *
 * Why the tables grow: `rows` has a column per data column of the newest
 * schema this build reads (core/stream/schema.h), named as in the stream; a
 * file of an older schema leaves the later columns NULL, as the reader pads
 * its rows with empty cells, so one query reads every boot. A database made
 * by an older build lacks the newer columns: opening it adds them (ALTER
 * TABLE ADD COLUMN; its rows read NULL there), so a database of schema 3
 * files takes schema 4 files and loses nothing. `summaries` has a column per
 * `#! summary` field any stream in the database had, a field first seen
 * becoming a column when it arrives: fields are added without a schema
 * change (docs/stream-format.md "Versioning policy"), so there is no list to
 * create them from. The key/value tables (boot_meta, record_fields) need no
 * change for any new key, record or field. One table per schema, the
 * alternative, would split every query across tables.
 *
 * All files go in one transaction: a database error (disk full, a locked or
 * read-only file) leaves the database as it was. A stream is verified in full
 * before anything of it is written, so a rejected file writes nothing. */
#include <errno.h>
#include <inttypes.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/stream/schema.h"
#include "tools/common/grow.h"
#include "tools/cli/export_sqlite.h"
#include "tools/common/result_tree.h"
#include "tools/common/same_boot.h"
#include "tools/common/stream_reader.h"

/* PRAGMA application_id (SQLite file format, database header offset 68):
 * "IDLB", so that a database of ours is told from anyone else's. */
#define EXPORT_DB_APPLICATION_ID 0x49444C42
/* PRAGMA user_version: the layout in docs/stream-format.md; a newer one is refused. */
#define EXPORT_DB_LAYOUT 1

/* A data column's SQL type from its schema.h kind: numbers take INTEGER or
 * REAL affinity (a cell that is not a number stays TEXT: nothing is lost). */
#define EXPORT_SQL_u64 "INTEGER"
#define EXPORT_SQL_u64_opt "INTEGER"
#define EXPORT_SQL_fixed "REAL"
#define EXPORT_SQL_fixed_opt "REAL"
#define EXPORT_SQL_text "TEXT"
#define EXPORT_SQL_ok_bad "TEXT"
#define EXPORT_ROW_COLUMN_(name, kind, decimals) { #name, EXPORT_SQL_##kind },
static const struct {
	const char *name;
	const char *type;
} row_columns[STREAM_COLUMN_COUNT] = { STREAM_COLUMNS(EXPORT_ROW_COLUMN_) };
#undef EXPORT_ROW_COLUMN_

/* Meta keys `boots` also holds in columns of their own (NULL when the
 * stream lacks the key): what a fleet query groups and filters by. Every key,
 * these included, is in boot_meta. */
static const char *const boot_meta_columns[] = {
	"machine_id", "plan_id",     "label",    "cpu_vendor",     "cpu_family",   "cpu_model",
	"cpu_stepping", "microcode", "cpu_brand", "smbios_product", "bios_version", "boost",
	"c2_kind",    "placement",   "hypervisor", "boot",         "preset",       "primary_mode",
};
#define BOOT_META_COLUMNS (sizeof boot_meta_columns / sizeof boot_meta_columns[0])

/* The columns a table has, as PRAGMA table_info gives them. */
struct column_set {
	char **names;
	size_t count, cap;
};

struct exporter {
	sqlite3 *db;
	const char *db_path;
	FILE *err;
	struct column_set boots, rows, summaries;
	sqlite3_stmt *find_boot, *insert_meta, *insert_record, *insert_field;
	sqlite3_stmt *insert_summary; /* the statement of summary_sql */
	char *summary_sql;
	size_t boots_added, rows_added, records_added, duplicates;
};

/* "idlebench export: DB: what: SQLite's message"; false, for return. */
static bool db_error(struct exporter *x, const char *what)
{
	fprintf(x->err, "idlebench export: %s: %s: %s\n", x->db_path, what, x->db ? sqlite3_errmsg(x->db) : "out of memory");
	return false;
}

static bool exec(struct exporter *x, const char *sql)
{
	char *msg = NULL;
	if (sqlite3_exec(x->db, sql, NULL, NULL, &msg) == SQLITE_OK)
		return true;
	fprintf(x->err, "idlebench export: %s: %s\n", x->db_path, msg ? msg : sqlite3_errmsg(x->db));
	sqlite3_free(msg);
	return false;
}

static bool prepare(struct exporter *x, const char *sql, sqlite3_stmt **stmt)
{
	if (sqlite3_prepare_v2(x->db, sql, -1, stmt, NULL) == SQLITE_OK)
		return true;
	return db_error(x, "cannot prepare a statement");
}

/* Run a prepared INSERT once and reset it for the next values. */
static bool step_done(struct exporter *x, sqlite3_stmt *stmt)
{
	int rc = sqlite3_step(stmt);
	sqlite3_reset(stmt);
	sqlite3_clear_bindings(stmt);
	return rc == SQLITE_DONE || db_error(x, "cannot insert");
}

/* One integer a PRAGMA returns; false on an error (e.g. "file is not a database"). */
static bool pragma_int(struct exporter *x, const char *sql, long long *value)
{
	sqlite3_stmt *stmt;
	if (!prepare(x, sql, &stmt))
		return false;
	bool ok = sqlite3_step(stmt) == SQLITE_ROW;
	if (ok)
		*value = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	return ok || db_error(x, "cannot read the database");
}

static void column_set_free(struct column_set *s)
{
	for (size_t i = 0; i < s->count; i++)
		free(s->names[i]);
	free(s->names);
	memset(s, 0, sizeof *s);
}

static bool column_set_add(struct exporter *x, struct column_set *s, const char *name)
{
	char **names = grow(s->names, &s->cap, s->count + 1, sizeof *names, 32);
	if (!names)
		return db_error(x, "out of memory");
	s->names = names;
	if (!(s->names[s->count] = strdup(name)))
		return db_error(x, "out of memory");
	s->count++;
	return true;
}

/* SQLite compares identifiers without regard to ASCII case. */
static bool column_set_has(const struct column_set *s, const char *name)
{
	for (size_t i = 0; i < s->count; i++)
		if (!sqlite3_stricmp(s->names[i], name))
			return true;
	return false;
}

static bool load_columns(struct exporter *x, const char *table, struct column_set *s)
{
	char *sql = sqlite3_mprintf("PRAGMA table_info(\"%w\")", table);
	sqlite3_stmt *stmt;
	bool ok = sql && prepare(x, sql, &stmt);
	sqlite3_free(sql);
	if (!ok)
		return false;
	int rc;
	while (ok && (rc = sqlite3_step(stmt)) == SQLITE_ROW)
		ok = column_set_add(x, s, (const char *)sqlite3_column_text(stmt, 1));
	sqlite3_finalize(stmt);
	return ok && (rc == SQLITE_DONE || db_error(x, "cannot read the table's columns"));
}

/* Add column name (of SQL type) to table unless it has it already. */
static bool ensure_column(struct exporter *x, const char *table, struct column_set *s, const char *name,
			  const char *type)
{
	if (column_set_has(s, name))
		return true;
	char *sql = sqlite3_mprintf("ALTER TABLE \"%w\" ADD COLUMN \"%w\" %s", table, name, type);
	bool ok = sql ? exec(x, sql) : db_error(x, "out of memory");
	sqlite3_free(sql);
	return ok && column_set_add(x, s, name);
}

/* The tables every layout-1 database has; columns the streams bring are
 * added by ensure_column. WITHOUT ROWID for the key/value tables: their
 * primary key is the row (SQLite's advice for small rows with a natural key). */
static const char create_sql[] =
	"CREATE TABLE IF NOT EXISTS boots (boot_id INTEGER PRIMARY KEY, file TEXT NOT NULL, version TEXT NOT NULL,"
	" schema INTEGER NOT NULL, status TEXT NOT NULL, row_count INTEGER NOT NULL, crc32 TEXT NOT NULL,"
	" rows_hash TEXT NOT NULL, UNIQUE (crc32, row_count, rows_hash));"
	"CREATE TABLE IF NOT EXISTS boot_meta (boot_id INTEGER NOT NULL REFERENCES boots, pos INTEGER NOT NULL,"
	" key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (boot_id, pos)) WITHOUT ROWID;"
	"CREATE INDEX IF NOT EXISTS boot_meta_key ON boot_meta (key, value);"
	"CREATE TABLE IF NOT EXISTS rows (boot_id INTEGER NOT NULL REFERENCES boots, row_index INTEGER NOT NULL,"
	" PRIMARY KEY (boot_id, row_index));"
	"CREATE TABLE IF NOT EXISTS records (record_id INTEGER PRIMARY KEY, boot_id INTEGER NOT NULL REFERENCES boots,"
	" pos INTEGER NOT NULL, line INTEGER NOT NULL, type TEXT NOT NULL);"
	"CREATE INDEX IF NOT EXISTS records_boot ON records (boot_id, type);"
	"CREATE TABLE IF NOT EXISTS record_fields (record_id INTEGER NOT NULL REFERENCES records, pos INTEGER NOT NULL,"
	" key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (record_id, pos)) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS summaries (record_id INTEGER PRIMARY KEY REFERENCES records,"
	" boot_id INTEGER NOT NULL REFERENCES boots);";

/* Open (or create) the database and start the one transaction; false with the reason on err. */
static bool open_database(struct exporter *x)
{
	if (sqlite3_open_v2(x->db_path, &x->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK)
		return db_error(x, "cannot open the database");
	/* SQLITE_OPEN_READWRITE falls back to read-only on a write-protected
	 * file (sqlite3_open_v2 documentation): say so now, not at the first insert. */
	if (sqlite3_db_readonly(x->db, "main") == 1) {
		fprintf(x->err, "idlebench export: %s: cannot write the database (the file is read-only)\n", x->db_path);
		return false;
	}
	sqlite3_busy_timeout(x->db, 5000);
	if (!exec(x, "BEGIN IMMEDIATE"))
		return false;
	long long app_id, layout, objects;
	if (!pragma_int(x, "PRAGMA application_id", &app_id) || !pragma_int(x, "PRAGMA user_version", &layout) ||
	    !pragma_int(x, "SELECT count(*) FROM sqlite_schema", &objects))
		return false;
	if (app_id == 0 && layout == 0 && objects == 0) {
		char pragmas[128];
		snprintf(pragmas, sizeof pragmas, "PRAGMA application_id=%d; PRAGMA user_version=%d;",
			 EXPORT_DB_APPLICATION_ID, EXPORT_DB_LAYOUT);
		if (!exec(x, pragmas))
			return false;
	} else if (app_id != EXPORT_DB_APPLICATION_ID) {
		fprintf(x->err,
			"idlebench export: %s: not an idlebench results database (application_id 0x%llx, %lld tables and "
			"indexes): give a new file or one this command made\n",
			x->db_path, app_id, objects);
		return false;
	} else if (layout != EXPORT_DB_LAYOUT) {
		fprintf(x->err, "idlebench export: %s: database layout %lld, this idlebench writes layout %d\n",
			x->db_path, layout, EXPORT_DB_LAYOUT);
		return false;
	}
	if (!exec(x, create_sql) || !load_columns(x, "boots", &x->boots) || !load_columns(x, "rows", &x->rows) ||
	    !load_columns(x, "summaries", &x->summaries))
		return false;
	for (size_t i = 0; i < BOOT_META_COLUMNS; i++)
		if (!ensure_column(x, "boots", &x->boots, boot_meta_columns[i], "TEXT"))
			return false;
	for (size_t c = 0; c < STREAM_COLUMN_COUNT; c++)
		if (!ensure_column(x, "rows", &x->rows, row_columns[c].name, row_columns[c].type))
			return false;
	return prepare(x, "SELECT boot_id, file FROM boots WHERE crc32 = ?1 AND row_count = ?2 AND rows_hash = ?3",
		       &x->find_boot) &&
	       prepare(x, "INSERT INTO boot_meta (boot_id, pos, key, value) VALUES (?1, ?2, ?3, ?4)", &x->insert_meta) &&
	       prepare(x, "INSERT INTO records (boot_id, pos, line, type) VALUES (?1, ?2, ?3, ?4)", &x->insert_record) &&
	       prepare(x, "INSERT INTO record_fields (record_id, pos, key, value) VALUES (?1, ?2, ?3, ?4)",
		       &x->insert_field);
}

/* A text parameter, or NULL for a NULL value. */
static void bind_text(sqlite3_stmt *stmt, int i, const char *v)
{
	if (v)
		sqlite3_bind_text(stmt, i, v, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(stmt, i);
}

/* A cell or field: empty means "not measured", NULL. */
static void bind_cell(sqlite3_stmt *stmt, int i, const char *v)
{
	bind_text(stmt, i, *v ? v : NULL);
}

/* "INSERT INTO table (fixed..., "names[0]", ...) VALUES (?1, ?2, ...)": the
 * fixed columns (fixed_count of them, written as given) then names[0..n)
 * quoted, one parameter each in that order; NULL when out of memory. */
static char *insert_sql(const char *table, const char *fixed, int fixed_count, const char *const *names, size_t n)
{
	char *cols = sqlite3_mprintf("%s", fixed), *marks = sqlite3_mprintf("?1");
	for (int i = 2; cols && marks && i <= fixed_count + (int)n; i++) {
		char *c = i > fixed_count ? sqlite3_mprintf("%s, \"%w\"", cols, names[i - fixed_count - 1])
					  : sqlite3_mprintf("%s", cols);
		char *m = sqlite3_mprintf("%s, ?%d", marks, i);
		sqlite3_free(cols);
		sqlite3_free(marks);
		cols = c;
		marks = m;
	}
	char *sql = cols && marks ? sqlite3_mprintf("INSERT INTO \"%w\" (%s) VALUES (%s)", table, cols, marks) : NULL;
	sqlite3_free(cols);
	sqlite3_free(marks);
	return sql;
}

static bool insert_boot(struct exporter *x, const char *path, const struct stream_reader *r, const char *crc,
			long long row_count, const char *hash, sqlite3_int64 *boot_id)
{
	char *sql = insert_sql("boots", "file, version, schema, status, row_count, crc32, rows_hash", 7, boot_meta_columns,
			       BOOT_META_COLUMNS);
	sqlite3_stmt *stmt;
	bool ok = sql ? prepare(x, sql, &stmt) : db_error(x, "out of memory");
	sqlite3_free(sql);
	if (!ok)
		return false;
	bind_text(stmt, 1, path);
	bind_text(stmt, 2, stream_reader_version(r));
	sqlite3_bind_int(stmt, 3, (int)stream_reader_schema(r));
	bind_text(stmt, 4, stream_reader_end_status(r));
	sqlite3_bind_int64(stmt, 5, row_count);
	bind_text(stmt, 6, crc);
	bind_text(stmt, 7, hash);
	for (size_t i = 0; i < BOOT_META_COLUMNS; i++)
		bind_text(stmt, (int)i + 8, stream_reader_meta(r, boot_meta_columns[i]));
	ok = step_done(x, stmt);
	sqlite3_finalize(stmt);
	*boot_id = sqlite3_last_insert_rowid(x->db);
	return ok;
}

static bool insert_meta(struct exporter *x, sqlite3_int64 boot_id, const struct stream_reader *r)
{
	for (size_t i = 0; i < stream_reader_meta_count(r); i++) {
		const struct stream_kv *kv = stream_reader_meta_at(r, i);
		sqlite3_bind_int64(x->insert_meta, 1, boot_id);
		sqlite3_bind_int64(x->insert_meta, 2, (sqlite3_int64)i);
		bind_text(x->insert_meta, 3, kv->key);
		bind_text(x->insert_meta, 4, kv->value);
		if (!step_done(x, x->insert_meta))
			return false;
	}
	return true;
}

/* The rows, the cells of the stream's schema (the later columns stay NULL). */
static bool insert_rows(struct exporter *x, sqlite3_int64 boot_id, const struct stream_reader *r)
{
	size_t columns = stream_reader_column_count(r);
	const char *names[STREAM_COLUMN_COUNT];
	for (size_t c = 0; c < columns; c++)
		names[c] = row_columns[c].name;
	char *sql = insert_sql("rows", "boot_id, row_index", 2, names, columns);
	sqlite3_stmt *stmt = NULL;
	bool ok = sql ? prepare(x, sql, &stmt) : db_error(x, "out of memory");
	sqlite3_free(sql);
	for (size_t k = 0; ok && k < stream_reader_row_count(r); k++) {
		const char *const *row = stream_reader_row(r, k);
		sqlite3_bind_int64(stmt, 1, boot_id);
		sqlite3_bind_int64(stmt, 2, (sqlite3_int64)k);
		for (size_t c = 0; c < columns; c++)
			bind_cell(stmt, (int)c + 3, row[c]);
		ok = step_done(x, stmt);
	}
	sqlite3_finalize(stmt);
	x->rows_added += ok ? stream_reader_row_count(r) : 0;
	return ok;
}

/* The summaries column of a field (sqlite3_mprintf's, NULL when out of
 * memory): the key, or "field_" + key when it is named like a fixed column
 * or itself starts with "field_" (as the JSON Lines export renames, so a
 * stream key never overwrites record_id). */
static char *summary_column(const char *key)
{
	bool clash = !strcmp(key, "record_id") || !strcmp(key, "boot_id") || !strncmp(key, "field_", 6);
	return sqlite3_mprintf("%s%s", clash ? "field_" : "", key);
}

/* Whether pair i of rec repeats the key of an earlier one (the summaries
 * row keeps the first; record_fields keeps both). */
static bool repeated_key(const struct stream_record *rec, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (!strcmp(rec->pairs[j].key, rec->pairs[i].key))
			return true;
	return false;
}

/* A summary record as one summaries row; the statement is kept while the
 * next record has the same fields (every summary of a stream does). */
static bool insert_summary(struct exporter *x, sqlite3_int64 boot_id, sqlite3_int64 record_id,
			   const struct stream_record *rec)
{
	char **names = calloc(rec->pair_count + 1, sizeof *names);
	size_t n = 0;
	bool ok = names != NULL, no_memory = !ok;
	for (size_t i = 0; ok && i < rec->pair_count; i++) {
		if (repeated_key(rec, i))
			continue;
		no_memory = !(names[n] = summary_column(rec->pairs[i].key));
		/* NUMERIC: a field that is a number is stored as one, the others as text. */
		ok = !no_memory && ensure_column(x, "summaries", &x->summaries, names[n++], "NUMERIC");
	}
	char *sql = ok ? insert_sql("summaries", "record_id, boot_id", 2, (const char *const *)names, n) : NULL;
	no_memory |= ok && !sql;
	for (size_t i = 0; names && i < n; i++)
		sqlite3_free(names[i]);
	free(names);
	if (!sql)
		return no_memory ? db_error(x, "out of memory") : false;
	if (!x->summary_sql || strcmp(sql, x->summary_sql)) {
		sqlite3_finalize(x->insert_summary);
		x->insert_summary = NULL;
		sqlite3_free(x->summary_sql);
		x->summary_sql = sql;
		if (!prepare(x, sql, &x->insert_summary))
			return false;
	} else {
		sqlite3_free(sql);
	}
	sqlite3_bind_int64(x->insert_summary, 1, record_id);
	sqlite3_bind_int64(x->insert_summary, 2, boot_id);
	for (size_t i = 0, k = 3; i < rec->pair_count; i++)
		if (!repeated_key(rec, i))
			bind_cell(x->insert_summary, (int)k++, rec->pairs[i].value);
	return step_done(x, x->insert_summary);
}

static bool insert_records(struct exporter *x, sqlite3_int64 boot_id, const struct stream_reader *r)
{
	for (size_t i = 0; i < stream_reader_record_count(r); i++) {
		const struct stream_record *rec = stream_reader_record_at(r, i);
		sqlite3_bind_int64(x->insert_record, 1, boot_id);
		sqlite3_bind_int64(x->insert_record, 2, (sqlite3_int64)i);
		sqlite3_bind_int64(x->insert_record, 3, (sqlite3_int64)rec->line);
		bind_text(x->insert_record, 4, rec->type);
		if (!step_done(x, x->insert_record))
			return false;
		sqlite3_int64 record_id = sqlite3_last_insert_rowid(x->db);
		for (size_t f = 0; f < rec->pair_count; f++) {
			sqlite3_bind_int64(x->insert_field, 1, record_id);
			sqlite3_bind_int64(x->insert_field, 2, (sqlite3_int64)f);
			bind_text(x->insert_field, 3, rec->pairs[f].key);
			bind_text(x->insert_field, 4, rec->pairs[f].value);
			if (!step_done(x, x->insert_field))
				return false;
		}
		if (!strcmp(rec->type, "summary") && !insert_summary(x, boot_id, record_id, rec))
			return false;
	}
	x->records_added += stream_reader_record_count(r);
	return true;
}

/* One verified stream into the database, or named as already there: a boot
 * of an earlier export or an earlier file of this one (a copied folder), as
 * tools/common/same_boot.h tells, whose three fields are the `boots` table's
 * UNIQUE key. False only on a database error (the run stops and nothing is
 * committed). */
static bool export_stream(struct exporter *x, const char *path, const struct stream_reader *r)
{
	struct same_boot id;
	same_boot_of(r, &id);
	char crc[9], hash[17];
	snprintf(crc, sizeof crc, "%08" PRIx32, id.crc32); /* the end record's text: the reader checked its form */
	long long row_count = (long long)id.rows;
	snprintf(hash, sizeof hash, "%016" PRIx64, id.rows_hash);
	sqlite3_bind_text(x->find_boot, 1, crc, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(x->find_boot, 2, row_count);
	sqlite3_bind_text(x->find_boot, 3, hash, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(x->find_boot);
	if (rc == SQLITE_ROW) {
		fprintf(x->err, "%s%s: already in the database as boot %lld (from %s; crc32 %s, %lld rows): not inserted "
				"again\n", result_tree_prefix(), path, (long long)sqlite3_column_int64(x->find_boot, 0),
			(const char *)sqlite3_column_text(x->find_boot, 1), crc, row_count);
		x->duplicates++;
	}
	sqlite3_reset(x->find_boot);
	if (rc == SQLITE_ROW)
		return true;
	if (rc != SQLITE_DONE)
		return db_error(x, "cannot search the boots");
	sqlite3_int64 boot_id;
	if (!insert_boot(x, path, r, crc, row_count, hash, &boot_id) || !insert_meta(x, boot_id, r) ||
	    !insert_rows(x, boot_id, r) || !insert_records(x, boot_id, r))
		return false;
	x->boots_added++;
	return true;
}

/* result_tree_walk's callback: a verified stream into the database. */
static enum result_tree_verdict take_stream(const char *path, struct stream_reader *r, void *ctx)
{
	return export_stream(ctx, path, r) ? RESULT_TREE_TAKEN : RESULT_TREE_FATAL;
}

static void exporter_free(struct exporter *x)
{
	sqlite3_finalize(x->find_boot);
	sqlite3_finalize(x->insert_meta);
	sqlite3_finalize(x->insert_record);
	sqlite3_finalize(x->insert_field);
	sqlite3_finalize(x->insert_summary);
	sqlite3_free(x->summary_sql);
	column_set_free(&x->boots);
	column_set_free(&x->rows);
	column_set_free(&x->summaries);
	sqlite3_close(x->db);
}

int export_sqlite(const char *db_path, char *const paths[], int n, FILE *out, FILE *err)
{
	struct exporter x = { .db_path = db_path, .err = err };
	/* a skipped file makes the exit status 1 (docs/cli.md); the walker's
	 * notes (a directory reached twice) do not */
	size_t skipped = 0;
	bool ok = open_database(&x);
	if (ok)
		ok = result_tree_walk_with_copies(paths, n, take_stream, &x, err, &skipped) >= 0;
	ok = ok && exec(&x, "COMMIT");
	if (ok)
		fprintf(out, "%s: %zu boots added (%zu rows, %zu records), %zu already there, %zu files skipped\n", db_path,
			x.boots_added, x.rows_added, x.records_added, x.duplicates, skipped);
	else
		fprintf(err, "idlebench export: %s: nothing written\n", db_path);
	exporter_free(&x);
	return ok && !skipped ? 0 : 1;
}
