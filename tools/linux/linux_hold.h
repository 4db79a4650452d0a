/* Holding the parked CPU in one state where `disable` alone does not
 * (Documentation/admin-guide/pm/cpuidle.rst, "Power Management Quality of
 * Service for CPUs" and "Idle State Selection"): the parked CPU's own
 * resume-latency limit (cpuS/power/pm_qos_resume_latency_us, per CPU,
 * unlike /dev/cpu_dma_latency) and, only where the governor ignores
 * `disable`, another governor (system-wide; saved and restored like every
 * other value). Pure decisions here; tools/linux/linux_run.c writes them through
 * the restore journal and records them as meta. */
#ifndef IDLEBENCH_TOOLS_LINUX_HOLD_H
#define IDLEBENCH_TOOLS_LINUX_HOLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tools/linux/linux_cpuidle.h"

/* The value to write to the parked CPU's pm_qos_resume_latency_us so that
 * state k can be held, given the value found there (as sysfs shows it:
 * "0" = no limit, "n/a" = no latency accepted, else microseconds):
 * "n/a" for the POLL state (every governor, haltpoll included, picks
 * state 0 when the CPU's limit is 0: cpuidle_governor_latency_req()),
 * "0" for a deeper state the value found forbids (n/a, or a limit below
 * the state's exit latency), NULL when the value found is right. */
const char *linux_hold_qos(const struct linux_cpuidle *ci, int k, const char *found);

/* Whether the governor picks state k by itself once every other state is
 * disabled and the QoS limit above is written. haltpoll
 * (drivers/cpuidle/governors/haltpoll.c) ignores `disable`: it returns
 * state 0 when the limit is 0, otherwise state 1 when its poll window
 * (module haltpoll, guest_halt_poll_ns) is 0, else it polls in state 0
 * before it halts, and never picks a state beyond 1. ladder
 * (governors/ladder.c) climbs one state at a time and does not climb into
 * a disabled one, so with POLL held below state 1 it never reaches a state
 * beyond 1 (seen in the QEMU guest test: C2 entered in 1 of 5 samples).
 * menu and teo honour `disable` for every state. halt_poll_ns < 0: not
 * known (read as not 0). */
bool linux_hold_governor_holds(const char *governor, int k, long long halt_poll_ns);

/* The governor a run that holds the states in mask (bit k = state k) needs:
 * NULL when the current one holds them all; else the first of menu, teo,
 * ladder in available (space separated, as available_governors lists them)
 * that holds them all, with why filled; NULL with why filled when none of
 * them is available. */
const char *linux_hold_governor(const char *governor, const char *available, uint32_t mask, long long halt_poll_ns,
				char *why, size_t size);

#endif
