# Unit tests of the statistics core in bench/ (built with BENCH_CFLAGS by
# mk/bench.mk, so the tests exercise the same floating-point code generation
# as the kernel): order statistics, type-7 quantiles, bootstrap intervals and
# geometric means against hand-computed cases.
UNIT_TESTS += test_stats
test_stats_SRCS := tests/unit/bench/test_stats.c

# Student's t against mpmath reference values; the estimates and Holm,
# planning, Williams designs and the carry-over check against hand-computed
# cases; simulated experiments with a known truth that measure the intervals'
# coverage, the old methods' included.
UNIT_TESTS += test_stats_student_t test_stats_inference test_stats_planning test_stats_order test_stats_coverage
test_stats_student_t_SRCS := tests/unit/bench/test_stats_student_t.c
test_stats_inference_SRCS := tests/unit/bench/test_stats_inference.c
test_stats_planning_SRCS := tests/unit/bench/test_stats_planning.c
test_stats_order_SRCS := tests/unit/bench/test_stats_order.c tests/unit/bench/stats_simulation.c
test_stats_coverage_SRCS := tests/unit/bench/test_stats_coverage.c tests/unit/bench/stats_simulation.c

# The kernel summary's PMU fields (IPC, ipc_slowdown_pct, instructions per
# iteration) on made-up sample tables.
UNIT_TESTS += test_summary_ipc
test_summary_ipc_SRCS := tests/unit/experiment/test_summary_ipc.c tests/unit/support/stream_text.c
# The `#! testcase` records (primary and controls, for LAVA's monitors) on made-up tables.
UNIT_TESTS += test_summary_testcase
test_summary_testcase_SRCS := tests/unit/experiment/test_summary_testcase.c tests/unit/support/stream_text.c
# The shared sample loop with fake callbacks.
UNIT_TESTS += test_harness
test_harness_SRCS := tests/unit/experiment/test_harness.c
