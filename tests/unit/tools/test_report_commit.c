/* `idlebench report --format=commit` (tools/report/report_commit.c) on the
 * real fixtures: the exact paragraph per set, whose numbers come from
 * outside the C code:
 *  - plan_a_boot1/2.csv, aa_fail.csv: tests/fixtures/results/generate.py's
 *    scipy figures (it prints them: `/usr/bin/python3 generate.py`), and
 *    for aa_fail's int/fp geomeans, which it does not print, the same
 *    computation by hand in scipy (per repetition the mean over the class's
 *    workloads of log cpi(mwait) - log cpi(hlt), a t interval over the 12
 *    repetitions: int 12.69 [12.02, 13.35], fp 19.69 [18.87, 20.51]);
 *    240 rows of 5 modes = 48 per mode and boot;
 *  - qemu_pvh_tcg.csv (a real QEMU TCG boot, schema 1, whose kernel summary
 *    is a ratio of medians and so cannot be compared): the same scipy
 *    computation over its 3 repetitions, int 13.80, fp 13.36 (9 workloads
 *    each, 54 rows per mode);
 *  - linux_guest_acpi_idle.csv (a real `idlebench linux` run in a Debian
 *    guest): its own `#! summary workload=lz mode=ioport` record (435.70,
 *    3 blocks) and `#! linux_proof` records (hlt 5/5, ioport 3/5 verified).
 * Proves: the caveats are written into the paragraph (one boot, a
 * hypervisor, a failed A/A, no interval, MWAIT not measured, a suspect
 * topology, a carry-over), a kernel `mwait_hint=` other than C1 is named instead of
 * MWAIT-C1, several sets get one paragraph each with why they are apart,
 * and a bad --format value is a usage error. Every test fails on the old
 * code, where --format does not exist (exit 2). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/crc32.h"
#include "tests/unit/tools/fd_redirect.h"
#include "tests/unit/tools/fixture_edit.h"
#include "tools/common/commands.h"

#define F "tests/fixtures/results/"

static struct command_output o;

/* `idlebench report --format=commit FILES…`, asserting exit 0. */
static void commit(const char *a, const char *b)
{
	char *argv[] = { "report", "--format=commit", (char *)a, (char *)b, NULL };
	run_command(cmd_report, b ? 4 : 3, argv, NULL, &o);
	if (o.status)
		fail_msg("exit %d, stderr:\n%s", o.status, o.err);
}

static void assert_output(const char *expected)
{
	if (strcmp(o.out, expected))
		fail_msg("expected\n%s\ngot\n%s", expected, o.out);
}

static void test_two_boots_give_the_boots_t_primary_result(void **state)
{
	(void)state;
	commit(F "plan_a_boot1.csv", F "plan_a_boot2.csv");
	/* generate.py: int 12.65 [4.41, 21.55], fp 19.96 [13.54, 26.75], all hlt2 0.09 [-0.44, 0.62] (boots-t) */
	assert_output("On a Test CPU system (threads/core not recorded, idlebench kernel 0.2.0\n"
		      "(boot=efi), bare metal), the integer workloads (geomean of 2) run\n"
		      "12.65 % [4.41, 21.55] faster and the floating-point workloads (geomean\n"
		      "of 2) 19.96 % [13.54, 26.75] faster with the SMT sibling in HLT than in\n"
		      "MWAIT-C1 (96 samples per state over 2 boots, no per-sample residency\n"
		      "proof in these streams; A/A 0.09 % [-0.44, 0.62]).\n");
}

static void test_one_boot_says_so(void **state)
{
	(void)state;
	commit(F "plan_a_boot1.csv", NULL);
	/* generate.py, plan_a_boot1.csv alone: int 13.33 [12.68, 13.98], fp 20.49 [19.58, 21.40], hlt2 0.04 [-0.29, 0.38] */
	assert_output("On a Test CPU system (threads/core not recorded, idlebench kernel 0.2.0\n"
		      "(boot=efi), bare metal), the integer workloads (geomean of 2) run\n"
		      "13.33 % [12.68, 13.98] faster and the floating-point workloads (geomean\n"
		      "of 2) 20.49 % [19.58, 21.40] faster with the SMT sibling in HLT than in\n"
		      "MWAIT-C1 (48 samples per state over 1 boot, no per-sample residency\n"
		      "proof in these streams; A/A 0.04 % [-0.29, 0.38]). One boot only: the\n"
		      "result is within this boot and says nothing about how boots differ.\n");
}

static void test_failed_aa_is_written_in(void **state)
{
	(void)state;
	commit(F "aa_fail.csv", NULL);
	/* generate.py: all hlt2 2.12 [1.86, 2.38]; int/fp by hand (scipy, see the top) */
	assert_output("UNTRUSTWORTHY: the A/A control (hlt2 vs hlt) shows 2.12 % [1.86, 2.38],\n"
		      "which excludes the known 0.00 %, so these intervals do not hold. On a\n"
		      "Test CPU system (threads/core not recorded, idlebench kernel 0.2.0\n"
		      "(boot=efi), bare metal), the integer workloads (geomean of 2) run\n"
		      "12.69 % [12.02, 13.35] faster and the floating-point workloads (geomean\n"
		      "of 2) 19.69 % [18.87, 20.51] faster with the SMT sibling in HLT than in\n"
		      "MWAIT-C1 (48 samples per state over 1 boot, no per-sample residency\n"
		      "proof in these streams; A/A 2.12 % [1.86, 2.38]). One boot only: the\n"
		      "result is within this boot and says nothing about how boots differ.\n");
}

/* The shipped example boots pooled: boot 2's own A/A failed (its stream's
 * `#! control mode=hlt2 ... verdict=fail`, -3.17 [-5.77, -0.51]), which the
 * pool's interval (-0.91 [-26.16, 32.98], uninformative) would hide: the
 * paragraph starts with it. Both primary intervals span 0 (int 2.26
 * [-2.44, 7.19], fp 10.37 [-28.63, 70.68]): no direction is claimed. */
static void test_pooled_examples_name_the_failed_boot_and_claim_no_direction(void **state)
{
	(void)state;
	commit("docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032134Z.csv",
	       "docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032201Z.csv");
	assert_output("UNTRUSTWORTHY: boot 2 of 2\n"
		      "(hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032201Z.csv)\n"
		      "failed its own A/A control: hlt2 vs hlt shows -3.17 % [-5.77, -0.51],\n"
		      "which excludes the known 0.00 % (also at 97.50 %, Bonferroni over 2\n"
		      "boots), so these intervals do not hold (leave that boot's file out to\n"
		      "report the others). On a Hygon Dhyana Processor system (2 threads/core,\n"
		      "idlebench kernel 0.1.0+g39d4f88 (boot=pvh), under hypervisor\n"
		      "TCGTCGTCGTCG), no difference was detected between the SMT sibling in HLT\n"
		      "and in MWAIT-C1 for the integer workloads (geomean of 3) 2.26 % [-2.44,\n"
		      "7.19] and the floating-point workloads (geomean of 3) 10.37 % [-28.63,\n"
		      "70.68] (the slowdown in MWAIT-C1 against HLT, positive = slower than\n"
		      "HLT; each interval spans 0) (144 interleaved samples per state over 2\n"
		      "boots, no per-sample residency proof in these streams; A/A -0.91 %\n"
		      "[-26.16, 32.98], uninformative: too wide to fail). Measured under a\n"
		      "hypervisor (TCGTCGTCGTCG), not on bare metal: an emulator's or VM's\n"
		      "timing, not comparable with silicon's.\n");
	assert_null(strstr(o.out, "faster"));
	assert_null(strstr(o.out, "slower with"));
}

/* aa_fail_95_only.csv (generate.py): its own A/A fails at 95 % (0.52 %
 * [0.04, 0.99], its `#! control` record says verdict=fail, its screen said
 * FAIL - UNTRUSTWORTHY) and holds at 97.5 % ([-0.04, 1.08], scipy), the
 * per-boot level of two boots: the set is not marked (Bonferroni), but the
 * paragraph names the boot's own failure, as the report and page do. */
static void test_a_boot_that_failed_at_95_only_is_named(void **state)
{
	(void)state;
	commit(F "plan_a_boot1.csv", F "aa_fail_95_only.csv");
	if (strncmp(o.out, "Note: boot 2 of 2 (aa_fail_95_only.csv) fails its own A/A control at\n"
			   "95 % (as judged alone, the verdict its own screen gives): hlt2 vs hlt\n"
			   "shows 0.52 % [0.04, 0.99]; it holds at 97.50 % (Bonferroni over 2\n"
			   "boots), so the set is not marked. On a Test CPU system",
		    strlen("Note: boot 2 of 2 (aa_fail_95_only.csv) fails its own A/A control at\n"
			   "95 % (as judged alone, the verdict its own screen gives): hlt2 vs hlt\n"
			   "shows 0.52 % [0.04, 0.99]; it holds at 97.50 % (Bonferroni over 2\n"
			   "boots), so the set is not marked. On a Test CPU system")))
		fail_msg("got\n%s", o.out);
	assert_null(strstr(o.out, "UNTRUSTWORTHY: "));
}

static void test_hypervisor_and_no_interval_are_written_in(void **state)
{
	(void)state;
	commit(F "qemu_pvh_tcg.csv", NULL);
	assert_output("On a Hygon Dhyana Processor system (2 threads/core, idlebench kernel\n"
		      "0.1.0+g6c083d8 (boot=pvh), under hypervisor TCGTCGTCGTCG), no direction\n"
		      "can be stated between the SMT sibling in HLT and in MWAIT-C1 for the\n"
		      "integer workloads (geomean of 9) 13.80 % (no interval) and the\n"
		      "floating-point workloads (geomean of 9) 13.36 % (no interval) (the\n"
		      "slowdown in MWAIT-C1 against HLT, positive = slower than HLT) (54\n"
		      "interleaved samples per state over 1 boot, no per-sample residency proof\n"
		      "in these streams; no A/A control measured). One boot only: the result is\n"
		      "within this boot and says nothing about how boots differ. Measured under\n"
		      "a hypervisor (TCGTCGTCGTCG), not on bare metal: an emulator's or VM's\n"
		      "timing, not comparable with silicon's. No interval for int, fp: n/a: 3\n"
		      "blocks, need 10; the value stands alone.\n");
}

static void test_linux_stream_names_driver_kernel_and_residency(void **state)
{
	(void)state;
	commit(F "linux_guest_acpi_idle.csv", NULL);
	/* the file's meta (cpuidle_driver, linux_release, smt_siblings=0, placement), its
	 * `#! summary` (lz ioport 435.70, 3 blocks) and `#! linux_proof` records (8 of 10) */
	assert_output("On a QEMU TCG CPU version 2.5+ system (1 thread/core online, acpi_idle\n"
		      "cpuidle driver, Linux kernel 6.1.0-57-amd64, under hypervisor\n"
		      "TCGTCGTCGTCG), no direction can be stated between the parked CPU on\n"
		      "another core (placement other-core) in HLT and in IOPORT-C2 for the lz\n"
		      "workload 435.70 % (no interval) (the slowdown in IOPORT-C2 against HLT,\n"
		      "positive = slower than HLT) (5 interleaved samples per state over 1\n"
		      "boot, sibling residency verified in 8/10 (HLT 5/5, ioport 3/5); no A/A\n"
		      "control measured). One boot only: the result is within this boot and\n"
		      "says nothing about how boots differ. Measured under a hypervisor\n"
		      "(TCGTCGTCGTCG), not on bare metal: an emulator's or VM's timing, not\n"
		      "comparable with silicon's. No interval for lz: n/a: 3 blocks, need 10\n"
		      "(intervals=no (quick preset: a pipeline check)); the value stands alone.\n"
		      "MWAIT-C1 was not measured; the primary mode here is ioport.\n");
}

static void test_sets_not_pooled_get_a_paragraph_each_with_why(void **state)
{
	(void)state;
	commit(F "plan_a_boot1.csv", F "plan_b.csv");
	const char *second = strstr(o.out, "\n\nSet 2 of 2 (");
	assert_non_null(second);
	assert_true(!strncmp(o.out, "Set 1 of 2 (tests/fixtures/results/plan_a_boot1.csv; not pooled with set\n"
				    "2 because: plan_id differs (a1b2c3d4e5f60718 here, b0b0b0b0b0b0b0b0\n"
				    "there: another plan)): On a Test CPU system",
			     strlen("Set 1 of 2 (tests/fixtures/results/plan_a_boot1.csv; not pooled with set\n"
				    "2 because: plan_id differs (a1b2c3d4e5f60718 here, b0b0b0b0b0b0b0b0\n"
				    "there: another plan)): On a Test CPU system")));
	/* each set's own primary result (generate.py: plan_a_boot1 alone int 13.33) */
	char *at = strstr(o.out, "13.33 % [12.68, 13.98]");
	assert_true(at && at < second);
	assert_non_null(strstr(second, "plan_id differs (b0b0b0b0b0b0b0b0 here, a1b2c3d4e5f60718 there:"));
	/* plan_b.csv: generate.py makes every sample right after spin 4 % (log 0.04, +4.08 %) slow; the
	 * text report's carry-over sentence (4.07 [3.61, 4.52], test_report.c) is written into its paragraph */
	assert_non_null(strstr(second, " Boot 1: CARRY-OVER: a sample right after spin\n"
				       "runs 4.07 % [3.61, 4.52] slower than after the other modes (95 % jointly\n"
				       "over the previous modes).\n"));
	assert_true(strstr(o.out, "CARRY-OVER") > second); /* plan_a_boot1.csv has none */
}

/* src with line_to_add after its line starting with `after`, or in place of
 * the line starting with `replace` when given, its end record's CRC
 * recomputed (lib/crc32.h, as test_report_html.c does). */
static void write_changed(const char *path, const char *src, const char *line_to_add, const char *after,
			  const char *replace)
{
	FILE *in = fopen(src, "r"), *out = fopen(path, "w");
	assert_non_null(in);
	assert_non_null(out);
	char line[8192];
	uint32_t crc = 0;
	while (fgets(line, sizeof line, in)) {
		/* the fixture's lines end in CRLF (a serial capture): written with LF, the
		 * bytes the CRC covers (the reader's normalized lines) */
		char *cr = strstr(line, "\r\n");
		if (cr)
			strcpy(cr, "\n");
		if (!strncmp(line, "#! end ", 7)) {
			*strstr(line, "crc32=") = '\0';
			fprintf(out, "%scrc32=%08x\n", line, crc);
			break;
		}
		bool at = replace ? !strncmp(line, replace, strlen(replace)) : !strncmp(line, after, strlen(after));
		if (!replace || !at) {
			crc = crc32_update(crc, line, strlen(line));
			fputs(line, out);
		}
		if (at) {
			crc = crc32_update(crc, line_to_add, strlen(line_to_add));
			fputs(line_to_add, out);
		}
	}
	fclose(in);
	assert_int_equal(fclose(out), 0);
}

static void test_suspect_topology_is_written_in(void **state)
{
	(void)state;
	char path[] = "/tmp/idlebench-smtcheck-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	write_changed(path, F "qemu_pvh_tcg.csv", "#= smt_check=CPUID disagrees: 01H:EBX[23:16]=2 8000_0008 NC+1=1\n",
		      "#= smt_source=", NULL);
	commit(path, NULL);
	unlink(path);
	/* where the lines break is the other tests' business */
	for (char *c = o.out; (c = strchr(c, '\n'));)
		*c = ' ';
	assert_non_null(strstr(o.out, " Topology suspect: smt_check=CPUID disagrees: 01H:EBX[23:16]=2 8000_0008 NC+1=1. "));
}

static void test_mwait_hint_other_than_c1_is_named(void **state)
{
	(void)state;
	char path[] = "/tmp/idlebench-hint-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	write_changed(path, F "qemu_pvh_tcg.csv", "#= cmdline=modes=hlt,mwait,spin,off mwait_hint=0x20\n", NULL,
		      "#= cmdline=");
	commit(path, NULL);
	unlink(path);
	for (char *c = o.out; (c = strchr(c, '\n'));)
		*c = ' ';
	assert_non_null(strstr(o.out, " in HLT and in MWAIT(0x20) for the integer workloads"));
	assert_non_null(strstr(o.out, "(the slowdown in MWAIT(0x20) against HLT, positive = slower than HLT) (54 interleaved samples"));
	assert_null(strstr(o.out, "MWAIT-C1"));
}

static void test_no_interval_gives_no_direction_and_a_skipped_mode_is_named(void **state)
{
	(void)state;
	commit("docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261130T140438Z.csv", NULL);
	/* scipy by hand (see the top) over its 3 repetitions: int 13.73, fp -4.67; its
	 * `#! mode name=ioport status=skipped` record gives the reason */
	assert_output("On a Hygon Dhyana Processor system (2 threads/core, idlebench kernel\n"
		      "0.1.0+g6c083d8 (boot=bios), under hypervisor TCGTCGTCGTCG), no direction\n"
		      "can be stated between the SMT sibling in HLT and in MWAIT-C1 for the\n"
		      "integer workloads (geomean of 9) 13.73 % (no interval) and the\n"
		      "floating-point workloads (geomean of 9) -4.67 % (no interval) (the\n"
		      "slowdown in MWAIT-C1 against HLT, positive = slower than HLT) (54\n"
		      "interleaved samples per state over 1 boot, no per-sample residency proof\n"
		      "in these streams; no A/A control measured). One boot only: the result is\n"
		      "within this boot and says nothing about how boots differ. Measured under\n"
		      "a hypervisor (TCGTCGTCGTCG), not on bare metal: an emulator's or VM's\n"
		      "timing, not comparable with silicon's. No interval for int, fp: n/a: 3\n"
		      "blocks, need 10; the value stands alone. Not measured though the plan\n"
		      "asked for it: ioport: skipped (no C2 I/O port (no _CST SystemIO C2,\n"
		      "CStateBaseAddr or P_BLK; give c2port=)).\n");
}

/* A stream whose c2_kind says what the ioport read requests: the paragraph
 * names the core state as a request the core reaches only when all its
 * threads idle (the file is the fixture with `#= c2_kind=cc6` after its
 * machine_id, the end record's CRC recomputed). */
static void test_ioport_names_the_core_state_its_read_requests(void **state)
{
	(void)state;
	char path[] = "/tmp/idlebench-c2kind-XXXXXX";
	fixture_with_lines_after(F "linux_guest_acpi_idle.csv", "#= machine_id=", "#= c2_kind=cc6\n", path);
	commit(path, NULL);
	unlink(path);
	/* the paragraph is wrapped at 72 columns: compare with its line breaks as spaces */
	char flat[sizeof o.out];
	snprintf(flat, sizeof flat, "%s", o.out);
	for (char *c = flat; *c; c++)
		if (*c == '\n')
			*c = ' ';
	if (!strstr(flat, "in IOPORT-C2 (requests CC6, which the core reaches only when all its threads idle) for "))
		fail_msg("no request words in:\n%s", o.out);
}

/* An `idlebench linux -- COMMAND` stream names the command (linux_command). */
static void test_single_workload_names_the_command(void **state)
{
	(void)state;
	char path[] = "/tmp/idlebench-cmd-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	write_changed(path, F "linux_guest_acpi_idle.csv", "#= linux_command='busybox' 'sha256sum' '/tmp/in'\n",
		      "#= linux_cmdline=", NULL);
	commit(path, NULL);
	unlink(path);
	for (char *c = o.out; (c = strchr(c, '\n'));)
		*c = ' ';
	assert_non_null(strstr(o.out, "TCGTCGTCGTCG), no direction can be stated between the parked CPU on another core "
				      "(placement other-core) in HLT and in IOPORT-C2 for the command 'busybox' 'sha256sum' "
				      "'/tmp/in' (workload lz) 435.70 % (no interval) (the slowdown"));
}

static void test_format_text_is_the_report_and_a_bad_format_exits_2(void **state)
{
	(void)state;
	char *text[] = { "report", "--format=text", F "plan_a_boot1.csv", NULL };
	run_command(cmd_report, 3, text, NULL, &o);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "  primary result: mwait vs hlt"));
	char *bad[] = { "report", "--format=html", F "plan_a_boot1.csv", NULL };
	run_command(cmd_report, 3, bad, NULL, &o);
	assert_int_equal(o.status, 2);
	assert_non_null(strstr(o.err, "--format must be text or commit, got 'html' (the page is --html OUT.html)"));
	assert_string_equal(o.out, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_boots_give_the_boots_t_primary_result),
		cmocka_unit_test(test_one_boot_says_so),
		cmocka_unit_test(test_failed_aa_is_written_in),
		cmocka_unit_test(test_hypervisor_and_no_interval_are_written_in),
		cmocka_unit_test(test_linux_stream_names_driver_kernel_and_residency),
		cmocka_unit_test(test_sets_not_pooled_get_a_paragraph_each_with_why),
		cmocka_unit_test(test_pooled_examples_name_the_failed_boot_and_claim_no_direction),
		cmocka_unit_test(test_a_boot_that_failed_at_95_only_is_named),
		cmocka_unit_test(test_suspect_topology_is_written_in),
		cmocka_unit_test(test_mwait_hint_other_than_c1_is_named),
		cmocka_unit_test(test_no_interval_gives_no_direction_and_a_skipped_mode_is_named),
		cmocka_unit_test(test_ioport_names_the_core_state_its_read_requests),
		cmocka_unit_test(test_single_workload_names_the_command),
		cmocka_unit_test(test_format_text_is_the_report_and_a_bad_format_exits_2),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
