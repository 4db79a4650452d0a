/* An integer workload in checked rounds on a CPU that is not the measured
 * one: the others=load CPUs (others.c) and the parked CPUs in mode busy
 * (park.c). A round is run(check_iterations) on the CPU's own arena, set up
 * with WORKLOAD_CHECK_SEED, so its checksum must equal the build's
 * (bench/expected.c): a wrong one is a CPU that computed wrongly. */
#ifndef IDLEBENCH_KERNEL_SIBLING_LOAD_H
#define IDLEBENCH_KERNEL_SIBLING_LOAD_H

#include <stdbool.h>
#include <stdint.h>

#include "bench/workload.h"
#include "kernel/mm/phys_alloc.h"

/* The integer workload the rounds run (bench/ registry name). */
#define LOAD_WORKLOAD "sort"

struct load_work {
	const struct workload *wl;
	uint8_t *arena;
	uint64_t expected; /* the build's checksum of run(check_iterations) */
	bool ready;        /* the arena is set up (by the CPU that runs the rounds) */
	uint64_t rounds, bad_rounds; /* written by that CPU only; read after its acknowledgment */
};

/* The workload, its build checksum and an arena below 4 GiB for l (zeroed
 * first). NULL, or why not. */
const char *load_prepare(struct load_work *l, struct phys_alloc *phys);
/* On the CPU: one checked round (the first sets the arena up). */
void load_round(struct load_work *l);

#endif
