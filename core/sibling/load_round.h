/* An integer workload in checked rounds on a CPU that is not the measured
 * one: the kernel's others=load CPUs and its parked CPUs in mode busy
 * (kernel/sibling/), and idlebench linux's busy thread on the parked CPU
 * (tools/linux/linux_busy.c). A round is run(check_iterations) on the
 * CPU's own arena, set up with WORKLOAD_CHECK_SEED, so its checksum must
 * equal the build's (bench/expected.c): a wrong one is a CPU that computed
 * wrongly. Freestanding. */
#ifndef IDLEBENCH_CORE_SIBLING_LOAD_ROUND_H
#define IDLEBENCH_CORE_SIBLING_LOAD_ROUND_H

#include <stdbool.h>
#include <stdint.h>

#include "bench/workload.h"

/* The integer workload the rounds run (bench/ registry name). */
#define LOAD_WORKLOAD "sort"

struct load_work {
	const struct workload *wl;
	uint8_t *arena;    /* wl->arena_bytes, the caller's */
	uint64_t expected; /* the build's checksum of run(check_iterations) */
	bool ready;        /* the arena is set up (by the CPU that runs the rounds) */
	uint64_t rounds, bad_rounds; /* written by that CPU only (atomically); read after it stopped or acknowledged */
};

/* Zero l and find the workload and its build checksum; the caller then
 * gives l->arena (l->wl->arena_bytes). NULL, or why not. */
const char *load_bind(struct load_work *l);
/* On the CPU: one checked round (the first sets the arena up). */
void load_round(struct load_work *l);

#endif
