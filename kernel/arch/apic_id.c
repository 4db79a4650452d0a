/* Intel SDM Vol. 3A 10.12.8.1: leaf 0xB EDX holds the 32-bit x2APIC ID of the
 * logical processor; EBX = 0 at sub-leaf 0 means the leaf is not valid. */
#include "kernel/arch/apic_id.h"
#include "kernel/arch/x86.h"

uint32_t cpu_apic_id(void)
{
	uint32_t r[4];

	cpuid(0, 0, r);
	if (r[0] >= 0xB) {
		cpuid(0xB, 0, r);
		if (r[1])
			return r[3];
	}
	cpuid(1, 0, r);
	return r[1] >> 24;
}

uint32_t apic_id_from_register(uint32_t reg, bool x2apic)
{
	return x2apic ? reg : reg >> 24;
}

bool apic_id_agrees(uint32_t cpuid_id, uint32_t lapic_id, bool x2apic)
{
	return x2apic ? cpuid_id == lapic_id : (cpuid_id & 0xFF) == lapic_id;
}
