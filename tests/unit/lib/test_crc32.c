/* CRC-32 (IEEE 802.3 / zlib) against published check values and against an
 * independent bitwise implementation written here from the definition
 * (reflected polynomial 0xEDB88320, initial value and final XOR 0xFFFFFFFF;
 * "CRC-32" in Greg Cook's catalogue of parametrised CRC algorithms, check
 * value 0xCBF43926). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "lib/crc32.h"
#include "tests/unit/support/crc32_reference.h"


static void test_empty_input_gives_zero(void **state)
{
	(void)state;
	assert_int_equal(crc32_update(0, "", 0), 0);
	assert_int_equal(crc32_update(0, NULL, 0), 0);
}

static void test_check_value_123456789_is_cbf43926(void **state)
{
	(void)state;
	assert_int_equal(crc32_update(0, "123456789", 9), 0xcbf43926u);
}

static void test_quick_brown_fox_is_414fa339(void **state)
{
	static const char fox[] = "The quick brown fox jumps over the lazy dog";

	(void)state;
	assert_int_equal(crc32_update(0, fox, strlen(fox)), 0x414fa339u);
}

static void test_single_bytes_match_bitwise_reference(void **state)
{
	(void)state;
	for (unsigned b = 0; b < 256; b++) {
		uint8_t byte = (uint8_t)b;
		assert_int_equal(crc32_update(0, &byte, 1), crc32_bitwise(&byte, 1));
	}
	/* zlib: crc32(0, "a", 1) == 0xe8b7be43. */
	assert_int_equal(crc32_update(0, "a", 1), 0xe8b7be43u);
}

static void test_pseudo_random_buffers_match_bitwise_reference(void **state)
{
	uint8_t buf[4099];
	uint32_t x = 2463534242u;

	(void)state;
	for (size_t i = 0; i < sizeof buf; i++) {
		x ^= x << 13, x ^= x >> 17, x ^= x << 5; /* xorshift32 */
		buf[i] = (uint8_t)x;
	}
	for (size_t len = 0; len <= sizeof buf; len += 37)
		assert_int_equal(crc32_update(0, buf, len), crc32_bitwise(buf, len));
	assert_int_equal(crc32_update(0, buf, sizeof buf), crc32_bitwise(buf, sizeof buf));
}

static void test_incremental_equals_one_shot_for_every_split(void **state)
{
	static const char fox[] = "The quick brown fox jumps over the lazy dog";
	size_t len = strlen(fox);

	(void)state;
	for (size_t split = 0; split <= len; split++) {
		uint32_t c = crc32_update(0, fox, split);
		c = crc32_update(c, fox + split, len - split);
		assert_int_equal(c, 0x414fa339u);
	}
	/* Byte by byte, with empty chunks in between. */
	uint32_t c = 0;
	for (size_t i = 0; i < len; i++) {
		c = crc32_update(c, fox + i, 1);
		c = crc32_update(c, fox + i, 0);
	}
	assert_int_equal(c, 0x414fa339u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_input_gives_zero),
		cmocka_unit_test(test_check_value_123456789_is_cbf43926),
		cmocka_unit_test(test_quick_brown_fox_is_414fa339),
		cmocka_unit_test(test_single_bytes_match_bitwise_reference),
		cmocka_unit_test(test_pseudo_random_buffers_match_bitwise_reference),
		cmocka_unit_test(test_incremental_equals_one_shot_for_every_split),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
