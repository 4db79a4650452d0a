/* The report's statistics against the kernel's own: a real QEMU TCG run
 * (tests/fixtures/results/qemu_pvh_tcg.csv, seed=1, no bad rows) recomputed
 * from its rows must give, text for text, every `#! summary` and `#! geomean`
 * record the kernel wrote (median, slowdown, interval, n). This proves the
 * rows carry what the summary used and that the seed derivation is the
 * kernel's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/lib/fmt.h"
#include "tools/report_pool.h"
#include "tools/report_summary.h"
#include "tools/stream_reader.h"

#define QEMU_RUN "tests/fixtures/results/qemu_pvh_tcg.csv"

static struct stream_reader *read_stream(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	struct stream_reader *r = stream_reader_new();
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		stream_reader_feed(r, buf, n);
	fclose(f);
	stream_reader_finish(r);
	assert_int_equal(stream_reader_result(r), STREAM_OK);
	return r;
}

static int slot_of(const char (*names)[REPORT_NAME_MAX], const bool *used, size_t slots, const char *name)
{
	for (size_t i = 0; i < slots; i++)
		if (used[i] && !strcmp(names[i], name))
			return (int)i;
	fail_msg("no slot for %s", name);
	return -1;
}

static void assert_pct(const char *want, double ratio, const char *what)
{
	char got[32];
	fmt_fixed(got, sizeof got, report_slowdown_pct(ratio), 2);
	if (strcmp(got, want))
		fail_msg("%s: report %s, kernel %s", what, got, want);
}

static void test_report_reproduces_every_kernel_summary_and_geomean_record(void **state)
{
	(void)state;
	struct report_pool pool = { .machine_count = 0 };
	char err[256];
	assert_true(report_pool_add_file(&pool, QEMU_RUN, err, sizeof err));
	assert_int_equal(pool.machine_count, 1);
	const struct report_machine *m = pool.machine[0];
	struct report_summary *s = malloc(sizeof *s);
	assert_non_null(s);
	assert_true(report_summarize(m, REPORT_DEFAULT_SEED, s));

	struct stream_reader *r = read_stream(QEMU_RUN);
	assert_string_equal(stream_reader_meta(r, "seed"), "1");
	size_t summaries = 0, geomeans = 0;
	for (size_t i = 0; i < stream_reader_record_count(r); i++) {
		const struct stream_record *rec = stream_reader_record_at(r, i);
		if (!strcmp(rec->type, "summary")) {
			int w = slot_of(m->workload_name, m->workload_used, REPORT_WORKLOAD_SLOTS,
					stream_record_get(rec, "workload"));
			int md = slot_of(m->mode_name, m->mode_used, REPORT_MODE_SLOTS, stream_record_get(rec, "mode"));
			const struct report_cell *c = &s->cell[w][md];
			char n[16], med[32];
			snprintf(n, sizeof n, "%zu", c->n);
			assert_string_equal(n, stream_record_get(rec, "n"));
			fmt_fixed(med, sizeof med, c->median_cpi, 2);
			assert_string_equal(med, stream_record_get(rec, "median_cpi"));
			assert_true(c->have_slowdown);
			assert_pct(stream_record_get(rec, "slowdown_vs_hlt_pct"), c->ratio.value, "slowdown");
			assert_pct(stream_record_get(rec, "ci95_lo"), c->ratio.lo, "ci95_lo");
			assert_pct(stream_record_get(rec, "ci95_hi"), c->ratio.hi, "ci95_hi");
			assert_false(c->have_eff); /* TCG has no APERF/MPERF: eff_mhz= is empty */
			assert_string_equal(stream_record_get(rec, "eff_mhz"), "");
			summaries++;
		} else if (!strcmp(rec->type, "geomean")) {
			size_t k = !strcmp(stream_record_get(rec, "class"), "fp") ? REPORT_CLASS_FP : REPORT_CLASS_INT;
			int md = slot_of(m->mode_name, m->mode_used, REPORT_MODE_SLOTS, stream_record_get(rec, "mode"));
			const struct report_geomean *g = &s->geomean[k][md];
			char n[16];
			snprintf(n, sizeof n, "%zu", g->workloads);
			assert_string_equal(n, stream_record_get(rec, "workloads"));
			assert_pct(stream_record_get(rec, "slowdown_vs_hlt_pct"), g->ratio.value, "geomean");
			assert_pct(stream_record_get(rec, "ci95_lo"), g->ratio.lo, "geomean ci95_lo");
			assert_pct(stream_record_get(rec, "ci95_hi"), g->ratio.hi, "geomean ci95_hi");
			geomeans++;
		}
	}
	/* 18 workloads x 4 modes; 2 classes x 4 modes. */
	assert_int_equal(summaries, 72);
	assert_int_equal(geomeans, 8);
	stream_reader_free(r);
	free(s);
	report_pool_free(&pool);
}

/* The seed reaches the bootstrap: seed 7 moves the geomean interval of mwait/int
 * (kernel, seed 1: 2.96 [-7.78, 40.57]) but not its point value. */
static void test_another_seed_moves_intervals_not_values(void **state)
{
	(void)state;
	struct report_pool pool = { .machine_count = 0 };
	char err[256];
	assert_true(report_pool_add_file(&pool, QEMU_RUN, err, sizeof err));
	struct report_summary *s = malloc(sizeof *s);
	assert_non_null(s);
	assert_true(report_summarize(pool.machine[0], 7, s));
	const struct report_geomean *g = &s->geomean[REPORT_CLASS_INT][IDLE_MWAIT];
	assert_int_equal(s->seed, 7);
	assert_pct("2.96", g->ratio.value, "geomean value");
	char lo[32];
	fmt_fixed(lo, sizeof lo, report_slowdown_pct(g->ratio.lo), 2);
	assert_string_not_equal(lo, "-7.78");
	free(s);
	report_pool_free(&pool);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_report_reproduces_every_kernel_summary_and_geomean_record),
		cmocka_unit_test(test_another_seed_moves_intervals_not_values),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
