# x86 wrappers (kernel/arch/): the pure pieces tested on the host.
UNIT_TESTS += test_apic_base
test_apic_base_SRCS := tests/unit/arch/test_apic_base.c kernel/arch/apic_base.c
