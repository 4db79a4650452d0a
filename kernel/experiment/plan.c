/* Plan resolution and sample order. Interleaving with a per-step shuffle of
 * the modes means slow drifts (temperature, boost, host noise under QEMU)
 * hit every mode alike instead of biasing whichever ran last. */
#include "bench/common.h"
#include "kernel/experiment/plan.h"
#include "kernel/lib/mem.h"

/* Durations (measured, see README): quick a few seconds under QEMU TCG;
 * standard about 18 workloads x 5 modes x 13 x 20 ms = 25 s plus settling;
 * full about 18 x 5 x 34 x 100 ms = 5 min. */
const struct plan_preset plan_presets[] = {
	{ "quick", 3, 1, 2 },
	{ "standard", 11, 2, 20 },
	{ "full", 31, 3, 100 },
};
const size_t plan_preset_count = sizeof plan_presets / sizeof plan_presets[0];

void plan_resolve(struct plan *p, const struct plan_request *rq, bool under_hypervisor, uint32_t modes)
{
	enum plan_preset_id id = rq->preset;

	if (id == PLAN_PRESET_AUTO || (size_t)id > plan_preset_count)
		id = under_hypervisor ? PLAN_PRESET_QUICK : PLAN_PRESET_STANDARD;
	const struct plan_preset *pre = &plan_presets[id - 1];
	p->preset = pre->name;
	p->reps = rq->reps != PLAN_FROM_PRESET ? rq->reps : pre->reps;
	p->warmup = rq->warmup != PLAN_FROM_PRESET ? rq->warmup : pre->warmup;
	p->sample_ms = rq->sample_ms != PLAN_FROM_PRESET ? rq->sample_ms : pre->sample_ms;
	p->seed = rq->seed;
	p->order = rq->order;
	p->modes = modes;
	p->workloads = rq->workloads;
}

static size_t count_bits(uint32_t m)
{
	size_t n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

size_t plan_step_count(const struct plan *p)
{
	return p->workloads.count * count_bits(p->modes) * (p->reps + p->warmup);
}

void plan_walk(const struct plan *p, bool (*fn)(void *ctx, const struct plan_step *step), void *ctx)
{
	enum idle_mode modes[IDLE_MODE_COUNT];
	size_t nm = 0, total = p->reps + p->warmup;

	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		if (p->modes & (1u << m))
			modes[nm++] = (enum idle_mode)m;

	struct plan_step st;
	if (p->order == PLAN_BLOCKED) {
		for (size_t w = 0; w < WORKLOAD_MAX; w++) {
			if (!p->workloads.selected[w])
				continue;
			for (size_t k = 0; k < nm; k++)
				for (unsigned r = 0; r < total; r++) {
					st = (struct plan_step){ w, modes[k], r, r < p->warmup };
					if (!fn(ctx, &st))
						return;
				}
		}
		return;
	}
	for (unsigned r = 0; r < total; r++) {
		for (size_t w = 0; w < WORKLOAD_MAX; w++) {
			if (!p->workloads.selected[w])
				continue;
			/* Fisher-Yates shuffle of the modes, seeded per (rep, workload). */
			enum idle_mode order[IDLE_MODE_COUNT];
			memcpy(order, modes, nm * sizeof order[0]);
			struct bench_rng rng = bench_rng_init(p->seed, ((uint64_t)r << 8) | w);
			for (size_t i = nm; i > 1; i--) {
				size_t j = bench_rng_below(&rng, (uint32_t)i);
				enum idle_mode t = order[i - 1];
				order[i - 1] = order[j];
				order[j] = t;
			}
			for (size_t k = 0; k < nm; k++) {
				st = (struct plan_step){ w, order[k], r, r < p->warmup };
				if (!fn(ctx, &st))
					return;
			}
		}
	}
}

const char *plan_workloads_validate(const char *value)
{
	static char err[512];
	struct workload_selection sel;

	return workload_select(value, &sel, err, sizeof err) == WORKLOAD_SELECT_OK ? NULL : err;
}
