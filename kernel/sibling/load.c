/* Checked rounds of the load workload (load.h). */
#include "kernel/sibling/load.h"
#include "lib/mem.h"

const char *load_prepare(struct load_work *l, struct phys_alloc *phys)
{
	int w = workload_find(LOAD_WORKLOAD);

	memset(l, 0, sizeof *l);
	if (w < 0 || !workload_expected_checksum((size_t)w, &l->expected))
		return "no build-time checksum of " LOAD_WORKLOAD " (a stale bench/expected table)";
	l->wl = workload_at((size_t)w);
	uint64_t arena = phys_alloc_take(phys, l->wl->arena_bytes, 4096, 0x100000000ull);
	if (!arena)
		return "no memory below 4 GiB for the " LOAD_WORKLOAD " arena";
	l->arena = (uint8_t *)(uintptr_t)arena;
	return NULL;
}

void load_round(struct load_work *l)
{
	if (!l->ready) {
		l->wl->setup(l->arena, l->wl->arena_bytes, WORKLOAD_CHECK_SEED);
		l->ready = true;
	}
	uint64_t sum = l->wl->run(l->arena, l->wl->check_iterations);
	__atomic_store_n(&l->rounds, l->rounds + 1, __ATOMIC_RELAXED);
	if (sum != l->expected)
		__atomic_store_n(&l->bad_rounds, l->bad_rounds + 1, __ATOMIC_RELAXED);
}
