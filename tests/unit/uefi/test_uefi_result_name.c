/* Result file names of the UEFI application: plausibility of the firmware
 * clock (UEFI 2.10, 8.3 EFI_TIME: Year 1900..9999, Month 1..12, Day 1..31,
 * Hour 0..23, Minute/Second 0..59 — a dead CMOS battery gives 2000-01-01 or
 * garbage) and the names of lib/result_name.h built from the stream
 * the application holds in memory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "boot/uefi/efi_result_name.h"

static struct result_time at(uint16_t year, uint8_t month, uint8_t day, uint8_t hour, uint8_t minute,
			     uint8_t second)
{
	struct result_time t = { year, month, day, hour, minute, second, false };
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

/* A stream as the application holds it in memory (CR-LF as the serial console sends it). */
static const char stream[] = "#! idlebench 0.1.0 schema=3\r\n"
			     "#= cpu_vendor=AuthenticAMD\r\n"
			     "#= cpu_family=0x17\r\n"
			     "#= cpu_model=0x31\r\n"
			     "#= smbios_product=ProLiant DL385 Gen10 Plus\r\n"
			     "#= label=c6-off\r\n"
			     "seq,workload\r\n"
			     "#! end rows=0 status=ok crc32=00000000\r\n"
			     "idlebench: results complete - safe to power off\r\n";

static void test_name_from_stream_metadata_and_clock_then_numbered(void **state)
{
	(void)state;
	struct result_time t = at(2024, 2, 29, 7, 5, 3);
	char out[RESULT_NAME_MAX + 1];

	assert_true(result_file_name(out, sizeof out, &t, stream, sizeof stream - 1, 0));
	assert_string_equal(out, "authenticamd-17h-31h-proliant-dl385-gen10-plus-c6-off-20240229T070503.csv");
	assert_true(result_file_name(out, sizeof out, &t, stream, sizeof stream - 1, 1));
	assert_string_equal(out, "authenticamd-17h-31h-proliant-dl385-gen10-plus-c6-off-20240229T070503-2.csv");
	assert_true(result_file_name(out, sizeof out, &t, stream, sizeof stream - 1, RESULT_NAME_ATTEMPTS - 1));
	assert_string_equal(out, "authenticamd-17h-31h-proliant-dl385-gen10-plus-c6-off-20240229T070503-1000.csv");
	t.utc = true; /* EFI_TIME.TimeZone 0 */
	assert_true(result_file_name(out, sizeof out, &t, stream, sizeof stream - 1, 0));
	assert_string_equal(out, "authenticamd-17h-31h-proliant-dl385-gen10-plus-c6-off-20240229T070503Z.csv");
}

static void test_implausible_or_missing_clock_says_notime(void **state)
{
	(void)state;
	struct result_time bad = at(2023, 2, 29, 7, 5, 3);
	char out[RESULT_NAME_MAX + 1];

	assert_true(result_file_name(out, sizeof out, &bad, stream, sizeof stream - 1, 0));
	assert_string_equal(out, "authenticamd-17h-31h-proliant-dl385-gen10-plus-c6-off-notime.csv");
	assert_true(result_file_name(out, sizeof out, NULL, stream, sizeof stream - 1, 1));
	assert_string_equal(out, "authenticamd-17h-31h-proliant-dl385-gen10-plus-c6-off-notime-2.csv");
}

static void test_stream_without_end_record_is_incomplete(void **state)
{
	(void)state;
	struct result_time t = at(2024, 2, 29, 7, 5, 3);
	char out[RESULT_NAME_MAX + 1];
	size_t cut = (size_t)(strstr(stream, "#! end") - stream);

	assert_true(result_file_name(out, sizeof out, &t, stream, cut, 0));
	assert_string_equal(out, "authenticamd-17h-31h-proliant-dl385-gen10-plus-c6-off-20240229T070503-INCOMPLETE.csv");
	/* Nothing arrived at all: every part unknown, still a valid name. */
	assert_true(result_file_name(out, sizeof out, &t, "", 0, 0));
	assert_string_equal(out, "unknown-unknown-unknown-unknown-20240229T070503-INCOMPLETE.csv");
}

static void test_names_fit_fat_long_names_and_the_report_path(void **state)
{
	(void)state;
	/* A product as long and hostile as SMBIOS allows (strings up to 64 bytes
	 * are common; here 200 with slashes, quotes and UTF-8). */
	static char big[1024];
	size_t n = (size_t)snprintf(big, sizeof big, "#! idlebench 0.1.0 schema=3\n#= smbios_product=");
	for (int i = 0; i < 40; i++)
		n += (size_t)snprintf(big + n, sizeof big - n, "a/\"\xc3\xa9");
	n += (size_t)snprintf(big + n, sizeof big - n, "\n#= label=abcdefghijklmnopqrstuvwxyz012345\n");
	struct result_time t = at(2024, 2, 29, 7, 5, 3);
	char out[RESULT_NAME_MAX + 1];
	assert_true(result_file_name(out, sizeof out, &t, big, n, RESULT_NAME_ATTEMPTS - 1));
	assert_true(strlen(out) <= RESULT_NAME_MAX);
	assert_null(strchr(out, '/'));
	assert_null(strchr(out, '"'));
	assert_true(strlen("\\idlebench\\results\\") + strlen(out) < 24 + RESULT_NAME_MAX);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_leap_days),
		cmocka_unit_test(test_days_per_month),
		cmocka_unit_test(test_year_and_month_bounds),
		cmocka_unit_test(test_time_of_day_bounds),
		cmocka_unit_test(test_name_from_stream_metadata_and_clock_then_numbered),
		cmocka_unit_test(test_implausible_or_missing_clock_says_notime),
		cmocka_unit_test(test_stream_without_end_record_is_incomplete),
		cmocka_unit_test(test_names_fit_fat_long_names_and_the_report_path),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
