/* Slowdowns of a sibling mode against hlt with intervals that respect how the
 * samples were taken (freestanding: the kernel's summary and the host report
 * call the same code).
 *
 * The unit of evidence is the block: in repetition r of a boot every workload
 * runs once in every mode, moments apart, so the samples of one (rep,
 * workload) are a matched set. Per block d = log cpi(mode) - log cpi(hlt);
 * the slowdown is exp(mean d) - 1 and its 95 % interval is the Student t
 * interval of mean d, mapped through exp (Georges, Buytaert, Eeckhout,
 * "Statistically rigorous Java performance evaluation", OOPSLA 2007, for t
 * intervals over few samples). Boots are the next level up: a boot's mode
 * effect differs from another boot's (Kalibera & Jones, "Rigorous
 * benchmarking in reasonable time", ISMM 2013), so a claim about the machine
 * takes a t interval over the boots' estimates, not over pooled samples. */
#ifndef IDLEBENCH_STATS_INFERENCE_H
#define IDLEBENCH_STATS_INFERENCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Fewest blocks a within-boot interval is given for: below it the t interval
 * is so wide (t(2) = 4.3) that it says nothing, and one slow block dominates. */
#define STATS_MIN_BLOCKS 10
/* Most repetitions (blocks per workload) one boot may hold. */
#define STATS_MAX_REPS 256
/* Most p-values one Holm adjustment takes (workloads x modes). */
#define STATS_MAX_TESTS 512

/* Whether an estimate has an interval. */
enum stats_status {
	STATS_INTERVAL,  /* value and 95 % interval */
	STATS_TOO_FEW,   /* value only: fewer than STATS_MIN_BLOCKS blocks (within a boot) */
	STATS_NO_DATA,   /* no block has both samples: neither value nor interval */
};

/* A slowdown in percent with its 95 % interval, and the log-scale figures
 * behind it (for p-values, planning and combining boots). */
struct stats_slowdown {
	double value_pct;       /* (exp(mean_log) - 1) x 100; NaN when STATS_NO_DATA */
	double lo_pct, hi_pct;  /* 95 % interval in %; NaN unless STATS_INTERVAL */
	double mean_log;        /* mean of d = log cpi(mode) - log cpi(hlt) */
	double sd_log;          /* sample sd of the values averaged (blocks or boots); NaN for n < 2 */
	double se_log;          /* standard error of mean_log: sd_log / sqrt(n) */
	double df;              /* degrees of freedom of the t interval: n - 1 */
	size_t n;               /* blocks (within a boot) or boots (across boots) */
	const char *method;     /* "paired-t" (one workload), "class-paired-t", "boots-t" */
	enum stats_status status;
	bool within_boot_only;  /* the interval covers this boot's effect, not the machine's */
};

/* Slowdown of one workload in one boot: mode_cpi[r] and hlt_cpi[r] are
 * repetition r's samples (a value <= 0 or NaN marks a missing sample; its
 * block is skipped); reps <= STATS_MAX_REPS. Paired t over the blocks. */
struct stats_slowdown stats_paired_slowdown(const double *mode_cpi, const double *hlt_cpi, size_t reps);
/* Geometric-mean slowdown of a class of k workloads in one boot: per rep the
 * mean d over the k workloads (mode_cpi[w][r], hlt_cpi[w][r]; reps where any
 * workload lacks a sample are skipped), then a t interval over those reps. */
struct stats_slowdown stats_class_slowdown(const double *const *mode_cpi, const double *const *hlt_cpi, size_t k,
					   size_t reps);
/* t estimate from n log differences d[] (for callers that form d themselves);
 * method names it in the result; within_boot_only is set. */
struct stats_slowdown stats_slowdown_of_differences(const double *d, size_t n, const char *method);

/* What one boot contributes to an estimate across boots. */
struct stats_boot {
	double mean_log;  /* the boot's mean d */
	double var_log;   /* the boot's sample variance of d over its blocks (0 if unknown) */
	size_t blocks;    /* blocks behind mean_log; 0 = the boot has no estimate (skipped) */
};

/* The per-boot summary of a within-boot estimate. */
struct stats_boot stats_boot_of(const struct stats_slowdown *s);
/* Slowdown across b boots: mean of the boots' mean_log with a t(b - 1)
 * interval over them ("boots-t"). With one boot, that boot's within-boot
 * interval (paired-t, STATS_MIN_BLOCKS applies), flagged within_boot_only. */
struct stats_slowdown stats_across_boots(const struct stats_boot *boots, size_t b);

/* The note a table prints with an estimate: "n/a: 3 blocks, need 10",
 * "n/a: no complete block", "within this boot only" or "" (a machine-level
 * interval). Writes at most size bytes, NUL-terminated; returns buf. */
char *stats_slowdown_note(const struct stats_slowdown *s, char *buf, size_t size);

/* Two-sided p-value of the t test of mean d = 0 (1 when n < 2, or NaN for
 * STATS_NO_DATA; 0 when every d is the same non-zero value). */
double stats_slowdown_p_value(const struct stats_slowdown *s);
/* Holm's step-down adjustment (Holm 1979) of n p-values (n <= STATS_MAX_TESTS):
 * adjusted[i] is p[i]'s adjusted value, significant[i] whether it is <= 0.05.
 * NaN p-values are never significant and do not count towards n. False if n is too large. */
bool stats_holm(const double *p, size_t n, double *adjusted, bool *significant);
/* The same for any n (n < 2^32), sorting in the caller's order[n]: what
 * stats_holm does in its own STATS_MAX_TESTS array, for a caller (the host's
 * fleet view: two tests per machine) that may have more. */
void stats_holm_scratch(const double *p, size_t n, double *adjusted, bool *significant, uint32_t *order);
/* Smallest slowdown in % a cell of standard error se_log (log scale) and df
 * degrees of freedom would detect with 80 % power at 5 % two-sided:
 * (exp((t(df, 0.975) + t(df, 0.80)) se_log) - 1) x 100; the normal
 * approximation's 2.8 (1.96 + 0.84) holds only for large df (at df = 1 the
 * factor is 14.1). NaN for df < 1. */
double stats_min_detectable_pct(double se_log, double df);
/* The 95 % half-width in % of an estimate, on the scale the precision target
 * uses: (exp(t(df, 0.975) se_log) - 1) x 100, whatever the effect's size
 * (the interval itself, exp(mean -+ half) - 1, widens with the effect). */
double stats_half_width_pct(double se_log, double df);

/* The difference between two independent estimates of the same slowdown
 * (group B against group A: before and after a kernel patch, a BIOS setting,
 * a microcode update), on the log scale: diff = mean_log(B) - mean_log(A),
 * reported as (exp(diff) - 1) x 100, the factor by which B's slowdown ratio
 * exceeds A's: (1 + slowdown B) / (1 + slowdown A) - 1. Its standard error
 * is sqrt(se_A^2 + se_B^2) with Welch-Satterthwaite degrees of freedom
 * (Welch 1947): the two groups' variances are not assumed equal. */
struct stats_difference {
	double value_pct;       /* (exp(diff_log) - 1) x 100; NaN when STATS_NO_DATA */
	double lo_pct, hi_pct;  /* 95 % interval in %; NaN unless STATS_INTERVAL */
	double diff_log;        /* mean_log(B) - mean_log(A) */
	double se_log;          /* sqrt(se_A^2 + se_B^2) */
	double df;              /* Welch-Satterthwaite degrees of freedom */
	double mde_pct;         /* smallest difference this width detects with 80 % power (NaN without an interval) */
	enum stats_status status; /* STATS_INTERVAL only when both estimates have one */
	bool within_boot_only;  /* either side is one boot's interval: boot-to-boot variation is not in it */
};

/* The difference b - a of two independent estimates (each from
 * stats_across_boots over its own group of boots). */
struct stats_difference stats_difference_of(const struct stats_slowdown *a, const struct stats_slowdown *b);
/* Whether the difference is distinguishable from noise: it has an interval
 * and that interval excludes 0. */
bool stats_difference_distinguishable(const struct stats_difference *d);
/* Two-sided p-value of the Welch t test of diff = 0 (NaN without an interval;
 * 0 or 1 for zero-width estimates, as they differ or not): the p that
 * stats_holm adjusts when many differences are judged at once. */
double stats_difference_p_value(const struct stats_difference *d);

#endif
