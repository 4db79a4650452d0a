/* `idlebench report` on the fixtures of tests/fixtures/results/generate.py:
 * schema 1 files made by hand (values follow from the rows by hand) and
 * schema 2 boots simulated with a known truth, whose figures the generator
 * computes independently with scipy and prints (the literals below). Proves:
 * one plan's boots pool into a t interval over boots, different plan_id or
 * machine_id are refused and shown side by side with the reason, a schema 1
 * file still reports, a failed A/A control is flagged at the top of its
 * block, a carry-over is named, and the chart and usage rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/crc32.h"
#include "tests/unit/tools/fd_redirect.h"
#include "tests/unit/tools/fixture_edit.h"
#include "tools/common/commands.h"
#include "tools/report/report_format.h"

#define F "tests/fixtures/results/"

static void report(struct command_output *o, int argc, char **argv)
{
	run_command(cmd_report, argc, argv, NULL, o);
}

static void assert_contains(const char *haystack, const char *needle)
{
	if (!strstr(haystack, needle))
		fail_msg("expected to find\n%s\nin\n%s", needle, haystack);
}

/* text with every line break and the indent after it read as one space:
 * what a wrapped sentence says, wherever the 100-column wrap cut it
 * (caller frees). */
static char *unwrapped(const char *text)
{
	char *out = malloc(strlen(text) + 1), *o = out;
	assert_non_null(out);
	for (const char *t = text; *t;) {
		if (*t == '\n') {
			*o++ = ' ';
			t += 1 + strspn(t + 1, " ");
		} else {
			*o++ = *t++;
		}
	}
	*o = '\0';
	return out;
}

/* needle in haystack, both read unwrapped. */
static void assert_contains_unwrapped(const char *haystack, const char *needle)
{
	char *h = unwrapped(haystack), *n = unwrapped(needle);
	if (!strstr(h, n))
		fail_msg("expected to find (unwrapped)\n%s\nin\n%s", n, haystack);
	free(h);
	free(n);
}

/* The block of set `index` (1-based) of the output. */
static const char *block(const char *out, int index)
{
	char head[32];
	snprintf(head, sizeof head, "set %d of ", index);
	const char *b = strstr(out, head);
	if (!b)
		fail_msg("no block %d in\n%s", index, out);
	return b;
}

static void test_two_boots_of_one_plan_pool_into_a_boots_t_interval(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "plan_a_boot1.csv", F "plan_a_boot2.csv" };
	report(&o, 3, argv);
	assert_int_equal(o.status, 0);
	assert_string_equal(o.err, "");
	assert_true(!strncmp(o.out, "idlebench report: 2 files in 1 set; slowdown: positive = slower than hlt\n\n", 73));
	assert_contains(o.out, "set 1 of 1: HygonGenuine family 0x18 model 0x0, Test Board S, placement sibling\n"
			       "  primary result: mwait vs hlt");
	assert_contains(o.out, "  plan_id a1b2c3d4e5f60718, machine_id 0f1e2d3c4b5a6978: 2 boots of one plan on one machine\n");
	/* the file's basename, wrapped at 100 columns (--wide: the path given, one line) */
	assert_contains(o.out, "  boot 1: plan_a_boot1.csv (schema 2, 12 reps, 240 rows, check=bad 0; seed 101 (rdrand); stop fixed,\n"
			       "      setup 2.50 s, sampling 30.00 s)\n");
	/* generate.py (scipy): int 12.65 [4.41, 21.55] MDE 8.79, fp 19.96 [13.54, 26.75] MDE 6.29 (t(1) quantiles). */
	assert_contains(o.out, "t interval over 2 boots'\n    estimates (boots-t)\n");
	/* both intervals exclude 0: the words give the direction */
	assert_contains(o.out, "    int        12.65 [4.41, 21.55]           8.79  mwait slower than hlt\n");
	assert_contains(o.out, "    fp         19.96 [13.54, 26.75]          6.29  mwait slower than hlt\n");
	/* The seed's figures once per report, at its end; beside the primary
	 * result only whether this set compares with them. */
	assert_contains(o.out, "    beside the seed's figures (Hygon 18h: int 12.68 %, fp 19.73 %): the question this set answers\n"
			       "    for its own machine\n");
	assert_contains(o.out, "\nThe seed's figures, measured on another machine (Hygon family 18h silicon, SMT2, sibling in MWAIT-C1\n"
			       "vs HLT): SPEC CPU2017 intrate 12.68 %, fprate 19.73 %, UnixBench single-core 14.53 %. A set whose\n");
	assert_null(strstr(o.out, "(SPEC CPU2017 intrate)"));
	/* Cells: interp mwait 12.53 [-0.53, 27.32] p_holm 0.104489 MDE 14.66; Holm over 8 cells. */
	assert_contains(o.out, "Holm) over the 8 per-workload cells (hlt and the\n  controls are not in the family)");
	assert_contains(o.out, "  interp        mwait    24      1113.42      12.53 [-0.53, 27.32]      0.1045   14.66  \n");
	assert_contains(o.out, "  interp        spin     24      1041.14       4.74 [4.18, 5.30]        0.0460    0.59  \n");
	/* Controls: hlt2 0.09 [-0.44, 0.62], spike 1.16 [0.05, 2.27]. */
	assert_contains(o.out, "    A/A   hlt2   expected 0.00 %, got 0.09 % [-0.44, 0.62]: pass\n"
			       "      per boot: boot 1 0.04 % [-0.29, 0.38] pass; boot 2 0.13 % [-0.32, 0.57] pass\n");
	assert_contains(o.out, "    spike spike  expected 1.00 %, got 1.16 % [0.05, 2.27]: pass\n"
			       "      per boot: boot 1 1.24 % [0.78, 1.71] pass; boot 2 1.07 % [0.53, 1.61] pass\n");
	assert_null(strstr(o.out, "UNTRUSTWORTHY"));
	/* Planning: boot cost 3.00 + 0, rep cost 2.750; int between 0.80 %, within 1.03 %, 6 boots
	 * at 12 reps, 2 reps optimal with 7 boots; fp 0.53, 1.06, 4 boots, 3 reps, 6 boots. */
	assert_contains(o.out, "    cost: boot 3.00 s (setup 3.00 s measured from reset + 0 s assumed, --firmware-s), repetition\n"
			       "      2.750 s (elapsed_s / (rounds + warmup))\n");
	assert_contains(o.out, "    int sd between boots 0.80 %, within a boot 1.03 % per block (2 boots, ~12 blocks each);\n"
			       "        +-1 %: 6 boots at 12 reps; 2 reps per boot minimise the total time: 7 boots at 2 reps\n");
	assert_contains(o.out, "    fp  sd between boots 0.53 %, within a boot 1.06 % per block (2 boots, ~12 blocks each);\n"
			       "        +-1 %: 4 boots at 12 reps; 3 reps per boot minimise the total time: 6 boots at 3 reps\n");
}

static void test_one_boot_is_labelled_within_this_boot_only(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "plan_a_boot1.csv" };
	report(&o, 2, argv);
	assert_int_equal(o.status, 0);
	/* generate.py: int 13.33 [12.68, 13.98] MDE 0.81 within boot 1. */
	assert_contains(o.out, "one boot: paired t over its\n    repetitions, within this boot only\n");
	/* said once, in the method: not again in every row (each caveat once per set) */
	assert_contains(o.out, "    int        13.33 [12.68, 13.98]          0.81  mwait slower than hlt\n");
	assert_null(strstr(strstr(o.out, "within this boot only") + 1, "within this boot only"));
	assert_contains(o.out, "    not computed: one boot says nothing about how boots differ (needs >= 2 boots of one set)\n");
}

/* A real quick boot under QEMU TCG with modes=hlt,mwait,spin: mwait failed
 * the idle check (#! mode status=not_idle), so the primary is spin; the
 * report names mwait with the kernel's status and reason. */
static void test_modes_the_plan_lost_are_named_with_status_and_reason(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "qemu_quick_mwait_not_idle.csv" };
	report(&o, 2, argv);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "  not measured, though the plan asked for it (the kernel's `#! mode` status and reason): mwait:\n"
			       "    not_idle (9588 returns from the idle instruction on one CPU in 20000 us (more than 5000/s): it\n"
			       "    does not stay idle)\n");
	assert_contains(o.out, "  primary result: spin vs hlt");
}

static void test_different_plan_or_machine_ids_are_not_pooled_and_say_why(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "plan_a_boot1.csv", F "plan_b.csv", F "aa_fail.csv", F "plan_a_boot2.csv" };
	report(&o, 5, argv);
	assert_int_equal(o.status, 0);
	const char *a = block(o.out, 1), *b = block(o.out, 2), *c = block(o.out, 3);
	assert_true(a < b && b < c);
	assert_null(strstr(o.out, "set 4 of"));
	assert_contains(a, "  plan_id a1b2c3d4e5f60718, machine_id 0f1e2d3c4b5a6978: 2 boots of one plan on one machine\n");
	assert_contains(a, "  not pooled with set 2 (plan_b.csv): plan_id differs (a1b2c3d4e5f60718 here, b0b0b0b0b0b0b0b0\n"
			   "    there: another plan)\n");
	assert_contains(a, "  not pooled with set 3 (aa_fail.csv): machine_id differs (0f1e2d3c4b5a6978 here, deadbeefdeadbeef\n"
			   "    there: another machine, firmware or microcode)\n");
	assert_contains(b, "  plan_id b0b0b0b0b0b0b0b0, machine_id 0f1e2d3c4b5a6978: 1 boot of one plan on one machine\n");
}

/* A fixture boot with meta lines added after its machine_id (the way the
 * kernel writes boost and the C-state meta), its CRC recomputed, in a
 * temporary file whose name lands in path. */
static void write_with_meta(const char *fixture, const char *extra, char *path)
{
	fixture_with_lines_after(fixture, "#= machine_id=", extra, path);
}

/* plan_a_boot1.csv (schema 2) with its spin rows made busy rows (the mode
 * a BUSY_CHECKSUM record concerns), data row `row` (0-based) preceded by a
 * kernel's `#! error code=BUSY_CHECKSUM` record when `record`, and its
 * check turned to bad when `bad`, the CRC recomputed, in path. */
static void write_busy_checksum(size_t row, bool record, bool bad, char *path)
{
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	FILE *in = fopen(F "plan_a_boot1.csv", "r"), *out = fopen(path, "w");
	assert_non_null(in);
	assert_non_null(out);
	char line[8192];
	uint32_t crc = 0;
	size_t rows = 0;
	bool table = false;
	while (fgets(line, sizeof line, in)) {
		if (!strncmp(line, "#! end ", 7)) {
			*strstr(line, "crc32=") = '\0';
			fprintf(out, "%scrc32=%08x\n", line, crc);
			break;
		}
		if (table && line[0] != '#' && rows++ == row) {
			const char *rec = "#! error code=BUSY_CHECKSUM apic_id=1 msg=\"mode busy: sort computed a wrong "
					  "checksum in 1 of 40 rounds\"\n";
			if (record) {
				crc = crc32_update(crc, rec, strlen(rec));
				fputs(rec, out);
			}
			char *ok = strstr(line, ",ok\n");
			assert_non_null(ok);
			if (bad)
				strcpy(ok, ",bad\n");
		}
		if (!strncmp(line, "seq,", 4))
			table = true;
		char *spin = strstr(line, ",spin,");
		if (table && line[0] != '#' && spin)
			memcpy(spin, ",busy,", 6);
		if (!strncmp(line, "#= modes_measured=", 18) && (spin = strstr(line, "spin")))
			memcpy(spin, "busy", 4);
		crc = crc32_update(crc, line, strlen(line));
		fputs(line, out);
	}
	fclose(in);
	assert_int_equal(fclose(out), 0);
}

/* Schema 4 and older: a BUSY_CHECKSUM record before a row of another mode
 * is a warm-up's (warm-ups write no row; the record precedes whatever row
 * comes next): that row stays good. */
static void test_a_busy_checksum_record_before_another_modes_row_leaves_it_good(void **state)
{
	(void)state;
	struct command_output o;
	char p[] = "/tmp/idlebench-busy-XXXXXX";
	write_busy_checksum(7, true, false, p); /* row 7: hash, mwait */
	char *a[] = { "report", p };
	report(&o, 2, a);
	unlink(p);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "240 rows, check=bad 0;");
}

/* Schema 5 writes check=bad on a kernel `busy` row whose parked CPU computed
 * a wrong checksum during it (its BUSY_CHECKSUM record just before the
 * row); schema 4 and older wrote check=ok after the same record. Both read
 * alike: the row is bad (one check=bad row, the same figures). A record
 * with a row already bad is not counted twice. */
static void test_a_busy_checksum_record_makes_an_older_schemas_row_bad(void **state)
{
	(void)state;
	struct command_output o, with_record, with_bad;
	char p1[] = "/tmp/idlebench-busy-XXXXXX", p2[] = "/tmp/idlebench-busy-XXXXXX", p3[] = "/tmp/idlebench-busy-XXXXXX";
	write_busy_checksum(5, true, false, p1); /* row 5: hash, spin made busy */
	write_busy_checksum(5, false, true, p2);
	write_busy_checksum(5, true, true, p3);
	char *a1[] = { "report", p1 }, *a2[] = { "report", p2 }, *a3[] = { "report", p3 };
	report(&with_record, 2, a1);
	report(&with_bad, 2, a2);
	report(&o, 2, a3);
	unlink(p1);
	unlink(p2);
	unlink(p3);
	assert_int_equal(with_record.status, 0);
	assert_int_equal(with_bad.status, 0);
	assert_contains(with_record.out, "240 rows, check=bad 1;");
	assert_contains(with_bad.out, "240 rows, check=bad 1;");
	assert_contains(o.out, "240 rows, check=bad 1;");
	/* the same report but for the file's name (the same length) */
	char *a = strstr(with_record.out, "  primary result"), *b = strstr(with_bad.out, "  primary result");
	assert_non_null(a);
	assert_non_null(b);
	for (char *n; (n = strstr(a, p1 + 5));)
		memcpy(n, p2 + 5, strlen(p2 + 5));
	assert_string_equal(a, b);
}

/* The report of two boots of plan A carrying the given meta; o gets the output. */
static void report_two_boots(struct command_output *o, const char *meta1, const char *meta2, char *p1, char *p2)
{
	write_with_meta(F "plan_a_boot1.csv", meta1, p1);
	write_with_meta(F "plan_a_boot2.csv", meta2, p2);
	char *argv[] = { "report", p1, p2 };
	report(o, 3, argv);
	unlink(p1);
	unlink(p2);
	assert_int_equal(o->status, 0);
}

/* Boots of one plan on one machine whose boost state differs are two sets,
 * with the reason; the same boost state still pools. */
static void test_boots_with_another_boost_state_are_not_pooled_and_say_why(void **state)
{
	(void)state;
	struct command_output o;
	char p1[] = "/tmp/idlebench-boost1-XXXXXX", p2[] = "/tmp/idlebench-boost2-XXXXXX";
	report_two_boots(&o, "#= boost=enabled\n", "#= boost=disabled\n", p1, p2);
	const char *a = block(o.out, 1);
	assert_true(a < block(o.out, 2));
	assert_null(strstr(o.out, "set 3 of"));
	assert_contains(a, "  plan_id a1b2c3d4e5f60718, machine_id 0f1e2d3c4b5a6978: 1 boot of one plan on one machine\n");
	char want[256];
	snprintf(want, sizeof want, "not pooled with set 2 (%s): boost differs (enabled here, disabled there: "
		 "the core may run above base frequency in one and not the other) ", strrchr(p2, '/') + 1);
	assert_contains_unwrapped(a, want);

	char q1[] = "/tmp/idlebench-boost1-XXXXXX", q2[] = "/tmp/idlebench-boost2-XXXXXX";
	report_two_boots(&o, "#= boost=enabled\n", "#= boost=enabled\n", q1, q2);
	assert_contains(o.out, "set 1 of 1: ");
	assert_contains(o.out, "2 boots of one plan on one machine\n");
}

/* c2_kind and the raw CStateCfg split sets too; a stream without the key
 * (an older kernel) is a value of its own, never pooled with one that has it. */
static void test_another_c2_kind_or_cstate_cfg_is_not_pooled_and_absent_is_a_value(void **state)
{
	(void)state;
	struct command_output o;
	char p1[] = "/tmp/idlebench-c2kind1-XXXXXX", p2[] = "/tmp/idlebench-c2kind2-XXXXXX";
	report_two_boots(&o, "#= c2_kind=cc1\n#= amd_cstate_cfg=0x0000000000020202\n",
			 "#= c2_kind=cc6\n#= amd_cstate_cfg=0x0000000000020202\n", p1, p2);
	assert_contains_unwrapped(block(o.out, 1), "c2_kind differs (cc1 here, cc6 there: the I/O-port read requests another "
						   "C-state)\n");
	assert_null(strstr(o.out, "amd_cstate_cfg differs"));

	char q1[] = "/tmp/idlebench-c2kind1-XXXXXX", q2[] = "/tmp/idlebench-c2kind2-XXXXXX";
	report_two_boots(&o, "", "#= amd_cstate_cfg=0x0000000000020202\n", q1, q2);
	assert_contains_unwrapped(block(o.out, 1), "amd_cstate_cfg differs (not recorded here, 0x0000000000020202 there: "
						   "another CStateCfg: the C-states the core may enter)\n");

	/* a missing key and the value `absent` (boost=absent) read apart */
	char r1[] = "/tmp/idlebench-c2kind1-XXXXXX", r2[] = "/tmp/idlebench-c2kind2-XXXXXX";
	report_two_boots(&o, "", "#= boost=absent\n", r1, r2);
	assert_contains(o.out, "boost differs (not recorded here, absent there");
}

static void test_a_schema_1_file_still_reports_by_machine_identity(void **state)
{
	(void)state;
	struct command_output o;
	/* --wide: the paths as given and every column, unwrapped */
	char *argv[] = { "report", "--wide", F "known.csv", F "plan_a_boot1.csv" };
	report(&o, 4, argv);
	assert_int_equal(o.status, 0);
	const char *old = block(o.out, 1);
	assert_contains(old, "set 1 of 2: HygonGenuine family 0x18 model 0x0, Test Board A, placement sibling\n"
			     "  primary result: ");
	assert_contains(old, "\n  schema 1: no plan_id, pooled by machine identity only (1 boot)\n");
	assert_contains(old, "  not pooled with set 2 (" F "plan_a_boot1.csv): no plan_id (schema 1) here, plan_id and "
			     "machine_id there: a run without plan_id cannot be matched to a plan\n");
	/* By hand: lz mwait blocks r0, r1 (r2 is check=bad): sqrt(1.15 x 1100/1010) = 1.1191 -> 11.91;
	 * whetstone cbrt(1.2 x 2500/2100 x 2300/1900) -> 20.03; 3 reps: no interval. */
	assert_contains(old, "  lz             mwait     3          1150.00      11.91 -                          -      -"
			     "        -      2.0        -    1  n/a: 2 blocks, need 10\n");
	assert_contains(old, "  whetstone      mwait     3          2400.00      20.03 -");
	assert_contains(old, "    A/A   hlt2   not measured: absent\n");
}

static void test_a_failed_aa_control_is_flagged_untrustworthy_at_the_top(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "aa_fail.csv" };
	report(&o, 2, argv);
	assert_int_equal(o.status, 0);
	/* generate.py: hlt2 2.12 [1.86, 2.38] in a boot whose hlt2 runs 2 % slow. */
	assert_contains(o.out, "set 1 of 1: HygonGenuine family 0x18 model 0x0, Test Board F, placement sibling\n"
			       "  UNTRUSTWORTHY: the A/A control (hlt2 vs hlt) shows 2.12 % [1.86, 2.38], which excludes the known\n"
			       "    0.00 %: the intervals below do not hold for this set\n");
	assert_contains(o.out, "    A/A   hlt2   expected 0.00 %, got 2.12 % [1.86, 2.38]: fail\n");
}

static void test_a_carry_over_names_the_previous_mode(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "plan_b.csv", F "plan_a_boot1.csv" };
	report(&o, 3, argv);
	assert_int_equal(o.status, 0);
	/* plan_b.csv: every sample right after spin runs 4 % (log 0.04) slow. */
	assert_contains(block(o.out, 1), "    boot 1: CARRY-OVER: a sample right after spin runs 4.07 % [3.61, 4.52] slower");
	assert_contains(block(o.out, 2), "    boot 1: none detected (largest: after ");
}

/* plan_b_fast.csv (generate.py): every sample right after spin runs 4 %
 * fast (log -0.04). The check picks the largest |contrast|, here negative:
 * the words follow the interval, "faster", never "slower". */
static void test_a_negative_carry_over_is_called_faster(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "plan_b_fast.csv" };
	report(&o, 2, argv);
	assert_int_equal(o.status, 0);
	assert_contains_unwrapped(o.out, "boot 1: CARRY-OVER: a sample right after spin runs -3.94 % [-4.36, -3.51] "
					 "faster than after the other modes");
	assert_null(strstr(o.out, "slower than after the other modes"));
	char html[] = "/tmp/idlebench-carry-XXXXXX.html";
	int fd = mkstemps(html, 5);
	assert_true(fd >= 0);
	close(fd);
	char opt[64];
	snprintf(opt, sizeof opt, "--html=%s", html);
	char *argh[] = { "report", opt, F "plan_b_fast.csv" };
	report(&o, 3, argh);
	assert_int_equal(o.status, 0);
	FILE *f = fopen(html, "r");
	assert_non_null(f);
	static char page[1 << 20];
	size_t n = fread(page, 1, sizeof page - 1, f);
	page[n] = '\0';
	fclose(f);
	unlink(html);
	assert_non_null(strstr(page, "-3.94 % [-4.36, -3.51] faster than after the other modes"));
	assert_null(strstr(page, "slower than after the other modes"));
}

/* aa_fail_95_only.csv (generate.py): its own A/A 0.52 % [0.04, 0.99] fails
 * at 95 % (its `#! control` record says verdict=fail) and holds at 97.5 %
 * ([-0.04, 1.08], scipy), the per-boot level of two boots: the set is not
 * marked, but the fleet view names the boot, as the text report does. */
static void test_the_fleet_view_names_a_boot_that_failed_at_95_only(void **state)
{
	(void)state;
	char dir[] = "/tmp/idlebench-fleet-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char a[128], b[128], cmd[512];
	snprintf(a, sizeof a, "%s/plan_a_boot1.csv", dir);
	snprintf(b, sizeof b, "%s/aa_fail_95_only.csv", dir);
	snprintf(cmd, sizeof cmd, "cp " F "plan_a_boot1.csv %s && cp " F "aa_fail_95_only.csv %s", a, b);
	assert_int_equal(system(cmd), 0);
	struct command_output o;
	char *argv[] = { "report", "--by=machine", dir };
	report(&o, 3, argv);
	unlink(a);
	unlink(b);
	rmdir(dir);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "boot 1 of 2 (aa_fail_95_only.csv) fails its own A/A at 95 % only, holds at 97.50 %");
	assert_null(strstr(o.out, "UNTRUSTWORTHY"));
	char *text[] = { "report", F "plan_a_boot1.csv", F "aa_fail_95_only.csv" };
	report(&o, 3, text);
	assert_int_equal(o.status, 0);
	assert_contains_unwrapped(o.out, "boot 2 0.52 % [0.04, 0.99] fails at 95 % only, holds at 97.50 %");
}

/* workload_major.csv (generate.py): an interleaved boot ordered
 * workload-major, whose discarded lead-in run before each workload change
 * writes no row. Every sample right after spin runs 4 % slow (the
 * lead-in's spin too). The first row after a change has no known previous
 * mode (the hidden lead-in), so its block is left out: generate.py's numpy
 * least squares over the 44 complete blocks gives 3.96 % [3.49, 4.45].
 * Taking the other workload's last row as its previous mode gives other
 * figures (3.84 % [3.36, 4.32] when report_summary.c ignores the lead-in:
 * the test fails then). */
static void test_a_workload_major_boot_leaves_the_hidden_lead_in_out_of_the_carry_over(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "workload_major.csv" };
	report(&o, 2, argv);
	assert_int_equal(o.status, 0);
	assert_contains_unwrapped(o.out, "boot 1: CARRY-OVER: a sample right after spin runs 3.96 % [3.49, 4.45] "
					 "slower than after the other modes");
}

/* switch_blocked.csv (generate.py): blocked order, the first sample of every
 * (workload, mode) run 3 % slow; after another mode of the same workload in
 * 16 cells (each workload's first run follows another workload: left out).
 * generate.py computes 3.71 % [3.09, 4.33] with scipy. A repetition-major
 * interleaved boot never runs a mode after itself in the same workload. */
static void test_the_first_sample_after_a_mode_change_is_measured_apart(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "switch_blocked.csv", F "plan_a_boot1.csv" };
	report(&o, 3, argv);
	assert_int_equal(o.status, 0);
	assert_contains_unwrapped(block(o.out, 1), "boot 1: MODE SWITCH: the first sample after a mode change runs 3.71 % [3.09, "
					 "4.33] slower than later ones of the same mode and workload (16 cells; 16 samples "
					 "after a change, 176 after their own mode)");
	assert_contains(block(o.out, 2), "    boot 1: mode switch not estimable (0 cells hold");
}

/* Files that cannot be used are each named once with the reason and the
 * rest is reported, exit 1 (the rule of every command that reads result
 * files, docs/cli.md). The old report printed nothing but the reasons. */
static void test_a_rejected_file_is_named_and_the_rest_reported_exit_1(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "known.csv", F "known_flipped.csv", F "bad_check.csv", F "missing.csv" };
	report(&o, 5, argv);
	assert_int_equal(o.status, 1);
	assert_string_equal(o.err,
		"idlebench report: " F "known_flipped.csv: skipped, INCOMPLETE: CRC-32 mismatch: line 34: end record says crc32=89a089cd, computed 11b9be7b\n"
		"idlebench report: " F "bad_check.csv: skipped, data row 1: check 'maybe' is neither ok nor bad\n"
		"idlebench report: " F "missing.csv: skipped, unreadable: No such file or directory\n");
	assert_contains(o.out, "set 1 of 1: ");
	assert_contains(o.out, "(1 boot)");
	char *none[] = { "report", F "known_flipped.csv", F "missing.csv" };
	report(&o, 3, none);
	assert_int_equal(o.status, 1);
	assert_string_equal(o.out, "");
	assert_contains(o.err, "idlebench report: no result file taken from the paths given\n");
}

/* `report` over the files of a day (two good boots) and the `-INCOMPLETE.csv`
 * capture wrote beside them (here: a copy of the first boot, cut short, under
 * capture's INCOMPLETE name), and `report DIR` over the same directory:
 * the two boots are pooled, the INCOMPLETE file named once, exit 1. The
 * old report printed nothing and said only "read error" of a directory. */
static void test_incomplete_capture_among_good_boots_and_a_directory(void **state)
{
	(void)state;
	struct command_output o;
	char dir[] = "/tmp/idlebench-day-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char good1[160], good2[160], cut[160];
	snprintf(good1, sizeof good1, "%s/plan_a_boot1.csv", dir);
	snprintf(good2, sizeof good2, "%s/plan_a_boot2.csv", dir);
	snprintf(cut, sizeof cut, "%s/x-20261201T000000Z-INCOMPLETE.csv", dir);
	const char *from[] = { F "plan_a_boot1.csv", F "plan_a_boot2.csv", F "plan_a_boot1.csv" };
	const char *to[] = { good1, good2, cut };
	for (int i = 0; i < 3; i++) {
		FILE *in = fopen(from[i], "rb"), *out = fopen(to[i], "wb");
		assert_non_null(in);
		assert_non_null(out);
		char buf[4096];
		size_t n, total = 0;
		while ((n = fread(buf, 1, sizeof buf, in)) > 0 && (i < 2 || total < 8000)) {
			assert_int_equal(fwrite(buf, 1, n, out), n);
			total += n;
		}
		fclose(in);
		fclose(out);
	}
	char *glob[] = { "report", good1, good2, cut };
	report(&o, 4, glob);
	char expect_err[300];
	snprintf(expect_err, sizeof expect_err, "idlebench report: %s: skipped, INCOMPLETE: the name idlebench capture gives a stream "
						 "without a verified end record\n", cut);
	assert_int_equal(o.status, 1);
	assert_string_equal(o.err, expect_err);
	assert_contains(o.out, "2 boots of one plan on one machine");
	char *walked[] = { "report", dir };
	report(&o, 2, walked);
	assert_int_equal(o.status, 1);
	assert_string_equal(o.err, expect_err);
	assert_contains(o.out, "2 boots of one plan on one machine");
	unlink(good1);
	unlink(good2);
	unlink(cut);
	rmdir(dir);
}

/* One boot given twice (here the same file under two names: a serial
 * capture beside the stick's copy would be the same) would count as two
 * boots and narrow the interval to nothing ("2 boots", [13.33, 13.33] before
 * this check): the second copy is left out, naming the first. */
static void test_the_same_boot_under_two_names_is_refused(void **state)
{
	(void)state;
	struct command_output o;
	char copy[] = "/tmp/idlebench-same-boot-XXXXXX";
	int fd = mkstemp(copy);
	assert_true(fd >= 0);
	FILE *in = fopen(F "plan_a_boot1.csv", "rb");
	assert_non_null(in);
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		assert_int_equal(write(fd, buf, n), (ssize_t)n);
	fclose(in);
	close(fd);
	char *argv[] = { "report", F "plan_a_boot1.csv", copy };
	report(&o, 3, argv);
	unlink(copy);
	/* the copy is named and left out, the boot counted once */
	assert_int_equal(o.status, 1);
	assert_contains(o.err, ": skipped, duplicate: the same boot as " F "plan_a_boot1.csv (end record crc32=");
	assert_contains(o.err, ", 240 rows)\n");
	assert_contains(o.out, ": 1 boot of one plan on one machine");
}

static void test_a_run_without_hlt_gets_the_table_without_slowdowns(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "host_bench.csv" };
	report(&o, 2, argv);
	assert_int_equal(o.status, 0);
	assert_string_equal(o.err, "");
	/* Real `idlebench bench` rows: lz 142010.49, 438944.51, 122542.40 -> median 142010.49. */
	assert_string_equal(o.out,
		"idlebench report: 1 file in 1 set; slowdown: positive = slower than hlt\n"
		"\n"
		"set 1 of 1: AuthenticAMD family 0x19 model 0x1\n"
		"  schema 1: no plan_id, pooled by machine identity only (1 boot)\n"
		"  cpu: AMD EPYC; hypervisor: KVMKVMKVM\n"
		"  boot 1: host_bench.csv (schema 1, 3 reps, 6 rows, check=bad 0)\n"
		"\n"
		"  no hlt samples: no slowdown columns\n"
		"  workload      mode      n     cyc/iter  eff MHz  sib C0%  wake/ms  bad\n"
		"  lz            host      3    142010.49        -        -        -    0\n"
		"  whetstone     host      3     29301.28        -        -        -    0\n"
		"  carry-over (does a sample depend on the mode run just before it? rows in measurement order):\n"
		"    boot 1: not checked: 1 modes (the check takes 2 to 8)\n"
		"    boot 1: mode switch not estimable (0 cells hold a sample after its own mode and one after\n"
		"      another)\n");
}

/* The parked sibling's wake-ups per ms of each sample, median per (workload,
 * mode), next to the slowdown (a sibling woken often is not idle): a real QEMU TCG boot, where
 * MWAIT "idles" by returning at once. By hand from the rows (python3:
 * median of sib_wakeups / (ns / 1e6) over check=ok rows): lz mwait 4453.39,
 * lz hlt 0.00; off has no count (its CPU is not running): "-". */
static void test_sibling_wakeups_per_ms_beside_the_slowdown(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", "--wide", F "qemu_pvh_tcg.csv" };
	report(&o, 3, argv);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, " sib C0%  wake/ms  bad  note\n");
	assert_contains(o.out, "  lz             mwait     3        729079.22      64.04 -                          -      -"
			       "        -        -  4453.39    0  n/a: 3 blocks, need 10\n");
	assert_contains(o.out, "  lz             hlt       3        530621.00          - -                          -      -"
			       "        -        -     0.00    0  \n");
	assert_contains(o.out, "  lz             off       3        530487.67      -1.07 -                          -      -"
			       "        -        -        -    0  n/a: 3 blocks, need 10\n");
}

static bool gnuplot_on_path(void)
{
	return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

static void test_png_is_a_real_png_when_gnuplot_exists(void **state)
{
	(void)state;
	if (!gnuplot_on_path()) {
		print_message("gnuplot not on PATH (Debian package gnuplot-nox): PNG test skipped\n");
		skip();
	}
	char png[] = "/tmp/test_report_XXXXXX.png";
	int fd = mkstemps(png, 4);
	assert_true(fd >= 0);
	close(fd);
	unlink(png);
	struct command_output o;
	char *argv[] = { "report", "--png", png, F "known.csv", F "plan_a_boot1.csv", F "plan_a_boot2.csv" };
	report(&o, 6, argv);
	assert_int_equal(o.status, 0);
	assert_string_equal(o.err, "");
	char chart[128];
	snprintf(chart, sizeof chart, "\nchart: %s\n", png);
	assert_contains(o.out, chart);
	size_t len = 0;
	char *data = read_whole_file(png, &len);
	assert_non_null(data);
	assert_true(len > 1000);
	assert_memory_equal(data, "\x89PNG\r\n\x1a\n", 8);
	free(data);
	unlink(png);
}

static void test_without_gnuplot_the_table_is_printed_and_exit_is_0(void **state)
{
	(void)state;
	char *saved = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
	setenv("PATH", "/nonexistent-idlebench-test", 1);
	char png[] = "/tmp/test_report_nognuplot.png";
	unlink(png);
	struct command_output o;
	char *argv[] = { "report", F "known.csv", "--png", png };
	report(&o, 4, argv);
	if (saved) {
		setenv("PATH", saved, 1);
		free(saved);
	}
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "  lz            mwait     3      1150.00      11.91 ");
	assert_null(strstr(o.out, "chart:"));
	assert_string_equal(o.err, "idlebench report: gnuplot not found on PATH (Debian package gnuplot-nox): no PNG written\n");
	struct stat st;
	assert_int_equal(stat(png, &st), -1);
}

static void test_png_of_runs_without_hlt_is_refused_with_exit_1(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", "--png=/tmp/test_report_nothing.png", F "host_bench.csv" };
	report(&o, 3, argv);
	assert_int_equal(o.status, 1);
	assert_contains(o.out, "  lz            host      3 ");
	assert_string_equal(o.err, "idlebench report: nothing to plot: no run has hlt samples to compare against: "
				   "no PNG written\n");
}

static void test_usage_errors_exit_2_and_help_exits_0(void **state)
{
	(void)state;
	struct command_output o;
	char *none[] = { "report" };
	report(&o, 1, none);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench report: no result file given (see idlebench report --help)\n");
	char *unknown[] = { "report", "--pdf", F "known.csv" };
	report(&o, 3, unknown);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench report: unknown option '--pdf' (see idlebench report --help)\n");
	char *no_png[] = { "report", F "known.csv", "--png" };
	report(&o, 3, no_png);
	assert_int_equal(o.status, 2);
	char *old_seed[] = { "report", "--seed", "7", F "known.csv" };
	report(&o, 4, old_seed);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench report: unknown option '--seed' (see idlebench report --help)\n");
	char *bad_firmware[] = { "report", "--firmware-s", "-1", F "known.csv" };
	report(&o, 4, bad_firmware);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench report: --firmware-s needs a number of seconds, got '-1' "
				   "(see idlebench report --help)\n");
	char *help[] = { "report", "--help" };
	report(&o, 2, help);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "usage: idlebench report [--png OUT.png] [--html OUT.html] [--firmware-s SECONDS]\n"
			       "                        [--format text|commit] [--by machine|model] [--wide] FILE|DIR...\n");
	char *bad_by[] = { "report", "--by=cpu", F };
	report(&o, 3, bad_by);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench report: --by must be machine or model, got 'cpu' (see idlebench report --help)\n");
	char *wide_commit[] = { "report", "--wide", "--format=commit", F "plan_a_boot1.csv" };
	report(&o, 4, wide_commit);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench report: --wide widens the text report; --format=commit is wrapped at 72 "
				   "columns (see idlebench report --help)\n");
	char *by_wide[] = { "report", "--by=machine", "--wide", F };
	report(&o, 4, by_wide);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench report: --by takes --html, not --wide (see idlebench report --help)\n");
	char *by_png[] = { "report", "--by=machine", "--png", "x.png", F };
	report(&o, 5, by_png);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench report: --by takes --html, not --png (see idlebench report --help)\n");
	char *by_nothing[] = { "report", "--by=model" };
	report(&o, 2, by_nothing);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench report: no file or directory given (see idlebench report --help)\n");
	char *no_html[] = { "report", F "known.csv", "--html" };
	report(&o, 3, no_html);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench report: option '--html' needs an argument (OUT.html) "
				   "(see idlebench report --help)\n");
	char *empty_html[] = { "report", "--html=", F "known.csv" };
	report(&o, 3, empty_html);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench report: --html needs an output file name (see idlebench report --help)\n");
	/* the table is printed, but a page that cannot be written is an error */
	char *bad_html[] = { "report", "--html=/nonexistent-dir/r.html", F "known.csv" };
	report(&o, 3, bad_html);
	assert_int_equal(o.status, 1);
	assert_contains(o.err, "/nonexistent-dir/r.html: No such file or directory: no HTML written\n");
}

static void test_firmware_option_sets_the_boot_cost(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", "--firmware-s", "300", F "plan_a_boot1.csv", F "plan_a_boot2.csv" };
	report(&o, 5, argv);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "    cost: boot 303.00 s (setup 3.00 s measured from reset + 300 s assumed, --firmware-s)");
}

/* The ioport label names the core state the port read requests (c2_kind); other modes
 * and streams without the key keep the name. */
static void test_ioport_label_names_the_c2_kind(void **state)
{
	(void)state;
	char b[64];
	assert_string_equal(report_mode_label(b, sizeof b, "ioport", "cc6"), "ioport (C2 requests CC6)");
	assert_string_equal(report_mode_label(b, sizeof b, "ioport", "cc1"), "ioport (C2 requests CC1)");
	assert_string_equal(report_mode_label(b, sizeof b, "ioport", "untrapped"), "ioport (C2 untrapped)");
	assert_string_equal(report_mode_label(b, sizeof b, "ioport", "unknown"), "ioport (C2 unknown)");
	assert_string_equal(report_mode_label(b, sizeof b, "ioport", ""), "ioport");
	assert_string_equal(report_mode_label(b, sizeof b, "ioport", NULL), "ioport");
	assert_string_equal(report_mode_label(b, sizeof b, "mwait", "cc6"), "mwait");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_boots_of_one_plan_pool_into_a_boots_t_interval),
		cmocka_unit_test(test_one_boot_is_labelled_within_this_boot_only),
		cmocka_unit_test(test_modes_the_plan_lost_are_named_with_status_and_reason),
		cmocka_unit_test(test_different_plan_or_machine_ids_are_not_pooled_and_say_why),
		cmocka_unit_test(test_boots_with_another_boost_state_are_not_pooled_and_say_why),
		cmocka_unit_test(test_another_c2_kind_or_cstate_cfg_is_not_pooled_and_absent_is_a_value),
		cmocka_unit_test(test_a_schema_1_file_still_reports_by_machine_identity),
		cmocka_unit_test(test_a_failed_aa_control_is_flagged_untrustworthy_at_the_top),
		cmocka_unit_test(test_a_carry_over_names_the_previous_mode),
		cmocka_unit_test(test_a_negative_carry_over_is_called_faster),
		cmocka_unit_test(test_a_workload_major_boot_leaves_the_hidden_lead_in_out_of_the_carry_over),
		cmocka_unit_test(test_a_busy_checksum_record_makes_an_older_schemas_row_bad),
		cmocka_unit_test(test_a_busy_checksum_record_before_another_modes_row_leaves_it_good),
		cmocka_unit_test(test_the_fleet_view_names_a_boot_that_failed_at_95_only),
		cmocka_unit_test(test_a_rejected_file_is_named_and_the_rest_reported_exit_1),
		cmocka_unit_test(test_incomplete_capture_among_good_boots_and_a_directory),
		cmocka_unit_test(test_the_first_sample_after_a_mode_change_is_measured_apart),
		cmocka_unit_test(test_the_same_boot_under_two_names_is_refused),
		cmocka_unit_test(test_a_run_without_hlt_gets_the_table_without_slowdowns),
		cmocka_unit_test(test_sibling_wakeups_per_ms_beside_the_slowdown),
		cmocka_unit_test(test_png_is_a_real_png_when_gnuplot_exists),
		cmocka_unit_test(test_without_gnuplot_the_table_is_printed_and_exit_is_0),
		cmocka_unit_test(test_png_of_runs_without_hlt_is_refused_with_exit_1),
		cmocka_unit_test(test_usage_errors_exit_2_and_help_exits_0),
		cmocka_unit_test(test_firmware_option_sets_the_boot_cost),
		cmocka_unit_test(test_ioport_label_names_the_c2_kind),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
