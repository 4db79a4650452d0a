/* Last-level cache decoding from the deterministic cache leaves, the way
 * Linux's arch/x86/kernel/cpu/cacheinfo.c reads them: leaf 04H, or on AMD/Hygon
 * with TopologyExtensions leaf 8000_001DH (same register layout); AMD parts
 * without it fall back to the L2/L3 size fields of leaf 8000_0006H. */
#include "platform/cpu/cache_info.h"

#include "lib/mem.h"

/* Deterministic cache parameters: SDM Vol. 2A, CPUID, leaf 04H "Deterministic
 * Cache Parameters Leaf" (and "INPUT EAX = 04H"), identical in AMD APM Vol. 3,
 * Appendix E, CPUID Fn8000_001D "Cache Topology Information":
 *   EAX[4:0]   cache type: 0 = null (no more caches; ends the subleaf walk),
 *              1 = data, 2 = instruction, 3 = unified
 *   EAX[7:5]   cache level, starting at 1
 *   EAX[25:14] logical processors sharing the cache - 1 (Intel: maximum
 *              number of addressable IDs - 1; AMD: NumSharingCache)
 *   EBX[11:0]  L = system coherency line size - 1
 *   EBX[21:12] P = physical line partitions - 1
 *   EBX[31:22] W = ways of associativity - 1
 *   ECX[31:0]  S = number of sets - 1
 * Size in bytes = (W + 1) * (P + 1) * (L + 1) * (S + 1) (SDM, "INPUT EAX = 04H"). */
#define DET_TYPE(eax)       ((eax) & 0x1F)
#define DET_LEVEL(eax)      (((eax) >> 5) & 0x7)
#define DET_SHARING(eax)    (((eax) >> 14) & 0xFFF)
#define DET_LINE(ebx)       ((ebx) & 0xFFF)
#define DET_PARTITIONS(ebx) (((ebx) >> 12) & 0x3FF)
#define DET_WAYS(ebx)       (((ebx) >> 22) & 0x3FF)
#define DET_TYPE_NULL        0
#define DET_TYPE_INSTRUCTION 2
/* Real CPUs list 4-5 caches; bound the walk in case a hypervisor never ends it. */
#define DET_MAX_SUBLEAVES   16

#define LEAF_DETERMINISTIC_INTEL 0x04u
#define LEAF_DETERMINISTIC_AMD   0x8000001Du
#define LEAF_AMD_L2_L3           0x80000006u

/* AMD APM Vol. 3, Appendix E, CPUID Fn8000_0006 "L2 Cache and TLB and L3 Cache
 * Information": ECX[31:16] L2Size in KB, ECX[7:0] L2 line size in bytes;
 * EDX[31:18] L3Size in 512 KB units (0 = no L3), EDX[7:0] L3 line size.
 * Intel documents the same ECX fields (SDM Vol. 2A, CPUID leaf 80000006H) and
 * reserves EDX (zero). The L3 size is the whole package's, not one instance's:
 * a Ryzen 7 1800X reports 16 MiB here, two 8 MiB L3s in Fn8000_001D. */
#define E06_L2_KB(ecx)        ((ecx) >> 16)
#define E06_L2_LINE(ecx)      ((ecx) & 0xFF)
#define E06_L3_512KB(edx)     ((edx) >> 18)
#define E06_L3_LINE(edx)      ((edx) & 0xFF)

/* Walk a deterministic leaf and keep the highest-level data or unified cache
 * (the first one listed at that level). False when the leaf lists none. */
static bool read_deterministic(cpuid_fn fn, void *ctx, uint32_t leaf, struct cache_llc *out)
{
	bool found = false;
	uint32_t r[4];

	for (uint32_t sub = 0; sub < DET_MAX_SUBLEAVES; sub++) {
		fn(ctx, leaf, sub, r);
		uint32_t type = DET_TYPE(r[CPUID_EAX]);
		if (type == DET_TYPE_NULL)
			break;
		uint32_t level = DET_LEVEL(r[CPUID_EAX]);
		if (type == DET_TYPE_INSTRUCTION || (found && level <= out->level))
			continue;
		out->level = level;
		out->line_bytes = DET_LINE(r[CPUID_EBX]) + 1;
		out->size_bytes = (uint64_t)(DET_WAYS(r[CPUID_EBX]) + 1) * (DET_PARTITIONS(r[CPUID_EBX]) + 1) *
				  out->line_bytes * ((uint64_t)r[CPUID_ECX] + 1);
		out->sharing_cpus = DET_SHARING(r[CPUID_EAX]) + 1;
		found = true;
	}
	return found;
}

static bool read_amd_l2_l3(cpuid_fn fn, void *ctx, struct cache_llc *out)
{
	uint32_t r[4];

	fn(ctx, LEAF_AMD_L2_L3, 0, r);
	if (E06_L3_512KB(r[CPUID_EDX]) != 0) {
		out->level = 3;
		out->size_bytes = (uint64_t)E06_L3_512KB(r[CPUID_EDX]) * 512 * 1024;
		out->line_bytes = E06_L3_LINE(r[CPUID_EDX]);
	} else if (E06_L2_KB(r[CPUID_ECX]) != 0) {
		out->level = 2;
		out->size_bytes = (uint64_t)E06_L2_KB(r[CPUID_ECX]) * 1024;
		out->line_bytes = E06_L2_LINE(r[CPUID_ECX]);
	} else {
		return false;
	}
	out->sharing_cpus = 0;
	return true;
}

void cache_info_read_llc(cpuid_fn fn, void *ctx, const struct cpu_identity *id,
			 const struct cpu_features *f, struct cache_llc *out)
{
	bool amd_like = id->vendor_id == CPU_VENDOR_AMD || id->vendor_id == CPU_VENDOR_HYGON;

	memset(out, 0, sizeof *out);
	out->source = "none";
	/* AMD reserves leaf 04H; Fn8000_001D exists only with TopologyExtensions
	 * (APM Vol. 3, Fn8000_0001_ECX[22] TopologyExtensions). */
	if (amd_like && f->topoext && id->max_extended >= LEAF_DETERMINISTIC_AMD &&
	    read_deterministic(fn, ctx, LEAF_DETERMINISTIC_AMD, out)) {
		out->source = "cpuid.8000001d";
		return;
	}
	if (!amd_like && id->max_basic >= LEAF_DETERMINISTIC_INTEL &&
	    read_deterministic(fn, ctx, LEAF_DETERMINISTIC_INTEL, out)) {
		out->source = "cpuid.04";
		return;
	}
	if (id->max_extended >= LEAF_AMD_L2_L3 && read_amd_l2_l3(fn, ctx, out))
		out->source = "cpuid.80000006";
}
