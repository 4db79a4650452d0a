/* The idle modes a parked CPU can sit in: one table, whose names are the
 * contract on the command line (`modes=`), in the CSV and in the report. */
#ifndef IDLEBENCH_KERNEL_SIBLING_IDLE_MODE_H
#define IDLEBENCH_KERNEL_SIBLING_IDLE_MODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The modes, in the order runs visit them. */
enum idle_mode {
	IDLE_HLT,    /* HLT with interrupts on; woken by an IPI */
	IDLE_MWAIT,  /* MONITOR the mailbox line, MWAIT(hint); woken by a store */
	IDLE_IOPORT, /* read the C2 I/O port (ACPI C2 entry); woken by an IPI */
	IDLE_SPIN,   /* PAUSE loop on the mailbox: the fully active sibling */
	IDLE_OFF,    /* not running: INIT sent, back in wait-for-SIPI */
	/* Controls: the parked CPUs sit in hlt; only the measurement differs. */
	IDLE_HLT2,   /* the A/A arm: a second hlt, interleaved like the others; must show 0 */
	IDLE_SPIKE,  /* the spike-in: hlt, but the workload runs 1 % more iterations than counted */
	IDLE_BUSY,   /* the positive control: the parked CPU runs an integer workload (checked) */
	/* `idlebench linux` only: cpuidle states chosen through sysfs (tools/linux/linux_cpuidle.h). */
	IDLE_POLL,    /* cpuidle POLL: the kernel's PAUSE loop in poll_idle() (busy, like spin) */
	IDLE_C1E,     /* intel_idle C1E (MWAIT 0x01) */
	IDLE_C3,      /* a C3 (intel_idle MWAIT 0x10, or acpi_idle's second I/O-port state) */
	IDLE_C6,      /* intel_idle C6 (MWAIT 0x20) */
	IDLE_OFFLINE, /* cpuS/online = 0: Linux's CPU offline, not the kernel's INIT (`off`) */
	IDLE_MODE_COUNT,
};

/* How the measured CPU wakes a CPU parked in a mode. */
enum idle_wake {
	IDLE_WAKE_IPI,     /* mailbox store, then the wake IPI */
	IDLE_WAKE_STORE,   /* the mailbox store itself */
	IDLE_WAKE_RESTART, /* INIT-SIPI-SIPI */
};

/* One row of the table. */
struct idle_mode_info {
	const char *name;
	enum idle_wake wake;
	const char *summary;
	enum idle_mode parks_as; /* the state the parked CPUs take (a control's is hlt) */
	unsigned extra_work_pct; /* iterations run beyond those counted, in % of them (spike: 1) */
	bool idles;              /* meant to idle the parked CPU: its dwell must look idle (residency.h) */
	unsigned where;          /* IDLE_IN_KERNEL, IDLE_IN_LINUX or both: which front end offers it */
};

/* Which front end offers a mode (struct idle_mode_info.where). */
#define IDLE_IN_KERNEL 1u /* the bare-metal kernel's modes= */
#define IDLE_IN_LINUX  2u /* `idlebench linux --modes=` */

/* The table, indexed by enum idle_mode. */
extern const struct idle_mode_info idle_modes[IDLE_MODE_COUNT];

/* Default `modes=` value (the quick preset leaves the controls out). */
#define IDLE_MODES_DEFAULT "hlt,mwait,ioport,spin,off,hlt2,spike,busy"
/* The controls that park as hlt (the A/A arm and the spike-in). */
#define IDLE_HLT_CONTROL_MASK ((1u << IDLE_HLT2) | (1u << IDLE_SPIKE))
/* The control modes' bits: those and busy, whose known effect is the SMT
 * contention itself (never the primary result). */
#define IDLE_CONTROL_MASK (IDLE_HLT_CONTROL_MASK | (1u << IDLE_BUSY))

/* Whether mode is a control (hlt2, spike, busy): never the primary result. */
static inline bool idle_mode_is_control(enum idle_mode mode)
{
	return mode < IDLE_MODE_COUNT && (IDLE_CONTROL_MASK >> mode & 1u);
}

/* The mode called name, or IDLE_MODE_COUNT when there is none. */
enum idle_mode idle_mode_from_name(const char *name, size_t len);
/* The modes a front end offers (IDLE_IN_KERNEL or IDLE_IN_LINUX) as a bit mask. */
uint32_t idle_modes_offered(unsigned where);
/* Parse a comma list of the kernel's mode names into a bit mask (bit = enum value).
 * Returns NULL, or a reason (unknown or repeated name, empty item) written
 * into err (non-NULL, err_size >= 1), which lists the valid names. The mask
 * has no order: runs visit modes in table order. */
const char *idle_modes_parse(const char *list, uint32_t *mask, char *err, size_t err_size);
/* idle_modes_parse for the front end `where`: a mode it does not offer is
 * an unknown mode there, and the error lists only the modes it offers. */
const char *idle_modes_parse_in(const char *list, unsigned where, uint32_t *mask, char *err, size_t err_size);
/* Option-table validator for the kernel's `modes=`. */
const char *idle_modes_validate(const char *value);
/* Option-table validator for `idlebench linux --modes=`. */
const char *idle_modes_validate_linux(const char *value);

#endif
