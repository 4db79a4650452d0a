/* The roles of the machine's CPUs during a run (freestanding). */
#include "kernel/sibling/cpu_roles.h"

static const char *const names[OTHERS_MODE_COUNT] = {
	[OTHERS_LEAVE] = "leave",
	[OTHERS_HLT] = "hlt",
	[OTHERS_OFF] = "off",
	[OTHERS_LOAD] = "load",
};

const char *others_mode_name(enum others_mode m)
{
	return (unsigned)m < OTHERS_MODE_COUNT ? names[m] : "?";
}

static bool listed(uint32_t id, const uint32_t *ids, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (ids[i] == id)
			return true;
	return false;
}

/* Append id to out (cap entries, kept ascending: the input is ascending). */
static bool add(uint32_t id, uint32_t *out, size_t cap, size_t *n)
{
	if (*n == cap)
		return false;
	out[(*n)++] = id;
	return true;
}

bool cpu_roles_split(const struct cpu_roles_input *in, uint32_t *held, size_t held_cap, size_t *held_count,
		     uint32_t *others, size_t others_cap, size_t *others_count)
{
	bool fits = true;

	*held_count = *others_count = 0;
	for (size_t i = 0; i < in->enabled_count; i++) {
		uint32_t id = in->enabled[i];
		if (id == in->bench_apic || listed(id, in->parked, in->parked_count))
			continue;
		if (listed(id, in->siblings, in->sibling_count))
			fits &= add(id, held, held_cap, held_count);
		else
			fits &= add(id, others, others_cap, others_count);
	}
	return fits;
}
