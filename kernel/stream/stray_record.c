/* The `#! stray` record (stray_record.h). */
#include "kernel/arch/stray_irq.h"
#include "lib/fmt.h"
#include "kernel/stream/stray_record.h"

void stray_record_write(struct stream *s, const char *during)
{
	struct stray_counts *t = stray_irq_counts();
	char by[256], last[8] = "";
	uint64_t total;
	uint64_t n = stray_counts_take(t, by, sizeof by, &total);
	uint32_t v = __atomic_load_n(&t->last_vector, __ATOMIC_RELAXED);

	if (v)
		fmt_snprintf(last, sizeof last, "0x%02x", v);
	stream_record(s, "stray", "during=%s count=%llu total=%llu by_apic=%s last_vector=%s", during,
		      (unsigned long long)n, (unsigned long long)total, by, last);
}
