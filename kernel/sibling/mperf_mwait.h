/* Whether MPERF keeps counting while a parked CPU waits in MWAIT, from AMD's
 * HWCR (MSR C001_0015) bit 26 EffFreqCntMwait read on each parked CPU, and
 * what that leaves of a mode's C0 share. Freestanding: the parked CPU reads
 * the register through a reader (kernel/sibling/park.c: rdmsr_safe; the host
 * tests: a fake MSR map), the measured CPU folds the readings.
 *
 * HWCR[26] EffFreqCntMwait, "effective frequency counting during mwait.
 * Read-write. Reset: 0. 0=The registers do not increment. 1=The registers
 * increment. Specifies whether Core::X86::Msr::MPERF and Core::X86::Msr::APERF
 * increment while the core is in the monitor event pending state" (AMD PPR
 * for family 19h, Core::X86::Msr::HWCR, as transcribed in public PPR
 * excerpts); the same bit in CoreFreq's x86_64/amd_reg.h HWCR union
 * (Family_12h: "EffFreqCntMwait : 27-26, Effective frequency counting during
 * mwait") and in AMD's AGESA MSR_AMD_HWCR_REGISTER (bit 26, between CpbDis 25
 * and EffFreqReadOnlyLock 27). HWCR is per thread ("_thread[1:0]" in the PPR
 * instance list), so each parked CPU reads its own. Hygon's family 18h PPR
 * was not available here: that Hygon keeps AMD's bit is inferred from its
 * other HWCR bits agreeing (CpbDis 25, TscFreqSel 24), unverified. */
#ifndef IDLEBENCH_KERNEL_SIBLING_MPERF_MWAIT_H
#define IDLEBENCH_KERNEL_SIBLING_MPERF_MWAIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/sibling/idle_mode.h"

#define MSR_AMD_HWCR_ADDR 0xC0010015u
#define HWCR_EFF_FREQ_CNT_MWAIT (1ull << 26)

/* One parked CPU's HWCR as its fault-tolerant read left it (the values are
 * the mailbox's hwcr_state). */
enum hwcr_reading { HWCR_NOT_READ = 0, HWCR_FAULTED, HWCR_READ };

/* What the parked CPUs' HWCR[26] says of MPERF in MWAIT (meta
 * `amd_mperf_in_mwait`): not AMD/Hygon (empty), every CPU's bit clear
 * (stops), at least one set (counts), or a read faulted, was never made, or
 * runs under a hypervisor whose HWCR is its own answer (unknown). */
enum mperf_in_mwait { MPERF_MWAIT_NOT_AMD, MPERF_MWAIT_STOPS, MPERF_MWAIT_COUNTS, MPERF_MWAIT_UNKNOWN };

/* On the parked CPU: read HWCR with rd (0 = read, else #GP) when amd_like;
 * *value is meaningful only for HWCR_READ. */
enum hwcr_reading hwcr_read(int (*rd)(uint32_t msr, uint64_t *value), bool amd_like, uint64_t *value);

/* One parked CPU's reading as the fold takes it. */
struct hwcr_cpu {
	uint32_t apic_id;
	enum hwcr_reading state;
	uint64_t value;
};

/* Fold n parked CPUs' readings (amd_like: the vendor is AMD or Hygon;
 * hypervisor: CPUID.01H:ECX[31]). note (note_size >= 1) gets the per-CPU
 * story when it is not one answer for all ("HWCR[26] set on APIC 1, clear on
 * APIC 3", "HWCR read faulted on APIC 5"), else "". */
enum mperf_in_mwait mperf_in_mwait_fold(bool amd_like, bool hypervisor, const struct hwcr_cpu *cpus, size_t n,
					char *note, size_t note_size);
/* "", "stops", "counts", "unknown". */
const char *mperf_in_mwait_name(enum mperf_in_mwait m);

/* NULL when a C0 share from MPERF means C0 in mode; else why it does not
 * (the c0_note of the mode's record): MWAIT where MPERF counts in MWAIT or
 * where that is unknown. Every other mode's residency source stops outside
 * C0 (MPERF counts in C0 only: Intel SDM Vol. 3B 15.2, AMD APM Vol. 2 17.3;
 * HWCR[26] names MWAIT's monitor event pending state alone). */
const char *mperf_c0_not_c0(enum idle_mode mode, enum mperf_in_mwait m);

/* A mode's C0 verdict from its parked CPUs: known only where every CPU
 * reported a share (all_reported), MPERF counts (mperf_counting) and a C0
 * share means C0 in mode; mean and worst are then the shares' mean and
 * maximum in permille, else RESIDENCY_UNKNOWN with *why the reason (NULL
 * when known). The idle check (idleness_judge) takes worst: unknown, it
 * decides on the wake-ups alone, so a mode is never dropped on a C0 share
 * that cannot mean C0. */
struct mode_c0 {
	bool known;
	uint32_t mean, worst;
	const char *why;
};
struct mode_c0 mode_c0_verdict(enum idle_mode mode, enum mperf_in_mwait m, bool mperf_counting, const char *mperf_why,
			       bool all_reported, uint64_t sum, uint32_t worst, size_t n);

#endif
