/* LAVA job log lines (tools/capture/lava_log.c): the record forms lava-run
 * and the server write, YAML's double-quoted escapes, and the undoing of
 * ShellLogger's `"` -> `\"`; lines that are not records, or are malformed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tools/capture/lava_log.h"

static char text[256];
static size_t text_len;

static enum lava_log_line decode(const char *line)
{
	memset(text, 0, sizeof text);
	return lava_log_decode(line, strlen(line), text, sizeof text - 1, &text_len);
}

static void assert_target(const char *line, const char *want)
{
	assert_int_equal(decode(line), LAVA_LOG_TARGET);
	assert_int_equal(text_len, strlen(want));
	assert_memory_equal(text, want, text_len);
}

/* A record line as lava-run prints it, and as output.yaml stores it ("- "). */
static void test_target_records_in_both_forms(void **state)
{
	(void)state;
	assert_target("{\"dt\": \"2026-12-01T23:35:00.1\", \"lvl\": \"target\", \"msg\": \"#! idlebench 0.1.0 schema=4\"}",
		      "#! idlebench 0.1.0 schema=4");
	assert_target("- {\"dt\": \"2026-12-01T23:35:00.1\", \"lvl\": \"target\", \"msg\": \"3,hash,int,hlt\"}",
		      "3,hash,int,hlt");
	assert_target("{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"\"}", "");
	/* the end record logged by the next action (fixtures/lava/qemu-job-end-as-feedback.log) */
	assert_target("{\"dt\": \"x\", \"lvl\": \"feedback\", \"msg\": \"#! end rows=80\", \"ns\": \"common\"}",
		      "#! end rows=80");
}

/* The quoting of a record's values: ShellLogger wrote `\"`, YAML `\\\"`. */
static void test_quotes_come_back(void **state)
{
	(void)state;
	assert_target("{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"#! mode c0_note=\\\\\\\"MPERF absent\\\\\\\" w=1\"}",
		      "#! mode c0_note=\"MPERF absent\" w=1");
	/* a backslash the console printed before a quote stays (lava_common.log.dump's
	 * line for the console text a\"b) */
	assert_target("{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"a\\\\\\\\\\\"b\"}", "a\\\"b");
	assert_target("{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"C:\\\\dir\"}", "C:\\dir");
}

static void test_yaml_escapes(void **state)
{
	(void)state;
	assert_target("{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"a\\tb\\x07\\e\\/\"}", "a\tb\a\x1b/");
	assert_target("{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"\\xe9\\u2028\\U0001F600\"}",
		      "\xc3\xa9\xe2\x80\xa8\xf0\x9f\x98\x80");
}

static void test_other_records_and_other_lines(void **state)
{
	(void)state;
	assert_int_equal(decode("{\"dt\": \"x\", \"lvl\": \"info\", \"msg\": \"start: 0 validate\"}"), LAVA_LOG_OTHER);
	assert_int_equal(decode("{\"dt\": \"x\", \"lvl\": \"results\", \"msg\": {\"case\": \"job\", \"result\": \"pass\"}}"),
			 LAVA_LOG_OTHER);
	assert_int_equal(decode("{\"dt\": \"x\", \"lvl\": \"feedback\", \"msg\": \"#! idlebench\", \"ns\": \"other\"}"),
			 LAVA_LOG_OTHER);
	assert_int_equal(decode("{\"dt\": \"x\", \"lvl\": \"feedback\", \"msg\": \"#! idlebench\"}"), LAVA_LOG_OTHER);
	assert_int_equal(decode(""), LAVA_LOG_NOT_RECORD);
	assert_int_equal(decode("#! idlebench 0.1.0 schema=4"), LAVA_LOG_NOT_RECORD);
	assert_int_equal(decode("{\"dt\": \"x\"}"), LAVA_LOG_NOT_RECORD);
}

static void test_malformed_target_records(void **state)
{
	(void)state;
	assert_int_equal(decode("{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"cut off"), LAVA_LOG_BAD);
	assert_int_equal(decode("{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"bad \\q escape\"}"), LAVA_LOG_BAD);
	assert_int_equal(decode("{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"\\x4\"}"), LAVA_LOG_BAD);
	assert_int_equal(decode("{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": [1]}"), LAVA_LOG_BAD);
	/* longer than the room given */
	char line[600];
	strcpy(line, "{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"");
	memset(line + strlen(line), 'a', 300);
	strcpy(line + strlen(line) - 0, "\"}");
	assert_int_equal(decode(line), LAVA_LOG_BAD);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_target_records_in_both_forms),
		cmocka_unit_test(test_quotes_come_back),
		cmocka_unit_test(test_yaml_escapes),
		cmocka_unit_test(test_other_records_and_other_lines),
		cmocka_unit_test(test_malformed_target_records),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
