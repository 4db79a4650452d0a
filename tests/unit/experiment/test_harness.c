/* The shared sample loop (core/experiment/harness.c) with fake callbacks
 * in place of a parked CPU and a timed workload: the rows it writes and the
 * table the summary reads (only good, usable samples; warm-ups in neither),
 * the spike-in's 1 % more iterations counted as before, the end of the
 * run at the plan's count or at the budget, the calibration and the plan's
 * meta both boot paths write. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/experiment/harness.h"

struct fake {
	unsigned prepared, measured, rows, unusable_rows;
	uint64_t clock, tick_per_call;
	size_t bad_workload;    /* this workload's hlt2 rep 1 gives a wrong checksum */
	size_t unusable_workload; /* this workload's spike rep 2 is not usable */
	bool count_smis;        /* the PMU counts SMIs (0 in every sample but smi_workload's) */
	size_t smi_workload;    /* this workload's hlt reps 0 and 3 saw an SMI (rep 3 also a bad checksum) */
	bool count_wakeups;     /* the sibling's wake-ups counted: 2 per 1000 ns in hlt, 5 in hlt2 */
	size_t sibling_bad_plus1; /* workload + 1 (0: none) whose spike rep 3 had a busy sibling compute wrongly */
	bool last_sibling_bad;
	unsigned bad_rows;      /* rows written check=bad */
};

static char written[8192];
static size_t written_len;

/* Keeps what the stream wrote (the plan-meta test reads it). */
static void sink(void *ctx, const char *bytes, size_t len)
{
	(void)ctx;
	if (written_len + len < sizeof written) {
		memcpy(written + written_len, bytes, len);
		written_len += len;
		written[written_len] = '\0';
	}
}

static bool prepare(void *ctx, const struct plan_step *st)
{
	(void)st;
	((struct fake *)ctx)->prepared++;
	return true;
}

/* 10 cycles per executed iteration; checksum 7 for the counted count, 8 for 1 % more. */
static bool measure(void *ctx, const struct plan_step *st, uint64_t n, struct sample_row *row, uint64_t *sum,
		    bool *usable)
{
	struct fake *f = ctx;
	f->measured++;
	row->tsc_cycles = n * 10;
	row->ns = n * 10;
	*sum = n == 100 ? 7 : 8;
	if (f->count_wakeups)
		row->sib_wakeups = (sample_cell_u64_opt){ .known = true,
							 .value = row->ns / 1000 * (st->mode == IDLE_HLT2 ? 5 : 2) };
	if (st->workload == f->bad_workload && st->mode == IDLE_HLT2 && st->rep == 1 + 1)
		*sum = 9;
	*usable = !(st->workload == f->unusable_workload && st->mode == IDLE_SPIKE && st->rep == 2 + 1);
	f->last_sibling_bad = st->workload + 1 == f->sibling_bad_plus1 && st->mode == IDLE_SPIKE && st->rep == 3 + 1;
	if (f->last_sibling_bad)
		*usable = false; /* as the kernel's measure does */
	if (f->count_smis) {
		bool smi = st->workload == f->smi_workload && st->mode == IDLE_HLT && (st->rep == 0 + 1 || st->rep == 3 + 1);
		row->smis = (sample_cell_u64_opt){ .known = true, .value = smi ? 2 : 0 };
		if (smi && st->rep == 3 + 1)
			*sum = 9;
	}
	return true;
}

static void after_row(void *ctx, const struct plan_step *st, const struct sample_row *row, bool usable)
{
	struct fake *f = ctx;
	(void)st;
	assert_int_equal(row->seq, f->rows);
	f->rows++;
	f->unusable_rows += !usable;
	f->bad_rows += !row->check;
}

static bool sample_bad(void *ctx)
{
	return ((struct fake *)ctx)->last_sibling_bad;
}

/* Calibration's timed run: 7 ticks per iteration; every n asked for kept. */
static uint64_t calibration_n[64];
static size_t calibration_runs;

static uint64_t time_run(void *ctx, size_t w, void *arena, uint64_t n)
{
	(void)ctx;
	(void)w;
	(void)arena;
	if (calibration_runs < 64)
		calibration_n[calibration_runs++] = n;
	return n * 7;
}

static uint64_t fake_clock(void *ctx)
{
	struct fake *f = ctx;
	f->clock += f->tick_per_call;
	return f->clock;
}

static uint64_t us_to_ticks(void *ctx, uint64_t us)
{
	(void)ctx;
	return us;
}

/* The progress the screen shows: the most samples ever said taken beyond
 * the total said planned (0: never more). */
static uint64_t progress_over;

static void progress(void *ctx, const struct harness *h, const struct plan_step *st)
{
	(void)ctx;
	(void)st;
	if (h->done + 1 > h->total && h->done + 1 - h->total > progress_over)
		progress_over = h->done + 1 - h->total;
}

static const struct harness_ops ops = {
	.progress = progress, .prepare = prepare, .measure = measure, .sample_bad = sample_bad, .after_row = after_row, .time_run = time_run, .clock = fake_clock,
	.us_to_ticks = us_to_ticks,
};

static struct sample_table table;

static void setup(struct plan *p, struct harness *h, struct fake *f, struct stream *s, unsigned budget_s)
{
	char err[128];
	memset(p, 0, sizeof *p);
	p->reps = p->max_reps = 4;
	p->warmup = 1;
	p->sample_ms = 2;
	p->seed = 1;
	p->order = PLAN_INTERLEAVED;
	p->budget_s = budget_s;
	p->modes = (1u << IDLE_HLT) | (1u << IDLE_HLT2) | (1u << IDLE_SPIKE);
	assert_int_equal(workload_select("hash,lz", &p->workloads, err, sizeof err), WORKLOAD_SELECT_OK);
	memset(&table, 0, sizeof table);
	stream_init(s, sink, NULL);
	harness_init(h, p, &ops, f, s, &table, "sibling");
	for (size_t w = 0; w < WORKLOAD_MAX; w++)
		h->ws[w] = (struct harness_workload){ .iterations = 100, .reference = 7, .spike_reference = 8,
						      .expected_ok = true };
}

static void test_rows_and_table_hold_only_good_usable_measured_samples(void **state)
{
	(void)state;
	struct plan p;
	struct harness h;
	struct stream s;
	size_t hash = (size_t)workload_find("hash"), lz = (size_t)workload_find("lz");
	struct fake f = { .tick_per_call = 1, .bad_workload = lz, .unusable_workload = hash };

	setup(&p, &h, &f, &s, 0);
	assert_int_equal(harness_run_iterations(&h.ws[lz], IDLE_SPIKE), 101);
	assert_int_equal(harness_run_iterations(&h.ws[lz], IDLE_HLT2), 100);
	assert_true(harness_walk(&h));
	/* 2 workloads x 3 modes x (1 warm-up + 4) repetitions taken, 4 of them written */
	assert_int_equal(f.measured, 30);
	assert_int_equal(f.prepared, 30);
	assert_int_equal(f.rows, 24);
	assert_int_equal(h.seq, 24);
	assert_int_equal(f.unusable_rows, 1);
	assert_int_equal(h.measured_reps, 4);
	assert_int_equal(h.stop, HARNESS_STOP_FIXED);
	/* the spike-in: 1 % more work, counted as the same 100 iterations */
	assert_true(table.cpi[lz][IDLE_SPIKE][0] == 10.1);
	assert_true(table.cpi[lz][IDLE_HLT][0] == 10.0);
	/* a wrong checksum: out of the table, counted bad; an unusable sample: out, not bad */
	assert_int_equal(table.group[lz][IDLE_HLT2].n, 3);
	assert_int_equal(table.group[lz][IDLE_HLT2].bad, 1);
	assert_true(table.cpi[lz][IDLE_HLT2][1] == 0);
	assert_int_equal(table.group[hash][IDLE_SPIKE].n, 3);
	assert_int_equal(table.group[hash][IDLE_SPIKE].bad, 0);
	assert_true(table.cpi[hash][IDLE_SPIKE][2] == 0);
	assert_int_equal(table.group[hash][IDLE_HLT].n, 4);
}

/* A sample during which a busy sibling computed a wrong checksum
 * (sample_bad): its row is check=bad and it counts as bad, out of the
 * table, though the workload's own checksum was right. */
static void test_a_sibling_that_computed_wrongly_makes_the_sample_bad(void **state)
{
	(void)state;
	struct plan p;
	struct harness h;
	struct stream s;
	size_t hash = (size_t)workload_find("hash");
	struct fake f = { .tick_per_call = 1, .bad_workload = WORKLOAD_MAX, .unusable_workload = WORKLOAD_MAX,
			  .sibling_bad_plus1 = hash + 1 };

	setup(&p, &h, &f, &s, 0);
	assert_true(harness_walk(&h));
	assert_int_equal(f.rows, 24);
	assert_int_equal(f.bad_rows, 1);
	assert_int_equal(table.group[hash][IDLE_SPIKE].bad, 1);
	assert_int_equal(table.group[hash][IDLE_SPIKE].n, 3);
	assert_true(table.cpi[hash][IDLE_SPIKE][3] == 0);
	assert_int_equal(table.group[hash][IDLE_HLT].bad, 0);
}

/* A pilot whose plan has no primary mode (only hlt and the controls): no
 * count is worked out for it, so the stream names none ("10 needed for
 * +-1.00 points on the primary result" was printed with nothing to aim at). */
static void test_a_pilot_without_a_primary_mode_prints_no_count(void **state)
{
	(void)state;
	struct plan p;
	struct harness h;
	struct stream s;
	struct fake f = { .tick_per_call = 1, .bad_workload = WORKLOAD_MAX, .unusable_workload = WORKLOAD_MAX };

	setup(&p, &h, &f, &s, 0);
	p.precision_centi = 100;
	p.max_reps = 40;
	written_len = 0;
	written[0] = '\0';
	stream_begin(&s, "test");
	assert_true(harness_walk(&h));
	assert_int_equal(h.measured_reps, 4);
	if (!strstr(written, "pilot of 4 repetitions: no primary mode among the modes"))
		fail_msg("no pilot line in:\n%s", written + (written_len > 600 ? written_len - 600 : 0));
	assert_null(strstr(written, "needed for"));
}

/* A sample an SMI arrived in: its row written as measured, out of the
 * table, counted as left out (only when its checksum was good: a bad one is
 * counted bad) and as an SMI sample; warm-ups count in neither. */
static void test_samples_with_an_smi_are_left_out_and_counted(void **state)
{
	(void)state;
	struct plan p;
	struct harness h;
	struct stream s;
	size_t hash = (size_t)workload_find("hash"), lz = (size_t)workload_find("lz");
	struct fake f = { .tick_per_call = 1, .bad_workload = WORKLOAD_MAX, .unusable_workload = WORKLOAD_MAX,
			  .count_smis = true, .smi_workload = lz };

	setup(&p, &h, &f, &s, 0);
	assert_true(harness_walk(&h));
	assert_int_equal(f.rows, 24);
	const struct sample_group *g = &table.group[lz][IDLE_HLT];
	assert_true(g->smi_counted);
	assert_int_equal(g->smi_samples, 2);
	assert_int_equal(g->smi_left_out, 1);
	assert_int_equal(g->bad, 1);
	assert_int_equal(g->n, 2);
	assert_true(table.cpi[lz][IDLE_HLT][0] == 0);
	assert_true(table.cpi[lz][IDLE_HLT][1] == 10.0);
	assert_true(table.cpi[lz][IDLE_HLT][3] == 0);
	/* the other cells: every sample in, none left out */
	assert_int_equal(table.group[hash][IDLE_HLT].n, 4);
	assert_int_equal(table.group[hash][IDLE_HLT].smi_left_out, 0);
	assert_int_equal(table.group[lz][IDLE_HLT2].n, 4);
	assert_true(table.group[lz][IDLE_HLT2].smi_counted);
}

/* The parked sibling's wake-ups per millisecond of each good sample, for
 * the summary's sib_wakeups_per_ms; none where the row has
 * no count. */
static void test_wakeups_per_ms_of_each_good_sample_are_kept(void **state)
{
	(void)state;
	struct plan p;
	struct harness h;
	struct stream s;
	size_t lz = (size_t)workload_find("lz");
	struct fake f = { .tick_per_call = 1, .bad_workload = lz, .unusable_workload = WORKLOAD_MAX,
			  .count_wakeups = true };

	setup(&p, &h, &f, &s, 0);
	assert_true(harness_walk(&h));
	/* 100 iterations x 10 ns = 1000 ns a sample: 2 wake-ups in 0.001 ms */
	const struct sample_group *g = &table.group[lz][IDLE_HLT];
	assert_int_equal(g->n_wake, 4);
	assert_true(g->wake_per_ms[0] == 2000.0);
	/* hlt2's bad checksum sample is out of the table and of the rates */
	assert_int_equal(table.group[lz][IDLE_HLT2].n_wake, 3);
	assert_true(table.group[lz][IDLE_HLT2].wake_per_ms[2] == 5000.0);
	f = (struct fake){ .tick_per_call = 1, .bad_workload = WORKLOAD_MAX, .unusable_workload = WORKLOAD_MAX };
	setup(&p, &h, &f, &s, 0);
	assert_true(harness_walk(&h));
	assert_int_equal(table.group[lz][IDLE_HLT].n_wake, 0);
}

/* 1 s per clock reading, a 2 s budget: the first repetition that would end
 * past it is not started, and the reason is the budget. */
static void test_budget_stops_between_repetitions(void **state)
{
	(void)state;
	struct plan p;
	struct harness h;
	struct stream s;
	struct fake f = { .tick_per_call = 1000000, .bad_workload = WORKLOAD_MAX, .unusable_workload = WORKLOAD_MAX };

	setup(&p, &h, &f, &s, 2);
	assert_true(harness_walk(&h));
	assert_int_equal(h.stop, HARNESS_STOP_BUDGET);
	assert_true(h.measured_reps < 4);
	assert_string_equal(harness_stop_name(h.stop), "budget");
}

/* Under a budget the first segment is one repetition and the rest come in
 * later segments, each starting with a lead-in wherever the workload
 * changes: the progress total grows with each segment planned, so the
 * sample being taken (done + 1) never passes it and the run ends at it.
 * Seeds 1 to 8: the second segment's first workload is the first
 * segment's last for some, another for others. */
static void test_progress_total_under_a_budget_counts_every_segment(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 8; seed++)
		for (unsigned warmup = 0; warmup <= 1; warmup++) {
			struct plan p;
			struct harness h;
			struct stream s;
			struct fake f = { .tick_per_call = 1, .bad_workload = WORKLOAD_MAX,
					  .unusable_workload = WORKLOAD_MAX };
			setup(&p, &h, &f, &s, 1000);
			p.seed = seed;
			p.warmup = warmup;
			progress_over = 0;
			assert_true(harness_walk(&h));
			assert_int_equal(h.measured_reps, 4);
			assert_int_equal(f.rows, 24);
			assert_int_equal(progress_over, 0);
			assert_int_equal(h.done, h.total);
			assert_int_equal(h.done, f.measured);
		}
}

/* sample_ms=2 is 2000 ticks here: doubling from 1 stops at the first run of
 * at least a quarter of it (128 x 7 = 896), scaled to 128 x 2000 / 896 = 285,
 * rounded up to 300 for the spike-in's 1 %; the references are the real
 * workload's checksums of 300 and 303 iterations. */
static void test_calibration_doubles_to_a_quarter_then_scales_and_rounds_for_the_spike(void **state)
{
	(void)state;
	struct plan p;
	struct harness h;
	struct stream s;
	struct fake f = { .tick_per_call = 1 };
	size_t hash = (size_t)workload_find("hash");
	const struct workload *wl = workload_at(hash);
	void *arena = calloc(1, wl->arena_bytes);

	assert_non_null(arena);
	setup(&p, &h, &f, &s, 0);
	wl->setup(arena, wl->arena_bytes, WORKLOAD_CHECK_SEED);
	calibration_runs = 0;
	harness_calibrate(&h, hash, arena);
	assert_int_equal(calibration_runs, 8);
	for (size_t i = 0; i < 8; i++)
		assert_int_equal(calibration_n[i], 1ull << i);
	assert_int_equal(h.ws[hash].iterations, 300);
	assert_int_equal(h.ws[hash].reference, wl->run(arena, 300));
	assert_int_equal(h.ws[hash].spike_reference, wl->run(arena, 303));
	free(arena);
}

/* The plan's meta, one writer for the kernel and Linux: the adaptive
 * stopping keys (empty when fixed) and the order=blocked note. */
static void test_plan_meta_says_precision_budget_and_the_blocked_note(void **state)
{
	(void)state;
	struct plan p = { .preset = "standard", .seed_source = "cmdline", .reps = 10, .warmup = 1, .sample_ms = 2,
			  .precision_centi = 150, .budget_s = 600 };
	struct plan_conditions cond = { .placement = "sibling", .others = "linux" };
	struct stream s;

	written_len = 0; /* what earlier tests wrote may have filled the sink */
	written[0] = '\0';
	stream_init(&s, sink, NULL);
	stream_begin(&s, "test");
	harness_write_plan_meta(&p, &cond, &s);
	assert_non_null(strstr(written, "#= precision_pct=1.50\n"));
	assert_non_null(strstr(written, "#= budget_s=600\n"));
	assert_non_null(strstr(written, "#= plan_id="));
	assert_null(strstr(written, "order=blocked"));

	p.precision_centi = 0;
	p.budget_s = 0;
	p.order = PLAN_BLOCKED;
	p.blocked_drops = true;
	written_len = 0;
	harness_write_plan_meta(&p, &cond, &s);
	assert_non_null(strstr(written, "#= precision_pct=\n"));
	assert_non_null(strstr(written, "#= budget_s=\n"));
	assert_non_null(strstr(written, "order=blocked: no precision target and no budget"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows_and_table_hold_only_good_usable_measured_samples),
		cmocka_unit_test(test_a_sibling_that_computed_wrongly_makes_the_sample_bad),
		cmocka_unit_test(test_samples_with_an_smi_are_left_out_and_counted),
		cmocka_unit_test(test_wakeups_per_ms_of_each_good_sample_are_kept),
		cmocka_unit_test(test_budget_stops_between_repetitions),
		cmocka_unit_test(test_progress_total_under_a_budget_counts_every_segment),
		cmocka_unit_test(test_calibration_doubles_to_a_quarter_then_scales_and_rounds_for_the_spike),
		cmocka_unit_test(test_plan_meta_says_precision_budget_and_the_blocked_note),
		cmocka_unit_test(test_a_pilot_without_a_primary_mode_prints_no_count),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
