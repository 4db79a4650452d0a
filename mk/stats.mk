# Unit tests of the statistics (stats/, built with BENCH_CFLAGS by
# mk/bench.mk, so the tests exercise the same floating-point code generation
# as the kernel): order statistics, type-7 quantiles, bootstrap intervals and
# geometric means against hand-computed cases.
UNIT_TESTS += test_stats
test_stats_SRCS := tests/unit/stats/test_stats.c

# Student's t against mpmath reference values; the estimates and Holm,
# planning, Williams designs and the carry-over check against hand-computed
# cases; simulated experiments with a known truth that measure the intervals'
# coverage, the old methods' included.
UNIT_TESTS += test_stats_student_t test_stats_inference test_stats_planning test_stats_order test_stats_coverage
test_stats_student_t_SRCS := tests/unit/stats/test_stats_student_t.c
test_stats_inference_SRCS := tests/unit/stats/test_stats_inference.c
test_stats_planning_SRCS := tests/unit/stats/test_stats_planning.c
test_stats_order_SRCS := tests/unit/stats/test_stats_order.c tests/unit/stats/stats_simulation.c
test_stats_coverage_SRCS := tests/unit/stats/test_stats_coverage.c tests/unit/stats/stats_simulation.c

# stats/analysis.c on hand-computed boots: cells, Holm family, control verdicts, primary half-width.
UNIT_TESTS += test_analysis
test_analysis_SRCS := tests/unit/stats/test_analysis.c
