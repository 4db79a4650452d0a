/* The shared sample loop (core/experiment/harness.h). */
#include "core/experiment/harness.h"
#include "core/experiment/summary.h"
#include "lib/fmt.h"

void harness_init(struct harness *h, const struct plan *plan, const struct harness_ops *ops, void *ctx,
		  struct stream *s, struct sample_table *table, const char *placement)
{
	*h = (struct harness){
		.plan = plan, .ops = ops, .ctx = ctx, .s = s, .table = table, .placement = placement,
		.target_reps = plan->reps, .stop = HARNESS_STOP_FIXED,
	};
}

uint64_t harness_run_iterations(const struct harness_workload *w, enum idle_mode mode)
{
	return w->iterations + w->iterations / 100 * idle_modes[mode].extra_work_pct;
}

void harness_write_plan_meta(const struct plan *plan, const struct plan_conditions *cond, struct stream *s)
{
	stream_meta(s, "preset", plan->preset);
	stream_metaf(s, "reps", "%u", plan->reps);
	stream_metaf(s, "warmup", "%u", plan->warmup);
	stream_metaf(s, "sample_ms", "%u", plan->sample_ms);
	stream_meta(s, "order", plan->order == PLAN_BLOCKED ? "blocked" : "interleaved");
	stream_meta(s, "order_scheme", plan_order_scheme(plan));
	stream_metaf(s, "seed", "%llu", (unsigned long long)plan->seed);
	stream_meta(s, "seed_source", plan->seed_source);
	stream_metaf(s, "settle_us", "%u", plan->settle_us);
	if (plan->precision_centi)
		stream_metaf(s, "precision_pct", "%u.%02u", plan->precision_centi / 100, plan->precision_centi % 100);
	else
		stream_meta(s, "precision_pct", "");
	if (plan->budget_s)
		stream_metaf(s, "budget_s", "%u", plan->budget_s);
	else
		stream_meta(s, "budget_s", "");
	stream_metaf(s, "plan_id", "%016llx", (unsigned long long)plan_id(plan, cond));
	if (plan->blocked_drops)
		stream_text(s, "order=blocked: no precision target and no budget (no repetition ends for all modes at "
			       "once); the count is fixed at %u", plan->reps);
}

/* Workload w calibrated at iterations (at least 1) on its arena, set up:
 * rounded to a multiple of 100 when the plan has the spike-in, and the
 * checksum references taken. */
static void calibrated(struct harness *h, size_t w, void *arena, uint64_t iterations)
{
	const struct workload *wl = workload_at(w);
	struct harness_workload *st = &h->ws[w];

	st->iterations = iterations ? iterations : 1;
	if (h->plan->modes & (1u << IDLE_SPIKE)) {
		/* 1 % more work must be a whole number of iterations: 101 per 100. */
		st->iterations = (st->iterations + 99) / 100 * 100;
		st->spike_reference = wl->run(arena, harness_run_iterations(st, IDLE_SPIKE));
	}
	st->reference = wl->run(arena, st->iterations);
}

void harness_calibrate(struct harness *h, size_t w, void *arena)
{
	uint64_t target = h->ops->us_to_ticks(h->ctx, (uint64_t)h->plan->sample_ms * 1000);
	uint64_t iters = 1, took = 0;

	for (;;) {
		took = h->ops->time_run(h->ctx, w, arena, iters);
		if (took >= target / 4 || iters >= HARNESS_MAX_ITERATIONS)
			break;
		iters *= 2;
	}
	if (took)
		iters = (uint64_t)((__uint128_t)iters * target / took);
	calibrated(h, w, arena, iters);
}

void harness_write_workload(const struct harness *h, size_t w, size_t arena_bytes)
{
	const struct workload *wl = workload_at(w);
	const struct harness_workload *ws = &h->ws[w];

	stream_record(h->s, "workload",
		      "name=%s class=%s working_set=%zu iterations=%llu check=%s uniform_iterations=%s arena_bytes=%zu",
		      wl->name, workload_class_name(wl->class), wl->arena_for_llc ? arena_bytes : wl->working_set,
		      (unsigned long long)ws->iterations, ws->expected_ok ? "ok" : "bad",
		      wl->uniform_iterations ? "yes" : "no", arena_bytes);
	if (!ws->expected_ok) {
		char msg[120];
		fmt_snprintf(msg, sizeof msg, "workload %s computed a checksum different from the host build", wl->name);
		stream_error(h->s, "CHECKSUM", msg);
	}
}

void harness_write_stop(const struct harness *h, uint64_t setup_ns, uint64_t elapsed_ns)
{
	char half[32] = "", setup[32], elapsed[32];

	summary_primary_half_width(half, sizeof half);
	fmt_fixed(setup, sizeof setup, (double)setup_ns / 1e9, 1);
	fmt_fixed(elapsed, sizeof elapsed, (double)elapsed_ns / 1e9, 1);
	stream_record(h->s, "stop", "stop_reason=%s rounds=%u half_width_pct=%s setup_s=%s elapsed_s=%s",
		      harness_stop_name(h->stop), h->measured_reps, half, setup, elapsed);
}

const char *harness_stop_name(enum harness_stop stop)
{
	static const char *const names[] = { "fixed", "target", "limit", "budget" };
	return stop <= HARNESS_STOP_BUDGET ? names[stop] : "?";
}

/* Steps in one repetition: every workload in every mode (lead-ins apart). */
static uint64_t steps_per_round(const struct plan *p)
{
	uint64_t modes = 0;

	for (uint32_t m = p->modes; m; m &= m - 1)
		modes++;
	return p->workloads.count * modes;
}

/* The end of a repetition: go on, or stop on the budget, at the target, or
 * at the count a fixed plan or the pilot's Stein rule set. Never on the
 * size of the effect: only widths and time decide. */
static bool round_done(struct harness *h, const struct plan_step *st)
{
	const struct plan *p = h->plan;
	uint64_t elapsed = h->ops->clock(h->ctx) - h->start;
	uint64_t per_round = elapsed / (st->rep + 1);

	if (!st->warmup)
		h->measured_reps = st->rep + 1 - p->warmup;
	bool pilot_done = !st->warmup && p->precision_centi && h->measured_reps == p->reps;
	/* What was asked is done: the reason stays the plan's, not the budget's. */
	if (!st->warmup && !pilot_done && h->measured_reps >= h->target_reps)
		return false;
	if (p->budget_s && elapsed + per_round > h->ops->us_to_ticks(h->ctx, (uint64_t)p->budget_s * 1000000)) {
		h->stop = HARNESS_STOP_BUDGET;
		return false;
	}
	if (st->warmup)
		return true;
	if (pilot_done) {
		/* The pilot is done: Stein's second stage sizes the run (stats/planning.h). */
		unsigned need = summary_reps_for_precision(p, h->table, h->measured_reps, p->precision_centi / 100.0);
		h->target_reps = need > PLAN_MAX_REPS ? PLAN_MAX_REPS : need < p->reps ? p->reps : need;
		h->stop = need > PLAN_MAX_REPS ? HARNESS_STOP_LIMIT : HARNESS_STOP_TARGET;
		/* and the lead-ins: the pilot's (none after warm-up blocks, else
		 * one per change; under a budget a second segment's too), at most
		 * one per workload in the segment after */
		h->total = steps_per_round(p) * (p->warmup + h->target_reps) + p->workloads.count +
			   (p->warmup ? 0 : p->workloads.count - 1) + (p->budget_s ? p->workloads.count : 0);
		if (summary_primary_mode(p) == IDLE_MODE_COUNT) /* no count was worked out: say so, print none */
			stream_text(h->s, "pilot of %u repetitions: no primary mode among the modes (only hlt and the "
					  "controls), nothing to aim +-%u.%02u points at: the pilot is the run",
				    p->reps, p->precision_centi / 100, p->precision_centi % 100);
		else
			stream_text(h->s, "pilot of %u repetitions: %u needed for +-%u.%02u points on the primary result%s",
				    p->reps, need, p->precision_centi / 100, p->precision_centi % 100,
				    need > PLAN_MAX_REPS ? " (more than the plan's limit)" : "");
	}
	return h->measured_reps < h->target_reps;
}

/* The measured repetitions the run wants when a segment ends: the target,
 * cut to what half the budget left has room for at the pace so far, so a
 * pace that slows cannot carry a long segment far past the budget (the
 * segments shrink towards its end); round_done has stopped the run when not
 * one more repetition fits. */
static unsigned wanted(void *ctx)
{
	struct harness *h = ctx;
	const struct plan *p = h->plan;

	if (!p->budget_s)
		return h->target_reps;
	uint64_t elapsed = h->ops->clock(h->ctx) - h->start;
	uint64_t per_rep = elapsed / (h->measured_reps + p->warmup);
	uint64_t budget = h->ops->us_to_ticks(h->ctx, (uint64_t)p->budget_s * 1000000);
	uint64_t fit = !per_rep ? h->target_reps : budget > elapsed ? (budget - elapsed) / per_rep : 0;
	if (fit > 1)
		fit /= 2;
	if (!fit)
		h->stop = HARNESS_STOP_BUDGET; /* the walk ends: not one more repetition fits */
	return h->measured_reps + fit < h->target_reps ? (unsigned)(h->measured_reps + fit) : h->target_reps;
}

/* wanted(), and the progress total made exact for the segment it plans:
 * the samples taken, the next segment's repetitions (as plan_walk caps
 * them) and its lead-ins, so the screen never shows more taken than planned. */
static unsigned next_segment(void *ctx)
{
	struct harness *h = ctx;
	const struct plan *p = h->plan;
	unsigned to = wanted(ctx);
	unsigned capped = to > p->max_reps ? p->max_reps : to;

	h->segments++;
	h->total = h->done;
	if (capped > h->measured_reps)
		h->total += steps_per_round(p) * (capped - h->measured_reps) +
			    plan_segment_lead_ins(p, h->segments, h->last_workload);
	return to;
}

/* A good, usable sample into the table the summary reads (n: the
 * iterations executed, the spike-in's 1 % more included). */
static void feed(struct harness *h, const struct plan_step *st, const struct sample_row *row, uint64_t n)
{
	struct sample_table *t = h->table;
	const struct harness_workload *ws = &h->ws[st->workload];
	unsigned rep = st->rep - h->plan->warmup;
	struct sample_group *g = &t->group[st->workload][st->mode];

	if (rep >= STATS_MAX_REPS)
		return;
	t->cpi[st->workload][st->mode][rep] = row->cycles_per_iter;
	/* a command's score is no clock (row->score set): no core-clock split for it */
	if (row->aperf.known && !(row->score && *row->score))
		t->core_cpi[st->workload][st->mode][rep] = (double)row->aperf.value / (double)ws->iterations;
	/* per executed iteration, so the same work gives the same count in every mode */
	if (row->instructions.known && row->instructions.value) {
		t->instr_per_iter[st->workload][st->mode][rep] = (double)row->instructions.value / (double)n;
		if (row->unhalted_cycles.known && row->unhalted_cycles.value)
			t->pmu_cpi[st->workload][st->mode][rep] =
				(double)row->unhalted_cycles.value / (double)row->instructions.value;
	}
	g->n++;
	/* the effective MHz the row shows (none where its cell is empty) */
	if (g->n_eff < STATS_MAX_SAMPLES && sample_row_cell(row, STREAM_COLUMN_eff_mhz, NULL, 0) > 0)
		g->eff_mhz[g->n_eff++] = row->eff_mhz.value;
	/* wake-ups per ms of the sample's own duration (none where they were not counted) */
	if (g->n_wake < STATS_MAX_SAMPLES && row->sib_wakeups.known && row->ns > 0)
		g->wake_per_ms[g->n_wake++] = (double)row->sib_wakeups.value / ((double)row->ns / 1e6);
}

static bool step(void *ctx, const struct plan_step *st)
{
	struct harness *h = ctx;
	const struct workload *wl = workload_at(st->workload);
	const struct harness_workload *ws = &h->ws[st->workload];
	struct sample_row row = { .tsc_cycles = 0 };
	uint64_t sum = 0;
	bool usable = true;

	if (h->ops->progress)
		h->ops->progress(h->ctx, h, st);
	h->last_workload = st->workload;
	if (!h->ops->prepare(h->ctx, st)) {
		h->failed = true;
		return false;
	}
	uint64_t n = harness_run_iterations(ws, st->mode);
	if (!h->ops->measure(h->ctx, st, n, &row, &sum, &usable)) {
		h->failed = true;
		return false;
	}
	h->done++;
	if (st->warmup)
		return st->round_end ? round_done(h, st) : true;

	bool ok = ws->expected_ok && sum == (n == ws->iterations ? ws->reference : ws->spike_reference);
	if (h->ops->sample_bad && h->ops->sample_bad(h->ctx))
		ok = false; /* a busy sibling computed wrongly during it */
	row.seq = h->seq++;
	row.workload = plan_workload_name(h->plan, st->workload);
	row.class = h->plan->command_name ? "cmd" : workload_class_name(wl->class);
	row.mode = idle_modes[st->mode].name;
	row.placement = h->placement;
	row.rep = st->rep - h->plan->warmup;
	row.iterations = ws->iterations;
	/* A command's score, when it has one, is the timed quantity measure() set (harness.h). */
	if (!(row.cycles_per_iter > 0))
		row.cycles_per_iter = (double)row.tsc_cycles / (double)ws->iterations;
	row.check = ok;
	sample_row_write(h->s, &row);
	if (h->ops->after_row)
		h->ops->after_row(h->ctx, st, &row, usable);

	struct sample_group *g = &h->table->group[st->workload][st->mode];
	bool smi = row.smis.known && row.smis.value > 0;
	if (row.smis.known) {
		g->smi_counted = true;
		g->smi_samples += smi;
	}
	/* An SMI's handler ran inside the sample: its SMM time is in the TSC
	 * delta and IF = 0 cannot hold it back. The row stays as measured; the
	 * sample is missing from the result, counted per mode (summary.c). */
	if (ok && usable && smi)
		g->smi_left_out++;
	else if (ok && usable)
		feed(h, st, &row, n);
	g->bad += !ok;
	return st->round_end ? round_done(h, st) : true;
}

bool harness_walk(struct harness *h)
{
	h->total = plan_step_count(h->plan);
	h->segments = 0;
	h->last_workload = (size_t)-1;
	h->start = h->ops->clock(h->ctx);
	stream_table_header(h->s);
	plan_walk(h->plan, step, next_segment, h);
	if (h->failed)
		return false;
	if (h->plan->order == PLAN_BLOCKED)
		h->measured_reps = h->plan->reps; /* no rounds: every (workload, mode) ran all its reps */
	return true;
}
