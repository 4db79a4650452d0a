/* The experiment plan: which workloads and modes, how many repetitions, how
 * long a sample, and in which order the samples run. Freestanding (host-tested). */
#ifndef IDLEBENCH_KERNEL_EXPERIMENT_PLAN_H
#define IDLEBENCH_KERNEL_EXPERIMENT_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench/workload.h"
#include "core/sibling/idle_mode.h"

/* Sample order (the `order=` option, values in this order). */
enum plan_order {
	PLAN_INTERLEAVED, /* every block (one repetition of one workload) visits every mode in a Williams
			   * order; a workload's blocks in a row (plan_walk) */
	PLAN_BLOCKED,     /* all repetitions of one (workload, mode) in a row */
};

/* A preset: the defaults `preset=` selects. */
struct plan_preset {
	const char *name;
	unsigned reps;            /* fixed repetitions, or the pilot's when precision_centi is set */
	unsigned warmup, sample_ms;
	unsigned precision_centi; /* target half-width of the primary result in 0.01 %; 0: fixed reps */
	unsigned budget_s;        /* most seconds of sampling (0: no limit) */
};

/* The `preset=` values, in the option's order "auto|quick|standard|full|mechanism";
 * a preset's row in plan_presets is its id minus 1. */
enum plan_preset_id {
	PLAN_PRESET_AUTO, /* quick under a hypervisor, standard on hardware */
	PLAN_PRESET_QUICK,
	PLAN_PRESET_STANDARD,
	PLAN_PRESET_FULL,
	PLAN_PRESET_MECHANISM, /* the probes (bench/probe.h), a fixed count, no controls */
};

/* The presets (quick, standard, full, mechanism), for docs and help. */
extern const struct plan_preset plan_presets[];
/* Number of presets. */
extern const size_t plan_preset_count;

/* Most measured repetitions a plan may reach (the summary keeps them all). */
#define PLAN_MAX_REPS 255

/* A resolved plan. */
struct plan {
	const char *preset;
	unsigned reps;            /* fixed repetitions, or the pilot (>= STATS_MIN_BLOCKS) when adaptive */
	unsigned max_reps;        /* reps when fixed; PLAN_MAX_REPS when adaptive */
	unsigned warmup, sample_ms, settle_us;
	unsigned precision_centi; /* 0: fixed reps; else the target half-width, 0.01 % units */
	unsigned budget_s;        /* 0: no limit */
	bool blocked_drops;       /* order=blocked dropped a precision target or budget (said in the stream) */
	uint64_t seed;
	bool seed_given;          /* seed= was on the command line (else drawn at boot) */
	const char *seed_source;  /* "cmdline", "rdrand" or "tsc" (the `seed_source` meta) */
	enum plan_order order;
	struct workload_selection workloads;
	uint32_t modes; /* bit = enum idle_mode */
	/* NULL: the registry's workloads; else a foreign command's name
	 * (`idlebench linux -- COMMAND`), which stands in workload slot 0, the
	 * plan's only one, classed with the int workloads (so the primary result
	 * and Stein's rule are the command's own) */
	const char *command_name;
	/* with command_name: what the command is (its quoted argv, the metric
	 * and its direction), part of plan_id so that two commands given the
	 * same name are never pooled */
	const char *command_key;
};

/* One sample to take. */
struct plan_step {
	size_t workload;      /* registry index */
	enum idle_mode mode;
	unsigned rep;         /* counts warm-up repetitions too */
	bool warmup;          /* discarded */
	bool round_end;       /* interleaved: the last step of a segment, where every workload has
			       * reached rep (the run may stop there) */
	bool lead_in;         /* interleaved: the discarded run after a workload change (warmup too) */
};

/* What the command line asks of the plan (kernel/run_config.c fills it). */
struct plan_request {
	enum plan_preset_id preset;
	unsigned reps, warmup, sample_ms; /* PLAN_FROM_PRESET: the preset's value */
	unsigned precision_centi;         /* precision= in 0.01 % units; PLAN_FROM_PRESET: the preset's */
	unsigned budget_s;                /* PLAN_FROM_PRESET: the preset's */
	unsigned settle_us;
	uint64_t seed;
	bool seed_given;                  /* false: seed is drawn at boot (kernel_run) */
	bool modes_given;                 /* modes= was given (else quick and mechanism drop the controls) */
	bool workloads_given;             /* workloads= was given (else mechanism measures the probes) */
	enum plan_order order;
	struct workload_selection workloads;
};
/* A plan_request number left to the preset. */
#define PLAN_FROM_PRESET (~0u)

/* Resolve the plan from the request (PLAN_PRESET_AUTO means quick under a
 * hypervisor, standard on hardware; explicit reps, warmup, sample_ms,
 * precision, budget override the preset; reps= makes the count fixed unless
 * precision= is given too, when it sizes the pilot; order=blocked is always
 * fixed) for the modes that can run. */
void plan_resolve(struct plan *p, const struct plan_request *rq, bool under_hypervisor, uint32_t modes);
/* The name of the plan's workload w: the registry's, or the command's. */
const char *plan_workload_name(const struct plan *p, size_t w);
/* Samples the plan takes, warm-ups and the first segment's lead-ins
 * included (an adaptive plan: its pilot). */
size_t plan_step_count(const struct plan *p);
/* The discarded lead-in runs interleaved segment `segment` starts with when
 * the workload run last was `last` ((size_t)-1: none, the run's start):
 * one per workload change, none where the first segment's warm-up blocks
 * lead in; 0 for a blocked plan. What plan_walk runs, counted ahead so a
 * progress total can hold them. */
size_t plan_segment_lead_ins(const struct plan *p, unsigned segment, size_t last);
/* Call fn for every step in run order, up to max_reps measured repetitions;
 * stops early when fn returns false. Blocked: each (workload, mode) runs all
 * its repetitions in a row. Interleaved (workload-major): the run is cut in
 * segments (the first: the plan's reps, the pilot of an adaptive plan, or
 * one repetition under a budget; each later one up to what wanted(ctx)
 * returns then, capped at max_reps; NULL: max_reps; none when it is not
 * above the repetitions done). A segment runs
 * the workloads one after the other in an order the seed draws per segment;
 * each workload's blocks in a row, each block one repetition visiting every
 * mode in the order of the next row of that workload's Williams design
 * (stats/order.h), so every mode follows every other equally often and a
 * pair's samples stay adjacent in time; the seed picks the design's
 * labelling and the order of its rows within each cycle. The first segment
 * starts each workload with its warm-up blocks; wherever the workload
 * changes without them, one discarded lead-in run of the new workload in the
 * mode its next block starts with comes first (the run's start is no
 * change: warmup=0 asks for no discarded run there). round_end marks a
 * segment's last step. */
void plan_walk(const struct plan *p, bool (*fn)(void *ctx, const struct plan_step *step),
	       unsigned (*wanted)(void *ctx), void *ctx);
/* How the samples are ordered (the `order_scheme` meta): "workload-major"
 * (interleaved), "blocked". */
const char *plan_order_scheme(const struct plan *p);
/* What else sets the conditions of a plan's samples. */
struct plan_conditions {
	const char *placement; /* placement= */
	uint32_t mwait_hint;   /* MWAIT EAX of mode mwait */
	uint16_t c2_port;      /* the port mode ioport reads (0: none) */
	bool x2apic;           /* local APIC mode in use */
	const char *others;    /* others= (the other cores idle, off or loaded) */
};

/* The plan's fingerprint (`plan_id`): FNV-1a 64 over the stream schema, the
 * workloads, sample_ms, settle_us, the order and its scheme (blocked samples
 * are not paired in time like interleaved ones; workload-major interleaving
 * removes the workload switch that repetition-major boots timed), the modes and the conditions (others=
 * among them: a loaded machine is another regime), and a command's key. Runs with
 * equal ids measured the same thing the same way and may be pooled; reps,
 * warmup, seed, precision and budget only change how much was measured and
 * in which order, so they are left out; the calibrated iteration counts are
 * left out too (they follow from sample_ms and vary with timer noise). */
uint64_t plan_id(const struct plan *p, const struct plan_conditions *c);
/* Option-table validator for `workloads=`. */
const char *plan_workloads_validate(const char *value);
/* Option-table validator for `precision=` (0.01..100, at most two decimals). */
const char *plan_precision_validate(const char *value);

#endif
