/* The last-level cache (LLC) of the CPU that ran the CPUID queries: its level,
 * size, line size, how many logical CPUs share it, and which leaf said so.
 * Intel (and other non-AMD vendors): deterministic cache parameters, leaf 04H.
 * AMD/Hygon: Fn8000_001D with TopologyExtensions, else Fn8000_0006. */
#ifndef IDLEBENCH_PLATFORM_CPU_CACHE_INFO_H
#define IDLEBENCH_PLATFORM_CPU_CACHE_INFO_H

#include <stdint.h>

#include "platform/cpu/cpu_identity.h"
#include "platform/cpu/cpu_features.h"
#include "platform/cpu/cpuid_fn.h"

/* The decoded last-level cache. All numbers are 0 when source is "none". */
struct cache_llc {
	uint32_t level;         /* cache level, 1..7 (CPUID EAX[7:5]; 2 or 3 from Fn8000_0006) */
	uint64_t size_bytes;    /* ways x partitions x line size x sets, or the Fn8000_0006 size field */
	uint32_t line_bytes;    /* coherency line size */
	uint32_t sharing_cpus;  /* EAX[25:14] + 1; 0 when the leaf does not say (Fn8000_0006) */
	const char *source;     /* "cpuid.04", "cpuid.8000001d", "cpuid.80000006" or "none" */
};

/* Find the last-level cache: the highest-level data or unified cache the
 * deterministic leaf lists (04H on Intel and other vendors, Fn8000_001D on
 * AMD/Hygon when f->topoext), else the L3 (or, without one, the L2) of
 * Fn8000_0006. id and f come from cpu_identity_read / cpu_features_read on
 * the same CPU; no leaf above the CPU's maxima is queried.
 * sharing_cpus is what the leaf reports: on Intel the *maximum number of
 * addressable IDs* sharing the cache (SDM: round it up to a power of two for
 * the APIC ID span), which can exceed the logical CPUs that exist (16 on a
 * 4-core/8-thread i7-6700K); on AMD the number of logical processors. */
void cache_info_read_llc(cpuid_fn fn, void *ctx, const struct cpu_identity *id,
			 const struct cpu_features *f, struct cache_llc *out);

#endif
