/* The captured stream as firmware console text: LF to CRLF, control bytes
 * masked, chunks that fit the buffer and never split a CRLF, in bytes (serial
 * I/O) and CHAR16 (OutputString). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "boot/uefi/efi_text.h"

/* All of in through chunks of cap bytes, concatenated. */
static size_t convert_all(const char *in, size_t len, char *out, size_t out_cap, size_t cap)
{
	char chunk[64];
	size_t at = 0, done = 0;

	assert_true(cap <= sizeof chunk);
	while (done < len) {
		size_t used, n = efi_text_crlf(in + done, len - done, &used, chunk, cap, 1);
		assert_true(n > 0 && used > 0);
		assert_true(n < cap);
		assert_int_equal(chunk[n], 0);
		assert_true(at + n <= out_cap);
		memcpy(out + at, chunk, n);
		at += n;
		done += used;
	}
	return at;
}

static void test_lf_becomes_crlf_across_every_chunk_size(void **state)
{
	(void)state;
	static const char in[] = "#! idlebench 0.1\n#= a=b\n\nrow,1,2\n";
	static const char want[] = "#! idlebench 0.1\r\n#= a=b\r\n\r\nrow,1,2\r\n";
	char out[128];

	for (size_t cap = 3; cap <= 40; cap++) {
		size_t n = convert_all(in, sizeof in - 1, out, sizeof out, cap);
		assert_int_equal(n, sizeof want - 1);
		assert_memory_equal(out, want, n);
	}
}

static void test_crlf_is_never_split(void **state)
{
	(void)state;
	char out[8];
	size_t used;

	/* "ab\n" with cap 4: "ab" fits with its 0, the CRLF would not. */
	assert_int_equal(efi_text_crlf("ab\n", 3, &used, out, 4, 1), 2);
	assert_int_equal(used, 2);
	assert_string_equal(out, "ab");
	assert_int_equal(efi_text_crlf("\n", 1, &used, out, 3, 1), 2);
	assert_int_equal(used, 1);
	assert_string_equal(out, "\r\n");
}

static void test_control_bytes_are_masked_tab_kept(void **state)
{
	(void)state;
	char out[16];
	size_t used;

	assert_int_equal(efi_text_crlf("a\x1b[2J\t\r\x80z", 9, &used, out, sizeof out, 1), 9);
	assert_int_equal(used, 9);
	assert_string_equal(out, "a?[2J\t??z");
}

static void test_char16_units(void **state)
{
	(void)state;
	uint16_t out[8];
	size_t used;

	assert_int_equal(efi_text_crlf("x\ny", 3, &used, out, 8, 2), 4);
	assert_int_equal(used, 3);
	const uint16_t want[] = { 'x', '\r', '\n', 'y', 0 };
	assert_memory_equal(out, want, sizeof want);
}

static void test_too_small_buffer_or_empty_input(void **state)
{
	(void)state;
	char out[4] = "ZZZ";
	size_t used = 99;

	assert_int_equal(efi_text_crlf("abc", 3, &used, out, 2, 1), 0);
	assert_int_equal(used, 0);
	assert_int_equal(out[0], 'Z');
	assert_int_equal(efi_text_crlf("", 0, &used, out, 4, 1), 0);
	assert_int_equal(out[0], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lf_becomes_crlf_across_every_chunk_size),
		cmocka_unit_test(test_crlf_is_never_split),
		cmocka_unit_test(test_control_bytes_are_masked_tab_kept),
		cmocka_unit_test(test_char16_units),
		cmocka_unit_test(test_too_small_buffer_or_empty_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
