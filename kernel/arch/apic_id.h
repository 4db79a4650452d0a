/* The executing CPU's APIC ID from CPUID (no LAPIC access needed). */
#ifndef IDLEBENCH_KERNEL_ARCH_APIC_ID_H
#define IDLEBENCH_KERNEL_ARCH_APIC_ID_H

#include <stdint.h>

/* x2APIC ID from CPUID leaf 0xB EDX where that leaf is valid, else the
 * initial APIC ID in CPUID.01H:EBX[31:24]. */
uint32_t cpu_apic_id(void);

#endif
