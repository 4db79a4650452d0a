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

/* How much the reader forgives. Real `acpidump` output (linuxhw/ACPI: 661
 * dumps, a third of them not clean) has lines between tables ("Firmware
 * Warning (ACPI): Incorrect checksum in table [OEMB] ..."), "RSD  @" headers
 * from old versions, tables whose bytes do not match their Length, and empty
 * files; a user's file must be read, not refused, so LENIENT is the default. */
enum acpidump_mode {
	ACPIDUMP_LENIENT, /* skip and record what is not understood; fail only on I/O or memory */
	ACPIDUMP_STRICT,  /* the first line or table not understood rejects the dump */
};

/* Something a lenient read left out: a table (with why) or a line. */
struct acpidump_skip {
	char table[9];      /* section name, "" for a line outside any table */
	unsigned line;      /* text line (1-based), 0 for a .dat file */
	char file[64];      /* the .dat file, "" for a text dump */
	char why[128];      /* for a line: its first characters */
	int is_line;        /* 1: one line not understood; 0: a whole table dropped */
};

/* All tables of one dump (heap-allocated; free with acpidump_free). */
struct acpidump {
	struct acpidump_table *tables;
	size_t count;
	struct acpidump_skip *skips;  /* dropped tables, and the first lines not understood */
	size_t skip_count;
	unsigned tables_dropped;      /* tables left out (all are in skips) */
	unsigned lines_skipped;       /* lines not understood (the first ACPIDUMP_LINES_LISTED are in skips) */
};

/* How many skipped lines are listed one by one in skips[]; the rest are counted. */
#define ACPIDUMP_LINES_LISTED 4

/* Why a dump was rejected: the table, where, and what. */
struct acpidump_error {
	char table[64];     /* section or file name, "" before the first section */
	unsigned line;      /* text line (1-based), 0 for a .dat file */
	size_t offset;      /* byte offset within the table */
	char text[160];
	int unreadable;     /* 1: a file could not be read (not a malformed dump) */
	int no_table;       /* 1: not a dump at all: no table section, no *.dat file */
};

/* Parse a text dump of len bytes. Returns 0, or -1 with *err filled. STRICT
 * fails on a line that is neither a section header nor a hex line, an offset
 * that does not continue the table, a table whose Length disagrees with its
 * bytes, or no table at all; LENIENT records each of these in out->skips
 * (a broken table is dropped whole) and fails only when out of memory. */
int acpidump_parse_text(const char *text, size_t len, enum acpidump_mode mode, struct acpidump *out,
			struct acpidump_error *err);

/* Read every *.dat file in dir (sorted by name). Returns 0 or -1 with *err;
 * LENIENT drops (and records) a file whose Length lies. */
int acpidump_read_dir(const char *dir, enum acpidump_mode mode, struct acpidump *out, struct acpidump_error *err);

/* Read a file: a text dump, or a directory of .dat files. Returns 0 or -1.
 * LENIENT returns 0 for a text file without any table section (count 0,
 * tables_dropped 0): the caller decides whether that is an error. */
int acpidump_read_path(const char *path, enum acpidump_mode mode, struct acpidump *out, struct acpidump_error *err);

/* Release what a read allocated; *d becomes empty. */
void acpidump_free(struct acpidump *d);

#endif
