/* The stray-interrupt handler (stray_irq.h). It runs with IF = 0 on whatever
 * stack the CPU was on; the stub saved the caller-saved and SSE registers. */
#include "kernel/arch/lapic.h"
#include "kernel/arch/stray_irq.h"

static struct stray_counts counts;

void stray_irq_dispatch(uint64_t vector)
{
	uint8_t v = (uint8_t)vector;

	if (lapic_in_service(v))
		lapic_eoi();
	stray_counts_add(&counts, lapic_id(), v);
}

struct stray_counts *stray_irq_counts(void)
{
	return &counts;
}
