/* Williams designs and the carry-over check (see stats/order.h). */
#include "lib/rng.h"
#include "lib/fpmath.h"
#include "stats/order.h"
#include "stats/student_t.h"

size_t stats_williams_rows(size_t k)
{
	if (!k || k > STATS_MAX_CONDITIONS)
		return 0;
	return k % 2 ? (k == 1 ? 1 : 2 * k) : k;
}

/* Row `row` of the design before relabelling. Row 0 is 0, 1, k-1, 2, k-2, ...
 * and row i adds i mod k to it (Williams 1949; Bradley, "Complete counterbalancing
 * of immediate sequential effects in a Latin square design", JASA 1958): the
 * differences between neighbours of row 0 are all distinct mod k, so every
 * ordered pair occurs once among the k rows. For odd k they are distinct only
 * up to sign, and the k reversed rows supply the other half. */
static void williams_row(size_t k, size_t row, uint8_t *order)
{
	bool reversed = row >= k;
	size_t shift = row % k;

	for (size_t j = 0; j < k; j++) {
		size_t base = j == 0 ? 0 : j % 2 ? (j + 1) / 2 : k - j / 2;
		order[reversed ? k - 1 - j : j] = (uint8_t)((base + shift) % k);
	}
}

/* v = a seeded random permutation of 0..n-1 (Fisher-Yates). */
static void shuffled(uint8_t *v, size_t n, struct rng *r)
{
	for (size_t i = 0; i < n; i++)
		v[i] = (uint8_t)i;
	for (size_t i = n; i > 1; i--) {
		size_t j = rng_below(r, (uint32_t)i);
		uint8_t t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

bool stats_williams_order(size_t k, size_t round, uint64_t seed, uint8_t *order)
{
	uint8_t label[STATS_MAX_CONDITIONS], visit[2 * STATS_MAX_CONDITIONS], row[STATS_MAX_CONDITIONS];
	size_t rows = stats_williams_rows(k);

	if (!rows)
		return false;
	/* Renaming conditions maps each ordered pair to another one, so the
	 * counts stay equal; one naming per seed. */
	struct rng r = rng_init(seed, 0x3111A);
	shuffled(label, k, &r);
	/* Consecutive rows of the cyclic construction always meet the same way
	 * (for k = 2, [0 1] then [1 0] runs mode 1 twice in a row): visit the
	 * rows of each cycle in a fresh seeded order, so the step from one
	 * round to the next varies too. Each cycle still uses every row once. */
	struct rng c = rng_init(seed, 0x3111B + round / rows);
	shuffled(visit, rows, &c);
	williams_row(k, visit[round % rows], row);
	for (size_t j = 0; j < k; j++)
		order[j] = label[row[j]];
	return true;
}

/* Carry-over parameters: after modes 1..k-1 against after mode 0 (block and
 * cell levels are centred out, so mode 0 is the reference). */
#define MAX_PARAMS (STATS_MAX_CONDITIONS - 1)

/* End of the block (adjacent samples with the same rep and workload) starting at i. */
static size_t block_end(const struct stats_order_sample *s, size_t n, size_t i)
{
	size_t j = i + 1;
	while (j < n && s[j].rep == s[i].rep && s[j].workload == s[i].workload)
		j++;
	return j;
}

/* Whether s[i..j) holds each of the modes exactly once, each with a known
 * previous mode: only such blocks make the rep x mode layout of a workload
 * balanced, which the double centring below needs. */
static bool complete_block(const struct stats_order_sample *s, size_t i, size_t j, size_t modes)
{
	unsigned seen = 0;

	if (j - i != modes)
		return false;
	for (; i < j; i++) {
		if (s[i].mode >= modes || s[i].prev_mode >= modes || (seen & (1u << s[i].mode)))
			return false;
		seen |= 1u << s[i].mode;
	}
	return true;
}

/* Sample x as [log cpi, carry indicators after modes 1..k-1]. */
static void values(const struct stats_order_sample *x, size_t modes, double *v)
{
	v[0] = x->log_cpi;
	for (size_t q = 1; q < modes; q++)
		v[q] = x->prev_mode == q;
}

/* Values of s[i..j) minus their block means (v[x - i][...]). */
static void block_centred(const struct stats_order_sample *s, size_t i, size_t j, size_t modes,
			  double v[STATS_MAX_CONDITIONS][STATS_MAX_CONDITIONS])
{
	double mean[STATS_MAX_CONDITIONS] = { 0 };

	for (size_t x = i; x < j; x++) {
		values(&s[x], modes, v[x - i]);
		for (size_t c = 0; c < modes; c++)
			mean[c] += v[x - i][c] / (double)modes;
	}
	for (size_t x = i; x < j; x++)
		for (size_t c = 0; c < modes; c++)
			v[x - i][c] -= mean[c];
}

/* Invert the p x p matrix a into inv by Gauss-Jordan elimination with
 * partial pivoting (a is destroyed); false if a pivot falls below 1e-9 of
 * scale (a parameter the data cannot separate from the others: for sums of
 * products of 0/1 indicators the pivots are of the order of the number of
 * samples, or rounding noise when a column is a combination of others). */
static bool invert(double a[MAX_PARAMS][MAX_PARAMS], size_t p, double scale, double inv[MAX_PARAMS][MAX_PARAMS])
{
	for (size_t i = 0; i < p; i++)
		for (size_t j = 0; j < p; j++)
			inv[i][j] = i == j;
	for (size_t c = 0; c < p; c++) {
		size_t pivot = c;
		for (size_t r = c + 1; r < p; r++)
			if ((a[r][c] < 0 ? -a[r][c] : a[r][c]) > (a[pivot][c] < 0 ? -a[pivot][c] : a[pivot][c]))
				pivot = r;
		double v = a[pivot][c] < 0 ? -a[pivot][c] : a[pivot][c];
		if (!(v > 1e-9 * scale))
			return false;
		for (size_t j = 0; j < p; j++) {
			double t = a[c][j];
			a[c][j] = a[pivot][j];
			a[pivot][j] = t;
			t = inv[c][j];
			inv[c][j] = inv[pivot][j];
			inv[pivot][j] = t;
		}
		double d = a[c][c];
		for (size_t j = 0; j < p; j++) {
			a[c][j] /= d;
			inv[c][j] /= d;
		}
		for (size_t r = 0; r < p; r++) {
			if (r == c || a[r][c] == 0)
				continue;
			double f = a[r][c];
			for (size_t j = 0; j < p; j++) {
				a[r][j] -= f * a[c][j];
				inv[r][j] -= f * inv[c][j];
			}
		}
	}
	return true;
}

/* The normal equations of the carry-over regression. */
struct normal_equations {
	double xtx[MAX_PARAMS][MAX_PARAMS], xty[MAX_PARAMS], yty;
	size_t samples, blocks;
	double df;
};

/* Add workload w: within each of its complete blocks centre on the block
 * mean, then centre each mode's values on that mode's mean over the blocks
 * (in a balanced rep x mode layout the two centrings together remove the
 * block levels and the workload's own mode effects exactly), then
 * accumulate. */
static void add_workload(const struct stats_order_sample *s, size_t n, size_t modes, uint32_t w,
			 struct normal_equations *ne)
{
	double cell[STATS_MAX_CONDITIONS][STATS_MAX_CONDITIONS] = { { 0 } }, v[STATS_MAX_CONDITIONS][STATS_MAX_CONDITIONS];
	size_t blocks = 0, p = modes - 1;

	for (size_t i = 0, j; i < n; i = j) {
		j = block_end(s, n, i);
		if (s[i].workload != w || !complete_block(s, i, j, modes))
			continue;
		block_centred(s, i, j, modes, v);
		for (size_t x = i; x < j; x++)
			for (size_t c = 0; c < modes; c++)
				cell[s[x].mode][c] += v[x - i][c];
		blocks++;
	}
	if (blocks < 2)
		return;
	for (size_t m = 0; m < modes; m++)
		for (size_t c = 0; c < modes; c++)
			cell[m][c] /= (double)blocks;
	for (size_t i = 0, j; i < n; i = j) {
		j = block_end(s, n, i);
		if (s[i].workload != w || !complete_block(s, i, j, modes))
			continue;
		block_centred(s, i, j, modes, v);
		for (size_t x = i; x < j; x++) {
			double *r = v[x - i], y = r[0] - cell[s[x].mode][0];
			for (size_t a = 0; a < p; a++) {
				double xa = r[1 + a] - cell[s[x].mode][1 + a];
				ne->xty[a] += xa * y;
				for (size_t b = 0; b < p; b++)
					ne->xtx[a][b] += xa * (r[1 + b] - cell[s[x].mode][1 + b]);
			}
			ne->yty += y * y;
		}
	}
	ne->samples += blocks * modes;
	ne->blocks += blocks;
	ne->df += (double)((blocks - 1) * (modes - 1));
}

struct stats_carryover stats_carryover(const struct stats_order_sample *s, size_t n, size_t modes)
{
	struct stats_carryover out = { .valid = false };
	struct normal_equations ne = { .yty = 0 };
	double inv[MAX_PARAMS][MAX_PARAMS];

	if (modes < 2 || modes > STATS_MAX_CONDITIONS)
		return out;
	size_t p = modes - 1;
	/* Each workload once, in ascending id order, without a list of them. */
	for (uint64_t w = 0; w <= UINT32_MAX;) {
		add_workload(s, n, modes, (uint32_t)w, &ne);
		uint64_t next = (uint64_t)UINT32_MAX + 1;
		for (size_t i = 0; i < n; i++)
			if (s[i].workload > w && s[i].workload < next)
				next = s[i].workload;
		w = next;
	}
	out.samples = ne.samples;
	out.blocks = ne.blocks;
	ne.df -= (double)p;
	if (!(ne.df >= 1) || !invert(ne.xtx, p, (double)ne.samples, inv))
		return out;
	double beta[MAX_PARAMS] = { 0 }, rss = ne.yty;
	for (size_t a = 0; a < p; a++) {
		for (size_t b = 0; b < p; b++)
			beta[a] += inv[a][b] * ne.xty[b];
		rss -= beta[a] * ne.xty[a];
	}
	out.df = ne.df;
	double sigma2 = rss > 0 ? rss / ne.df : 0;
	/* Contrast of previous mode q: carry[q] - mean of the other carry[],
	 * with carry[0] = 0 as the reference. Ties go to the positive one. */
	double best = -1, best_var = 0;
	for (size_t q = 0; q < modes; q++) {
		double c[MAX_PARAMS], effect = 0, var = 0;
		for (size_t a = 0; a < p; a++)
			c[a] = a + 1 == q ? 1.0 : -1.0 / (double)(modes - 1);
		for (size_t a = 0; a < p; a++) {
			effect += c[a] * beta[a];
			for (size_t b = 0; b < p; b++)
				var += c[a] * inv[a][b] * c[b];
		}
		double size = effect < 0 ? -effect : effect;
		if (size < best || (size == best && effect <= 0))
			continue;
		best = size;
		best_var = sigma2 * var;
		out.prev_mode = (uint8_t)q;
		out.effect_log = effect;
	}
	out.valid = true;
	out.se_log = bench_sqrt(best_var > 0 ? best_var : 0);
	/* With two modes both contrasts are one test; otherwise one per mode. */
	double tests = modes == 2 ? 1 : (double)modes;
	double half = stats_t_quantile(1.0 - 0.025 / tests, out.df) * out.se_log;
	out.value_pct = (bench_exp(out.effect_log) - 1) * 100;
	out.lo_pct = (bench_exp(out.effect_log - half) - 1) * 100;
	out.hi_pct = (bench_exp(out.effect_log + half) - 1) * 100;
	out.excludes_zero = out.effect_log - half > 0 || out.effect_log + half < 0;
	return out;
}

struct stats_mode_switch stats_mode_switch(const struct stats_switch_sample *s, size_t n, size_t cells,
					   struct stats_switch_cell *scratch)
{
	struct stats_mode_switch out = { .valid = false };
	double sum = 0, sumsq = 0;

	for (size_t c = 0; c < cells; c++)
		scratch[c] = (struct stats_switch_cell){ { 0, 0 }, { 0, 0 } };
	for (size_t i = 0; i < n; i++)
		if (s[i].cell < cells) {
			scratch[s[i].cell].n[s[i].switched]++;
			scratch[s[i].cell].sum[s[i].switched] += s[i].log_cpi;
		}
	for (size_t c = 0; c < cells; c++) {
		const struct stats_switch_cell *k = &scratch[c];
		if (!k->n[0] || !k->n[1])
			continue;
		double d = k->sum[1] / (double)k->n[1] - k->sum[0] / (double)k->n[0];
		out.cells++;
		out.switched += k->n[1];
		out.continued += k->n[0];
		sum += d;
		sumsq += d * d;
	}
	if (out.cells < 2)
		return out;
	double k = (double)out.cells, mean = sum / k, var = (sumsq - k * mean * mean) / (k - 1);
	out.valid = true;
	out.effect_log = mean;
	out.df = k - 1;
	out.se_log = bench_sqrt(var > 0 ? var / k : 0);
	double half = stats_t_975(out.df) * out.se_log;
	out.value_pct = (bench_exp(mean) - 1) * 100;
	out.lo_pct = (bench_exp(mean - half) - 1) * 100;
	out.hi_pct = (bench_exp(mean + half) - 1) * 100;
	return out;
}
