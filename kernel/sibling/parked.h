/* Private to kernel/sibling/: the parked CPUs and the protocol steps that
 * sibling.c (bring-up, mode commands) and sibling_check.c (the `run=siblings`
 * check, wake latency) share. Nothing outside this folder includes it. */
#ifndef IDLEBENCH_KERNEL_SIBLING_PARKED_H
#define IDLEBENCH_KERNEL_SIBLING_PARKED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/sibling/idle_mode.h"
#include "kernel/sibling/mperf_mwait.h"
#include "kernel/sibling/park.h"
#include "kernel/smp/smp.h"
#include "core/stream/stream.h"

/* A parked CPU gets this long to acknowledge a command. Generous: QEMU TCG
 * on a loaded 2-core host is slow. */
#define PARKED_ACK_TIMEOUT_US 1000000

/* A command not acknowledged within this long is followed by the next
 * wake path (store -> wake IPI -> NMI -> re-INIT). Long enough for a
 * descheduled QEMU vCPU thread, short against PARKED_ACK_TIMEOUT_US. */
#define PARKED_WAKE_STEP_US 20000

/* How a command reached a parked CPU, in escalation order. */
enum wake_path {
	WAKE_PATH_STORE,   /* the mailbox store itself (MONITOR saw it, or the CPU polls) */
	WAKE_PATH_IPI,     /* the wake IPI (HLT, the port read; MWAIT with ECX=1) */
	WAKE_PATH_NMI,     /* an NMI (breaks HLT and MWAIT always) */
	WAKE_PATH_RESTART, /* nothing woke it: INIT-SIPI-SIPI, the command waiting */
	WAKE_PATH_FAULTED, /* it faulted (its CPU_EXCEPTION record): neither woken nor restarted */
	WAKE_PATH_NONE,    /* not even INIT-SIPI-SIPI got an acknowledgment */
};
/* "store", "ipi", "nmi", "restart", "faulted", "none". */
const char *wake_path_name(enum wake_path p);

/* The parked CPUs (the first parked_count are in use) and the mode they
 * were last commanded into. */
extern struct parked_cpu parked_cpus[];
extern size_t parked_count;
extern enum idle_mode parked_mode;

/* Post mode to one CPU and wake it the way its current mode needs (or the
 * way this platform was found to need); returns the command's sequence
 * number, *sent_tsc (if non-NULL) when it was sent, *path the path used. */
uint32_t parked_command(struct parked_cpu *pc, enum idle_mode mode, uint64_t *sent_tsc, enum wake_path *path);
/* Wait up to timeout_us for pc to acknowledge command seq; false at once
 * when it has faulted (fault_report_cpu_faulted). */
bool parked_wait_ack(struct parked_cpu *pc, uint32_t seq, uint64_t timeout_us);
/* Wait for command seq sent by path; unacknowledged after
 * PARKED_WAKE_STEP_US, escalate: wake IPI, NMI (the last gets the rest of
 * timeout_us), then re-INIT the CPU with the command waiting. Returns the
 * path that got the acknowledgment (WAKE_PATH_NONE: none did), or
 * WAKE_PATH_FAULTED for a CPU that faulted, checked before every step: it
 * gets no NMI and no INIT (it may hold the stream's lock mid-report). */
enum wake_path parked_wake_wait(struct parked_cpu *pc, uint32_t seq, enum wake_path path, uint64_t timeout_us);
/* The slowest path sibling_set_mode's last commands needed over all CPUs. */
enum wake_path parked_last_wake_path(void);
/* An `#! error` record about one parked CPU. */
void parked_error(struct stream *s, const char *code, uint32_t apic, const char *msg);
/* What the parked CPUs' HWCR[26] said of MPERF in MWAIT at bring-up. */
enum mperf_in_mwait sibling_mperf_in_mwait(void);
/* True when the parked CPUs can report C0 residency (APERF/MPERF). */
bool parked_aperfmperf(void);

#endif
