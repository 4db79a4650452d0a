/* RDTSCP detection for tsc_end() (kernel/arch/tsc.h). */
#include "kernel/arch/tsc.h"
#include "kernel/arch/x86.h"

bool tsc_has_rdtscp;

void tsc_detect(void)
{
	uint32_t r[4];

	cpuid(0x80000000, 0, r);
	if (r[0] < 0x80000001)
		return;
	cpuid(0x80000001, 0, r);
	tsc_has_rdtscp = (r[3] & (1u << 27)) != 0;
}
