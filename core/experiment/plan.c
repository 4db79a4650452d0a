/* Plan resolution and sample order. Interleaving the modes within every
 * (repetition, workload) block means slow drifts (temperature, boost, host
 * noise under QEMU) hit every mode alike instead of biasing whichever ran
 * last; the Williams design balances what each mode follows, so a mode that
 * disturbs the next sample (carry-over) disturbs every mode alike. The
 * blocks of one workload run in a row, and a workload change is followed by
 * a discarded run: the sample right after a switch from another workload ran
 * with the other workload's caches, TLB and predictors left behind:
 * measured on a KVM vCPU it ran +1.35 % slower on average, and the A/A
 * interval after the same sampling was 2 to 4 times as wide as workload-
 * major order gives (docs/statistics.md, "What the order costs"). */
#include "stats/inference.h"
#include "stats/order.h"
#include "core/experiment/plan.h"
#include "lib/fmt.h"
#include "lib/hash64.h"
#include "lib/parse.h"
#include "core/stream/schema.h"
#include "lib/mem.h"

/* Durations: quick is a pipeline check of a few seconds under QEMU TCG, with
 * too few repetitions for an interval (the summary says so). standard and
 * full are adaptive: a pilot of 10 repetitions, then as many as Stein's rule
 * says the primary result needs for a 95 % half-width of 1.0 / 0.3 points,
 * within 10 / 60 minutes of sampling (under QEMU the budget ends them).
 * mechanism measures the probes (unless workloads= names others) 10 times,
 * 20 ms a sample (twice the 10 ms a sample's RAPL energy needs), without
 * the controls (unless modes= names them): enough
 * for every sweep point's median and per-variant intervals. */
const struct plan_preset plan_presets[] = {
	{ "quick", 3, 1, 2, 0, 0 },
	{ "standard", STATS_MIN_BLOCKS, 2, 20, 100, 600 },
	{ "full", STATS_MIN_BLOCKS, 3, 100, 30, 3600 },
	{ "mechanism", STATS_MIN_BLOCKS, 1, 20, 0, 0 },
};
const size_t plan_preset_count = sizeof plan_presets / sizeof plan_presets[0];

static unsigned or_preset(unsigned given, unsigned preset)
{
	return given != PLAN_FROM_PRESET ? given : preset;
}

void plan_resolve(struct plan *p, const struct plan_request *rq, bool under_hypervisor, uint32_t modes)
{
	enum plan_preset_id id = rq->preset;

	/* Every field from here or zero: the caller's struct may be stack or
	 * firmware pool memory (OVMF fills pool with 0xAF), and a field this
	 * function does not set (command_name: idlebench linux sets it after)
	 * must read as absent, never as garbage (it is hashed into plan_id). */
	*p = (struct plan){ 0 };
	if (id == PLAN_PRESET_AUTO || (size_t)id > plan_preset_count)
		id = under_hypervisor ? PLAN_PRESET_QUICK : PLAN_PRESET_STANDARD;
	const struct plan_preset *pre = &plan_presets[id - 1];
	p->preset = pre->name;
	p->warmup = or_preset(rq->warmup, pre->warmup);
	p->sample_ms = or_preset(rq->sample_ms, pre->sample_ms);
	p->settle_us = rq->settle_us;
	/* reps= alone fixes the count; precision= (given or the preset's) sizes it. */
	p->precision_centi = rq->precision_centi != PLAN_FROM_PRESET ? rq->precision_centi
			     : rq->reps != PLAN_FROM_PRESET ? 0
							    : pre->precision_centi;
	/* The preset's budget bounds the preset's adaptive run only; a count the
	 * command line fixed runs to the end unless budget_s= says otherwise. */
	p->budget_s = rq->budget_s != PLAN_FROM_PRESET ? rq->budget_s : p->precision_centi ? pre->budget_s : 0;
	/* Blocked order has no repetitions that end together: no pilot, no
	 * budget check; blocked_drops tells the stream so, instead of hiding it. */
	p->blocked_drops = rq->order == PLAN_BLOCKED && (p->precision_centi || p->budget_s);
	if (rq->order == PLAN_BLOCKED)
		p->precision_centi = p->budget_s = 0;
	p->reps = or_preset(rq->reps, pre->reps);
	if (p->precision_centi && p->reps < STATS_MIN_BLOCKS)
		p->reps = STATS_MIN_BLOCKS;
	p->max_reps = p->precision_centi ? PLAN_MAX_REPS : p->reps;
	p->seed = rq->seed;
	p->seed_given = rq->seed_given;
	p->seed_source = rq->seed_given ? "cmdline" : "unset";
	p->order = rq->order;
	p->modes = modes;
	if ((id == PLAN_PRESET_QUICK || id == PLAN_PRESET_MECHANISM) && !rq->modes_given)
		p->modes &= ~IDLE_CONTROL_MASK;
	p->workloads = rq->workloads;
	if (id == PLAN_PRESET_MECHANISM && !rq->workloads_given)
		workload_select("probe", &p->workloads, NULL, 0);
}

static size_t count_bits(uint32_t m)
{
	size_t n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

/* Workloads selected in p, in registry order; their number. */
static size_t selected_workloads(const struct plan *p, size_t *ws)
{
	size_t n = 0;

	for (size_t w = 0; w < WORKLOAD_MAX; w++)
		if (p->workloads.selected[w])
			ws[n++] = w;
	return n;
}

size_t plan_step_count(const struct plan *p)
{
	size_t steps = p->workloads.count * count_bits(p->modes) * (p->reps + p->warmup);
	/* interleaved: the first segment's lead-ins (one per workload change, none where warm-up blocks lead in) */
	return p->order == PLAN_INTERLEAVED && !p->warmup && p->workloads.count ? steps + p->workloads.count - 1 : steps;
}

/* A 64-bit mix (splitmix64's finaliser, Steele, Lea and Flood, "Fast
 * splittable pseudorandom number generators", OOPSLA 2014): the workload
 * order of a segment from the seed and the segment's index. */
static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Shuffle ws[0..n-1] (Fisher-Yates) by seed and segment. */
static void shuffle_workloads(size_t *ws, size_t n, uint64_t seed, unsigned segment)
{
	uint64_t state = mix64(seed ^ 0x776f726b6c6f6164ull) + segment; /* "workload" */

	for (size_t i = n; i > 1; i--) {
		state = mix64(state + 0x9e3779b97f4a7c15ull);
		size_t j = (size_t)(state % i);
		size_t t = ws[i - 1];
		ws[i - 1] = ws[j];
		ws[j] = t;
	}
}

/* The mode order of workload w's block `block` (its repetition index,
 * warm-ups counted): a Williams row, each workload cycling through the
 * design on its own so every workload's blocks are balanced. */
static void block_order(const struct plan *p, size_t nm, size_t w, unsigned block, uint8_t *order)
{
	if (!stats_williams_order(nm, block, p->seed ^ mix64(w + 1), order))
		for (size_t k = 0; k < nm; k++)
			order[k] = (uint8_t)k; /* more modes than a design takes: table order */
}

static bool walk_blocked(const struct plan *p, const enum idle_mode *modes, size_t nm,
			 bool (*fn)(void *ctx, const struct plan_step *step), void *ctx)
{
	unsigned total = p->max_reps + p->warmup;

	for (size_t w = 0; w < WORKLOAD_MAX; w++) {
		if (!p->workloads.selected[w])
			continue;
		for (size_t k = 0; k < nm; k++)
			for (unsigned r = 0; r < total; r++) {
				struct plan_step st = { w, modes[k], r, r < p->warmup, false, false };
				if (!fn(ctx, &st))
					return false;
			}
	}
	return true;
}

size_t plan_segment_lead_ins(const struct plan *p, unsigned segment, size_t last)
{
	size_t ws[WORKLOAD_MAX], nw = selected_workloads(p, ws), n = 0;

	if (p->order != PLAN_INTERLEAVED || (segment == 0 && p->warmup))
		return 0;
	shuffle_workloads(ws, nw, p->seed, segment);
	for (size_t i = 0; i < nw; i++) {
		n += last != (size_t)-1 && ws[i] != last; /* walk_segment's condition */
		last = ws[i];
	}
	return n;
}

/* One segment: measured repetitions [from, to) of every workload, workload
 * after workload in the segment's seeded order; the first segment starts
 * each workload with its warm-up blocks. *last: the workload run last
 * ((size_t)-1: none yet, the run's start), which needs no lead-in. */
static bool walk_segment(const struct plan *p, const enum idle_mode *modes, size_t nm, unsigned segment,
			 unsigned from, unsigned to, size_t *last,
			 bool (*fn)(void *ctx, const struct plan_step *step), void *ctx)
{
	size_t ws[WORKLOAD_MAX], nw = selected_workloads(p, ws);
	unsigned first = segment == 0 ? 0 : p->warmup + from, end = p->warmup + to;

	shuffle_workloads(ws, nw, p->seed, segment);
	for (size_t i = 0; i < nw; i++) {
		size_t w = ws[i];
		uint8_t order[STATS_MAX_CONDITIONS];
		struct plan_step st;
		/* A workload change: one discarded run of the new workload in the
		 * mode its next block starts with, so no timed sample pays for the
		 * caches, TLB and predictors the other workload left (warm-up
		 * blocks lead in where the first segment has them). The run's
		 * start is no change: there warmup= decides (0: no discarded run). */
		if (*last != (size_t)-1 && w != *last && !(segment == 0 && p->warmup)) {
			block_order(p, nm, w, first, order);
			st = (struct plan_step){ w, modes[order[0]], first, true, false, true };
			if (!fn(ctx, &st))
				return false;
		}
		*last = w;
		for (unsigned r = first; r < end; r++) {
			block_order(p, nm, w, r, order);
			for (size_t k = 0; k < nm; k++) {
				st = (struct plan_step){ w, modes[order[k]], r, r < p->warmup,
							 i == nw - 1 && r == end - 1 && k == nm - 1, false };
				if (!fn(ctx, &st))
					return false;
			}
		}
	}
	return true;
}

void plan_walk(const struct plan *p, bool (*fn)(void *ctx, const struct plan_step *step),
	       unsigned (*wanted)(void *ctx), void *ctx)
{
	enum idle_mode modes[IDLE_MODE_COUNT];
	size_t nm = 0, last = (size_t)-1;

	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		if (p->modes & (1u << m))
			modes[nm++] = (enum idle_mode)m;
	if (p->order == PLAN_BLOCKED) {
		walk_blocked(p, modes, nm, fn, ctx);
		return;
	}
	/* The first segment is the pilot (or the whole of a fixed count); under
	 * a budget it is one repetition, which shows the pace the budget's
	 * check needs before a long segment is started. Each later one runs
	 * what the caller still wants, up to max_reps. */
	unsigned done = 0, to = p->reps < p->max_reps ? p->reps : p->max_reps;
	if (p->budget_s && to > 1)
		to = 1;
	for (unsigned segment = 0; to > done; segment++) {
		if (!walk_segment(p, modes, nm, segment, done, to, &last, fn, ctx))
			return;
		done = to;
		to = wanted ? wanted(ctx) : p->max_reps;
		if (to > p->max_reps)
			to = p->max_reps;
	}
}

uint64_t plan_id(const struct plan *p, const struct plan_conditions *c)
{
	char num[24];
	uint64_t h = HASH64_INIT;

	fmt_snprintf(num, sizeof num, "schema=%d", STREAM_SCHEMA_VERSION);
	h = hash64_field(h, num);
	for (size_t w = 0; w < WORKLOAD_MAX; w++)
		if (p->workloads.selected[w])
			h = hash64_field(h, plan_workload_name(p, w));
	if (p->command_name)
		h = hash64_field(h, p->command_key ? p->command_key : "");
	fmt_snprintf(num, sizeof num, "sample_ms=%u", p->sample_ms);
	h = hash64_field(h, num);
	fmt_snprintf(num, sizeof num, "settle_us=%u", p->settle_us);
	h = hash64_field(h, num);
	/* interleaved samples are taken workload by workload now (plan_order_scheme):
	 * another order of switches, never pooled with the repetition-major boots */
	h = hash64_field(h, p->order == PLAN_BLOCKED ? "blocked" : "interleaved");
	if (p->order == PLAN_INTERLEAVED)
		h = hash64_field(h, plan_order_scheme(p));
	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		if (p->modes & (1u << m))
			h = hash64_field(h, idle_modes[m].name);
	h = hash64_field(h, c->placement ? c->placement : "");
	fmt_snprintf(num, sizeof num, "mwait_hint=%u", c->mwait_hint);
	h = hash64_field(h, num);
	fmt_snprintf(num, sizeof num, "c2_port=%u", c->c2_port);
	h = hash64_field(h, num);
	h = hash64_field(h, c->x2apic ? "x2apic" : "xapic");
	return hash64_field(h, c->others ? c->others : "");
}

const char *plan_workloads_validate(const char *value)
{
	static char err[512];
	struct workload_selection sel;

	return workload_select(value, &sel, err, sizeof err) == WORKLOAD_SELECT_OK ? NULL : err;
}

const char *plan_precision_validate(const char *value)
{
	uint64_t centi;

	if (!parse_hundredths(value, &centi))
		return "not a number with at most two decimals (e.g. 0.5)";
	if (centi < 1 || centi > 10000)
		return "out of range 0.01..100";
	return NULL;
}

const char *plan_order_scheme(const struct plan *p)
{
	return p->order == PLAN_BLOCKED ? "blocked" : "workload-major";
}

const char *plan_workload_name(const struct plan *p, size_t w)
{
	return p->command_name ? p->command_name : workload_at(w)->name;
}
