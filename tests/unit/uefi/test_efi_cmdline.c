/* The UEFI application's command line sources: load options as GRUB's
 * `chainloader FILE opts`, the UEFI shell and a firmware boot entry hand them
 * over (UEFI 2.10, 9.1 EFI_LOADED_IMAGE_PROTOCOL: LoadOptions/LoadOptionsSize,
 * UCS-2 for the shell and GRUB, arbitrary bytes for a Boot#### entry's
 * OptionalData), and the cmdline.txt file on the stick. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "boot/uefi/efi_cmdline.h"
#include "kernel/boot/boot_info.h"

/* Load options as UTF-16LE code units of s, with the terminating NUL
 * (LoadOptionsSize counts it, as GRUB and the shell pass StrSize) or not. */
static size_t utf16(uint8_t *buf, size_t cap, const char *s, int with_nul)
{
	size_t n = strlen(s) + (with_nul ? 1 : 0);
	assert_true(2 * n <= cap);
	for (size_t i = 0; i < n; i++) {
		buf[2 * i] = (uint8_t)s[i];
		buf[2 * i + 1] = 0;
	}
	return 2 * n;
}

/* Runs efi_cmdline_from_load_options on s (NUL-terminated) with cap bytes
 * of output, checks status and text, and that nothing past cap was written. */
static void expect_options(const char *s, size_t cap, enum efi_cmdline_status want, const char *text)
{
	uint8_t opts[4096];
	char out[2048];
	size_t bytes = utf16(opts, sizeof opts, s, 1);

	assert_true(cap < sizeof out);
	memset(out, 'Z', sizeof out);
	assert_int_equal(efi_cmdline_from_load_options(opts, bytes, out, cap), want);
	assert_string_equal(out, text);
	assert_int_equal(out[cap], 'Z');
}

static void expect_file(const char *s, size_t len, size_t cap, enum efi_cmdline_status want, const char *text)
{
	char out[2048];

	assert_true(cap < sizeof out);
	memset(out, 'Z', sizeof out);
	assert_int_equal(efi_cmdline_from_file(s, len, out, cap), want);
	if (text)
		assert_string_equal(out, text);
	assert_non_null(memchr(out, 0, cap));
	assert_int_equal(out[cap], 'Z');
}

static void test_grub_chainloader_drops_backslash_path_program_name(void **state)
{
	(void)state;
	expect_options("\\EFI\\idlebench\\idlebench.efi preset=quick", 128, EFI_CMDLINE_OK, "preset=quick");
}

static void test_grub_slash_path_upper_case_program_name_dropped(void **state)
{
	(void)state;
	expect_options("/EFI/idlebench/IDLEBENCH.EFI run=all", 128, EFI_CMDLINE_OK, "run=all");
	expect_options("idlebench.Efi help", 128, EFI_CMDLINE_OK, "help");
}

static void test_uefi_shell_program_name_dropped(void **state)
{
	(void)state;
	expect_options("idlebench.efi help", 128, EFI_CMDLINE_OK, "help");
	/* The shell passes the command as typed: `idlebench help` runs idlebench.efi. */
	expect_options("idlebench help", 128, EFI_CMDLINE_OK, "help");
	expect_options("fs0:\\EFI\\idlebench\\IdleBench preset=quick", 128, EFI_CMDLINE_OK, "preset=quick");
	expect_options("idlebenchx help", 128, EFI_CMDLINE_OK, "idlebenchx help");
	expect_options("idlebench", 128, EFI_CMDLINE_EMPTY, "");
	expect_options("fs0:\\EFI\\idlebench\\idlebench.efi  preset=quick   modes=hlt,mwait", 128, EFI_CMDLINE_OK,
		       "preset=quick modes=hlt,mwait");
}

static void test_options_without_program_name_kept_whole(void **state)
{
	(void)state;
	expect_options("preset=quick modes=hlt,mwait", 128, EFI_CMDLINE_OK, "preset=quick modes=hlt,mwait");
	/* only the first word can be the program name */
	expect_options("preset=quick x.efi", 128, EFI_CMDLINE_OK, "preset=quick x.efi");
	/* ".efi" must end the word, and the word must end before a blank */
	expect_options("idlebench.efix help", 128, EFI_CMDLINE_OK, "idlebench.efix help");
	expect_options("efi help", 128, EFI_CMDLINE_OK, "efi help");
	expect_options("a.ef help", 128, EFI_CMDLINE_OK, "a.ef help");
	expect_options("a-efi help", 128, EFI_CMDLINE_OK, "a-efi help");
}

static void test_only_the_first_efi_word_is_dropped(void **state)
{
	(void)state;
	expect_options("a.efi b.efi c", 128, EFI_CMDLINE_OK, "b.efi c");
}

static void test_program_name_alone_or_blanks_are_empty(void **state)
{
	(void)state;
	expect_options("\\EFI\\idlebench\\idlebench.efi", 128, EFI_CMDLINE_EMPTY, "");
	expect_options("idlebench.efi \t  ", 128, EFI_CMDLINE_EMPTY, "");
	expect_options(" \t ", 128, EFI_CMDLINE_EMPTY, "");
	expect_options("", 128, EFI_CMDLINE_EMPTY, "");
}

static void test_leading_blanks_before_program_name_and_tabs_collapse(void **state)
{
	(void)state;
	expect_options("  \tidlebench.efi\tpreset=quick\t \tmodes=hlt  ", 128, EFI_CMDLINE_OK,
		       "preset=quick modes=hlt");
}

static void test_zero_or_one_byte_options_are_empty(void **state)
{
	(void)state;
	uint8_t opts[1] = { 'a' };
	char out[16] = "junk";

	assert_int_equal(efi_cmdline_from_load_options(opts, 0, out, sizeof out), EFI_CMDLINE_EMPTY);
	assert_string_equal(out, "");
	strcpy(out, "junk");
	assert_int_equal(efi_cmdline_from_load_options(opts, 1, out, sizeof out), EFI_CMDLINE_EMPTY);
	assert_string_equal(out, "");
}

static void test_boot_entry_binary_data_is_not_text(void **state)
{
	(void)state;
	char out[64];
	/* A Boot#### OptionalData blob (e.g. a vendor's binary tag): code unit
	 * 0x0001 first. */
	static const uint8_t blob[] = { 0x01, 0x00, 0x7f, 0x00, 0x41, 0x00, 0x00, 0x00 };
	assert_int_equal(efi_cmdline_from_load_options(blob, sizeof blob, out, sizeof out), EFI_CMDLINE_NOT_TEXT);
	assert_string_equal(out, "");

	/* DEL (0x7F) after text, and a non-ASCII code unit (U+00E9) */
	static const uint8_t del[] = { 'a', 0, 0x7f, 0, 0, 0 };
	assert_int_equal(efi_cmdline_from_load_options(del, sizeof del, out, sizeof out), EFI_CMDLINE_NOT_TEXT);
	static const uint8_t e_acute[] = { 'a', 0, 0xe9, 0, 0, 0 };
	assert_int_equal(efi_cmdline_from_load_options(e_acute, sizeof e_acute, out, sizeof out),
			 EFI_CMDLINE_NOT_TEXT);
	/* 'a' with a high byte set is U+0161, not 'a' */
	static const uint8_t high[] = { 'a', 0x01, 0, 0 };
	assert_int_equal(efi_cmdline_from_load_options(high, sizeof high, out, sizeof out), EFI_CMDLINE_NOT_TEXT);
	/* CR, LF in load options are control characters, not separators */
	static const uint8_t lf[] = { 'a', 0, '\n', 0, 'b', 0 };
	assert_int_equal(efi_cmdline_from_load_options(lf, sizeof lf, out, sizeof out), EFI_CMDLINE_NOT_TEXT);
	/* ASCII bytes read as UTF-16 ("help" as 8-bit): 0x6568 is not ASCII */
	static const char ascii[] = "help";
	assert_int_equal(efi_cmdline_from_load_options(ascii, 4, out, sizeof out), EFI_CMDLINE_NOT_TEXT);
}

static void test_text_after_nul_is_ignored(void **state)
{
	(void)state;
	char out[64];
	/* "run" NUL then binary junk a boot entry may carry after its string */
	static const uint8_t opts[] = { 'r', 0, 'u', 0, 'n', 0, 0, 0, 0x01, 0x00, 0xff, 0xff };
	assert_int_equal(efi_cmdline_from_load_options(opts, sizeof opts, out, sizeof out), EFI_CMDLINE_OK);
	assert_string_equal(out, "run");
	/* NUL first: nothing */
	static const uint8_t nul_first[] = { 0, 0, 0x01, 0x00 };
	assert_int_equal(efi_cmdline_from_load_options(nul_first, sizeof nul_first, out, sizeof out),
			 EFI_CMDLINE_EMPTY);
}

static void test_odd_byte_count_ignores_the_last_byte(void **state)
{
	(void)state;
	uint8_t opts[64];
	char out[64];
	size_t n = utf16(opts, sizeof opts, "help", 0);

	opts[n] = 0x01; /* half a code unit: not read */
	assert_int_equal(efi_cmdline_from_load_options(opts, n + 1, out, sizeof out), EFI_CMDLINE_OK);
	assert_string_equal(out, "help");
	/* the same for a lone byte after the NUL-less program name */
	n = utf16(opts, sizeof opts, "x.efi", 0);
	opts[n] = 'a';
	assert_int_equal(efi_cmdline_from_load_options(opts, n + 1, out, sizeof out), EFI_CMDLINE_EMPTY);
}

static void test_options_without_terminating_nul_end_at_size(void **state)
{
	(void)state;
	uint8_t opts[128];
	char out[64];
	/* the bytes past LoadOptionsSize are not ours: make them poison */
	memset(opts, 0x01, sizeof opts);
	size_t n = utf16(opts, sizeof opts, "idlebench.efi preset=quick", 0);

	assert_int_equal(efi_cmdline_from_load_options(opts, n, out, sizeof out), EFI_CMDLINE_OK);
	assert_string_equal(out, "preset=quick");
}

static void test_cap_boundary_exact_fit_and_one_too_long(void **state)
{
	(void)state;
	/* "ab cd" is 5 characters: cap 6 fits it with its NUL, cap 5 holds
	 * the 4 that fit */
	expect_options("x.efi ab cd", 6, EFI_CMDLINE_OK, "ab cd");
	expect_options("x.efi ab cd", 5, EFI_CMDLINE_TOO_LONG, "ab c");
	/* the blank is not written when the word after it cannot start */
	expect_options("ab cd", 4, EFI_CMDLINE_TOO_LONG, "ab");
	expect_options("ab cd", 3, EFI_CMDLINE_TOO_LONG, "ab");
	expect_options("ab cd", 2, EFI_CMDLINE_TOO_LONG, "a");
	expect_options("ab", 1, EFI_CMDLINE_TOO_LONG, "");
	/* trailing blanks cost nothing */
	expect_options("ab   ", 3, EFI_CMDLINE_OK, "ab");
	/* empty options fit even cap 1 */
	expect_options("x.efi", 1, EFI_CMDLINE_EMPTY, "");
}

static void test_cap_zero_is_too_long_and_writes_nothing(void **state)
{
	(void)state;
	uint8_t opts[16];
	char out[4] = "abc";
	size_t n = utf16(opts, sizeof opts, "a", 1);

	assert_int_equal(efi_cmdline_from_load_options(opts, n, out, 0), EFI_CMDLINE_TOO_LONG);
	assert_int_equal(efi_cmdline_from_file("a", 1, out, 0), EFI_CMDLINE_TOO_LONG);
	assert_string_equal(out, "abc");
}

static void test_boot_info_sized_line_fits_1025_characters(void **state)
{
	(void)state;
	static char line[BOOT_CMDLINE_MAX + 8];
	static char want[BOOT_CMDLINE_MAX + 8];

	/* "x.efi " + 1025 'a': exactly fills boot_info.cmdline */
	strcpy(line, "x.efi ");
	memset(line + 6, 'a', BOOT_CMDLINE_MAX - 1);
	line[6 + BOOT_CMDLINE_MAX - 1] = 0;
	memset(want, 'a', BOOT_CMDLINE_MAX - 1);
	want[BOOT_CMDLINE_MAX - 1] = 0;
	expect_options(line, BOOT_CMDLINE_MAX, EFI_CMDLINE_OK, want);
	/* one more: too long, out holds the 1025 that fit */
	strcat(line, "b");
	expect_options(line, BOOT_CMDLINE_MAX, EFI_CMDLINE_TOO_LONG, want);
	/* binary data beyond the cap still counts as not text */
	uint8_t opts[4096];
	char out[BOOT_CMDLINE_MAX];
	size_t n = utf16(opts, sizeof opts, line, 0);
	opts[n] = 0x02;
	opts[n + 1] = 0;
	assert_int_equal(efi_cmdline_from_load_options(opts, n + 2, out, sizeof out), EFI_CMDLINE_NOT_TEXT);
}

static void test_file_comments_crlf_tabs_and_blanks(void **state)
{
	(void)state;
	static const char txt[] = "# idlebench options for the Hygon box\r\n"
				  "preset=quick\t\t# short run\r\n"
				  "\r\n"
				  "   modes=hlt,mwait   \r\n"
				  "#run=all\r\n"
				  "console=serial";
	expect_file(txt, sizeof txt - 1, 256, EFI_CMDLINE_OK, "preset=quick modes=hlt,mwait console=serial");
}

static void test_file_hash_inside_a_word_starts_a_comment(void **state)
{
	(void)state;
	static const char txt[] = "preset=quick#comment\nrun=all\n";
	expect_file(txt, sizeof txt - 1, 256, EFI_CMDLINE_OK, "preset=quick run=all");
}

static void test_file_bare_cr_and_lf_separate_words(void **state)
{
	(void)state;
	static const char cr[] = "a\rb\nc";
	expect_file(cr, sizeof cr - 1, 64, EFI_CMDLINE_OK, "a b c");
	/* a comment ends at a bare CR too */
	static const char cr_comment[] = "# x\ry";
	expect_file(cr_comment, sizeof cr_comment - 1, 64, EFI_CMDLINE_OK, "y");
}

static void test_file_utf8_bom_is_skipped(void **state)
{
	(void)state;
	static const char bom[] = "\xEF\xBB\xBFpreset=quick\r\n";
	expect_file(bom, sizeof bom - 1, 64, EFI_CMDLINE_OK, "preset=quick");
	/* a BOM alone */
	expect_file(bom, 3, 64, EFI_CMDLINE_EMPTY, "");
	/* a BOM anywhere but the start is not text */
	static const char late[] = "a \xEF\xBB\xBF";
	expect_file(late, sizeof late - 1, 64, EFI_CMDLINE_NOT_TEXT, NULL);
	/* the first two BOM bytes only are not a BOM */
	static const char half[] = "\xEF\xBB";
	expect_file(half, sizeof half - 1, 64, EFI_CMDLINE_NOT_TEXT, NULL);
}

static void test_file_empty_or_only_comments_is_empty(void **state)
{
	(void)state;
	expect_file("", 0, 64, EFI_CMDLINE_EMPTY, "");
	static const char only[] = "# nothing here\n   \n\t# nor here\r\n";
	expect_file(only, sizeof only - 1, 64, EFI_CMDLINE_EMPTY, "");
}

static void test_file_nul_and_other_control_bytes_are_not_text(void **state)
{
	(void)state;
	static const char nul[] = "preset=quick\0run=all";
	expect_file(nul, sizeof nul - 1, 64, EFI_CMDLINE_NOT_TEXT, NULL);
	static const char ff[] = "a\fb";
	expect_file(ff, sizeof ff - 1, 64, EFI_CMDLINE_NOT_TEXT, NULL);
	/* UTF-8 text outside a comment */
	static const char utf8[] = "name=Gr\xc3\xbc\xc3\x9f" "e";
	expect_file(utf8, sizeof utf8 - 1, 64, EFI_CMDLINE_NOT_TEXT, NULL);
	/* UTF-16 saved by Notepad ("a" with its FF FE mark) */
	static const char u16[] = "\xFF\xFE" "a\0";
	expect_file(u16, sizeof u16 - 1, 64, EFI_CMDLINE_NOT_TEXT, NULL);
}

static void test_file_comment_text_is_not_checked(void **state)
{
	(void)state;
	/* A comment is skipped up to the line end: "# Grüße" is fine. */
	static const char txt[] = "# Gr\xc3\xbc\xc3\x9f" "e\nrun=all";
	expect_file(txt, sizeof txt - 1, 64, EFI_CMDLINE_OK, "run=all");
}

static void test_file_length_not_nul_bounds_the_text(void **state)
{
	(void)state;
	/* only len bytes are read: "run=all" with "junk" behind it */
	expect_file("run=alljunk", 7, 64, EFI_CMDLINE_OK, "run=all");
}

static void test_file_cap_boundary(void **state)
{
	(void)state;
	static const char txt[] = "ab\n\ncd\n";
	expect_file(txt, sizeof txt - 1, 6, EFI_CMDLINE_OK, "ab cd");
	expect_file(txt, sizeof txt - 1, 5, EFI_CMDLINE_TOO_LONG, "ab c");
	expect_file(txt, sizeof txt - 1, 4, EFI_CMDLINE_TOO_LONG, "ab");
	/* non-text after an overflow is still reported as such */
	static const char bad[] = "abcdef\x01";
	expect_file(bad, sizeof bad - 1, 3, EFI_CMDLINE_NOT_TEXT, NULL);
}

static void test_status_text_names_every_status(void **state)
{
	(void)state;
	assert_string_equal(efi_cmdline_status_text(EFI_CMDLINE_OK), "ok");
	assert_string_equal(efi_cmdline_status_text(EFI_CMDLINE_EMPTY), "empty");
	assert_string_equal(efi_cmdline_status_text(EFI_CMDLINE_NOT_TEXT), "not printable ASCII text");
	assert_string_equal(efi_cmdline_status_text(EFI_CMDLINE_TOO_LONG), "too long");
	assert_string_equal(efi_cmdline_status_text((enum efi_cmdline_status)99), "?");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grub_chainloader_drops_backslash_path_program_name),
		cmocka_unit_test(test_grub_slash_path_upper_case_program_name_dropped),
		cmocka_unit_test(test_uefi_shell_program_name_dropped),
		cmocka_unit_test(test_options_without_program_name_kept_whole),
		cmocka_unit_test(test_only_the_first_efi_word_is_dropped),
		cmocka_unit_test(test_program_name_alone_or_blanks_are_empty),
		cmocka_unit_test(test_leading_blanks_before_program_name_and_tabs_collapse),
		cmocka_unit_test(test_zero_or_one_byte_options_are_empty),
		cmocka_unit_test(test_boot_entry_binary_data_is_not_text),
		cmocka_unit_test(test_text_after_nul_is_ignored),
		cmocka_unit_test(test_odd_byte_count_ignores_the_last_byte),
		cmocka_unit_test(test_options_without_terminating_nul_end_at_size),
		cmocka_unit_test(test_cap_boundary_exact_fit_and_one_too_long),
		cmocka_unit_test(test_cap_zero_is_too_long_and_writes_nothing),
		cmocka_unit_test(test_boot_info_sized_line_fits_1025_characters),
		cmocka_unit_test(test_file_comments_crlf_tabs_and_blanks),
		cmocka_unit_test(test_file_hash_inside_a_word_starts_a_comment),
		cmocka_unit_test(test_file_bare_cr_and_lf_separate_words),
		cmocka_unit_test(test_file_utf8_bom_is_skipped),
		cmocka_unit_test(test_file_empty_or_only_comments_is_empty),
		cmocka_unit_test(test_file_nul_and_other_control_bytes_are_not_text),
		cmocka_unit_test(test_file_comment_text_is_not_checked),
		cmocka_unit_test(test_file_length_not_nul_bounds_the_text),
		cmocka_unit_test(test_file_cap_boundary),
		cmocka_unit_test(test_status_text_names_every_status),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
