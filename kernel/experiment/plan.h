/* The experiment plan: which workloads and modes, how many repetitions, how
 * long a sample, and in which order the samples run. Freestanding (host-tested). */
#ifndef IDLEBENCH_KERNEL_EXPERIMENT_PLAN_H
#define IDLEBENCH_KERNEL_EXPERIMENT_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench/workload.h"
#include "kernel/options.h"
#include "kernel/sibling/idle_mode.h"

/* Sample order. */
enum plan_order {
	PLAN_INTERLEAVED, /* every repetition visits every workload and mode; modes shuffled per step */
	PLAN_BLOCKED,     /* all repetitions of one (workload, mode) in a row */
};

/* A preset: the defaults `preset=` selects. */
struct plan_preset {
	const char *name;
	unsigned reps, warmup, sample_ms;
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

/* Resolve the plan from the options (`preset=auto` means quick under a
 * hypervisor, standard on hardware; explicit reps=, warmup=, sample_ms=
 * override the preset) for the modes that can run. */
void plan_from_options(struct plan *p, const struct options *o, bool under_hypervisor, uint32_t modes);
/* Samples the plan takes, warm-ups included. */
size_t plan_step_count(const struct plan *p);
/* Call fn for every step in run order; stops early when fn returns false. */
void plan_walk(const struct plan *p, bool (*fn)(void *ctx, const struct plan_step *step), void *ctx);
/* Option-table validator for `workloads=`. */
const char *plan_workloads_validate(const char *value);

#endif
