/* parse_uint (lib/parse.c): decimal and 0x-hex, the whole string,
 * overflow at 2^64, and *out untouched on every failure. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "lib/parse.h"

static void test_parse_uint_decimal_hex_and_overflow(void **state)
{
	uint64_t v = 7;

	(void)state;
	assert_true(parse_uint("0", &v));
	assert_int_equal(v, 0);
	assert_true(parse_uint("42", &v));
	assert_int_equal(v, 42);
	assert_true(parse_uint("0x1f", &v));
	assert_int_equal(v, 31);
	assert_true(parse_uint("0XaBc", &v));
	assert_int_equal(v, 0xabc);
	assert_true(parse_uint("007", &v));
	assert_int_equal(v, 7);
	assert_true(parse_uint("18446744073709551615", &v));
	assert_true(v == UINT64_MAX);
	assert_true(parse_uint("0xffffffffffffffff", &v));
	assert_true(v == UINT64_MAX);
	v = 5;
	static const char *const bad[] = { "", "0x", "-1", "+1", " 1", "1 ", "1a", "0x1g", "abc", "1.5",
					   "18446744073709551616", "0x10000000000000000", "99999999999999999999" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_false(parse_uint(bad[i], &v));
		assert_int_equal(v, 5); /* untouched on failure */
	}
}

/* precision=: a decimal with at most two decimals, in hundredths. */
static void test_parse_hundredths_scales_and_rejects_junk(void **state)
{
	uint64_t v = 0;

	(void)state;
	static const struct { const char *text; uint64_t want; } good[] = {
		{ "1", 100 }, { "0.3", 30 }, { "0.25", 25 }, { "12.50", 1250 }, { "100", 10000 },
		{ "0.01", 1 }, { ".5", 50 }, { "7.", 700 }, { "0", 0 },
	};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		assert_true(parse_hundredths(good[i].text, &v));
		assert_int_equal(v, good[i].want);
	}
	v = 5;
	static const char *const bad[] = { "", ".", "0.125", "1..2", "1.2.3", "-1", "+1", "1e2", " 1", "0x10",
					   "1,5", "184467440737095516.16" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_false(parse_hundredths(bad[i], &v));
		assert_int_equal(v, 5);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_uint_decimal_hex_and_overflow),
		cmocka_unit_test(test_parse_hundredths_scales_and_rejects_junk),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
