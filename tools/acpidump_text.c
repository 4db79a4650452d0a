/* Parser for the acpidump text format (ACPICA acpidump, `-o` absent):
 *
 *   DSDT @ 0x00000000cd7f0000
 *       0000: 44 53 44 54 C0 5B 01 00 02 8D 41 4C 41 53 4B 41  DSDT.[....ALASKA
 *       ...
 *      10000: A0 46 ...                                         (offsets grow to 5+ digits)
 *   <blank line>
 *
 * Each hex line holds up to 16 bytes at the given offset, then two or more
 * spaces and the ASCII column; the offsets of one table must run without gaps. */
#include "tools/acpidump_text.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kernel/acpi/acpi_table.h"

#define BYTES_PER_LINE 16

static int fail(struct acpidump_error *err, const char *table, unsigned line, size_t offset, const char *fmt, ...)
{
	va_list ap;

	snprintf(err->table, sizeof err->table, "%s", table ? table : "");
	err->line = line;
	err->offset = offset;
	err->unreadable = 0;
	va_start(ap, fmt);
	vsnprintf(err->text, sizeof err->text, fmt, ap);
	va_end(ap);
	return -1;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
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
	if (t->len + n > *cap) {
		size_t ncap = *cap ? *cap * 2 : 4096;
		while (ncap < t->len + n)
			ncap *= 2;
		uint8_t *p = realloc(t->data, ncap);
		if (!p)
			return -1;
		t->data = p;
		*cap = ncap;
	}
	memcpy(t->data + t->len, bytes, n);
	t->len += n;
	return 0;
}

/* "XXXX @ 0x<hex>": a 4-character name (RSDP is printed as "RSDP"). */
static int parse_header(const char *s, size_t n, char name[9])
{
	if (n < 9 || memcmp(s + 4, " @ 0x", 5) != 0)
		return 0;
	for (int i = 0; i < 4; i++)
		if (s[i] <= ' ' || s[i] > '~')
			return 0;
	size_t i = 9;
	if (i >= n)
		return 0;
	for (; i < n; i++)
		if (hexval(s[i]) < 0 && s[i] != '\r')
			return 0;
	memcpy(name, s, 4);
	name[4] = '\0';
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
	while (i < n && hexval(s[i]) >= 0) {
		if (i - start >= 8)
			return -1;
		off = off * 16 + (size_t)hexval(s[i++]);
	}
	if (i == start || i >= n || s[i] != ':')
		return -1;
	i++;
	int count = 0;
	/* Each byte is " XX"; the ASCII column starts after two spaces. */
	while (count < BYTES_PER_LINE && i + 2 < n && s[i] == ' ' && hexval(s[i + 1]) >= 0 && hexval(s[i + 2]) >= 0 &&
	       (i + 3 == n || s[i + 3] == ' ')) {
		bytes[count++] = (uint8_t)(hexval(s[i + 1]) << 4 | hexval(s[i + 2]));
		i += 3;
	}
	if (count == 0)
		return -1;
	*offset = off;
	return count;
}

static int finish_table(struct acpidump_table *t, struct acpidump_error *err)
{
	if (!t || !strcmp(t->name, "RSDP"))
		return 0;
	if (t->len < 8)
		return fail(err, t->name, t->line, t->len, "table holds %zu bytes, fewer than its header", t->len);
	uint32_t declared = acpi_le32(t->data + 4);
	if (declared != t->len)
		return fail(err, t->name, t->line, t->len, "dump holds %zu bytes but the Length field says %u",
			    t->len, declared);
	return 0;
}

int acpidump_parse_text(const char *text, size_t len, struct acpidump *out, struct acpidump_error *err)
{
	struct acpidump_table *cur = NULL;
	size_t cap = 0;
	unsigned line = 0;

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
			if (finish_table(cur, err))
				goto bad;
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
			fail(err, cur ? cur->name : "", line, cur ? cur->len : 0,
			     "line is neither a table header nor a hex dump line");
			goto bad;
		}
		if (!cur) {
			fail(err, "", line, offset, "hex line before the first table header");
			goto bad;
		}
		if (offset != cur->len) {
			fail(err, cur->name, line, cur->len, "hex line offset 0x%zx does not continue the table", offset);
			goto bad;
		}
		if (cur->len + (size_t)count > ACPI_MAX_TABLE_LEN) {
			fail(err, cur->name, line, cur->len, "table larger than %u bytes", ACPI_MAX_TABLE_LEN);
			goto bad;
		}
		if (append(cur, &cap, bytes, (size_t)count)) {
			fail(err, cur->name, line, cur->len, "out of memory");
			goto bad;
		}
	}
	if (finish_table(cur, err))
		goto bad;
	if (out->count == 0) {
		fail(err, "", line, 0, "no ACPI table sections found (not an acpidump text file?)");
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
			size_t ncap = cap ? cap * 2 : 65536;
			uint8_t *p = realloc(*data, ncap);
			if (!p)
				goto bad;
			*data = p;
			cap = ncap;
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

int acpidump_read_dir(const char *dir, struct acpidump *out, struct acpidump_error *err)
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
		char path[4096];
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
		if (!strcmp(t->name, "RSDP"))
			continue;
		if (t->len < 8) {
			rc = fail(err, names[i], 0, t->len, "file holds %zu bytes, fewer than a table header", t->len);
		} else if (acpi_le32(t->data + 4) != t->len) {
			rc = fail(err, names[i], 0, t->len, "file holds %zu bytes but the Length field says %u", t->len,
				  acpi_le32(t->data + 4));
		}
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (rc == 0 && out->count == 0)
		rc = fail(err, "", 0, 0, "%s: no *.dat tables", dir);
	if (rc)
		acpidump_free(out);
	return rc;
}

int acpidump_read_path(const char *path, struct acpidump *out, struct acpidump_error *err)
{
	struct stat st;

	memset(out, 0, sizeof *out);
	if (stat(path, &st))
		return fail_io(err, "", path);
	if (S_ISDIR(st.st_mode))
		return acpidump_read_dir(path, out, err);
	uint8_t *data;
	size_t len;
	/* A dump is ~5 text bytes per table byte; bound it generously. */
	if (read_file(path, &data, &len, 512u * 1024u * 1024u))
		return fail_io(err, "", path);
	int rc = acpidump_parse_text((const char *)data, len, out, err);
	free(data);
	return rc;
}

void acpidump_free(struct acpidump *d)
{
	for (size_t i = 0; i < d->count; i++)
		free(d->tables[i].data);
	free(d->tables);
	d->tables = NULL;
	d->count = 0;
}
