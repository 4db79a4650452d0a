/* The experiment loop. One sample: command the parked CPUs into the mode and
 * wait for their acknowledgment, let them settle, read the counters, time the
 * workload between tsc_start() and tsc_end() (kernel/arch/tsc.h), read the
 * counters again, then (outside the timed region) ask the parked CPUs what
 * they did. The measured CPU runs with IF=0 and every LVT entry masked for
 * the whole run (kernel/sibling/sibling.c), so nothing interrupts a sample. */
#include "bench/workload.h"
#include "kernel/arch/tsc.h"
#include "kernel/arch/x86.h"
#include "kernel/experiment/counters.h"
#include "kernel/experiment/experiment.h"
#include "kernel/experiment/samples.h"
#include "kernel/experiment/summary.h"
#include "kernel/lib/fmt.h"
#include "kernel/lib/mem.h"
#include "kernel/sibling/sibling.h"
#include "kernel/stream/sample_row.h"
#include "kernel/time/delay.h"

/* A parked CPU gets this long to reach its idle state before the timing starts. */
#define SETTLE_US 500
/* Most iterations one sample may run (calibration stops doubling here). */
#define MAX_ITERATIONS (1ull << 40)

struct workload_state {
	uint64_t iterations;  /* per sample, from calibration */
	uint64_t reference;   /* checksum of run(iterations) at calibration */
	bool expected_ok;     /* the build-time checksum matched */
};

struct run_ctx {
	const struct plan *plan;
	const char *placement;
	struct stream *s;
	struct counter_set counters;
	uint8_t *arena;
	size_t loaded;        /* workload whose inputs are in the arena (WORKLOAD_MAX: none) */
	struct workload_state ws[WORKLOAD_MAX];
	uint64_t seq, done, total, last_progress_tsc, start_tsc;
	bool failed;
};

static struct sample_table table;

static void load(struct run_ctx *c, size_t w)
{
	if (c->loaded != w) {
		workload_at(w)->setup(c->arena, WORKLOAD_CHECK_SEED);
		c->loaded = w;
	}
}

/* Check against the build-time checksum, then find the iteration count that
 * fills sample_ms (parked CPUs in hlt, the baseline). */
static void calibrate(struct run_ctx *c, size_t w)
{
	const struct workload *wl = workload_at(w);
	struct workload_state *st = &c->ws[w];
	uint64_t expected = 0;

	load(c, w);
	st->expected_ok = workload_expected_checksum(w, &expected) &&
			  wl->run(c->arena, wl->check_iterations) == expected;
	uint64_t target = time_us_to_tsc((uint64_t)c->plan->sample_ms * 1000);
	uint64_t iters = 1, took = 0;
	for (;;) {
		uint64_t t0 = tsc_start();
		wl->run(c->arena, iters);
		took = tsc_end() - t0;
		if (took >= target / 4 || iters >= MAX_ITERATIONS)
			break;
		iters *= 2;
	}
	if (took)
		iters = (uint64_t)((__uint128_t)iters * target / took);
	st->iterations = iters ? iters : 1;
	st->reference = wl->run(c->arena, st->iterations);
}

static void progress(struct run_ctx *c, const struct plan_step *st)
{
	uint64_t now = rdtsc();

	/* Every 2 s of TSC time at most, so the serial stream stays small. */
	if (c->last_progress_tsc && now - c->last_progress_tsc < time_us_to_tsc(2000000) && c->done != c->total)
		return;
	c->last_progress_tsc = now;
	uint64_t elapsed_ms = time_tsc_to_ns(now - c->start_tsc) / 1000000;
	uint64_t eta_ms = c->done ? elapsed_ms * (c->total - c->done) / c->done : 0;
	char bar[21];
	size_t filled = c->total ? (size_t)(c->done * 20 / c->total) : 20;
	for (size_t i = 0; i < 20; i++)
		bar[i] = i < filled ? '#' : '.';
	bar[20] = '\0';
	stream_text(c->s, "progress [%s] %llu/%llu samples  %s %s rep %u  elapsed %llus  eta %llus", bar,
		    (unsigned long long)c->done, (unsigned long long)c->total, workload_at(st->workload)->name,
		    idle_modes[st->mode].name, st->rep, (unsigned long long)(elapsed_ms / 1000),
		    (unsigned long long)(eta_ms / 1000));
}

static bool take_sample(void *ctx, const struct plan_step *st)
{
	struct run_ctx *c = ctx;
	const struct workload *wl = workload_at(st->workload);
	struct workload_state *ws = &c->ws[st->workload];
	struct counters before, after;
	struct sibling_observation obs;

	progress(c, st);
	if (sibling_set_mode(st->mode, 1000000, c->s)) {
		c->failed = true;
		return false;
	}
	load(c, st->workload);
	delay_us(SETTLE_US);

	counters_read(&c->counters, &before);
	uint64_t t0 = tsc_start();
	uint64_t sum = wl->run(c->arena, ws->iterations);
	uint64_t t1 = tsc_end();
	counters_read(&c->counters, &after);

	if (!sibling_observe(&obs, c->s)) {
		c->failed = true;
		return false;
	}
	c->done++;
	if (st->warmup)
		return true;

	uint64_t cycles = t1 - t0;
	bool ok = ws->expected_ok && sum == ws->reference;
	double cpi = (double)cycles / (double)ws->iterations;
	struct sample_row row = {
		.seq = c->seq++,
		.workload = wl->name,
		.class = workload_class_name(wl->class),
		.mode = idle_modes[st->mode].name,
		.placement = c->placement,
		.rep = st->rep - c->plan->warmup,
		.iterations = ws->iterations,
		.tsc_cycles = cycles,
		.ns = time_tsc_to_ns(cycles),
		.cycles_per_iter = cpi,
		.check = ok,
	};
	if (c->counters.aperfmperf && after.mperf > before.mperf) {
		uint64_t da = after.aperf - before.aperf, dm = after.mperf - before.mperf;
		row.aperf = (sample_cell_u64_opt){ da, true };
		row.mperf = (sample_cell_u64_opt){ dm, true };
		row.eff_mhz = (sample_cell_fixed_opt){ (double)time_tsc_hz() / 1e6 * (double)da / (double)dm, true };
	}
	if (obs.cpus) {
		row.sib_wakeups = (sample_cell_u64_opt){ obs.wakeups, true };
		if (obs.c0_known)
			row.sib_c0_pct = (sample_cell_fixed_opt){ obs.c0_permille / 10.0, true };
	}
	if (c->counters.energy)
		row.energy_uj = (sample_cell_fixed_opt){ counters_energy_uj(&c->counters, &before, &after), true };
	sample_row_write(c->s, &row);

	struct sample_group *g = &table.group[st->workload][st->mode];
	if (g->n < STATS_MAX_SAMPLES) {
		g->cpi[g->n++] = cpi;
		/* the effective MHz the row shows (none where its cell is empty) */
		if (sample_row_cell(&row, STREAM_COLUMN_eff_mhz, NULL, 0) > 0)
			g->eff_mhz[g->n_eff++] = row.eff_mhz.value;
	}
	g->bad += !ok;
	return true;
}

bool experiment_run(const struct plan *plan, const struct platform *p, const char *placement,
		    struct phys_alloc *phys, struct stream *s)
{
	static struct run_ctx c;
	size_t arena_bytes = 0;

	memset(&c, 0, sizeof c);
	memset(&table, 0, sizeof table);
	c.plan = plan;
	c.placement = placement;
	c.s = s;
	c.loaded = WORKLOAD_MAX;
	counters_detect(p, &c.counters);
	for (size_t w = 0; w < workload_count(); w++)
		if (plan->workloads.selected[w] && workload_at(w)->arena_bytes > arena_bytes)
			arena_bytes = workload_at(w)->arena_bytes;
	uint64_t arena = phys_alloc_take(phys, arena_bytes ? arena_bytes : 64, 4096, 0x100000000ull);
	if (!arena) {
		stream_error(s, "NO_ARENA", "no memory below 4 GiB for the workload arena");
		return false;
	}
	c.arena = (uint8_t *)(uintptr_t)arena;

	stream_meta(s, "preset", plan->preset);
	stream_metaf(s, "reps", "%u", plan->reps);
	stream_metaf(s, "warmup", "%u", plan->warmup);
	stream_metaf(s, "sample_ms", "%u", plan->sample_ms);
	stream_meta(s, "order", plan->order == PLAN_BLOCKED ? "blocked" : "interleaved");
	stream_metaf(s, "seed", "%llu", (unsigned long long)plan->seed);
	stream_meta(s, "energy", c.counters.energy ? c.counters.energy_scope : "");
	char modes[64];
	size_t n = 0;
	modes[0] = '\0';
	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		if (plan->modes & (1u << m))
			n += (size_t)fmt_snprintf(modes + n, sizeof modes - n, "%s%s", n ? "," : "", idle_modes[m].name);
	stream_meta(s, "modes_measured", modes);

	if (!plan->modes || !plan->workloads.count) {
		stream_error(s, "NOTHING_TO_MEASURE", "no usable mode or no workload selected");
		return false;
	}
	/* Calibrate with the parked CPUs in the baseline state. */
	if (sibling_set_mode((plan->modes & (1u << IDLE_HLT)) ? IDLE_HLT : IDLE_OFF, 1000000, s))
		return false;
	for (size_t w = 0; w < workload_count(); w++) {
		if (!plan->workloads.selected[w])
			continue;
		calibrate(&c, w);
		const struct workload *wl = workload_at(w);
		stream_record(s, "workload", "name=%s class=%s working_set=%zu iterations=%llu check=%s",
			      wl->name, workload_class_name(wl->class), wl->working_set,
			      (unsigned long long)c.ws[w].iterations, c.ws[w].expected_ok ? "ok" : "bad");
		if (!c.ws[w].expected_ok) {
			char msg[120];
			fmt_snprintf(msg, sizeof msg, "workload %s computed a checksum different from the host build",
				     wl->name);
			stream_error(s, "CHECKSUM", msg);
		}
	}
	c.total = plan_step_count(plan);
	c.start_tsc = rdtsc();
	stream_table_header(s);
	plan_walk(plan, take_sample, &c);
	if (c.failed)
		return false;
	summary_write(plan, &table, s);
	for (size_t w = 0; w < workload_count(); w++)
		if (plan->workloads.selected[w] && !c.ws[w].expected_ok)
			return false;
	return true;
}
