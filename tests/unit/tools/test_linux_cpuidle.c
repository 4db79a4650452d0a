/* `idlebench linux`'s host-testable pieces against fake sysfs trees
 * (tests/fixtures/sysfs/: AMD/Hygon acpi_idle, intel_idle, haltpoll,
 * cpuidle.off=1, SMT off, an offline sibling): topology, the state -> mode
 * mapping and the reasons a mode is missing, the restore journal (values
 * back, a pending restore refused, --restore after a crash) and the
 * per-sample proof. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "tools/linux/linux_cpuidle.h"
#include "tools/linux/linux_proof.h"
#include "tools/linux/linux_restore.h"
#include "tools/linux/linux_topology.h"

#define FIXTURES "tests/fixtures/sysfs/"

static void root_of(struct linux_root *r, const char *machine)
{
	linux_root_init(r, machine);
}

/* A writable copy of a fixture (the journal tests change it). */
static void copy_of(struct linux_root *r, const char *machine, char *dir)
{
	char cmd[600];
	strcpy(dir, "/tmp/idlebench-sysfs-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(cmd, sizeof cmd, "cp -r " FIXTURES "%s/. %s/", machine, dir);
	assert_int_equal(system(cmd), 0);
	linux_root_init(r, dir);
}

static void remove_tree(const char *dir)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

static void read_machine(const char *machine, enum placement pl, struct linux_topology *t, struct linux_cpuidle *ci)
{
	struct linux_root r;
	root_of(&r, machine);
	assert_true(linux_topology_pick(&r, -1, pl, t));
	assert_true(linux_cpuidle_read(&r, t->parked >= 0 ? t->parked : t->measured, ci));
}

static void test_cpulist_ranges_and_rejects(void **state)
{
	struct linux_cpuset s;
	(void)state;
	assert_true(linux_cpulist_parse("0-3,8,10-11\n", &s));
	assert_true(linux_cpuset_has(&s, 3) && linux_cpuset_has(&s, 8) && linux_cpuset_has(&s, 11));
	assert_false(linux_cpuset_has(&s, 4) || linux_cpuset_has(&s, 9));
	assert_int_equal(linux_cpuset_next(&s, 3), 8);
	assert_false(linux_cpulist_parse("3-1", &s));
	assert_false(linux_cpulist_parse("1,x", &s));
	assert_false(linux_cpulist_parse("4096", &s));
}

static void test_mapping_by_name_and_desc_not_index(void **state)
{
	char why[96];
	(void)state;
	assert_int_equal(linux_idle_state_mode("acpi_idle", "POLL", "CPUIDLE CORE POLL IDLE", false, why, sizeof why), IDLE_POLL);
	assert_int_equal(linux_idle_state_mode("acpi_idle", "C1", "ACPI FFH MWAIT 0x0", false, why, sizeof why), IDLE_MWAIT);
	assert_int_equal(linux_idle_state_mode("acpi_idle", "C1", "ACPI HLT", false, why, sizeof why), IDLE_HLT);
	assert_int_equal(linux_idle_state_mode("acpi_idle", "C2", "ACPI IOPORT 0x414", false, why, sizeof why), IDLE_IOPORT);
	/* a second I/O-port state is not the C2 port: by name */
	assert_int_equal(linux_idle_state_mode("acpi_idle", "C3", "ACPI IOPORT 0x415", true, why, sizeof why), IDLE_C3);
	assert_int_equal(linux_idle_state_mode("intel_idle", "C1", "MWAIT 0x00", false, why, sizeof why), IDLE_MWAIT);
	assert_int_equal(linux_idle_state_mode("intel_idle", "C1E", "MWAIT 0x01", false, why, sizeof why), IDLE_C1E);
	assert_int_equal(linux_idle_state_mode("intel_idle", "C6", "MWAIT 0x20", false, why, sizeof why), IDLE_C6);
	assert_int_equal(linux_idle_state_mode("haltpoll", "haltpoll idle", "default architecture idle", false, why, sizeof why),
			 IDLE_HLT);
	assert_int_equal(linux_idle_state_mode("intel_idle", "C7s", "MWAIT 0x33", false, why, sizeof why), IDLE_MODE_COUNT);
	assert_string_equal(why, "no idlebench mode for intel_idle state C7s (MWAIT 0x33)");
}

static void test_amd_acpi_idle_siblings_poll_mwait_ioport(void **state)
{
	struct linux_topology t;
	struct linux_cpuidle ci;
	char why[320];
	(void)state;
	read_machine(FIXTURES "amd-acpi-idle", PLACEMENT_SIBLING, &t, &ci);
	assert_int_equal(t.measured, 0);
	assert_int_equal(t.parked, 1);
	assert_string_equal(ci.driver, "acpi_idle");
	assert_int_equal(ci.count, 3);
	assert_int_equal(ci.state[0].mode, IDLE_POLL);
	assert_int_equal(ci.state[1].mode, IDLE_MWAIT);
	assert_int_equal(ci.state[2].mode, IDLE_IOPORT);
	assert_int_equal(ci.state[2].latency_us, 400);
	struct linux_root r;
	root_of(&r, FIXTURES "amd-acpi-idle");
	assert_null(linux_mode_unavailable(&r, &ci, IDLE_IOPORT, why, sizeof why));
	assert_null(linux_mode_unavailable(&r, &ci, IDLE_POLL, why, sizeof why));
}

static void test_hlt_under_acpi_idle_mwait_says_idle_nomwait(void **state)
{
	struct linux_topology t;
	struct linux_cpuidle ci;
	struct linux_root r;
	char why[320];
	(void)state;
	read_machine(FIXTURES "amd-acpi-idle", PLACEMENT_SIBLING, &t, &ci);
	root_of(&r, FIXTURES "amd-acpi-idle");
	assert_non_null(linux_mode_unavailable(&r, &ci, IDLE_HLT, why, sizeof why));
	assert_non_null(strstr(why, "C1 is MWAIT under acpi_idle"));
	assert_non_null(strstr(why, "idle=nomwait"));
	assert_non_null(linux_mode_unavailable(&r, &ci, IDLE_HLT2, why, sizeof why)); /* parks as hlt */
	/* busy needs no cpuidle state: a thread on the CPU keeps it in C0 */
	assert_null(linux_mode_unavailable(&r, &ci, IDLE_BUSY, why, sizeof why));
	ci.present = false;
	assert_null(linux_mode_unavailable(&r, &ci, IDLE_BUSY, why, sizeof why));
}

static void test_hygon_nomwait_has_hlt_not_mwait(void **state)
{
	struct linux_topology t;
	struct linux_cpuidle ci;
	struct linux_root r;
	char why[320];
	(void)state;
	read_machine(FIXTURES "hygon-acpi-idle-nomwait", PLACEMENT_SIBLING, &t, &ci);
	root_of(&r, FIXTURES "hygon-acpi-idle-nomwait");
	assert_string_equal(ci.idle_override, "nomwait");
	assert_int_equal(ci.state[1].mode, IDLE_HLT);
	assert_int_equal(ci.state[2].mode, IDLE_IOPORT);
	assert_non_null(linux_mode_unavailable(&r, &ci, IDLE_MWAIT, why, sizeof why));
	assert_non_null(strstr(why, "HLT here"));
}

static void test_intel_idle_poll_c1_c1e_c6(void **state)
{
	struct linux_topology t;
	struct linux_cpuidle ci;
	struct linux_root r;
	char why[320];
	(void)state;
	read_machine(FIXTURES "intel-idle", PLACEMENT_SIBLING, &t, &ci);
	root_of(&r, FIXTURES "intel-idle");
	assert_int_equal(ci.count, 4);
	assert_int_equal(ci.state[0].mode, IDLE_POLL);
	assert_int_equal(ci.state[1].mode, IDLE_MWAIT);
	assert_int_equal(ci.state[2].mode, IDLE_C1E);
	assert_int_equal(ci.state[3].mode, IDLE_C6);
	assert_int_equal(linux_cpuidle_state_of(&ci, IDLE_C6), 3);
	assert_non_null(linux_mode_unavailable(&r, &ci, IDLE_IOPORT, why, sizeof why));
	assert_non_null(strstr(why, "intel_idle.max_cstate=0"));
	assert_non_null(linux_mode_unavailable(&r, &ci, IDLE_HLT, why, sizeof why));
	assert_non_null(strstr(why, "intel_idle"));
}

static void test_haltpoll_vm_no_sibling_other_core_runs(void **state)
{
	struct linux_topology t;
	struct linux_cpuidle ci;
	struct linux_root r;
	char why[320];
	(void)state;
	read_machine(FIXTURES "haltpoll", PLACEMENT_SIBLING, &t, &ci);
	assert_int_equal(t.parked, -1);
	assert_non_null(strstr(t.why, "notsupported"));
	read_machine(FIXTURES "haltpoll", PLACEMENT_OTHER_CORE, &t, &ci);
	root_of(&r, FIXTURES "haltpoll");
	assert_int_equal(t.measured, 0);
	assert_int_equal(t.parked, 1);
	assert_int_equal(ci.state[0].mode, IDLE_POLL);
	assert_int_equal(ci.state[1].mode, IDLE_HLT);
	assert_null(linux_mode_unavailable(&r, &ci, IDLE_HLT, why, sizeof why));
	assert_null(linux_mode_unavailable(&r, &ci, IDLE_POLL, why, sizeof why));
	assert_non_null(linux_mode_unavailable(&r, &ci, IDLE_MWAIT, why, sizeof why));
	assert_non_null(strstr(why, "haltpoll"));
}

static void test_cpuidle_off_says_the_boot_option(void **state)
{
	struct linux_topology t;
	struct linux_cpuidle ci;
	struct linux_root r;
	char why[320];
	(void)state;
	read_machine(FIXTURES "cpuidle-off", PLACEMENT_SIBLING, &t, &ci);
	root_of(&r, FIXTURES "cpuidle-off");
	assert_int_equal(t.parked, 1);
	assert_false(ci.present);
	assert_non_null(linux_mode_unavailable(&r, &ci, IDLE_HLT, why, sizeof why));
	assert_non_null(strstr(why, "cpuidle.off=1"));
}

static void test_smt_off_and_offline_sibling_reasons(void **state)
{
	struct linux_topology t;
	struct linux_cpuidle ci;
	(void)state;
	read_machine(FIXTURES "smt-off", PLACEMENT_SIBLING, &t, &ci);
	assert_int_equal(t.parked, -1);
	assert_non_null(strstr(t.why, "smt/control=off"));
	read_machine(FIXTURES "smt-off", PLACEMENT_OTHER_CORE, &t, &ci);
	assert_int_equal(t.parked, 1);
	read_machine(FIXTURES "offline-sibling", PLACEMENT_SIBLING, &t, &ci);
	assert_int_equal(t.parked, -1);
	assert_non_null(strstr(t.why, "offline"));
}

static void test_journal_restores_and_refuses_while_pending(void **state)
{
	struct linux_root r;
	struct linux_journal j;
	char dir[64], why[600], v[16];
	const char *p = "/sys/devices/system/cpu/cpu1/cpuidle/state1/disable";
	(void)state;
	copy_of(&r, "amd-acpi-idle", dir);
	assert_true(linux_journal_begin(&j, &r, why, sizeof why));
	assert_true(linux_journal_set(&j, &r, p, "1", why, sizeof why));
	assert_true(linux_journal_set(&j, &r, p, "0", why, sizeof why)); /* saved once: the original stays 0 */
	assert_true(linux_journal_set(&j, &r, p, "1", why, sizeof why));
	assert_true(linux_read_line(&r, p, v, sizeof v));
	assert_string_equal(v, "1");
	struct linux_journal second;
	assert_false(linux_journal_begin(&second, &r, why, sizeof why));
	assert_non_null(strstr(why, "a restore is pending"));
	assert_int_equal(linux_journal_restore(&j), 0);
	assert_true(linux_read_line(&r, p, v, sizeof v));
	assert_string_equal(v, "0");
	assert_false(linux_exists(&r, "/run/idlebench-linux.restore"));
	remove_tree(dir);
}

/* A run journals every value it changes on all its parked CPUs: with
 * LINUX_PARKED_MAX CPUs of LINUX_IDLE_STATES_MAX states each, a disable per
 * state, online and the QoS limit per CPU, and the governor (49 values).
 * Each is saved and put back. Fails on the old journal, sized for one
 * CPU's (32): the 33rd set was refused as "the restore journal is full". */
static void test_journal_holds_every_value_of_all_parked_cpus(void **state)
{
	struct linux_root r;
	struct linux_journal j;
	char dir[64], why[600], v[16], path[64], full[128];
	size_t n = LINUX_PARKED_MAX * (LINUX_IDLE_STATES_MAX + 2) + 1;
	(void)state;
	copy_of(&r, "amd-acpi-idle", dir);
	for (size_t k = 0; k < n; k++) {
		snprintf(full, sizeof full, "%s/value%zu", dir, k);
		FILE *f = fopen(full, "w");
		assert_non_null(f);
		fputs("0\n", f);
		fclose(f);
	}
	assert_true(linux_journal_begin(&j, &r, why, sizeof why));
	for (size_t k = 0; k < n; k++) {
		snprintf(path, sizeof path, "/value%zu", k);
		if (!linux_journal_set(&j, &r, path, "1", why, sizeof why))
			fail_msg("value %zu of %zu: %s", k + 1, n, why);
	}
	assert_int_equal(linux_journal_restore(&j), 0);
	for (size_t k = 0; k < n; k++) {
		snprintf(path, sizeof path, "/value%zu", k);
		assert_true(linux_read_line(&r, path, v, sizeof v));
		assert_string_equal(v, "0");
	}
	remove_tree(dir);
}

static void test_restore_file_after_a_crash(void **state)
{
	struct linux_root r;
	struct linux_journal j;
	char dir[64], why[600], v[16];
	const char *a = "/sys/devices/system/cpu/cpu1/cpuidle/state0/disable";
	const char *b = "/sys/devices/system/cpu/cpu1/cpuidle/state2/disable";
	(void)state;
	copy_of(&r, "amd-acpi-idle", dir);
	assert_true(linux_journal_begin(&j, &r, why, sizeof why));
	assert_true(linux_journal_set(&j, &r, a, "1", why, sizeof why));
	assert_true(linux_journal_set(&j, &r, b, "1", why, sizeof why));
	/* the process dies here: only the file remains */
	FILE *out = tmpfile();
	assert_int_equal(linux_journal_restore_file(&r, out), 0);
	fclose(out);
	assert_true(linux_read_line(&r, a, v, sizeof v));
	assert_string_equal(v, "0");
	assert_true(linux_read_line(&r, b, v, sizeof v));
	assert_string_equal(v, "0");
	assert_false(linux_exists(&r, "/run/idlebench-linux.restore"));
	assert_true(linux_journal_begin(&j, &r, why, sizeof why)); /* no longer pending */
	assert_int_equal(linux_journal_restore(&j), 0);
	remove_tree(dir);
}

static void test_proof_ok_busy_other_state(void **state)
{
	uint64_t u0[3] = { 5, 10, 0 }, t0[3] = { 0, 1000, 0 };
	uint64_t u1[3] = { 5, 13, 0 }, t1[3] = { 0, 2900, 0 };
	struct linux_proof p;
	(void)state;
	/* 1.9 ms of 2 ms in the state, 3 exits (one the closing wake-up) */
	linux_proof_judge(u0, t0, u1, t1, 3, 1, 2000000, &p);
	assert_int_equal(p.verdict, PROOF_OK);
	assert_int_equal(p.wakeups, 2);
	assert_true(p.c0_pct > 4.9 && p.c0_pct < 5.1);
	/* only 0.5 ms idle: a task ran */
	t1[1] = 1500;
	linux_proof_judge(u0, t0, u1, t1, 3, 1, 2000000, &p);
	assert_int_equal(p.verdict, PROOF_BUSY);
	/* no exit at all across the closing wake-up: busy the whole window */
	linux_proof_judge(u0, t0, u0, t0, 3, 1, 2000000, &p);
	assert_int_equal(p.verdict, PROOF_BUSY);
	assert_true(p.c0_pct > 99.9);
	/* another state entered */
	t1[1] = 2900;
	u1[2] = 1;
	linux_proof_judge(u0, t0, u1, t1, 3, 1, 2000000, &p);
	assert_int_equal(p.verdict, PROOF_OTHER_STATE);
	assert_string_equal(linux_proof_verdict_name(p.verdict), "other_state");
}

/* A tree of 2 cores x 2 threads (cpu0/cpu1, cpu2/cpu3), cpu3 offline:
 * the layout of the guest test's -smp 3 of 4 and of a small SMT2 host. */
static void two_core_tree(struct linux_root *r, char *dir)
{
	static const char *const files[][2] = {
		{ "online", "0-2" },
		{ "smt/control", "on" },
		{ "cpu0/topology/core_cpus_list", "0-1" },
		{ "cpu1/topology/core_cpus_list", "0-1" },
		{ "cpu2/topology/core_cpus_list", "2-3" },
	};
	char cmd[900];
	strcpy(dir, "/tmp/idlebench-sysfs-XXXXXX");
	assert_non_null(mkdtemp(dir));
	for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
		snprintf(cmd, sizeof cmd, "f=%s/sys/devices/system/cpu/%s; mkdir -p $(dirname $f) && echo %s >$f", dir,
			 files[k][0], files[k][1]);
		assert_int_equal(system(cmd), 0);
	}
	linux_root_init(r, dir);
}

/* placement=both parks the sibling and the other core's CPU, the sibling
 * first (the kernel's placement=both); sibling and other-core one each.
 * Fails on a topology that knows one parked CPU only. */
static void test_both_parks_sibling_and_other_core(void **state)
{
	struct linux_root r;
	struct linux_topology t;
	char dir[64], text[64];
	(void)state;
	two_core_tree(&r, dir);
	assert_true(linux_topology_pick(&r, -1, PLACEMENT_BOTH, &t));
	assert_int_equal(t.measured, 0);
	assert_int_equal(t.parked_count, 2);
	assert_int_equal(t.parked_cpus[0], 1);
	assert_int_equal(t.parked_cpus[1], 2);
	assert_int_equal(t.parked, 1);
	linux_topology_parked_text(&t, text, sizeof text);
	assert_string_equal(text, "1,2");
	assert_true(linux_topology_pick(&r, -1, PLACEMENT_SIBLING, &t));
	assert_int_equal(t.parked_count, 1);
	assert_int_equal(t.parked_cpus[0], 1);
	assert_true(linux_topology_pick(&r, 2, PLACEMENT_OTHER_CORE, &t));
	assert_int_equal(t.parked_count, 1);
	assert_int_equal(t.parked_cpus[0], 0);
	/* cpu2's sibling is offline: both names the missing sibling, never parks the other core alone */
	assert_true(linux_topology_pick(&r, 2, PLACEMENT_BOTH, &t));
	assert_int_equal(t.parked, -1);
	assert_int_equal(t.parked_count, 0);
	assert_non_null(strstr(t.why, "placement=both parks the sibling and another core's CPU: cpu2 has no online SMT sibling"));
	remove_tree(dir);
}

/* With no CPU outside the core (the amd-acpi-idle tree: one core), both
 * parks nothing and says so. */
static void test_both_without_another_core_parks_nothing(void **state)
{
	struct linux_topology t;
	struct linux_root r;
	(void)state;
	root_of(&r, FIXTURES "amd-acpi-idle");
	assert_true(linux_topology_pick(&r, -1, PLACEMENT_BOTH, &t));
	assert_int_equal(t.parked, -1);
	assert_int_equal(t.parked_count, 0);
	assert_string_equal(t.why, "no online CPU outside cpu0's core for placement=both");
}

/* A sample over two parked CPUs holds only when both proofs do; the
 * verdict and index are the first failing CPU's, c0 the highest. Fails
 * on a combination that keeps the first CPU's proof. */
static void test_proof_combined_over_parked_cpus(void **state)
{
	struct linux_proof each[2] = { { PROOF_OK, 3.0, 4, 0 }, { PROOF_OK, 1.0, 2, 0 } }, p;
	int failed;
	(void)state;
	linux_proof_combine(each, 2, &p, &failed);
	assert_int_equal(p.verdict, PROOF_OK);
	assert_int_equal(failed, -1);
	assert_true(p.c0_pct > 2.9 && p.c0_pct < 3.1);
	assert_int_equal(p.wakeups, 6);
	each[1] = (struct linux_proof){ PROOF_BUSY, 70.0, 1, 0 };
	linux_proof_combine(each, 2, &p, &failed);
	assert_int_equal(p.verdict, PROOF_BUSY);
	assert_int_equal(failed, 1);
	assert_true(p.c0_pct > 69.9);
	each[0] = (struct linux_proof){ PROOF_OTHER_STATE, 2.0, 1, 3 };
	linux_proof_combine(each, 2, &p, &failed);
	assert_int_equal(p.verdict, PROOF_OTHER_STATE);
	assert_int_equal(failed, 0);
	assert_int_equal(p.other_usage, 3);
	linux_proof_combine(each, 1, &p, &failed); /* one parked CPU: its own proof */
	assert_int_equal(p.verdict, PROOF_OTHER_STATE);
	assert_int_equal(failed, 0);
}

/* Parked CPUs whose states differ cannot take one mode as one stateK. */
static void test_parked_cpus_must_offer_the_same_states(void **state)
{
	struct linux_topology t;
	struct linux_cpuidle a, b;
	char why[320];
	(void)state;
	read_machine(FIXTURES "amd-acpi-idle", PLACEMENT_SIBLING, &t, &a);
	b = a;
	b.cpu = 2;
	assert_true(linux_cpuidle_same_states(&a, &b, why, sizeof why));
	snprintf(b.state[1].desc, sizeof b.state[1].desc, "ACPI HLT");
	assert_false(linux_cpuidle_same_states(&a, &b, why, sizeof why));
	assert_string_equal(why, "state1 is C1 (ACPI FFH MWAIT 0x0) on cpu1 but C1 (ACPI HLT) on cpu2: the parked CPUs "
				 "must offer the same states");
	b.count = 2;
	assert_false(linux_cpuidle_same_states(&a, &b, why, sizeof why));
}

/* linux_c1: how the boot enters C1, from the states' descs: FFH MWAIT
 * (acpi_idle) and MWAIT 0x00 (intel_idle) are mwait, ACPI HLT (the
 * idle=nomwait boot) and haltpoll's state hlt, no cpuidle none. Fails on
 * the old code, which records only the idle= word. */
static void test_c1_entry_mwait_hlt_none_per_boot(void **state)
{
	static const struct {
		const char *machine;
		enum placement pl;
		const char *c1;
	} cases[] = {
		{ "amd-acpi-idle", PLACEMENT_SIBLING, "mwait" },
		{ "hygon-acpi-idle-nomwait", PLACEMENT_SIBLING, "hlt" },
		{ "intel-idle", PLACEMENT_SIBLING, "mwait" },
		{ "haltpoll", PLACEMENT_OTHER_CORE, "hlt" },
		{ "cpuidle-off", PLACEMENT_SIBLING, "none" },
	};
	(void)state;
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct linux_topology t;
		struct linux_cpuidle ci;
		char path[128];
		snprintf(path, sizeof path, FIXTURES "%s", cases[k].machine);
		read_machine(path, cases[k].pl, &t, &ci);
		assert_string_equal(linux_c1_entry(&ci), cases[k].c1);
	}
}

/* A _CST whose C1 is FFH MWAIT with another hint ("ACPI FFH MWAIT 0x1",
 * mode c1e) still enters C1 with MWAIT: linux_c1 is mwait, not none. The
 * same desc on a state not named C1 (a C2) does not make C1 MWAIT. Fails
 * on the old code, which looked only for a state mapped to mwait. */
static void test_c1_entry_any_mwait_hint_on_c1_is_mwait(void **state)
{
	struct linux_topology t;
	struct linux_cpuidle ci;
	char why[160];
	(void)state;
	read_machine(FIXTURES "amd-acpi-idle", PLACEMENT_SIBLING, &t, &ci);
	assert_string_equal(ci.state[1].name, "C1");
	snprintf(ci.state[1].desc, sizeof ci.state[1].desc, "ACPI FFH MWAIT 0x1");
	ci.state[1].mode = linux_idle_state_mode("acpi_idle", "C1", ci.state[1].desc, false, why, sizeof why);
	assert_int_equal(ci.state[1].mode, IDLE_C1E);
	assert_string_equal(linux_c1_entry(&ci), "mwait");
	snprintf(ci.state[1].name, sizeof ci.state[1].name, "C2");
	assert_string_equal(linux_c1_entry(&ci), "none");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpulist_ranges_and_rejects),
		cmocka_unit_test(test_mapping_by_name_and_desc_not_index),
		cmocka_unit_test(test_amd_acpi_idle_siblings_poll_mwait_ioport),
		cmocka_unit_test(test_hlt_under_acpi_idle_mwait_says_idle_nomwait),
		cmocka_unit_test(test_hygon_nomwait_has_hlt_not_mwait),
		cmocka_unit_test(test_intel_idle_poll_c1_c1e_c6),
		cmocka_unit_test(test_haltpoll_vm_no_sibling_other_core_runs),
		cmocka_unit_test(test_cpuidle_off_says_the_boot_option),
		cmocka_unit_test(test_smt_off_and_offline_sibling_reasons),
		cmocka_unit_test(test_journal_restores_and_refuses_while_pending),
		cmocka_unit_test(test_journal_holds_every_value_of_all_parked_cpus),
		cmocka_unit_test(test_restore_file_after_a_crash),
		cmocka_unit_test(test_proof_ok_busy_other_state),
		cmocka_unit_test(test_both_parks_sibling_and_other_core),
		cmocka_unit_test(test_both_without_another_core_parks_nothing),
		cmocka_unit_test(test_proof_combined_over_parked_cpus),
		cmocka_unit_test(test_parked_cpus_must_offer_the_same_states),
		cmocka_unit_test(test_c1_entry_mwait_hlt_none_per_boot),
		cmocka_unit_test(test_c1_entry_any_mwait_hint_on_c1_is_mwait),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
