/* The experiment plan: which workloads and modes, how many repetitions, how
 * long a sample, and in which order the samples run. Freestanding (host-tested). */
#ifndef IDLEBENCH_KERNEL_EXPERIMENT_PLAN_H
#define IDLEBENCH_KERNEL_EXPERIMENT_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench/workload.h"
#include "kernel/sibling/idle_mode.h"

/* Sample order (the `order=` option, values in this order). */
enum plan_order {
	PLAN_INTERLEAVED, /* every repetition visits every workload and mode; modes shuffled per step */
	PLAN_BLOCKED,     /* all repetitions of one (workload, mode) in a row */
};

/* A preset: the defaults `preset=` selects. */
struct plan_preset {
	const char *name;
	unsigned reps, warmup, sample_ms;
};

/* The `preset=` values, in the option's order "auto|quick|standard|full";
 * a preset's row in plan_presets is its id minus 1. */
enum plan_preset_id {
	PLAN_PRESET_AUTO, /* quick under a hypervisor, standard on hardware */
	PLAN_PRESET_QUICK,
	PLAN_PRESET_STANDARD,
	PLAN_PRESET_FULL,
};

/* The presets (quick, standard, full), for docs and help. */
extern const struct plan_preset plan_presets[];
/* Number of presets. */
extern const size_t plan_preset_count;

/* A resolved plan. */
struct plan {
	const char *preset;
	unsigned reps, warmup, sample_ms;
	uint64_t seed;
	enum plan_order order;
	struct workload_selection workloads;
	uint32_t modes; /* bit = enum idle_mode */
};

/* One sample to take. */
struct plan_step {
	size_t workload;      /* registry index */
	enum idle_mode mode;
	unsigned rep;         /* counts warm-up repetitions too */
	bool warmup;          /* discarded */
};

/* What the command line asks of the plan (kernel/run_config.c fills it). */
struct plan_request {
	enum plan_preset_id preset;
	unsigned reps, warmup, sample_ms; /* PLAN_FROM_PRESET: the preset's value */
	uint64_t seed;
	enum plan_order order;
	struct workload_selection workloads;
};
/* A plan_request number left to the preset. */
#define PLAN_FROM_PRESET (~0u)

/* Resolve the plan from the request (PLAN_PRESET_AUTO means quick under a
 * hypervisor, standard on hardware; explicit reps, warmup, sample_ms
 * override the preset) for the modes that can run. */
void plan_resolve(struct plan *p, const struct plan_request *rq, bool under_hypervisor, uint32_t modes);
/* Samples the plan takes, warm-ups included. */
size_t plan_step_count(const struct plan *p);
/* Call fn for every step in run order; stops early when fn returns false. */
void plan_walk(const struct plan *p, bool (*fn)(void *ctx, const struct plan_step *step), void *ctx);
/* Option-table validator for `workloads=`. */
const char *plan_workloads_validate(const char *value);

#endif
