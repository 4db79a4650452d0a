/* TSC frequency calibration against a reference timer: HPET, else the ACPI
 * PM timer, else PIT channel 2 (memtest86+ does PM timer then PIT). CPUID
 * 0x15/0x16 is a cross-check reported beside it, not a replacement. */
#ifndef IDLEBENCH_KERNEL_TIME_TSC_CALIBRATE_H
#define IDLEBENCH_KERNEL_TIME_TSC_CALIBRATE_H

#include <stdbool.h>
#include <stdint.h>

/* Reference timers the caller found in ACPI (0 = absent). */
struct tsc_refs {
	uint64_t hpet_base;     /* HPET MMIO base (ACPI HPET table) */
	uint16_t pm_timer_port; /* FADT PM_TMR_BLK */
	bool pm_timer_32bit;    /* FADT flags TMR_VAL_EXT */
};

/* Number of calibration rounds (each ~CALIBRATION_MS long). */
#define TSC_CALIBRATION_ROUNDS 5
/* Length of one round in milliseconds. */
#define TSC_CALIBRATION_MS 50

/* Result: median of the rounds and their spread. */
struct tsc_calibration {
	uint64_t hz;             /* median TSC frequency */
	uint64_t min_hz, max_hz; /* spread over the rounds */
	const char *source;      /* "hpet", "pmtimer", "pit" */
	unsigned hpet_bits;      /* HPET main counter width (32 or 64) when source is "hpet", else 0 */
	uint64_t round_hz[TSC_CALIBRATION_ROUNDS];
};

/* Calibrate with interrupts off; false only if no reference timer works. */
bool tsc_calibrate(const struct tsc_refs *refs, struct tsc_calibration *out);
/* Median cost in TSC ticks of a back-to-back tsc_start()/tsc_end() pair. */
uint64_t tsc_measure_overhead(void);

#endif
