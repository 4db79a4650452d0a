/* bignum: 512-bit modular exponentiation with Montgomery multiplication
 * (CIOS form; Koc, Acar, Kaliski, "Analyzing and comparing Montgomery
 * multiplication algorithms", IEEE Micro 1996) -- the multi-precision core of
 * RSA in crypto libraries and of arbitrary-precision calculators (`bc`, which
 * old UnixBench versions timed): 64x64->128-bit multiplies and carry chains.
 * Setup draws an odd 512-bit modulus with the top bit set, 8 bases below it
 * and 8 128-bit exponents; iteration i computes base[i mod 8] ^ exp[i mod 8]
 * mod n (128 squarings, about 64 multiplies, each 2 x 64 limb products).
 * Working set: operands 17 x 64 B + scratch, about 1.2 KiB (L1). */
#include "bench/common.h"
#include "bench/workload.h"

#define BN_LIMBS 8 /* 512 bits */
#define BN_CASES 8
#define BN_EXP_BITS 128 /* short exponents, as in Diffie-Hellman: keeps an iteration near 100 us */

typedef unsigned __int128 u128;

struct bignum_arena {
	uint64_t n[BN_LIMBS];
	uint64_t n0inv;          /* -n^-1 mod 2^64 */
	uint64_t r1[BN_LIMBS];   /* R mod n, R = 2^512: Montgomery form of 1 */
	uint64_t r2[BN_LIMBS];   /* R^2 mod n: converts into Montgomery form */
	uint64_t base[BN_CASES][BN_LIMBS];
	uint64_t exp[BN_CASES][BN_EXP_BITS / 64];
};

/* x >= y */
static bool bn_geq(const uint64_t *x, const uint64_t *y)
{
	for (int i = BN_LIMBS - 1; i >= 0; i--)
		if (x[i] != y[i])
			return x[i] > y[i];
	return true;
}

/* x -= y, returns the borrow */
static uint64_t bn_sub(uint64_t *x, const uint64_t *y)
{
	uint64_t borrow = 0;
	for (int i = 0; i < BN_LIMBS; i++) {
		u128 d = (u128)x[i] - y[i] - borrow;
		x[i] = (uint64_t)d;
		borrow = (uint64_t)(d >> 64) & 1;
	}
	return borrow;
}

/* x = 2x mod n, for x < n and n with its top bit set */
static void bn_double_mod(uint64_t *x, const uint64_t *n)
{
	uint64_t carry = x[BN_LIMBS - 1] >> 63;
	for (int i = BN_LIMBS - 1; i > 0; i--)
		x[i] = x[i] << 1 | x[i - 1] >> 63;
	x[0] <<= 1;
	if (carry || bn_geq(x, n))
		bn_sub(x, n);
}

/* r = x * y * R^-1 mod n (r may alias x or y) */
static void montmul(uint64_t *r, const uint64_t *x, const uint64_t *y, const struct bignum_arena *a)
{
	uint64_t t[BN_LIMBS + 2] = { 0 };

	for (int i = 0; i < BN_LIMBS; i++) {
		uint64_t c = 0;
		for (int j = 0; j < BN_LIMBS; j++) {
			u128 p = (u128)x[i] * y[j] + t[j] + c;
			t[j] = (uint64_t)p;
			c = (uint64_t)(p >> 64);
		}
		u128 s = (u128)t[BN_LIMBS] + c;
		t[BN_LIMBS] = (uint64_t)s;
		t[BN_LIMBS + 1] = (uint64_t)(s >> 64);

		uint64_t m = t[0] * a->n0inv; /* makes t + m*n divisible by 2^64 */
		u128 p = (u128)m * a->n[0] + t[0];
		c = (uint64_t)(p >> 64);
		for (int j = 1; j < BN_LIMBS; j++) {
			p = (u128)m * a->n[j] + t[j] + c;
			t[j - 1] = (uint64_t)p;
			c = (uint64_t)(p >> 64);
		}
		s = (u128)t[BN_LIMBS] + c;
		t[BN_LIMBS - 1] = (uint64_t)s;
		t[BN_LIMBS] = t[BN_LIMBS + 1] + (uint64_t)(s >> 64);
	}
	if (t[BN_LIMBS] || bn_geq(t, a->n))
		bn_sub(t, a->n);
	memcpy(r, t, BN_LIMBS * sizeof(uint64_t));
}

static void bignum_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct bignum_arena *a = arena;
	struct rng rng = rng_init(seed, 8);

	for (int i = 0; i < BN_LIMBS; i++)
		a->n[i] = rng_next(&rng);
	a->n[0] |= 1;
	a->n[BN_LIMBS - 1] |= UINT64_C(1) << 63;
	/* Newton's iteration doubles the correct low bits: 3 (n*n = 1 mod 8) -> 96 */
	uint64_t inv = a->n[0];
	for (int k = 0; k < 5; k++)
		inv *= 2 - a->n[0] * inv;
	a->n0inv = 0 - inv;
	memset(a->r1, 0, sizeof a->r1);
	a->r1[0] = 1;
	for (int k = 0; k < 64 * BN_LIMBS; k++)
		bn_double_mod(a->r1, a->n);
	memcpy(a->r2, a->r1, sizeof a->r2);
	for (int k = 0; k < 64 * BN_LIMBS; k++)
		bn_double_mod(a->r2, a->n);
	for (int c = 0; c < BN_CASES; c++) {
		for (int i = 0; i < BN_LIMBS; i++)
			a->base[c][i] = rng_next(&rng);
		a->base[c][BN_LIMBS - 1] >>= 1; /* < 2^511 <= n */
		for (int i = 0; i < BN_EXP_BITS / 64; i++)
			a->exp[c][i] = rng_next(&rng);
		a->exp[c][BN_EXP_BITS / 64 - 1] |= UINT64_C(1) << 63;
	}
}

static void modexp(const struct bignum_arena *a, const uint64_t *base, const uint64_t *exp, uint64_t *out)
{
	uint64_t x[BN_LIMBS], acc[BN_LIMBS], one[BN_LIMBS] = { 1 };

	montmul(x, base, a->r2, a);
	memcpy(acc, a->r1, sizeof acc);
	for (int bit = BN_EXP_BITS - 1; bit >= 0; bit--) {
		montmul(acc, acc, acc, a);
		if ((exp[bit / 64] >> (bit % 64)) & 1)
			montmul(acc, acc, x, a);
	}
	montmul(out, acc, one, a);
}

static uint64_t bignum_run(void *arena, uint64_t iterations)
{
	const struct bignum_arena *a = arena;
	uint64_t h = BENCH_CHECK_INIT;

	for (uint64_t it = 0; it < iterations; it++) {
		uint64_t r[BN_LIMBS];
		modexp(a, a->base[it % BN_CASES], a->exp[it % BN_CASES], r);
		for (int i = 0; i < BN_LIMBS; i++)
			h = bench_mix(h, r[i]);
	}
	return h;
}

const struct workload workload_bignum = {
	.name = "bignum",
	.class = WORKLOAD_INT,
	.summary = "512-bit Montgomery modular exponentiation, 128-bit exponents (RSA/DH-like)",
	.working_set = sizeof(struct bignum_arena),
	.arena_bytes = sizeof(struct bignum_arena),
	.setup = bignum_setup,
	.run = bignum_run,
	.check_iterations = 16,
};
