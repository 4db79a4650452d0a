/* alphabeta: depth-limited negamax alpha-beta search of connect-four
 * positions on bitboards, with a transposition table and a threat-counting
 * evaluation -- the game-tree search of 531.deepsjeng_r (chess) and
 * 541.leela_r, scaled to a smaller game: shifts, masks, popcounts, recursion,
 * hash-table probes and branchy move loops.
 * Board: 7 columns of 6 cells, one bit per cell, 7 bits per column (the top
 * bit a sentinel). `cur` holds the stones of the side to move, `mask` all
 * stones, so cur + mask is a unique position key. Iteration i searches start
 * position i mod 16 (8 seeded plies in) to depth 6.
 * The transposition table is tagged with a per-search stamp, so each search
 * starts from an empty table without clearing it and a run repeats exactly.
 * Working set: transposition table 16384 x 16 B = 256 KiB (L2). */
#include "bench/common.h"
#include "bench/workload.h"

#define AB_WIDTH     7
#define AB_HEIGHT    6
#define AB_CELLS     (AB_WIDTH * AB_HEIGHT)
#define AB_POSITIONS 16
#define AB_OPENING   8
#define AB_DEPTH     6
#define AB_TT_BITS   14
#define AB_WIN       1000

enum ab_bound { AB_EXACT, AB_LOWER, AB_UPPER };

struct ab_entry {
	uint64_t key;
	uint32_t stamp;  /* search that wrote it; older entries count as empty */
	int16_t value;
	uint8_t depth;
	uint8_t bound_and_move; /* bound << 4 | best column */
};

struct ab_start {
	uint64_t cur, mask;
	uint32_t moves;
};

struct ab_arena {
	struct ab_entry table[1u << AB_TT_BITS];
	struct ab_start start[AB_POSITIONS];
	uint32_t stamp;  /* advanced per search; wraps only after 2^32 searches */
	uint64_t nodes;
};

#define COL_BOTTOM(c) (UINT64_C(1) << ((c) * (AB_HEIGHT + 1)))
#define COL_TOP(c)    (UINT64_C(1) << ((c) * (AB_HEIGHT + 1) + AB_HEIGHT - 1))
#define COL_MASK(c)   (((UINT64_C(1) << AB_HEIGHT) - 1) << ((c) * (AB_HEIGHT + 1)))
#define BOTTOM_ROW    UINT64_C(0x0000040810204081) /* COL_BOTTOM(0..6) */
#define BOARD_MASK    (BOTTOM_ROW * ((UINT64_C(1) << AB_HEIGHT) - 1))

static const int column_order[AB_WIDTH] = { 3, 2, 4, 1, 5, 0, 6 };

/* SWAR popcount: no dependence on POPCNT or on libgcc's __popcountdi2. */
static int popcount64(uint64_t x)
{
	x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
	x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
	x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
	return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

static bool has_four(uint64_t p)
{
	static const int dirs[4] = { 1, AB_HEIGHT, AB_HEIGHT + 1, AB_HEIGHT + 2 };
	for (int d = 0; d < 4; d++) {
		uint64_t m = p & (p >> dirs[d]);
		if (m & (m >> (2 * dirs[d])))
			return true;
	}
	return false;
}

/* Empty cells that would complete four for the stones in p. */
static uint64_t threats(uint64_t p, uint64_t mask)
{
	uint64_t r = (p << 1) & (p << 2) & (p << 3); /* vertical: only upward */
	static const int dirs[3] = { AB_HEIGHT, AB_HEIGHT + 1, AB_HEIGHT + 2 };
	for (int d = 0; d < 3; d++) {
		int s = dirs[d];
		uint64_t q = (p << s) & (p << 2 * s);
		r |= q & (p << 3 * s);
		r |= q & (p >> s);
		q = (p >> s) & (p >> 2 * s);
		r |= q & (p << s);
		r |= q & (p >> 3 * s);
	}
	return r & (BOARD_MASK ^ mask);
}

static int evaluate(uint64_t cur, uint64_t mask)
{
	uint64_t opp = cur ^ mask;
	return 4 * (popcount64(threats(cur, mask)) - popcount64(threats(opp, mask))) +
	       popcount64(cur & COL_MASK(3)) - popcount64(opp & COL_MASK(3));
}

static bool can_play(uint64_t mask, int c)
{
	return (mask & COL_TOP(c)) == 0;
}

static bool wins_by_playing(uint64_t cur, uint64_t mask, int c)
{
	return has_four(cur | ((mask + COL_BOTTOM(c)) & COL_MASK(c)));
}

static int negamax(struct ab_arena *a, uint64_t cur, uint64_t mask, int moves, int depth,
                   int alpha, int beta)
{
	a->nodes++;
	if (moves == AB_CELLS)
		return 0;
	for (int c = 0; c < AB_WIDTH; c++)
		if (can_play(mask, c) && wins_by_playing(cur, mask, c))
			return AB_WIN - moves;
	if (depth == 0)
		return evaluate(cur, mask);

	uint64_t key = cur + mask;
	struct ab_entry *e = &a->table[(key * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - AB_TT_BITS)];
	int first = -1, alpha0 = alpha;
	if (e->stamp == a->stamp && e->key == key) {
		first = e->bound_and_move & 0xf;
		if (e->depth >= depth) {
			int bound = e->bound_and_move >> 4;
			if (bound == AB_EXACT ||
			    (bound == AB_LOWER && e->value >= beta) ||
			    (bound == AB_UPPER && e->value <= alpha))
				return e->value;
		}
	}

	int best = -AB_WIN - 1, best_col = column_order[0];
	for (int k = -1; k < AB_WIDTH; k++) {
		int c = k < 0 ? first : column_order[k];
		if (c < 0 || (k >= 0 && c == first) || !can_play(mask, c))
			continue;
		int v = -negamax(a, cur ^ mask, mask | (mask + COL_BOTTOM(c)), moves + 1, depth - 1,
		                 -beta, -alpha);
		if (v > best) {
			best = v;
			best_col = c;
		}
		if (v > alpha)
			alpha = v;
		if (alpha >= beta)
			break;
	}
	int bound = best <= alpha0 ? AB_UPPER : best >= beta ? AB_LOWER : AB_EXACT;
	e->key = key;
	e->stamp = a->stamp;
	e->value = (int16_t)best;
	e->depth = (uint8_t)depth;
	e->bound_and_move = (uint8_t)(bound << 4 | best_col);
	return best;
}

static void ab_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct ab_arena *a = arena;
	struct rng rng = rng_init(seed, 5);

	memset(a->table, 0, sizeof a->table);
	a->stamp = 0;
	for (int p = 0; p < AB_POSITIONS; p++) {
		uint64_t cur = 0, mask = 0;
		int moves = 0;
		while (moves < AB_OPENING) {
			int c = (int)rng_below(&rng, AB_WIDTH);
			/* skip full columns and immediate wins: the search starts from a live game */
			if (!can_play(mask, c) || wins_by_playing(cur, mask, c))
				continue;
			cur ^= mask;
			mask |= mask + COL_BOTTOM(c);
			moves++;
		}
		a->start[p] = (struct ab_start){ cur, mask, (uint32_t)moves };
	}
}

static uint64_t ab_run(void *arena, uint64_t iterations)
{
	struct ab_arena *a = arena;
	uint64_t h = BENCH_CHECK_INIT;

	for (uint64_t it = 0; it < iterations; it++) {
		const struct ab_start *s = &a->start[it % AB_POSITIONS];
		a->stamp++;
		a->nodes = 0;
		int v = negamax(a, s->cur, s->mask, (int)s->moves, AB_DEPTH, -AB_WIN - 1, AB_WIN + 1);
		h = bench_mix(h, (uint64_t)(int64_t)v);
		h = bench_mix(h, a->nodes);
	}
	return h;
}

const struct workload workload_alphabeta = {
	.name = "alphabeta",
	.class = WORKLOAD_INT,
	.summary = "connect-four negamax alpha-beta to depth 6 with a transposition table (deepsjeng-like)",
	.working_set = sizeof(struct ab_entry) << AB_TT_BITS,
	.arena_bytes = sizeof(struct ab_arena),
	.setup = ab_setup,
	.run = ab_run,
	.check_iterations = 16,
};
