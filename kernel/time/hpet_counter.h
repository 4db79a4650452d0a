/* HPET main counter arithmetic (IA-PC HPET Specification 1.0a, 2.3.4 and
 * 2.3.7): the counter may be 32 bits wide (AMD FCH HPETs are), and then
 * wraps every 2^32 ticks (about 300 s at 14.318 MHz) and its upper register
 * half reads 0. Pure functions: host-tested (tests/unit/time/test_hpet_counter.c). */
#ifndef IDLEBENCH_KERNEL_TIME_HPET_COUNTER_H
#define IDLEBENCH_KERNEL_TIME_HPET_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/* General Capabilities and ID register (offset 0): bit 13 COUNT_SIZE_CAP
 * (1 = 64-bit main counter), bits 63:32 COUNTER_CLK_PERIOD in femtoseconds. */
#define HPET_CAP_COUNT_SIZE_64 (1ull << 13)

/* True when the capabilities say the main counter is 64 bits wide. */
bool hpet_counter_is_64bit(uint64_t cap);
/* Ticks from reading `earlier` to reading `later` of a counter that is 64
 * or 32 bits wide: modulo 2^32 for a 32-bit counter, so one wrap between the
 * reads is counted right (a 64-bit subtraction would give ~2^64). */
uint64_t hpet_counter_delta(uint64_t earlier, uint64_t later, bool is_64bit);

#endif
