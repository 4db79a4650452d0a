/* Parser for the acpidump text format (ACPICA acpidump, `-o` absent):
 *
 *   DSDT @ 0x00000000cd7f0000
 *       0000: 44 53 44 54 C0 5B 01 00 02 8D 41 4C 41 53 4B 41  DSDT.[....ALASKA
 *       ...
 *      10000: A0 46 ...                                         (offsets grow to 5+ digits)
 *   <blank line>
 *
 * Each hex line holds up to 16 bytes at the given offset, then two or more
 * spaces and the ASCII column; the offsets of one table must run without gaps.
 * What real dumps add (tools/cli/acpidump_text.h, enum acpidump_mode): lines such
 * as "Firmware Warning (ACPI): Incorrect checksum in table [SSDT] - 0x3F,
 * should be 0x1F (20190509/tbprint-239)" between tables, "RSD  @ 0x..."
 * headers, broken or empty files. Read leniently, a line not understood is
 * counted and ends nothing; a table whose bytes are not one table is dropped
 * whole and named; nothing else is lost. */
#include "tools/cli/acpidump_text.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "platform/acpi/acpi_table.h"
#include "lib/parse.h"
#include "tools/common/grow.h"

#define BYTES_PER_LINE 16

static int fail(struct acpidump_error *err, const char *table, unsigned line, size_t offset, const char *fmt, ...)
{
	va_list ap;

	snprintf(err->table, sizeof err->table, "%s", table ? table : "");
	err->line = line;
	err->offset = offset;
	err->unreadable = 0;
	err->no_table = 0;
	va_start(ap, fmt);
	vsnprintf(err->text, sizeof err->text, fmt, ap);
	va_end(ap);
	return -1;
}

static struct acpidump_table *new_table(struct acpidump *d)
{
	struct acpidump_table *t = realloc(d->tables, (d->count + 1) * sizeof *t);
	if (!t)
		return NULL;
	d->tables = t;
	t = &d->tables[d->count++];
	memset(t, 0, sizeof *t);
	return t;
}

static int append(struct acpidump_table *t, size_t *cap, const uint8_t *bytes, size_t n)
{
	uint8_t *p = grow(t->data, cap, t->len + n, 1, 4096);
	if (!p)
		return -1;
	t->data = p;
	memcpy(t->data + t->len, bytes, n);
	t->len += n;
	return 0;
}

/* "XXXX @ 0x<hex>": a 4-character name. Old acpidump versions print the RSDP
 * as "RSD  @ 0x..." (its signature "RSD PTR " cut to four characters). */
static int parse_header(const char *s, size_t n, char name[9])
{
	if (n < 10 || memcmp(s + 4, " @ 0x", 5) != 0)
		return 0;
	for (int i = 0; i < 4; i++)
		if (s[i] < ' ' || s[i] > '~' || (i == 0 && s[i] == ' '))
			return 0;
	for (size_t i = 9; i < n; i++)
		if (parse_hex_digit(s[i]) < 0)
			return 0;
	memcpy(name, s, 4);
	name[4] = '\0';
	if (!strcmp(name, "RSD "))
		memcpy(name, "RSDP", 5);
	return 1;
}

/* "   <hex offset>: XX XX ...  ascii". Returns the byte count, -1 if the line
 * is not a hex line. */
static int parse_hex_line(const char *s, size_t n, size_t *offset, uint8_t bytes[BYTES_PER_LINE])
{
	size_t i = 0;
	while (i < n && s[i] == ' ')
		i++;
	size_t start = i, off = 0;
	while (i < n && parse_hex_digit(s[i]) >= 0) {
		if (i - start >= 8)
			return -1;
		off = off * 16 + (size_t)parse_hex_digit(s[i++]);
	}
	if (i == start || i >= n || s[i] != ':')
		return -1;
	i++;
	int count = 0;
	/* Each byte is " XX"; the ASCII column starts after two spaces. */
	while (count < BYTES_PER_LINE && i + 2 < n && s[i] == ' ' && parse_hex_digit(s[i + 1]) >= 0 && parse_hex_digit(s[i + 2]) >= 0 &&
	       (i + 3 == n || s[i + 3] == ' ')) {
		bytes[count++] = (uint8_t)(parse_hex_digit(s[i + 1]) << 4 | parse_hex_digit(s[i + 2]));
		i += 3;
	}
	if (count == 0)
		return -1;
	*offset = off;
	return count;
}

/* Record a skip; -1 when out of memory. */
static int add_skip(struct acpidump *d, const char *table, unsigned line, const char *file, int is_line,
		    const char *fmt, ...)
{
	struct acpidump_skip *k = realloc(d->skips, (d->skip_count + 1) * sizeof *k);
	if (!k)
		return -1;
	d->skips = k;
	k = &d->skips[d->skip_count++];
	memset(k, 0, sizeof *k);
	snprintf(k->table, sizeof k->table, "%s", table ? table : "");
	snprintf(k->file, sizeof k->file, "%s", file ? file : "");
	k->line = line;
	k->is_line = is_line;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(k->why, sizeof k->why, fmt, ap);
	va_end(ap);
	return 0;
}

/* A line that is neither header nor hex, in lenient mode: counted, and the
 * first few listed with their text (printable characters only). */
static int skip_line(struct acpidump *d, const char *table, unsigned line, const char *s, size_t n)
{
	if (d->lines_skipped++ >= ACPIDUMP_LINES_LISTED)
		return 0;
	char shown[72];
	size_t k = 0;
	for (size_t i = 0; i < n && k + 1 < sizeof shown; i++)
		shown[k++] = (s[i] >= ' ' && s[i] <= '~') ? s[i] : '?';
	shown[k] = '\0';
	return add_skip(d, table, line, NULL, 1, "%s%s", shown, n > k ? "..." : "");
}

/* Why a finished table's bytes are not one table, or NULL. */
static const char *table_length_problem(const struct acpidump_table *t, char *why, size_t cap)
{
	if (!strcmp(t->name, "RSDP"))
		return NULL;
	if (t->len < 8) {
		snprintf(why, cap, "table holds %zu bytes, fewer than its header", t->len);
		return why;
	}
	uint32_t declared = acpi_le32(t->data + 4);
	if (declared != t->len) {
		snprintf(why, cap, "dump holds %zu bytes but the Length field says %u", t->len, declared);
		return why;
	}
	return NULL;
}

/* Remove the last table (the one being read) from the dump. */
static void drop_last_table(struct acpidump *d)
{
	free(d->tables[d->count - 1].data);
	d->count--;
}

/* The current table is complete: keep it, or (lenient) drop it with why. */
static int finish_table(struct acpidump *d, struct acpidump_table *t, enum acpidump_mode mode,
			struct acpidump_error *err)
{
	char why[128];
	if (!t || !table_length_problem(t, why, sizeof why))
		return 0;
	if (mode == ACPIDUMP_STRICT)
		return fail(err, t->name, t->line, t->len, "%s", why);
	if (add_skip(d, t->name, t->line, NULL, 0, "%s", why))
		return fail(err, t->name, t->line, 0, "out of memory");
	d->tables_dropped++;
	drop_last_table(d);
	return 0;
}

int acpidump_parse_text(const char *text, size_t len, enum acpidump_mode mode, struct acpidump *out,
			struct acpidump_error *err)
{
	struct acpidump_table *cur = NULL;
	bool dropping = false; /* hex lines of a table already dropped are ignored */
	size_t cap = 0;
	unsigned line = 0;
	const bool strict = mode == ACPIDUMP_STRICT;

	memset(out, 0, sizeof *out);
	for (size_t pos = 0; pos < len;) {
		const char *s = text + pos;
		const char *nl = memchr(s, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - s) : len - pos;
		pos += n + (nl != NULL);
		line++;
		/* Trailing blanks (CRLF files, an ASCII column ending in spaces)
		 * carry no bytes. */
		while (n && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
		if (n == 0)
			continue;
		char name[9];
		size_t offset;
		uint8_t bytes[BYTES_PER_LINE];
		if (parse_header(s, n, name)) {
			if (finish_table(out, cur, mode, err))
				goto bad;
			dropping = false;
			cur = new_table(out);
			if (!cur) {
				fail(err, name, line, 0, "out of memory");
				goto bad;
			}
			memcpy(cur->name, name, sizeof cur->name);
			cur->line = line;
			cap = 0;
			continue;
		}
		int count = parse_hex_line(s, n, &offset, bytes);
		if (count < 0) {
			/* "Firmware Warning (ACPI): ..." and the like: they sit
			 * between tables and end nothing. */
			if (strict) {
				fail(err, cur ? cur->name : "", line, cur ? cur->len : 0,
				     "line is neither a table header nor a hex dump line");
				goto bad;
			}
			if (skip_line(out, cur ? cur->name : "", line, s, n)) {
				fail(err, "", line, 0, "out of memory");
				goto bad;
			}
			continue;
		}
		if (dropping)
			continue;
		if (!cur) {
			if (strict) {
				fail(err, "", line, offset, "hex line before the first table header");
				goto bad;
			}
			if (skip_line(out, "", line, s, n)) {
				fail(err, "", line, 0, "out of memory");
				goto bad;
			}
			continue;
		}
		const char *problem = NULL;
		char why[128];
		if (offset != cur->len) {
			snprintf(why, sizeof why, "hex line offset 0x%zx does not continue the table (line %u)", offset,
				 line);
			problem = why;
		} else if (cur->len + (size_t)count > ACPI_MAX_TABLE_LEN) {
			snprintf(why, sizeof why, "table larger than %u bytes", ACPI_MAX_TABLE_LEN);
			problem = why;
		}
		if (problem) {
			if (strict) {
				fail(err, cur->name, line, cur->len, "%s", problem);
				goto bad;
			}
			if (add_skip(out, cur->name, cur->line, NULL, 0, "%s", problem)) {
				fail(err, cur->name, line, 0, "out of memory");
				goto bad;
			}
			out->tables_dropped++;
			drop_last_table(out);
			cur = NULL;
			dropping = true;
			continue;
		}
		if (append(cur, &cap, bytes, (size_t)count)) {
			fail(err, cur->name, line, cur->len, "out of memory");
			goto bad;
		}
	}
	if (finish_table(out, cur, mode, err))
		goto bad;
	if (out->count == 0 && strict) {
		fail(err, "", line, 0, "no ACPI table sections found (not an acpidump text file?)");
		err->no_table = 1;
		goto bad;
	}
	return 0;
bad:
	acpidump_free(out);
	return -1;
}

static int read_file(const char *path, uint8_t **data, size_t *len, size_t limit)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	size_t cap = 0;
	*data = NULL;
	*len = 0;
	for (;;) {
		if (*len == cap) {
			if (cap >= limit) {
				errno = EFBIG;
				goto bad;
			}
			uint8_t *p = grow(*data, &cap, cap + 1, 1, 65536);
			if (!p)
				goto bad;
			*data = p;
		}
		size_t got = fread(*data + *len, 1, cap - *len, f);
		*len += got;
		if (got == 0)
			break;
	}
	if (ferror(f))
		goto bad;
	fclose(f);
	return 0;
bad:
	fclose(f);
	free(*data);
	*data = NULL;
	return -1;
}

/* As fail(), for a file that could not be read at all. */
static int fail_io(struct acpidump_error *err, const char *table, const char *path)
{
	fail(err, table, 0, 0, "%s: %s", path, strerror(errno));
	err->unreadable = 1;
	return -1;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int acpidump_read_dir(const char *dir, enum acpidump_mode mode, struct acpidump *out, struct acpidump_error *err)
{
	memset(out, 0, sizeof *out);
	DIR *d = opendir(dir);
	if (!d)
		return fail_io(err, "", dir);
	char **names = NULL;
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		if (l < 5 || strcmp(e->d_name + l - 4, ".dat"))
			continue;
		char **nn = realloc(names, (n + 1) * sizeof *names);
		if (!nn || !(nn[n] = strdup(e->d_name))) {
			names = nn ? nn : names;
			break;
		}
		names = nn;
		n++;
	}
	closedir(d);
	qsort(names, n, sizeof *names, name_cmp);
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		char path[4096], why[128];
		struct acpidump_table *t = new_table(out);
		if (!t) {
			rc = fail(err, names[i], 0, 0, "out of memory");
			break;
		}
		snprintf(t->file, sizeof t->file, "%s", names[i]);
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if (read_file(path, &t->data, &t->len, ACPI_MAX_TABLE_LEN + 1)) {
			rc = fail_io(err, names[i], path);
			break;
		}
		/* A .dat file is one table; its own signature names it. */
		snprintf(t->name, sizeof t->name, "%.4s", t->len >= 4 ? (const char *)t->data : "????");
		if (t->len >= 8 && !memcmp(t->data, "RSD PTR ", 8))
			memcpy(t->name, "RSDP", 5);
		if (!table_length_problem(t, why, sizeof why))
			continue;
		if (mode == ACPIDUMP_STRICT) {
			rc = fail(err, names[i], 0, t->len, "file: %s", why);
		} else if (add_skip(out, t->name, 0, names[i], 0, "%s", why)) {
			rc = fail(err, names[i], 0, 0, "out of memory");
		} else {
			out->tables_dropped++;
			drop_last_table(out);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (rc == 0 && n == 0) {
		rc = fail(err, "", 0, 0, "%s: no *.dat tables", dir);
		err->no_table = 1;
	}
	if (rc)
		acpidump_free(out);
	return rc;
}

int acpidump_read_path(const char *path, enum acpidump_mode mode, struct acpidump *out, struct acpidump_error *err)
{
	struct stat st;

	memset(out, 0, sizeof *out);
	if (stat(path, &st))
		return fail_io(err, "", path);
	if (S_ISDIR(st.st_mode))
		return acpidump_read_dir(path, mode, out, err);
	uint8_t *data;
	size_t len;
	/* A dump is ~5 text bytes per table byte; bound it generously. */
	if (read_file(path, &data, &len, 512u * 1024u * 1024u))
		return fail_io(err, "", path);
	int rc = acpidump_parse_text((const char *)data, len, mode, out, err);
	free(data);
	return rc;
}

void acpidump_free(struct acpidump *d)
{
	for (size_t i = 0; i < d->count; i++)
		free(d->tables[i].data);
	free(d->tables);
	free(d->skips);
	memset(d, 0, sizeof *d);
}
