/* CPU features idlebench depends on or reports: MONITOR/MWAIT and its leaf 5
 * details, AMD MWAITX, invariant TSC, APERF/MPERF, RAPL, x2APIC, AVX family,
 * the TSC/crystal leaves 15H/16H; and the `mwait` metadata decision. */
#ifndef IDLEBENCH_PLATFORM_CPU_CPU_FEATURES_H
#define IDLEBENCH_PLATFORM_CPU_CPU_FEATURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/cpu/cpu_identity.h"
#include "platform/cpu/cpuid_fn.h"

/* Where energy counters come from. */
enum cpu_rapl {
	CPU_RAPL_NONE = 0,          /* not enumerated (or not a vendor with RAPL) */
	CPU_RAPL_AMD,               /* AMD/Hygon Fn8000_0007_EDX[14]: MSRs C001_0299/029A/029B */
	CPU_RAPL_MODEL_SPECIFIC,    /* Intel: RAPL MSRs exist per model (SDM Vol. 4), no CPUID bit */
};

/* Decoded feature flags and leaf values. Leaves above the CPU's maxima read as 0. */
struct cpu_features {
	bool monitor;                 /* CPUID.01H:ECX[3] MONITOR/MWAIT */
	bool leaf5;                   /* max basic leaf >= 5 */
	uint32_t mwait_line_min;      /* CPUID.05H:EAX[15:0] smallest monitor-line size, bytes */
	uint32_t mwait_line_max;      /* CPUID.05H:EBX[15:0] largest monitor-line size, bytes */
	bool mwait_emx;               /* CPUID.05H:ECX[0] extensions enumerated (EDX valid) */
	bool mwait_ibe;               /* CPUID.05H:ECX[1] interrupts break MWAIT even with IF=0 */
	uint8_t mwait_substates[8];   /* CPUID.05H:EDX, 4 bits per C-state: [0]=C0 ... [1]=C1 (EDX[7:4]) */
	bool mwaitx;                  /* AMD CPUID.80000001H:ECX[29] MONITORX/MWAITX */
	bool invariant_tsc;           /* CPUID.80000007H:EDX[8] */
	bool hw_pstate;               /* AMD CPUID.80000007H:EDX[7] HwPstate (P-state MSRs C001_0061..0068) */
	bool boost;                   /* AMD CPUID.80000007H:EDX[9] CPB, Intel CPUID.06H:EAX[1] Turbo Boost */
	bool lfence_always_serializing; /* AMD CPUID.80000021H:EAX[2] */
	bool aperfmperf;              /* CPUID.06H:ECX[0] IA32_APERF/IA32_MPERF */
	enum cpu_rapl rapl;
	bool x2apic;                  /* CPUID.01H:ECX[21] */
	bool htt;                     /* CPUID.01H:EDX[28] (legacy "more than one logical processor") */
	bool topoext;                 /* AMD CPUID.80000001H:ECX[22] TopologyExtensions */
	bool osxsave;                 /* CPUID.01H:ECX[27] OS has set CR4.OSXSAVE */
	bool rdrand;                  /* CPUID.01H:ECX[30] RDRAND */
	bool avx;                     /* CPUID.01H:ECX[28] (usable only with osxsave and XCR0[2:1]=11b) */
	bool avx2;                    /* CPUID.(EAX=07H,ECX=0):EBX[5] */
	bool avx512f;                 /* CPUID.(EAX=07H,ECX=0):EBX[16] */
	uint32_t tsc_ratio_den;       /* CPUID.15H:EAX, 0 when absent */
	uint32_t tsc_ratio_num;       /* CPUID.15H:EBX, 0 when absent */
	uint32_t crystal_hz;          /* CPUID.15H:ECX, 0 when not enumerated */
	uint64_t tsc_hz_cpuid;        /* crystal_hz * num / den when all three are non-zero, else 0 */
	uint32_t base_mhz;            /* CPUID.16H:EAX[15:0], 0 when absent */
	uint32_t max_mhz;             /* CPUID.16H:EBX[15:0] */
	uint32_t bus_mhz;             /* CPUID.16H:ECX[15:0] */
	/* Performance monitoring (read by kernel/cpu/pmu.c). */
	bool perfctr_core;            /* AMD CPUID.80000001H:ECX[23] PerfCtrExtCore: 6 counters at C001_0200 */
	bool irperf;                  /* AMD CPUID.80000008H:EBX[1] IRPERF: instructions-retired MSR C000_00E9 */
	bool perfmon_v2;              /* AMD CPUID.80000022H:EAX[0] PerfMonV2: PerfCntrGlobalCtl C000_0301 gates the counters */
	uint32_t pmu_version;         /* Intel CPUID.0AH:EAX[7:0] architectural perfmon version, 0 when absent */
	uint32_t pmu_gp;              /* Intel CPUID.0AH:EAX[15:8] general-purpose counters per logical CPU */
	uint32_t pmu_gp_width;        /* Intel CPUID.0AH:EAX[23:16] their width in bits */
	uint32_t pmu_events_len;      /* Intel CPUID.0AH:EAX[31:24] bits of pmu_events_absent that are valid */
	uint32_t pmu_events_absent;   /* Intel CPUID.0AH:EBX: bit set = architectural event not available */
	uint32_t pmu_fixed;           /* Intel CPUID.0AH:EDX[4:0] fixed-function counters (version >= 2) */
	uint32_t pmu_fixed_width;     /* Intel CPUID.0AH:EDX[12:5] their width in bits */
};

/* Read the feature leaves; id supplies the maxima and the vendor. */
void cpu_features_read(cpuid_fn fn, void *ctx, const struct cpu_identity *id, struct cpu_features *out);

/* Name of a RAPL source for metadata: "no", "amd", "model-specific". */
const char *cpu_rapl_name(enum cpu_rapl rapl);

/* Why MWAIT-C1 would not be used for idle (the `mwait` metadata key). */
enum cpu_mwait_verdict {
	CPU_MWAIT_YES = 0,
	CPU_MWAIT_NO_HWCR_DISABLED,   /* AMD HWCR (MSR C001_0015) bit 9 MonMwaitDis set */
	CPU_MWAIT_NO_MONITOR,         /* CPUID.01H:ECX[3] clear */
	CPU_MWAIT_NO_LEAF5,           /* max basic leaf < 5 */
	CPU_MWAIT_NO_C1_SUBSTATE,     /* CPUID.05H:ECX.EMX set but EDX[7:4] == 0 */
};

/* An MSR value the kernel read fault-tolerantly: present is false when the read faulted or was not attempted. */
struct cpu_msr_value {
	bool present;
	uint64_t value;
};

/* Decide whether MWAIT-C1 is usable for idle the way Linux's
 * prefer_mwait_c1_over_halt() decides it (since v6.0, commit aebef63cf7ff),
 * plus AMD's HWCR.MonMwaitDis. hwcr: MSR C001_0015 on AMD/Hygon, else not present. */
enum cpu_mwait_verdict cpu_mwait_decide(const struct cpu_features *f, struct cpu_msr_value hwcr);

/* Reason text for a verdict ("" for CPU_MWAIT_YES). */
const char *cpu_mwait_reason(enum cpu_mwait_verdict v);

/* Write the `mwait` metadata value: "yes" or "no (<reason>)". Returns the
 * length, or 0 (buf = "" when cap > 0) when cap is too small. */
size_t cpu_mwait_format(enum cpu_mwait_verdict v, char *buf, size_t cap);

/* Number of MWAIT C1 sub-states (CPUID.05H:EDX[7:4]), the `mwait_c1_substates` value. */
unsigned cpu_mwait_c1_substates(const struct cpu_features *f);

#endif
