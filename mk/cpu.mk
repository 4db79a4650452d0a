# CPU identity, features, SMT topology and the last-level cache (kernel/cpu/).
CPU_SRCS := $(filter kernel/cpu/%,$(KERNEL_SRCS))


UNIT_TESTS += test_cpu_identity test_topology test_cache_info test_machine_state
test_cpu_identity_SRCS := tests/unit/cpu/test_cpu_identity.c tests/unit/cpu/cpuid_table.c \
                          tests/unit/support/stream_text.c
test_topology_SRCS := tests/unit/cpu/test_topology.c tests/unit/cpu/cpuid_table.c $(CPU_SRCS)
test_cache_info_SRCS := tests/unit/cpu/test_cache_info.c tests/unit/cpu/cpuid_table.c
# LFENCE and boost decisions on the recorded dumps with made-up MSR values.
test_machine_state_SRCS := tests/unit/cpu/test_machine_state.c tests/unit/cpu/cpuid_table.c \
                           kernel/cpu/machine_state.c
# PMU programming on the recorded dumps with a fake MSR map (free, firmware-owned and faulting counters).
UNIT_TESTS += test_pmu
test_pmu_SRCS := tests/unit/cpu/test_pmu.c tests/unit/cpu/cpuid_table.c kernel/cpu/pmu.c \
                 tests/unit/support/stream_text.c
