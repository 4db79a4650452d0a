/* The core performance counters of the measured CPU, programmed once and
 * read around each sample: retired instructions, unhalted core cycles, SMIs,
 * a dispatch-stall event (AMD/Hygon) and, on Intel, the cycles this thread
 * ran while its SMT sibling was halted (CPU_CLK_UNHALTED.ONE_THREAD_ACTIVE).
 * Counters the firmware already has enabled are left alone; a missing CPUID
 * bit or a faulting MSR disables one event with a reason; under a hypervisor
 * nothing is programmed (its virtual PMU, if any, is not the core's). MSRs
 * are reached through struct msr_ops so the host tests can fake them. */
#ifndef IDLEBENCH_KERNEL_CPU_PMU_H
#define IDLEBENCH_KERNEL_CPU_PMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/cpu/cpu_features.h"
#include "platform/cpu/cpu_identity.h"

/* AMD/Hygon (AMD APM vol. 2, 13.2 "Performance counters"; PPR for family 17h,
 * MSRC001_020[0...A] / C001_000[0...7]). */
#define MSR_AMD_PERF_CTL_LEGACY 0xC0010000u /* + i, i < 4 */
#define MSR_AMD_PERF_CTR_LEGACY 0xC0010004u /* + i, i < 4 */
#define MSR_AMD_PERF_CTL 0xC0010200u        /* + 2i, i < 6, with PerfCtrExtCore */
#define MSR_AMD_PERF_CTR 0xC0010201u        /* + 2i */
#define MSR_AMD_IRPERF 0xC00000E9u          /* IRPerfCount: instructions retired, free running */
#define HWCR_IRPERF_EN (1ull << 30)         /* HWCR (MSR_AMD_HWCR) bit 30 IRPerfEn */
#define AMD_PMU_WIDTH 48                    /* PERF_CTR[47:0] */
/* PerfMonV2 (CPUID 8000_0022 EAX[0]; Zen 4 and later): PerfCntrGlobalCtl
 * bit i (PerfCntrEn) is ANDed with PERF_CTLi.En, so a counter counts only
 * with both set (AMD APM vol. 2, 13.2 "Performance Monitor Counters",
 * "Global Control"; PPR for family 19h model 11h, 55901, MSRC000_0301;
 * Linux arch/x86/events/amd/core.c: amd_pmu_cpu_reset() clears it at CPU
 * bring-up, amd_pmu_v2_enable_all() sets the counters' bits). Firmware or a
 * previous OS may leave it 0: every counter then reads back unchanged. */
#define MSR_AMD_PERF_CNTR_GLOBAL_CTL 0xC0000301u
/* Intel (SDM vol. 3B, 20.2 "Architectural performance monitoring"; vol. 4, table 2-2). */
#define MSR_SMI_COUNT 0x34u                 /* SMIs since reset, bits 31:0 (Nehalem and later) */
#define MSR_IA32_PMC0 0xC1u                 /* + i */
#define MSR_IA32_PERFEVTSEL0 0x186u         /* + i */
#define MSR_IA32_FIXED_CTR0 0x309u          /* + i: 0 instructions, 1 core cycles, 2 reference cycles */
#define MSR_IA32_FIXED_CTR_CTRL 0x38Du      /* 4 bits per fixed counter: bit 0 OS, bit 1 USR */
#define MSR_IA32_PERF_GLOBAL_CTRL 0x38Fu    /* bit i: PMCi, bit 32 + i: FIXED_CTRi (version >= 2) */
/* Bits shared by AMD PERF_CTL and Intel IA32_PERFEVTSELx. */
#define PERF_CTL_USR (1ull << 16)
#define PERF_CTL_OS (1ull << 17)
#define PERF_CTL_EN (1ull << 22)

/* Reading and writing MSRs: 0 on success, -1 when the access faulted (the
 * kernel passes rdmsr_safe/wrmsr_safe from kernel/arch/msr.h). */
struct msr_ops {
	int (*rd)(uint32_t msr, uint64_t *value);
	int (*wr)(uint32_t msr, uint64_t value);
};

/* What the counters measure; the names are the stream's column names. */
enum pmu_event {
	PMU_INSTRUCTIONS,      /* retired instructions */
	PMU_UNHALTED_CYCLES,   /* core cycles while not halted */
	PMU_SMIS,              /* system-management interrupts */
	PMU_STALL_CYCLES,      /* AMD: cycles dispatch stalled for lack of retire (ROB) tokens */
	PMU_ONE_THREAD_ACTIVE, /* Intel: cycles the other SMT thread was halted (crystal clock) */
	PMU_EVENT_COUNT,
};

/* Which PMU was found. */
enum pmu_kind {
	PMU_NONE,       /* nothing is counted (none_reason says why) */
	PMU_AMD_CORE,   /* six counters at C001_0200 (PerfCtrExtCore) */
	PMU_AMD_LEGACY, /* four counters at C001_0000 */
	PMU_INTEL_ARCH, /* architectural performance monitoring (CPUID leaf 0AH) */
};

/* Where an event is counted. */
enum pmu_source {
	PMU_SRC_NONE,      /* not counted: reason says why */
	PMU_SRC_GP,        /* general-purpose counter index, programmed with event/umask */
	PMU_SRC_FIXED,     /* Intel fixed counter index */
	PMU_SRC_IRPERF,    /* AMD IRPerfCount */
	PMU_SRC_SMI_COUNT, /* Intel MSR_SMI_COUNT */
};

/* One event's counter. */
struct pmu_counter {
	enum pmu_source source;
	unsigned index;     /* GP or fixed counter number */
	uint16_t event;     /* GP: event select (AMD: 12 bits) */
	uint8_t umask;      /* GP: unit mask */
	uint32_t msr;       /* the counter read around each sample */
	uint64_t mask;      /* 2^width - 1: deltas are taken modulo the width */
	const char *reason; /* source NONE: why (a static string) */
	bool unverified;    /* GP: no source confirms this event/umask for this model (the meta says so) */
};

/* The programmed PMU. */
struct pmu {
	enum pmu_kind kind;
	const struct msr_ops *ops;
	const char *none_reason;  /* kind NONE: why */
	char why[48];             /* room for a none_reason that names something (the hypervisor) */
	unsigned version;         /* Intel architectural perfmon version */
	unsigned gp, fixed;       /* counters of each kind */
	unsigned gp_width, fixed_width;
	uint32_t gp_owned, fixed_owned;   /* enabled by the firmware: left alone */
	uint32_t gp_faulted;              /* whose MSRs faulted */
	uint32_t gp_used, fixed_used;     /* programmed by us */
	bool irperf;                      /* AMD IRPerfCount in use */
	bool perfmon_v2;                  /* AMD PerfCntrGlobalCtl (saved_global, wrote_global) */
	const char *not_counting;         /* pmu_check_counting: why nothing counts (then no event is counted) */
	struct pmu_counter ev[PMU_EVENT_COUNT];
	/* What pmu_restore puts back: the MSRs as the firmware left them. */
	uint64_t saved_gp_ctl[32], saved_gp_ctr[32];  /* GP counters we programmed */
	uint64_t saved_fixed_ctr[32];                 /* fixed counters we zeroed */
	uint64_t saved_fixed_ctrl, saved_global;      /* Intel FIXED_CTR_CTRL, PERF_GLOBAL_CTRL; AMD PerfCntrGlobalCtl */
	bool wrote_fixed_ctrl, wrote_global;
	bool set_irperf_en;                           /* we set AMD HWCR.IRPerfEn */
	uint64_t saved_hwcr;
};

/* One reading of every counted event. */
struct pmu_reading {
	uint64_t value[PMU_EVENT_COUNT];
	uint32_t faulted; /* bit e: the read of event e faulted */
};

/* Find and program the counters on the calling CPU (the measured one). id and
 * f are the platform's; the hypervisor flag in id leaves the PMU alone. */
void pmu_setup(struct pmu *p, const struct cpu_identity *id, const struct cpu_features *f, const struct msr_ops *ops);
/* Read the counters around a busy loop on the calling CPU (after pmu_setup):
 * retired instructions and unhalted cycles cannot stay still while it runs.
 * When every such counted event reads back unchanged, nothing counts (a
 * global enable we could not set, a counter frozen by the firmware or a
 * hypervisor we did not detect): the PMU is `not_counting (why)` and no
 * column is filled, not a column of zeros. When one of them alone stands
 * still, that event is not counted, with the reason. */
void pmu_check_counting(struct pmu *p);
/* Put back every PMU MSR pmu_setup changed, as the firmware had it (a second
 * run, or the OS booted after the UEFI app, sees no counters of ours), on the
 * CPU pmu_setup ran on; p then counts nothing. */
void pmu_restore(struct pmu *p);
/* True when event e is counted. */
bool pmu_counts(const struct pmu *p, enum pmu_event e);
/* Read every counted event (the others read 0). */
void pmu_read(const struct pmu *p, struct pmu_reading *out);
/* The count of e between readings a and b, modulo the counter's width (one
 * wrap is exact); false when e is not counted or either read faulted. */
bool pmu_delta(const struct pmu *p, enum pmu_event e, const struct pmu_reading *a, const struct pmu_reading *b,
	       uint64_t *delta);
/* pmu_delta for a sample that ran a workload: a 0 from an event that always
 * advances while the CPU runs (instructions, unhalted cycles) is a counter
 * that did not count, so false (an empty cell), never a measured 0. */
bool pmu_busy_delta(const struct pmu *p, enum pmu_event e, const struct pmu_reading *a, const struct pmu_reading *b,
		    uint64_t *delta);
/* The event's name: the column name ("instructions", ...). */
const char *pmu_event_name(enum pmu_event e);
/* The `pmu` meta value: "amd-core gp=6 width=48 irperf=yes firmware_owned=pmc3",
 * "amd-core gp=6 width=48 irperf=yes perfmon_v2=yes global_ctl=0x0 firmware_owned=none",
 * "intel-arch v4 fixed=3 gp=4 width=48 firmware_owned=none", "none (reason)",
 * "not_counting (reason; amd-core ...)".
 * Returns the length like fmt_snprintf. */
int pmu_format(const struct pmu *p, char *buf, size_t size);
/* The `pmu.<event>` meta value: "pmc0 event=0x76 umask=0x00", "pmc2
 * event=0xAF umask=0x40 unverified", "fixed1", "irperf", "smi_count", or
 * "none (reason)". */
int pmu_format_event(const struct pmu *p, enum pmu_event e, char *buf, size_t size);

struct stream;
/* Write the `pmu` key and, when a PMU was found and counts, one `pmu.<event>` key per event. */
void pmu_write_meta(const struct pmu *p, struct stream *s);

#endif
