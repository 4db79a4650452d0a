/* Reading a machine's ACPI tables on the host: the text hex dump Linux
 * `acpidump` prints (and `acpixtract` reads), or a directory of binary *.dat
 * tables. Tables are collected by content, in file order: linuxhw dumps print
 * every address as 0, so nothing here follows a pointer. */
#ifndef IDLEBENCH_TOOLS_ACPIDUMP_TEXT_H
#define IDLEBENCH_TOOLS_ACPIDUMP_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* One table's bytes as the dump holds them (not yet checked). */
struct acpidump_table {
	char name[9];       /* section name: "SSDT", "RSDP", or a file name stem */
	uint8_t *data;
	size_t len;
	unsigned line;      /* line of the section header (0 for a .dat file) */
	char file[64];      /* the .dat file name (empty for a text dump) */
};

/* All tables of one dump (heap-allocated; free with acpidump_free). */
struct acpidump {
	struct acpidump_table *tables;
	size_t count;
};

/* Why a dump was rejected: the table, where, and what. */
struct acpidump_error {
	char table[64];     /* section or file name, "" before the first section */
	unsigned line;      /* text line (1-based), 0 for a .dat file */
	size_t offset;      /* byte offset within the table */
	char text[160];
	int unreadable;     /* 1: a file could not be read (not a malformed dump) */
};

/* Parse a text dump of len bytes. Returns 0, or -1 with *err filled: a line
 * that is neither a section header nor a hex line, an offset that does not
 * continue the table, a table whose Length disagrees with its bytes, or no
 * table at all. */
int acpidump_parse_text(const char *text, size_t len, struct acpidump *out, struct acpidump_error *err);

/* Read every *.dat file in dir (sorted by name). Returns 0 or -1 with *err. */
int acpidump_read_dir(const char *dir, struct acpidump *out, struct acpidump_error *err);

/* Read a file: a text dump, or a directory of .dat files. Returns 0 or -1. */
int acpidump_read_path(const char *path, struct acpidump *out, struct acpidump_error *err);

/* Release what a read allocated; *d becomes empty. */
void acpidump_free(struct acpidump *d);

#endif
