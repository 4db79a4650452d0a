/* Result file names of the UEFI application: plausibility of the firmware
 * clock (UEFI 2.10, 8.3 EFI_TIME: Year 1900..9999, Month 1..12, Day 1..31,
 * Hour 0..23, Minute/Second 0..59 — a dead CMOS battery gives 2000-01-01 or
 * garbage) and the candidate names tried one after another. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "boot/uefi/efi_result_name.h"

static struct result_time at(uint16_t year, uint8_t month, uint8_t day, uint8_t hour, uint8_t minute,
			     uint8_t second)
{
	struct result_time t = { year, month, day, hour, minute, second };
	return t;
}

static bool plausible(uint16_t year, uint8_t month, uint8_t day)
{
	struct result_time t = at(year, month, day, 12, 0, 0);
	return result_time_plausible(&t);
}

static void test_leap_days(void **state)
{
	(void)state;
	assert_true(plausible(2024, 2, 29));
	assert_false(plausible(2023, 2, 29));
	assert_true(plausible(2023, 2, 28));
	assert_true(plausible(2000, 2, 29)); /* divisible by 400 */
	assert_true(plausible(2096, 2, 29));
	assert_false(plausible(2024, 2, 30));
	assert_false(plausible(2001, 2, 29));
}

static void test_days_per_month(void **state)
{
	(void)state;
	static const uint8_t days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	for (uint8_t m = 1; m <= 12; m++) {
		assert_true(plausible(2025, m, 1));
		assert_true(plausible(2025, m, days[m - 1]));
		assert_false(plausible(2025, m, (uint8_t)(days[m - 1] + 1)));
		assert_false(plausible(2025, m, 0));
	}
}

static void test_year_and_month_bounds(void **state)
{
	(void)state;
	assert_true(plausible(2000, 1, 1));
	assert_true(plausible(2099, 12, 31));
	assert_false(plausible(1999, 12, 31));
	assert_false(plausible(2100, 1, 1));
	assert_false(plausible(1900, 1, 1)); /* EFI_TIME's minimum year */
	assert_false(plausible(2024, 0, 1));
	assert_false(plausible(2024, 13, 1));
	assert_false(plausible(0xFFFF, 0xFF, 0xFF)); /* an all-ones read */
}

static void test_time_of_day_bounds(void **state)
{
	(void)state;
	struct result_time t = at(2024, 6, 15, 23, 59, 59);
	assert_true(result_time_plausible(&t));
	t = at(2024, 6, 15, 0, 0, 0);
	assert_true(result_time_plausible(&t));
	t = at(2024, 6, 15, 24, 0, 0);
	assert_false(result_time_plausible(&t));
	t = at(2024, 6, 15, 0, 60, 0);
	assert_false(result_time_plausible(&t));
	t = at(2024, 6, 15, 0, 0, 60); /* a leap second is not a file name */
	assert_false(result_time_plausible(&t));
}

static void test_name_from_clock_then_numbered(void **state)
{
	(void)state;
	struct result_time t = at(2024, 2, 29, 7, 5, 3);
	char out[64];

	assert_true(result_file_name(out, sizeof out, &t, 0));
	assert_string_equal(out, "20240229-070503.csv");
	assert_true(result_file_name(out, sizeof out, &t, 1));
	assert_string_equal(out, "20240229-070503-2.csv");
	assert_true(result_file_name(out, sizeof out, &t, 2));
	assert_string_equal(out, "20240229-070503-3.csv");
	assert_true(result_file_name(out, sizeof out, &t, RESULT_NAME_ATTEMPTS - 1));
	assert_string_equal(out, "20240229-070503-1000.csv");
}

static void test_implausible_or_missing_clock_gives_run_counter(void **state)
{
	(void)state;
	struct result_time bad = at(2023, 2, 29, 7, 5, 3);
	char out[64];

	assert_true(result_file_name(out, sizeof out, &bad, 0));
	assert_string_equal(out, "run-0001.csv");
	assert_true(result_file_name(out, sizeof out, &bad, 1));
	assert_string_equal(out, "run-0002.csv");
	assert_true(result_file_name(out, sizeof out, NULL, 0));
	assert_string_equal(out, "run-0001.csv");
	assert_true(result_file_name(out, sizeof out, NULL, RESULT_NAME_ATTEMPTS - 1));
	assert_string_equal(out, "run-1000.csv");
}

static void test_names_are_distinct_over_all_attempts(void **state)
{
	(void)state;
	struct result_time t = at(2031, 12, 31, 23, 59, 59);
	static char names[RESULT_NAME_ATTEMPTS][32];

	for (unsigned a = 0; a < RESULT_NAME_ATTEMPTS; a++) {
		assert_true(result_file_name(names[a], sizeof names[a], &t, a));
		for (unsigned b = 0; b < a; b++)
			assert_true(strcmp(names[a], names[b]) != 0);
	}
}

static void test_too_small_buffer_returns_false(void **state)
{
	(void)state;
	struct result_time t = at(2024, 2, 29, 7, 5, 3);
	char out[64];

	/* "20240229-070503.csv" is 19 characters: 20 bytes fit, 19 do not */
	assert_true(result_file_name(out, 20, &t, 0));
	assert_string_equal(out, "20240229-070503.csv");
	memset(out, 'Z', sizeof out);
	assert_false(result_file_name(out, 19, &t, 0));
	assert_int_equal(out[19], 'Z'); /* nothing written past cap */
	assert_false(result_file_name(out, 21, &t, 1)); /* "-2" needs 22 */
	assert_true(result_file_name(out, 22, &t, 1));
	/* "run-0001.csv" is 12 characters */
	assert_true(result_file_name(out, 13, NULL, 0));
	assert_false(result_file_name(out, 12, NULL, 0));
	assert_false(result_file_name(out, 1, NULL, 0));
	memset(out, 'Z', sizeof out);
	assert_false(result_file_name(out, 0, NULL, 0));
	assert_int_equal(out[0], 'Z');
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_leap_days),
		cmocka_unit_test(test_days_per_month),
		cmocka_unit_test(test_year_and_month_bounds),
		cmocka_unit_test(test_time_of_day_bounds),
		cmocka_unit_test(test_name_from_clock_then_numbered),
		cmocka_unit_test(test_implausible_or_missing_clock_gives_run_counter),
		cmocka_unit_test(test_names_are_distinct_over_all_attempts),
		cmocka_unit_test(test_too_small_buffer_returns_false),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
