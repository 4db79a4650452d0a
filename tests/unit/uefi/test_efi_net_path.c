/* Paths beside the DHCP boot file, as the TFTP server is asked for them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "boot/uefi/efi_net_path.h"

static void expect_path(const char *bootfile, const char *want)
{
	char out[64];
	assert_true(efi_net_sibling_path(out, sizeof out, bootfile, strlen(bootfile) + 1, "idlebench/cmdline.txt"));
	assert_string_equal(out, want);
}

static void test_boot_file_in_the_root_or_a_directory(void **state)
{
	(void)state;
	expect_path("idlebench.efi", "idlebench/cmdline.txt");
	expect_path("", "idlebench/cmdline.txt");
	expect_path("netboot/idlebench.efi", "netboot/idlebench/cmdline.txt");
	expect_path("/srv/a/b/idlebench.efi", "/srv/a/b/idlebench/cmdline.txt");
	expect_path("dir/", "dir/idlebench/cmdline.txt");
}

static void test_unterminated_field_ends_at_its_size(void **state)
{
	(void)state;
	/* BOOTP's file field is 128 bytes and need not hold a NUL. */
	char field[8];
	char out[64];
	memcpy(field, "ab/cdefg", 8);
	assert_true(efi_net_sibling_path(out, sizeof out, field, sizeof field, "x"));
	assert_string_equal(out, "ab/x");
}

static void test_too_long_or_not_text_is_refused(void **state)
{
	(void)state;
	char out[12];
	memset(out, 'Z', sizeof out);
	assert_false(efi_net_sibling_path(out, sizeof out, "dir/idlebench.efi", 18, "idlebench/cmdline.txt"));
	assert_string_equal(out, "");
	assert_true(efi_net_sibling_path(out, sizeof out, "dir/f", 6, "0123456"));  /* 11 + NUL fits */
	assert_false(efi_net_sibling_path(out, sizeof out, "dir/f", 6, "01234567"));
	assert_false(efi_net_sibling_path(out, sizeof out, "d\x01/f", 5, "x"));
	assert_false(efi_net_sibling_path(out, 0, "f", 2, "x"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_boot_file_in_the_root_or_a_directory),
		cmocka_unit_test(test_unterminated_field_ends_at_its_size),
		cmocka_unit_test(test_too_long_or_not_text_is_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
