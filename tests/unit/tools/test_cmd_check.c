/* `idlebench check` on the fixture streams: exact verdict lines and exit status. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tests/unit/tools/fd_redirect.h"
#include "tools/cli/commands.h"

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
			 F "bad_fields.csv", F "empty.csv", F "schema5.csv", F "missing.csv" };
	check(&o, 9, argv);
	assert_int_equal(o.status, 1);
	assert_string_equal(o.out, F "clean.csv: ok rows=3 status=ok\n");
	assert_string_equal(o.err,
		F "flipped.csv: CRC-32 mismatch: line 20: end record says crc32=2c591ffb, computed 07a34656\n"
		F "truncated.csv: truncated: input ended after 16 complete lines and a partial line without the `#! end` record\n"
		F "wrong_rows.csv: row count mismatch: line 20: end record says rows=4, stream has 3\n"
		F "bad_fields.csv: row with wrong field count: line 17: row has 16 fields, expected 17\n"
		F "empty.csv: not an idlebench stream: no `#! idlebench` header in the input\n"
		F "schema5.csv: unknown schema version: line 1: schema=5, this reader knows schema=1 to 4\n"
		F "missing.csv: No such file or directory\n");
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
	assert_string_equal(o.err, "-no-such-file: No such file or directory\n");
	char *help[] = { "check", "--help" };
	check(&o, 2, help);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "usage: idlebench check FILE..."));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_intact_streams_pass_and_show_rows_and_status),
		cmocka_unit_test(test_each_bad_file_gets_its_reason_and_exit_1),
		cmocka_unit_test(test_usage_errors_exit_2_and_help_exits_0),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
