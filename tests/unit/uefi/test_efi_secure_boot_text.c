/* The secure_boot metadata value from a GetVariable result for the
 * SecureBoot variable (UEFI 2.10, 3.3: one byte, 1 on, 0 off). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "boot/uefi/efi_secure_boot_text.h"

static void one_byte_one_is_on(void **state)
{
	(void)state;
	char out[64];
	secure_boot_text(out, sizeof out, SECURE_BOOT_READ_OK, 1, 1);
	assert_string_equal(out, "1");
}

static void one_byte_zero_is_off(void **state)
{
	(void)state;
	char out[64];
	secure_boot_text(out, sizeof out, SECURE_BOOT_READ_OK, 1, 0);
	assert_string_equal(out, "0");
}

static void no_variable_is_off(void **state)
{
	(void)state;
	char out[64];
	secure_boot_text(out, sizeof out, SECURE_BOOT_READ_NOT_FOUND, 0, 0x5a);
	assert_string_equal(out, "0");
}

static void failed_read_is_unknown_not_a_number(void **state)
{
	(void)state;
	char out[64];
	secure_boot_text(out, sizeof out, SECURE_BOOT_READ_FAILED, 1, 1);
	assert_string_equal(out, "unknown (GetVariable SecureBoot failed)");
}

static void wrong_size_is_unknown_and_says_the_size(void **state)
{
	(void)state;
	char out[64];
	secure_boot_text(out, sizeof out, SECURE_BOOT_READ_OK, 4, 1);
	assert_string_equal(out, "unknown (SecureBoot variable is 4 bytes, not 1)");
}

static void reserved_value_is_unknown_and_says_the_value(void **state)
{
	(void)state;
	char out[80];
	secure_boot_text(out, sizeof out, SECURE_BOOT_READ_OK, 1, 2);
	assert_string_equal(out, "unknown (SecureBoot variable holds the reserved value 2)");
}

static void small_buffer_is_cut_and_terminated(void **state)
{
	(void)state;
	char out[8];
	memset(out, 'x', sizeof out);
	secure_boot_text(out, sizeof out, SECURE_BOOT_READ_FAILED, 0, 0);
	assert_string_equal(out, "unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_byte_one_is_on),
		cmocka_unit_test(one_byte_zero_is_off),
		cmocka_unit_test(no_variable_is_off),
		cmocka_unit_test(failed_read_is_unknown_not_a_number),
		cmocka_unit_test(wrong_size_is_unknown_and_says_the_size),
		cmocka_unit_test(reserved_value_is_unknown_and_says_the_value),
		cmocka_unit_test(small_buffer_is_cut_and_terminated),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
