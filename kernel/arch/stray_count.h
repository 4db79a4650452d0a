/* Per-CPU counts of stray interrupts (vectors nothing of ours sends), kept
 * lock-free because any CPU may take one at any time, and read in intervals
 * by the boot CPU for the `#! stray` records. Pure bookkeeping: host-tested
 * (tests/unit/arch/test_stray_count.c); kernel/arch/stray_irq.c feeds it. */
#ifndef IDLEBENCH_KERNEL_ARCH_STRAY_COUNT_H
#define IDLEBENCH_KERNEL_ARCH_STRAY_COUNT_H

#include <stddef.h>
#include <stdint.h>

/* CPUs counted one by one; strays on further CPUs are counted together. */
#define STRAY_COUNT_SLOTS 64

/* The table; zero-initialised is empty. */
struct stray_counts {
	uint32_t slot_id[STRAY_COUNT_SLOTS];  /* APIC ID + 1 of the slot's CPU; 0 = free */
	uint64_t count[STRAY_COUNT_SLOTS];    /* strays taken by that CPU */
	uint64_t reported[STRAY_COUNT_SLOTS]; /* count at the last stray_counts_take */
	uint64_t overflow, overflow_reported; /* strays on CPUs beyond the slots */
	uint32_t last_vector;                 /* vector of the latest stray; 0 = none yet */
};

/* One stray with vector on the CPU with apic_id (any CPU, concurrently). */
void stray_counts_add(struct stray_counts *t, uint32_t apic_id, uint8_t vector);
/* Strays since the start, all CPUs (leaves the interval alone). */
uint64_t stray_counts_total(const struct stray_counts *t);
/* Strays since the previous take (or since the start), and the interval's
 * per-CPU counts as "apic:count" joined by commas, ascending by slot, CPUs
 * without strays left out, "other:N" for the overflow; "" when none. *total
 * gets the count since the start. One reader at a time. */
uint64_t stray_counts_take(struct stray_counts *t, char *by_apic, size_t cap, uint64_t *total);

#endif
