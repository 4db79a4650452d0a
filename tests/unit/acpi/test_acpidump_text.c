/* The acpidump text reader: the exact layout Linux acpidump prints (offsets
 * of 4 and 5+ hex digits, short last lines, CRLF), and one-line errors naming
 * table and offset for input that is truncated, gapped or not a dump. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "tools/cli/acpidump_text.h"

/* Render len bytes as acpidump does: "XXXX @ 0x...", then "    %04X: " and
 * 16 bytes per line, padded, two spaces, ASCII; a blank line after. */
static size_t render(char *out, const char *name, const uint8_t *b, size_t len, const char *eol)
{
	size_t n = (size_t)sprintf(out, "%s @ 0x0000000000000000%s", name, eol);
	for (size_t off = 0; off < len; off += 16) {
		n += (size_t)sprintf(out + n, "  %6zX:", off);
		size_t i;
		for (i = 0; i < 16 && off + i < len; i++)
			n += (size_t)sprintf(out + n, " %02X", b[off + i]);
		for (; i < 16; i++)
			n += (size_t)sprintf(out + n, "   ");
		n += (size_t)sprintf(out + n, "  ");
		for (i = 0; i < 16 && off + i < len; i++)
			out[n++] = (b[off + i] >= 0x20 && b[off + i] < 0x7f) ? (char)b[off + i] : '.';
		n += (size_t)sprintf(out + n, "%s", eol);
	}
	n += (size_t)sprintf(out + n, "%s", eol);
	return n;
}

static uint8_t table[70000];

static void make_table(const char *sig, uint32_t len)
{
	for (uint32_t i = 0; i < len; i++)
		table[i] = (uint8_t)(i * 7 + 0x20);
	memcpy(table, sig, 4);
	table[4] = (uint8_t)len; table[5] = (uint8_t)(len >> 8); table[6] = (uint8_t)(len >> 16); table[7] = 0;
}

static char text[800000];

static void reads_tables_with_long_offsets_and_crlf(void **state)
{
	(void)state;
	struct acpidump d;
	struct acpidump_error err;
	make_table("DSDT", 0x10005); /* offsets reach 5 hex digits, last line 5 bytes */
	size_t n = render(text, "DSDT", table, 0x10005, "\n");
	make_table("SSDT", 40);
	n += render(text + n, "SSDT", table, 40, "\r\n");
	assert_int_equal(acpidump_parse_text(text, n, ACPIDUMP_STRICT, &d, &err), 0);
	assert_int_equal(d.count, 2);
	assert_string_equal(d.tables[0].name, "DSDT");
	assert_int_equal(d.tables[0].len, 0x10005);
	assert_string_equal(d.tables[1].name, "SSDT");
	assert_int_equal(d.tables[1].len, 40);
	assert_memory_equal(d.tables[1].data, table, 40);
	assert_int_equal(d.tables[1].line, 0x1001 + 3);
	acpidump_free(&d);
}

static void truncated_table_names_table_and_offset(void **state)
{
	(void)state;
	struct acpidump d;
	struct acpidump_error err;
	make_table("APIC", 100);
	size_t n = render(text, "APIC", table, 100, "\n");
	/* Drop the last hex line (bytes 96..99) but keep the blank line. */
	char *last = strstr(text, "\n      60:");
	assert_non_null(last);
	last++;
	char *next = strchr(last, '\n') + 1;
	size_t cut = (size_t)(next - last);
	memmove(last, next, n - (size_t)(next - text));
	n -= cut;
	assert_int_equal(acpidump_parse_text(text, n, ACPIDUMP_STRICT, &d, &err), -1);
	assert_string_equal(err.table, "APIC");
	assert_int_equal(err.offset, 96);
	assert_non_null(strstr(err.text, "Length"));
}

static void offset_gap_is_rejected(void **state)
{
	(void)state;
	struct acpidump d;
	struct acpidump_error err;
	const char *t = "FACP @ 0x0\n    0000: 46 41 43 50 24 00 00 00 00 00 00 00 00 00 00 00  FACP$...........\n"
			"    0020: 00 00 00 00                                      ....\n";
	assert_int_equal(acpidump_parse_text(t, strlen(t), ACPIDUMP_STRICT, &d, &err), -1);
	assert_string_equal(err.table, "FACP");
	assert_int_equal(err.line, 3);
	assert_int_equal(err.offset, 16);
}

static void text_that_is_not_a_dump_is_rejected(void **state)
{
	(void)state;
	struct acpidump d;
	struct acpidump_error err;
	const char *t = "root:x:0:0:root:/root:/bin/bash\n";
	assert_int_equal(acpidump_parse_text(t, strlen(t), ACPIDUMP_STRICT, &d, &err), -1);
	assert_int_equal(err.line, 1);
	assert_int_equal(acpidump_parse_text("", 0, ACPIDUMP_STRICT, &d, &err), -1);
	assert_non_null(strstr(err.text, "no ACPI table"));
	const char *h = "    0000: 41 42\n";
	assert_int_equal(acpidump_parse_text(h, strlen(h), ACPIDUMP_STRICT, &d, &err), -1);
	assert_non_null(strstr(err.text, "before the first table header"));
	const uint8_t bin[] = { 0x7f, 'E', 'L', 'F', 0, 0, 0xff, 0x0a };
	assert_int_equal(acpidump_parse_text((const char *)bin, sizeof bin, ACPIDUMP_STRICT, &d, &err), -1);
}

static void directory_of_dat_files_is_read_in_name_order(void **state)
{
	(void)state;
	struct acpidump d;
	struct acpidump_error err;
	char dir[] = "/tmp/idlebench-acpidat-XXXXXX", path[128];
	assert_non_null(mkdtemp(dir));
	const char *names[] = { "ssdt.dat", "apic.dat", "notes.txt" };
	const char *sigs[] = { "SSDT", "APIC", "XXXX" };
	for (int i = 0; i < 3; i++) {
		make_table(sigs[i], 44);
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		FILE *f = fopen(path, "wb");
		fwrite(table, 1, 44, f);
		fclose(f);
	}
	assert_int_equal(acpidump_read_path(dir, ACPIDUMP_STRICT, &d, &err), 0);
	assert_int_equal(d.count, 2);
	assert_string_equal(d.tables[0].name, "APIC");
	assert_string_equal(d.tables[1].name, "SSDT");
	acpidump_free(&d);
	/* A .dat whose Length lies is named by file. */
	make_table("HPET", 56);
	snprintf(path, sizeof path, "%s/hpet.dat", dir);
	FILE *f = fopen(path, "wb");
	fwrite(table, 1, 40, f);
	fclose(f);
	assert_int_equal(acpidump_read_path(dir, ACPIDUMP_STRICT, &d, &err), -1);
	assert_string_equal(err.table, "hpet.dat");
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		unlink(path);
	}
	unlink(path);
	snprintf(path, sizeof path, "%s/hpet.dat", dir);
	unlink(path);
	rmdir(dir);
}

/* ---- lenient reading: what real acpidump output holds ------------------- */

/* A warning line between two tables ends nothing and loses nothing. */
static void lenient_counts_firmware_warning_between_tables(void **state)
{
	(void)state;
	struct acpidump d;
	struct acpidump_error err;
	make_table("APIC", 40);
	size_t n = render(text, "APIC", table, 40, "\n");
	n += (size_t)sprintf(text + n, "Firmware Warning (ACPI): Incorrect checksum in table [OEMB] - 0xBB, "
				       "should be 0xAE (20200925/tbprint-234)\n");
	make_table("OEMB", 70);
	n += render(text + n, "OEMB", table, 70, "\n");
	assert_int_equal(acpidump_parse_text(text, n, ACPIDUMP_STRICT, &d, &err), -1);
	assert_int_equal(err.line, 6);
	assert_int_equal(acpidump_parse_text(text, n, ACPIDUMP_LENIENT, &d, &err), 0);
	assert_int_equal(d.count, 2);
	assert_string_equal(d.tables[1].name, "OEMB");
	assert_int_equal(d.tables[1].len, 70);
	assert_int_equal(d.lines_skipped, 1);
	assert_int_equal(d.tables_dropped, 0);
	assert_int_equal(d.skip_count, 1);
	assert_int_equal(d.skips[0].is_line, 1);
	assert_int_equal(d.skips[0].line, 6);
	assert_non_null(strstr(d.skips[0].why, "Firmware Warning (ACPI): Incorrect checksum in table [OEMB]"));
	acpidump_free(&d);
}

/* A table with a gap or a lying Length is dropped whole, named, and the
 * tables around it are kept; stray hex lines of the dropped table are
 * ignored, and past the listed few, lines are only counted. */
static void lenient_drops_broken_table_keeps_the_rest(void **state)
{
	(void)state;
	struct acpidump d;
	struct acpidump_error err;
	make_table("SSDT", 48);
	size_t n = render(text, "SSDT", table, 48, "\n");
	char *gap = strstr(text, "\n      10:"); /* drop bytes 16..31: a gap */
	assert_non_null(gap);
	char *next = strchr(gap + 1, '\n');
	memmove(gap, next, n - (size_t)(next - text) + 1);
	n -= (size_t)(next - gap);
	make_table("HPET", 56);
	n += render(text + n, "HPET", table, 40, "\n"); /* Length 56, 40 bytes dumped */
	make_table("FACP", 36);
	n += render(text + n, "FACP", table, 36, "\n");
	for (int i = 0; i < ACPIDUMP_LINES_LISTED + 2; i++)
		n += (size_t)sprintf(text + n, "odd line %d\n", i);
	assert_int_equal(acpidump_parse_text(text, n, ACPIDUMP_LENIENT, &d, &err), 0);
	assert_int_equal(d.count, 1);
	assert_string_equal(d.tables[0].name, "FACP");
	assert_int_equal(d.tables_dropped, 2);
	assert_int_equal(d.lines_skipped, ACPIDUMP_LINES_LISTED + 2);
	assert_int_equal(d.skip_count, 2 + ACPIDUMP_LINES_LISTED);
	assert_string_equal(d.skips[0].table, "SSDT");
	assert_int_equal(d.skips[0].line, 1);
	assert_non_null(strstr(d.skips[0].why, "does not continue"));
	assert_string_equal(d.skips[1].table, "HPET");
	assert_non_null(strstr(d.skips[1].why, "Length field says 56"));
	acpidump_free(&d);
}

/* "RSD  @ 0x..." (old acpidump) is the RSDP; an empty file or one without
 * any table section is read as no tables, not refused. */
static void lenient_reads_old_rsd_header_and_empty_files(void **state)
{
	(void)state;
	struct acpidump d;
	struct acpidump_error err;
	const char *t = "RSD  @ 0x000000009FBFE014\n"
			"  0000: 52 53 44 20 50 54 52 20 6D 54 4F 53 49 4E 56 02  RSD PTR mTOSINV.\n";
	assert_int_equal(acpidump_parse_text(t, strlen(t), ACPIDUMP_STRICT, &d, &err), 0);
	assert_int_equal(d.count, 1);
	assert_string_equal(d.tables[0].name, "RSDP");
	acpidump_free(&d);
	assert_int_equal(acpidump_parse_text("", 0, ACPIDUMP_LENIENT, &d, &err), 0);
	assert_int_equal(d.count, 0);
	const char *h = "    0000: 41 42\nnot a dump\n";
	assert_int_equal(acpidump_parse_text(h, strlen(h), ACPIDUMP_LENIENT, &d, &err), 0);
	assert_int_equal(d.count, 0);
	assert_int_equal(d.lines_skipped, 2);
	acpidump_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_tables_with_long_offsets_and_crlf),
		cmocka_unit_test(truncated_table_names_table_and_offset),
		cmocka_unit_test(offset_gap_is_rejected),
		cmocka_unit_test(text_that_is_not_a_dump_is_rejected),
		cmocka_unit_test(directory_of_dat_files_is_read_in_name_order),
		cmocka_unit_test(lenient_counts_firmware_warning_between_tables),
		cmocka_unit_test(lenient_drops_broken_table_keeps_the_rest),
		cmocka_unit_test(lenient_reads_old_rsd_header_and_empty_files),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
