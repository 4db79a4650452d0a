/* The control protocol between the measured CPU and one parked CPU: one
 * cache line the measured CPU writes (command) and one the parked CPU writes
 * (acknowledgment and reports), so neither line bounces on a poll. MWAIT
 * monitors the command line: the command store is the mwait wake-up. */
#ifndef IDLEBENCH_KERNEL_SIBLING_MAILBOX_H
#define IDLEBENCH_KERNEL_SIBLING_MAILBOX_H

#include <stdbool.h>
#include <stdint.h>

/* c0_permille when the parked CPU cannot measure its C0 residency. */
#define MAILBOX_C0_UNKNOWN 0xFFFFFFFFu
/* mwait_ecx before the parked CPU has probed MWAIT (or when it never will). */
#define MAILBOX_ECX_UNPROBED 0xFFFFFFFFu

/* Shared state; both lines are 64-byte aligned. */
struct sibling_mailbox {
	/* Written by the measured CPU. */
	uint32_t cmd_seq;   /* bumped once per command; the parked CPU acts on a change */
	uint32_t cmd_mode;  /* enum idle_mode */
	uint64_t cmd_tsc;   /* TSC just before the wake was sent */
	uint8_t pad0[48];
	/* Written by the parked CPU. */
	uint32_t ack_seq;       /* cmd_seq of the last command taken */
	uint32_t ack_mode;      /* the mode it now idles in */
	uint64_t ack_tsc;       /* TSC when it saw the command */
	uint64_t wakeups;       /* returns from the idle instruction since start */
	uint32_t c0_permille;   /* C0 share (ΔMPERF/ΔTSC) over the previous command's interval */
	uint32_t mwait_ecx;     /* ECX it uses for MWAIT (1 = interrupt break), once probed */
	uint32_t mperf_state;   /* enum mperf_state (platform/sibling/residency.h), once probed */
	uint32_t hwcr_state;    /* enum hwcr_reading (kernel/sibling/mperf_mwait.h), once read */
	uint64_t hwcr;          /* its AMD HWCR (MSR C001_0015) as read, for HWCR[26] */
	uint8_t pad1[16];
} __attribute__((aligned(64)));

/* A command as the parked CPU sees it. */
struct mailbox_command {
	uint32_t seq;
	uint32_t mode;
	uint64_t tsc;
};

/* Before the CPU is first started: no command, nothing acknowledged, C0
 * share unknown, MWAIT not probed. */
void mailbox_reset(struct sibling_mailbox *m);
/* Measured CPU: post mode (tsc = send time) and return the new sequence number. */
uint32_t mailbox_post(struct sibling_mailbox *m, uint32_t mode, uint64_t tsc);
/* Measured CPU: true once the parked CPU has acknowledged command seq. */
bool mailbox_acked(const struct sibling_mailbox *m, uint32_t seq);
/* Parked CPU: true (and *out filled) when a command newer than seen_seq waits. */
bool mailbox_take(const struct sibling_mailbox *m, uint32_t seen_seq, struct mailbox_command *out);
/* Parked CPU: acknowledge cmd at time tsc with the C0 share of the interval before it. */
void mailbox_ack(struct sibling_mailbox *m, const struct mailbox_command *cmd, uint64_t tsc, uint32_t c0_permille);

#endif
