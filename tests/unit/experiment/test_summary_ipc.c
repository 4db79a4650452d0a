/* The summary's PMU fields (core/experiment/summary.c): IPC per (workload,
 * mode), the paired ipc_slowdown_pct against hlt, and the flag on a workload
 * whose instructions per iteration change with the mode; all empty when no
 * PMU counted (QEMU TCG). Sample tables are made up with known answers. */
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
static int alu, chase;

/* hlt and mwait over 10 repetitions of two workloads; cpi and core cpi
 * everywhere, the PMU only when pmu is true. */
static void fill(bool pmu, double mwait_pmu_cpi, double mwait_chase_instr)
{
	memset(&table, 0, sizeof table);
	memset(&plan, 0, sizeof plan);
	alu = workload_find("lz");
	chase = workload_find("pointer_chase");
	assert_true(alu >= 0 && chase >= 0);
	plan.preset = "test";
	plan.reps = 10;
	plan.modes = (1u << IDLE_HLT) | (1u << IDLE_MWAIT);
	plan.workloads.selected[alu] = plan.workloads.selected[chase] = true;
	plan.workloads.count = 2;
	for (unsigned r = 0; r < 10; r++) {
		double wobble = 1 + 0.001 * (r % 3);
		for (int i = 0; i < 2; i++) {
			int w = i ? chase : alu;
			table.cpi[w][IDLE_HLT][r] = 2.0 * wobble;
			table.cpi[w][IDLE_MWAIT][r] = 2.2 * wobble;
			table.group[w][IDLE_HLT].n = table.group[w][IDLE_MWAIT].n = 10;
			if (!pmu)
				continue;
			table.pmu_cpi[w][IDLE_HLT][r] = 0.5 * wobble;
			table.pmu_cpi[w][IDLE_MWAIT][r] = mwait_pmu_cpi * wobble;
			table.instr_per_iter[w][IDLE_HLT][r] = 1000;
			table.instr_per_iter[w][IDLE_MWAIT][r] = w == chase ? mwait_chase_instr : 1000;
		}
	}
	stream_text_begin(&out);
	summary_write(&plan, &table, 10, &out.stream);
}

/* The `#! summary` line of (workload, mode). */
static const char *summary_of(const char *workload, const char *mode)
{
	static char line[1024];
	char key[96];
	snprintf(key, sizeof key, "#! summary workload=%s mode=%s ", workload, mode);
	const char *at = strstr(out.text, key);
	assert_non_null(at);
	size_t len = strcspn(at, "\n");
	assert_true(len < sizeof line);
	memcpy(line, at, len);
	line[len] = '\0';
	return line;
}

static void assert_field(const char *line, const char *field)
{
	if (!strstr(line, field))
		fail_msg("`%s` not in `%s`", field, line);
}

/* mwait at 0.55 cycles per instruction against hlt's 0.5 (each times the
 * same 1.000-1.002 wobble): median IPC 2/1.001 = 1.998 vs 1.816, a 10 % IPC
 * slowdown whose interval has no width (the ratio is exact in every block). */
static void test_ipc_and_its_slowdown_against_hlt(void **state)
{
	(void)state;
	fill(true, 0.55, 1000);
	assert_field(summary_of("lz", "hlt"),
		     " ipc=1.998 ipc_slowdown_pct= ipc_ci95_lo= ipc_ci95_hi= instr_per_iter=1000.00 instr_differs=");
	assert_field(summary_of("lz", "mwait"), " ipc=1.816 ipc_slowdown_pct=10.00 ipc_ci95_lo=10.00 ipc_ci95_hi=10.00 instr_per_iter=1000.00 "
			"instr_differs=no");
	assert_field(out.text, "#    IPC (median, PMU): hlt 1.998 mwait 1.816\n");
}

/* pointer_chase retires 0.6 % more instructions per iteration in mwait: flagged. */
static void test_instructions_that_vary_by_mode_are_flagged(void **state)
{
	(void)state;
	fill(true, 0.5, 1006);
	assert_field(summary_of("pointer_chase", "mwait"), " instr_per_iter=1006.00 instr_differs=yes");
	assert_field(summary_of("lz", "mwait"), " instr_differs=no");
	assert_field(out.text, "instructions per iteration of pointer_chase differ in mwait from hlt by more than 0.5 %");
	fill(true, 0.5, 1004); /* 0.4 %: within the tolerance */
	assert_field(summary_of("pointer_chase", "mwait"), " instr_differs=no");
}

/* No PMU (QEMU TCG): every PMU field empty, never a number. */
static void test_without_pmu_the_fields_are_empty(void **state)
{
	(void)state;
	fill(false, 0, 0);
	assert_field(summary_of("lz", "mwait"),
		     " ipc= ipc_slowdown_pct= ipc_ci95_lo= ipc_ci95_hi= instr_per_iter= instr_differs=");
	assert_field(out.text, "IPC (median, PMU): hlt n/a mwait n/a (no PMU counts here: see the pmu meta)");
	assert_null(strstr(out.text, "instructions per iteration of"));
}

/* SMIs per sample: `smi_samples` counts the samples an SMI arrived in (empty
 * where the PMU did not count them); in `off` any such sample is warned about
 * (the parked CPUs in wait-for-SIPI do not answer an SMI rendezvous). */
static void test_smi_samples_counted_and_off_warned(void **state)
{
	(void)state;
	fill(true, 0.5, 1000);
	plan.modes |= 1u << IDLE_OFF;
	for (unsigned r = 0; r < 10; r++)
		table.cpi[alu][IDLE_OFF][r] = table.cpi[chase][IDLE_OFF][r] = 2.0;
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		table.group[alu][m] = table.group[chase][m] = (struct sample_group){ .n = 10, .smi_counted = true };
	}
	table.group[alu][IDLE_OFF].smi_samples = 3;
	stream_text_begin(&out);
	summary_write(&plan, &table, 10, &out.stream);
	assert_field(summary_of("lz", "off"), " smi_samples=3");
	assert_field(summary_of("lz", "hlt"), " smi_samples=0");
	assert_field(out.text, "WARNING: 3 of 20 samples in mode off saw an SMI");
	/* no PMU: empty, and no warning */
	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		table.group[alu][m].smi_counted = table.group[chase][m].smi_counted = false;
	stream_text_begin(&out);
	summary_write(&plan, &table, 10, &out.stream);
	const char *line = summary_of("lz", "off");
	assert_non_null(strstr(line, " smi_samples= "));
	assert_null(strstr(out.text, "saw an SMI"));
}

/* sib_wakeups_per_ms: the median of the samples' wake-up rates per (workload,
 * mode), empty where the wake-ups were not counted. */
static void test_sibling_wakeups_per_ms_is_the_median_rate(void **state)
{
	(void)state;
	fill(false, 0, 0);
	assert_non_null(strstr(summary_of("lz", "mwait"), " sib_wakeups_per_ms="));
	const char *empty = strstr(summary_of("lz", "mwait"), " sib_wakeups_per_ms=") + strlen(" sib_wakeups_per_ms=");
	assert_true(*empty == '\0' || *empty == '\n');
	struct sample_group *g = &table.group[alu][IDLE_MWAIT];
	const double rates[] = { 1500.0, 3.25, 4.75, 4.0, 9000.0 };
	for (size_t i = 0; i < 5; i++)
		g->wake_per_ms[i] = rates[i];
	g->n_wake = 5;
	stream_text_begin(&out);
	summary_write(&plan, &table, 10, &out.stream);
	assert_field(summary_of("lz", "mwait"), " sib_wakeups_per_ms=4.75");
	assert_non_null(strstr(summary_of("pointer_chase", "mwait"), " sib_wakeups_per_ms="));
}

/* The samples the harness left out for an SMI: one `smi_excluded` record per
 * measured mode (samples empty where SMIs were not counted) and a line for
 * people naming the modes; off's warning counts them among its samples. */
static void test_smi_excluded_per_mode(void **state)
{
	(void)state;
	fill(true, 0.5, 1000);
	plan.modes |= 1u << IDLE_OFF;
	for (unsigned r = 0; r < 10; r++)
		table.cpi[alu][IDLE_OFF][r] = table.cpi[chase][IDLE_OFF][r] = 2.0;
	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		table.group[alu][m] = table.group[chase][m] = (struct sample_group){ .n = 10, .smi_counted = true };
	/* two of mwait's samples and one of off's had an SMI: out of the table */
	table.cpi[alu][IDLE_MWAIT][4] = table.cpi[chase][IDLE_MWAIT][7] = 0;
	table.group[alu][IDLE_MWAIT] = (struct sample_group){ .n = 9, .smi_counted = true, .smi_samples = 1, .smi_left_out = 1 };
	table.group[chase][IDLE_MWAIT] = (struct sample_group){ .n = 9, .smi_counted = true, .smi_samples = 1, .smi_left_out = 1 };
	table.cpi[alu][IDLE_OFF][2] = 0;
	table.group[alu][IDLE_OFF] = (struct sample_group){ .n = 9, .smi_counted = true, .smi_samples = 1, .smi_left_out = 1 };
	stream_text_begin(&out);
	summary_write(&plan, &table, 10, &out.stream);
	assert_field(out.text, "#! smi_excluded mode=hlt samples=0 of=20\n");
	assert_field(out.text, "#! smi_excluded mode=mwait samples=2 of=20\n");
	assert_field(out.text, "#! smi_excluded mode=off samples=1 of=20\n");
	assert_field(out.text, "samples left out because an SMI arrived during them (SMM time in their cycles): mwait 2 of 20 "
			       "off 1 of 20\n");
	assert_field(summary_of("lz", "mwait"), " n=9 ");
	assert_field(out.text, "WARNING: 1 of 20 samples in mode off saw an SMI");
	/* not counted (no PMU): the records say nothing measured, no line */
	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		table.group[alu][m] = table.group[chase][m] = (struct sample_group){ .n = 10 };
	stream_text_begin(&out);
	summary_write(&plan, &table, 10, &out.stream);
	assert_field(out.text, "#! smi_excluded mode=mwait samples= of=20\n");
	assert_null(strstr(out.text, "samples left out because an SMI"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ipc_and_its_slowdown_against_hlt),
		cmocka_unit_test(test_instructions_that_vary_by_mode_are_flagged),
		cmocka_unit_test(test_without_pmu_the_fields_are_empty),
		cmocka_unit_test(test_smi_samples_counted_and_off_warned),
		cmocka_unit_test(test_smi_excluded_per_mode),
		cmocka_unit_test(test_sibling_wakeups_per_ms_is_the_median_rate),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
