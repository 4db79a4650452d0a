/* Student's t distribution, for the intervals and tests of stats/inference.c
 * (freestanding: the kernel has no libm). The CDF goes through the regularized
 * incomplete beta function, evaluated by its continued fraction with the
 * modified Lentz method (Press et al., "Numerical Recipes", 3rd ed., 6.4);
 * the quantile inverts the upper tail by bisection, so it is accurate to
 * about 1e-12 relative for any df >= 1 the t intervals need (tested against
 * mpmath values for df 1 .. 10000 in tests/unit/stats/test_stats_student_t.c). */
#ifndef IDLEBENCH_STATS_STUDENT_T_H
#define IDLEBENCH_STATS_STUDENT_T_H

/* log Gamma(x) for x > 0 (Stirling's series after shifting x up to >= 10). */
double stats_log_gamma(double x);
/* Regularized incomplete beta I_x(a, b) for a, b > 0 and x in [0, 1]. */
double stats_incomplete_beta(double x, double a, double b);
/* P(T <= t) for Student's t with df > 0 degrees of freedom (NaN if df <= 0). */
double stats_t_cdf(double t, double df);
/* Two-sided p-value P(|T| >= |t|), computed without cancellation for large |t|. */
double stats_t_two_sided_p(double t, double df);
/* The quantile: t with P(T <= t) = p, for p in (0, 1) and df > 0 (NaN otherwise). */
double stats_t_quantile(double p, double df);
/* t(df, 0.975), the factor of a two-sided 95 % interval. */
double stats_t_975(double df);

#endif
