/* IA32_APIC_BASE (MSR 1BH) values and the legal ways between the local APIC
 * modes. Pure functions of MSR values: compiled for the host and tested
 * there (tests/unit/arch/test_apic_base.c); kernel/arch/lapic.c writes the
 * steps. */
#ifndef IDLEBENCH_KERNEL_ARCH_APIC_BASE_H
#define IDLEBENCH_KERNEL_ARCH_APIC_BASE_H

#include <stddef.h>
#include <stdint.h>

#define MSR_APIC_BASE 0x1B
#define  APIC_BASE_BSP    (1ull << 8)
#define  APIC_BASE_EXTD   (1ull << 10) /* x2APIC mode */
#define  APIC_BASE_EN     (1ull << 11) /* global enable */
#define  APIC_BASE_ADDR   0x000FFFFFFFFFF000ull

/* Most WRMSRs a transition needs. */
#define APIC_BASE_MAX_STEPS 2

/* The IA32_APIC_BASE values to write, in order, to go from `now` to `want`
 * by legal transitions only (Intel SDM Vol. 3A 10.12.5 "x2APIC State
 * Transitions", figure 10-27; AMD APM Vol. 2 16.2 for x2APIC on AMD): from
 * x2APIC the only way out is to disabled (so x2APIC -> xAPIC goes through
 * disabled), and from disabled the only way in is to xAPIC (so disabled ->
 * x2APIC goes through xAPIC); anything else is one write. `want` must be a
 * valid state (EXTD without EN is none). Returns the number of steps (0 when
 * now == want) written to steps. */
size_t apic_base_steps(uint64_t now, uint64_t want, uint64_t steps[APIC_BASE_MAX_STEPS]);

#endif
