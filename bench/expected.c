/* The build-time checksums: build/gen/bench/workload_checksums.h is written
 * by tools/build/gen_workload_checksums.c, a host program that runs every workload
 * with WORKLOAD_CHECK_SEED (see mk/bench.mk). Kept out of registry.c because
 * the generator links the registry and cannot include its own output. */
#include "bench/workload.h"
#include "bench/workload_checksums.h"

_Static_assert(WORKLOAD_CHECKSUMS_SEED == WORKLOAD_CHECK_SEED,
               "build/gen/bench/workload_checksums.h was generated with another seed");

/* strcmp without libc (see check_freestanding.sh): true if equal. */
static bool same_name(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

bool workload_expected_checksum(size_t index, uint64_t *checksum)
{
	const struct workload *w = workload_at(index);
	size_t known = sizeof workload_checksums / sizeof workload_checksums[0];

	if (!w || index >= known || !same_name(workload_checksums[index].name, w->name) ||
	    workload_checksums[index].iterations != w->check_iterations)
		return false;
	*checksum = workload_checksums[index].checksum;
	return true;
}
