# The experiment's host-testable parts (kernel/experiment/): power per mode
# from RAPL energy (the reliability rule, watts, the `#! power` records).
UNIT_TESTS += test_power
test_power_SRCS := tests/unit/experiment/test_power.c kernel/experiment/power.c

# The shared experiment (core/experiment/):
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
