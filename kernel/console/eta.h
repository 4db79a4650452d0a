/* The time a run has left, for the progress line and the screen's header
 * (freestanding, host-tested). The samples' rate gives an estimate; with a
 * sampling budget (`budget_s`) the harness ends the run at the end of the
 * repetition that would overrun it (core/experiment/harness.c,
 * round_done), on the same clock the elapsed time here is read from
 * (harness->start, the harness's clock), so the time left is never more
 * than the budget's remainder. */
#ifndef IDLEBENCH_KERNEL_CONSOLE_ETA_H
#define IDLEBENCH_KERNEL_CONSOLE_ETA_H

#include <stdbool.h>
#include <stdint.h>

/* The time left, and what bounds it. */
struct eta {
	bool known;     /* false with no sample done and no budget: nothing to go by */
	bool by_budget; /* the budget ends the run before the samples' rate would */
	uint64_t ms;
};

/* Time left after done of total samples in elapsed_ms of sampling, under a
 * budget of budget_s seconds (0: none): min(the rate's estimate, the
 * budget's remainder, 0 once it is spent). */
struct eta eta_estimate(uint64_t done, uint64_t total, uint64_t elapsed_ms, unsigned budget_s);

#endif
