/* HPET counter width and wrap: COUNT_SIZE_CAP (bit 13) decides, and a 32-bit
 * counter that wraps between two reads still gives the ticks in between
 * (the calibration used a 64-bit subtraction, which gave ~2^64 there). The
 * capabilities values are QEMU's HPET (64-bit, 10 ns) and an AMD FCH-style
 * 32-bit one (14.318 MHz, period 69841279 fs, COUNT_SIZE_CAP clear). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kernel/time/hpet_counter.h"

#define QEMU_HPET_CAP 0x009896808086a201ull /* period 10000000 fs, 64-bit, 3 timers (hw/timer/hpet.c) */
#define FCH_HPET_CAP  0x0429b17f10228201ull /* period 69841279 fs, 32-bit */

static void test_width_from_count_size_cap(void **state)
{
	(void)state;
	assert_true(hpet_counter_is_64bit(QEMU_HPET_CAP));
	assert_false(hpet_counter_is_64bit(FCH_HPET_CAP));
}

static void test_32bit_counter_across_a_wrap(void **state)
{
	(void)state;
	assert_int_equal(hpet_counter_delta(0xFFFFFF00u, 0x00000100u, false), 0x200);
	/* A 50 ms round at 14.318 MHz that crosses the wrap. */
	uint64_t start = 0xFFFF0000u, ticks = 715909;
	assert_int_equal(hpet_counter_delta(start, (start + ticks) & 0xFFFFFFFFu, false), ticks);
	/* Upper-half garbage (the register reads 0 there or repeats) is ignored. */
	assert_int_equal(hpet_counter_delta(0x12345678FFFFFFF0ull, 0x0000000000000010ull, false), 0x20);
}

static void test_64bit_counter_is_a_plain_difference(void **state)
{
	(void)state;
	assert_int_equal(hpet_counter_delta(0xFFFFFF00u, 0x100000100ull, true), 0x200);
	assert_int_equal(hpet_counter_delta(5, 5, true), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_width_from_count_size_cap),
		cmocka_unit_test(test_32bit_counter_across_a_wrap),
		cmocka_unit_test(test_64bit_counter_is_a_plain_difference),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
