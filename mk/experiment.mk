# The experiment's host-testable parts (kernel/experiment/): power per mode
# from RAPL energy (the reliability rule, watts, the `#! power` records).
UNIT_TESTS += test_power
test_power_SRCS := tests/unit/experiment/test_power.c kernel/experiment/power.c
