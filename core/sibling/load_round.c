/* Checked rounds of the load workload (load_round.h). */
#include "core/sibling/load_round.h"
#include "lib/mem.h"

const char *load_bind(struct load_work *l)
{
	int w = workload_find(LOAD_WORKLOAD);

	memset(l, 0, sizeof *l);
	if (w < 0 || !workload_expected_checksum((size_t)w, &l->expected))
		return "no build-time checksum of " LOAD_WORKLOAD " (a stale bench/expected table)";
	l->wl = workload_at((size_t)w);
	return NULL;
}

void load_round(struct load_work *l)
{
	if (!l->ready) {
		l->wl->setup(l->arena, l->wl->arena_bytes, WORKLOAD_CHECK_SEED);
		l->ready = true;
	}
	uint64_t sum = l->wl->run(l->arena, l->wl->check_iterations);
	__atomic_store_n(&l->rounds, l->rounds + 1, __ATOMIC_RELEASE);
	if (sum != l->expected)
		__atomic_store_n(&l->bad_rounds, l->bad_rounds + 1, __ATOMIC_RELEASE);
}
