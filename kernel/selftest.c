/* Deliberate faults. #PF uses a canonical address far above anything the
 * identity map covers; #GP uses a non-canonical address (Intel SDM Vol. 3A
 * 3.3.7.1: a non-canonical reference raises #GP, not #PF). */
#include <stdint.h>

#include "kernel/lib/mem.h"
#include "kernel/selftest.h"

void selftest_raise(const char *which)
{
	if (!strcmp(which, "ud")) {
		__asm__ volatile("ud2");
	} else if (!strcmp(which, "pf")) {
		volatile uint64_t *p = (volatile uint64_t *)0x00007F0000000000ull;
		(void)*p;
	} else if (!strcmp(which, "gp")) {
		volatile uint64_t *p = (volatile uint64_t *)0x8000000000000000ull;
		(void)*p;
	}
}
