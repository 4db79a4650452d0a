/* The page of `idlebench report --html` (tools/report/report_html.c) on the
 * fixtures of tests/fixtures/results/generate.py, rendered into memory.
 * Proves: markup in stream strings becomes entities (the escape itself and a
 * whole stream with hostile metadata), the primary numbers are the summary's
 * (the literals are generate.py's scipy figures, as in test_report.c), a set
 * without hlt gets no primary result and says why, several sets get one
 * section each with the reason they were not pooled, a failed control is
 * flagged UNTRUSTWORTHY and `hypervisor=none` is not flagged. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/crc32.h"
#include "tools/report/report_html.h"
#include "tools/report/report_format.h"
#include "tools/report/report_html_escape.h"

#define F "tests/fixtures/results/"

/* The page of files[0..n) as one string (caller frees). */
static char *render(const char *const *files, size_t n)
{
	struct report_pool pool = { .set_count = 0 };
	for (size_t i = 0; i < n; i++) {
		char err[1024];
		if (!report_pool_add_file(&pool, files[i], err, sizeof err))
			fail_msg("%s", err);
	}
	struct report_summary *sums[REPORT_MAX_SETS] = { NULL };
	struct report_records recs[REPORT_MAX_SETS];
	const struct report_records *r[REPORT_MAX_SETS];
	for (size_t i = 0; i < pool.set_count; i++) {
		char err[1024];
		sums[i] = malloc(sizeof *sums[i]);
		assert_non_null(sums[i]);
		assert_true(report_summarize(pool.set[i], REPORT_DEFAULT_FIRMWARE_S, sums[i]));
		assert_true(report_records_load(pool.set[i], &recs[i], err, sizeof err));
		r[i] = &recs[i];
	}
	char *page = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&page, &size);
	assert_non_null(out);
	report_html_render(out, &pool, (const struct report_summary *const *)sums, r);
	assert_int_equal(fclose(out), 0);
	for (size_t i = 0; i < pool.set_count; i++) {
		report_records_free(&recs[i]);
		report_summary_free(sums[i]);
		free(sums[i]);
	}
	report_pool_free(&pool);
	return page;
}

static void assert_contains(const char *haystack, const char *needle)
{
	if (!strstr(haystack, needle))
		fail_msg("expected to find\n%s\nin the page", needle);
}

static size_t count(const char *haystack, const char *needle)
{
	size_t n = 0;
	for (const char *p = haystack; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

static void test_escape_turns_markup_into_entities(void **state)
{
	(void)state;
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	report_html_escape(out, "<script>alert(\"x\")</script> & 'q' \xc3\xa9");
	report_html_escape(out, NULL);
	fclose(out);
	assert_string_equal(text, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; \xc3\xa9");
	free(text);
}

/* plan_b.csv with markup in cpu_brand and smbios_product, its CRC recomputed. */
static void write_hostile_stream(const char *path)
{
	static const char hostile[] = "</td><script>alert(1)</script><img src=x onerror=alert(2)>\"'&";
	FILE *in = fopen(F "plan_b.csv", "r"), *out = fopen(path, "w");
	assert_non_null(in);
	assert_non_null(out);
	char line[8192];
	uint32_t crc = 0;
	while (fgets(line, sizeof line, in)) {
		if (!strncmp(line, "#! end ", 7)) {
			*strstr(line, "crc32=") = '\0';
			fprintf(out, "%scrc32=%08x\n", line, crc);
			break;
		}
		if (!strncmp(line, "#= cpu_brand=", 13) || !strncmp(line, "#= smbios_product=", 18))
			snprintf(strchr(line + 3, '=') + 1, sizeof line - 20, "%s\n", hostile);
		crc = crc32_update(crc, line, strlen(line));
		fputs(line, out);
	}
	fclose(in);
	assert_int_equal(fclose(out), 0);
}

static void test_hostile_stream_strings_are_escaped_everywhere(void **state)
{
	(void)state;
	char path[] = "/tmp/idlebench-hostile-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	write_hostile_stream(path);
	const char *files[] = { path };
	char *page = render(files, 1);
	unlink(path);
	assert_null(strstr(page, "<script"));
	assert_null(strstr(page, "<img"));
	assert_null(strstr(page, "</td><script"));
	/* shown, as text: in the heading (product), the brand line and the metadata table */
	assert_true(count(page, "&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#39;&amp;") >= 4);
	free(page);
}

static void test_primary_numbers_are_the_summarys(void **state)
{
	(void)state;
	const char *files[] = { F "plan_a_boot1.csv", F "plan_a_boot2.csv" };
	char *page = render(files, 2);
	/* generate.py (scipy): int 12.65 [4.41, 21.55] MDE 8.79, fp 19.96 [13.54, 26.75] MDE 6.29 (boots-t) */
	assert_contains(page, "<span data-set=\"1\" data-primary=\"int\" data-field=\"value\">12.65</span>");
	assert_contains(page, "<span data-set=\"1\" data-primary=\"int\" data-field=\"lo\">4.41</span>");
	assert_contains(page, "<span data-set=\"1\" data-primary=\"int\" data-field=\"hi\">21.55</span>");
	assert_contains(page, "<span data-set=\"1\" data-primary=\"int\" data-field=\"mde\">8.79</span>");
	assert_contains(page, "<span data-set=\"1\" data-primary=\"fp\" data-field=\"value\">19.96</span>");
	assert_contains(page, "<span data-set=\"1\" data-primary=\"fp\" data-field=\"lo\">13.54</span>");
	assert_contains(page, "<span data-set=\"1\" data-primary=\"fp\" data-field=\"hi\">26.75</span>");
	assert_contains(page, "<span data-set=\"1\" data-primary=\"fp\" data-field=\"mde\">6.29</span>");
	/* with an interval: large type */
	assert_contains(page, "<td class=\"n big\"><span data-set=\"1\" data-primary=\"int\" data-field=\"value\">");
	assert_contains(page, "t interval over the boots' estimates (boots-t)");
	/* the primary result comes before every other section of the set */
	assert_true(strstr(page, "<h3>Primary result</h3>") < strstr(page, "<h3>Controls</h3>"));
	/* test fixtures say hypervisor=none: no hypervisor flag */
	assert_null(strstr(page, "describe the virtual machine"));
	assert_null(strstr(page, "UNTRUSTWORTHY"));
	free(page);
}

/* The table of the primary result of set 1 of page (caller frees). */
static char *primary_table(const char *page)
{
	const char *a = strstr(page, "<table class=\"primary\">"), *b = a ? strstr(a, "</table>") : NULL;
	assert_non_null(b);
	return strndup(a, (size_t)(b - a));
}

/* One quick boot under QEMU TCG (mwait not_idle, spin primary, 3 blocks):
 * no number in large type, each says why it has no interval, the seed's
 * figures are outside the table on their own line, and mwait is named with
 * its status and reason. */
static void test_quick_emulated_boot_shows_no_interval_plainly_and_the_seed_apart(void **state)
{
	(void)state;
	const char *files[] = { F "qemu_quick_mwait_not_idle.csv" };
	char *page = render(files, 1);
	char *table = primary_table(page);
	assert_null(strstr(table, "big"));
	assert_contains(table, "<td class=\"n\"><span data-set=\"1\" data-primary=\"int\" data-field=\"value\">-1.86</span> "
			       "<span class=\"muted\">(no interval: n/a: 3 blocks, need 10)</span></td>");
	assert_contains(table, "data-field=\"value\">3.72</span> <span class=\"muted\">(no interval: n/a: 3 blocks, need 10)");
	assert_null(strstr(table, "data-field=\"lo\""));
	assert_null(strstr(table, "12.68"));
	assert_null(strstr(table, "19.73"));
	assert_contains(page, "<p class=\"muted seed\">The seed's figures, measured on another machine");
	assert_int_equal(count(page, "The seed's figures"), 1);
	assert_contains(page, "they answer mwait vs hlt, not this set's primary mode; this set ran under a hypervisor, "
			      "not comparable with them</p>");
	assert_contains(page, "not measured, though the plan asked for it (the kernel&#39;s #! mode status and reason): "
			      "mwait: not_idle (9588 returns from the idle instruction on one CPU in 20000 us (more than "
			      "5000/s): it does not stay idle)");
	free(table);
	free(page);
}

/* Every value without a number gets the one mark, an infinity included (the
 * text table used to print an empty cell for it, the page "-"). */
static void test_report_num_marks_every_non_number(void **state)
{
	(void)state;
	char b[32];
	assert_string_equal(report_num(b, sizeof b, NAN, 2), "-");
	assert_string_equal(report_num(b, sizeof b, INFINITY, 2), "-");
	assert_string_equal(report_num(b, sizeof b, -INFINITY, 2), "-");
	assert_string_equal(report_num(b, sizeof b, 1e300, 2), "-");
	assert_string_equal(report_num(b, sizeof b, -1.864, 2), "-1.86");
	assert_string_equal(report_num(b, sizeof b, 0.0, 0), "0");
}

static void test_set_without_hlt_has_no_primary_and_says_why(void **state)
{
	(void)state;
	const char *files[] = { F "host_bench.csv" };
	char *page = render(files, 1);
	assert_contains(page, "No hlt samples: no slowdown, no primary result");
	assert_null(strstr(page, "data-primary="));
	assert_null(strstr(page, "<h3>Controls</h3>"));
	/* its samples are still drawn, against the first mode measured */
	assert_contains(page, "workload's median in the first mode measured");
	assert_contains(page, "aria-label=\"boot 1: samples in measurement order\"");
	/* KVM: flagged */
	assert_contains(page, "hypervisor KVMKVMKVM: the numbers describe the virtual machine");
	free(page);
}

static void test_several_sets_get_one_section_each(void **state)
{
	(void)state;
	const char *files[] = { F "plan_a_boot1.csv", F "plan_b.csv", F "other_machine.csv" };
	char *page = render(files, 3);
	assert_int_equal(count(page, "<section class=\"set\""), 3);
	assert_contains(page, "<h2>Set 1 of 3: ");
	assert_contains(page, "<h2>Set 3 of 3: ");
	assert_contains(page, "not pooled with set 2: plan_id differs");
	assert_contains(page, "data-set=\"2\" data-primary=\"fp\" data-field=\"value\"");
	/* other_machine.csv (schema 1) measured no mwait: its set says so */
	assert_contains(page, "The primary mode mwait was not measured.");
	assert_contains(page, "schema 1: no plan_id, pooled by machine identity only");
	free(page);
}

static void test_failed_control_is_flagged_untrustworthy_at_the_top(void **state)
{
	(void)state;
	const char *files[] = { F "aa_fail.csv" };
	char *page = render(files, 1);
	const char *flag = strstr(page, "<li class=\"bad\">UNTRUSTWORTHY: the A/A control (hlt2 vs hlt) shows 2.12 % "
					"[1.86, 2.38], which excludes the known 0.00 %");
	assert_non_null(flag);
	assert_true(flag < strstr(page, "<h3>Primary result</h3>"));
	assert_contains(page, "<span class=\"badge bad\">fail: UNTRUSTWORTHY</span>");
	free(page);
}

/* The shipped example boots pooled: boot 2 failed its own A/A control
 * (-3.17 [-5.77, -0.51]); the pool's interval (-0.91 [-26.16, 32.98]) is too
 * wide to fail: the page names the boot at the top of the set, calls the
 * pooled control uninformative, and reads both primary intervals (they span
 * 0) as no difference detected; the sign convention is said once. */
static void test_pooled_examples_flag_the_boot_whose_control_failed(void **state)
{
	(void)state;
	const char *files[] = { "docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032134Z.csv",
				"docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032201Z.csv" };
	char *page = render(files, 2);
	const char *flag = strstr(page, "<li class=\"bad\">UNTRUSTWORTHY: boot 2 of 2 (hygongenuine-18h-0h-standard-pc-"
					"i440fx-piix-1996-20261201T032201Z.csv) failed its own A/A control: hlt2 vs hlt shows "
					"-3.17 % [-5.77, -0.51], which excludes the known 0.00 %");
	assert_non_null(flag);
	assert_true(flag < strstr(page, "<h3>Primary result</h3>"));
	assert_contains(page, "<span class=\"badge warn\">uninformative</span>");
	assert_contains(page, "<span class=\"badge bad\">boot 2: fail: UNTRUSTWORTHY</span>");
	char *table = primary_table(page);
	assert_int_equal(count(table, "<td>no difference detected (the interval spans 0)</td>"), 2);
	assert_null(strstr(table, "slower"));
	assert_null(strstr(table, "faster"));
	free(table);
	assert_int_equal(count(page, "slowdown: positive = slower than hlt"), 1);
	/* int: between-boot variance 0, the unbounded optimum stops at the kernel's reps= limit */
	assert_contains(page, "the kernel&#39;s reps= takes at most 255: 5 boots at 255 reps");
	free(page);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape_turns_markup_into_entities),
		cmocka_unit_test(test_hostile_stream_strings_are_escaped_everywhere),
		cmocka_unit_test(test_primary_numbers_are_the_summarys),
		cmocka_unit_test(test_quick_emulated_boot_shows_no_interval_plainly_and_the_seed_apart),
		cmocka_unit_test(test_report_num_marks_every_non_number),
		cmocka_unit_test(test_set_without_hlt_has_no_primary_and_says_why),
		cmocka_unit_test(test_several_sets_get_one_section_each),
		cmocka_unit_test(test_failed_control_is_flagged_untrustworthy_at_the_top),
		cmocka_unit_test(test_pooled_examples_flag_the_boot_whose_control_failed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
