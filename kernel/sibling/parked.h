/* Private to kernel/sibling/: the parked CPUs and the protocol steps that
 * sibling.c (bring-up, mode commands) and sibling_check.c (the `run=siblings`
 * check, wake latency) share. Nothing outside this folder includes it. */
#ifndef IDLEBENCH_KERNEL_SIBLING_PARKED_H
#define IDLEBENCH_KERNEL_SIBLING_PARKED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/sibling/idle_mode.h"
#include "kernel/smp/smp.h"
#include "kernel/stream/stream.h"

/* A parked CPU gets this long to acknowledge a command. Generous: QEMU TCG
 * on a loaded 2-core host is slow. */
#define PARKED_ACK_TIMEOUT_US 1000000

/* The parked CPUs (the first parked_count are in use) and the mode they
 * were last commanded into. */
extern struct ap_cpu parked_cpus[];
extern size_t parked_count;
extern enum idle_mode parked_mode;

/* Post mode to one CPU and wake it the way its current mode needs; returns
 * the command's sequence number, *sent_tsc (if non-NULL) when it was sent. */
uint32_t parked_command(struct ap_cpu *ap, enum idle_mode mode, uint64_t *sent_tsc);
/* Wait up to timeout_us for ap to acknowledge command seq. */
bool parked_wait_ack(struct ap_cpu *ap, uint32_t seq, uint64_t timeout_us);
/* An `#! error` record about one parked CPU. */
void parked_error(struct stream *s, const char *code, uint32_t apic, const char *msg);
/* True when the parked CPUs can report C0 residency (APERF/MPERF). */
bool parked_aperfmperf(void);

#endif
