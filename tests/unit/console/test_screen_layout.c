/* The screen's pages from streams: a real run's stream (results/) on an
 * 80x25 screen, hostile input (long names, more modes than fit, long error
 * messages) at several sizes, absent values, a failed run, the running
 * header. What every page must hold: no row reaches its last column (so
 * nothing wraps), nothing is written outside rows x cols, and every number
 * is the string the stream wrote. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/console/screen_layout.h"
#include "kernel/console/screen_model.h"

#define REAL_STREAM "docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032201Z.csv"
#define QUICK_STREAM "tests/fixtures/streams/qemu_bios_quick_screen.csv"
#define GUARD 64

static struct screen_model model;
static char text[256 * 128 + GUARD];
static uint8_t style[128 + GUARD];

/* A name of n copies of c. */
static const char *repeat(char c, size_t n)
{
	static char buf[4][1024];
	static int k;
	char *b = buf[k++ % 4];
	memset(b, c, n);
	b[n] = '\0';
	return b;
}

static void feed(const char *stream)
{
	const char *p = stream;
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		screen_model_line(&model, p, n);
		p += n + (e ? 1 : 0);
	}
}

static void feed_file(const char *path)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	static char line[8192];
	while (fgets(line, sizeof line, f)) {
		size_t n = strlen(line);
		if (n && line[n - 1] == '\n')
			n--;
		screen_model_line(&model, line, n);
	}
	fclose(f);
}

/* Lay out at cols x rows and check the page's invariants; returns the cut count. */
static unsigned layout(unsigned cols, unsigned rows)
{
	memset(text, 0x5A, sizeof text);
	memset(style, 0x5A, sizeof style);
	unsigned cut = screen_layout(&model, text, style, cols, rows);
	if (cut && getenv("SCREEN_DUMP"))
		for (unsigned r = 0; r < rows; r++)
			fprintf(stderr, "|%.*s|\n", (int)cols, text + (size_t)r * cols);
	for (size_t i = (size_t)cols * rows; i < (size_t)cols * rows + GUARD; i++)
		assert_int_equal(text[i], 0x5A); /* nothing past the page */
	for (size_t i = rows; i < rows + GUARD; i++)
		assert_int_equal(style[i], 0x5A);
	for (unsigned r = 0; r < rows; r++) {
		assert_int_equal(text[(size_t)r * cols + cols - 1], ' '); /* the last column stays blank */
		assert_true(style[r] < SCREEN_STYLE_COUNT);
		for (unsigned c = 0; c < cols; c++) {
			char ch = text[(size_t)r * cols + c];
			assert_true(ch >= 0x20 && ch <= 0x7e);
		}
	}
	return cut;
}

/* Row r of the page as a string, trailing spaces removed. */
static const char *row(unsigned cols, unsigned r)
{
	static char buf[257];
	memcpy(buf, text + (size_t)r * cols, cols);
	size_t n = cols;
	while (n && buf[n - 1] == ' ')
		n--;
	buf[n] = '\0';
	return buf;
}

/* The first row containing needle, or -1. */
static int find_row(unsigned cols, unsigned rows, const char *needle)
{
	for (unsigned r = 0; r < rows; r++)
		if (strstr(row(cols, r), needle))
			return (int)r;
	return -1;
}

static void page_has(unsigned cols, unsigned rows, const char *needle)
{
	if (find_row(cols, rows, needle) < 0) {
		for (unsigned r = 0; r < rows; r++)
			fprintf(stderr, "|%s|\n", row(cols, r));
		fail_msg("the page lacks \"%s\"", needle);
	}
}

static void page_lacks(unsigned cols, unsigned rows, const char *needle)
{
	int r = find_row(cols, rows, needle);
	if (r >= 0)
		fail_msg("row %d has \"%s\": %s", r, needle, row(cols, (unsigned)r));
}

static void real_run_fits_80x25_uncut_with_the_primary_records_strings(void **state)
{
	(void)state;
	screen_model_init(&model, 80);
	feed_file(REAL_STREAM);
	assert_true(model.ended && model.ok);
	assert_int_equal(layout(80, 25), 0);
	/* the primary records' own strings (int 2.64 [-7.42, 13.80], fp 14.22 [4.98, 24.28]) */
	page_has(80, 25, "int 2.64 [-7.42, 13.80]");
	page_has(80, 25, "fp  14.22 [4.98, 24.28]");
	/* an emulator's number: the seed's figures on their own line, not beside it */
	page_lacks(80, 25, "seed: SPEC CPU2017");
	assert_true(find_row(80, 25, "seed (Hygon 18h): UnixBench 1-core +14.53 %") > find_row(80, 25, "fp  14.22"));
	/* its A/A control failed: the verdict says so, in the failure style */
	int v = find_row(80, 25, "UNTRUSTWORTHY: the A/A control failed");
	assert_true(v > 0);
	assert_int_equal(style[v], SCREEN_STYLE_BAD);
	/* the per-mode table from the geomean records, all three classes */
	page_has(80, 25, "mwait  2.64 [-7.42, 13.80]");
	page_has(80, 25, "8.28 [1.71, 15.27]");
	page_has(80, 25, "hlt2   -3.33 [-6.33, -0.25]");
	page_has(80, 25, "spike");
	page_has(80, 25, "A/A control fail");
	page_has(80, 25, "hypervisor TCGTCGTCGTCG");
	page_has(80, 25, " Hygon Dhyana Processor | Standard PC (i440FX + PIIX, 1996) | TCGTCGTCGTCG");
	page_has(80, 25, "UnixBench 1-core +14.53 %");
	assert_int_equal(style[0], SCREEN_STYLE_HEADER);
	page_has(80, 25, "DONE: ok");
}

/* A quick-preset run under QEMU TCG (tests/qemu/test_screen.sh's BIOS boot):
 * mwait failed its idle check, so the primary mode is spin, without intervals. */
static void real_quick_run_fits_80x25_uncut_naming_the_modes_left_out(void **state)
{
	(void)state;
	screen_model_init(&model, 80);
	feed_file(QUICK_STREAM);
	screen_model_message(&model, "idlebench: results complete - safe to power off\n", 48);
	assert_int_equal(layout(80, 25), 0);
	page_has(80, 25, "PRIMARY RESULT  spin vs HLT on the sibling");
	page_has(80, 25, "  int 0.33 (no interval: n/a: 3 blocks, need 10)");
	page_has(80, 25, "  fp  -3.49 (no interval: n/a: 3 blocks, need 10)");
	page_has(80, 25, "  off   -0.56 (no CI)  -1.97 (no CI)  -1.27 (no CI)");
	page_has(80, 25, "flags: not measured: mwait (not_idle), ioport (skipped)");
	page_has(80, 25, "hypervisor TCGTCGTCGTCG: not bare metal");
	assert_string_equal(row(80, 23), "full result: serial ttyS0 (io 0x3f8, 115200 baud)");
}

/* One quick boot under QEMU (mwait not_idle, spin primary, 3 blocks): each
 * number says why it has no interval, in normal type, the verdict too, and
 * the seed's figures are on their own line, not beside the numbers. */
static void number_without_interval_says_why_in_normal_type(void **state)
{
	(void)state;
	screen_model_init(&model, 80);
	feed("#! idlebench 1 schema=3\n#= placement=sibling\n#= hypervisor=TCGTCGTCGTCG\n"
	     "#! mode name=mwait status=not_idle reason=\"9588 returns from the idle instruction\"\n"
	     "#! primary class=int mode=spin slowdown_vs_hlt_pct=-1.86 ci95_lo= ci95_hi= method=class-paired-t blocks=3 "
	     "mde_pct= note=\"n/a: 3 blocks, need 10\" seed_pct=12.68\n"
	     "#! primary class=fp mode=spin slowdown_vs_hlt_pct=3.72 ci95_lo= ci95_hi= method=class-paired-t blocks=3 "
	     "mde_pct= note=\"n/a: 3 blocks, need 10\" seed_pct=19.73\n"
	     "#! end rows=9 status=ok crc32=00000000\n");
	assert_int_equal(layout(80, 25), 0);
	page_has(80, 25, "int -1.86 (no interval: n/a: 3 blocks, need 10)");
	page_has(80, 25, "fp  3.72 (no interval: n/a: 3 blocks, need 10)");
	page_lacks(80, 25, "seed: SPEC CPU2017");
	int v = find_row(80, 25, "shows -1.86 % int");
	assert_true(v > 0);
	assert_int_equal(style[v], SCREEN_STYLE_TEXT);
	page_has(80, 25, "seed (Hygon 18h): UnixBench 1-core +14.53 %, SPECrate int +12.68 %");
}

/* After the end the UEFI app prints more routine lines than the page keeps
 * (the MP services, each sibling, "safe to power off", "press any key"):
 * the ERROR about the file is kept over them, and a network boot says it
 * saves no file instead of "being saved" for ever. */
static void error_after_the_end_outlives_routine_lines_and_netboot_says_no_file(void **state)
{
	(void)state;
	screen_model_init(&model, 80);
	feed_file(QUICK_STREAM);
	static const char *const after[] = {
		"idlebench: ERROR: results NOT saved to the stick: write-protected\n",
		"idlebench: 1 AP(s) were disabled in the firmware's MP services for the run (0 refused); 1 enabled again\n",
		"idlebench: APIC 1 answers the firmware's MP services\n",
		"idlebench: results complete - safe to power off\n",
		"idlebench: press any key to return to the firmware\n",
	};
	for (size_t i = 0; i < sizeof after / sizeof after[0]; i++)
		screen_model_message(&model, after[i], strlen(after[i]));
	screen_model_result_file(&model, NULL);
	assert_int_equal(layout(80, 25), 0);
	page_has(80, 25, "idlebench: ERROR: results NOT saved to the stick: write-protected");
	page_has(80, 25, "idlebench: press any key to return to the firmware");

	screen_model_init(&model, 80);
	feed_file(QUICK_STREAM);
	screen_model_no_file(&model, "loaded over the network, the result is on serial");
	assert_int_equal(layout(80, 25), 0);
	page_has(80, 25, "no file: loaded over the network, the result is on serial");
}

static const char *good_run =
	"#! idlebench 0.1.0+gabc schema=3\n"
	"#= boot=bios\n#= preset=standard\n#= placement=sibling\n#= primary_mode=mwait\n#= intervals=yes\n"
	"#= hypervisor=none\n#= cmdline=preset=standard\n"
	"#= consoles=ttyS0=io:0x3f8:115200 screen=vga-text\n"
	"#! primary class=int mode=mwait slowdown_vs_hlt_pct=12.40 ci95_lo=11.80 ci95_hi=13.00 method=class-paired-t "
	"blocks=30 mde_pct=1.00 note=\"within this boot only\" seed_pct=12.68\n"
	"#! primary class=fp mode=mwait slowdown_vs_hlt_pct=19.10 ci95_lo=18.00 ci95_hi=20.20 method=class-paired-t "
	"blocks=30 mde_pct=1.00 note=\"within this boot only\" seed_pct=19.73\n"
	"#! geomean class=int mode=mwait workloads=9 slowdown_vs_hlt_pct=12.40 ci95_lo=11.80 ci95_hi=13.00\n"
	"#! control mode=hlt2 expected_pct=0.00 slowdown_vs_hlt_pct=0.10 ci95_lo=-0.20 ci95_hi=0.40 verdict=pass workloads=9\n"
	"#! end rows=10 status=ok crc32=00000000\n";

static void costly_mwait_reads_as_a_plain_verdict_with_serial_named(void **state)
{
	(void)state;
	char verdict[256];
	screen_model_init(&model, 80);
	feed(good_run);
	screen_model_message(&model, "idlebench: results complete - safe to power off\n", 48);
	bool whole = screen_layout_verdict(&model, verdict, sizeof verdict);
	assert_false(whole); /* int and fp together pass 79 columns */
	assert_string_equal(verdict, "MWAIT-C1 on the sibling costs 12.40 % [11.80, 13.00] int,");
	assert_int_equal(layout(80, 25), 0);
	int v = find_row(80, 25, verdict);
	assert_true(v > 0);
	assert_int_equal(style[v], SCREEN_STYLE_EMPH);
	assert_non_null(strstr(row(80, (unsigned)v + 1), "costs 19.10 % [18.00, 20.20] fp"));
	page_has(80, 25, "full result: serial ttyS0 (io 0x3f8, 115200 baud)");
	page_lacks(80, 25, "screen=vga-text");

	/* mwait_hint= past the 95 characters the page keeps of the cmdline
	 * value still names the state: not "MWAIT-C1" for hint 0x20 */
	static char run[4096];
	const char *at = strstr(good_run, "#= cmdline=preset=standard\n");
	assert_non_null(at);
	snprintf(run, sizeof run, "%.*s#= cmdline=preset=standard label=%s mwait_hint=0x20\n%s", (int)(at - good_run),
		 good_run, repeat('l', 90), at + strlen("#= cmdline=preset=standard\n"));
	screen_model_init(&model, 80);
	feed(run);
	screen_layout_verdict(&model, verdict, sizeof verdict);
	assert_string_equal(verdict, "MWAIT(0x20) on the sibling costs 12.40 % [11.80, 13.00] int,");
	assert_string_equal(row(80, 24), "idlebench: results complete - safe to power off");
	assert_string_equal(row(80, 1), " bare metal");
	/* fp missing, fp not measured: n/a, and the int half whole */
	page_lacks(80, 25, "nan");
}

static void file_name_from_the_front_end_is_the_place_named(void **state)
{
	(void)state;
	screen_model_init(&model, 80);
	feed("#! idlebench 1 schema=3\n#= boot=efi\n#= consoles=ttyS0=io:0x3f8:115200 screen=framebuffer\n"
	     "#! primary class=int mode=mwait slowdown_vs_hlt_pct=1.00 ci95_lo= ci95_hi=\n"
	     "#! end rows=0 status=ok crc32=00000000\n");
	layout(80, 25);
	page_has(80, 25, "and a file in \\idlebench\\results\\ (being saved)");
	screen_model_result_file(&model, "\\idlebench\\results\\20260101-000000.csv");
	layout(80, 25);
	page_has(80, 25, "and a file on the stick, in \\idlebench\\results\\:");
	page_has(80, 25, "  20260101-000000.csv");
	/* a real name of this scheme (86 characters) on an 800x600 GOP screen (100 columns): whole */
	static const char real[] = "\\idlebench\\results\\hygongenuine-18h-0h-standard-pc-q35-ich9-2009-bios-1-2-c6off-20261201T104534.csv";
	screen_model_result_file(&model, real);
	assert_int_equal(layout(100, 37), 0);
	page_has(100, 37, "  hygongenuine-18h-0h-standard-pc-q35-ich9-2009-bios-1-2-c6off-20261201T104534.csv");
	screen_model_result_file(&model, NULL);
	layout(80, 25);
	page_has(80, 25, "NOT saved to the stick (see below)");
}

static void absent_values_and_missing_classes_show_na_never_a_number(void **state)
{
	(void)state;
	screen_model_init(&model, 80);
	/* the quick preset: no intervals; fp has no value at all; ioport has only int */
	feed("#! idlebench 1 schema=3\n#= placement=sibling\n#= intervals=no (quick preset: a pipeline check)\n"
	     "#! mode name=ioport status=skipped reason=\"no C2 I/O port\"\n"
	     "#! primary class=int mode=mwait slowdown_vs_hlt_pct=3.21 ci95_lo= ci95_hi= method= blocks=3\n"
	     "#! primary class=fp mode=mwait slowdown_vs_hlt_pct= ci95_lo= ci95_hi= method= blocks=0\n"
	     "#! geomean class=int mode=ioport workloads=2 slowdown_vs_hlt_pct=-1.50 ci95_lo= ci95_hi=\n"
	     "#! end rows=9 status=ok crc32=00000000\n");
	assert_int_equal(layout(80, 25), 0);
	page_has(80, 25, "int 3.21 (no interval: the record gives no reason)");
	page_has(80, 25, "fp  n/a");
	page_has(80, 25, "shows 3.21 % int (no 95 % interval)");
	page_has(80, 25, "n/a fp (no estimate)");
	page_has(80, 25, "ioport  -1.50 (no CI)  n/a");
	page_has(80, 25, "intervals no (quick preset: a pipeline check)");
	page_has(80, 25, "no controls measured");
	page_has(80, 25, "not measured: ioport (skipped)");
	page_has(80, 25, "full result: on the serial console(s) (not named before the end)"); /* no consoles meta: unknown, not "none" */
}

/* The ioport label says the core state the port read requests (c2_kind meta); a stream
 * without it (older kernels) keeps the plain label. */
static void ioport_label_names_the_c2_kind(void **state)
{
	(void)state;
	static const struct {
		const char *kind, *label;
	} cases[] = { { "#= c2_kind=cc6\n", "PRIMARY RESULT  IOPORT (C2 requests CC6) vs HLT on the sibling:" },
		      { "#= c2_kind=cc1\n", "PRIMARY RESULT  IOPORT (C2 requests CC1) vs HLT" },
		      { "#= c2_kind=untrapped\n", "PRIMARY RESULT  IOPORT (C2 untrapped) vs HLT" },
		      { "", "PRIMARY RESULT  IOPORT-C2 vs HLT" } };
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		screen_model_init(&model, 80);
		feed("#! idlebench 1 schema=3\n#= placement=sibling\n#= primary_mode=ioport\n#= intervals=yes\n");
		feed(cases[i].kind);
		feed("#! primary class=int mode=ioport slowdown_vs_hlt_pct=3.21 ci95_lo=1.00 ci95_hi=5.00 "
		     "method=class-paired-t blocks=30\n"
		     "#! primary class=fp mode=ioport slowdown_vs_hlt_pct=1.00 ci95_lo=0.50 ci95_hi=1.50 "
		     "method=class-paired-t blocks=30\n"
		     "#! end rows=9 status=ok crc32=00000000\n");
		assert_int_equal(layout(80, 25), 0);
		page_has(80, 25, cases[i].label);
	}
}

/* The busy control's verdict is a flag: topology suspect said in words. */
static void busy_control_verdict_is_a_flag(void **state)
{
	(void)state;
	screen_model_init(&model, 80);
	feed("#! idlebench 1 schema=3\n#= placement=sibling\n#= hypervisor=none\n#= primary_mode=mwait\n"
	     "#! primary class=int mode=mwait slowdown_vs_hlt_pct=3.21 ci95_lo=1.00 ci95_hi=5.00 method=x blocks=30\n"
	     "#! busy_control mode=busy slowdown_vs_hlt_pct=1.20 ci95_lo=0.50 ci95_hi=1.90 min_pct=5.00 placement=sibling "
	     "verdict=topology_suspect workloads=9 caveat=\"\"\n"
	     "#! end rows=9 status=ok crc32=00000000\n");
	assert_int_equal(layout(80, 25), 0);
	page_has(80, 25, "busy control: TOPOLOGY SUSPECT");
	page_lacks(80, 25, "no controls measured");
	screen_model_init(&model, 80);
	feed("#! idlebench 1 schema=3\n#= primary_mode=mwait\n"
	     "#! primary class=int mode=mwait slowdown_vs_hlt_pct=3.21 ci95_lo=1.00 ci95_hi=5.00 method=x blocks=30\n"
	     "#! busy_control mode=busy slowdown_vs_hlt_pct=21.00 verdict=ok workloads=9\n"
	     "#! end rows=9 status=ok crc32=00000000\n");
	assert_int_equal(layout(80, 25), 0);
	page_has(80, 25, "busy control ok");
}

static void no_primary_mode_says_why_instead_of_a_number(void **state)
{
	(void)state;
	screen_model_init(&model, 80);
	feed("#! idlebench 1 schema=3\n#= primary_mode=\n"
	     "#! geomean class=int mode=spin workloads=2 slowdown_vs_hlt_pct=4.00 ci95_lo=1.00 ci95_hi=7.00\n"
	     "#! end rows=9 status=ok crc32=00000000\n");
	assert_int_equal(layout(80, 25), 0);
	page_has(80, 25, "No primary result: no mode besides hlt and the controls was measured");
}


static void hostile_input_never_reaches_the_last_column_at_any_size(void **state)
{
	(void)state;
	static const unsigned sizes[][2] = { { 80, 25 }, { 81, 26 }, { 40, 10 }, { 128, 48 }, { 200, 75 }, { 2, 2 }, { 20, 3 } };
	char line[4096];

	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		unsigned cols = sizes[s][0], rows = sizes[s][1];
		screen_model_init(&model, cols);
		snprintf(line, sizeof line, "#! idlebench %s schema=3", repeat('v', 300));
		screen_model_line(&model, line, strlen(line));
		snprintf(line, sizeof line, "#= cpu_brand=%s", repeat('B', 600));
		screen_model_line(&model, line, strlen(line));
		snprintf(line, sizeof line, "#= consoles=%s=io:0x3f8:115200 b=%s screen=x", repeat('u', 200), repeat('w', 200));
		screen_model_line(&model, line, strlen(line));
		snprintf(line, sizeof line, "#= cmdline=mwait_hint=0x20 label=%s", repeat('l', 300));
		screen_model_line(&model, line, strlen(line));
		snprintf(line, sizeof line, "#  %s 123456789 %s", repeat('t', 500), repeat('7', 900));
		screen_model_line(&model, line, strlen(line));
		for (int m = 0; m < 20; m++) { /* more modes than the table keeps, each with a long name */
			snprintf(line, sizeof line,
				 "#! geomean class=all mode=%c%s workloads=1 slowdown_vs_hlt_pct=-100.00 ci95_lo=-99999.99 "
				 "ci95_hi=99999.99",
				 'a' + m, repeat('m', 100));
			screen_model_line(&model, line, strlen(line));
		}
		snprintf(line, sizeof line,
			 "#! primary class=int mode=mwait slowdown_vs_hlt_pct=%s ci95_lo=%s ci95_hi=1 seed_pct=%s",
			 repeat('9', 100), repeat('8', 100), repeat('7', 100));
		screen_model_line(&model, line, strlen(line));
		snprintf(line, sizeof line, "#! control mode=%s verdict=%s", repeat('c', 100), repeat('f', 100));
		screen_model_line(&model, line, strlen(line));
		for (int e = 0; e < 9; e++) {
			snprintf(line, sizeof line, "#! error code=%s msg=\"%s\"", repeat('E', 80), repeat('x', 400));
			screen_model_line(&model, line, strlen(line));
		}
		for (unsigned done = 0; done <= 10; done += 5) { /* the running header at each size */
			struct eta eta = eta_estimate(done, 10, 123456789, 600);
			screen_model_progress(&model, done, 10, 123456789, &eta);
			layout(cols, rows);
		}
		screen_model_line(&model, "#! end rows=0 status=ok crc32=0", 31);
		for (int a = 0; a < 5; a++)
			screen_model_message(&model, repeat('a', 900), 900);
		layout(cols, rows);
		if (cols >= 80 && rows >= 25) {
			page_has(cols, rows, "DONE: ok"); /* the state stays whole */
			page_has(cols, rows, "more modes than fit here: see the geomean records");
		}
		model.ok = false; /* the failure page with the same input */
		layout(cols, rows);
	}
}

static void failed_run_shows_its_error_and_the_fault_dump(void **state)
{
	(void)state;
	screen_model_init(&model, 80);
	feed("#! idlebench 1 schema=3\n#= boot=bios\n"
	     "#  platform: some line\n"
	     "#  CPU EXCEPTION #GP (vector 13) on APIC ID 1\n"
	     "#    error code 0x0  RIP 0000000000101234  CS 0008  RFLAGS 0000000000010046\n"
	     "#    RAX 0000000000000001  RBX 0000000000000002  RCX 0000000000000003  RDX 0000000000000004\n"
	     "#! error code=CPU_EXCEPTION msg=\"#GP on APIC 1\" vector=13 error_code=0x0 rip=0x101234\n"
	     "#! end rows=0 status=error crc32=00000000\n");
	screen_model_message(&model, "idlebench: results complete - safe to power off\n", 48);
	layout(80, 25);
	int f = find_row(80, 25, "RUN FAILED (status=error)");
	assert_true(f > 0);
	assert_int_equal(style[f], SCREEN_STYLE_BAD);
	page_has(80, 25, "  CPU_EXCEPTION: #GP on APIC 1");
	page_has(80, 25, "FAILED: status=error");
	page_has(80, 25, "CPU EXCEPTION #GP (vector 13) on APIC ID 1");
	page_has(80, 25, "RIP 0000000000101234");
	/* the register line, longer than 79 columns, wraps at a space, not inside a number */
	page_has(80, 25, "RAX 0000000000000001  RBX 0000000000000002  RCX 0000000000000003");
	page_has(80, 25, "  0000000000000004");
	page_lacks(80, 25, "RDX 0000000"); /* RDX's value on its own row, whole */
}

static void running_header_shows_bar_count_and_eta(void **state)
{
	(void)state;
	screen_model_init(&model, 80);
	feed("#! idlebench 0.1.0 schema=3\n#= boot=pvh\n#= preset=quick\n#= cpu_brand=Hygon C86 3250\n"
	     "#! workload name=lz class=int working_set=1 iterations=1 check=ok\n");
	layout(80, 25);
	page_has(80, 25, "calibrating");
	feed("seq,workload\n0,lz\n");
	struct eta eta = eta_estimate(10, 40, 5000, 0);
	screen_model_progress(&model, 10, 40, 5000, &eta);
	layout(80, 25);
	assert_string_equal(row(80, 0), " idlebench 0.1.0 | boot pvh | quick  [#####...............]  25% 10/40 ETA 0:15");
	page_has(80, 25, "Hygon C86 3250");
}

/* Under QEMU TCG preset=standard's rate says about an hour while its 600 s
 * budget ends the run: the header shows the budget's remainder and says so. */
static void running_header_eta_is_bounded_by_the_budget(void **state)
{
	(void)state;
	screen_model_init(&model, 80);
	feed("#! idlebench 0.1.0 schema=3\n#= boot=pvh\n#= preset=standard\n#= budget_s=600\nseq,workload\n");
	struct eta eta = eta_estimate(28, 1008, 100000, 600);
	screen_model_progress(&model, 28, 1008, 100000, &eta);
	layout(80, 25);
	page_has(80, 25, "28/1008 ETA 8:20 (budget)");
	page_lacks(80, 25, "ETA 58:20");
}

static void log_keeps_human_lines_and_jumps_by_half_a_pane(void **state)
{
	(void)state;
	char l[64];
	screen_model_init(&model, 80);
	feed("#! idlebench 1 schema=3\n#= boot=bios\n#  progress [###] 1/2 samples\n");
	assert_int_equal(model.log_total, 0); /* the header's bar says it */
	for (int i = 0; i < 30; i++) {
		snprintf(l, sizeof l, "#  line %d", i);
		screen_model_line(&model, l, strlen(l));
	}
	/* 22 rows of log under the header and machine rows: 30 lines pass it once,
	 * so the pane jumped by 11 and shows lines 11..29 */
	layout(80, 25);
	assert_string_equal(row(80, 2), "line 11");
	assert_string_equal(row(80, 20), "line 29");
	assert_string_equal(row(80, 21), "");
}

static void record_fields_read_quoted_values_not_keys_inside_them(void **state)
{
	(void)state;
	char v[64];
	const char *f = "code=X msg=\"a code=Y b\" x=1 code2=Z";
	assert_true(screen_record_field(f, strlen(f), "code", v, sizeof v));
	assert_string_equal(v, "X");
	assert_true(screen_record_field(f, strlen(f), "msg", v, sizeof v));
	assert_string_equal(v, "a code=Y b");
	assert_true(screen_record_field(f, strlen(f), "code2", v, sizeof v));
	assert_string_equal(v, "Z");
	assert_false(screen_record_field(f, strlen(f), "b", v, sizeof v));
	assert_string_equal(v, "");
	const char *g = "a= b=\"unterminated";
	assert_true(screen_record_field(g, strlen(g), "a", v, sizeof v));
	assert_string_equal(v, "");
	assert_true(screen_record_field(g, strlen(g), "b", v, sizeof v));
	assert_string_equal(v, "unterminated");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(real_run_fits_80x25_uncut_with_the_primary_records_strings),
		cmocka_unit_test(real_quick_run_fits_80x25_uncut_naming_the_modes_left_out),
		cmocka_unit_test(costly_mwait_reads_as_a_plain_verdict_with_serial_named),
		cmocka_unit_test(file_name_from_the_front_end_is_the_place_named),
		cmocka_unit_test(absent_values_and_missing_classes_show_na_never_a_number),
		cmocka_unit_test(no_primary_mode_says_why_instead_of_a_number),
		cmocka_unit_test(busy_control_verdict_is_a_flag),
		cmocka_unit_test(hostile_input_never_reaches_the_last_column_at_any_size),
		cmocka_unit_test(failed_run_shows_its_error_and_the_fault_dump),
		cmocka_unit_test(running_header_shows_bar_count_and_eta),
		cmocka_unit_test(running_header_eta_is_bounded_by_the_budget),
		cmocka_unit_test(number_without_interval_says_why_in_normal_type),
		cmocka_unit_test(log_keeps_human_lines_and_jumps_by_half_a_pane),
		cmocka_unit_test(ioport_label_names_the_c2_kind),
		cmocka_unit_test(record_fields_read_quoted_values_not_keys_inside_them),
		cmocka_unit_test(error_after_the_end_outlives_routine_lines_and_netboot_says_no_file),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
