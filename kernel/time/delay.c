/* TSC-based delays. 128-bit intermediates: ticks * 1e9 overflows 64 bits
 * after ~5 s at 4 GHz. */
#include "kernel/arch/x86.h"
#include "kernel/time/delay.h"

static uint64_t tsc_hz;

void time_set_tsc_hz(uint64_t hz)
{
	tsc_hz = hz;
}

uint64_t time_tsc_hz(void)
{
	return tsc_hz;
}

uint64_t time_us_to_tsc(uint64_t us)
{
	return (uint64_t)((__uint128_t)us * tsc_hz / 1000000u);
}

uint64_t time_tsc_to_ns(uint64_t ticks)
{
	return tsc_hz ? (uint64_t)((__uint128_t)ticks * 1000000000u / tsc_hz) : 0;
}

void delay_us(uint64_t us)
{
	uint64_t start = rdtsc(), ticks = time_us_to_tsc(us);

	while (rdtsc() - start < ticks)
		cpu_pause();
}
