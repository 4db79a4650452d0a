/* The executing CPU's APIC ID from CPUID (no LAPIC access needed). */
#ifndef IDLEBENCH_KERNEL_ARCH_APIC_ID_H
#define IDLEBENCH_KERNEL_ARCH_APIC_ID_H

#include <stdbool.h>
#include <stdint.h>

/* x2APIC ID from CPUID leaf 0xB EDX where that leaf is valid, else the
 * initial APIC ID in CPUID.01H:EBX[31:24]. */
uint32_t cpu_apic_id(void);
/* The APIC ID in the local APIC's ID register value reg: bits 31:24 in xAPIC
 * mode (SDM Vol. 3A 10.4.6), the whole 32-bit x2APIC ID in x2APIC mode (MSR
 * 802H, 10.12.5.1). */
uint32_t apic_id_from_register(uint32_t reg, bool x2apic);
/* True when CPUID's APIC ID and the local APIC's own agree: in xAPIC mode the
 * register holds only the low 8 bits of the x2APIC ID (SDM 10.12.5.1), and
 * is writable on some CPUs, so firmware may have changed it. */
bool apic_id_agrees(uint32_t cpuid_id, uint32_t lapic_id, bool x2apic);

#endif
