/* The simulator of stats_simulation.h. Test-only code: libm is fine here. */
#include <math.h>
#include <string.h>

#include "tests/unit/stats/stats_simulation.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

void sim_rng_seed(struct sim_rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* xoshiro256** (Blackman & Vigna, 2018). */
static uint64_t next(struct sim_rng *r)
{
	uint64_t result = rotl(r->s[1] * 5, 7) * 9, t = r->s[1] << 17;
	r->s[2] ^= r->s[0];
	r->s[3] ^= r->s[1];
	r->s[1] ^= r->s[2];
	r->s[0] ^= r->s[3];
	r->s[2] ^= t;
	r->s[3] = rotl(r->s[3], 45);
	return result;
}

/* Uniform in (0, 1): never 0, so log() is finite. */
static double uniform(struct sim_rng *r)
{
	return ((double)(next(r) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

double sim_normal(struct sim_rng *r)
{
	return sqrt(-2.0 * log(uniform(r))) * cos(6.283185307179586 * uniform(r));
}

static double noise(const struct sim_params *p, struct sim_rng *r)
{
	if (p->noise == SIM_NOISE_CONTAMINATED)
		return p->noise_sd * sim_normal(r) * (uniform(r) < 0.05 ? 5.0 : 1.0);
	/* t4 = Z / sqrt(chi2_4 / 4); variance 4 / (4 - 2) = 2. */
	double chi2 = 0;
	for (int i = 0; i < 4; i++) {
		double z = sim_normal(r);
		chi2 += z * z;
	}
	return p->noise_sd * sim_normal(r) / sqrt(chi2 / 4.0) / sqrt(2.0);
}

static void shuffle(size_t *v, size_t n, struct sim_rng *r)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)(next(r) % i), t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

static void run_boot(const struct sim_params *p, const struct sim_experiment *x, struct sim_rng *r,
		     struct sim_boot *b)
{
	double boot_mode[SIM_MAX_MODES], boot_workload[SIM_MAX_WORKLOADS], base[SIM_MAX_WORKLOADS];
	uint64_t label_seed = next(r);
	size_t round = 0;

	for (size_t m = 0; m < p->modes; m++)
		boot_mode[m] = p->boot_mode_sd * sim_normal(r);
	for (size_t w = 0; w < p->workloads; w++) {
		boot_workload[w] = p->boot_workload_sd * sim_normal(r);
		base[w] = log(1.0 + (double)w); /* cpi 1, 2, 3, ...: workloads differ a lot */
		for (size_t m = 0; m < p->modes; m++)
			b->own_log_effect[w][m] = x->log_effect[w][m] + boot_mode[m] - boot_mode[0];
	}
	double drift = p->drift_sd * sim_normal(r), innovation = p->drift_sd * sqrt(1 - p->drift_phi * p->drift_phi);
	uint8_t prev = STATS_NO_PREVIOUS;
	b->run_count = 0;
	for (size_t rep = 0; rep < p->reps; rep++) {
		size_t wl[SIM_MAX_WORKLOADS];
		for (size_t w = 0; w < p->workloads; w++)
			wl[w] = w;
		shuffle(wl, p->workloads, r);
		for (size_t i = 0; i < p->workloads; i++) {
			size_t w = wl[i], md[SIM_MAX_MODES];
			if (p->williams) {
				uint8_t order[SIM_MAX_MODES];
				stats_williams_order(p->modes, round++, label_seed, order);
				for (size_t m = 0; m < p->modes; m++)
					md[m] = order[m];
			} else {
				for (size_t m = 0; m < p->modes; m++)
					md[m] = m;
				shuffle(md, p->modes, r);
			}
			for (size_t j = 0; j < p->modes; j++) {
				size_t m = md[j];
				drift = p->drift_phi * drift + innovation * sim_normal(r);
				double y = base[w] + x->log_effect[w][m] + boot_mode[m] + boot_workload[w] + drift +
					   noise(p, r) + (prev < p->modes ? p->carry[prev] : 0);
				b->cpi[w][m][rep] = exp(y);
				b->run[b->run_count++] = (struct stats_order_sample){
					.rep = (uint32_t)rep, .workload = (uint32_t)w, .mode = (uint8_t)m,
					.prev_mode = prev, .log_cpi = y,
				};
				prev = (uint8_t)m;
			}
		}
	}
}

void sim_run(const struct sim_params *p, struct sim_rng *r, struct sim_experiment *x)
{
	for (size_t w = 0; w < p->workloads; w++)
		for (size_t m = 0; m < p->modes; m++)
			x->log_effect[w][m] = m ? p->mode_effect[m] + p->workload_effect_sd * sim_normal(r) : 0;
	for (size_t b = 0; b < p->boots; b++)
		run_boot(p, x, r, &x->boot[b]);
}
