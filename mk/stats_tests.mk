# Unit tests of bench/stats.c (issue 5): order statistics, type-7 quantiles,
# bootstrap intervals and geometric means against hand-computed cases. Linked
# against the host objects mk/bench.mk builds with BENCH_CFLAGS, so the test
# exercises the same floating-point code generation as the kernel.
UNIT_TESTS += test_stats
test_stats_SRCS := tests/unit/bench/test_stats.c $(BUILD)/host/bench/stats.o $(BUILD)/host/bench/fpmath.o
