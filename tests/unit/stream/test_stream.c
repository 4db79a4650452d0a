/* The result stream writer, captured through its sink: exact lines for every
 * record kind (docs/stream-format.md is the contract), key validation, quoting,
 * control characters, row counting, and the end record's CRC-32 checked
 * against an independent bitwise CRC over every byte written before it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/stream/schema.h"
#include "core/stream/stream.h"
#include "tests/unit/support/crc32_reference.h"

struct capture {
	char bytes[65536];
	size_t len;
	size_t calls;
	size_t calls_not_ending_in_newline;
};

static struct capture cap;
static struct stream st;

/* A fake lock for stream_set_lock: depth now, and every byte's depth. */
struct fake_lock {
	int depth;
	int max_depth;
	size_t takes;
	size_t bytes_unlocked;
};
static struct fake_lock fl;

static void sink(void *ctx, const char *bytes, size_t len)
{
	struct capture *c = ctx;

	assert_true(c->len + len <= sizeof c->bytes);
	memcpy(c->bytes + c->len, bytes, len);
	c->len += len;
	if (st.lock && fl.depth <= 0)
		fl.bytes_unlocked += len;
	c->calls++;
	if (!len || bytes[len - 1] != '\n')
		c->calls_not_ending_in_newline++;
}

/* Everything written since the last take_all(), as a string. */
static size_t taken;
static const char *take_all(void)
{
	static char out[sizeof cap.bytes + 1];
	size_t n = cap.len - taken;

	memcpy(out, cap.bytes + taken, n);
	out[n] = '\0';
	taken = cap.len;
	return out;
}

static int setup(void **state)
{
	(void)state;
	memset(&cap, 0, sizeof cap);
	taken = 0;
	stream_init(&st, sink, &cap);
	return 0;
}

static int setup_begun(void **state)
{
	setup(state);
	stream_begin(&st, "0.1.0");
	take_all();
	return 0;
}


/* Check that the capture ends with exactly one end record carrying rows and
 * status, and that its crc32 is the CRC of every byte before that line. */
static void assert_end_record_verifies(unsigned long long rows, const char *status)
{
	cap.bytes[cap.len] = '\0';
	assert_true(cap.len > 0 && cap.bytes[cap.len - 1] == '\n');
	size_t start = cap.len - 1;
	while (start > 0 && cap.bytes[start - 1] != '\n')
		start--;
	char want[96];
	snprintf(want, sizeof want, "#! end rows=%llu status=%s crc32=%08x\n", rows, status,
		 (unsigned)crc32_bitwise(cap.bytes, start));
	assert_string_equal(cap.bytes + start, want);
}

static void test_init_writes_nothing_and_begin_writes_header_once(void **state)
{
	(void)state;
	assert_int_equal(cap.len, 0);
	assert_false(stream_has_begun(&st));
	stream_begin(&st, "0.1.0+gabc123");
	assert_true(stream_has_begun(&st));
	assert_string_equal(take_all(), "#! idlebench 0.1.0+gabc123 schema=5\n");
	stream_begin(&st, "9.9");
	assert_string_equal(take_all(), "");
}

static void test_nothing_is_written_before_begin(void **state)
{
	(void)state;
	assert_false(stream_meta(&st, "boot", "pvh"));
	stream_text(&st, "hello");
	stream_record(&st, "cpu", "apic=%d", 0);
	stream_row(&st, "1,2,3");
	stream_end(&st, true);
	assert_int_equal(cap.len, 0);
	assert_false(stream_has_ended(&st));
}

static void test_meta_writes_key_value_lines(void **state)
{
	(void)state;
	assert_true(stream_meta(&st, "boot", "bios"));
	assert_true(stream_meta(&st, "a.b_c9", "x y z"));
	assert_true(stream_meta(&st, "cmdline", ""));
	assert_true(stream_metaf(&st, "schema", "%d", 1));
	assert_string_equal(take_all(), "#= boot=bios\n#= a.b_c9=x y z\n#= cmdline=\n#= schema=1\n");
}

static void test_meta_rejects_keys_outside_lowercase_digits_dot_underscore(void **state)
{
	static const char *const bad[] = { "", "Boot", "a-b", "a b", "a=b", "é", "key\n", "#" };

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_false(stream_meta(&st, bad[i], "v"));
		assert_false(stream_metaf(&st, bad[i], "%s", "v"));
	}
	assert_string_equal(take_all(), "");
}

static void test_meta_value_control_characters_become_spaces(void **state)
{
	(void)state;
	assert_true(stream_meta(&st, "bootloader", "GRUB\t2.06\r\nx\x7f"));
	assert_string_equal(take_all(), "#= bootloader=GRUB 2.06  x \n");
}

static void test_text_line_and_embedded_newlines(void **state)
{
	(void)state;
	stream_text(&st, "memory: %u MiB", 128u);
	assert_string_equal(take_all(), "#  memory: 128 MiB\n");
	stream_text(&st, "a\nb");
	assert_string_equal(take_all(), "#  a\n#  b\n");
	stream_text(&st, "trailing\n");
	assert_string_equal(take_all(), "#  trailing\n");
	stream_text(&st, "a\n\nb");
	assert_string_equal(take_all(), "#  a\n#  \n#  b\n");
	stream_text(&st, "%s", "");
	assert_string_equal(take_all(), "#  \n");
	stream_text(&st, "tab\there");
	assert_string_equal(take_all(), "#  tab here\n");
}

static void test_overlong_text_is_cut_to_one_1024_byte_line(void **state)
{
	static char text[3000];

	(void)state;
	memset(text, 'x', sizeof text - 1);
	stream_text(&st, "%s", text);
	const char *out = take_all();
	size_t len = strlen(out);
	assert_int_equal(len, 1024);
	assert_memory_equal(out, "#  xxx", 6);
	assert_int_equal(out[len - 1], '\n');
	assert_null(memchr(out, '\n', len - 1));
}

static void test_record_and_quoted_values(void **state)
{
	char q[64];

	(void)state;
	stream_record(&st, "cpu", "apic=%u vendor=%s brand=%s", 3u, "HygonGenuine",
		      stream_quote(q, sizeof q, "Hygon C86 7185 32-core"));
	assert_string_equal(take_all(), "#! cpu apic=3 vendor=HygonGenuine brand=\"Hygon C86 7185 32-core\"\n");
}

static void test_error_record_quotes_and_sanitizes_message(void **state)
{
	(void)state;
	stream_error(&st, "CMDLINE_UNKNOWN_KEY", "unknown option \"foo=1\"\n(see help)");
	assert_string_equal(take_all(),
			    "#! error code=CMDLINE_UNKNOWN_KEY msg=\"unknown option 'foo=1' (see help)\"\n");
}

static void test_quote_replaces_quotes_and_controls_and_truncates(void **state)
{
	char q[16];

	(void)state;
	assert_string_equal(stream_quote(q, sizeof q, "a b"), "\"a b\"");
	assert_string_equal(stream_quote(q, sizeof q, ""), "\"\"");
	assert_string_equal(stream_quote(q, sizeof q, "say \"hi\"\t!"), "\"say 'hi' !\"");
	/* size 6: room for the quotes, the NUL and 3 characters. */
	assert_string_equal(stream_quote(q, 6, "abcdef"), "\"abc\"");
	assert_string_equal(stream_quote(q, 3, "abcdef"), "\"\"");
	memset(q, 'z', sizeof q);
	assert_string_equal(stream_quote(q, 2, "abcdef"), "");
	assert_int_equal(q[1], 'z');
	memset(q, 'z', sizeof q);
	stream_quote(q, 0, "abcdef");
	assert_int_equal(q[0], 'z');
}

static void test_rows_get_one_header_and_are_counted_in_end_record(void **state)
{
	(void)state;
	stream_row(&st, "1,a");
	stream_row(&st, "2,b");
	stream_table_header(&st);
	stream_row(&st, "3,c");
	char want[512];
	snprintf(want, sizeof want, "%s\n1,a\n2,b\n3,c\n", STREAM_HEADER_LINE);
	assert_string_equal(take_all(), want);
	stream_end(&st, true);
	assert_end_record_verifies(3, "ok");
}

static void test_explicit_header_comes_once_without_rows(void **state)
{
	(void)state;
	stream_table_header(&st);
	stream_table_header(&st);
	char want[512];
	snprintf(want, sizeof want, "%s\n", STREAM_HEADER_LINE);
	assert_string_equal(take_all(), want);
	stream_end(&st, true);
	assert_end_record_verifies(0, "ok");
}

static void test_end_record_crc_covers_every_previous_byte(void **state)
{
	char q[64];

	(void)state;
	stream_begin(&st, "0.1.0");
	stream_meta(&st, "version", "0.1.0");
	stream_meta(&st, "schema", "1");
	stream_meta(&st, "boot", "pvh");
	stream_meta(&st, "cmdline", "console=ttyS0 exit=qemu");
	stream_text(&st, "table:\n  a  b\n  1  2");
	stream_record(&st, "cpu", "name=%s", stream_quote(q, sizeof q, "QEMU TCG"));
	stream_row(&st, "0,int_add,alu,hlt,sibling,0,1000,1,2,3,4,5,6,7,8,9,ok");
	stream_error(&st, "TEST", "a warning");
	stream_end(&st, true);
	assert_true(stream_has_ended(&st));
	assert_end_record_verifies(1, "ok");
	/* Whole lines only: every sink call ended in a newline. */
	assert_int_equal(cap.calls_not_ending_in_newline, 0);
}

static void test_minimal_stream_matches_zlib_crc(void **state)
{
	(void)state;
	stream_begin(&st, "0.1.0");
	stream_end(&st, true);
	/* python3 -c 'import zlib; print("%08x" % zlib.crc32(b"#! idlebench 0.1.0 schema=5\n"))' */
	assert_string_equal(take_all(), "#! idlebench 0.1.0 schema=5\n#! end rows=0 status=ok crc32=5a6c2219\n");
}

static void test_error_status_and_nothing_after_end(void **state)
{
	(void)state;
	stream_meta(&st, "boot", "bios");
	stream_end(&st, false);
	assert_end_record_verifies(0, "error");
	size_t len = cap.len;
	assert_false(stream_meta(&st, "late", "x"));
	stream_text(&st, "late");
	stream_record(&st, "late", "x=1");
	stream_error(&st, "LATE", "late");
	stream_table_header(&st);
	stream_row(&st, "1");
	stream_end(&st, true);
	assert_int_equal(cap.len, len);
}

static void fake_take(void *ctx)
{
	struct fake_lock *l = ctx;

	l->takes++;
	if (++l->depth > l->max_depth)
		l->max_depth = l->depth;
}

static void fake_give(void *ctx)
{
	struct fake_lock *l = ctx;

	assert_true(l->depth > 0);
	l->depth--;
}

/* Every call that writes does so under the lock and gives it back; hold and
 * release nest around them (a fault report); without a lock nothing changes. */
static void test_every_write_is_made_under_the_lock_and_hold_nests(void **state)
{
	(void)state;
	memset(&fl, 0, sizeof fl);
	stream_set_lock(&st, fake_take, fake_give, &fl);
	stream_begin(&st, "v1");
	stream_meta(&st, "k", "v");
	stream_metaf(&st, "n", "%d", 3);
	stream_text(&st, "a\nb");
	stream_record(&st, "mode", "name=%s", "hlt");
	stream_error(&st, "X", "y");
	stream_row(&st, "1,lz,int,hlt,sibling,0,1,2,3,4,,,,,,,ok");
	assert_int_equal(fl.depth, 0);
	size_t takes_before_hold = fl.takes;
	assert_true(takes_before_hold >= 7);
	stream_hold(&st);
	stream_text(&st, "report line");
	stream_record(&st, "error", "code=CPU_EXCEPTION");
	assert_int_equal(fl.depth, 1);
	assert_true(fl.max_depth >= 2);
	stream_release(&st);
	stream_end(&st, false);
	assert_int_equal(fl.depth, 0);
	assert_int_equal(fl.bytes_unlocked, 0);
	/* Calls after the end take the lock too and write nothing. */
	size_t len = cap.len;
	stream_text(&st, "late");
	stream_row(&st, "late");
	assert_int_equal(cap.len, len);
	assert_int_equal(fl.depth, 0);
}

static void test_hold_and_release_without_a_lock_do_nothing(void **state)
{
	(void)state;
	stream_hold(&st);
	stream_begin(&st, "v1");
	stream_release(&st);
	assert_string_equal(take_all(), "#! idlebench v1 schema=5\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_init_writes_nothing_and_begin_writes_header_once, setup),
		cmocka_unit_test_setup(test_nothing_is_written_before_begin, setup),
		cmocka_unit_test_setup(test_meta_writes_key_value_lines, setup_begun),
		cmocka_unit_test_setup(test_meta_rejects_keys_outside_lowercase_digits_dot_underscore, setup_begun),
		cmocka_unit_test_setup(test_meta_value_control_characters_become_spaces, setup_begun),
		cmocka_unit_test_setup(test_text_line_and_embedded_newlines, setup_begun),
		cmocka_unit_test_setup(test_overlong_text_is_cut_to_one_1024_byte_line, setup_begun),
		cmocka_unit_test_setup(test_record_and_quoted_values, setup_begun),
		cmocka_unit_test_setup(test_error_record_quotes_and_sanitizes_message, setup_begun),
		cmocka_unit_test_setup(test_quote_replaces_quotes_and_controls_and_truncates, setup),
		cmocka_unit_test_setup(test_rows_get_one_header_and_are_counted_in_end_record, setup_begun),
		cmocka_unit_test_setup(test_explicit_header_comes_once_without_rows, setup_begun),
		cmocka_unit_test_setup(test_end_record_crc_covers_every_previous_byte, setup),
		cmocka_unit_test_setup(test_minimal_stream_matches_zlib_crc, setup),
		cmocka_unit_test_setup(test_error_status_and_nothing_after_end, setup_begun),
		cmocka_unit_test_setup(test_every_write_is_made_under_the_lock_and_hold_nests, setup),
		cmocka_unit_test_setup(test_hold_and_release_without_a_lock_do_nothing, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
