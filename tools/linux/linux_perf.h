/* The measured thread's own cycles and instructions through perf_event_open
 * (include/uapi/linux/perf_event.h): the PMU columns `unhalted_cycles` and
 * `instructions` of a Linux run, where the kernel programs the PMU itself.
 * One group (cycles leading), user and kernel counted, this thread only;
 * a sample whose group was multiplexed (time running < time enabled) gives
 * no counts rather than scaled ones. */
#ifndef IDLEBENCH_TOOLS_LINUX_PERF_H
#define IDLEBENCH_TOOLS_LINUX_PERF_H

#include <stdbool.h>
#include <stdint.h>

struct linux_perf {
	int cycles_fd, instr_fd;  /* -1: not open */
	char why[200];            /* cycles_fd < 0: why (errno and what it means) */
};

/* One reading of the group. */
struct linux_perf_reading {
	uint64_t cycles, instructions, enabled_ns, running_ns;
};

/* Open the group for the calling thread on cpu; false with why filled. */
bool linux_perf_open(struct linux_perf *p, int cpu);
bool linux_perf_read(const struct linux_perf *p, struct linux_perf_reading *r);
/* The counts between two readings; false when the group was not counting
 * the whole time (multiplexed with other events). */
bool linux_perf_delta(const struct linux_perf_reading *a, const struct linux_perf_reading *b, uint64_t *cycles,
		      uint64_t *instructions);
void linux_perf_close(struct linux_perf *p);

#endif
