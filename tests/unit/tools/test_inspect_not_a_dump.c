/* `idlebench inspect` on files that are not an acpidump at all:
 * random bytes, some other text, an empty file, a directory without *.dat
 * tables. Each must exit 2 with exactly one line on stderr that names the
 * file and asks whether it is acpidump output, and nothing on stdout: no
 * key that reads like a machine without C2 (c2_port=none), no "# skipped"
 * line echoing the file's bytes. Default and --strict alike. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "tests/unit/tools/fd_redirect.h"
#include "tools/common/commands.h"

static char dir[] = "/tmp/idlebench-inspect-XXXXXX";

static void write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* inspect [--strict] PATH: exit 1 (input rejected; 2 is usage), stdout empty, stderr the one line and
 * nothing else (so no byte of the input reached the terminal). */
static void refused_with_one_line(const char *path, int strict)
{
	static struct command_output o;
	char want[4200];
	char *argv[] = { "inspect", strict ? "--strict" : (char *)path, (char *)path, NULL };
	run_command(cmd_inspect, strict ? 3 : 2, argv, NULL, &o);
	snprintf(want, sizeof want,
		 "idlebench inspect: %s holds no ACPI table: is this acpidump output? (a FILE must hold \"XXXX @ 0x...\" table "
		 "sections, a DIR binary *.dat tables)\n",
		 path);
	assert_int_equal(o.status, 1);
	assert_string_equal(o.out, "");
	assert_string_equal(o.err, want);
}

static void random_bytes_are_refused(void **state)
{
	(void)state;
	char path[128];
	uint8_t bytes[8192];
	/* Deterministic noise (xorshift32) with every byte value, newlines and
	 * escape sequences among them. */
	uint32_t x = 2463534242u;
	for (size_t i = 0; i < sizeof bytes; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		bytes[i] = (uint8_t)x;
	}
	snprintf(path, sizeof path, "%s/random.bin", dir);
	write_file(path, bytes, sizeof bytes);
	refused_with_one_line(path, 0);
	unlink(path);
}

/* Text that looks half like a dump (a warning line, a hex-looking line
 * outside any table) but has no "XXXX @ 0x" section. */
static void a_text_file_is_refused(void **state)
{
	(void)state;
	char path[128];
	const char *text = "# notes about my machine\n"
			   "Firmware Warning (ACPI): Incorrect checksum in table [OEMB]\n"
			   "    0000: 44 53 44 54 C0 5B 01 00 02 8D 41 4C 41 53 4B 41  DSDT.[....ALASKA\n"
			   "\x1b[2Jterminal escape\n";
	snprintf(path, sizeof path, "%s/notes.txt", dir);
	write_file(path, text, strlen(text));
	refused_with_one_line(path, 0);
	unlink(path);
}

static void an_empty_file_is_refused(void **state)
{
	(void)state;
	char path[128];
	snprintf(path, sizeof path, "%s/empty.txt", dir);
	write_file(path, "", 0);
	refused_with_one_line(path, 0);
	refused_with_one_line(path, 1);
	unlink(path);
}

/* A directory: empty, or holding files that are not *.dat tables. */
static void a_directory_without_dat_tables_is_refused(void **state)
{
	(void)state;
	char sub[128], path[192];
	snprintf(sub, sizeof sub, "%s/tables", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	refused_with_one_line(sub, 0);
	snprintf(path, sizeof path, "%s/dsdt.dsl", sub);
	const char *dsl = "DefinitionBlock (\"\", \"DSDT\", 2, \"ALASKA\", \"A M I\", 0x01072009)\n";
	write_file(path, dsl, strlen(dsl));
	refused_with_one_line(sub, 0);
	refused_with_one_line(sub, 1);
	unlink(path);
	rmdir(sub);
}

/* A directory of *.dat files of random bytes (a dump directory's names, no
 * table's signature): refused too, and no byte of the files is echoed (the
 * old code said exit 0 and printed the "signature" bytes raw). */
/* A result CSV given by mistake (the shipped example boot): input
 * rejected, exit 1, never 2, which is usage only. The old inspect exited 2. */
static void a_result_csv_is_refused_with_exit_1(void **state)
{
	(void)state;
	refused_with_one_line("docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261130T140438Z.csv", 0);
	static struct command_output o;
	char *strict[] = { "inspect", "--strict",
			   "docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032134Z.csv", NULL };
	run_command(cmd_inspect, 3, strict, NULL, &o);
	assert_int_equal(o.status, 1);
	assert_string_equal(o.out, "");
}

static void a_directory_of_random_dat_files_is_refused(void **state)
{
	(void)state;
	char sub[128], path[192];
	uint8_t bytes[200];
	uint32_t x = 88675123u;
	for (size_t i = 0; i < sizeof bytes; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		bytes[i] = (uint8_t)(x | 0x80); /* never an ASCII signature */
	}
	snprintf(sub, sizeof sub, "%s/randdats", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	snprintf(path, sizeof path, "%s/apic.dat", sub);
	write_file(path, bytes, sizeof bytes);
	refused_with_one_line(sub, 0);
	unlink(path);
	rmdir(sub);
}

static int make_dir(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
	(void)state;
	return rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(random_bytes_are_refused),
		cmocka_unit_test(a_text_file_is_refused),
		cmocka_unit_test(an_empty_file_is_refused),
		cmocka_unit_test(a_directory_without_dat_tables_is_refused),
		cmocka_unit_test(a_directory_of_random_dat_files_is_refused),
		cmocka_unit_test(a_result_csv_is_refused_with_exit_1),
	};
	return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
