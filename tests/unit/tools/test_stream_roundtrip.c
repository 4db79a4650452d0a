/* Contract test: what the kernel's stream writer (core/stream/stream.c)
 * produces, the host reader accepts, with the same metadata, records, rows and
 * status; and the reader's sink reproduces the writer's bytes exactly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/stream/schema.h"
#include "core/stream/stream.h"
#include "tools/common/stream_reader.h"

struct buffer {
	char data[16384];
	size_t len;
};

static void append(void *ctx, const char *bytes, size_t len)
{
	struct buffer *b = ctx;
	assert_true(b->len + len <= sizeof b->data);
	memcpy(b->data + b->len, bytes, len);
	b->len += len;
}

static struct stream_reader *read_back(const struct buffer *written, struct buffer *normalized)
{
	struct stream_reader *r = stream_reader_new();
	assert_non_null(r);
	stream_reader_set_sink(r, append, normalized);
	assert_int_equal(stream_reader_feed(r, written->data, written->len), written->len);
	stream_reader_finish(r);
	return r;
}

static void test_writer_output_with_table_reads_back_ok(void **state)
{
	(void)state;
	static struct buffer out, back;
	struct stream s;
	char quoted[64];
	out.len = back.len = 0;
	stream_init(&s, append, &out);
	stream_begin(&s, "0.1.0");
	stream_meta(&s, "boot", "pvh");
	stream_meta(&s, "cmdline", "console=ttyS0 exit=auto\tx");
	stream_text(&s, "progress %d%%\nsecond line", 50);
	stream_record(&s, "platform", "cpus=%d brand=%s", 2, stream_quote(quoted, sizeof quoted, "Hygon \"Dhyana\""));
	stream_error(&s, "WARN_NO_APERF", "APERF/MPERF not available");
	stream_row(&s, "0,int_alu,int,hlt,smt_sibling,0,1000,2000,1000,2.00,,,,0.0,1,,ok,,,,,,,,,,,,");
	stream_row(&s, "1,int_alu,int,mwait,smt_sibling,0,1000,2400,1200,2.40,,,,100.0,0,,ok,2000,2400,0,300,,,,,,,,");
	stream_end(&s, true);

	struct stream_reader *r = read_back(&out, &back);
	assert_string_equal(stream_reader_message(r), "ok");
	assert_int_equal(back.len, out.len);
	assert_memory_equal(back.data, out.data, out.len);
	assert_string_equal(stream_reader_version(r), "0.1.0");
	assert_string_equal(stream_reader_meta(r, "boot"), "pvh");
	assert_string_equal(stream_reader_meta(r, "cmdline"), "console=ttyS0 exit=auto x");
	assert_int_equal(stream_reader_record_count(r), 3);
	assert_string_equal(stream_record_get(stream_reader_record_at(r, 0), "brand"), "Hygon 'Dhyana'");
	assert_string_equal(stream_record_get(stream_reader_record_at(r, 1), "code"), "WARN_NO_APERF");
	assert_string_equal(stream_record_get(stream_reader_record_at(r, 1), "msg"), "APERF/MPERF not available");
	assert_int_equal(stream_reader_row_count(r), 2);
	assert_string_equal(stream_reader_row(r, 1)[3], "mwait");
	assert_string_equal(stream_reader_end_status(r), "ok");
	stream_reader_free(r);
}

static void test_writer_error_stream_without_table_reads_back_ok(void **state)
{
	(void)state;
	static struct buffer out, back;
	struct stream s;
	out.len = back.len = 0;
	stream_init(&s, append, &out);
	stream_begin(&s, "0.1.0");
	stream_error(&s, "BAD_OPTION", "unknown key \"foo\"");
	stream_end(&s, false);
	struct stream_reader *r = read_back(&out, &back);
	assert_string_equal(stream_reader_message(r), "ok");
	assert_string_equal(stream_reader_end_status(r), "error");
	assert_string_equal(stream_record_get(stream_reader_record_at(r, 0), "msg"), "unknown key 'foo'");
	assert_int_equal(stream_reader_row_count(r), 0);
	stream_reader_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_writer_output_with_table_reads_back_ok),
		cmocka_unit_test(test_writer_error_stream_without_table_reads_back_ok),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
