/* The sibling's cpuidle states (Documentation/admin-guide/pm/cpuidle.rst,
 * "Representation of Idle States"): enumerated from
 * /sys/devices/system/cpu/cpuS/cpuidle/stateK/, each mapped to an idlebench
 * mode by what it is (name and desc), never by its index; and the disable
 * pattern that leaves exactly one of them enabled. */
#ifndef IDLEBENCH_TOOLS_LINUX_CPUIDLE_H
#define IDLEBENCH_TOOLS_LINUX_CPUIDLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/sibling/idle_mode.h"
#include "tools/linux/linux_sysfs.h"

/* CPUIDLE_STATE_MAX in include/linux/cpuidle.h. */
#define LINUX_IDLE_STATES_MAX 10

/* One stateK directory. */
struct linux_idle_state {
	char name[32], desc[64];
	uint64_t latency_us, residency_us;
	bool disabled;            /* disable reads 1 */
	uint64_t usage, time_us;  /* entries and total residency (updated when the state is left) */
	enum idle_mode mode;      /* IDLE_MODE_COUNT: no idlebench mode (why in `unmapped`) */
	char unmapped[96];
};

/* The driver, governor and states of one CPU. */
struct linux_cpuidle {
	int cpu;
	bool present;                 /* cpuN/cpuidle exists */
	char driver[32], governor[32];
	char available_governors[96]; /* "" when not listed */
	char cmdline[1024];           /* /proc/cmdline */
	char idle_override[32];       /* the idle= word of the command line, "" when none */
	size_t count;
	struct linux_idle_state state[LINUX_IDLE_STATES_MAX];
	char why[256];                /* !present: why there are no states */
};

/* The mode a state is, from its driver, name and desc: POLL -> poll; a desc
 * "MWAIT 0x00" (intel_idle) or "ACPI FFH MWAIT 0x0" (acpi_idle) -> mwait,
 * hint 0x01 -> c1e; "ACPI HLT" and haltpoll's state -> hlt (under a
 * hypervisor the guest's halt is what the host sees); the first "ACPI
 * IOPORT 0x…" -> ioport (seen_ioport: one came before); otherwise the
 * lowercased name when it is a Linux mode (c1e, c3, c6). IDLE_MODE_COUNT
 * with why filled when none fits. */
enum idle_mode linux_idle_state_mode(const char *driver, const char *name, const char *desc, bool seen_ioport,
				     char *why, size_t why_size);
/* Read cpu's states (and the driver, governor, command line). False only when
 * cpuN/cpuidle exists but a state cannot be read (why says which). */
bool linux_cpuidle_read(const struct linux_root *r, int cpu, struct linux_cpuidle *ci);
/* Re-read only usage and time of every state (the per-sample proof). False when one cannot be read. */
bool linux_cpuidle_counters(const struct linux_root *r, int cpu, uint64_t usage[], uint64_t time_us[], size_t count);
/* The state that is mode (the first, when several are), -1 when none. */
int linux_cpuidle_state_of(const struct linux_cpuidle *ci, enum idle_mode mode);
/* Why mode cannot be measured on this CPU, in words that say what the user
 * would do (NULL when it can: its state exists, or offline with an online
 * file). Controls are judged as the mode they park as. */
const char *linux_mode_unavailable(const struct linux_root *r, const struct linux_cpuidle *ci, enum idle_mode mode,
				   char *why, size_t size);
/* How this boot enters C1, from the states' modes (linux_idle_state_mode):
 * "mwait" (a state maps to mwait: acpi_idle's "ACPI FFH MWAIT 0x0",
 * intel_idle's "MWAIT 0x00"; or the state named C1 has any MWAIT hint,
 * "ACPI FFH MWAIT 0x1"), "hlt" (one maps to hlt: "ACPI HLT", after
 * idle=nomwait or without MWAIT, or haltpoll's), "none" (no cpuidle state
 * of either kind: with idle=halt default_idle halts, but through no cpuidle
 * state). The meta linux_c1: what a boot offers as the
 * sibling's C1, which the two-boot procedure changes (docs/linux-mode.md). */
const char *linux_c1_entry(const struct linux_cpuidle *ci);
/* Whether b (another parked CPU, placement=both) offers the same states as
 * a, index for index (name and desc): a mode is then the same stateK on
 * both. False with why naming the first difference. */
bool linux_cpuidle_same_states(const struct linux_cpuidle *a, const struct linux_cpuidle *b, char *why, size_t size);

#endif
