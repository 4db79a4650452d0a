# Time (kernel/time/): the pure HPET counter arithmetic of the TSC calibration.
UNIT_TESTS += test_hpet_counter
test_hpet_counter_SRCS := tests/unit/time/test_hpet_counter.c kernel/time/hpet_counter.c
