# x86 wrappers (kernel/arch/): the pure pieces tested on the host.
UNIT_TESTS += test_apic_base
test_apic_base_SRCS := tests/unit/arch/test_apic_base.c kernel/arch/apic_base.c
UNIT_TESTS += test_stray_count
test_stray_count_SRCS := tests/unit/arch/test_stray_count.c kernel/arch/stray_count.c
test_stray_count_LDLIBS := -lpthread
UNIT_TESTS += test_apic_id
test_apic_id_SRCS := tests/unit/arch/test_apic_id.c kernel/arch/apic_id.c
UNIT_TESTS += test_amd_eilvt
test_amd_eilvt_SRCS := tests/unit/arch/test_amd_eilvt.c kernel/arch/amd_eilvt.c lib/fmt.c
