/* The data table's one column list (core/stream/schema.h) and the one row
 * writer (core/stream/sample_row.c): the header, the column count and the
 * row text byte for byte, empty cells included. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/stream/sample_row.h"
#include "core/stream/schema.h"
#include "tests/unit/support/stream_text.h"

/* The column list as docs/stream-format.md documents it (schema 4: schema 1's
 * columns, then the PMU's, then a command's). */
#define DOCUMENTED_HEADER                                                                                      \
	"seq,workload,class,mode,placement,rep,iterations,tsc_cycles,ns,cycles_per_iter,aperf,mperf,eff_mhz,"  \
	"sib_c0_pct,sib_wakeups,energy_uj,check,instructions,unhalted_cycles,smis,stall_cycles,one_thread_active,core_energy_uj,energy_reliable,"     \
	"user_ns,sys_ns,ctx_switches,exit_status,score"

#define COLUMN_NAME(name, kind, decimals) #name,
static const char *const column_names[] = { STREAM_COLUMNS(COLUMN_NAME) };
#undef COLUMN_NAME

/* A kernel sample with every counter measured. */
static struct sample_row measured_row(void)
{
	return (struct sample_row){
		.seq = 41,
		.workload = "lz",
		.class = "int",
		.mode = "mwait",
		.placement = "sibling",
		.rep = 2,
		.iterations = 1234,
		.tsc_cycles = 5000000,
		.ns = 2044444,
		.cycles_per_iter = 5000000.0 / 1234,
		.aperf = { 4800000, true },
		.mperf = { 4900000, true },
		.eff_mhz = { 2445.361961 * 4800000 / 4900000, true },
		.sib_c0_pct = { 125 / 10.0, true },
		.sib_wakeups = { 37, true },
		.energy_uj = { 1500000.4, true },
		.check = true,
		.instructions = { 9872000, true },
		.unhalted_cycles = { 4800000, true },
		.smis = { 0, true },
		.stall_cycles = { 120000, true },
		.core_energy_uj = { 640000, true },
		.energy_reliable = "yes",
	};
}

static void test_header_is_the_column_list_joined_by_commas(void **state)
{
	(void)state;
	char joined[512] = "";
	for (size_t i = 0; i < sizeof column_names / sizeof column_names[0]; i++) {
		if (i)
			strcat(joined, ",");
		strcat(joined, column_names[i]);
	}
	assert_string_equal(STREAM_HEADER_LINE, joined);
	assert_string_equal(STREAM_HEADER_LINE, DOCUMENTED_HEADER);
}

static void test_column_count_is_the_number_of_columns(void **state)
{
	(void)state;
	assert_int_equal(STREAM_COLUMN_COUNT, sizeof column_names / sizeof column_names[0]);
	assert_int_equal(STREAM_COLUMN_COUNT, 29);
	assert_int_equal(STREAM_COLUMN_seq, 0);
	/* schema 1 and 2 rows are the first 17 columns, up to `check` */
	assert_int_equal(STREAM_COLUMNS_SCHEMA_2, 17);
	assert_int_equal(STREAM_COLUMN_check, STREAM_COLUMNS_SCHEMA_2 - 1);
	/* schema 3 rows are the first 24, up to  */
	assert_int_equal(STREAM_COLUMNS_SCHEMA_3, 24);
	assert_int_equal(STREAM_COLUMN_energy_reliable, STREAM_COLUMNS_SCHEMA_3 - 1);
	assert_int_equal(STREAM_COLUMN_score, STREAM_COLUMN_COUNT - 1);
	assert_string_equal(column_names[STREAM_COLUMN_sib_wakeups], "sib_wakeups");
}

static void test_a_measured_row_is_written_byte_for_byte(void **state)
{
	(void)state;
	struct sample_row row = measured_row();
	char text[SAMPLE_ROW_TEXT_MAX];
	const char *want = "41,lz,int,mwait,sibling,2,1234,5000000,2044444,4051.86,4800000,4900000,2395,12.5,37,1500000,ok,"
			   "9872000,4800000,0,120000,,640000,yes,,,,,";
	assert_int_equal(sample_row_format(&row, text, sizeof text), strlen(want));
	assert_string_equal(text, want);
}

/* `idlebench bench`: no placement, no counters; a failed check. */
static void test_unmeasured_cells_are_empty(void **state)
{
	(void)state;
	struct sample_row row = {
		.seq = 3,
		.workload = "whetstone",
		.class = "fp",
		.mode = "host",
		.placement = "",
		.rep = 1,
		.iterations = 100,
		.tsc_cycles = 2000,
		.ns = 1000,
		.cycles_per_iter = 20,
		.check = false,
	};
	char text[SAMPLE_ROW_TEXT_MAX];
	sample_row_format(&row, text, sizeof text);
	assert_string_equal(text, "3,whetstone,fp,host,,1,100,2000,1000,20.00,,,,,,,bad,,,,,,,,,,,,");
	row.placement = NULL;
	row.sib_wakeups = (sample_cell_u64_opt){ 0, true };
	row.sib_c0_pct = (sample_cell_fixed_opt){ 99.9, false };
	sample_row_format(&row, text, sizeof text);
	assert_string_equal(text, "3,whetstone,fp,host,,1,100,2000,1000,20.00,,,,,0,,bad,,,,,,,,,,,,");
}

static void test_a_cell_alone_is_its_column_text(void **state)
{
	(void)state;
	struct sample_row row = measured_row();
	char cell[32];
	assert_int_equal(sample_row_cell(&row, STREAM_COLUMN_cycles_per_iter, cell, sizeof cell), 7);
	assert_string_equal(cell, "4051.86");
	assert_int_equal(sample_row_cell(&row, STREAM_COLUMN_eff_mhz, NULL, 0), 4);
	row.eff_mhz.known = false;
	assert_int_equal(sample_row_cell(&row, STREAM_COLUMN_eff_mhz, cell, sizeof cell), 0);
	assert_string_equal(cell, "");
	/* fmt_fixed has no text for a value this large: the cell is empty too. */
	row.eff_mhz = (sample_cell_fixed_opt){ 1e19, true };
	assert_int_equal(sample_row_cell(&row, STREAM_COLUMN_eff_mhz, NULL, 0), 0);
}

static void test_a_short_buffer_is_truncated_and_the_full_length_returned(void **state)
{
	(void)state;
	struct sample_row row = measured_row();
	char full[SAMPLE_ROW_TEXT_MAX], part[12];
	int n = sample_row_format(&row, full, sizeof full);
	memset(part, 'x', sizeof part);
	assert_int_equal(sample_row_format(&row, part, sizeof part), n);
	assert_string_equal(part, "41,lz,int,m");
	assert_int_equal(sample_row_format(&row, NULL, 0), n);
}

/* Every number at its widest, 58 characters of names, the longest exit status and score fill SAMPLE_ROW_TEXT_MAX exactly. */
static void test_the_widest_row_fits(void **state)
{
	(void)state;
	static const char name[] = "abcdefghijklmn", longer[] = "abcdefghijklmnop"; /* 3 x 14 + 16 */
	struct sample_row row = {
		.seq = UINT64_MAX, .workload = name, .class = name, .mode = name, .placement = longer,
		.rep = UINT64_MAX, .iterations = UINT64_MAX, .tsc_cycles = UINT64_MAX, .ns = UINT64_MAX,
		.cycles_per_iter = -9.1e16, .aperf = { UINT64_MAX, true }, .mperf = { UINT64_MAX, true },
		.eff_mhz = { -9.1e18, true }, .sib_c0_pct = { -9.1e17, true }, .sib_wakeups = { UINT64_MAX, true },
		.energy_uj = { -9.1e18, true }, .check = false, .instructions = { UINT64_MAX, true },
		.unhalted_cycles = { UINT64_MAX, true }, .smis = { UINT64_MAX, true }, .stall_cycles = { UINT64_MAX, true },
		.one_thread_active = { UINT64_MAX, true }, .core_energy_uj = { -9.1e18, true }, .energy_reliable = "yes",
		.user_ns = { UINT64_MAX, true }, .sys_ns = { UINT64_MAX, true }, .ctx_switches = { UINT64_MAX, true },
		.exit_status = "status-2147483648", .score = "-1.234567890123456789012345678901234e-99",
	};
	char text[SAMPLE_ROW_TEXT_MAX];
	assert_int_equal(sample_row_format(&row, text, sizeof text), SAMPLE_ROW_TEXT_MAX - 1);
	assert_int_equal(strlen(text), SAMPLE_ROW_TEXT_MAX - 1);
}

static void test_write_appends_the_row_under_the_header(void **state)
{
	(void)state;
	static struct stream_text out;
	struct sample_row row = measured_row();
	char want[1024];
	stream_text_begin(&out);
	sample_row_write(&out.stream, &row);
	snprintf(want, sizeof want,
		 "%s\n41,lz,int,mwait,sibling,2,1234,5000000,2044444,4051.86,4800000,4900000,2395,12.5,37,1500000,ok,"
		 "9872000,4800000,0,120000,,640000,yes,,,,,\n",
		 STREAM_HEADER_LINE);
	assert_string_equal(out.text, want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_header_is_the_column_list_joined_by_commas),
		cmocka_unit_test(test_column_count_is_the_number_of_columns),
		cmocka_unit_test(test_a_measured_row_is_written_byte_for_byte),
		cmocka_unit_test(test_unmeasured_cells_are_empty),
		cmocka_unit_test(test_a_cell_alone_is_its_column_text),
		cmocka_unit_test(test_a_short_buffer_is_truncated_and_the_full_length_returned),
		cmocka_unit_test(test_the_widest_row_fits),
		cmocka_unit_test(test_write_appends_the_row_under_the_header),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
