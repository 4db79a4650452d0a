/* Legal IA32_APIC_BASE transitions (apic_base.h; SDM Vol. 3A 10.12.5). */
#include <stdbool.h>

#include "kernel/arch/apic_base.h"

static bool is_x2apic(uint64_t v)
{
	return (v & (APIC_BASE_EN | APIC_BASE_EXTD)) == (APIC_BASE_EN | APIC_BASE_EXTD);
}

static bool is_disabled(uint64_t v)
{
	return (v & (APIC_BASE_EN | APIC_BASE_EXTD)) == 0;
}

size_t apic_base_steps(uint64_t now, uint64_t want, uint64_t steps[APIC_BASE_MAX_STEPS])
{
	size_t n = 0;

	if (now == want)
		return 0;
	/* x2APIC -> xAPIC raises #GP: disable first (EN = EXTD = 0). */
	if (is_x2apic(now) && !is_x2apic(want) && !is_disabled(want))
		steps[n++] = now & ~(APIC_BASE_EN | APIC_BASE_EXTD);
	/* disabled -> x2APIC raises #GP: enable in xAPIC mode first. */
	else if (is_disabled(now) && is_x2apic(want))
		steps[n++] = want & ~APIC_BASE_EXTD;
	steps[n++] = want;
	return n;
}
