/* tools/common/cli_options.c on a table of its own: what each word of a command line
 * becomes (a transcript the test command prints), every kind of usage error
 * with the flag it names, "--" in both meanings, and the help made from the
 * same table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tests/unit/tools/fd_redirect.h"
#include "tools/common/cli_options.h"

enum { OPT_OUT, OPT_QUIET, OPT_REPS, OPT_REQUIRE_OK, OPT_OLD_QUIET };
static const struct cli_option options[] = {
	[OPT_OUT] = { "out", 'o', "DIR", "save under DIR" },
	[OPT_QUIET] = { "quiet", 'q', NULL, "say nothing\nnot even this" },
	[OPT_REPS] = { "reps", 0, "N", "repetitions" },
	[OPT_REQUIRE_OK] = { "require-ok", 0, NULL, "exit 1 on status=error" },
	[OPT_OLD_QUIET] = { "silent", 0, NULL, NULL },
	{ NULL, 0, NULL, NULL },
};
static struct cli_command demo = { "demo", "FILE...", "A command for the test.\n", "Exit: 0 ok; 2 usage.\n",
				   options, CLI_DASHDASH_ENDS_OPTIONS };

/* Prints one line per answer: "OUT=DIR", "operand X", "--", "pass NAME=V". */
static int demo_main(int argc, char **argv)
{
	struct cli_parser p;
	cli_parser_begin(&p, &demo, argc, argv);
	if (demo.dashdash == CLI_DASHDASH_SEPARATES)
		cli_parser_pass_through(&p, "sample-ms", true);
	const char *arg;
	for (int a; (a = cli_next(&p, &arg)) != CLI_END;) {
		if (a == CLI_HELP || a == CLI_ERROR)
			return cli_exit_status(a);
		if (a == CLI_OPERAND)
			printf("operand %s\n", arg);
		else if (a == CLI_SEPARATOR)
			printf("--\n");
		else if (a == CLI_PASSTHROUGH)
			printf("pass %s=%s\n", cli_passed_name(&p), arg);
		else
			printf("%s=%s\n", options[a].name, arg ? arg : "(flag)");
	}
	return 0;
}

static void run(struct command_output *o, int argc, char **argv)
{
	run_command(demo_main, argc, argv, NULL, o);
}

static void test_options_anywhere_operands_in_order_both_spellings_of_a_value(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "demo", "a", "--out", "d1", "b", "--out=d2", "-q", "-", "-od3", "--reps=", "c" };
	run(&o, 11, argv);
	assert_int_equal(o.status, 0);
	assert_string_equal(o.out, "operand a\nout=d1\noperand b\nout=d2\nquiet=(flag)\noperand -\nout=d3\nreps=\n"
				   "operand c\n");
	assert_string_equal(o.err, "");
}

static void test_grouped_short_options_and_an_alias_row(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "demo", "-qo", "x", "--silent" };
	run(&o, 4, argv);
	assert_int_equal(o.status, 0);
	assert_string_equal(o.out, "quiet=(flag)\nout=x\nsilent=(flag)\n");
}

static void test_dashdash_ends_options(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "demo", "-q", "--", "--out", "-q", "--" };
	run(&o, 6, argv);
	assert_int_equal(o.status, 0);
	assert_string_equal(o.out, "quiet=(flag)\noperand --out\noperand -q\noperand --\n");
}

/* compare's A -- B: the "--" stays where it was, options still count after it. */
static void test_dashdash_separates_groups_when_the_command_says_so(void **state)
{
	(void)state;
	struct command_output o;
	demo.dashdash = CLI_DASHDASH_SEPARATES;
	char *argv[] = { "demo", "a1", "-q", "a2", "--", "b1", "--sample-ms", "5", "b2", "--reps", "3" };
	run(&o, 11, argv);
	demo.dashdash = CLI_DASHDASH_ENDS_OPTIONS;
	assert_int_equal(o.status, 0);
	assert_string_equal(o.out, "operand a1\nquiet=(flag)\noperand a2\n--\noperand b1\npass sample-ms=5\noperand b2\n"
				   "reps=3\n");
}

static void test_unknown_long_option_is_named_with_the_command(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "demo", "a", "--foo=1", "b" };
	run(&o, 4, argv);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.out, "operand a\n");
	assert_string_equal(o.err, "idlebench demo: unknown option '--foo' (see idlebench demo --help)\n");
}

/* getopt_long would take --rep for --reps; an abbreviation is refused, so a
 * flag added later can never change what an old command line means. */
static void test_abbreviation_is_refused_with_the_full_names_it_could_be(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "demo", "--rep=3" };
	run(&o, 2, argv);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.out, "");
	assert_string_equal(o.err, "idlebench demo: unknown option '--rep' (did you mean '--reps'?) "
				   "(see idlebench demo --help)\n");
	char *ambiguous[] = { "demo", "--re" };
	run(&o, 2, ambiguous);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench demo: unknown option '--re' (did you mean '--reps' or '--require-ok'?) "
				   "(see idlebench demo --help)\n");
}

/* A misspelling, not only a beginning, gets the names it could be: two
 * letters swapped, one left out, one wrong (two from six letters on); an
 * alias kept for old scripts is never suggested, and a word near nothing
 * gets no suggestion. Fails on the old parser, which suggested only names
 * the word begins. */
static void test_misspelled_long_option_gets_the_names_it_could_be(void **state)
{
	(void)state;
	struct command_output o;
	char *swapped[] = { "demo", "--reqiure-ok" };
	run(&o, 2, swapped);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench demo: unknown option '--reqiure-ok' (did you mean '--require-ok'?) "
				   "(see idlebench demo --help)\n");
	char *dropped[] = { "demo", "--qiet" };
	run(&o, 2, dropped);
	assert_string_equal(o.err, "idlebench demo: unknown option '--qiet' (did you mean '--quiet'?) "
				   "(see idlebench demo --help)\n");
	char *two[] = { "demo", "--requre_ok=1" };
	run(&o, 2, two);
	assert_string_equal(o.err, "idlebench demo: unknown option '--requre_ok' (did you mean '--require-ok'?) "
				   "(see idlebench demo --help)\n");
	char *alias[] = { "demo", "--silnet" };
	run(&o, 2, alias);
	assert_string_equal(o.err, "idlebench demo: unknown option '--silnet' (see idlebench demo --help)\n");
	char *far[] = { "demo", "--xyz" };
	run(&o, 2, far);
	assert_string_equal(o.err, "idlebench demo: unknown option '--xyz' (see idlebench demo --help)\n");
	demo.dashdash = CLI_DASHDASH_SEPARATES; /* demo_main adds the pass-through --sample-ms */
	char *passed[] = { "demo", "--sample_ms=5" };
	run(&o, 2, passed);
	demo.dashdash = CLI_DASHDASH_ENDS_OPTIONS;
	assert_string_equal(o.err, "idlebench demo: unknown option '--sample_ms' (did you mean '--sample-ms'?) "
				   "(see idlebench demo --help)\n");
}

static void test_unknown_short_option_is_named(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "demo", "-qx" };
	run(&o, 2, argv);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench demo: unknown option '-x' (see idlebench demo --help)\n");
	/* and a later parse starts clean (getopt's place inside "-qx" is forgotten) */
	char *next[] = { "demo", "-q", "f" };
	run(&o, 3, next);
	assert_int_equal(o.status, 0);
	assert_string_equal(o.out, "quiet=(flag)\noperand f\n");
}

static void test_missing_argument_names_the_option_as_spelled(void **state)
{
	(void)state;
	struct command_output o;
	char *long_form[] = { "demo", "f", "--out" };
	run(&o, 3, long_form);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench demo: option '--out' needs an argument (DIR) (see idlebench demo --help)\n");
	char *short_form[] = { "demo", "-o" };
	run(&o, 2, short_form);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench demo: option '-o' needs an argument (DIR) (see idlebench demo --help)\n");
}

static void test_value_given_to_a_flag_is_an_error(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "demo", "--quiet=yes" };
	run(&o, 2, argv);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench demo: option '--quiet' takes no argument (got '--quiet=yes') "
				   "(see idlebench demo --help)\n");
}

/* The help comes from the same rows the parser uses: every listed option,
 * continuation lines aligned, the alias left out, --help/-h always there. */
static void test_help_is_made_from_the_table_and_exits_0(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "demo", "f", "-h", "--bogus" };
	run(&o, 4, argv);
	assert_int_equal(o.status, 0);
	assert_string_equal(o.out, "operand f\n"
				   "usage: idlebench demo [--out DIR] [--quiet] [--reps N] [--require-ok] FILE...\n"
				   "A command for the test.\n"
				   "\n"
				   "options:\n"
				   "  -o, --out DIR     save under DIR\n"
				   "  -q, --quiet       say nothing\n"
				   "                    not even this\n"
				   "      --reps N      repetitions\n"
				   "      --require-ok  exit 1 on status=error\n"
				   "  -h, --help        print this help and exit\n"
				   "\n"
				   "Exit: 0 ok; 2 usage.\n");
	assert_string_equal(o.err, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_options_anywhere_operands_in_order_both_spellings_of_a_value),
		cmocka_unit_test(test_grouped_short_options_and_an_alias_row),
		cmocka_unit_test(test_dashdash_ends_options),
		cmocka_unit_test(test_dashdash_separates_groups_when_the_command_says_so),
		cmocka_unit_test(test_unknown_long_option_is_named_with_the_command),
		cmocka_unit_test(test_abbreviation_is_refused_with_the_full_names_it_could_be),
		cmocka_unit_test(test_unknown_short_option_is_named),
		cmocka_unit_test(test_missing_argument_names_the_option_as_spelled),
		cmocka_unit_test(test_value_given_to_a_flag_is_an_error),
		cmocka_unit_test(test_help_is_made_from_the_table_and_exits_0),
		cmocka_unit_test(test_misspelled_long_option_gets_the_names_it_could_be),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
