/* The one result-file naming scheme (lib/result_name.h): parts from
 * the stream's metadata, hostile product strings (slashes, quotes, 200
 * characters, non-ASCII) turned into bounded safe names, the label, the
 * clock's three forms, the `-N` and `-INCOMPLETE` suffixes, and the
 * metadata scan the UEFI application uses on its in-memory stream. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lib/result_name.h"

static const struct result_time utc = { 2026, 3, 4, 5, 6, 7, true };

static struct result_name_meta meta(const char *vendor, const char *family, const char *model, const char *product,
				    const char *label)
{
	struct result_name_meta m;
	memset(&m, 0, sizeof m);
	result_name_meta_set(&m, "cpu_vendor", vendor, strlen(vendor));
	result_name_meta_set(&m, "cpu_family", family, strlen(family));
	result_name_meta_set(&m, "cpu_model", model, strlen(model));
	result_name_meta_set(&m, "smbios_product", product, strlen(product));
	result_name_meta_set(&m, "label", label, strlen(label));
	return m;
}

/* Every byte of a name is [a-z0-9._-] (upper case only in the time's T and
 * Z and the INCOMPLETE suffix), no part starts with '.', and it ends in .csv. */
static void assert_safe_name(const char *name)
{
	size_t n = strlen(name);
	assert_true(n > 4 && n <= RESULT_NAME_MAX);
	assert_string_equal(name + n - 4, ".csv");
	size_t plain = n >= 15 && !strcmp(name + n - 15, "-INCOMPLETE.csv") ? n - 15 : n - 4;
	for (size_t i = 0; i < plain; i++) {
		char c = name[i];
		assert_true((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-' ||
			    c == 'T' || c == 'Z');
		if (c == '.')
			assert_true(i > 0 && name[i - 1] != '-');
	}
	assert_null(strstr(name, ".."));
}

static void test_machine_name_from_metadata(void **state)
{
	(void)state;
	struct result_name_meta m = meta("HygonGenuine", "0x18", "0x0", "Standard PC (i440FX + PIIX, 1996)", "");
	char out[RESULT_NAME_MAX + 1];
	assert_true(result_name_format(out, sizeof out, &m, &utc, 0, true));
	assert_string_equal(out, "hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20260304T050607Z.csv");
}

static void test_label_goes_between_product_and_time(void **state)
{
	(void)state;
	struct result_name_meta m = meta("AuthenticAMD", "0x19", "0x21", "X570 AORUS", "bios-F35.turbo_off");
	char out[RESULT_NAME_MAX + 1];
	assert_true(result_name_format(out, sizeof out, &m, &utc, 0, true));
	assert_string_equal(out, "authenticamd-19h-21h-x570-aorus-bios-f35.turbo_off-20260304T050607Z.csv");
}

static void test_hostile_product_strings_become_safe_bounded_names(void **state)
{
	(void)state;
	char long_product[201];
	memset(long_product, 'P', 200);
	long_product[200] = '\0';
	static const struct {
		const char *product, *part;
	} cases[] = {
		{ "../../etc/passwd", "etc-passwd" },
		{ "a/b\\c", "a-b-c" },
		{ "\"quoted\" 'single'", "quoted-single" },
		{ "Caf\xc3\xa9 Serv\xc3\xa9r \xe2\x84\xa2", "caf-serv-r" },
		{ "$(rm -rf ~); `x` | y > z", "rm-rf-x-y-z" },
		{ "...hidden", "hidden" },
		{ "To be filled by O.E.M.", "to-be-filled-by-o.e.m." },
		{ "tab\there\nnewline\x01\x7f", "tab-here-newline" },
		{ "  ", "unknown" },
		{ "", "unknown" },
		{ "\xff\xfe", "unknown" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct result_name_meta m = meta("GenuineIntel", "6", "0x55", cases[i].product, "");
		char out[RESULT_NAME_MAX + 1], want[RESULT_NAME_MAX + 1];
		assert_true(result_name_format(out, sizeof out, &m, &utc, 0, true));
		snprintf(want, sizeof want, "genuineintel-6h-55h-%s-20260304T050607Z.csv", cases[i].part);
		assert_string_equal(out, want);
		assert_safe_name(out);
	}
	/* 200 characters: cut to RESULT_NAME_PRODUCT_MAX (the stored value itself is cut first). */
	struct result_name_meta m = meta("GenuineIntel", "6", "0x55", long_product, "");
	char out[RESULT_NAME_MAX + 1], want[RESULT_NAME_MAX + 1];
	assert_true(result_name_format(out, sizeof out, &m, &utc, 0, true));
	snprintf(want, sizeof want, "genuineintel-6h-55h-%.*s-20260304T050607Z.csv", RESULT_NAME_PRODUCT_MAX,
		 "pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp");
	assert_string_equal(out, want);
}

static void test_longest_name_fits_the_bound(void **state)
{
	(void)state;
	char big[300];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	struct result_name_meta m = meta(big, "0xffffffff", "0xffffffff", big, big);
	char out[RESULT_NAME_MAX + 1];
	assert_true(result_name_format(out, sizeof out, &m, &utc, RESULT_NAME_ATTEMPTS - 1, false));
	assert_safe_name(out);
	assert_true(strlen(out) <= RESULT_NAME_MAX);
	assert_non_null(strstr(out, "-20260304T050607Z-1000-INCOMPLETE.csv"));
	/* One more attempt is refused rather than formatted. */
	assert_false(result_name_format(out, sizeof out, &m, &utc, RESULT_NAME_ATTEMPTS, false));
}

static void test_bad_family_or_model_is_unknown(void **state)
{
	(void)state;
	static const char *bad[] = { "", "x18", "0x", "-1", "0x1ffffffff", "24 ", "0x18h" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct result_name_meta m = meta("V", bad[i], "24", "P", "");
		char out[RESULT_NAME_MAX + 1];
		assert_true(result_name_format(out, sizeof out, &m, &utc, 0, true));
		assert_string_equal(out, "v-unknown-18h-p-20260304T050607Z.csv");
	}
}

static void test_clock_forms_and_suffixes(void **state)
{
	(void)state;
	struct result_name_meta m = meta("V", "1", "2", "P", "");
	struct result_time local = utc, bad = utc;
	local.utc = false;
	bad.month = 13;
	char out[RESULT_NAME_MAX + 1];
	assert_true(result_name_format(out, sizeof out, &m, &local, 0, true));
	assert_string_equal(out, "v-1h-2h-p-20260304T050607.csv");
	assert_true(result_name_format(out, sizeof out, &m, &bad, 0, true));
	assert_string_equal(out, "v-1h-2h-p-notime.csv");
	assert_true(result_name_format(out, sizeof out, &m, NULL, 2, false));
	assert_string_equal(out, "v-1h-2h-p-notime-3-INCOMPLETE.csv");
	assert_true(result_name_format(out, sizeof out, &m, &utc, 1, true));
	assert_string_equal(out, "v-1h-2h-p-20260304T050607Z-2.csv");
}

static void test_names_are_distinct_over_all_attempts(void **state)
{
	(void)state;
	struct result_name_meta m = meta("V", "1", "2", "P", "");
	static char names[RESULT_NAME_ATTEMPTS][RESULT_NAME_MAX + 1];
	for (unsigned a = 0; a < RESULT_NAME_ATTEMPTS; a++) {
		assert_true(result_name_format(names[a], sizeof names[a], &m, NULL, a, true));
		for (unsigned b = 0; b < a; b++)
			assert_true(strcmp(names[a], names[b]) != 0);
	}
}

static void test_too_small_buffer_writes_nothing(void **state)
{
	(void)state;
	struct result_name_meta m = meta("V", "1", "2", "P", "");
	char out[64];
	/* "v-1h-2h-p-notime.csv" is 20 characters */
	assert_true(result_name_format(out, 21, &m, NULL, 0, true));
	memset(out, 'Z', sizeof out);
	assert_false(result_name_format(out, 20, &m, NULL, 0, true));
	assert_int_equal(out[0], 'Z');
	assert_false(result_name_format(out, 0, &m, NULL, 0, true));
}

static void test_scan_reads_metadata_lines_before_the_table(void **state)
{
	(void)state;
	static const char text[] = "#! idlebench 0.1.0 schema=3\r\n"
				   "#= cpu_vendor=HygonGenuine\r\n"
				   "#= cpu_family=0x18\n"
				   "#=  cpu_model=0x1\n"
				   "#  human text #= label=not-this\n"
				   "#= smbios_product=Standard PC (Q35 + ICH9, 2009)\n"
				   "#= label=run1\n"
				   "seq,workload\n"
				   "#= cpu_vendor=AfterTheTable\n";
	struct result_name_meta m;
	result_name_meta_scan(&m, text, sizeof text - 1);
	assert_string_equal(m.vendor, "HygonGenuine");
	assert_string_equal(m.family, "0x18");
	assert_string_equal(m.model, "0x1");
	assert_string_equal(m.product, "Standard PC (Q35 + ICH9, 2009)");
	assert_string_equal(m.label, "run1");
	char out[RESULT_NAME_MAX + 1];
	assert_true(result_name_format(out, sizeof out, &m, &utc, 0, true));
	assert_string_equal(out, "hygongenuine-18h-1h-standard-pc-q35-ich9-2009-run1-20260304T050607Z.csv");
	/* A stream cut inside a metadata line: the part that arrived counts. */
	result_name_meta_scan(&m, "#= cpu_vendor=Hyg", 17);
	assert_string_equal(m.vendor, "Hyg");
	result_name_meta_scan(&m, "", 0);
	assert_string_equal(m.vendor, "");
}

static void test_plausible_clock(void **state)
{
	(void)state;
	struct result_time t = { 2024, 2, 29, 23, 59, 59, true };
	assert_true(result_time_plausible(&t));
	t.year = 2023;
	assert_false(result_time_plausible(&t));
	t = (struct result_time){ 2100, 1, 1, 0, 0, 0, true };
	assert_false(result_time_plausible(&t));
	t = (struct result_time){ 2000, 1, 1, 0, 0, 60, true };
	assert_false(result_time_plausible(&t));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_machine_name_from_metadata),
		cmocka_unit_test(test_label_goes_between_product_and_time),
		cmocka_unit_test(test_hostile_product_strings_become_safe_bounded_names),
		cmocka_unit_test(test_longest_name_fits_the_bound),
		cmocka_unit_test(test_bad_family_or_model_is_unknown),
		cmocka_unit_test(test_clock_forms_and_suffixes),
		cmocka_unit_test(test_names_are_distinct_over_all_attempts),
		cmocka_unit_test(test_too_small_buffer_writes_nothing),
		cmocka_unit_test(test_scan_reads_metadata_lines_before_the_table),
		cmocka_unit_test(test_plausible_clock),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
