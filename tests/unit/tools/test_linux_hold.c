/* Holding the parked CPU's state beyond `disable` (tools/linux/linux_hold.h):
 * the QoS limit per state, and which governor can hold which state, on the
 * fake haltpoll and acpi_idle trees (tests/fixtures/sysfs/). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "tools/linux/linux_hold.h"

#define FIXTURES "tests/fixtures/sysfs/"

static void read_tree(const char *machine, struct linux_cpuidle *ci)
{
	struct linux_root r;
	linux_root_init(&r, machine);
	assert_true(linux_cpuidle_read(&r, 1, ci));
}

/* POLL: n/a (a limit of 0 makes every governor pick state 0); a deeper
 * state: 0 only where the limit found forbids it. */
static void test_qos_na_for_poll_zero_only_where_the_limit_forbids(void **state)
{
	(void)state;
	struct linux_cpuidle ci;
	read_tree(FIXTURES "amd-acpi-idle", &ci); /* POLL, C1 1 us, C2 IOPORT 400 us */
	assert_string_equal(ci.state[0].name, "POLL");
	assert_string_equal(linux_hold_qos(&ci, 0, "0"), "n/a");
	assert_string_equal(linux_hold_qos(&ci, 0, "50"), "n/a");
	assert_null(linux_hold_qos(&ci, 0, "n/a"));
	assert_null(linux_hold_qos(&ci, 1, "0"));
	assert_string_equal(linux_hold_qos(&ci, 1, "n/a"), "0");
	assert_null(linux_hold_qos(&ci, 2, "400"));
	assert_string_equal(linux_hold_qos(&ci, 2, "399"), "0");
	assert_null(linux_hold_qos(&ci, 1, "399"));
	assert_string_equal(linux_hold_qos(&ci, 2, "garbage"), "0");
	assert_null(linux_hold_qos(&ci, 7, "0"));
}

/* haltpoll ignores disable: state 0 (with the limit 0), state 1 only when
 * its poll window is 0; ladder never beyond state 1; menu and teo all. */
static void test_which_governor_holds_which_state(void **state)
{
	(void)state;
	assert_true(linux_hold_governor_holds("haltpoll", 0, 200000));
	assert_true(linux_hold_governor_holds("haltpoll", 1, 0));
	assert_false(linux_hold_governor_holds("haltpoll", 1, 200000));
	assert_false(linux_hold_governor_holds("haltpoll", 1, -1));
	assert_false(linux_hold_governor_holds("haltpoll", 2, 0));
	assert_true(linux_hold_governor_holds("ladder", 1, -1));
	assert_false(linux_hold_governor_holds("ladder", 2, -1));
	assert_true(linux_hold_governor_holds("menu", 5, -1));
	assert_true(linux_hold_governor_holds("teo", 5, -1));
}

/* The CI VM's haltpoll tree: with guest_halt_poll_ns 0 nothing changes;
 * with a poll window the run needs menu (listed), and says why; ladder
 * with C2 needs menu; no candidate listed: NULL with the reason. */
static void test_governor_switch_only_when_needed(void **state)
{
	(void)state;
	struct linux_cpuidle ci;
	char why[320] = "";
	read_tree(FIXTURES "haltpoll", &ci);
	assert_string_equal(ci.governor, "haltpoll");
	assert_string_equal(ci.available_governors, "ladder menu haltpoll ");
	assert_null(linux_hold_governor(ci.governor, ci.available_governors, 0x3, 0, why, sizeof why));
	assert_string_equal(why, "");
	assert_string_equal(linux_hold_governor(ci.governor, ci.available_governors, 0x3, 200000, why, sizeof why), "menu");
	assert_non_null(strstr(why, "the haltpoll governor cannot hold state1"));
	assert_null(linux_hold_governor(ci.governor, ci.available_governors, 0x1, 200000, why, sizeof why));
	assert_string_equal(linux_hold_governor("ladder", "ladder menu ", 0x7, -1, why, sizeof why), "menu");
	assert_null(linux_hold_governor("ladder", "ladder menu", 0x3, -1, why, sizeof why));
	why[0] = '\0';
	assert_null(linux_hold_governor("haltpoll", "haltpoll menuet", 0x2, 5, why, sizeof why));
	assert_non_null(strstr(why, "no governor that does is available (haltpoll menuet)"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_qos_na_for_poll_zero_only_where_the_limit_forbids),
		cmocka_unit_test(test_which_governor_holds_which_state),
		cmocka_unit_test(test_governor_switch_only_when_needed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
