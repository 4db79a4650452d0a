/* Student's t through the incomplete beta function: with x = df / (df + t^2),
 * P(|T| >= |t|) = I_x(df/2, 1/2) (Abramowitz & Stegun 26.7.1 with 26.5.27).
 * Passing x and 1 - x separately (here df / (df + t^2) and t^2 / (df + t^2))
 * keeps both logarithms accurate where x is close to 1. */
#include <stddef.h>

#include "lib/fpmath.h"
#include "stats/student_t.h"

#define LOG_SQRT_2PI 0.91893853320467274178 /* log sqrt(2 pi) */
#define CF_MAX_TERMS 20000 /* the fraction needs O(sqrt(max(a, b))) terms */
#define CF_EPS 4e-16 /* two ulp of 1: del hovers there once converged */
#define CF_TINY 1e-300

double stats_log_gamma(double x)
{
	if (!(x > 0))
		return __builtin_nan("");
	/* log Gamma(x) = log Gamma(x + n) - log(x (x+1) ... (x+n-1)). */
	double shift = 1.0;
	while (x < 10.0) {
		shift *= x;
		x += 1.0;
	}
	/* Stirling's series (A&S 6.1.41) to 1/x^13: at x >= 10 the first
	 * omitted term is below 3e-17. */
	static const double series[] = { 1.0 / 156.0, -691.0 / 360360.0, 1.0 / 1188.0, -1.0 / 1680.0,
					  1.0 / 1260.0, -1.0 / 360.0, 1.0 / 12.0 };
	double z = 1.0 / (x * x), s = 0;
	for (size_t i = 0; i < sizeof series / sizeof series[0]; i++)
		s = s * z + series[i]; /* Horner, highest power first */
	return (x - 0.5) * bench_log(x) - x + LOG_SQRT_2PI + s / x - bench_log(shift);
}

/* One step of the modified Lentz method (Numerical Recipes 5.2) with
 * coefficient aa: updates c and d, returns the factor the value takes. */
static double lentz_step(double aa, double *c, double *d)
{
	*d = 1.0 + aa * *d;
	if (*d > -CF_TINY && *d < CF_TINY)
		*d = CF_TINY;
	*c = 1.0 + aa / *c;
	if (*c > -CF_TINY && *c < CF_TINY)
		*c = CF_TINY;
	*d = 1.0 / *d;
	return *d * *c;
}

/* The continued fraction of I_x(a, b) (Numerical Recipes 6.4.5), converging
 * fast for x < (a + 1) / (a + b + 2). */
static double beta_fraction(double x, double a, double b)
{
	double qab = a + b, qap = a + 1.0, qam = a - 1.0;
	double c = 1.0, d = 1.0 - qab * x / qap;

	if (d > -CF_TINY && d < CF_TINY)
		d = CF_TINY;
	d = 1.0 / d;
	double h = d;
	for (int m = 1; m <= CF_MAX_TERMS; m++) {
		double m2 = 2.0 * m;
		h *= lentz_step(m * (b - m) * x / ((qam + m2) * (a + m2)), &c, &d);
		double del = lentz_step(-(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)), &c, &d);
		h *= del;
		if (del > 1.0 - CF_EPS && del < 1.0 + CF_EPS)
			break;
	}
	return h;
}

/* I_x(a, b) given x and y = 1 - x, each computed accurately by the caller. */
static double incomplete_beta(double x, double y, double a, double b)
{
	if (!(x > 0))
		return 0.0;
	if (!(y > 0))
		return 1.0;
	double log_front = a * bench_log(x) + b * bench_log(y) - stats_log_gamma(a) - stats_log_gamma(b) +
			   stats_log_gamma(a + b);
	/* Below -745 the front factor is not a double; bench_exp clamps instead. */
	double front = log_front < -745.0 ? 0.0 : bench_exp(log_front);
	if (x < (a + 1.0) / (a + b + 2.0))
		return front * beta_fraction(x, a, b) / a;
	return 1.0 - front * beta_fraction(y, b, a) / b;
}

double stats_incomplete_beta(double x, double a, double b)
{
	if (!(a > 0) || !(b > 0) || !(x >= 0) || !(x <= 1))
		return __builtin_nan("");
	return incomplete_beta(x, 1.0 - x, a, b);
}

/* P(T >= t) for t >= 0. */
static double upper_tail(double t, double df)
{
	if (t == 0)
		return 0.5;
	double t2 = t * t, sum = df + t2;
	return 0.5 * incomplete_beta(df / sum, t2 / sum, 0.5 * df, 0.5);
}

double stats_t_cdf(double t, double df)
{
	if (!(df > 0) || t != t)
		return __builtin_nan("");
	return t >= 0 ? 1.0 - upper_tail(t, df) : upper_tail(-t, df);
}

double stats_t_two_sided_p(double t, double df)
{
	if (!(df > 0) || t != t)
		return __builtin_nan("");
	double p = 2.0 * upper_tail(t < 0 ? -t : t, df);
	return p > 1.0 ? 1.0 : p;
}

double stats_t_quantile(double p, double df)
{
	if (!(df > 0) || !(p > 0) || !(p < 1))
		return __builtin_nan("");
	if (p == 0.5)
		return 0.0;
	double tail = p < 0.5 ? p : 1.0 - p;
	/* Bracket the root of upper_tail(t) = tail, then halve the bracket: the
	 * tail falls monotonically, and halving cannot diverge where Newton
	 * steps on the flat tails of small df would. */
	double lo = 0.0, hi = 1.0;
	while (upper_tail(hi, df) > tail && hi < 1e300) {
		lo = hi;
		hi *= 2.0;
	}
	for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
		double mid = 0.5 * (lo + hi);
		if (upper_tail(mid, df) > tail)
			lo = mid;
		else
			hi = mid;
	}
	double t = 0.5 * (lo + hi);
	return p < 0.5 ? -t : t;
}

double stats_t_975(double df)
{
	return stats_t_quantile(0.975, df);
}
