/* Result file names: sanitizing metadata values, CPUID family/model as `NNh`,
 * and the whole base name for a fixed time. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tools/result_name.h"

static void test_sanitize_lowercases_replaces_collapses_and_trims(void **state)
{
	(void)state;
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "HygonGenuine", "hygongenuine" },
		{ "Standard PC (i440FX + PIIX, 1996)", "standard-pc-i440fx-piix-1996" },
		{ "To be filled by O.E.M.", "to-be-filled-by-o.e.m" },
		{ "../../etc/passwd", "etc-passwd" },
		{ "  ", "unknown" },
		{ "", "unknown" },
		{ NULL, "unknown" },
		{ "Hygon C86 7285 32-core", "hygon-c86-7285-32-core" },
		{ "a\xc3\xa9" "b", "a-b" },
		{ "-x--y-", "x-y" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char out[RESULT_NAME_COMPONENT_MAX + 1];
		result_name_sanitize(cases[i].in, out);
		assert_string_equal(out, cases[i].out);
	}
}

static void test_sanitize_cuts_long_values(void **state)
{
	(void)state;
	char in[200], out[RESULT_NAME_COMPONENT_MAX + 1];
	memset(in, 'A', sizeof in - 1);
	in[sizeof in - 1] = '\0';
	result_name_sanitize(in, out);
	assert_int_equal(strlen(out), RESULT_NAME_COMPONENT_MAX);
	assert_int_equal(out[0], 'a');
}

static void test_family_and_model_become_hex_with_h(void **state)
{
	(void)state;
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "0x18", "18h" }, { "0x0", "0h" }, { "24", "18h" }, { "0x7", "7h" }, { "0X1A", "1ah" },
		{ "", "unknown" }, { NULL, "unknown" }, { "eighteen", "unknown" }, { "0x18 ", "unknown" },
		{ "-1", "unknown" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char out[RESULT_NAME_COMPONENT_MAX + 1];
		result_name_hex_field(cases[i].in, out);
		assert_string_equal(out, cases[i].out);
	}
}

static struct stream_reader *reader_with(const char *meta)
{
	struct stream_reader *r = stream_reader_new();
	const char *head = "#! idlebench 0.1.0 schema=1\n";
	stream_reader_feed(r, head, strlen(head));
	stream_reader_feed(r, meta, strlen(meta));
	return r;
}

static void test_base_name_from_metadata_and_utc_time(void **state)
{
	(void)state;
	char out[256];
	struct stream_reader *r = reader_with("#= cpu_vendor=HygonGenuine\n#= cpu_family=0x18\n#= cpu_model=0x7\n"
					      "#= smbios_product=Sugon H620-G30\n");
	/* 1700000000 s after the epoch is 2023-11-14 22:13:20 UTC. */
	assert_true(result_name_base(r, 1700000000, out, sizeof out));
	assert_string_equal(out, "hygongenuine-18h-7h-sugon-h620-g30-20231114T221320Z");
	assert_false(result_name_base(r, 1700000000, out, 20));
	stream_reader_free(r);

	r = reader_with("#= cpu_vendor=AuthenticAMD\n");
	assert_true(result_name_base(r, 0, out, sizeof out));
	assert_string_equal(out, "authenticamd-unknown-unknown-unknown-19700101T000000Z");
	stream_reader_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sanitize_lowercases_replaces_collapses_and_trims),
		cmocka_unit_test(test_sanitize_cuts_long_values),
		cmocka_unit_test(test_family_and_model_become_hex_with_h),
		cmocka_unit_test(test_base_name_from_metadata_and_utc_time),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
