/* Elementary functions by argument reduction plus a truncated series, in the
 * style of fdlibm (reduction constants split into a high part with trailing
 * zero bits and a low correction, so k*hi is exact). Truncated Taylor series
 * instead of minimax polynomials: a few more terms, no tables to trust. */
#include <stdint.h>

#include "lib/fpmath.h"
#include "lib/mem.h"

#define LN2_HI   6.93147180369123816490e-01 /* fdlibm ln2_hi: 32 significant bits */
#define LN2_LO   1.90821492927058770002e-10 /* ln 2 - LN2_HI */
#define LOG2E    1.44269504088896338700e+00
#define PIO2_1   1.57079632673412561417e+00 /* fdlibm pio2_1: first 33 bits of pi/2 */
#define PIO2_1T  6.07710050650619224932e-11 /* pi/2 - PIO2_1 */
#define INVPIO2  6.36619772367581382433e-01 /* 2/pi */
#define PI_2     1.57079632679489661923
#define PI_4     0.78539816339744830962
#define SQRT2    1.41421356237309504880
#define TAN_PI_8 0.41421356237309504880

/* Round to the nearest integer (ties away from zero) with a truncating convert. */
static int64_t nearest(double x)
{
	return (int64_t)(x >= 0 ? x + 0.5 : x - 0.5);
}

static double from_bits(uint64_t u)
{
	double d;
	memcpy(&d, &u, sizeof d);
	return d;
}

double bench_exp(double x)
{
	if (x > 709.0)
		x = 709.0;
	if (x < -708.0)
		x = -708.0;
	int64_t k = nearest(x * LOG2E);
	double r = (x - (double)k * LN2_HI) - (double)k * LN2_LO; /* |r| <= 0.347 */
	/* Taylor to r^13: the next term is below 4e-18. */
	double p = 1.0 / 6227020800.0;
	p = p * r + 1.0 / 479001600.0;
	p = p * r + 1.0 / 39916800.0;
	p = p * r + 1.0 / 3628800.0;
	p = p * r + 1.0 / 362880.0;
	p = p * r + 1.0 / 40320.0;
	p = p * r + 1.0 / 5040.0;
	p = p * r + 1.0 / 720.0;
	p = p * r + 1.0 / 120.0;
	p = p * r + 1.0 / 24.0;
	p = p * r + 1.0 / 6.0;
	p = p * r + 0.5;
	p = p * r + 1.0;
	p = p * r + 1.0;
	return p * from_bits((uint64_t)(k + 1023) << 52);
}

double bench_log(double x)
{
	if (!(x > 0))
		return -1e308;
	uint64_t u;
	memcpy(&u, &x, sizeof u);
	int64_t e = (int64_t)((u >> 52) & 0x7ff) - 1023;
	double m = from_bits((u & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1023) << 52)); /* [1, 2) */
	if (m > SQRT2) {
		m *= 0.5;
		e++;
	}
	/* log(1+f) = 2 atanh(s), s = f/(2+f), |s| <= 0.172, written as in fdlibm's
	 * e_log.c: f - (f^2/2 - s (f^2/2 + R)) keeps the large part f exact, and
	 * R = 2 s^2/3 + 2 s^4/5 + ... (series to s^16) is only a correction. */
	double f = m - 1.0, s = f / (2.0 + f), z = s * s, hfsq = 0.5 * f * f;
	double r = 2.0 / 17.0;
	r = r * z + 2.0 / 15.0;
	r = r * z + 2.0 / 13.0;
	r = r * z + 2.0 / 11.0;
	r = r * z + 2.0 / 9.0;
	r = r * z + 2.0 / 7.0;
	r = r * z + 2.0 / 5.0;
	r = r * z + 2.0 / 3.0;
	r *= z;
	double k = (double)e;
	return k * LN2_HI - ((hfsq - (s * (hfsq + r) + k * LN2_LO)) - f);
}

/* sin r and cos r for |r| <= pi/4: Taylor to r^17 / r^18 (error < 1e-17). */
static double sin_kernel(double r)
{
	double r2 = r * r;
	double p = -1.0 / 355687428096000.0;
	p = p * r2 + 1.0 / 1307674368000.0;
	p = p * r2 - 1.0 / 6227020800.0;
	p = p * r2 + 1.0 / 39916800.0;
	p = p * r2 - 1.0 / 362880.0;
	p = p * r2 + 1.0 / 5040.0;
	p = p * r2 - 1.0 / 120.0;
	p = p * r2 + 1.0 / 6.0;
	return r - r * r2 * p;
}

static double cos_kernel(double r)
{
	double r2 = r * r;
	double p = 1.0 / 6402373705728000.0;
	p = p * r2 - 1.0 / 20922789888000.0;
	p = p * r2 + 1.0 / 87178291200.0;
	p = p * r2 - 1.0 / 479001600.0;
	p = p * r2 + 1.0 / 3628800.0;
	p = p * r2 - 1.0 / 40320.0;
	p = p * r2 + 1.0 / 720.0;
	p = p * r2 - 1.0 / 24.0;
	p = p * r2 + 0.5;
	return 1.0 - r2 * p;
}

/* x = k*pi/2 + r; returns r and the quadrant k mod 4. */
static double reduce_pio2(double x, unsigned *quadrant)
{
	int64_t k = nearest(x * INVPIO2);
	*quadrant = (unsigned)k & 3;
	return (x - (double)k * PIO2_1) - (double)k * PIO2_1T;
}

double bench_sin(double x)
{
	unsigned q;
	double r = reduce_pio2(x, &q);
	switch (q) {
	case 0: return sin_kernel(r);
	case 1: return cos_kernel(r);
	case 2: return -sin_kernel(r);
	default: return -cos_kernel(r);
	}
}

double bench_cos(double x)
{
	unsigned q;
	double r = reduce_pio2(x, &q);
	switch (q) {
	case 0: return cos_kernel(r);
	case 1: return -sin_kernel(r);
	case 2: return -cos_kernel(r);
	default: return sin_kernel(r);
	}
}

double bench_atan(double x)
{
	double a = x < 0 ? -x : x, base = 0.0;
	int invert = a > 1.0;
	if (invert)
		a = 1.0 / a;
	if (a > TAN_PI_8) { /* atan a = pi/4 + atan((a-1)/(a+1)) */
		a = (a - 1.0) / (a + 1.0);
		base = PI_4;
	}
	/* |a| <= tan(pi/8) = 0.414: alternating series to a^37 (error < 1e-16). */
	double a2 = a * a, p = 0.0;
	for (int n = 37; n >= 3; n -= 2)
		p = p * a2 + ((n & 2) ? -1.0 : 1.0) / (double)n;
	double r = base + (a + a * a2 * p);
	if (invert)
		r = PI_2 - r;
	return x < 0 ? -r : r;
}
