/* Elementary functions for the FP workloads and the statistics, written here
 * because freestanding code has no libm (the bench_ prefix is their name from
 * when only the workloads used them). Accuracy is a few ulp over the
 * documented ranges (tested against the host libm in
 * tests/unit/lib/test_fpmath.c); what matters more
 * is that they are plain double arithmetic, so the host and the kernel build
 * compute the same bits. */
#ifndef IDLEBENCH_LIB_FPMATH_H
#define IDLEBENCH_LIB_FPMATH_H

/* Square root with SQRTSD, which IEEE 754 requires to be correctly rounded
 * (Intel SDM vol. 2B "SQRTSD"). Inline asm rather than __builtin_sqrt so no
 * compiler flag can turn it into a call to libm's sqrt (the errno path). */
static inline double bench_sqrt(double x)
{
	double r;
	__asm__("sqrtsd %1, %0" : "=x"(r) : "x"(x));
	return r;
}

/* e^x; x is clamped to [-708, 709] so the result stays a normal number. */
double bench_exp(double x);
/* Natural logarithm of a positive normal x; returns -1e308 for x <= 0. */
double bench_log(double x);
/* sin x, accurate for |x| < 2^20 (Cody-Waite reduction by pi/2). */
double bench_sin(double x);
/* cos x, accurate for |x| < 2^20. */
double bench_cos(double x);
/* arctan x, any finite x. */
double bench_atan(double x);

#endif
