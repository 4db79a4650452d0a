/* SMT topology: how many hardware threads share a core, how many APIC ID bits
 * name the thread within its core, which CPUID leaf said so; and the sibling /
 * control-CPU choices derived from the enabled (MADT) APIC IDs. */
#ifndef IDLEBENCH_KERNEL_CPU_TOPOLOGY_H
#define IDLEBENCH_KERNEL_CPU_TOPOLOGY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/cpu/cpu_identity.h"
#include "platform/cpu/cpu_features.h"
#include "platform/cpu/cpuid_fn.h"

/* Which CPUID leaf decided the SMT shift, in order of preference. */
enum topology_source {
	TOPOLOGY_FROM_LEAF_1F = 0, /* Intel V2 extended topology, "cpuid.1f" */
	TOPOLOGY_FROM_LEAF_0B,     /* extended topology, "cpuid.0b" */
	TOPOLOGY_FROM_8000001E,    /* AMD/Hygon TopologyExtensions, "cpuid.8000001e" */
	TOPOLOGY_FROM_80000008,    /* AMD without topoext: one thread per core, "cpuid.80000008" */
	TOPOLOGY_FROM_LEGACY,      /* CPUID.01H:EBX[23:16] / CPUID.04H:EAX[31:26], "legacy" */
};

/* The decoded SMT topology of the CPU that ran the CPUID queries. */
struct cpu_topology {
	uint32_t threads_per_core;   /* >= 1; the `smt_threads_per_core` value */
	uint32_t smt_shift;          /* APIC ID bits below the core: siblings share apic_id >> smt_shift */
	bool package_shift_known;
	uint32_t package_shift;      /* APIC ID bits below the package when known */
	enum topology_source source;
	bool hygon_leaf_0b_skipped;  /* Hygon family 18h model <= 3 on bare metal: leaf 0BH not trusted */
	uint32_t leaf1_logical;      /* CPUID.01H:EBX[23:16] when EDX.HTT, else 1 */
	uint32_t package_threads;    /* Fn8000_0008_ECX.NC + 1 on the AMD path, else 0 */
};

/* Decode the topology. id and f come from cpu_identity_read / cpu_features_read on the same CPU. */
void topology_read(cpuid_fn fn, void *ctx, const struct cpu_identity *id, const struct cpu_features *f,
		   struct cpu_topology *out);

/* Cross-check of the AMD path: CPUID.01H:EBX[23:16] (logical processors
 * per package) must equal Fn8000_0008_ECX.NC + 1, as on every real AMD and
 * Hygon dump we hold. Returns 0 when they agree (or the check does not
 * apply), else writes what disagrees into buf and returns its length. The
 * decision stays with Fn8000_001E, as in Linux (topology_amd.c). */
size_t topology_cross_check(const struct cpu_topology *t, char *buf, size_t cap);
/* The `smt_check` meta value: "ok" when the check ran and agreed, the
 * disagreement, or "not_checked (why)" when it does not apply: a claim only
 * about a check that ran. Written into buf (cap >= 1), which it returns. */
const char *topology_cross_check_text(const struct cpu_topology *t, char *buf, size_t cap);

/* Metadata name of a source: "cpuid.1f", "cpuid.0b", "cpuid.8000001e", "cpuid.80000008", "legacy". */
const char *topology_source_name(enum topology_source s);

/* Result of the sibling and control-CPU functions. */
enum topology_status {
	TOPOLOGY_OK = 0,
	TOPOLOGY_ERR_BENCH_NOT_ENABLED, /* bench_apic is not in the enabled list */
	TOPOLOGY_ERR_CAPACITY,          /* more siblings than out[] holds */
	TOPOLOGY_ERR_NO_OTHER_CORE,     /* every enabled CPU shares the bench CPU's core */
	TOPOLOGY_ERR_BAD_SHIFT,         /* shift >= 32 */
};

/* Text for a status, e.g. "more sibling APIC IDs than the output array holds". */
const char *topology_status_text(enum topology_status s);

/* Store in out[] (ascending, duplicates once) the enabled APIC IDs other than
 * bench_apic that share bench_apic >> smt_shift; *count gets how many. Zero
 * siblings (SMT off or absent) is TOPOLOGY_OK with *count == 0. */
enum topology_status topology_siblings(uint32_t bench_apic, uint32_t smt_shift,
				       const uint32_t *enabled_apic_ids, size_t n,
				       uint32_t *out, size_t cap, size_t *count);

/* Pick a control CPU on another core: the lowest enabled APIC ID whose core
 * (apic_id >> smt_shift) differs from bench_apic's, preferring one in the same
 * package (apic_id >> package_shift) when package_shift_known. */
enum topology_status topology_pick_control(uint32_t bench_apic, const struct cpu_topology *t,
					   const uint32_t *enabled_apic_ids, size_t n, uint32_t *out);

/* Write ids (already sorted) as a comma list "1,9" (empty string for n == 0).
 * Returns the length, or 0 with buf = "" when cap is too small and n > 0. */
size_t topology_format_apic_list(const uint32_t *ids, size_t n, char *buf, size_t cap);

#endif
