/* `idlebench linux -- COMMAND` (tools/linux/linux_command.h, linux_options.h):
 * the argv after "--", the --metric parser, the CPU-time guard, the stop
 * after 3 bad samples in a row (the streak alone, then real runs through
 * the sample's judgement and records), and a real command killed at
 * --timeout-s with its whole process group. */
#define _GNU_SOURCE
#include <errno.h>
#include <locale.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "tests/unit/support/stream_text.h"
#include "tools/linux/linux_command.h"
#include "tools/linux/linux_command_sample.h"
#include "tools/linux/linux_options.h"

static bool parse(struct linux_config *c, int argc, char **argv)
{
	FILE *err = fopen("/dev/null", "w");
	bool ok = linux_options_parse(argc, argv, c, err);
	fclose(err);
	return ok;
}

/* Every word after "--" is the command, flags of ours included; before it the options still parse. */
static void test_everything_after_dashdash_is_the_command(void **state)
{
	(void)state;
	static struct linux_config c;
	char *argv[] = { "linux", "--reps=3", "--name=build", "--", "make", "-j1", "--metric=x", "reps=9", NULL };
	assert_true(parse(&c, 8, argv));
	assert_int_equal(c.command_argc, 4);
	assert_ptr_equal(c.command_argv, &argv[4]);
	assert_string_equal(c.command_argv[0], "make");
	assert_string_equal(c.command_argv[2], "--metric=x");
	assert_null(c.command_argv[4]); /* argv's own NULL: execvp's terminator */
	assert_null(c.metric);
	assert_int_equal(c.plan.reps, 3);
	assert_string_equal(c.name, "build");
	char *plain[] = { "linux", "--", "/bin/true", NULL };
	assert_true(parse(&c, 3, plain));
	assert_string_equal(c.name, LINUX_COMMAND_NAME);
	char *none[] = { "linux", "--reps=3", NULL };
	assert_true(parse(&c, 2, none));
	assert_int_equal(c.command_argc, 0);
}

/* `--` with nothing after it, a command's flag without a command, a bad
 * regex, a registry workload's name or --workloads with a command: usage errors (exit 2). */
static void test_no_command_after_dashdash_and_misused_flags_are_usage_errors(void **state)
{
	(void)state;
	static struct linux_config c;
	char *empty[] = { "linux", "--reps=3", "--", NULL };
	assert_false(parse(&c, 3, empty));
	char *metric_alone[] = { "linux", "--metric=(x)", NULL };
	assert_false(parse(&c, 2, metric_alone));
	char *timeout_alone[] = { "linux", "--timeout-s=3", NULL };
	assert_false(parse(&c, 2, timeout_alone));
	char *higher_alone[] = { "linux", "--higher-is-better", "--", "true", NULL };
	assert_false(parse(&c, 4, higher_alone));
	char *no_group[] = { "linux", "--metric=[0-9]+", "--", "true", NULL };
	assert_false(parse(&c, 4, no_group));
	char *bad_regex[] = { "linux", "--metric=(", "--", "true", NULL };
	assert_false(parse(&c, 4, bad_regex));
	char *workload_name[] = { "linux", "--name=lz", "--", "true", NULL };
	assert_false(parse(&c, 4, workload_name));
	char *comma[] = { "linux", "--name=a,b", "--", "true", NULL };
	assert_false(parse(&c, 4, comma));
	char *workloads[] = { "linux", "--workloads=lz", "--", "true", NULL };
	assert_false(parse(&c, 4, workloads));
	char *zero_timeout[] = { "linux", "--timeout-s=0", "--", "true", NULL };
	assert_false(parse(&c, 4, zero_timeout));
}

static enum linux_metric_status find(const char *pattern, const char *output, double *score, char *text)
{
	regex_t re;
	char why[200];
	assert_true(linux_metric_compile(&re, pattern, why, sizeof why));
	enum linux_metric_status st = linux_metric_find(&re, output, strlen(output), score, text, LINUX_SCORE_TEXT_MAX + 1);
	regfree(&re);
	return st;
}

/* No match; several numbers: the first match's first group; a group that is not a number. */
static void test_metric_first_group_of_first_match(void **state)
{
	(void)state;
	double v = 0;
	char text[LINUX_SCORE_TEXT_MAX + 1];
	assert_int_equal(find("score: ([0-9.]+)", "no score here\n", &v, text), LINUX_METRIC_NO_MATCH);
	assert_int_equal(find("([0-9.]+) lps", "run 1: 2000.5 lps\nrun 2: 3000.25 lps\n", &v, text), LINUX_METRIC_OK);
	assert_true(v == 2000.5);
	assert_string_equal(text, "2000.5");
	/* the first group, not the whole match nor a later group */
	assert_int_equal(find("([0-9]+) of ([0-9]+)", "12 of 34", &v, text), LINUX_METRIC_OK);
	assert_true(v == 12);
	/* ^ and $ are line anchors (REG_NEWLINE) */
	assert_int_equal(find("^Index: ([0-9.]+)$", "x Index: 9\nIndex: 1234.5\n", &v, text), LINUX_METRIC_OK);
	assert_true(v == 1234.5);
	assert_int_equal(find("time=([^ ]*)", "time=fast\n", &v, text), LINUX_METRIC_NOT_A_NUMBER);
	assert_int_equal(find("time=([^ ]*)", "time=inf\n", &v, text), LINUX_METRIC_NOT_A_NUMBER);
	assert_int_equal(find("time=([^ ]*)", "time=0x10\n", &v, text), LINUX_METRIC_NOT_A_NUMBER);
	assert_int_equal(find("time=([^ ]*)", "time= x\n", &v, text), LINUX_METRIC_NOT_A_NUMBER);
	/* a NUL in the output does not end the search */
	regex_t re;
	char why[200];
	static const char nul[] = "a\0b rate 7\n";
	assert_true(linux_metric_compile(&re, "rate ([0-9]+)", why, sizeof why));
	assert_int_equal(linux_metric_find(&re, nul, sizeof nul - 1, &v, text, sizeof text), LINUX_METRIC_OK);
	assert_true(v == 7);
	regfree(&re);
}

/* Signs and exponents; '.' is the point and a comma is not, whatever LC_NUMERIC says. */
static void test_metric_numbers_are_c_locale_decimals(void **state)
{
	(void)state;
	double v = 0;
	char text[LINUX_SCORE_TEXT_MAX + 1];
	assert_int_equal(find("v=([^ ]*)", "v=-1.5e3 ", &v, text), LINUX_METRIC_OK);
	assert_true(v == -1500);
	assert_int_equal(find("v=([^ ]*)", "v=+2.5E-2 ", &v, text), LINUX_METRIC_OK);
	assert_true(v == 0.025);
	assert_int_equal(find("v=([^ ]*)", "v=.5 ", &v, text), LINUX_METRIC_OK);
	assert_true(v == 0.5);
	assert_int_equal(find("v=([^ ]*)", "v=7. ", &v, text), LINUX_METRIC_OK);
	assert_true(v == 7);
	assert_int_equal(find("v=([^ ]*)", "v=1e ", &v, text), LINUX_METRIC_NOT_A_NUMBER);
	assert_int_equal(find("v=([^ ]*)", "v=3,5 ", &v, text), LINUX_METRIC_NOT_A_NUMBER);
	/* Under a locale whose point is ',' (where one is installed) "3.5" is still 3.5. */
	const char *de = setlocale(LC_NUMERIC, "de_DE.UTF-8");
	if (!de)
		de = setlocale(LC_NUMERIC, "de_DE");
	if (de) {
		assert_int_equal(find("v=([^ ]*)", "v=3.5 ", &v, text), LINUX_METRIC_OK);
		assert_true(v == 3.5);
		setlocale(LC_NUMERIC, "C");
	} else {
		print_message("no de_DE locale installed: the comma-locale case is covered only by strtod_l's C locale\n");
	}
}

/* More CPU time than wall time by more than 5 %: flagged; at 5 % or below: not. */
static void test_cpu_time_guard_flags_more_than_five_percent(void **state)
{
	(void)state;
	assert_false(linux_command_multi_cpu(900, 100, 1000));
	assert_false(linux_command_multi_cpu(1000, 50, 1000));  /* exactly 105 % */
	assert_true(linux_command_multi_cpu(1000, 51, 1000));   /* 105.1 % */
	assert_true(linux_command_multi_cpu(1500000000, 400000000, 1000000000)); /* two threads busy */
	assert_false(linux_command_multi_cpu(0, 0, 0));
}

/* The run stops on the third bad sample in a row, never after a good one breaks the streak. */
static void test_three_bad_samples_in_a_row_stop_the_run(void **state)
{
	(void)state;
	struct linux_bad_streak s = { 0 };
	assert_false(linux_bad_streak_note(&s, true));
	assert_false(linux_bad_streak_note(&s, true));
	assert_false(linux_bad_streak_note(&s, false));
	assert_false(linux_bad_streak_note(&s, true));
	assert_false(linux_bad_streak_note(&s, true));
	assert_true(linux_bad_streak_note(&s, true));
	assert_int_equal(LINUX_BAD_IN_A_ROW, 3);
}

/* A real command: exit status, output, last line, rusage. */
static void test_a_real_command_exit_status_and_output(void **state)
{
	(void)state;
	struct linux_command_result r;
	char why[200], text[32], line[64];
	char *argv[] = { "sh", "-c", "echo first; printf 'bad\\001line\\n\\n'; exit 3", NULL };
	assert_true(linux_command_run(argv, 0, 0, &r, why, sizeof why));
	linux_command_status_text(&r, text, sizeof text);
	assert_string_equal(text, "3");
	assert_string_equal(r.output, "first\nbad\001line\n\n");
	linux_command_last_line(r.output, r.output_len, line, sizeof line);
	assert_string_equal(line, "bad?line");
	assert_true(r.ns > 0 && r.tsc_cycles > 0);
	char *missing[] = { "/nonexistent/idlebench-test", NULL };
	assert_true(linux_command_run(missing, 0, 0, &r, why, sizeof why));
	linux_command_status_text(&r, text, sizeof text);
	assert_string_equal(text, "127");
	assert_non_null(strstr(r.output, "cannot run /nonexistent/idlebench-test"));
}

/* `sleep 5` with a timeout of 1 s: killed after about 1 s, status "timeout",
 * and its process group (a background sleep too) is gone. */
static void test_timeout_kills_the_command_and_its_process_group(void **state)
{
	(void)state;
	struct linux_command_result r;
	char why[200], text[32];
	char *argv[] = { "sh", "-c", "sleep 5 & echo $$; sleep 5", NULL };
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_true(linux_command_run(argv, 0, 1, &r, why, sizeof why));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double took = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	assert_true(took >= 0.9 && took < 3);
	assert_true(r.timed_out);
	linux_command_status_text(&r, text, sizeof text);
	assert_string_equal(text, "timeout");
	pid_t pgid = (pid_t)atoi(r.output);
	assert_true(pgid > 1);
	/* the background sleep was in the group: gone once init reaps it */
	int alive = 1;
	for (int k = 0; k < 100 && alive; k++) {
		alive = kill(-pgid, 0) == 0;
		if (alive)
			usleep(20000);
	}
	assert_false(alive);
	assert_int_equal(errno, ESRCH);
}

/* One real run of argv judged as a sample, its row and records into t. */
static uint64_t judged(struct linux_command_sample *cs, struct stream_text *t, char **argv, struct sample_row *row,
		       uint64_t seq)
{
	char why[200];
	*row = (struct sample_row){ .seq = seq };
	assert_true(linux_command_run(argv, 0, 0, &cs->run, why, sizeof why));
	uint64_t sum = linux_command_sample_cells(cs, row);
	linux_command_sample_records(cs, &t->stream, "hlt", false, row);
	return sum;
}

/* A command that exits 3: each sample bad (checksum 1, a command_bad record
 * naming the status and quoting its last line); the third in a row writes
 * COMMAND_FAILED and stops the run; a good run in between resets the count. */
static void test_failing_command_samples_are_bad_and_the_third_in_a_row_stops(void **state)
{
	(void)state;
	static struct linux_config c;
	static struct linux_command_sample cs;
	static struct stream_text t;
	struct sample_row row;
	char why[200];
	char *fails[] = { "sh", "-c", "echo 'it broke'; exit 3", NULL }, *ok[] = { "true", NULL };
	assert_true(linux_command_sample_init(&cs, &c, why, sizeof why));
	stream_text_begin(&t);
	assert_int_equal(judged(&cs, &t, fails, &row, 0), 1);
	assert_string_equal(row.exit_status, "3");
	assert_true(row.user_ns.known && row.sys_ns.known && row.ctx_switches.known);
	assert_non_null(strstr(t.text, "#! command_bad seq=0 mode=hlt warmup=no exit_status=3 reason=\"exit status 3\" "
					"last_line=\"it broke\"\n"));
	assert_int_equal(judged(&cs, &t, fails, &row, 1), 1);
	assert_int_equal(judged(&cs, &t, ok, &row, 2), 0);
	assert_string_equal(row.exit_status, "0");
	assert_int_equal(judged(&cs, &t, fails, &row, 3), 1);
	assert_int_equal(judged(&cs, &t, fails, &row, 4), 1);
	assert_false(cs.stopped);
	assert_null(strstr(t.text, "COMMAND_FAILED"));
	assert_int_equal(judged(&cs, &t, fails, &row, 5), 1);
	assert_true(cs.stopped);
	assert_non_null(strstr(t.text, "#! error code=COMMAND_FAILED msg=\"3 samples in a row failed, the last: exit "
					"status 3 (last output line: it broke)\"\n"));
	assert_int_equal(cs.bad_count, 5);
	linux_command_sample_free(&cs);
}

/* --metric: the score's cell and the timed quantity (1e9 / score with
 * --higher-is-better); no match is a bad sample with the reason. */
static void test_metric_score_is_the_timed_quantity_and_no_match_is_bad(void **state)
{
	(void)state;
	static struct linux_config c;
	static struct linux_command_sample cs;
	static struct stream_text t;
	struct sample_row row;
	char why[200];
	char *rate[] = { "sh", "-c", "echo 'rate 2.5e3 lps'", NULL }, *none[] = { "sh", "-c", "echo nothing", NULL };
	c.metric = "rate ([0-9.e]+) lps";
	c.higher_is_better = true;
	assert_true(linux_command_sample_init(&cs, &c, why, sizeof why));
	stream_text_begin(&t);
	assert_int_equal(judged(&cs, &t, rate, &row, 0), 0);
	assert_string_equal(row.score, "2.5e3");
	assert_true(row.cycles_per_iter == 1e9 / 2500);
	assert_int_equal(judged(&cs, &t, none, &row, 1), 1);
	assert_string_equal(row.score, "");
	assert_non_null(strstr(t.text, "reason=\"--metric did not match the output\" last_line=\"nothing\""));
	linux_command_sample_free(&cs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_everything_after_dashdash_is_the_command),
		cmocka_unit_test(test_no_command_after_dashdash_and_misused_flags_are_usage_errors),
		cmocka_unit_test(test_metric_first_group_of_first_match),
		cmocka_unit_test(test_metric_numbers_are_c_locale_decimals),
		cmocka_unit_test(test_cpu_time_guard_flags_more_than_five_percent),
		cmocka_unit_test(test_three_bad_samples_in_a_row_stop_the_run),
		cmocka_unit_test(test_a_real_command_exit_status_and_output),
		cmocka_unit_test(test_failing_command_samples_are_bad_and_the_third_in_a_row_stops),
		cmocka_unit_test(test_metric_score_is_the_timed_quantity_and_no_match_is_bad),
		cmocka_unit_test(test_timeout_kills_the_command_and_its_process_group),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
