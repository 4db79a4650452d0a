/* The transport noise filter (tools/capture/capture_filter.h): escape sequences of
 * every ECMA-48 shape, NULs and SOL client banners go; everything else,
 * split across reads at any byte, comes through unchanged. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tools/capture/capture_filter.h"

/* Run in through a fresh filter in pieces of `step` bytes (0: all at once), flush, NUL-terminate. */
static void filter(const char *in, size_t len, size_t step, char *out)
{
	struct capture_filter f;
	size_t o = 0;
	capture_filter_init(&f);
	if (!step)
		step = len ? len : 1;
	for (size_t i = 0; i < len; i += step)
		o += capture_filter_run(&f, in + i, len - i < step ? len - i : step, out + o);
	o += capture_filter_flush(&f, out + o);
	out[o] = '\0';
}

static void assert_filtered(const char *in, const char *want)
{
	char out[1024];
	for (size_t step = 0; step <= 7; step++) {
		filter(in, strlen(in), step, out);
		assert_string_equal(out, want);
	}
}

static void test_escape_sequences_are_removed(void **state)
{
	(void)state;
	assert_filtered("\x1b[2J\x1b[1;1Hab\x1b[0m\x1b[37m\x1b[40mc", "abc");    /* CSI */
	assert_filtered("a\x1b[?25lb\x1b[?25hc", "abc");                        /* private CSI */
	assert_filtered("a\x1b]0;BMC console\x07" "b\x1b]2;t\x1b\\c", "abc");  /* OSC, both ends */
	assert_filtered("a\x1b(Bb\x1b)0c\x1b" "7d\x1b" "8e\x1b" "cf", "abcdef"); /* charset, ESC 7/8, RIS */
}

static void test_nul_bytes_are_removed(void **state)
{
	(void)state;
	char in[] = "a\0b\0\0c";
	char out[32];
	filter(in, sizeof in - 1, 0, out);
	assert_string_equal(out, "abc");
}

static void test_stream_text_passes_unchanged(void **state)
{
	(void)state;
	static const char text[] = "#! idlebench 0.1.0 schema=3\r\n#= cmdline=console=ttyS0,115200 label=x\r\n"
				   "seq,workload\r\n0,int_alu\t[x]~?\r\n#! end rows=1 status=ok crc32=0123abcd\n";
	assert_filtered(text, text);
}

static void test_sol_banner_is_removed_at_connection_start_only(void **state)
{
	(void)state;
	assert_filtered("[SOL Session operational.  Use ~? for help]\n#! idlebench", "#! idlebench");
	assert_filtered("[SOL Session operational.  Use &? for help]\r\nabc", "abc");
	assert_filtered("[SOL established]\r\nabc", "abc");
	/* Not at the start of a connection: data like any other. */
	assert_filtered("x[SOL established]\r\n", "x[SOL established]\r\n");
	/* A start that only looks like a banner is kept whole. */
	assert_filtered("[SOL Sess", "[SOL Sess");
	assert_filtered("[SOL Sessions]", "[SOL Sessions]");
}

static void test_new_connection_expects_a_banner_again(void **state)
{
	(void)state;
	struct capture_filter f;
	char out[256];
	size_t o = 0;
	static const char a[] = "[SOL Session operational.  Use ~? for help]\n0,int_a";
	static const char b[] = "[SOL Session operational.  Use ~? for help]\n\x1b[H\x1b[Jlu,int\n";
	capture_filter_init(&f);
	o += capture_filter_run(&f, a, sizeof a - 1, out + o);
	capture_filter_new_connection(&f);
	o += capture_filter_run(&f, b, sizeof b - 1, out + o);
	out[o] = '\0';
	assert_string_equal(out, "0,int_alu,int\n");
}

static void test_cut_escape_sequence_keeps_what_follows(void **state)
{
	(void)state;
	/* ESC then a control byte: no sequence; the control byte stays for the reader to reject. */
	assert_filtered("a\x1b\nb", "a\nb");
	/* An unterminated CSI longer than any real one stops being a sequence. */
	char in[200], want[200];
	strcpy(in, "\x1b[");
	memset(in + 2, '1', 100);
	strcpy(in + 102, "xyz");
	strcpy(want, "");
	memset(want, '1', 100 - 63);
	strcpy(want + 37, "xyz");
	assert_filtered(in, want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape_sequences_are_removed),
		cmocka_unit_test(test_nul_bytes_are_removed),
		cmocka_unit_test(test_stream_text_passes_unchanged),
		cmocka_unit_test(test_sol_banner_is_removed_at_connection_start_only),
		cmocka_unit_test(test_new_connection_expects_a_banner_again),
		cmocka_unit_test(test_cut_escape_sequence_keeps_what_follows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
