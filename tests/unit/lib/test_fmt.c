/* fmt_snprintf against the host C library's snprintf, which is the reference
 * for every conversion fmt.h claims (C11 7.21.6.1): same text, same return
 * value, same truncation, for every buffer size from 0 up. Where fmt
 * deliberately differs from glibc (%p of NULL) the expected text is written out. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lib/fmt.h"

#define BIG 512

/* Format with both implementations at every size 0..full+2 and compare. The
 * canary after the reported size must stay untouched. */
#define SAME_AS_LIBC(...)                                                                 \
	do {                                                                              \
		char want[BIG], got[BIG + 8];                                            \
		int wn = snprintf(want, sizeof want, __VA_ARGS__);                       \
		assert_true(wn >= 0 && wn < BIG);                                        \
		for (size_t size = 0; size <= (size_t)wn + 2; size++) {                  \
			memset(got, 0x5A, sizeof got);                                   \
			int gn = fmt_snprintf(size ? got : NULL, size, __VA_ARGS__);     \
			assert_int_equal(gn, wn);                                        \
			if (size) {                                                      \
				size_t keep = (size_t)wn < size - 1 ? (size_t)wn : size - 1; \
				assert_memory_equal(got, want, keep);                    \
				assert_int_equal(got[keep], '\0');                       \
			}                                                                \
			for (size_t i = size; i < sizeof got; i++)                       \
				assert_int_equal((unsigned char)got[i], 0x5A);           \
		}                                                                        \
	} while (0)

static void test_plain_text_and_percent_escape(void **state)
{
	(void)state;
	SAME_AS_LIBC("hello");
	SAME_AS_LIBC("%s", "");
	SAME_AS_LIBC("100%% done");
	SAME_AS_LIBC("%%%%");
}

static void test_strings_with_width_precision_and_left_flag(void **state)
{
	(void)state;
	SAME_AS_LIBC("[%s]", "abc");
	SAME_AS_LIBC("[%8s]", "abc");
	SAME_AS_LIBC("[%-8s]", "abc");
	SAME_AS_LIBC("[%2s]", "abcdef");
	SAME_AS_LIBC("[%.2s]", "abcdef");
	SAME_AS_LIBC("[%.0s]", "abcdef");
	SAME_AS_LIBC("[%.10s]", "abc");
	SAME_AS_LIBC("[%6.2s]", "abcdef");
	SAME_AS_LIBC("[%-6.2s]", "abcdef");
	SAME_AS_LIBC("[%*s]", 7, "ab");
	SAME_AS_LIBC("[%*s]", -7, "ab");
	SAME_AS_LIBC("[%.*s]", 3, "abcdef");
	SAME_AS_LIBC("[%.*s]", -1, "abcdef"); /* negative precision: as if omitted */
	SAME_AS_LIBC("[%*.*s]", 6, 2, "abcdef");
	/* Precision bounds the read: the argument need not be NUL-terminated. */
	char unterminated[3] = { 'x', 'y', 'z' };
	SAME_AS_LIBC("[%.3s]", unterminated);
}

static void test_null_string_prints_glibc_null_marker(void **state)
{
	char buf[32];
	const char *volatile nothing = NULL; /* volatile: no compile-time null warning */

	(void)state;
	assert_int_equal(fmt_snprintf(buf, sizeof buf, "%s", nothing), 6);
	assert_string_equal(buf, "(null)");
}

static void test_chars(void **state)
{
	(void)state;
	SAME_AS_LIBC("%c", 'x');
	SAME_AS_LIBC("[%3c]", 'x');
	SAME_AS_LIBC("[%-3c]", 'x');
	SAME_AS_LIBC("%c%c%c", 'a', 'b', 'c');
}

static void test_signed_decimal_limits_and_padding(void **state)
{
	static const long long values[] = { 0, 1, -1, 9, 10, -10, 42, -42, 12345, -99999,
					    INT_MAX, INT_MIN, LLONG_MAX, LLONG_MIN };

	(void)state;
	for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
		long long v = values[i];
		if (v >= INT_MIN && v <= INT_MAX) {
			int iv = (int)v;
			SAME_AS_LIBC("%d", iv);
			SAME_AS_LIBC("%i", iv);
			SAME_AS_LIBC("[%8d]", iv);
			SAME_AS_LIBC("[%-8d]", iv);
			SAME_AS_LIBC("[%08d]", iv);
			/* '-' overrides '0' (C11 7.21.6.1p6); a non-literal format
			 * keeps the compiler from warning about the redundant flag. */
			const char *minus_zero = "[%-08d]";
			SAME_AS_LIBC(minus_zero, iv);
			SAME_AS_LIBC("[%0*d]", 12, iv);
			SAME_AS_LIBC("[%*d]", -12, iv);
			SAME_AS_LIBC("[%1d]", iv);
		}
		long lv = (long)v;
		SAME_AS_LIBC("%ld", lv);
		SAME_AS_LIBC("[%021ld]", lv);
		SAME_AS_LIBC("%lld", v);
		SAME_AS_LIBC("[%-25lld]", v);
		SAME_AS_LIBC("[%025lli]", v);
		ptrdiff_t pv = (ptrdiff_t)v;
		SAME_AS_LIBC("%zd", pv);
	}
}

static void test_unsigned_decimal_and_hex(void **state)
{
	static const unsigned long long values[] = { 0, 1, 9, 10, 15, 16, 255, 0xdeadbeef,
						     UINT_MAX, 0x100000000ull, ULLONG_MAX };

	(void)state;
	for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
		unsigned long long v = values[i];
		unsigned u = (unsigned)v;
		SAME_AS_LIBC("%u %x %X", u, u, u);
		SAME_AS_LIBC("[%08x] [%-8X] [%8u]", u, u, u);
		SAME_AS_LIBC("[%02x]", u);
		unsigned long lv = (unsigned long)v;
		SAME_AS_LIBC("%lu %lx %lX", lv, lv, lv);
		SAME_AS_LIBC("%llu %llx %016llX", v, v, v);
		size_t zv = (size_t)v;
		SAME_AS_LIBC("%zu %zx", zv, zv);
	}
}

static void test_pseudo_random_integers_match_libc(void **state)
{
	uint64_t x = 88172645463325252ull;

	(void)state;
	for (int i = 0; i < 2000; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift64 */
		int width = (int)(x % 24);
		long long s = (long long)x >> (x % 63);
		unsigned long long u = x >> (x % 64);
		SAME_AS_LIBC("%*lld|%-*llu|%0*llx|%d", width, s, width, u, width, u, (int)s);
	}
}

static void test_pointers(void **state)
{
	char buf[64], want[64];
	int local;

	(void)state;
	void *p = &local;
	SAME_AS_LIBC("%p", p);
	SAME_AS_LIBC("[%24p]", p);
	SAME_AS_LIBC("[%-24p]", p);
	/* glibc prints "(nil)" for NULL; fmt prints 0x0 (a deliberate difference). */
	assert_int_equal(fmt_snprintf(buf, sizeof buf, "%p", (void *)0), 3);
	assert_string_equal(buf, "0x0");
	snprintf(want, sizeof want, "0x%llx", (unsigned long long)(uintptr_t)p);
	fmt_snprintf(buf, sizeof buf, "%p", p);
	assert_string_equal(buf, want);
}

static void test_mixed_line_like_the_stream_uses(void **state)
{
	(void)state;
	SAME_AS_LIBC("#! end rows=%llu status=%s crc32=%08x\n", 12345ull, "ok", 0x0badf00du);
	SAME_AS_LIBC("screen: %s, %ux%u, %u bpp, at 0x%llx", "framebuffer", 1024u, 768u, 32u,
		     0xfd000000ull);
	SAME_AS_LIBC("%-10s|%5d|%c|%%|%08X", "cpu", -3, 'q', 0xabcu);
}

static void test_truncation_returns_full_length(void **state)
{
	char buf[8];

	(void)state;
	memset(buf, 'x', sizeof buf);
	assert_int_equal(fmt_snprintf(buf, 4, "%s", "abcdef"), 6);
	assert_string_equal(buf, "abc");
	assert_int_equal(buf[4], 'x');
	assert_int_equal(fmt_snprintf(buf, 1, "%d", 12345), 5);
	assert_string_equal(buf, "");
	assert_int_equal(fmt_snprintf(NULL, 0, "%d-%s", -7, "ab"), 5);
}

/* fmt_append: pieces join up; a piece that does not fit is cut and every
 * later one is dropped, never written past the buffer. */
static void test_append_builds_a_line_and_stops_at_the_end(void **state)
{
	char buf[12];
	size_t at = 0;

	(void)state;
	memset(buf, 'x', sizeof buf);
	assert_true(fmt_append(buf, 10, &at, "%s", "abc"));
	assert_true(fmt_append(buf, 10, &at, "-%d", 42));
	assert_string_equal(buf, "abc-42");
	assert_int_equal(at, 6);
	assert_false(fmt_append(buf, 10, &at, "%s", "defgh"));
	assert_string_equal(buf, "abc-42def");
	assert_int_equal(at, 9);
	assert_false(fmt_append(buf, 10, &at, "%s", "more"));
	assert_string_equal(buf, "abc-42def");
	assert_int_equal(buf[10], 'x'); /* nothing past size */
	at = 50; /* a position past the end is clamped */
	assert_false(fmt_append(buf, 10, &at, "z"));
	assert_int_equal(at, 9);
	assert_false(fmt_append(buf, 0, &at, "z"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_text_and_percent_escape),
		cmocka_unit_test(test_strings_with_width_precision_and_left_flag),
		cmocka_unit_test(test_null_string_prints_glibc_null_marker),
		cmocka_unit_test(test_chars),
		cmocka_unit_test(test_signed_decimal_limits_and_padding),
		cmocka_unit_test(test_unsigned_decimal_and_hex),
		cmocka_unit_test(test_pseudo_random_integers_match_libc),
		cmocka_unit_test(test_pointers),
		cmocka_unit_test(test_mixed_line_like_the_stream_uses),
		cmocka_unit_test(test_truncation_returns_full_length),
		cmocka_unit_test(test_append_builds_a_line_and_stops_at_the_end),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
