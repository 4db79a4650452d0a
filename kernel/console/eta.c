/* The time a run has left (kernel/console/eta.h). */
#include "kernel/console/eta.h"

struct eta eta_estimate(uint64_t done, uint64_t total, uint64_t elapsed_ms, unsigned budget_s)
{
	struct eta e = { .known = false };

	if (done) {
		e.known = true;
		e.ms = done < total ? elapsed_ms * (total - done) / done : 0;
	}
	if (budget_s) {
		uint64_t budget_ms = (uint64_t)budget_s * 1000;
		uint64_t left = elapsed_ms < budget_ms ? budget_ms - elapsed_ms : 0;
		if (!e.known || left < e.ms)
			e = (struct eta){ .known = true, .by_budget = true, .ms = left };
	}
	return e;
}
