/* Stray-interrupt bookkeeping (stray_count.h). A CPU claims a slot with a
 * compare-and-swap on first use and then only increments its own counter. */
#include <stdbool.h>

#include "kernel/arch/stray_count.h"
#include "lib/fmt.h"

static uint64_t *counter_of(struct stray_counts *t, uint32_t apic_id)
{
	uint32_t key = apic_id + 1;

	for (size_t i = 0; i < STRAY_COUNT_SLOTS; i++) {
		uint32_t id = __atomic_load_n(&t->slot_id[i], __ATOMIC_ACQUIRE);
		if (id == key)
			return &t->count[i];
		if (id == 0) {
			uint32_t expected = 0;
			if (__atomic_compare_exchange_n(&t->slot_id[i], &expected, key, false, __ATOMIC_ACQ_REL,
							__ATOMIC_ACQUIRE) ||
			    expected == key)
				return &t->count[i];
		}
	}
	return &t->overflow;
}

void stray_counts_add(struct stray_counts *t, uint32_t apic_id, uint8_t vector)
{
	__atomic_fetch_add(counter_of(t, apic_id), 1, __ATOMIC_RELAXED);
	__atomic_store_n(&t->last_vector, vector, __ATOMIC_RELAXED);
}

uint64_t stray_counts_total(const struct stray_counts *t)
{
	uint64_t n = __atomic_load_n(&t->overflow, __ATOMIC_RELAXED);

	for (size_t i = 0; i < STRAY_COUNT_SLOTS; i++)
		n += __atomic_load_n(&t->count[i], __ATOMIC_RELAXED);
	return n;
}

uint64_t stray_counts_take(struct stray_counts *t, char *by_apic, size_t cap, uint64_t *total)
{
	uint64_t delta = 0, all = 0;
	size_t len = 0;

	if (cap)
		by_apic[0] = 0;
	for (size_t i = 0; i < STRAY_COUNT_SLOTS; i++) {
		uint32_t id = __atomic_load_n(&t->slot_id[i], __ATOMIC_ACQUIRE);
		if (!id)
			continue;
		uint64_t now = __atomic_load_n(&t->count[i], __ATOMIC_RELAXED), d = now - t->reported[i];
		t->reported[i] = now;
		all += now;
		delta += d;
		if (d && cap)
			fmt_append(by_apic, cap, &len, "%s%u:%llu", len ? "," : "", id - 1, (unsigned long long)d);
	}
	uint64_t over = __atomic_load_n(&t->overflow, __ATOMIC_RELAXED), d = over - t->overflow_reported;
	t->overflow_reported = over;
	all += over;
	delta += d;
	if (d && cap)
		fmt_append(by_apic, cap, &len, "%sother:%llu", len ? "," : "", (unsigned long long)d);
	*total = all;
	return delta;
}
