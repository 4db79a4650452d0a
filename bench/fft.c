/* fft: iterative radix-2 complex FFT of 1024 points, forward then inverse
 * -- spectral methods and signal processing (SPEC CPU2006's and older suites'
 * FFT kernels): strided butterflies whose stride doubles each pass,
 * bit-reversal shuffles, a complex multiply per butterfly.
 * Twiddle factors come from bench_sin/bench_cos in setup. Iteration i loads
 * the seeded signal rotated by i samples, transforms it, folds three bins,
 * transforms back and folds the round-trip error.
 * Working set: signal 16 KiB + work 16 KiB + twiddles 8 KiB = 40 KiB (L2). */
#include "bench/common.h"
#include "lib/fpmath.h"
#include "bench/workload.h"

#define FFT_LOG2 10
#define FFT_N    (1 << FFT_LOG2)
#define FFT_PI   3.14159265358979323846

struct fft_arena {
	double sig_re[FFT_N], sig_im[FFT_N];
	double re[FFT_N], im[FFT_N];
	double tw_re[FFT_N / 2], tw_im[FFT_N / 2]; /* e^(-2 pi i k / N) */
};

static void fft_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct fft_arena *f = arena;
	struct rng rng = rng_init(seed, 13);

	for (int k = 0; k < FFT_N / 2; k++) {
		double angle = -2.0 * FFT_PI * k / FFT_N;
		f->tw_re[k] = bench_cos(angle);
		f->tw_im[k] = bench_sin(angle);
	}
	for (int k = 0; k < FFT_N; k++) {
		f->sig_re[k] = rng_unit(&rng) - 0.5;
		f->sig_im[k] = rng_unit(&rng) - 0.5;
	}
}

static uint32_t bit_reverse(uint32_t x)
{
	uint32_t r = 0;
	for (int b = 0; b < FFT_LOG2; b++, x >>= 1)
		r = r << 1 | (x & 1);
	return r;
}

/* In-place decimation-in-time FFT; inverse uses conjugated twiddles (unscaled). */
static void transform(struct fft_arena *f, bool inverse)
{
	for (uint32_t i = 0; i < FFT_N; i++) {
		uint32_t j = bit_reverse(i);
		if (j > i) {
			double t = f->re[i]; f->re[i] = f->re[j]; f->re[j] = t;
			t = f->im[i]; f->im[i] = f->im[j]; f->im[j] = t;
		}
	}
	double sign = inverse ? -1.0 : 1.0;
	for (int half = 1, stride = FFT_N / 2; half < FFT_N; half *= 2, stride /= 2)
		for (int start = 0; start < FFT_N; start += 2 * half)
			for (int k = 0; k < half; k++) {
				double wr = f->tw_re[k * stride], wi = sign * f->tw_im[k * stride];
				int p = start + k, q = p + half;
				double tr = f->re[q] * wr - f->im[q] * wi;
				double ti = f->re[q] * wi + f->im[q] * wr;
				f->re[q] = f->re[p] - tr, f->im[q] = f->im[p] - ti;
				f->re[p] += tr, f->im[p] += ti;
			}
}

static uint64_t fft_run(void *arena, uint64_t iterations)
{
	struct fft_arena *f = arena;
	uint64_t h = BENCH_CHECK_INIT;

	for (uint64_t it = 0; it < iterations; it++) {
		uint32_t shift = (uint32_t)(it % FFT_N);
		for (uint32_t k = 0; k < FFT_N; k++) {
			f->re[k] = f->sig_re[(k + shift) % FFT_N];
			f->im[k] = f->sig_im[(k + shift) % FFT_N];
		}
		transform(f, false);
		h = bench_mix(h, bench_bits(f->re[1]) ^ bench_bits(f->im[FFT_N / 3]) ^ bench_bits(f->re[FFT_N - 7]));
		transform(f, true);
		double err = 0.0;
		for (uint32_t k = 0; k < FFT_N; k += 64) {
			double d = f->re[k] / FFT_N - f->sig_re[(k + shift) % FFT_N];
			err += d * d;
		}
		h = bench_mix(h, bench_bits(err));
	}
	return h;
}

const struct workload workload_fft = {
	.name = "fft",
	.class = WORKLOAD_FP,
	.summary = "1024-point radix-2 complex FFT forward + inverse (spectral-method-like)",
	.working_set = sizeof(struct fft_arena),
	.arena_bytes = sizeof(struct fft_arena),
	.setup = fft_setup,
	.run = fft_run,
	.check_iterations = 16,
	.uniform_iterations = true,
};
