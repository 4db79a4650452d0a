/* The idle-mode table and the `modes=` list parser (core/sibling/idle_mode.c).
 * The names are a contract shared by the command line, the CSV and the report,
 * so they are checked letter for letter and in order; the parser is checked
 * for every way a list can be wrong, for the error text (names the offending
 * item, lists the valid modes) and for staying inside the caller's buffer at
 * every size. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "core/sibling/idle_mode.h"

/* The kernel offers the first eight modes; the rest are `idlebench linux`'s. */
#define ALL_MODES_MASK ((1u << IDLE_POLL) - 1)
#define VALID_LIST "valid modes: hlt,mwait,ioport,spin,off,hlt2,spike,busy"
#define SENTINEL_MASK 0xA5A5A5A5u

/* The contract: these names, in this order (enum order = run order). */
static const char *const contract_names[] = { "hlt", "mwait", "ioport", "spin", "off", "hlt2", "spike",
					      "busy", "poll", "c1e", "c3", "c6", "offline" };

/* Parse list, expecting success, and return the mask. */
static uint32_t parse_ok(const char *list)
{
	char err[160];
	uint32_t mask = SENTINEL_MASK;
	const char *why = idle_modes_parse(list, &mask, err, sizeof err);

	if (why)
		fail_msg("'%s' rejected: %s", list, why);
	return mask;
}

/* Parse list, expecting the exact reason want; the mask must stay untouched. */
static void assert_parse_fails(const char *list, const char *want)
{
	char err[160];
	uint32_t mask = SENTINEL_MASK;
	const char *why = idle_modes_parse(list, &mask, err, sizeof err);

	assert_non_null(why);
	assert_ptr_equal(why, err);
	assert_string_equal(why, want);
	assert_int_equal(mask, SENTINEL_MASK);
}

static void test_table_names_are_the_contract_in_order(void **state)
{
	(void)state;
	assert_int_equal(IDLE_MODE_COUNT, sizeof contract_names / sizeof contract_names[0]);
	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		assert_string_equal(idle_modes[m].name, contract_names[m]);
	assert_int_equal(IDLE_HLT, 0);
	assert_int_equal(IDLE_MWAIT, 1);
	assert_int_equal(IDLE_IOPORT, 2);
	assert_int_equal(IDLE_SPIN, 3);
	assert_int_equal(IDLE_OFF, 4);
	assert_int_equal(IDLE_HLT2, 5);
	assert_int_equal(IDLE_SPIKE, 6);
	assert_int_equal(IDLE_BUSY, 7);
	assert_int_equal(IDLE_POLL, 8);
	assert_int_equal(IDLE_OFFLINE, 12);
}

/* The A/A and spike controls park their CPUs in hlt and differ only in the
 * measurement: the spike-in runs exactly 1 % more iterations than it counts.
 * busy is a control with its own state (the parked CPU computes), never
 * meant to idle, and offered by both front ends. */
static void test_controls_park_as_hlt_and_only_spike_adds_work(void **state)
{
	(void)state;
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		bool hlt_control = m == IDLE_HLT2 || m == IDLE_SPIKE;
		assert_int_equal(idle_mode_is_control((enum idle_mode)m), hlt_control || m == IDLE_BUSY);
		assert_int_equal(idle_modes[m].parks_as, hlt_control ? IDLE_HLT : m);
		assert_int_equal(idle_modes[m].extra_work_pct, m == IDLE_SPIKE ? 1 : 0);
	}
	assert_int_equal(IDLE_HLT_CONTROL_MASK, (1u << IDLE_HLT2) | (1u << IDLE_SPIKE));
	assert_int_equal(IDLE_CONTROL_MASK, (1u << IDLE_HLT2) | (1u << IDLE_SPIKE) | (1u << IDLE_BUSY));
	assert_false(idle_modes[IDLE_BUSY].idles);
	assert_int_equal(idle_modes[IDLE_BUSY].wake, IDLE_WAKE_STORE); /* it polls the mailbox between rounds */
	assert_int_equal(idle_modes[IDLE_BUSY].where, IDLE_IN_KERNEL | IDLE_IN_LINUX);
	assert_int_equal(parse_ok("hlt,busy"), (1u << IDLE_HLT) | (1u << IDLE_BUSY));
	assert_null(idle_modes_validate_linux("hlt,busy"));
}

static void test_table_names_are_unique_lowercase_and_comma_free(void **state)
{
	(void)state;
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		const char *n = idle_modes[m].name;
		assert_non_null(n);
		assert_true(n[0] != '\0');
		for (const char *c = n; *c; c++)
			assert_true((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9'));
		for (int k = m + 1; k < IDLE_MODE_COUNT; k++)
			assert_string_not_equal(n, idle_modes[k].name);
		assert_non_null(idle_modes[m].summary);
		assert_true(idle_modes[m].summary[0] != '\0');
	}
}

/* HLT and the C2 port read sleep until an interrupt, MWAIT wakes on the store
 * to the monitored line and spin polls it; off is only left by INIT-SIPI-SIPI. */
static void test_wake_method_of_each_mode(void **state)
{
	(void)state;
	assert_int_equal(idle_modes[IDLE_HLT].wake, IDLE_WAKE_IPI);
	assert_int_equal(idle_modes[IDLE_MWAIT].wake, IDLE_WAKE_STORE);
	assert_int_equal(idle_modes[IDLE_IOPORT].wake, IDLE_WAKE_IPI);
	assert_int_equal(idle_modes[IDLE_SPIN].wake, IDLE_WAKE_STORE);
	assert_int_equal(idle_modes[IDLE_OFF].wake, IDLE_WAKE_RESTART);
	assert_int_equal(idle_modes[IDLE_HLT2].wake, IDLE_WAKE_IPI);
	assert_int_equal(idle_modes[IDLE_SPIKE].wake, IDLE_WAKE_IPI);
}

static void test_default_list_is_every_table_name_and_parses_to_all_modes(void **state)
{
	char joined[128] = "";

	(void)state;
	for (int m = 0; m < IDLE_POLL; m++) {
		if (m)
			strcat(joined, ",");
		strcat(joined, idle_modes[m].name);
	}
	assert_string_equal(IDLE_MODES_DEFAULT, joined);
	assert_int_equal(parse_ok(IDLE_MODES_DEFAULT), ALL_MODES_MASK);
	assert_null(idle_modes_validate(IDLE_MODES_DEFAULT));
}

static void test_from_name_matches_exact_length_bounded_names_only(void **state)
{
	(void)state;
	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		assert_int_equal(idle_mode_from_name(contract_names[m], strlen(contract_names[m])), m);
	/* len bounds the name: the rest of a comma list is not part of it */
	assert_int_equal(idle_mode_from_name("hlt,spin", 3), IDLE_HLT);
	assert_int_equal(idle_mode_from_name("spinach", 4), IDLE_SPIN);
	assert_int_equal(idle_mode_from_name("spinach", 7), IDLE_MODE_COUNT);
	assert_int_equal(idle_mode_from_name("hl", 2), IDLE_MODE_COUNT);
	assert_int_equal(idle_mode_from_name("hlt", 2), IDLE_MODE_COUNT);
	assert_int_equal(idle_mode_from_name("", 0), IDLE_MODE_COUNT);
	assert_int_equal(idle_mode_from_name("HLT", 3), IDLE_MODE_COUNT);
	assert_int_equal(idle_mode_from_name("Off", 3), IDLE_MODE_COUNT);
}

static void test_single_mode_sets_its_own_bit(void **state)
{
	(void)state;
	for (int m = 0; m < IDLE_POLL; m++)
		assert_int_equal(parse_ok(contract_names[m]), 1u << m);
}

/* Each front end offers its own modes: the kernel has no cpuidle states and
 * Linux neither spins a sibling nor sends it INIT; the shared ones are the
 * hardware idle instructions and the controls. */
static void test_each_front_end_offers_its_modes_only(void **state)
{
	char err[200];
	uint32_t mask = 0;

	(void)state;
	assert_int_equal(idle_modes_offered(IDLE_IN_KERNEL), ALL_MODES_MASK);
	assert_int_equal(idle_modes_offered(IDLE_IN_LINUX),
			 (1u << IDLE_HLT) | (1u << IDLE_MWAIT) | (1u << IDLE_IOPORT) | (1u << IDLE_HLT2) |
				 (1u << IDLE_SPIKE) | (1u << IDLE_BUSY) | (1u << IDLE_POLL) | (1u << IDLE_C1E) | (1u << IDLE_C3) |
				 (1u << IDLE_C6) | (1u << IDLE_OFFLINE));
	assert_parse_fails("poll", "unknown mode 'poll'; " VALID_LIST);
	assert_parse_fails("hlt,offline", "unknown mode 'offline'; " VALID_LIST);
	assert_null(idle_modes_parse_in("poll,hlt,c6,offline", IDLE_IN_LINUX, &mask, err, sizeof err));
	assert_int_equal(mask, (1u << IDLE_POLL) | (1u << IDLE_HLT) | (1u << IDLE_C6) | (1u << IDLE_OFFLINE));
	assert_non_null(idle_modes_parse_in("hlt,spin", IDLE_IN_LINUX, &mask, err, sizeof err));
	assert_string_equal(err, "unknown mode 'spin'; valid modes: hlt,mwait,ioport,hlt2,spike,busy,poll,c1e,c3,c6,offline");
	assert_non_null(idle_modes_validate_linux("off"));
	assert_null(idle_modes_validate_linux("poll,hlt"));
}

static void test_several_modes_set_their_bits_in_any_order(void **state)
{
	(void)state;
	assert_int_equal(parse_ok("hlt,mwait"), (1u << IDLE_HLT) | (1u << IDLE_MWAIT));
	assert_int_equal(parse_ok("spin,hlt"), (1u << IDLE_HLT) | (1u << IDLE_SPIN));
	assert_int_equal(parse_ok("off,ioport,mwait"),
			 (1u << IDLE_OFF) | (1u << IDLE_IOPORT) | (1u << IDLE_MWAIT));
	assert_int_equal(parse_ok("busy,spike,hlt2,off,spin,ioport,mwait,hlt"), ALL_MODES_MASK);
}

static void test_unknown_mode_is_named_with_the_valid_list(void **state)
{
	(void)state;
	assert_parse_fails("c6", "unknown mode 'c6'; " VALID_LIST);
	assert_parse_fails("hlt,c6,spin", "unknown mode 'c6'; " VALID_LIST);
	assert_parse_fails("hlt,spin,mwait2", "unknown mode 'mwait2'; " VALID_LIST);
	assert_parse_fails("hlt ", "unknown mode 'hlt '; " VALID_LIST);
	assert_parse_fails(" hlt", "unknown mode ' hlt'; " VALID_LIST);
	assert_parse_fails("hlt;spin", "unknown mode 'hlt;spin'; " VALID_LIST);
}

static void test_prefix_or_extension_of_a_name_is_unknown(void **state)
{
	(void)state;
	assert_parse_fails("hl", "unknown mode 'hl'; " VALID_LIST);
	assert_parse_fails("mwai", "unknown mode 'mwai'; " VALID_LIST);
	assert_parse_fails("o", "unknown mode 'o'; " VALID_LIST);
	assert_parse_fails("hltt", "unknown mode 'hltt'; " VALID_LIST);
	assert_parse_fails("spin,offf", "unknown mode 'offf'; " VALID_LIST);
}

static void test_names_are_case_sensitive(void **state)
{
	(void)state;
	assert_parse_fails("HLT", "unknown mode 'HLT'; " VALID_LIST);
	assert_parse_fails("hlt,Mwait", "unknown mode 'Mwait'; " VALID_LIST);
	assert_non_null(idle_modes_validate("SPIN"));
}

static void test_repeated_mode_is_rejected(void **state)
{
	(void)state;
	assert_parse_fails("hlt,hlt", "mode given twice: 'hlt'; " VALID_LIST);
	assert_parse_fails("spin,hlt,off,spin", "mode given twice: 'spin'; " VALID_LIST);
	assert_parse_fails(IDLE_MODES_DEFAULT ",mwait", "mode given twice: 'mwait'; " VALID_LIST);
}

/* An empty item quotes the whole list: the item itself would print as ''. */
static void test_empty_list_and_empty_items_are_rejected(void **state)
{
	(void)state;
	assert_parse_fails("", "empty item in ''; " VALID_LIST);
	assert_parse_fails(",", "empty item in ','; " VALID_LIST);
	assert_parse_fails(",hlt", "empty item in ',hlt'; " VALID_LIST);
	assert_parse_fails("hlt,", "empty item in 'hlt,'; " VALID_LIST);
	assert_parse_fails("hlt,,spin", "empty item in 'hlt,,spin'; " VALID_LIST);
	assert_parse_fails("hlt,spin,,", "empty item in 'hlt,spin,,'; " VALID_LIST);
}

/* The first fault in the list is the one reported. */
static void test_first_fault_in_the_list_is_reported(void **state)
{
	(void)state;
	assert_parse_fails("nope,hlt,hlt", "unknown mode 'nope'; " VALID_LIST);
	assert_parse_fails("hlt,hlt,nope", "mode given twice: 'hlt'; " VALID_LIST);
	assert_parse_fails("hlt,,nope", "empty item in 'hlt,,nope'; " VALID_LIST);
}

/* At every buffer size from 1 to past the full text: the reason is the full
 * text's prefix, NUL-terminated, and not one byte past size is written. Size
 * 0 writes nothing and still reports the failure. */
static void test_error_text_truncates_inside_any_buffer(void **state)
{
	const char *list = "hlt,unknown-mode-with-a-long-name";
	char full[160], buf[200];
	uint32_t mask = SENTINEL_MASK;

	(void)state;
	assert_non_null(idle_modes_parse(list, &mask, full, sizeof full));
	size_t len = strlen(full);
	assert_true(len > 40 && len + 2 < sizeof full);
	for (size_t size = 0; size <= len + 2; size++) {
		memset(buf, 0x5A, sizeof buf);
		const char *why = idle_modes_parse(list, &mask, buf, size);
		assert_ptr_equal(why, buf);
		if (size) {
			size_t keep = len < size - 1 ? len : size - 1;
			assert_memory_equal(buf, full, keep);
			assert_int_equal(buf[keep], '\0');
		}
		for (size_t i = size; i < sizeof buf; i++)
			assert_int_equal((unsigned char)buf[i], 0x5A);
		assert_int_equal(mask, SENTINEL_MASK);
	}
	memset(buf, 0x5A, sizeof buf);
	assert_non_null(idle_modes_parse("", &mask, buf, 1));
	assert_string_equal(buf, "");
	assert_int_equal((unsigned char)buf[1], 0x5A);
}

/* An item longer than the error buffer: the quote is cut, never overrun. */
static void test_overlong_item_is_cut_in_the_error_text(void **state)
{
	char list[1024], err[64 + 1];
	uint32_t mask = SENTINEL_MASK;

	(void)state;
	memset(list, 'x', sizeof list - 1);
	list[sizeof list - 1] = '\0';
	err[64] = 0x5A;
	assert_non_null(idle_modes_parse(list, &mask, err, 64));
	assert_int_equal(strlen(err), 63);
	assert_memory_equal(err, "unknown mode 'xxx", 17);
	assert_int_equal((unsigned char)err[64], 0x5A);
	const char *why = idle_modes_validate(list);
	assert_non_null(why);
	assert_memory_equal(why, "unknown mode 'xxx", 17);
}

static void test_validate_accepts_good_lists_and_explains_bad_ones(void **state)
{
	(void)state;
	assert_null(idle_modes_validate("hlt"));
	assert_null(idle_modes_validate("off,spin"));
	assert_string_equal(idle_modes_validate("hlt,c1e"), "unknown mode 'c1e'; " VALID_LIST);
	assert_string_equal(idle_modes_validate("hlt,"), "empty item in 'hlt,'; " VALID_LIST);
	assert_string_equal(idle_modes_validate("off,off"), "mode given twice: 'off'; " VALID_LIST);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_names_are_the_contract_in_order),
		cmocka_unit_test(test_controls_park_as_hlt_and_only_spike_adds_work),
		cmocka_unit_test(test_table_names_are_unique_lowercase_and_comma_free),
		cmocka_unit_test(test_wake_method_of_each_mode),
		cmocka_unit_test(test_default_list_is_every_table_name_and_parses_to_all_modes),
		cmocka_unit_test(test_from_name_matches_exact_length_bounded_names_only),
		cmocka_unit_test(test_single_mode_sets_its_own_bit),
		cmocka_unit_test(test_each_front_end_offers_its_modes_only),
		cmocka_unit_test(test_several_modes_set_their_bits_in_any_order),
		cmocka_unit_test(test_unknown_mode_is_named_with_the_valid_list),
		cmocka_unit_test(test_prefix_or_extension_of_a_name_is_unknown),
		cmocka_unit_test(test_names_are_case_sensitive),
		cmocka_unit_test(test_repeated_mode_is_rejected),
		cmocka_unit_test(test_empty_list_and_empty_items_are_rejected),
		cmocka_unit_test(test_first_fault_in_the_list_is_reported),
		cmocka_unit_test(test_error_text_truncates_inside_any_buffer),
		cmocka_unit_test(test_overlong_item_is_cut_in_the_error_text),
		cmocka_unit_test(test_validate_accepts_good_lists_and_explains_bad_ones),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
