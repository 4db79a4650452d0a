/* Boot seed: RDRAND, else the TSC (Intel's DRNG guide recommends 10 retries
 * before treating RDRAND as failed). */
#include "kernel/arch/x86.h"
#include "kernel/experiment/boot_seed.h"

/* SplitMix64's finaliser (Steele, Lea, Flood, OOPSLA 2014): nearby TSC values
 * become unrelated seeds. */
static uint64_t mix(uint64_t z)
{
	z += 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

uint64_t boot_seed(bool have_rdrand, const char **source)
{
	uint64_t v;

	/* Some AMD firmware leaves RDRAND answering all ones with CF = 1 (Linux
	 * checks for it at boot, arch/x86/kernel/cpu/rdrand.c): 0 and ~0 are
	 * not taken as random. */
	for (int i = 0; have_rdrand && i < 10; i++)
		if (rdrand64(&v) && v != 0 && v != ~0ull) {
			*source = "rdrand";
			return v;
		}
	*source = "tsc";
	return mix(rdtsc());
}
