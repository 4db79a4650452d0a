/* `idlebench check` on the fixture streams: exact verdict lines and exit status. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "tests/unit/tools/fd_redirect.h"
#include "tools/common/commands.h"

#define F "tests/fixtures/streams/"

static void check(struct command_output *o, int argc, char **argv)
{
	run_command(cmd_check, argc, argv, NULL, o);
}

static void test_intact_streams_pass_and_show_rows_and_status(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "check", F "clean.csv", F "status_error.csv", F "noisy.log" };
	check(&o, 4, argv);
	assert_int_equal(o.status, 0);
	assert_string_equal(o.out, F "clean.csv: ok rows=3 status=ok\n"
				   F "status_error.csv: ok rows=0 status=error\n"
				   F "noisy.log: ok rows=3 status=ok\n");
	assert_string_equal(o.err, "");
}

static void test_each_bad_file_gets_its_reason_and_exit_1(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "check", F "flipped.csv", F "clean.csv", F "truncated.csv", F "wrong_rows.csv",
			 F "bad_fields.csv", F "empty.csv", F "schema6.csv", F "missing.csv" };
	check(&o, 9, argv);
	assert_int_equal(o.status, 1);
	assert_string_equal(o.out, F "clean.csv: ok rows=3 status=ok\n");
	assert_string_equal(o.err,
		"idlebench check: " F "flipped.csv: CRC-32 mismatch: line 20: end record says crc32=2c591ffb, computed 07a34656\n"
		"idlebench check: " F "truncated.csv: truncated: input ended after 16 complete lines and a partial line without the `#! end` record\n"
		"idlebench check: " F "wrong_rows.csv: row count mismatch: line 20: end record says rows=4, stream has 3\n"
		"idlebench check: " F "bad_fields.csv: row with wrong field count: line 17: row has 16 fields, expected 17\n"
		"idlebench check: " F "empty.csv: not an idlebench stream: no `#! idlebench` header in the input\n"
		"idlebench check: " F "schema6.csv: unknown schema version: line 1: schema=6, this reader knows schema=1 to 5\n"
		"idlebench check: " F "missing.csv: unreadable: No such file or directory\n");
}

/* A directory is searched for *.csv (as report and export search one): each
 * stream verified, the others in it (.log) not candidates; a directory
 * without one is an error, not a silent pass. The old check said only
 * "read error: Is a directory". */
static void test_a_directory_is_searched_for_csv(void **state)
{
	(void)state;
	struct command_output o;
	char dir[] = "/tmp/idlebench-check-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char empty[] = "/tmp/idlebench-check-empty-XXXXXX";
	assert_non_null(mkdtemp(empty));
	const char *names[] = { "clean.csv", "truncated.csv", "noisy.log" };
	char path[3][160];
	for (int i = 0; i < 3; i++) {
		char from[160];
		snprintf(from, sizeof from, F "%s", names[i]);
		snprintf(path[i], sizeof path[i], "%s/%s", dir, names[i]);
		FILE *in = fopen(from, "rb"), *out = fopen(path[i], "wb");
		assert_non_null(in);
		assert_non_null(out);
		char buf[4096];
		size_t n;
		while ((n = fread(buf, 1, sizeof buf, in)) > 0)
			assert_int_equal(fwrite(buf, 1, n, out), n);
		fclose(in);
		fclose(out);
	}
	char *argv[] = { "check", dir };
	check(&o, 2, argv);
	char want_out[300], want_err[400];
	snprintf(want_out, sizeof want_out, "%s/clean.csv: ok rows=3 status=ok\n", dir);
	snprintf(want_err, sizeof want_err, "idlebench check: %s/truncated.csv: truncated: input ended after 16 complete lines and a "
					    "partial line without the `#! end` record\n", dir);
	assert_int_equal(o.status, 1);
	assert_string_equal(o.out, want_out);
	assert_string_equal(o.err, want_err);
	char *none[] = { "check", empty };
	check(&o, 2, none);
	assert_int_equal(o.status, 1);
	assert_string_equal(o.err, "idlebench check: no result file in the paths given (a directory is searched for "
				   "*.csv)\n");
	for (int i = 0; i < 3; i++)
		unlink(path[i]);
	rmdir(dir);
	rmdir(empty);
}

static void test_usage_errors_exit_2_and_help_exits_0(void **state)
{
	(void)state;
	struct command_output o;
	char *none[] = { "check" };
	check(&o, 1, none);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench check: no result file given (see idlebench check --help)\n");
	char *bogus[] = { "check", F "clean.csv", "--bogus" };
	check(&o, 3, bogus);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.out, "");
	assert_string_equal(o.err, "idlebench check: unknown option '--bogus' (see idlebench check --help)\n");
	/* after "--" a name that starts with '-' is a file */
	char *dashed[] = { "check", "--", "-no-such-file" };
	check(&o, 3, dashed);
	assert_int_equal(o.status, 1);
	assert_string_equal(o.err, "idlebench check: -no-such-file: unreadable: No such file or directory\n");
	char *help[] = { "check", "--help" };
	check(&o, 2, help);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "usage: idlebench check FILE|DIR..."));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_a_directory_is_searched_for_csv),
		cmocka_unit_test(test_intact_streams_pass_and_show_rows_and_status),
		cmocka_unit_test(test_each_bad_file_gets_its_reason_and_exit_1),
		cmocka_unit_test(test_usage_errors_exit_2_and_help_exits_0),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
