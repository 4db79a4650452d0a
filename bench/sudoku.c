/* sudoku: backtracking search that counts the solutions (up to two) of seeded
 * sudoku puzzles with bitmask candidate sets and most-constrained-cell choice
 * -- the constraint search of 548.exchange2_r, which generates and checks
 * sudoku-like puzzles: recursion, bit tricks, deep data-dependent branching.
 * Setup fills 8 complete grids by randomised backtracking and blanks cells
 * until 26 givens remain (so many puzzles have several solutions and the
 * search must go on to find the second). Iteration i solves puzzle i mod 8.
 * Recursion depth is at most 82 frames of 128 B (gcc -fstack-usage): about
 * 10.5 KiB of stack while setup fills an empty grid, 7 KiB while solving.
 * Working set: puzzles 8 x 81 B + search state < 1 KiB (L1). */
#include "bench/common.h"
#include "bench/workload.h"

#define SU_PUZZLES 8
#define SU_GIVENS  26
#define SU_ALL     0x3feu /* candidate bits 1..9 */
#define SU_NODE_MAX 2000000 /* a search that exceeds this is cut and reported */

struct su_state {
	uint8_t cell[81];
	uint16_t row[9], col[9], box[9]; /* digits used */
	uint32_t solutions;
	uint32_t nodes;
	uint8_t first[81];               /* the first solution found */
};

struct sudoku_arena {
	uint8_t puzzle[SU_PUZZLES][81];
	struct su_state state;
};

static int box_of(int cell)
{
	return (cell / 27) * 3 + (cell % 9) / 3;
}

static void place(struct su_state *s, int cell, int digit)
{
	uint16_t bit = (uint16_t)(1u << digit);
	s->cell[cell] = (uint8_t)digit;
	s->row[cell / 9] |= bit;
	s->col[cell % 9] |= bit;
	s->box[box_of(cell)] |= bit;
}

static void unplace(struct su_state *s, int cell, int digit)
{
	uint16_t bit = (uint16_t)~(1u << digit);
	s->cell[cell] = 0;
	s->row[cell / 9] &= bit;
	s->col[cell % 9] &= bit;
	s->box[box_of(cell)] &= bit;
}

static uint16_t candidates(const struct su_state *s, int cell)
{
	return (uint16_t)(SU_ALL & ~(s->row[cell / 9] | s->col[cell % 9] | s->box[box_of(cell)]));
}

static int bit_count(uint16_t x)
{
	int n = 0;
	for (; x; x &= (uint16_t)(x - 1))
		n++;
	return n;
}

static void load(struct su_state *s, const uint8_t *grid)
{
	memset(s, 0, sizeof *s);
	for (int c = 0; c < 81; c++)
		if (grid[c])
			place(s, c, grid[c]);
}

/* Count solutions up to `limit`. With rng, digits are tried in random order
 * (grid generation); without, in increasing order (the timed solve). */
static void search(struct su_state *s, uint32_t limit, struct rng *rng)
{
	if (++s->nodes > SU_NODE_MAX)
		return;
	int best = -1, best_n = 10;
	uint16_t best_c = 0;
	for (int c = 0; c < 81; c++) {
		if (s->cell[c])
			continue;
		uint16_t cand = candidates(s, c);
		int n = bit_count(cand);
		if (n < best_n) {
			best = c, best_n = n, best_c = cand;
			if (n <= 1)
				break;
		}
	}
	if (best < 0) { /* full grid */
		if (s->solutions++ == 0)
			memcpy(s->first, s->cell, sizeof s->first);
		return;
	}
	uint8_t order[9];
	int n = 0;
	for (int d = 1; d <= 9; d++)
		if (best_c & (1u << d))
			order[n++] = (uint8_t)d;
	if (rng)
		for (int i = n - 1; i > 0; i--) {
			int j = (int)rng_below(rng, (uint32_t)i + 1);
			uint8_t t = order[i];
			order[i] = order[j];
			order[j] = t;
		}
	for (int i = 0; i < n && s->solutions < limit; i++) {
		place(s, best, order[i]);
		search(s, limit, rng);
		unplace(s, best, order[i]);
	}
}

static void sudoku_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct sudoku_arena *a = arena;
	struct rng rng = rng_init(seed, 7);
	static const uint8_t empty[81];

	for (int p = 0; p < SU_PUZZLES; p++) {
		struct su_state *s = &a->state;
		load(s, empty);
		search(s, 1, &rng);
		memcpy(a->puzzle[p], s->first, 81);
		for (int blanks = 81 - SU_GIVENS; blanks > 0;) {
			int c = (int)rng_below(&rng, 81);
			if (a->puzzle[p][c]) {
				a->puzzle[p][c] = 0;
				blanks--;
			}
		}
	}
}

static uint64_t sudoku_run(void *arena, uint64_t iterations)
{
	struct sudoku_arena *a = arena;
	uint64_t h = BENCH_CHECK_INIT;

	for (uint64_t it = 0; it < iterations; it++) {
		struct su_state *s = &a->state;
		load(s, a->puzzle[it % SU_PUZZLES]);
		search(s, 2, NULL);
		h = bench_mix(h, s->solutions);
		h = bench_mix(h, s->nodes);
		for (int c = 0; c < 81; c += 9) {
			uint64_t row = 0;
			for (int k = 0; k < 9; k++)
				row = row * 10 + s->first[c + k];
			h = bench_mix(h, row);
		}
	}
	return h;
}

const struct workload workload_sudoku = {
	.name = "sudoku",
	.class = WORKLOAD_INT,
	.summary = "backtracking sudoku solver counting up to two solutions (exchange2-like)",
	.working_set = sizeof(struct sudoku_arena),
	.arena_bytes = sizeof(struct sudoku_arena),
	.setup = sudoku_setup,
	.run = sudoku_run,
	.check_iterations = 16,
};
