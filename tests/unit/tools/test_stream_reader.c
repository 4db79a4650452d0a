/* Stream reader against hand-made fixtures (tests/fixtures/streams/, CRCs from
 * Python's zlib.crc32 via generate.py): exact result codes, messages and values. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/stream/schema.h"
#include "tools/common/stream_reader.h"

#define FIXTURES "tests/fixtures/streams/"

struct text {
	char *data;
	size_t len;
};

static struct text load(const char *path)
{
	struct text t = { NULL, 0 };
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	t.data = malloc(1 << 16);
	assert_non_null(t.data);
	t.len = fread(t.data, 1, 1 << 16, f);
	fclose(f);
	return t;
}

static void collect(void *ctx, const char *bytes, size_t len)
{
	struct text *t = ctx;
	t->data = realloc(t->data, t->len + len);
	assert_non_null(t->data);
	memcpy(t->data + t->len, bytes, len);
	t->len += len;
}

/* Feed a whole file in chunks of `chunk` bytes, then finish; also collects the sink output. */
static struct stream_reader *read_file(const char *name, size_t chunk, struct text *sink_out)
{
	char path[256];
	snprintf(path, sizeof path, FIXTURES "%s", name);
	struct text t = load(path);
	struct stream_reader *r = stream_reader_new();
	assert_non_null(r);
	if (sink_out)
		stream_reader_set_sink(r, collect, sink_out);
	size_t off = 0;
	while (off < t.len && !stream_reader_done(r)) {
		size_t n = t.len - off < chunk ? t.len - off : chunk;
		off += stream_reader_feed(r, t.data + off, n);
	}
	stream_reader_finish(r);
	free(t.data);
	return r;
}

static void expect(const char *name, enum stream_result code, const char *message)
{
	/* Same outcome whatever the chunking: whole file, one byte at a time, odd chunks. */
	static const size_t chunks[] = { 1 << 16, 1, 7 };
	for (size_t i = 0; i < sizeof chunks / sizeof chunks[0]; i++) {
		struct stream_reader *r = read_file(name, chunks[i], NULL);
		assert_string_equal(stream_result_name(stream_reader_result(r)), stream_result_name(code));
		assert_string_equal(stream_reader_message(r), message);
		stream_reader_free(r);
	}
}

static void test_clean_stream_verifies_and_exposes_metadata_records_rows(void **state)
{
	(void)state;
	expect("clean.csv", STREAM_OK, "ok");
	struct stream_reader *r = read_file("clean.csv", 1 << 16, NULL);
	assert_true(stream_reader_done(r));
	assert_string_equal(stream_reader_version(r), "0.1.0");
	assert_int_equal(stream_reader_line_count(r), 20);
	assert_int_equal(stream_reader_meta_count(r), 10);
	assert_string_equal(stream_reader_meta_at(r, 0)->key, "version");
	assert_string_equal(stream_reader_meta(r, "cmdline"), "console=ttyS0,115200 preset=quick exit=auto");
	assert_string_equal(stream_reader_meta(r, "smbios_product"), "Standard PC (i440FX + PIIX, 1996)");
	assert_null(stream_reader_meta(r, "missing"));
	assert_int_equal(stream_reader_record_count(r), 2);
	const struct stream_record *p = stream_reader_record_at(r, 0);
	assert_string_equal(p->type, "platform");
	assert_int_equal(p->line, 13);
	assert_int_equal(p->pair_count, 4);
	assert_string_equal(stream_record_get(p, "brand"), "Hygon Dhyana Processor");
	assert_string_equal(stream_record_get(p, "sibling"), "1");
	const struct stream_record *e = stream_reader_record_at(r, 1);
	assert_string_equal(e->type, "end");
	assert_string_equal(stream_record_get(e, "crc32"), "2c591ffb");
	assert_string_equal(stream_reader_end_status(r), "ok");
	assert_int_equal(stream_reader_row_count(r), 3);
	const char *const *row = stream_reader_row(r, 1);
	assert_string_equal(row[STREAM_COLUMN_seq], "1");
	assert_string_equal(row[STREAM_COLUMN_mode], "mwait");
	assert_string_equal(row[STREAM_COLUMN_aperf], "");
	assert_string_equal(row[STREAM_COLUMN_check], "ok");
	assert_null(stream_reader_row(r, 3));
	stream_reader_free(r);
}

static void test_noise_escapes_and_crlf_are_normalized_to_the_clean_stream(void **state)
{
	(void)state;
	expect("noisy.log", STREAM_OK, "ok");
	struct text out = { NULL, 0 };
	struct stream_reader *r = read_file("noisy.log", 3, &out);
	struct text clean = load(FIXTURES "clean.csv");
	assert_int_equal(out.len, clean.len);
	assert_memory_equal(out.data, clean.data, clean.len);
	assert_string_equal(stream_reader_meta(r, "hypervisor"), "TCGTCGTCGTCG");
	assert_int_equal(stream_reader_row_count(r), 3);
	free(out.data);
	free(clean.data);
	stream_reader_free(r);
}

static void test_reader_stops_consuming_after_the_end_record(void **state)
{
	(void)state;
	struct text t = load(FIXTURES "noisy.log");
	struct stream_reader *r = stream_reader_new();
	size_t used = stream_reader_feed(r, t.data, t.len);
	const char *tail = "results complete";
	assert_true(stream_reader_done(r));
	assert_true(used < t.len);
	assert_memory_equal(t.data + used, tail, strlen(tail));
	assert_int_equal(stream_reader_feed(r, "x\n", 2), 0);
	assert_int_equal(stream_reader_result(r), STREAM_OK);
	free(t.data);
	stream_reader_free(r);
}

static void test_truncated_stream_is_reported_with_its_line_count(void **state)
{
	(void)state;
	expect("truncated.csv", STREAM_ERR_TRUNCATED,
	       "truncated: input ended after 16 complete lines and a partial line without the `#! end` record");
}

static void test_flipped_byte_gives_crc_mismatch_with_both_values(void **state)
{
	(void)state;
	expect("flipped.csv", STREAM_ERR_CRC,
	       "CRC-32 mismatch: line 20: end record says crc32=2c591ffb, computed 07a34656");
}

static void test_wrong_rows_count_is_a_row_count_mismatch(void **state)
{
	(void)state;
	expect("wrong_rows.csv", STREAM_ERR_ROW_COUNT,
	       "row count mismatch: line 20: end record says rows=4, stream has 3");
}

static void test_row_with_missing_field_names_line_and_count(void **state)
{
	(void)state;
	expect("bad_fields.csv", STREAM_ERR_ROW_FIELDS,
	       "row with wrong field count: line 17: row has 16 fields, expected 17");
}

static void test_empty_input_is_not_a_stream(void **state)
{
	(void)state;
	expect("empty.csv", STREAM_ERR_NO_HEADER,
	       "not an idlebench stream: no `#! idlebench` header in the input");
	expect("no_header.log", STREAM_ERR_NO_HEADER,
	       "not an idlebench stream: no `#! idlebench` header in the input");
}

static void test_unknown_schema_version_is_rejected(void **state)
{
	(void)state;
	expect("schema6.csv", STREAM_ERR_SCHEMA,
	       "unknown schema version: line 1: schema=6, this reader knows schema=1 to 5");
}

/* Readers keep reading older schemas: 1 and 2 are both accepted and say which. */
static void test_schema_1_and_2_are_read_and_reported(void **state)
{
	(void)state;
	expect("schema2.csv", STREAM_OK, "ok");
	expect("clean.csv", STREAM_OK, "ok");
	FILE *f = fopen(FIXTURES "schema2.csv", "rb");
	assert_non_null(f);
	int read_errno;
	struct stream_reader *r = stream_reader_read_file(f, &read_errno);
	fclose(f);
	assert_int_equal(stream_reader_schema(r), 2);
	assert_int_equal(stream_reader_row_count(r), 3);
	/* an older row reads with the PMU columns schema 3 added empty */
	assert_string_equal(stream_reader_row(r, 0)[STREAM_COLUMN_check], "ok");
	assert_string_equal(stream_reader_row(r, 0)[STREAM_COLUMN_instructions], "");
	assert_string_equal(stream_reader_row(r, 0)[STREAM_COLUMN_one_thread_active], "");
	stream_reader_free(r);
	f = fopen(FIXTURES "clean.csv", "rb");
	assert_non_null(f);
	r = stream_reader_read_file(f, &read_errno);
	fclose(f);
	assert_int_equal(stream_reader_schema(r), 1);
	assert_string_equal(stream_reader_row(r, 2)[STREAM_COLUMN_stall_cycles], "");
	stream_reader_free(r);
}

/* Schema 3 appends the PMU columns: measured cells and empty ones read as written. */
static void test_schema_3_reads_the_pmu_columns(void **state)
{
	(void)state;
	expect("schema3.csv", STREAM_OK, "ok");
	struct stream_reader *r = read_file("schema3.csv", 1 << 16, NULL);
	assert_int_equal(stream_reader_schema(r), 3);
	assert_int_equal(stream_reader_row_count(r), 3);
	const char *const *row = stream_reader_row(r, 0);
	assert_string_equal(row[STREAM_COLUMN_check], "ok");
	assert_string_equal(row[STREAM_COLUMN_instructions], "4200000");
	assert_string_equal(row[STREAM_COLUMN_unhalted_cycles], "2100000");
	assert_string_equal(row[STREAM_COLUMN_smis], "0");
	assert_string_equal(row[STREAM_COLUMN_stall_cycles], "52000");
	assert_string_equal(row[STREAM_COLUMN_one_thread_active], "");
	assert_string_equal(stream_reader_row(r, 1)[STREAM_COLUMN_instructions], "");
	assert_string_equal(stream_reader_row(r, 2)[STREAM_COLUMN_smis], "1");
	stream_reader_free(r);
}

static struct stream_reader *read_literal(const char *s);

/* A schema 3 header under a schema 2 line, and a schema 2 row in a schema 3 stream, are errors. */
static void test_rows_must_match_the_schema_they_declare(void **state)
{
	(void)state;
	char input[1024];
	snprintf(input, sizeof input, "#! idlebench 0.2.0 schema=2\n%s\n", STREAM_HEADER_LINE);
	struct stream_reader *r = read_literal(input);
	assert_int_equal(stream_reader_result(r), STREAM_ERR_BAD_DATA_HEADER);
	stream_reader_free(r);
	snprintf(input, sizeof input, "#! idlebench 0.4.0 schema=4\n%s\n0,a,int,hlt,,0,1,2,3,2.00,,,,,,,ok\n",
		 STREAM_HEADER_LINE);
	r = read_literal(input);
	assert_string_equal(stream_reader_message(r), "row with wrong field count: line 3: row has 17 fields, expected 29");
	stream_reader_free(r);
}

static void test_intact_stream_ending_in_error_is_ok_with_its_status(void **state)
{
	(void)state;
	expect("status_error.csv", STREAM_OK, "ok");
	struct stream_reader *r = read_file("status_error.csv", 1 << 16, NULL);
	assert_string_equal(stream_reader_end_status(r), "error");
	assert_int_equal(stream_reader_row_count(r), 0);
	const struct stream_record *e = stream_reader_record_at(r, 0);
	assert_string_equal(e->type, "error");
	assert_string_equal(stream_record_get(e, "code"), "BAD_OPTION");
	assert_string_equal(stream_record_get(e, "token"), "preset=fast");
	assert_string_equal(stream_record_get(e, "msg"), "unknown value for preset; valid: quick standard full");
	stream_reader_free(r);
}

static void test_escape_code_inside_the_stream_is_named_not_stripped(void **state)
{
	(void)state;
	expect("escape_inside.csv", STREAM_ERR_CONTROL_BYTE,
	       "control byte inside a line: line 5 column 15: byte 0x1b (a terminal escape code inside the stream)");
}

/* Feed a literal stream (with a correct CRC computed here only where the test is not about it). */
static struct stream_reader *read_literal(const char *s)
{
	struct stream_reader *r = stream_reader_new();
	assert_non_null(r);
	stream_reader_feed(r, s, strlen(s));
	stream_reader_finish(r);
	return r;
}

/* stream_reader_read_file on the file at path; returns the reader, sets *read_errno. */
static struct stream_reader *read_whole_file(const char *path, int *read_errno)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	*read_errno = -1;
	struct stream_reader *r = stream_reader_read_file(f, read_errno);
	fclose(f);
	assert_non_null(r);
	return r;
}

static void test_read_file_reads_a_noisy_file_to_its_end_record(void **state)
{
	(void)state;
	int read_errno;
	struct stream_reader *r = read_whole_file(FIXTURES "noisy.log", &read_errno);
	assert_int_equal(read_errno, 0);
	assert_true(stream_reader_done(r));
	assert_int_equal(stream_reader_result(r), STREAM_OK);
	assert_int_equal(stream_reader_row_count(r), 3);
	assert_string_equal(stream_reader_end_status(r), "ok");
	stream_reader_free(r);
}

static void test_read_file_finishes_a_file_without_end_record(void **state)
{
	(void)state;
	int read_errno;
	struct stream_reader *r = read_whole_file(FIXTURES "truncated.csv", &read_errno);
	assert_int_equal(read_errno, 0);
	assert_int_equal(stream_reader_result(r), STREAM_ERR_TRUNCATED);
	stream_reader_free(r);
}

/* Reading a directory opened as a file fails with EISDIR on Linux. */
static void test_read_file_reports_a_read_error(void **state)
{
	(void)state;
	int read_errno;
	struct stream_reader *r = read_whole_file(FIXTURES, &read_errno);
	assert_int_equal(read_errno, EISDIR);
	assert_int_equal(stream_reader_result(r), STREAM_ERR_NO_HEADER);
	stream_reader_free(r);
}

static void test_malformed_lines_are_named(void **state)
{
	(void)state;
	static const struct {
		const char *input;
		enum stream_result code;
		const char *message;
	} cases[] = {
		{ "#! idlebench 0.1.0\n", STREAM_ERR_BAD_HEADER,
		  "bad stream header line: line 1: expected `#! idlebench VERSION schema=N`" },
		{ "#! idlebench 0.1.0 schema=1 extra\n", STREAM_ERR_BAD_HEADER,
		  "bad stream header line: line 1: expected `#! idlebench VERSION schema=N`" },
		{ "#! idlebench 0.1.0 schema=1\n#= Bad=1\n", STREAM_ERR_BAD_METADATA,
		  "bad metadata line: line 2: expected `#= key=value` with key [a-z0-9_.]+" },
		{ "#! idlebench 0.1.0 schema=1\n#= a=1\n#= a=2\n", STREAM_ERR_DUPLICATE_METADATA,
		  "duplicate metadata key: line 3: key a appears twice" },
		{ "#! idlebench 0.1.0 schema=1\n#! error msg=\"open\n", STREAM_ERR_BAD_RECORD,
		  "bad record line: line 2 column 14: unterminated quoted value" },
		{ "#! idlebench 0.1.0 schema=1\n#! error msg=\"a\"b\n", STREAM_ERR_BAD_RECORD,
		  "bad record line: line 2 column 17: stray 'b' in value" },
		{ "#! idlebench 0.1.0 schema=1\n#! error lonely\n", STREAM_ERR_BAD_RECORD,
		  "bad record line: line 2 column 10: expected key=value" },
		{ "#! idlebench 0.1.0 schema=1\n#! Error x=1\n", STREAM_ERR_BAD_RECORD,
		  "bad record line: line 2: expected `#! type key=value ...` with type [a-z0-9_]+" },
		{ "#! idlebench 0.1.0 schema=1\n#! idlebench 0.1.0 schema=1\n", STREAM_ERR_RESTARTED,
		  "stream restarted: line 2: a second `#! idlebench` header (did the machine reboot?)" },
		{ "#! idlebench 0.1.0 schema=1\n#! end rows=x status=ok crc32=00000000\n", STREAM_ERR_BAD_END,
		  "bad end record: line 2: rows= must be a decimal count" },
		{ "#! idlebench 0.1.0 schema=1\n#! end rows=0 status=fine crc32=00000000\n", STREAM_ERR_BAD_END,
		  "bad end record: line 2: status= must be ok or error" },
		{ "#! idlebench 0.1.0 schema=1\n#! end rows=0 status=ok crc32=ABCDEF01\n", STREAM_ERR_BAD_END,
		  "bad end record: line 2: crc32= must be 8 lowercase hex digits" },
		{ "#! idlebench 0.1.0 schema=1\n#! end rows=0 oops\n", STREAM_ERR_BAD_END,
		  "bad end record: line 2 column 15: expected key=value" },
		{ "#! idlebench 0.1.0 schema=1\n#= a=\x01\n", STREAM_ERR_CONTROL_BYTE,
		  "control byte inside a line: line 2 column 6: byte 0x01" },
		{ "garbage #! idlebench 0.1.0 schema=1\n#= a=1\n", STREAM_ERR_TRUNCATED,
		  "truncated: input ended after 2 complete lines without the `#! end` record" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct stream_reader *r = read_literal(cases[i].input);
		assert_string_equal(stream_reader_message(r), cases[i].message);
		assert_int_equal(stream_reader_result(r), cases[i].code);
		stream_reader_free(r);
	}
}

static void test_a_wrong_data_header_names_the_expected_one(void **state)
{
	(void)state;
	struct stream_reader *r = read_literal("#! idlebench 0.1.0 schema=1\nseq,workload\n");
	char want[512];
	/* schema 1 and 2: the columns up to `check` */
	snprintf(want, sizeof want, "bad data header line: line 2: expected the schema 1 column header `%s`",
		 "seq,workload,class,mode,placement,rep,iterations,tsc_cycles,ns,cycles_per_iter,aperf,mperf,eff_mhz,"
		 "sib_c0_pct,sib_wakeups,energy_uj,check");
	assert_string_equal(stream_reader_message(r), want);
	assert_int_equal(stream_reader_result(r), STREAM_ERR_BAD_DATA_HEADER);
	stream_reader_free(r);
	r = read_literal("#! idlebench 0.3.0 schema=3\nseq,workload\n");
	snprintf(want, sizeof want, "bad data header line: line 2: expected the schema 3 column header `%.*s`",
		 (int)(strstr(STREAM_HEADER_LINE, ",user_ns") - STREAM_HEADER_LINE), STREAM_HEADER_LINE);
	assert_string_equal(stream_reader_message(r), want);
	stream_reader_free(r);
	r = read_literal("#! idlebench 0.4.0 schema=4\nseq,workload\n");
	snprintf(want, sizeof want, "bad data header line: line 2: expected the schema 4 column header `%s`",
		 STREAM_HEADER_LINE);
	assert_string_equal(stream_reader_message(r), want);
	stream_reader_free(r);
}

static void test_over_long_line_is_rejected_but_reading_goes_on_to_the_end(void **state)
{
	(void)state;
	struct stream_reader *r = stream_reader_new();
	const char *head = "#! idlebench 0.1.0 schema=1\n#  ";
	stream_reader_feed(r, head, strlen(head));
	char *big = malloc(STREAM_READER_LINE_MAX + 1);
	memset(big, 'x', STREAM_READER_LINE_MAX);
	big[STREAM_READER_LINE_MAX] = '\n';
	stream_reader_feed(r, big, STREAM_READER_LINE_MAX + 1);
	free(big);
	const char *end = "#! end rows=0 status=ok crc32=00000000\nafter";
	size_t used = stream_reader_feed(r, end, strlen(end));
	assert_int_equal(used, strlen(end) - strlen("after"));
	assert_true(stream_reader_done(r));
	assert_string_equal(stream_reader_message(r), "line too long: line 2: longer than 8192 bytes");
	stream_reader_free(r);
}

static void test_a_line_of_exactly_the_limit_is_accepted(void **state)
{
	(void)state;
	struct stream_reader *r = stream_reader_new();
	const char *head = "#! idlebench 0.1.0 schema=1\n#  ";
	stream_reader_feed(r, head, strlen(head));
	char *big = malloc(STREAM_READER_LINE_MAX - 2);
	memset(big, 'x', STREAM_READER_LINE_MAX - 3);
	big[STREAM_READER_LINE_MAX - 3] = '\n';
	stream_reader_feed(r, big, STREAM_READER_LINE_MAX - 2);
	free(big);
	assert_int_equal(stream_reader_line_count(r), 2);
	assert_int_equal(stream_reader_result(r), STREAM_OK);
	stream_reader_free(r);
}

static void test_every_result_code_has_a_name_and_text(void **state)
{
	(void)state;
	for (int c = STREAM_OK; c <= STREAM_ERR_NO_MEMORY; c++) {
		assert_non_null(stream_result_name(c));
		assert_true(strncmp(stream_result_name(c), "STREAM_", 7) == 0);
		assert_true(strlen(stream_result_text(c)) > 1);
	}
	assert_string_equal(stream_result_name(STREAM_ERR_CRC), "STREAM_ERR_CRC");
	assert_string_equal(stream_result_name(STREAM_ERR_NO_MEMORY + 1), "STREAM_ERR_UNKNOWN");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clean_stream_verifies_and_exposes_metadata_records_rows),
		cmocka_unit_test(test_noise_escapes_and_crlf_are_normalized_to_the_clean_stream),
		cmocka_unit_test(test_reader_stops_consuming_after_the_end_record),
		cmocka_unit_test(test_truncated_stream_is_reported_with_its_line_count),
		cmocka_unit_test(test_flipped_byte_gives_crc_mismatch_with_both_values),
		cmocka_unit_test(test_wrong_rows_count_is_a_row_count_mismatch),
		cmocka_unit_test(test_row_with_missing_field_names_line_and_count),
		cmocka_unit_test(test_empty_input_is_not_a_stream),
		cmocka_unit_test(test_unknown_schema_version_is_rejected),
		cmocka_unit_test(test_schema_1_and_2_are_read_and_reported),
		cmocka_unit_test(test_schema_3_reads_the_pmu_columns),
		cmocka_unit_test(test_rows_must_match_the_schema_they_declare),
		cmocka_unit_test(test_intact_stream_ending_in_error_is_ok_with_its_status),
		cmocka_unit_test(test_escape_code_inside_the_stream_is_named_not_stripped),
		cmocka_unit_test(test_read_file_reads_a_noisy_file_to_its_end_record),
		cmocka_unit_test(test_read_file_finishes_a_file_without_end_record),
		cmocka_unit_test(test_read_file_reports_a_read_error),
		cmocka_unit_test(test_malformed_lines_are_named),
		cmocka_unit_test(test_a_wrong_data_header_names_the_expected_one),
		cmocka_unit_test(test_over_long_line_is_rejected_but_reading_goes_on_to_the_end),
		cmocka_unit_test(test_a_line_of_exactly_the_limit_is_accepted),
		cmocka_unit_test(test_every_result_code_has_a_name_and_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
