/* Platform discovery on the boot CPU: CPU identity and features, SMT
 * topology, ACPI (CPUs, timers, C-states, the C2 port), TSC frequency and
 * SMBIOS, gathered once and printed as `#=` metadata in one place. */
#ifndef IDLEBENCH_KERNEL_PLATFORM_PLATFORM_H
#define IDLEBENCH_KERNEL_PLATFORM_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/acpi/acpi_c2.h"
#include "platform/acpi/acpi_summary.h"
#include "platform/acpi/acpi_tables.h"
#include "kernel/boot/boot_info.h"
#include "platform/cpu/cpu_features.h"
#include "platform/cpu/cache_info.h"
#include "kernel/cpu/machine_state.h"
#include "platform/cpu/cpu_identity.h"
#include "kernel/cpu/topology.h"
#include "platform/smbios/smbios.h"
#include "core/stream/stream.h"
#include "kernel/time/tsc_calibrate.h"

/* Most SMT siblings idlebench handles for one core (SMT4 needs 3). */
#define PLATFORM_MAX_SIBLINGS 7

/* What discovery found. */
struct platform {
	enum boot_path boot_path;      /* how the kernel was started (boot_info's path) */
	struct cpu_identity id;
	struct cpu_features feat;
	struct cpu_topology topo;
	enum cpu_mwait_verdict mwait;
	bool microcode_known;
	uint64_t microcode;
	struct cache_llc llc;          /* the last-level cache (CPUID leaf 4 / 8000_001D / 8000_0006) */
	enum cpu_lfence lfence;        /* LFENCE dispatch serialising (set on AMD/Hygon if it was not) */
	enum cpu_boost boost;          /* may the core boost (CPUID and the vendor's MSR; unknown under a hypervisor) */
	struct cpu_msr_value hwcr;     /* AMD/Hygon HWCR as read (present: false elsewhere) */
	bool pstate_known;             /* AMD/Hygon with HwPstate: P-state status read */
	unsigned pstate;               /* CurPstate (0 = the highest non-boost P-state) */
	struct cpu_msr_value pstate_stat; /* AMD/Hygon PStateStat C001_0063 as read (present: false = faulted) */
	struct cpu_msr_value pstate_def0; /* AMD/Hygon PStateDef0 C001_0064 as read (present: false = faulted) */
	uint32_t bench_apic;
	uint32_t siblings[PLATFORM_MAX_SIBLINGS];
	size_t sibling_count;
	const char *sibling_note;      /* why there are none, when there are none */

	uint64_t acpi_rsdp;            /* where the RSDP was found; 0 when nowhere */
	enum acpi_err acpi_load_status; /* the RSDP -> XSDT/RSDT walk */
	bool acpi_found;
	struct acpi_table_set tables;
	struct acpi_summary acpi;
	struct acpi_c2_decision c2;
	struct acpi_c2_hw c2_hw;       /* the raw C-state MSRs the ioport decision reads */
	struct acpi_c2_entry c2_entry; /* what the ioport read enters, whether it is run */

	bool tsc_ok;
	struct tsc_calibration tsc;
	uint64_t timer_overhead;

	enum smbios_status smbios_status;
	struct smbios_entry smbios_entry; /* valid when its entry point parsed (major != 0) */
	struct smbios_info smbios;
};

/* Empty p, then find and check the ACPI tables (no output: this runs before
 * the consoles, because the SPCR table names one). */
void platform_load_acpi(struct platform *p, const struct boot_info *bi);
/* The SPCR of the tables platform_load_acpi found, or NULL. */
const struct acpi_spcr_info *platform_spcr(const struct platform *p);
/* Run every other discovery step, after platform_load_acpi; problems (the
 * ACPI tables' too) become `#! error` warning records on s.
 * c2port: the `c2port=` override of the C2 entry port, 0 when not given. */
void platform_discover(struct platform *p, const struct boot_info *bi, uint16_t c2port, bool c2_untrapped_run,
		       struct stream *s);
/* Write the platform metadata keys (docs/stream-format.md) and a readable summary. */
void platform_report(const struct platform *p, struct stream *s);

#endif
