/* Busy-wait delays and TSC <-> time conversion from the calibrated TSC
 * frequency (kernel/time/tsc_calibrate.c). */
#ifndef IDLEBENCH_KERNEL_TIME_DELAY_H
#define IDLEBENCH_KERNEL_TIME_DELAY_H

#include <stdint.h>

/* Set the TSC frequency every conversion below uses. */
void time_set_tsc_hz(uint64_t hz);
/* The TSC frequency in use (0 until set). */
uint64_t time_tsc_hz(void);
/* TSC ticks in us microseconds. */
uint64_t time_us_to_tsc(uint64_t us);
/* Nanoseconds in ticks TSC ticks. */
uint64_t time_tsc_to_ns(uint64_t ticks);
/* Spin for at least us microseconds. */
void delay_us(uint64_t us);

#endif
