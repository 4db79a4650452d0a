# The experiment's host-testable parts (kernel/experiment/): power per mode
# from RAPL energy (the reliability rule, watts, the `#! power` records).
UNIT_TESTS += test_power
test_power_SRCS := tests/unit/experiment/test_power.c kernel/experiment/power.c
# The time a run has left: the samples' rate bounded by the budget.
UNIT_TESTS += test_eta
test_eta_SRCS := tests/unit/experiment/test_eta.c kernel/experiment/eta.c
