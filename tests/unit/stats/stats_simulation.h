/* Simulated experiments with a known truth, for the coverage tests of the
 * inference core. One boot runs reps rounds; in each round every workload
 * runs once in every mode (workloads in shuffled order, the modes of a
 * workload back to back in shuffled or Williams order), as the interleaved
 * plan does. A sample's log cpi is
 *
 *   base_w + effect[w][m] + boot_mode[b][m] + boot_workload[b][w] + drift_b(t)
 *          + carry[prev mode] + noise,
 *
 * with effect[w][0] = 0 (mode 0 is hlt), boot effects drawn per boot from
 * normal distributions, drift an AR(1) process over the boot's sample
 * sequence t, and noise Student t (4 df) or a contaminated normal. */
#ifndef IDLEBENCH_TESTS_STATS_SIMULATION_H
#define IDLEBENCH_TESTS_STATS_SIMULATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stats/order.h"

#define SIM_MAX_BOOTS 8
#define SIM_MAX_WORKLOADS 6
#define SIM_MAX_MODES 4
#define SIM_MAX_REPS 64
#define SIM_MAX_SAMPLES (SIM_MAX_REPS * SIM_MAX_WORKLOADS * SIM_MAX_MODES)

enum sim_noise {
	SIM_NOISE_T4,           /* Student t with 4 df, scaled to sd noise_sd */
	SIM_NOISE_CONTAMINATED, /* normal, sd noise_sd; 5 % of samples with 5x that sd */
};

/* The knobs of one scenario; every sd is on the log scale. */
struct sim_params {
	size_t boots, reps, workloads, modes;
	double mode_effect[SIM_MAX_MODES]; /* mean true log effect of mode m vs hlt ([0] = 0) */
	double workload_effect_sd;         /* spread of a workload's true effect around mode_effect */
	double boot_mode_sd;               /* boot x mode random effect */
	double boot_workload_sd;           /* boot x workload random effect (cancels in pairs) */
	double drift_sd, drift_phi;        /* stationary sd and per-sample coefficient of the AR(1) drift */
	double noise_sd;
	enum sim_noise noise;
	double carry[SIM_MAX_MODES];       /* added to a sample run right after mode p */
	bool williams;                     /* modes in Williams order instead of shuffled */
};

/* One boot's samples and its own truth. */
struct sim_boot {
	double cpi[SIM_MAX_WORKLOADS][SIM_MAX_MODES][SIM_MAX_REPS]; /* cpi[w][m][r] */
	double own_log_effect[SIM_MAX_WORKLOADS][SIM_MAX_MODES];    /* effect + boot_mode[m] - boot_mode[0] */
	struct stats_order_sample run[SIM_MAX_SAMPLES];             /* in run order */
	size_t run_count;
};

/* One experiment: its boots and the truth about the machine. */
struct sim_experiment {
	struct sim_boot boot[SIM_MAX_BOOTS];
	double log_effect[SIM_MAX_WORKLOADS][SIM_MAX_MODES];        /* the machine's true effects */
};

/* The test's generator (xoshiro256**, seeded through SplitMix64). */
struct sim_rng {
	uint64_t s[4];
};

/* Seed a generator. */
void sim_rng_seed(struct sim_rng *r, uint64_t seed);
/* Standard normal deviate (Box-Muller). */
double sim_normal(struct sim_rng *r);
/* Simulate experiment x with parameters p. */
void sim_run(const struct sim_params *p, struct sim_rng *r, struct sim_experiment *x);

#endif
