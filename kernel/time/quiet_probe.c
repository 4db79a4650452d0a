/* TSC gap probe (see quiet_probe.h). Plain RDTSC back to back: the reads
 * need no ordering against other instructions here, only against each other,
 * which RDTSC's program order gives (SDM Vol. 2B RDTSC). */
#include "kernel/arch/x86.h"
#include "core/stream/stream.h"
#include "kernel/time/delay.h"
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

void quiet_probe_report(struct stream *s, const char *when, const struct quiet_probe *q)
{
	uint64_t hz = time_tsc_hz();
	if (!q->done || !hz)
		return;
	uint64_t ns = q->ticks * 1000000000ull / hz;
	stream_record(s, "quiet", "when=%s if=%u duration_us=%llu threshold_ns=%llu reads=%llu gaps=%llu gap_us=%llu max_gap_ns=%llu",
		      when, q->interrupts_enabled ? 1u : 0u, (unsigned long long)(ns / 1000),
		      (unsigned long long)(QUIET_PROBE_THRESHOLD * 1000000000ull / hz), (unsigned long long)q->reads,
		      (unsigned long long)q->gaps, (unsigned long long)(q->gap_ticks * 1000000ull / hz),
		      (unsigned long long)(q->max_gap * 1000000000ull / hz));
}
