/* TSC calibration. Each round counts TSC ticks over a fixed reference-timer
 * interval; the median of the rounds is reported with the spread, so noise is
 * visible rather than hidden. Under QEMU -icount shift=0 the TSC is an exact
 * 1 GHz virtual clock, which tests use to check this code to 0.1 %. */
#include "kernel/arch/tsc.h"
#include "lib/sort.h"
#include "kernel/arch/x86.h"
#include "kernel/time/hpet_counter.h"
#include "kernel/time/tsc_calibrate.h"

/* HPET registers (IA-PC HPET specification 1.0a, section 2.3). */
#define HPET_CAP        0x000 /* bits 63:32 = counter period in femtoseconds */
#define HPET_CONFIG     0x010
#define  HPET_ENABLE    1u
#define HPET_COUNTER    0x0F0

#define PM_TIMER_HZ 3579545ull
#define PIT_HZ      1193182ull

/* A round of ms milliseconds that has not ended after ms x 10^8 TSC ticks
 * (100 x ms at 1 GHz, 10 x ms at 10 GHz, faster than any TSC) has a
 * reference that is not counting, or counting far slower than it says: it is
 * given up in a bounded time whatever the CPU's speed. The TSC is what is
 * being calibrated, so a count of reads stays as the backstop for a TSC that
 * does not advance (ROUND_READS_MAX: minutes at 1 us a read, not forever). */
#define ROUND_TSC_LIMIT_PER_MS 100000000ull
#define ROUND_READS_MAX 200000000ull

static bool round_overdue(uint64_t t0, unsigned ms, uint64_t *reads)
{
	return ++*reads > ROUND_READS_MAX || rdtsc() - t0 > (uint64_t)ms * ROUND_TSC_LIMIT_PER_MS;
}

static uint64_t hpet_read64(uint64_t base, uint32_t off)
{
	/* Two 32-bit reads: some HPETs do not support 64-bit MMIO accesses. */
	uint32_t hi1, lo, hi2;
	do {
		hi1 = mmio_read32(base + off + 4);
		lo = mmio_read32(base + off);
		hi2 = mmio_read32(base + off + 4);
	} while (hi1 != hi2);
	return ((uint64_t)hi1 << 32) | lo;
}

/* The main counter: a 32-bit one (COUNT_SIZE_CAP clear) is read with one
 * 32-bit access; its upper half is not a counter. */
static uint64_t hpet_read_counter(uint64_t base, bool is_64bit)
{
	return is_64bit ? hpet_read64(base, HPET_COUNTER) : mmio_read32(base + HPET_COUNTER);
}

/* TSC ticks over ms milliseconds of HPET time; 0 if the HPET looks absent.
 * The HPET ticks are summed read to read (hpet_counter_delta), so a 32-bit
 * counter that wraps inside the round (every ~300 s at 14.318 MHz) is
 * counted right, as the PM timer's 24-bit wrap is below. */
static uint64_t round_hpet(uint64_t base, unsigned ms)
{
	uint64_t cap = hpet_read64(base, HPET_CAP);
	uint64_t period_fs = cap >> 32;
	if (period_fs == 0 || period_fs > 100000000ull) /* spec: <= 100 ns */
		return 0;
	bool wide = hpet_counter_is_64bit(cap);
	uint32_t cfg = mmio_read32(base + HPET_CONFIG);
	if (!(cfg & HPET_ENABLE))
		mmio_write32(base + HPET_CONFIG, cfg | HPET_ENABLE);
	uint64_t ticks = (uint64_t)ms * 1000000000000ull / period_fs;
	uint64_t last = hpet_read_counter(base, wide), elapsed = 0;
	uint64_t t0 = tsc_start(), reads = 0;
	while (elapsed < ticks) {
		uint64_t now = hpet_read_counter(base, wide);
		elapsed += hpet_counter_delta(last, now, wide);
		last = now;
		if (round_overdue(t0, ms, &reads))
			return 0; /* counter not running */
	}
	uint64_t t1 = tsc_end();
	/* Scale by the HPET time actually elapsed, in femtoseconds. */
	uint64_t elapsed_fs = elapsed * period_fs;
	return elapsed_fs ? (uint64_t)((__uint128_t)(t1 - t0) * 1000000000000000ull / elapsed_fs) : 0;
}

static uint32_t pm_read(uint16_t port, bool wide)
{
	return inl(port) & (wide ? 0xFFFFFFFFu : 0xFFFFFFu);
}

static uint64_t round_pmtimer(uint16_t port, bool wide, unsigned ms)
{
	uint32_t mask = wide ? 0xFFFFFFFFu : 0xFFFFFFu;
	uint64_t want = PM_TIMER_HZ * ms / 1000, elapsed = 0, reads = 0;
	uint32_t last = pm_read(port, wide);
	uint64_t t0 = tsc_start();
	while (elapsed < want) {
		uint32_t now = pm_read(port, wide);
		elapsed += (now - last) & mask;
		last = now;
		if (round_overdue(t0, ms, &reads))
			return 0; /* timer not counting */
	}
	uint64_t t1 = tsc_end();
	return (t1 - t0) * PM_TIMER_HZ / elapsed;
}

/* PIT channel 2 one-shot (8254 data sheet; port 0x61 bit 0 gates it, bit 5 is OUT2). */
static uint64_t round_pit(unsigned ms)
{
	uint64_t count = PIT_HZ * ms / 1000;
	if (count > 0xFFFF)
		count = 0xFFFF;
	uint8_t gate = inb(0x61);
	outb(0x61, (gate & ~0x02) | 0x01); /* gate on, speaker off */
	outb(0x43, 0xB0);                  /* channel 2, lobyte/hibyte, mode 0 */
	outb(0x42, count & 0xFF);
	outb(0x42, count >> 8);
	uint64_t t0 = tsc_start(), reads = 0;
	bool out2 = false;
	while (!(out2 = inb(0x61) & 0x20) && !round_overdue(t0, ms ? ms : 1, &reads))
		;
	uint64_t t1 = tsc_end();
	outb(0x61, gate);
	return out2 ? (t1 - t0) * PIT_HZ / count : 0;
}

bool tsc_calibrate(const struct tsc_refs *refs, struct tsc_calibration *out)
{
	static const char *const names[] = { "hpet", "pmtimer", "pit" };

	for (int src = 0; src < 3; src++) {
		if ((src == 0 && !refs->hpet_base) || (src == 1 && !refs->pm_timer_port))
			continue;
		uint64_t sorted[TSC_CALIBRATION_ROUNDS];
		bool ok = true;
		for (int r = 0; r < TSC_CALIBRATION_ROUNDS && ok; r++) {
			uint64_t hz = src == 0 ? round_hpet(refs->hpet_base, TSC_CALIBRATION_MS)
				    : src == 1 ? round_pmtimer(refs->pm_timer_port, refs->pm_timer_32bit, TSC_CALIBRATION_MS)
					       : round_pit(TSC_CALIBRATION_MS);
			out->round_hz[r] = sorted[r] = hz;
			ok = hz != 0;
		}
		if (!ok)
			continue;
		sort_u64(sorted, TSC_CALIBRATION_ROUNDS);
		out->hz = sorted[TSC_CALIBRATION_ROUNDS / 2];
		out->min_hz = sorted[0];
		out->max_hz = sorted[TSC_CALIBRATION_ROUNDS - 1];
		out->source = names[src];
		out->hpet_bits = src == 0 ? (hpet_counter_is_64bit(hpet_read64(refs->hpet_base, HPET_CAP)) ? 64 : 32) : 0;
		return true;
	}
	return false;
}

uint64_t tsc_measure_overhead(void)
{
	uint64_t d[31];

	for (int i = 0; i < 31; i++) {
		uint64_t a = tsc_start();
		uint64_t b = tsc_end();
		d[i] = b - a;
	}
	sort_u64(d, 31);
	return d[15];
}
