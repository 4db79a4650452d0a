/* The order of the modes within a round, and a check of what order costs
 * (freestanding).
 *
 * A Williams design (E. J. Williams, "Experimental designs balanced for the
 * estimation of residual effects of treatments", Australian Journal of
 * Scientific Research A 2, 1949) is a set of orders of k conditions in which
 * every condition is at every position equally often and follows every other
 * condition equally often: k orders for even k, 2k for odd k. Cycling rounds
 * through it spreads any carry-over (a mode disturbing the sample after it)
 * evenly over the modes instead of leaving it to a shuffle's luck.
 *
 * The carry-over check estimates such a disturbance from the data, fitting
 * mode and carry-over effects together as in the analysis of crossover
 * trials (Jones & Kenward, "Design and Analysis of Cross-Over Trials", 3rd
 * ed., 2014, ch. 1 and 5). */
#ifndef IDLEBENCH_STATS_ORDER_H
#define IDLEBENCH_STATS_ORDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Most conditions (modes) a design or a carry-over check handles. */
#define STATS_MAX_CONDITIONS 8
/* prev_mode of a sample that nothing ran before (the first of a boot). */
#define STATS_NO_PREVIOUS 0xFF

/* Orders in one cycle of the Williams design for k conditions (k for even k,
 * 2k for odd k; 1 for k = 1; 0 if k is 0 or above STATS_MAX_CONDITIONS). */
size_t stats_williams_rows(size_t k);
/* The order of round `round` (0, 1, ...): order[0..k-1] is a permutation of
 * 0..k-1. Rounds c*rows .. (c+1)*rows-1 form cycle c, which uses every row
 * of the design once, in an order shuffled per cycle by seed; the condition
 * labels are permuted by seed too (the same for every round). So boots with
 * different seeds run different orders, every cycle balanced. False, order
 * untouched, if k is out of range. */
bool stats_williams_order(size_t k, size_t round, uint64_t seed, uint8_t *order);

/* One sample as the carry-over check needs it, in run order. */
struct stats_order_sample {
	uint32_t rep, workload;  /* its block; a block's samples must be adjacent */
	uint8_t mode;            /* 0 .. modes-1 */
	uint8_t prev_mode;       /* mode of the sample run just before, or STATS_NO_PREVIOUS */
	double log_cpi;
};

/* The largest carry-over found: how much slower (log scale) a sample runs
 * right after prev_mode than right after the other modes on average. */
struct stats_carryover {
	bool valid;              /* enough complete blocks, and carry-over separable from mode */
	uint8_t prev_mode;       /* the previous mode with the largest |effect| */
	double value_pct;        /* (exp(effect_log) - 1) x 100 */
	double lo_pct, hi_pct;   /* its interval: 95 % jointly over all previous modes (Bonferroni) */
	double effect_log, se_log, df; /* least-squares estimate, its standard error, residual df */
	size_t samples, blocks;  /* what the fit used (complete blocks only) */
	bool excludes_zero;      /* the interval excludes 0: the order matters */
};

/* Carry-over check over n samples with `modes` (2 .. STATS_MAX_CONDITIONS)
 * conditions: the least-squares fit of
 *   log_cpi = block + (workload x mode) + carry[prev] + error
 * over the complete blocks (each mode once, each with a previous mode). The
 * block levels (workload, slow drift) and each workload's own mode effects
 * are removed by centring within blocks and then within (workload, mode)
 * cells, exact for this balanced layout; then for each previous mode P the
 * contrast carry[P] - mean of the other carry[Q]. Reports the largest
 * |contrast| with a t interval whose level is Bonferroni-adjusted over the
 * modes, so excludes_zero is a 5 % test over all of them. Not valid when
 * the order never varies: then a previous mode always goes with the same
 * mode and the two cannot be told apart. */
struct stats_carryover stats_carryover(const struct stats_order_sample *s, size_t n, size_t modes);

/* One sample as the mode-switch check needs it: its (workload, mode) cell
 * and whether the sample run just before it was another mode of the same
 * workload (switched) or the same mode and workload (continued). Samples
 * after another workload, or after nothing known, are left out. */
struct stats_switch_sample {
	uint32_t cell; /* 0 .. cells-1 */
	bool switched;
	double log_cpi;
};

/* Per cell: its sums (the check's scratch, one per cell). */
struct stats_switch_cell {
	size_t n[2];
	double sum[2];
};

/* How much slower the first sample after a mode change runs than later
 * samples of the same mode and workload. */
struct stats_mode_switch {
	bool valid;              /* >= 2 cells hold both kinds */
	double value_pct;        /* (exp(effect_log) - 1) x 100 */
	double lo_pct, hi_pct;   /* its 95 % t interval */
	double effect_log, se_log, df;
	size_t cells, switched, continued; /* cells with both kinds; their samples of each kind */
};

/* Mode-switch check: in every cell holding both kinds, d = mean log_cpi of
 * the switched samples - mean of the continued ones; the estimate is the
 * mean of d over those cells with a t interval from d's spread across them
 * (df = cells - 1). The cells are independent, so the interval needs no
 * assumption that switched and continued samples are equally noisy (the
 * point in question) nor that every cell has the same effect. scratch holds
 * `cells` entries. */
struct stats_mode_switch stats_mode_switch(const struct stats_switch_sample *s, size_t n, size_t cells,
					   struct stats_switch_cell *scratch);

#endif
