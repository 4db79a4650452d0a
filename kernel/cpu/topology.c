/* SMT topology decoding, in the order Linux uses (arch/x86/kernel/cpu/topology_ext.c,
 * topology_amd.c, topology_common.c): extended topology leaves 1FH then 0BH,
 * then on AMD/Hygon Fn8000_001E and Fn8000_0008, else the legacy leaf 01H/04H
 * counts. */
#include "kernel/cpu/topology.h"

#include "lib/fmt.h"
#include "lib/mem.h"

/* Extended topology leaves (SDM Vol. 2A, CPUID leaf 0BH/1FH): ECX[15:8] level
 * type, 0 = invalid (ends the list), 1 = SMT (always subleaf 0 when valid);
 * EAX[4:0] = bits to shift the x2APIC ID right to reach the next level;
 * EBX[15:0] = logical processors at this level. */
#define EXT_LEVEL_INVALID 0
#define EXT_LEVEL_SMT     1
#define EXT_MAX_SUBLEAVES 8 /* SDM defines 6 level types; bound the walk */

/* Hygon Dhyana (family 18h models 0-3) does not populate leaf 0BH usably and
 * puts the socket in APIC ID bit 6: Linux commit e0ceeae708ce and its fix
 * ee545b94d39a ("x86/cpu/hygon: Fix the CPU topology evaluation for real":
 * "Hygon processors with a model ID > 3 have CPUID leaf 0xB correctly
 * populated"; the fix-up is wrong in a guest). */
#define HYGON_FAMILY           0x18
#define HYGON_LAST_OLD_MODEL   0x3
#define HYGON_OLD_PACKAGE_SHIFT 6

static uint32_t count_order(uint32_t n)
{
	uint32_t order = 0;
	while (order < 31 && (1u << order) < n)
		order++;
	return order;
}

static bool parse_extended_leaf(cpuid_fn fn, void *ctx, uint32_t leaf, struct cpu_topology *out)
{
	uint32_t r[4];

	fn(ctx, leaf, 0, r);
	if (((r[CPUID_ECX] >> 8) & 0xFF) != EXT_LEVEL_SMT || (r[CPUID_EBX] & 0xFFFF) == 0)
		return false;
	out->smt_shift = r[CPUID_EAX] & 0x1F;
	out->threads_per_core = r[CPUID_EBX] & 0xFFFF;
	out->package_shift = out->smt_shift;
	for (uint32_t sub = 1; sub < EXT_MAX_SUBLEAVES; sub++) {
		fn(ctx, leaf, sub, r);
		if (((r[CPUID_ECX] >> 8) & 0xFF) == EXT_LEVEL_INVALID)
			break;
		out->package_shift = r[CPUID_EAX] & 0x1F;
	}
	out->package_shift_known = true;
	return true;
}

/* AMD APM Vol. 3, E.4.7 Fn8000_0008_ECX: NC[7:0] = threads in package - 1,
 * ApicIdSize[15:12] = APIC ID bits for them (0: derive from NC). */
static bool parse_80000008_package(cpuid_fn fn, void *ctx, const struct cpu_identity *id,
				   struct cpu_topology *out)
{
	uint32_t r[4];

	if (id->max_extended < 0x80000008u)
		return false;
	fn(ctx, 0x80000008u, 0, r);
	out->package_threads = (r[CPUID_ECX] & 0xFF) + 1;
	uint32_t shift = (r[CPUID_ECX] >> 12) & 0xF;
	if (shift == 0)
		shift = count_order((r[CPUID_ECX] & 0xFF) + 1);
	out->package_shift = shift;
	out->package_shift_known = true;
	return true;
}

static bool is_old_hygon(const struct cpu_identity *id)
{
	return id->vendor_id == CPU_VENDOR_HYGON && id->family == HYGON_FAMILY &&
	       id->model <= HYGON_LAST_OLD_MODEL;
}

static void parse_legacy(cpuid_fn fn, void *ctx, const struct cpu_identity *id, const struct cpu_features *f,
			 struct cpu_topology *out)
{
	uint32_t r[4];
	uint32_t logical = 1, cores = 1;

	if (id->max_basic >= 1 && f->htt) {
		fn(ctx, 1, 0, r);
		logical = (r[CPUID_EBX] >> 16) & 0xFF;
		if (logical == 0)
			logical = 1;
	}
	/* SDM Vol. 2A, CPUID leaf 04H: EAX[31:26] + 1 = addressable core IDs in
	 * the package, valid when subleaf 0 describes a cache (EAX[4:0] != 0). */
	if (id->vendor_id == CPU_VENDOR_INTEL && id->max_basic >= 4) {
		fn(ctx, 4, 0, r);
		if ((r[CPUID_EAX] & 0x1F) != 0)
			cores = ((r[CPUID_EAX] >> 26) & 0x3F) + 1;
	}
	out->threads_per_core = logical / cores ? logical / cores : 1;
	out->smt_shift = count_order(out->threads_per_core);
	out->package_shift = count_order(logical);
	out->package_shift_known = true;
	out->source = TOPOLOGY_FROM_LEGACY;
}

void topology_read(cpuid_fn fn, void *ctx, const struct cpu_identity *id, const struct cpu_features *f,
		   struct cpu_topology *out)
{
	bool amd_like = id->vendor_id == CPU_VENDOR_AMD || id->vendor_id == CPU_VENDOR_HYGON;
	bool old_hygon_bare = is_old_hygon(id) && !id->hypervisor;

	memset(out, 0, sizeof *out);
	out->threads_per_core = 1;
	{
		/* SDM Vol. 2A / APM Vol. 3 CPUID 01H: EBX[23:16] valid when EDX[28] (HTT). */
		uint32_t r[4];
		fn(ctx, 1, 0, r);
		out->leaf1_logical = (r[CPUID_EDX] >> 28) & 1 ? (r[CPUID_EBX] >> 16) & 0xFF : 1;
	}

	/* Linux reads the extended leaves on AMD/Hygon only with topoext; we read
	 * them whenever their SMT level is valid, because QEMU's AMD models
	 * (qemu64, Dhyana under TCG) lack topoext yet enumerate -smp threads=N in
	 * leaf 0BH, and AMD parts before Zen 2 return an invalid (zero) leaf 0BH. */
	bool try_ext = true;
	if (old_hygon_bare) {
		try_ext = false;
		out->hygon_leaf_0b_skipped = true;
	}
	if (try_ext && id->max_basic >= 0x1F && parse_extended_leaf(fn, ctx, 0x1F, out)) {
		out->source = TOPOLOGY_FROM_LEAF_1F;
		return;
	}
	if (try_ext && id->max_basic >= 0x0B && parse_extended_leaf(fn, ctx, 0x0B, out)) {
		out->source = TOPOLOGY_FROM_LEAF_0B;
		return;
	}
	if (amd_like && parse_80000008_package(fn, ctx, id, out)) {
		out->source = TOPOLOGY_FROM_80000008;
		if (f->topoext && id->max_extended >= 0x8000001Eu) {
			/* AMD APM Vol. 3, E.4.16 Fn8000_001E_EBX[15:8] ThreadsPerComputeUnit - 1. */
			uint32_t r[4];
			fn(ctx, 0x8000001Eu, 0, r);
			out->threads_per_core = ((r[CPUID_EBX] >> 8) & 0xFF) + 1;
			out->smt_shift = count_order(out->threads_per_core);
			out->source = TOPOLOGY_FROM_8000001E;
		}
		if (old_hygon_bare)
			out->package_shift = HYGON_OLD_PACKAGE_SHIFT;
		return;
	}
	parse_legacy(fn, ctx, id, f, out);
}

size_t topology_cross_check(const struct cpu_topology *t, char *buf, size_t cap)
{
	if (cap)
		buf[0] = '\0';
	if (!t->package_threads || (t->source != TOPOLOGY_FROM_8000001E && t->source != TOPOLOGY_FROM_80000008) ||
	    t->leaf1_logical == t->package_threads)
		return 0;
	return (size_t)fmt_snprintf(buf, cap,
				    "CPUID disagrees: 01H:EBX[23:16] says %u logical processors per package, "
				    "8000_0008:ECX.NC+1 says %u threads, %s says %u per core (used, as Linux does)",
				    t->leaf1_logical, t->package_threads, topology_source_name(t->source),
				    t->threads_per_core);
}

const char *topology_cross_check_text(const struct cpu_topology *t, char *buf, size_t cap)
{
	if (topology_cross_check(t, buf, cap))
		return buf;
	if (t->source != TOPOLOGY_FROM_8000001E && t->source != TOPOLOGY_FROM_80000008)
		fmt_snprintf(buf, cap, "not_checked (threads per core from %s: the AMD path's check does not apply)",
			     topology_source_name(t->source));
	else if (!t->package_threads)
		fmt_snprintf(buf, cap, "not_checked (no thread count in Fn8000_0008_ECX)");
	else
		fmt_snprintf(buf, cap, "ok");
	return buf;
}

const char *topology_source_name(enum topology_source s)
{
	switch (s) {
	case TOPOLOGY_FROM_LEAF_1F:
		return "cpuid.1f";
	case TOPOLOGY_FROM_LEAF_0B:
		return "cpuid.0b";
	case TOPOLOGY_FROM_8000001E:
		return "cpuid.8000001e";
	case TOPOLOGY_FROM_80000008:
		return "cpuid.80000008";
	case TOPOLOGY_FROM_LEGACY:
		break;
	}
	return "legacy";
}

const char *topology_status_text(enum topology_status s)
{
	switch (s) {
	case TOPOLOGY_OK:
		return "ok";
	case TOPOLOGY_ERR_BENCH_NOT_ENABLED:
		return "bench APIC ID is not an enabled CPU";
	case TOPOLOGY_ERR_CAPACITY:
		return "more sibling APIC IDs than the output array holds";
	case TOPOLOGY_ERR_NO_OTHER_CORE:
		return "no enabled CPU on another core";
	case TOPOLOGY_ERR_BAD_SHIFT:
		return "APIC ID shift of 32 bits or more";
	}
	return "unknown topology status";
}

static bool listed(uint32_t apic, const uint32_t *ids, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (ids[i] == apic)
			return true;
	return false;
}

enum topology_status topology_siblings(uint32_t bench_apic, uint32_t smt_shift,
				       const uint32_t *enabled_apic_ids, size_t n,
				       uint32_t *out, size_t cap, size_t *count)
{
	size_t k = 0;

	*count = 0;
	if (smt_shift >= 32)
		return TOPOLOGY_ERR_BAD_SHIFT;
	if (!listed(bench_apic, enabled_apic_ids, n))
		return TOPOLOGY_ERR_BENCH_NOT_ENABLED;
	for (size_t i = 0; i < n; i++) {
		uint32_t id = enabled_apic_ids[i];
		if (id == bench_apic || (id >> smt_shift) != (bench_apic >> smt_shift) || listed(id, out, k))
			continue;
		if (k == cap)
			return TOPOLOGY_ERR_CAPACITY;
		/* Insertion keeps out[] ascending; n is a few hundred at most. */
		size_t j = k++;
		while (j > 0 && out[j - 1] > id) {
			out[j] = out[j - 1];
			j--;
		}
		out[j] = id;
	}
	*count = k;
	return TOPOLOGY_OK;
}

enum topology_status topology_pick_control(uint32_t bench_apic, const struct cpu_topology *t,
					   const uint32_t *enabled_apic_ids, size_t n, uint32_t *out)
{
	bool found_any = false, found_same_pkg = false;
	uint32_t best_any = 0, best_same_pkg = 0;

	if (t->smt_shift >= 32 || (t->package_shift_known && t->package_shift >= 32))
		return TOPOLOGY_ERR_BAD_SHIFT;
	if (!listed(bench_apic, enabled_apic_ids, n))
		return TOPOLOGY_ERR_BENCH_NOT_ENABLED;
	for (size_t i = 0; i < n; i++) {
		uint32_t id = enabled_apic_ids[i];
		if ((id >> t->smt_shift) == (bench_apic >> t->smt_shift))
			continue;
		if (!found_any || id < best_any) {
			best_any = id;
			found_any = true;
		}
		if (t->package_shift_known && (id >> t->package_shift) == (bench_apic >> t->package_shift) &&
		    (!found_same_pkg || id < best_same_pkg)) {
			best_same_pkg = id;
			found_same_pkg = true;
		}
	}
	if (!found_any)
		return TOPOLOGY_ERR_NO_OTHER_CORE;
	*out = found_same_pkg ? best_same_pkg : best_any;
	return TOPOLOGY_OK;
}

size_t topology_format_apic_list(const uint32_t *ids, size_t n, char *buf, size_t cap)
{
	size_t len = 0;

	if (cap == 0)
		return 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		char digits[10];
		size_t d = 0;
		uint32_t v = ids[i];
		do {
			digits[d++] = (char)('0' + v % 10);
			v /= 10;
		} while (v != 0);
		if (len + (i > 0) + d + 1 > cap) {
			buf[0] = '\0';
			return 0;
		}
		if (i > 0)
			buf[len++] = ',';
		while (d > 0)
			buf[len++] = digits[--d];
	}
	buf[len] = '\0';
	return len;
}
