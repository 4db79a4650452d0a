/* The registry's lookup and the `workloads=` selection parser (bench/registry.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bench/probe.h"
#include "bench/workload.h"

static size_t class_count(enum workload_class class)
{
	size_t n = 0;
	for (size_t i = 0; i < workload_count(); i++)
		n += workload_at(i)->class == class;
	return n;
}

static void expect_ok(const char *spec, struct workload_selection *sel)
{
	char err[512] = "untouched";
	enum workload_select_error e = workload_select(spec, sel, err, sizeof err);
	if (e != WORKLOAD_SELECT_OK)
		fail_msg("'%s' rejected: %s (%s)", spec, workload_select_error_name(e), err);
	assert_string_equal(err, "");
}

static void test_all_selects_every_int_and_fp_workload_but_no_probe(void **state)
{
	(void)state;
	struct workload_selection sel;
	expect_ok("all", &sel);
	assert_int_equal(sel.count, class_count(WORKLOAD_INT) + class_count(WORKLOAD_FP));
	assert_true(class_count(WORKLOAD_PROBE) > 0);
	for (size_t i = 0; i < workload_count(); i++)
		assert_int_equal(sel.selected[i], workload_at(i)->class != WORKLOAD_PROBE);
	for (size_t i = workload_count(); i < WORKLOAD_MAX; i++)
		assert_false(sel.selected[i]);
}

static void test_probe_selects_every_probe_and_nothing_else(void **state)
{
	(void)state;
	struct workload_selection sel;
	expect_ok("probe", &sel);
	assert_int_equal(sel.count, PROBE_ROB_VARIANTS + PROBE_MLP_VARIANTS + PROBE_STREAM_VARIANTS + PROBE_SQ_VARIANTS);
	for (size_t i = 0; i < workload_count(); i++)
		assert_int_equal(sel.selected[i], workload_at(i)->class == WORKLOAD_PROBE);
	expect_ok("all,probe", &sel);
	assert_int_equal(sel.count, workload_count());
}

static void test_family_name_selects_its_variants(void **state)
{
	(void)state;
	static const struct { const char *spec; size_t count; const char *first, *last; } cases[] = {
		{ "rob", PROBE_ROB_VARIANTS, "rob_16", "rob_768" },
		{ "mlp", PROBE_MLP_VARIANTS, "mlp_1", "mlp_16" },
		{ "stream", PROBE_STREAM_VARIANTS, "stream_triad", "stream_triad" },
		{ "sq", PROBE_SQ_VARIANTS, "sq_8", "sq_192" },
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		struct workload_selection sel;
		expect_ok(cases[c].spec, &sel);
		assert_int_equal(sel.count, cases[c].count);
		assert_true(sel.selected[workload_find(cases[c].first)]);
		assert_true(sel.selected[workload_find(cases[c].last)]);
		for (size_t i = 0; i < workload_count(); i++)
			if (sel.selected[i] && strcmp(workload_at(i)->probe_family, cases[c].spec))
				fail_msg("%s selected %s", cases[c].spec, workload_at(i)->name);
	}
}

static void test_variant_name_selects_it_alone_and_mixes_with_families(void **state)
{
	(void)state;
	struct workload_selection sel;
	expect_ok("rob_224", &sel);
	assert_int_equal(sel.count, 1);
	assert_true(sel.selected[workload_find("rob_224")]);
	expect_ok("mlp,sq_64,lz", &sel);
	assert_int_equal(sel.count, PROBE_MLP_VARIANTS + 2);
	assert_true(sel.selected[workload_find("sq_64")]);
	assert_false(sel.selected[workload_find("sq_56")]);
}

static void test_class_selects_exactly_that_class(void **state)
{
	(void)state;
	static const struct { const char *spec; enum workload_class class; } cases[] = {
		{ "int", WORKLOAD_INT }, { "fp", WORKLOAD_FP },
	};
	for (size_t c = 0; c < 2; c++) {
		struct workload_selection sel;
		expect_ok(cases[c].spec, &sel);
		assert_int_equal(sel.count, class_count(cases[c].class));
		for (size_t i = 0; i < workload_count(); i++)
			assert_int_equal(sel.selected[i], workload_at(i)->class == cases[c].class);
	}
}

static void test_list_selects_named_workloads(void **state)
{
	(void)state;
	struct workload_selection sel;
	expect_ok("fft,lz", &sel);
	assert_int_equal(sel.count, 2);
	for (size_t i = 0; i < workload_count(); i++)
		assert_int_equal(sel.selected[i], !strcmp(workload_at(i)->name, "fft") ||
		                                  !strcmp(workload_at(i)->name, "lz"));
}

static void test_list_mixes_classes_and_names(void **state)
{
	(void)state;
	struct workload_selection sel;
	expect_ok("int,fft", &sel);
	assert_int_equal(sel.count, class_count(WORKLOAD_INT) + 1);
	assert_true(sel.selected[workload_find("fft")]);
	assert_false(sel.selected[workload_find("matmul")]);
}

static void test_duplicates_are_a_union_not_an_error(void **state)
{
	(void)state;
	struct workload_selection sel;
	expect_ok("lz,lz,lz", &sel);
	assert_int_equal(sel.count, 1);
	expect_ok("int,lz,all,fp", &sel);
	assert_int_equal(sel.count, class_count(WORKLOAD_INT) + class_count(WORKLOAD_FP));
	expect_ok("rob,rob_16,probe", &sel);
	assert_int_equal(sel.count, class_count(WORKLOAD_PROBE));
}

static void test_every_registered_name_selects_itself(void **state)
{
	(void)state;
	for (size_t i = 0; i < workload_count(); i++) {
		struct workload_selection sel;
		expect_ok(workload_at(i)->name, &sel);
		assert_int_equal(sel.count, 1);
		assert_true(sel.selected[i]);
	}
}

static void test_unknown_name_is_rejected_and_message_lists_valid_names(void **state)
{
	(void)state;
	struct workload_selection sel;
	char err[1024];
	assert_int_equal(workload_select("lz,nosuch,fft", &sel, err, sizeof err), WORKLOAD_SELECT_UNKNOWN);
	assert_int_equal(sel.count, 0);
	for (size_t i = 0; i < WORKLOAD_MAX; i++)
		assert_false(sel.selected[i]);
	assert_non_null(strstr(err, "'nosuch'"));
	assert_non_null(strstr(err, "all, int, fp"));
	assert_non_null(strstr(err, ", probe, rob (rob_16..rob_768), mlp (mlp_1..mlp_16), stream (stream_triad), "
	                            "sq (sq_8..sq_192)"));
	for (size_t i = 0; i < workload_count(); i++) {
		char needle[64];
		if (workload_at(i)->class == WORKLOAD_PROBE)
			continue; /* listed by family, checked above */
		strcpy(needle, ", ");
		strcat(needle, workload_at(i)->name);
		if (!strstr(err, needle))
			fail_msg("message lacks %s: %s", workload_at(i)->name, err);
	}
	assert_null(strchr(err, '\n'));
}

static void test_names_match_exactly_not_by_prefix_or_case(void **state)
{
	(void)state;
	static const char *const bad[] = { "l", "lzz", "LZ", "Int", "al", "fp ", " lz", "sort\t",
	                                   "rob_", "ro", "probes", "ROB", "sq_9", "mlp_3" };
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		struct workload_selection sel;
		char err[256];
		if (workload_select(bad[k], &sel, err, sizeof err) != WORKLOAD_SELECT_UNKNOWN)
			fail_msg("'%s' accepted", bad[k]);
	}
	assert_int_equal(workload_find("lzz"), -1);
	assert_int_equal(workload_find(""), -1);
}

static void test_empty_value_is_rejected(void **state)
{
	(void)state;
	struct workload_selection sel;
	char err[512];
	assert_int_equal(workload_select("", &sel, err, sizeof err), WORKLOAD_SELECT_EMPTY);
	assert_non_null(strstr(err, "empty workload list"));
	assert_non_null(strstr(err, "valid: all, int, fp"));
	assert_int_equal(workload_select(NULL, &sel, err, sizeof err), WORKLOAD_SELECT_EMPTY);
	assert_int_equal(sel.count, 0);
}

static void test_empty_items_are_rejected(void **state)
{
	(void)state;
	static const char *const bad[] = { "lz,", ",lz", "lz,,fft", ",", "int,,fp" };
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		struct workload_selection sel;
		char err[512];
		if (workload_select(bad[k], &sel, err, sizeof err) != WORKLOAD_SELECT_EMPTY_ITEM)
			fail_msg("'%s' not rejected as an empty item", bad[k]);
		assert_int_equal(sel.count, 0);
		assert_false(sel.selected[0]);
		assert_non_null(strstr(err, "empty item"));
	}
}

static void test_error_text_is_truncated_inside_the_buffer(void **state)
{
	(void)state;
	struct workload_selection sel;
	char buf[24];
	memset(buf, '#', sizeof buf);
	assert_int_equal(workload_select("nosuch", &sel, buf, 16), WORKLOAD_SELECT_UNKNOWN);
	assert_int_equal(strlen(buf), 15);
	assert_memory_equal(buf, "unknown workload", 15);
	for (size_t i = 16; i < sizeof buf; i++)
		assert_int_equal(buf[i], '#');
	memset(buf, '#', sizeof buf);
	assert_int_equal(workload_select("nosuch", &sel, buf, 0), WORKLOAD_SELECT_UNKNOWN);
	assert_int_equal(buf[0], '#');
}

static void test_class_and_error_names(void **state)
{
	(void)state;
	assert_string_equal(workload_class_name(WORKLOAD_INT), "int");
	assert_string_equal(workload_class_name(WORKLOAD_FP), "fp");
	assert_string_equal(workload_class_name(WORKLOAD_PROBE), "probe");
	assert_string_equal(workload_select_error_name(WORKLOAD_SELECT_OK), "WORKLOAD_SELECT_OK");
	assert_string_equal(workload_select_error_name(WORKLOAD_SELECT_EMPTY), "WORKLOAD_SELECT_EMPTY");
	assert_string_equal(workload_select_error_name(WORKLOAD_SELECT_EMPTY_ITEM), "WORKLOAD_SELECT_EMPTY_ITEM");
	assert_string_equal(workload_select_error_name(WORKLOAD_SELECT_UNKNOWN), "WORKLOAD_SELECT_UNKNOWN");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_selects_every_int_and_fp_workload_but_no_probe),
		cmocka_unit_test(test_probe_selects_every_probe_and_nothing_else),
		cmocka_unit_test(test_family_name_selects_its_variants),
		cmocka_unit_test(test_variant_name_selects_it_alone_and_mixes_with_families),
		cmocka_unit_test(test_class_selects_exactly_that_class),
		cmocka_unit_test(test_list_selects_named_workloads),
		cmocka_unit_test(test_list_mixes_classes_and_names),
		cmocka_unit_test(test_duplicates_are_a_union_not_an_error),
		cmocka_unit_test(test_every_registered_name_selects_itself),
		cmocka_unit_test(test_unknown_name_is_rejected_and_message_lists_valid_names),
		cmocka_unit_test(test_names_match_exactly_not_by_prefix_or_case),
		cmocka_unit_test(test_empty_value_is_rejected),
		cmocka_unit_test(test_empty_items_are_rejected),
		cmocka_unit_test(test_error_text_is_truncated_inside_the_buffer),
		cmocka_unit_test(test_class_and_error_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
