/* TSC gap probe (see quiet_probe.h). Plain RDTSC back to back: the reads
 * need no ordering against other instructions here, only against each other,
 * which RDTSC's program order gives (SDM Vol. 2B RDTSC). */
#include "kernel/arch/x86.h"
#include "kernel/time/quiet_probe.h"

void quiet_probe_run(struct quiet_probe *q)
{
	uint64_t start = rdtsc(), prev = start, now = start;

	q->interrupts_enabled = (read_rflags() & (1u << 9)) != 0;
	q->reads = q->gaps = q->gap_ticks = q->max_gap = 0;
	while (now - start < QUIET_PROBE_TICKS) {
		now = rdtsc();
		uint64_t d = now - prev;
		prev = now;
		q->reads++;
		if (d > q->max_gap)
			q->max_gap = d;
		if (d >= QUIET_PROBE_THRESHOLD) {
			q->gaps++;
			q->gap_ticks += d;
		}
	}
	q->ticks = now - start;
	q->done = true;
}
