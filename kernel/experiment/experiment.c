/* The experiment loop. One sample: command the parked CPUs into the mode and
 * wait for their acknowledgment, let them settle, read the counters, time the
 * workload between tsc_start() and tsc_end() (kernel/arch/tsc.h), read the
 * counters again, then (outside the timed region) ask the parked CPUs what
 * they did. The measured CPU runs with IF=0 and every LVT entry masked for
 * the whole run (kernel/sibling/sibling.c), so nothing interrupts a sample. */
#include "bench/workload.h"
#include "kernel/arch/msr.h"
#include "kernel/arch/tsc.h"
#include "kernel/arch/x86.h"
#include "kernel/console/screen_ui.h"
#include "kernel/cpu/pmu.h"
#include "kernel/experiment/counters.h"
#include "kernel/console/eta.h"
#include "kernel/experiment/experiment.h"
#include "core/experiment/harness.h"
#include "kernel/experiment/power.h"
#include "kernel/experiment/probes.h"
#include "core/experiment/samples.h"
#include "core/experiment/summary.h"
#include "core/platform/hypervisor_name.h"
#include "lib/fmt.h"
#include "lib/mem.h"
#include "kernel/sibling/sibling.h"
#include "core/stream/sample_row.h"
#include "kernel/time/delay.h"

/* Part of the run's arena. The fixed workloads share region 0 and set it up
 * again when the workload changes (each is repeatable after one setup); each
 * probe setup (the chase of rob, mlp and sq; the stream arrays) has a region
 * of its own, built once at 4 x the LLC, so no sample follows a rebuild that
 * left part of it in the cache. */
struct arena_region {
	uint8_t *base;
	size_t bytes;
	void (*setup)(void *, size_t, uint64_t);        /* the probe setup it serves; NULL: region 0 */
	void (*loaded_setup)(void *, size_t, uint64_t); /* what it holds now: whose setup, */
	size_t loaded_bytes;                            /* at which size (NULL, 0: nothing) */
};
#define ARENA_REGIONS_MAX 8

struct run_ctx {
	const struct plan *plan;
	struct stream *s;
	const char *hypervisor;   /* the `hypervisor` meta's value (the busy control's caveat) */
	struct harness h;         /* the sample loop (core/experiment/harness.h) */
	uint64_t first_sample_tsc;
	struct counter_set counters;
	struct power_table power; /* RAPL energy per mode, for the `#! power` records */
	struct pmu pmu;
	struct arena_region region[ARENA_REGIONS_MAX]; /* [0]: the fixed workloads'; then one per probe setup */
	size_t regions;
	uint8_t region_of[WORKLOAD_MAX];  /* each selected workload's region */
	size_t arena_size[WORKLOAD_MAX];  /* each workload's measurement arena (workload_arena_bytes) */
	uint64_t last_progress_tsc;
	bool busy_bad;            /* the last sample: a busy parked CPU computed a wrong checksum */
};

/* The samples (4.6 MB: taken from the run's memory, not .bss, which the
 * UEFI application's PE image would carry as zeros). */
static struct sample_table *table;

/* The kernel's MSR accessors, for the PMU. */
static const struct msr_ops kernel_msr = { rdmsr_safe, wrmsr_safe };

/* The PMU columns of a row: a delta per counted event, empty cells for the rest. */
_Static_assert(STREAM_COLUMN_instructions + PMU_ONE_THREAD_ACTIVE == STREAM_COLUMN_one_thread_active,
	       "the PMU columns follow enum pmu_event");
static void pmu_cells(struct sample_row *row, const struct pmu *p, const struct pmu_reading *a,
		      const struct pmu_reading *b)
{
	sample_cell_u64_opt *cell[PMU_EVENT_COUNT] = {
		[PMU_INSTRUCTIONS] = &row->instructions, [PMU_UNHALTED_CYCLES] = &row->unhalted_cycles,
		[PMU_SMIS] = &row->smis, [PMU_STALL_CYCLES] = &row->stall_cycles,
		[PMU_ONE_THREAD_ACTIVE] = &row->one_thread_active,
	};
	uint64_t d;

	for (int e = 0; e < PMU_EVENT_COUNT; e++)
		if (pmu_busy_delta(p, (enum pmu_event)e, a, b, &d))
			*cell[e] = (sample_cell_u64_opt){ d, true };
}

/* Set the arena up for w at bytes, unless it holds that already: the probes
 * of one family share their setup, so a sweep over 4 x the LLC is built once,
 * not once per variant. */
static void load_at(struct run_ctx *c, size_t w, size_t bytes)
{
	const struct workload *wl = workload_at(w);
	struct arena_region *r = &c->region[c->region_of[w]];
	if (r->loaded_setup != wl->setup || r->loaded_bytes != bytes) {
		wl->setup(r->base, bytes, WORKLOAD_CHECK_SEED);
		r->loaded_setup = wl->setup;
		r->loaded_bytes = bytes;
	}
}

/* Where w's inputs are. */
static void *arena_of(const struct run_ctx *c, size_t w)
{
	return c->region[c->region_of[w]].base;
}

/* The measurement arena: 4 x the LLC for the sized probes, else arena_bytes. */
static void load(struct run_ctx *c, size_t w)
{
	load_at(c, w, c->arena_size[w]);
}

/* The build-time check, at the fixed arena_bytes the checksum was taken with. */
static void check(struct run_ctx *c, size_t w)
{
	const struct workload *wl = workload_at(w);
	uint64_t expected = 0;

	load_at(c, w, wl->arena_bytes);
	c->h.ws[w].expected_ok = workload_expected_checksum(w, &expected) &&
			       wl->run(arena_of(c, w), wl->check_iterations) == expected;
}

/* Calibration's timed run (harness_calibrate: the parked CPUs in the
 * baseline), between the same serialized TSC reads as a sample. */
static uint64_t time_run(void *ctx, size_t w, void *arena, uint64_t n)
{
	const struct workload *wl = workload_at(w);

	(void)ctx;
	uint64_t t0 = tsc_start();
	wl->run(arena, n);
	return tsc_end() - t0;
}

static void progress(void *ctx, const struct harness *h, const struct plan_step *st)
{
	struct run_ctx *c = ctx;
	uint64_t now = rdtsc();
	uint64_t elapsed_ms = time_tsc_to_ns(now - h->start) / 1000000;
	struct eta eta = eta_estimate(h->done, h->total, elapsed_ms, h->plan->budget_s);

	screen_ui_progress(c->s, h->done, h->total, elapsed_ms, &eta);
	/* Every 2 s of TSC time at most, so the serial stream stays small. */
	if (c->last_progress_tsc && now - c->last_progress_tsc < time_us_to_tsc(2000000) && h->done != h->total)
		return;
	c->last_progress_tsc = now;
	char bar[21], left[48] = "-";
	size_t filled = h->total ? (size_t)(h->done * 20 / h->total) : 20;
	for (size_t i = 0; i < 20; i++)
		bar[i] = i < filled ? '#' : '.';
	bar[20] = '\0';
	if (eta.known)
		fmt_snprintf(left, sizeof left, "%llus%s", (unsigned long long)(eta.ms / 1000),
			     eta.by_budget ? " (budget_s ends the run)" : "");
	stream_text(c->s, "progress [%s] %llu/%llu samples  %s %s rep %u  elapsed %llus  eta %s", bar,
		    (unsigned long long)h->done, (unsigned long long)h->total, workload_at(st->workload)->name,
		    idle_modes[st->mode].name, st->rep, (unsigned long long)(elapsed_ms / 1000), left);
}

/* Park the parked CPUs in the step's mode, the workload's inputs loaded, settled. */
static bool prepare(void *ctx, const struct plan_step *st)
{
	struct run_ctx *c = ctx;

	if (sibling_set_mode(st->mode, 1000000, c->s))
		return false;
	load(c, st->workload);
	delay_us(c->plan->settle_us);
	return true;
}

/* One timed run between the counters, then what the parked CPUs did. */
static bool measure_sample(void *ctx, const struct plan_step *st, uint64_t n, struct sample_row *row,
			   uint64_t *checksum, bool *usable)
{
	struct run_ctx *c = ctx;
	const struct workload *wl = workload_at(st->workload);
	struct counters before, after;
	struct pmu_reading pmu_before, pmu_after;
	struct sibling_observation obs;

	/* The parked CPUs' state is checked by sibling_observe, which stops the
	 * run; a busy CPU's wrong checksum (its BUSY_CHECKSUM record) makes the
	 * sample bad (check=bad, sample_bad): the contention it measured came
	 * from a CPU that computed wrongly. */
	counters_read(&c->counters, &before);
	pmu_read(&c->pmu, &pmu_before);
	uint64_t t0 = tsc_start();
	uint64_t sum = wl->run(arena_of(c, st->workload), n);
	uint64_t t1 = tsc_end();
	pmu_read(&c->pmu, &pmu_after);
	counters_read(&c->counters, &after);

	if (!sibling_observe(&obs, c->s))
		return false;
	c->busy_bad = obs.busy_bad != 0;
	if (obs.busy_bad)
		*usable = false;
	if (!c->first_sample_tsc)
		c->first_sample_tsc = t0;
	uint64_t cycles = t1 - t0;
	row->tsc_cycles = cycles;
	row->ns = time_tsc_to_ns(cycles);
	if (c->counters.aperfmperf && after.mperf > before.mperf) {
		uint64_t da = after.aperf - before.aperf, dm = after.mperf - before.mperf;
		row->aperf = (sample_cell_u64_opt){ da, true };
		row->mperf = (sample_cell_u64_opt){ dm, true };
		row->eff_mhz = (sample_cell_fixed_opt){ (double)time_tsc_hz() / 1e6 * (double)da / (double)dm, true };
	}
	if (obs.cpus) {
		row->sib_wakeups = (sample_cell_u64_opt){ obs.wakeups, true };
		if (obs.c0_known)
			row->sib_c0_pct = (sample_cell_fixed_opt){ obs.c0_permille / 10.0, true };
	}
	if (c->counters.energy)
		row->energy_uj = (sample_cell_fixed_opt){ counters_energy_uj(&c->counters, &before, &after), true };
	if (c->counters.core_energy)
		row->core_energy_uj = (sample_cell_fixed_opt){ counters_core_energy_uj(&c->counters, &before, &after), true };
	if (c->counters.energy || c->counters.core_energy)
		row->energy_reliable = power_sample_reliable(row->ns) ? "yes" : "no";
	pmu_cells(row, &c->pmu, &pmu_before, &pmu_after);
	/* Stored last: the pointer is then not loaded inside the timed region
	 * (under -icount one more instruction there is one more cycle). */
	*checksum = sum;
	return true;
}

/* A measured row: its energy into the mode's power figures. */
static void after_row(void *ctx, const struct plan_step *st, const struct sample_row *row, bool usable)
{
	struct run_ctx *c = ctx;
	(void)usable;
	power_account(&c->power, st->mode, row->ns, row->energy_uj.value, row->core_energy_uj.value);
}

static uint64_t clock_tsc(void *ctx)
{
	(void)ctx;
	return rdtsc();
}

static uint64_t us_to_tsc(void *ctx, uint64_t us)
{
	(void)ctx;
	return time_us_to_tsc(us);
}

static bool sample_bad(void *ctx)
{
	return ((struct run_ctx *)ctx)->busy_bad;
}

static const struct harness_ops kernel_ops = {
	.progress = progress, .prepare = prepare, .measure = measure_sample, .sample_bad = sample_bad,
	.after_row = after_row,
	.time_run = time_run, .clock = clock_tsc, .us_to_ticks = us_to_tsc,
};

/* Leave workload w out of plan: its arena cannot be had (why). */
static void skip_workload(struct plan *plan, size_t w, const char *why, struct stream *s)
{
	char msg[200];
	plan->workloads.selected[w] = false;
	plan->workloads.count--;
	fmt_snprintf(msg, sizeof msg, "%s skipped: %s", workload_at(w)->name, why);
	stream_error(s, "WORKLOAD_SKIPPED", msg);
}

#define REGION_ALIGN (2ull << 20) /* regions start on 2 MiB pages */

/* Size each selected workload's arena from the LLC, group them in regions
 * (struct arena_region) and take one block of mapped memory for them all. A
 * probe whose region does not fit (the LLC size unknown, or less contiguous
 * memory than 4 x LLC beside the rest) is taken out of plan with a
 * WORKLOAD_SKIPPED warning, as `idlebench bench` does. False (an error
 * written) when there is no memory even for the fixed workloads. */
static bool take_arena(struct run_ctx *c, struct plan *plan, uint64_t llc_bytes, struct phys_alloc *phys,
		       struct stream *s)
{
	/* The largest block the run may take: the largest free block of mapped
	 * memory, less 16 MiB for what is still allocated after (page tables). */
	uint64_t largest = phys_alloc_largest(phys, phys->mapped_limit), slack = 16ull << 20;
	uint64_t available = largest > slack ? largest - slack : 0, total;

	c->regions = 1;
	c->region[0] = (struct arena_region){ .bytes = 64 };
	for (size_t w = 0; w < workload_count(); w++)
		if (plan->workloads.selected[w] && !workload_at(w)->arena_for_llc) {
			c->arena_size[w] = workload_at(w)->arena_bytes;
			if (c->arena_size[w] > c->region[0].bytes)
				c->region[0].bytes = c->arena_size[w];
		}
	total = (c->region[0].bytes + REGION_ALIGN - 1) / REGION_ALIGN * REGION_ALIGN;
	for (size_t w = 0; w < workload_count(); w++) {
		const struct workload *wl = workload_at(w);
		if (!plan->workloads.selected[w] || !wl->arena_for_llc)
			continue;
		size_t need = workload_arena_bytes(wl, llc_bytes);
		if (!need) {
			skip_workload(plan, w, workload_arena_skip_reason(wl, llc_bytes, SIZE_MAX), s);
			continue;
		}
		if (need < wl->arena_bytes)
			need = wl->arena_bytes; /* the check runs in the same region */
		size_t r = 1;
		while (r < c->regions && c->region[r].setup != wl->setup)
			r++;
		if (r == c->regions) {
			uint64_t rounded = (need + REGION_ALIGN - 1) / REGION_ALIGN * REGION_ALIGN;
			if (r == ARENA_REGIONS_MAX || total + rounded > available) {
				skip_workload(plan, w, workload_arena_skip_reason(wl, llc_bytes, 0), s);
				continue;
			}
			c->region[c->regions++] = (struct arena_region){ .bytes = need, .setup = wl->setup };
			total += rounded;
		} else if (need > c->region[r].bytes) {
			/* a sibling variant that needs more (the family shares one size in practice) */
			skip_workload(plan, w, "its arena is larger than its family's", s);
			continue;
		}
		c->arena_size[w] = workload_arena_bytes(wl, llc_bytes);
		c->region_of[w] = (uint8_t)r;
	}
	uint64_t base = phys_alloc_take(phys, total, REGION_ALIGN, phys->mapped_limit);
	if (!base) {
		char msg[120];
		fmt_snprintf(msg, sizeof msg, "no %llu-byte block of mapped memory for the workload arena",
			     (unsigned long long)total);
		stream_error(s, "NO_ARENA", msg);
		return false;
	}
	for (size_t r = 0; r < c->regions; r++) {
		c->region[r].base = (uint8_t *)(uintptr_t)base;
		base += (c->region[r].bytes + REGION_ALIGN - 1) / REGION_ALIGN * REGION_ALIGN;
	}
	stream_metaf(s, "arena_bytes", "%llu", (unsigned long long)total);
	return true;
}

static bool measure(struct run_ctx *c, const struct plan *plan, const struct plan_conditions *cond, struct stream *s);

bool experiment_run(const struct plan *requested, const struct platform *p, const struct plan_conditions *cond,
		    struct phys_alloc *phys, struct stream *s)
{
	static struct run_ctx c;
	static struct plan run_plan; /* the request less the probes the machine cannot size */
	const struct plan *plan = &run_plan;

	run_plan = *requested;
	memset(&c, 0, sizeof c);
	c.plan = plan;
	c.s = s;
	c.hypervisor = hypervisor_name(p->id.hypervisor, p->id.hv_signature);
	counters_detect(p, &c.counters);
	c.power.package = c.counters.energy;
	c.power.core = c.counters.core_energy;
	c.power.why_none = c.counters.energy_none;
	pmu_setup(&c.pmu, &p->id, &p->feat, &kernel_msr);
	pmu_check_counting(&c.pmu); /* a PMU that counts nothing says so, rather than filling zeros */
	uint64_t at = phys_alloc_take(phys, sizeof *table, 4096, phys->mapped_limit);
	if (!at) {
		stream_error(s, "NO_ARENA", "no memory for the sample table");
		pmu_restore(&c.pmu);
		return false;
	}
	table = (struct sample_table *)(uintptr_t)at;
	memset(table, 0, sizeof *table);
	harness_init(&c.h, plan, &kernel_ops, &c, s, table, cond->placement);
	bool ok = take_arena(&c, &run_plan, p->llc.size_bytes, phys, s) && measure(&c, plan, cond, s);
	pmu_restore(&c.pmu); /* a second run, or the OS after the UEFI app, finds the firmware's PMU */
	return ok;
}

/* The run proper, once the arena is taken: meta, calibration, the samples,
 * the summaries. */
static bool measure(struct run_ctx *c, const struct plan *plan, const struct plan_conditions *cond, struct stream *s)
{
	harness_write_plan_meta(plan, cond, s);
	stream_meta(s, "energy", c->counters.energy ? c->counters.energy_scope : "");
	stream_meta(s, "core_energy", c->counters.core_energy ? "core" : "");
	stream_meta(s, "energy_note", c->counters.energy ? "" : c->counters.energy_none);
	pmu_write_meta(&c->pmu, s);
	char modes[64];
	size_t n = 0;
	modes[0] = '\0';
	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		if (plan->modes & (1u << m))
			fmt_append(modes, sizeof modes, &n, "%s%s", n ? "," : "", idle_modes[m].name);
	stream_meta(s, "modes_measured", modes);
	summary_write_plan_meta(plan, s);

	if (!plan->modes || !plan->workloads.count) {
		stream_error(s, "NOTHING_TO_MEASURE", "no usable mode or no workload selected");
		return false;
	}
	/* Calibrate with the parked CPUs in the baseline state. */
	if (sibling_set_mode((plan->modes & (1u << IDLE_HLT)) ? IDLE_HLT : IDLE_OFF, 1000000, s))
		return false;
	/* Every build-time check first (small arenas), then each workload at its
	 * measurement arena: the probes' 4 x LLC set-up is built once per family. */
	for (size_t w = 0; w < workload_count(); w++)
		if (plan->workloads.selected[w])
			check(c, w);
	for (size_t w = 0; w < workload_count(); w++) {
		if (!plan->workloads.selected[w])
			continue;
		load(c, w);
		harness_calibrate(&c->h, w, arena_of(c, w));
		harness_write_workload(&c->h, w, c->arena_size[w]);
	}
	if (!harness_walk(&c->h))
		return false;
	uint64_t end = rdtsc();
	summary_set_pair(cond->placement, !c->hypervisor ? "none" : c->hypervisor);
	summary_write(plan, table, c->h.measured_reps, s);
	probes_write(plan, table, c->h.measured_reps, s);
	power_write(&c->power, plan->modes, s);
	harness_write_stop(&c->h, time_tsc_to_ns(c->first_sample_tsc), time_tsc_to_ns(end - c->h.start));
	for (size_t w = 0; w < workload_count(); w++)
		if (plan->workloads.selected[w] && !c->h.ws[w].expected_ok)
			return false;
	return true;
}
