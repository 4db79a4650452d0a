/* The parts of the machine's state that change what a sample measures and
 * that firmware may have set either way: whether LFENCE is dispatch
 * serialising (the timing code's fences rely on it), whether the core may
 * boost, and the current P-state. The decisions are pure functions of CPUID
 * and MSR values (host-tested with made-up MSR values); the platform code
 * reads and writes the MSRs with the fault-tolerant accessors. */
#ifndef IDLEBENCH_KERNEL_CPU_MACHINE_STATE_H
#define IDLEBENCH_KERNEL_CPU_MACHINE_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "platform/cpu/cpu_features.h"
#include "platform/cpu/cpu_identity.h"

/* AMD/Hygon DE_CFG (MSR C001_1029) bit 1: LFENCE is dispatch serialising
 * (AMD, "Software Techniques for Managing Speculation on AMD Processors",
 * mitigation G-2). Linux writes it with the safe accessor on AMD and Hygon,
 * relying on the families without the bit (0Fh, 11h) serialising anyway. */
#define MSR_AMD_DE_CFG 0xC0011029u
#define DE_CFG_LFENCE_SERIALIZE (1ull << 1)
#define MSR_AMD_HWCR 0xC0010015u
/* AMD/Hygon HWCR (MSR C001_0015, read by the platform code): bit 25 CpbDis
 * (core performance boost disabled), bit 24 TscFreqSel (the TSC counts at
 * the P0 frequency). CpbDis: PPR Core::X86::Msr::HWCR, "CpbDis: core
 * performance boost disable. Read-write. Reset: 0. 0=CPB is requested to be
 * enabled. 1=CPB is disabled." (as quoted from a family 19h PPR; the
 * family 17h PPR 54945 and Hygon's 18h PPR were not opened: unverified for
 * them beyond Linux, whose MSR_K7_HWCR_CPB_DIS_BIT is 25 and whose
 * acpi-cpufreq boost switch writes it on AMD and Hygon alike). */
#define HWCR_TSC_FREQ_SEL (1ull << 24)
#define HWCR_CPB_DIS (1ull << 25)
/* AMD/Hygon P-state status (MSR C001_0063, PPR Core::X86::Msr::PStateStat):
 * bits 2:0 CurPstate, the current non-boosted P-state (the PPR: "the
 * frequency component of the current non-boosted P-state"; a boosted core
 * still reads 0). */
#define MSR_AMD_PSTATE_STATUS 0xC0010063u
/* AMD/Hygon P-state 0 definition (MSR C001_0064, PPR Core::X86::Msr::PStateDef,
 * family 17h layout: 7:0 CpuFid, 13:8 CpuDfsId, 21:14 CpuVid, 63 PstateEn;
 * field layout as quoted by CoreFreq and AMD's own uProf headers, PPR not
 * opened: recorded raw, not decoded). */
#define MSR_AMD_PSTATE_DEF0 0xC0010064u
/* Intel IA32_MISC_ENABLE (MSR 1A0H) bit 38: Turbo Mode disable (SDM vol. 4, table 2-2). */
#define MSR_IA32_MISC_ENABLE 0x1A0u
#define MISC_ENABLE_TURBO_DISABLE (1ull << 38)

/* Whether LFENCE serialises dispatch, and why we know. */
enum cpu_lfence {
	CPU_LFENCE_ARCHITECTURAL, /* Intel: LFENCE waits for prior instructions (SDM vol. 2A, LFENCE) */
	CPU_LFENCE_ALWAYS,        /* AMD CPUID 8000_0021 EAX[2] LfenceAlwaysSerializing */
	CPU_LFENCE_FAMILY,        /* AMD families 0Fh and 11h: always serialising, no DE_CFG bit */
	CPU_LFENCE_ALREADY,       /* DE_CFG bit 1 was set when we looked */
	CPU_LFENCE_SET,           /* we set DE_CFG bit 1 and read it back set */
	CPU_LFENCE_NOT_SET,       /* DE_CFG could not be read, written or did not keep the bit */
	CPU_LFENCE_UNKNOWN,       /* another vendor: no documented way to know */
};

/* True when the platform should read DE_CFG and set bit 1 if clear: AMD or
 * Hygon, family >= 10h, and not LfenceAlwaysSerializing. */
bool cpu_lfence_wants_de_cfg(const struct cpu_identity *id, const struct cpu_features *f);
/* The verdict from DE_CFG as first read (before) and as read back after
 * setting bit 1 (after; not present when no write was attempted). */
enum cpu_lfence cpu_lfence_decide(const struct cpu_identity *id, const struct cpu_features *f,
				  struct cpu_msr_value before, struct cpu_msr_value after);
/* The `lfence_serializing` meta value: "yes", "set", "no", or "unknown"
 * (another vendor: nothing was measured). */
const char *cpu_lfence_value(enum cpu_lfence l);
/* The `lfence_source` meta value: why ("intel-architectural",
 * "cpuid-8000_0021", "family", "de_cfg", "de_cfg-unwritable", "unknown"). */
const char *cpu_lfence_source(enum cpu_lfence l);

/* Whether the core may run above its base frequency. */
enum cpu_boost {
	CPU_BOOST_ENABLED,
	CPU_BOOST_DISABLED,   /* firmware or the OS turned it off (HWCR CpbDis / MISC_ENABLE bit 38) */
	CPU_BOOST_ABSENT,     /* the CPU does not enumerate it (CPUID 8000_0007 EDX[9] / 06H EAX[1]) */
	CPU_BOOST_UNKNOWN,    /* the controlling MSR could not be read */
};

/* Boost from CPUID and the vendor's control MSR (HWCR on AMD/Hygon,
 * IA32_MISC_ENABLE on Intel; either may be absent; the caller passes it
 * absent where it cannot be trusted, e.g. under a hypervisor). Intel's
 * MISC_ENABLE bit 38 is asked before CPUID, because setting it clears
 * CPUID.06H:EAX[1]. On bare-metal Hygon family 18h and AMD Zen 1 (family
 * 17h models 00h-2Fh, 50h-5Fh) CPB is taken as present whatever CPUID
 * 8000_0007 EDX[9] says, as Linux does, and HWCR CpbDis decides. */
enum cpu_boost cpu_boost_decide(const struct cpu_identity *id, const struct cpu_features *f, struct cpu_msr_value ctl);
/* The `boost` meta value: "enabled", "disabled", "absent", "unknown". */
const char *cpu_boost_name(enum cpu_boost b);

#endif
