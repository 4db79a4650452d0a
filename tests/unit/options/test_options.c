/* The command-line parser (core/options/options.c) against the kernel's real
 * option table (core/options/option_table.c): valid lines, defaults, every error
 * status with its offending token and reason, the length limit at exactly
 * OPTIONS_CMDLINE_MAX, the loader's truncation flag, separators, and the
 * table's own consistency (unique names, defaults that pass their own
 * checks). Named expectations cover help, console, exit and selftest; the
 * other rows are covered by the table-driven cases. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lib/parse.h"
#include "core/options/option_table.h"

static struct options o;

/* The table under test, row by row. */
#define option_table (kernel_options.defs)
#define option_count (kernel_options.count)

/* Row of a name (the tests speak names; the kernel speaks enum option_id). */
static size_t id_of(const char *name)
{
	for (size_t i = 0; i < option_count; i++)
		if (!strcmp(option_table[i].name, name))
			return i;
	return OPTION_COUNT;
}

static enum options_status parse(const char *line)
{
	return options_parse(&o, &kernel_options, line, false);
}

static const char *get(const char *name)
{
	return options_value(&o, id_of(name));
}

static bool given(const char *name)
{
	return options_given(&o, id_of(name));
}

static bool is(const char *name, const char *value)
{
	const char *v = get(name);
	return v && !strcmp(v, value);
}

static void assert_printable(const char *s)
{
	for (; *s; s++)
		assert_true(*s >= 0x20 && *s < 0x7f);
}

/* Assert a failed parse: status, offending token and reason. */
static void assert_parse_fails(const char *line, enum options_status st, const char *token,
			       const char *reason)
{
	assert_int_equal(parse(line), st);
	assert_int_equal(o.status, st);
	assert_string_equal(o.bad_token, token);
	if (reason)
		assert_string_equal(o.reason, reason);
	assert_true(o.reason[0] != '\0');
	assert_printable(o.bad_token);
	assert_printable(o.reason);
}

static void test_empty_and_null_lines_give_every_default(void **state)
{
	(void)state;
	assert_int_equal(parse(""), OPTIONS_OK);
	assert_string_equal(get("console"), "auto");
	assert_string_equal(get("exit"), "auto");
	assert_string_equal(get("selftest"), "none");
	assert_string_equal(get("help"), "");
	for (size_t i = 0; i < option_count; i++) {
		assert_false(given(option_table[i].name));
		assert_string_equal(get(option_table[i].name), option_table[i].def);
	}
	assert_int_equal(parse(NULL), OPTIONS_OK);
	assert_string_equal(get("exit"), "auto");
	assert_false(given("exit"));
}

static void test_whitespace_only_lines_are_empty(void **state)
{
	(void)state;
	assert_int_equal(parse("     "), OPTIONS_OK);
	assert_int_equal(parse(" \t\r\n "), OPTIONS_OK);
	for (size_t i = 0; i < option_count; i++)
		assert_false(given(option_table[i].name));
}

static void test_help_console_exit_selftest_given_at_once(void **state)
{
	(void)state;
	assert_int_equal(parse("help console=ttyS1,9600 exit=qemu selftest=ud"), OPTIONS_OK);
	assert_true(given("help"));
	assert_string_equal(get("console"), "ttyS1,9600");
	assert_string_equal(get("exit"), "qemu");
	assert_string_equal(get("selftest"), "ud");
	assert_true(is("exit", "qemu"));
	assert_false(is("exit", "halt"));
	assert_true(is("selftest", "ud"));
}

/* A valid sample value for any table row: flags bare, enums their first
 * allowed value, integers their minimum, text its default (NULL if none). */
static const char *sample_token(const struct option_def *d, char *buf, size_t size)
{
	size_t n = strlen(d->name);

	assert_true(n + 32 < size);
	memcpy(buf, d->name, n + 1);
	switch (d->type) {
	case OPT_FLAG:
		return buf;
	case OPT_ENUM: {
		const char *bar = strchr(d->allowed, '|');
		size_t len = bar ? (size_t)(bar - d->allowed) : strlen(d->allowed);
		assert_true(n + 1 + len < size);
		buf[n] = '=';
		memcpy(buf + n + 1, d->allowed, len);
		buf[n + 1 + len] = '\0';
		return buf;
	}
	case OPT_UINT:
		snprintf(buf + n, size - n, "=%llu", (unsigned long long)d->min);
		return buf;
	case OPT_TEXT:
		if (!d->def[0])
			return NULL;
		assert_true(n + 1 + strlen(d->def) < size);
		buf[n] = '=';
		strcpy(buf + n + 1, d->def);
		return buf;
	}
	return NULL;
}

static void test_every_table_option_in_one_line(void **state)
{
	static char line[OPTIONS_CMDLINE_MAX + 1];
	char tok[256];

	(void)state;
	line[0] = '\0';
	for (size_t i = 0; i < option_count; i++) {
		const char *t = sample_token(&option_table[i], tok, sizeof tok);
		if (!t)
			continue;
		assert_true(strlen(line) + strlen(t) + 1 < sizeof line);
		strcat(line, t);
		strcat(line, " ");
	}
	assert_int_equal(parse(line), OPTIONS_OK);
	for (size_t i = 0; i < option_count; i++) {
		const struct option_def *d = &option_table[i];
		if (sample_token(d, tok, sizeof tok))
			assert_true(given(d->name));
	}
}

/* Integer options: both bounds in decimal and hex, one past each bound, junk. */
static void test_uint_options_bounds_decimal_and_hex(void **state)
{
	char line[256];

	(void)state;
	for (size_t i = 0; i < option_count; i++) {
		const struct option_def *d = &option_table[i];
		if (d->type != OPT_UINT)
			continue;
		snprintf(line, sizeof line, "%s=%llu", d->name, (unsigned long long)d->min);
		assert_int_equal(parse(line), OPTIONS_OK);
		assert_true(options_uint(&o, i) == d->min);
		snprintf(line, sizeof line, "%s=0x%llx", d->name, (unsigned long long)d->max);
		assert_int_equal(parse(line), OPTIONS_OK);
		assert_true(options_uint(&o, i) == d->max);
		snprintf(line, sizeof line, "%s=0X%llX", d->name, (unsigned long long)d->min);
		assert_int_equal(parse(line), OPTIONS_OK);
		assert_true(options_uint(&o, i) == d->min);
		/* a value out of range says the range it must be in */
		char range[64];
		snprintf(range, sizeof range, "out of range %llu..%llu", (unsigned long long)d->min,
			 (unsigned long long)d->max);
		if (d->min > 0) {
			snprintf(line, sizeof line, "%s=%llu", d->name, (unsigned long long)d->min - 1);
			assert_parse_fails(line, OPTIONS_ERR_BAD_VALUE, line, range);
		}
		if (d->max < UINT64_MAX) {
			snprintf(line, sizeof line, "%s=0x%llx", d->name, (unsigned long long)d->max + 1);
			assert_parse_fails(line, OPTIONS_ERR_BAD_VALUE, line, range);
		}
		snprintf(line, sizeof line, "%s=12z", d->name);
		assert_parse_fails(line, OPTIONS_ERR_BAD_VALUE, line, "not an unsigned integer");
		snprintf(line, sizeof line, "%s=-1", d->name);
		assert_parse_fails(line, OPTIONS_ERR_BAD_VALUE, line, "not an unsigned integer");
		snprintf(line, sizeof line, "%s=", d->name);
		assert_parse_fails(line, OPTIONS_ERR_BAD_VALUE, line, "not an unsigned integer");
	}
}

/* Every value an enum option lists is accepted, and nothing else. */
static void test_every_listed_enum_value_is_accepted(void **state)
{
	char line[256];

	(void)state;
	for (size_t i = 0; i < option_count; i++) {
		const struct option_def *d = &option_table[i];
		if (d->type != OPT_ENUM)
			continue;
		for (const char *p = d->allowed;;) {
			const char *bar = strchr(p, '|');
			int len = bar ? (int)(bar - p) : (int)strlen(p);
			snprintf(line, sizeof line, "%s=%.*s", d->name, len, p);
			assert_int_equal(parse(line), OPTIONS_OK);
			assert_memory_equal(get(d->name), p, (size_t)len);
			assert_int_equal(get(d->name)[len], '\0');
			if (!bar)
				break;
			p = bar + 1;
		}
		snprintf(line, sizeof line, "%s=%s", d->name, d->allowed);
		if (strchr(d->allowed, '|'))
			assert_int_equal(parse(line), OPTIONS_ERR_BAD_VALUE);
	}
}

static void test_every_enum_value_is_accepted(void **state)
{
	static const char *const exits[] = { "auto", "qemu", "halt", "reboot" };
	static const char *const selftests[] = { "none", "ud", "pf", "gp" };
	char line[64];

	(void)state;
	for (size_t i = 0; i < 4; i++) {
		strcpy(line, "exit=");
		strcat(line, exits[i]);
		assert_int_equal(parse(line), OPTIONS_OK);
		assert_true(is("exit", exits[i]));
		strcpy(line, "selftest=");
		strcat(line, selftests[i]);
		assert_int_equal(parse(line), OPTIONS_OK);
		assert_true(is("selftest", selftests[i]));
	}
}

static void test_tabs_newlines_and_repeated_spaces_separate_tokens(void **state)
{
	(void)state;
	assert_int_equal(parse("  exit=halt\t\tselftest=pf \r\n console=none\n"), OPTIONS_OK);
	assert_string_equal(get("exit"), "halt");
	assert_string_equal(get("selftest"), "pf");
	assert_string_equal(get("console"), "none");
}

static void test_console_values_decimal_and_hex_baud(void **state)
{
	(void)state;
	assert_int_equal(parse("console=ttyS3"), OPTIONS_OK);
	assert_int_equal(parse("console=ttyS0,115200"), OPTIONS_OK);
	/* Baud through parse_uint: 0x1c200 == 115200, 0x2580 == 9600. */
	assert_int_equal(parse("console=ttyS2,0x1c200"), OPTIONS_OK);
	assert_int_equal(parse("console=ttyS2,0X2580"), OPTIONS_OK);
	assert_parse_fails("console=ttyS0,7", OPTIONS_ERR_BAD_VALUE, "console=ttyS0,7", NULL);
	assert_parse_fails("console=ttyS4", OPTIONS_ERR_BAD_VALUE, "console=ttyS4",
			   "expected auto, none, or ttyS0..3[,baud], spcr, io,0xPORT, mmio,0xADDR, mmio32,0xADDR, "
			   "pci,BB:DD.F joined by +");
	assert_parse_fails("console=", OPTIONS_ERR_BAD_VALUE, "console=", "empty value");
}

static void test_reparse_starts_from_scratch(void **state)
{
	(void)state;
	assert_int_equal(parse("exit=qemu"), OPTIONS_OK);
	assert_int_equal(parse("selftest=gp"), OPTIONS_OK);
	assert_false(given("exit"));
	assert_string_equal(get("exit"), "auto");
}

static void test_value_points_into_own_storage_not_callers_buffer(void **state)
{
	char line[] = "exit=qemu";

	(void)state;
	assert_int_equal(parse(line), OPTIONS_OK);
	memset(line, 'x', sizeof line - 1);
	assert_string_equal(get("exit"), "qemu");
}

static void test_unknown_key_names_token_and_keeps_earlier_options(void **state)
{
	(void)state;
	assert_parse_fails("console=ttyS1 exit=qemu foo=1 selftest=ud", OPTIONS_ERR_UNKNOWN_KEY, "foo=1",
			   "no such option");
	assert_string_equal(get("console"), "ttyS1");
	assert_string_equal(get("exit"), "qemu");
	assert_false(given("selftest")); /* after the error: not parsed */
	assert_string_equal(options_status_name(o.status), "unknown option");
	assert_string_equal(options_status_code(o.status), "CMDLINE_UNKNOWN_KEY");
}

static void test_unknown_keys_prefixes_case_and_empty_name(void **state)
{
	(void)state;
	assert_parse_fails("bogus", OPTIONS_ERR_UNKNOWN_KEY, "bogus", NULL);
	assert_parse_fails("exi=qemu", OPTIONS_ERR_UNKNOWN_KEY, "exi=qemu", NULL);
	assert_parse_fails("exitx=qemu", OPTIONS_ERR_UNKNOWN_KEY, "exitx=qemu", NULL);
	assert_parse_fails("EXIT=qemu", OPTIONS_ERR_UNKNOWN_KEY, "EXIT=qemu", NULL);
	assert_parse_fails("=qemu", OPTIONS_ERR_UNKNOWN_KEY, "=qemu", NULL);
	assert_parse_fails("=", OPTIONS_ERR_UNKNOWN_KEY, "=", NULL);
}

static void test_bad_enum_values(void **state)
{
	(void)state;
	assert_parse_fails("exit=qemu selftest=df", OPTIONS_ERR_BAD_VALUE, "selftest=df",
			   "not one of the allowed values");
	assert_string_equal(get("exit"), "qemu");
	assert_false(given("selftest"));
	assert_string_equal(get("selftest"), "none");
	assert_parse_fails("exit=", OPTIONS_ERR_BAD_VALUE, "exit=", NULL);
	assert_parse_fails("exit=aut", OPTIONS_ERR_BAD_VALUE, "exit=aut", NULL);
	assert_parse_fails("exit=autox", OPTIONS_ERR_BAD_VALUE, "exit=autox", NULL);
	assert_parse_fails("exit=QEMU", OPTIONS_ERR_BAD_VALUE, "exit=QEMU", NULL);
	assert_parse_fails("exit=qemu|halt", OPTIONS_ERR_BAD_VALUE, "exit=qemu|halt", NULL);
	assert_parse_fails("exit=qemu=1", OPTIONS_ERR_BAD_VALUE, "exit=qemu=1", NULL);
	assert_string_equal(options_status_code(o.status), "CMDLINE_BAD_VALUE");
}

static void test_duplicate_key_keeps_first_value(void **state)
{
	(void)state;
	assert_parse_fails("exit=qemu exit=halt", OPTIONS_ERR_DUPLICATE, "exit=halt",
			   "each option may appear once");
	assert_string_equal(get("exit"), "qemu");
	assert_parse_fails("help help", OPTIONS_ERR_DUPLICATE, "help", NULL);
	/* Same value twice is still a duplicate. */
	assert_parse_fails("selftest=ud selftest=ud", OPTIONS_ERR_DUPLICATE, "selftest=ud", NULL);
	assert_string_equal(options_status_code(o.status), "CMDLINE_DUPLICATE");
}

static void test_flag_with_value_is_rejected(void **state)
{
	(void)state;
	assert_parse_fails("exit=qemu help=1", OPTIONS_ERR_UNEXPECTED_VALUE, "help=1", "write the bare name");
	assert_string_equal(get("exit"), "qemu");
	assert_false(given("help"));
	assert_parse_fails("help=", OPTIONS_ERR_UNEXPECTED_VALUE, "help=", NULL);
	assert_string_equal(options_status_code(o.status), "CMDLINE_UNEXPECTED_VALUE");
}

static void test_option_without_value_is_rejected(void **state)
{
	(void)state;
	assert_parse_fails("console=none exit", OPTIONS_ERR_MISSING_VALUE, "exit", "write name=value");
	assert_string_equal(get("console"), "none");
	assert_parse_fails("selftest", OPTIONS_ERR_MISSING_VALUE, "selftest", NULL);
	assert_string_equal(options_status_code(o.status), "CMDLINE_MISSING_VALUE");
}

/* A valid line of exactly len bytes: tokens, then spaces. */
static void make_valid_line(char *line, size_t len)
{
	static const char head[] = "console=none exit=qemu";

	memset(line, ' ', len);
	memcpy(line, head, sizeof head - 1);
	line[len] = '\0';
}

static void test_line_of_exactly_1024_bytes_is_accepted(void **state)
{
	static char line[OPTIONS_CMDLINE_MAX + 1];

	(void)state;
	make_valid_line(line, OPTIONS_CMDLINE_MAX);
	assert_int_equal(parse(line), OPTIONS_OK);
	assert_string_equal(get("exit"), "qemu");
	/* A token ending at byte 1024 is still read whole. */
	static const char tail[] = "selftest=gp";
	memcpy(line + OPTIONS_CMDLINE_MAX - (sizeof tail - 1), tail, sizeof tail - 1);
	assert_int_equal(parse(line), OPTIONS_OK);
	assert_string_equal(get("selftest"), "gp");
}

static void test_line_of_1025_bytes_is_too_long(void **state)
{
	static char line[4096];

	(void)state;
	make_valid_line(line, OPTIONS_CMDLINE_MAX + 1);
	assert_int_equal(parse(line), OPTIONS_ERR_TOO_LONG);
	assert_string_equal(options_status_code(o.status), "CMDLINE_TOO_LONG");
	assert_printable(o.bad_token);
	assert_true(o.reason[0] != '\0');
	/* The token shows the start of the line. */
	assert_memory_equal(o.bad_token, "console=none", 12);
	make_valid_line(line, sizeof line - 1);
	assert_int_equal(parse(line), OPTIONS_ERR_TOO_LONG);
}

/* A line the loader cut (boot_info.cmdline_truncated): what arrived is
 * parsed and keeps its values, but the status is CMDLINE_TOO_LONG with the
 * line's first 40 bytes as the token; a cut line that does not parse keeps
 * its own, earlier error. */
static void test_truncated_flag_is_too_long_after_parsing(void **state)
{
	static const char line[] = "console=ttyS1 exit=qemu workloads=lz,matmul modes=hlt,off reps=3";

	(void)state;
	assert_int_equal(options_parse(&o, &kernel_options, line, true), OPTIONS_ERR_TOO_LONG);
	assert_string_equal(options_status_code(o.status), "CMDLINE_TOO_LONG");
	assert_int_equal(strlen(o.bad_token), 40);
	assert_memory_equal(o.bad_token, line, 40);
	assert_string_equal(o.reason, "longer than 1024 bytes");
	assert_string_equal(get("console"), "ttyS1");
	assert_string_equal(get("exit"), "qemu");
	assert_int_equal(options_parse(&o, &kernel_options, "exit=qemu", true), OPTIONS_ERR_TOO_LONG);
	assert_string_equal(o.bad_token, "exit=qemu");
	assert_int_equal(options_parse(&o, &kernel_options, "exit=qemu bogus", true), OPTIONS_ERR_UNKNOWN_KEY);
	assert_string_equal(o.bad_token, "bogus");
	assert_int_equal(options_parse(&o, &kernel_options, line, false), OPTIONS_OK);
}

static void test_non_printable_bytes_are_rejected(void **state)
{
	static const char *const lines[] = { "exit=qemu\x01", "\x1b[2J", "exit=q\177emu", "\x80",
					     "console=ttyS0 \xff", "exit=qemu\vselftest=ud" };

	(void)state;
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		assert_int_equal(parse(lines[i]), OPTIONS_ERR_BAD_BYTE);
		assert_printable(o.bad_token);
		assert_true(o.bad_token[0] != '\0');
		assert_true(o.reason[0] != '\0');
		assert_string_equal(options_status_code(o.status), "CMDLINE_BAD_BYTE");
	}
}

/* The header promises that options parsed before the bad token keep their
 * values "so console= still applies": with console=ttyS1 the error must go to
 * COM2, where the user is looking. */
static void test_bad_byte_keeps_options_before_it(void **state)
{
	(void)state;
	assert_int_equal(parse("console=ttyS1 exit=qemu sel\001ftest=ud"), OPTIONS_ERR_BAD_BYTE);
	assert_string_equal(get("console"), "ttyS1");
	assert_string_equal(get("exit"), "qemu");
}

/* The error names the offending token, not just one '?'. */
static void test_bad_byte_names_its_whole_token(void **state)
{
	(void)state;
	assert_int_equal(parse("exit=qemu sel\001ftest=ud"), OPTIONS_ERR_BAD_BYTE);
	assert_string_equal(o.bad_token, "sel?ftest=ud");
}

static void test_long_bad_token_is_truncated_and_terminated(void **state)
{
	static char line[300];

	(void)state;
	memset(line, 'k', 200);
	line[200] = '\0';
	assert_int_equal(parse(line), OPTIONS_ERR_UNKNOWN_KEY);
	assert_int_equal(strlen(o.bad_token), sizeof o.bad_token - 1);
	assert_memory_equal(o.bad_token, line, sizeof o.bad_token - 1);
}

static void test_uint_values_and_rows_out_of_range(void **state)
{
	(void)state;
	assert_int_equal(parse(""), OPTIONS_OK);
	assert_null(options_value(&o, OPTION_COUNT));
	assert_false(options_given(&o, OPTION_COUNT));
	assert_int_equal(options_uint(&o, OPTION_COUNT), 0);
	/* Not given: an integer option reads as its default, or 0 without one. */
	for (size_t i = 0; i < option_count; i++) {
		const struct option_def *d = &option_table[i];
		if (d->type != OPT_UINT)
			continue;
		uint64_t v = 0;
		if (d->def[0])
			assert_true(parse_uint(d->def, &v));
		assert_true(options_uint(&o, i) == v);
	}
}

static void test_status_texts_are_distinct_and_named(void **state)
{
	(void)state;
	for (int a = OPTIONS_OK; a <= OPTIONS_ERR_UNEXPECTED_VALUE; a++) {
		assert_string_not_equal(options_status_name(a), "?");
		assert_string_not_equal(options_status_code(a), "CMDLINE_ERROR");
		for (int b = a + 1; b <= OPTIONS_ERR_UNEXPECTED_VALUE; b++) {
			assert_string_not_equal(options_status_name(a), options_status_name(b));
			assert_string_not_equal(options_status_code(a), options_status_code(b));
		}
	}
	assert_string_equal(options_status_name((enum options_status)99), "?");
	assert_string_equal(options_status_code((enum options_status)99), "CMDLINE_ERROR");
}

static void test_table_names_are_unique_and_well_formed(void **state)
{
	(void)state;
	assert_true(option_count > 0 && option_count <= OPTIONS_MAX);
	for (size_t i = 0; i < option_count; i++) {
		const struct option_def *d = &option_table[i];
		assert_non_null(d->name);
		assert_true(d->name[0] != '\0');
		for (const char *c = d->name; *c; c++)
			assert_true((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_');
		assert_non_null(d->help);
		assert_true(d->help[0] != '\0');
		assert_non_null(d->def);
		assert_non_null(d->allowed);
		if (d->type == OPT_ENUM)
			assert_true(d->allowed[0] != '\0');
		if (d->type == OPT_UINT)
			assert_true(d->min <= d->max);
		for (size_t j = i + 1; j < option_count; j++)
			assert_string_not_equal(d->name, option_table[j].name);
	}
}

/* Each default, written on the command line as name=default, is accepted by
 * the option's own check; a flag's default is "" (not given), and text and
 * integer options may have none ("": the kernel decides, e.g. from ACPI). */
static void test_table_defaults_pass_their_own_checks(void **state)
{
	char line[OPTIONS_CMDLINE_MAX + 1];

	(void)state;
	for (size_t i = 0; i < option_count; i++) {
		const struct option_def *d = &option_table[i];
		if (d->type == OPT_FLAG) {
			assert_string_equal(d->def, "");
			continue;
		}
		if ((d->type == OPT_TEXT || d->type == OPT_UINT) && d->def[0] == '\0')
			continue; /* no default */
		assert_true(strlen(d->name) + 1 + strlen(d->def) < sizeof line);
		strcpy(line, d->name);
		strcat(line, "=");
		strcat(line, d->def);
		assert_int_equal(parse(line), OPTIONS_OK);
		assert_string_equal(get(d->name), d->def);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_and_null_lines_give_every_default),
		cmocka_unit_test(test_whitespace_only_lines_are_empty),
		cmocka_unit_test(test_help_console_exit_selftest_given_at_once),
		cmocka_unit_test(test_every_table_option_in_one_line),
		cmocka_unit_test(test_uint_options_bounds_decimal_and_hex),
		cmocka_unit_test(test_every_listed_enum_value_is_accepted),
		cmocka_unit_test(test_every_enum_value_is_accepted),
		cmocka_unit_test(test_tabs_newlines_and_repeated_spaces_separate_tokens),
		cmocka_unit_test(test_console_values_decimal_and_hex_baud),
		cmocka_unit_test(test_reparse_starts_from_scratch),
		cmocka_unit_test(test_value_points_into_own_storage_not_callers_buffer),
		cmocka_unit_test(test_unknown_key_names_token_and_keeps_earlier_options),
		cmocka_unit_test(test_unknown_keys_prefixes_case_and_empty_name),
		cmocka_unit_test(test_bad_enum_values),
		cmocka_unit_test(test_duplicate_key_keeps_first_value),
		cmocka_unit_test(test_flag_with_value_is_rejected),
		cmocka_unit_test(test_option_without_value_is_rejected),
		cmocka_unit_test(test_line_of_exactly_1024_bytes_is_accepted),
		cmocka_unit_test(test_line_of_1025_bytes_is_too_long),
		cmocka_unit_test(test_truncated_flag_is_too_long_after_parsing),
		cmocka_unit_test(test_non_printable_bytes_are_rejected),
		cmocka_unit_test(test_bad_byte_keeps_options_before_it),
		cmocka_unit_test(test_bad_byte_names_its_whole_token),
		cmocka_unit_test(test_long_bad_token_is_truncated_and_terminated),
		cmocka_unit_test(test_uint_values_and_rows_out_of_range),
		cmocka_unit_test(test_status_texts_are_distinct_and_named),
		cmocka_unit_test(test_table_names_are_unique_and_well_formed),
		cmocka_unit_test(test_table_defaults_pass_their_own_checks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
