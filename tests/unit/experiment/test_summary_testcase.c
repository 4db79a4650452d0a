/* The `#! testcase` records of the summary (core/experiment/summary.c), the
 * lines LAVA's `monitors` action matches (lava/README.md): one per primary
 * class with its slowdown as the measurement, one per control with its
 * verdict. Sample tables are made up with known answers: mwait 10 % slower
 * than hlt, the A/A arm 3 % slower (a control that fails), the spike-in
 * 1 % (a control that passes). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/experiment/summary.h"
#include "tests/unit/support/stream_text.h"

static struct sample_table table;
static struct plan plan;
static struct stream_text out;

/* reps repetitions of hash (int) and matmul (fp) in hlt, mwait and the modes
 * in extra, every ratio exact per block (intervals of no width). */
static void run(unsigned reps, uint32_t extra)
{
	static const double ratio[IDLE_MODE_COUNT] = { [IDLE_HLT] = 1.0, [IDLE_MWAIT] = 1.1, [IDLE_HLT2] = 1.03,
						       [IDLE_SPIKE] = 1.01 };
	int w[2] = { workload_find("hash"), workload_find("matmul") };

	assert_true(w[0] >= 0 && w[1] >= 0);
	memset(&table, 0, sizeof table);
	memset(&plan, 0, sizeof plan);
	plan.preset = "test";
	plan.reps = reps;
	plan.modes = (1u << IDLE_HLT) | (1u << IDLE_MWAIT) | extra;
	plan.workloads.count = 2;
	for (int i = 0; i < 2; i++) {
		plan.workloads.selected[w[i]] = true;
		for (int m = 0; m < IDLE_MODE_COUNT; m++) {
			if (!(plan.modes & (1u << m)))
				continue;
			table.group[w[i]][m].n = reps;
			for (unsigned r = 0; r < reps; r++)
				table.cpi[w[i]][m][r] = 2.0 * ratio[m] * (1 + 0.001 * (r % 3));
		}
	}
	stream_text_begin(&out);
	summary_write(&plan, &table, reps, &out.stream);
}

/* The testcase lines of the output, in order, one per line. */
static const char *testcases(void)
{
	static char lines[1024];
	size_t n = 0;
	lines[0] = '\0';
	for (const char *at = out.text; (at = strstr(at, "#! testcase ")) != NULL; at += 12) {
		size_t len = strcspn(at, "\n") + 1;
		assert_true(n + len < sizeof lines);
		memcpy(lines + n, at, len);
		n += len;
		lines[n] = '\0';
	}
	return lines;
}

static void test_primary_and_controls_with_intervals(void **state)
{
	(void)state;
	run(10, (1u << IDLE_HLT2) | (1u << IDLE_SPIKE));
	assert_string_equal(testcases(), "#! testcase name=primary_int_mwait result=pass measurement=10.00 units=pct\n"
					 "#! testcase name=primary_fp_mwait result=pass measurement=10.00 units=pct\n"
					 "#! testcase name=control_hlt2 result=fail measurement=3.00 units=pct\n"
					 "#! testcase name=control_spike result=pass measurement=1.00 units=pct\n");
	/* after every other record of the summary: the end of the run */
	assert_null(strstr(strstr(out.text, "#! testcase "), "#! summary "));
}

/* Too few blocks for an interval: the controls are not judged (n/a), the
 * primary is still the measured point estimate. */
static void test_too_few_blocks_leave_the_controls_unjudged(void **state)
{
	(void)state;
	run(3, (1u << IDLE_HLT2) | (1u << IDLE_SPIKE));
	assert_string_equal(testcases(), "#! testcase name=primary_int_mwait result=pass measurement=10.00 units=pct\n"
					 "#! testcase name=primary_fp_mwait result=pass measurement=10.00 units=pct\n"
					 "#! testcase name=control_hlt2 result=n/a measurement=3.00 units=pct\n"
					 "#! testcase name=control_spike result=n/a measurement=1.00 units=pct\n");
}

/* A control that was not measured is no test case (as it has no control record). */
static void test_unmeasured_controls_are_not_test_cases(void **state)
{
	(void)state;
	run(10, 0);
	assert_string_equal(testcases(), "#! testcase name=primary_int_mwait result=pass measurement=10.00 units=pct\n"
					 "#! testcase name=primary_fp_mwait result=pass measurement=10.00 units=pct\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_primary_and_controls_with_intervals),
		cmocka_unit_test(test_too_few_blocks_leave_the_controls_unjudged),
		cmocka_unit_test(test_unmeasured_controls_are_not_test_cases),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
