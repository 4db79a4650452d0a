/* The kernel's load arenas (load.h). */
#include "kernel/sibling/load.h"

const char *load_prepare(struct load_work *l, struct phys_alloc *phys)
{
	const char *why = load_bind(l);

	if (why)
		return why;
	uint64_t arena = phys_alloc_take(phys, l->wl->arena_bytes, 4096, 0x100000000ull);
	if (!arena)
		return "no memory below 4 GiB for the " LOAD_WORKLOAD " arena";
	l->arena = (uint8_t *)(uintptr_t)arena;
	return NULL;
}
