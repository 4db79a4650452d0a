/* The command line resolved into struct run_config (kernel/run_config.c):
 * defaults, every enum value of every OPT_ENUM row landing on the enum the
 * code uses (the table's `allowed` order and the enums agree), numbers as
 * numbers, "not given" kept apart from 0, and a line that failed to parse
 * still giving the console= and exit= given before the error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "core/options/option_table.h"
#include "kernel/run_config.h"

static struct options o;
static struct run_config c;

static void resolve(const char *line, enum options_status want)
{
	assert_int_equal(options_parse(&o, &kernel_options, line, false), want);
	run_config_resolve(&c, &o);
}

static void test_empty_line_gives_the_documented_defaults(void **state)
{
	(void)state;
	resolve("", OPTIONS_OK);
	assert_false(c.help);
	assert_true(c.console.automatic); /* the SPCR's UART and ttyS0 */
	assert_int_equal(c.console.count, 0);
	assert_int_equal(c.exit, EXIT_AUTO);
	assert_int_equal(c.run, RUN_ALL);
	assert_int_equal(c.c2port, 0);
	assert_false(c.c2_untrapped_run); /* an untrapped c2port= is refused */
	assert_int_equal(c.modes, idle_modes_offered(IDLE_IN_KERNEL));
	assert_int_equal(c.placement, PLACEMENT_SIBLING);
	assert_int_equal(c.others, OTHERS_HLT); /* the machine's state known by default */
	assert_int_equal(c.x2apic, LAPIC_REQUEST_AUTO);
	assert_int_equal(c.mwait_hint, 0);
	assert_int_equal(c.plan.preset, PLAN_PRESET_AUTO);
	assert_int_equal(c.plan.reps, PLAN_FROM_PRESET);
	assert_int_equal(c.plan.warmup, PLAN_FROM_PRESET);
	assert_int_equal(c.plan.sample_ms, PLAN_FROM_PRESET);
	assert_false(c.plan.seed_given); /* drawn at boot */
	assert_false(c.plan.modes_given);
	assert_int_equal(c.plan.settle_us, 500);
	assert_int_equal(c.plan.precision_centi, PLAN_FROM_PRESET);
	assert_int_equal(c.plan.budget_s, PLAN_FROM_PRESET);
	assert_int_equal(c.plan.order, PLAN_INTERLEAVED);
	size_t programs = 0; /* `all`: the int and fp workloads, not the probes */
	for (size_t i = 0; i < workload_count(); i++)
		programs += workload_at(i)->class != WORKLOAD_PROBE;
	assert_true(programs < workload_count());
	assert_int_equal(c.plan.workloads.count, programs);
	assert_int_equal(c.selftest, SELFTEST_NONE);
}

static void test_numbers_and_lists_are_typed(void **state)
{
	(void)state;
	resolve("help console=ttyS2,9600 c2port=0x414 modes=ioport,hlt mwait_hint=0x20 reps=7 warmup=0 "
		"sample_ms=0x10 seed=18446744073709551615 workloads=lz,matmul",
		OPTIONS_OK);
	assert_true(c.help);
	assert_int_equal(c.console.count, 1);
	assert_int_equal(c.console.items[0].uart.base, 0x3E8);
	assert_int_equal(c.console.items[0].uart.baud, 9600);
	assert_int_equal(c.c2port, 0x414);
	assert_int_equal(c.modes, (1u << IDLE_HLT) | (1u << IDLE_IOPORT));
	assert_int_equal(c.mwait_hint, 0x20);
	assert_int_equal(c.plan.reps, 7);
	assert_int_equal(c.plan.warmup, 0); /* given as 0: not the preset's */
	assert_int_equal(c.plan.sample_ms, 16);
	assert_true(c.plan.seed == UINT64_MAX);
	assert_int_equal(c.plan.workloads.count, 2);
	resolve("console=none", OPTIONS_OK);
	assert_false(c.console.automatic);
	assert_int_equal(c.console.count, 0);
}

/* The enum field of an OPT_ENUM row, as an int. */
static int enum_field(enum option_id id)
{
	switch (id) {
	case OPTION_EXIT: return (int)c.exit;
	case OPTION_RUN: return (int)c.run;
	case OPTION_PLACEMENT: return (int)c.placement;
	case OPTION_OTHERS: return (int)c.others;
	case OPTION_X2APIC: return (int)c.x2apic;
	case OPTION_PRESET: return (int)c.plan.preset;
	case OPTION_ORDER: return (int)c.plan.order;
	case OPTION_SELFTEST: return (int)c.selftest;
	case OPTION_C2_UNTRAPPED: return (int)c.c2_untrapped_run; /* refuse|run: false, true */
	default: fail_msg("OPT_ENUM row %s has no run_config field in this test", kernel_options.defs[id].name);
	}
	return -1;
}

/* name=k-th allowed value resolves to enum value k, for every row and value. */
static void test_every_enum_value_lands_on_its_enum(void **state)
{
	char line[128];

	(void)state;
	for (size_t id = 0; id < OPTION_COUNT; id++) {
		const struct option_def *d = &kernel_options.defs[id];
		if (d->type != OPT_ENUM)
			continue;
		int k = 0;
		for (const char *p = d->allowed;; k++) {
			const char *bar = strchr(p, '|');
			int len = bar ? (int)(bar - p) : (int)strlen(p);
			snprintf(line, sizeof line, "%s=%.*s", d->name, len, p);
			resolve(line, OPTIONS_OK);
			if (enum_field((enum option_id)id) != k)
				fail_msg("%s resolved to %d, expected %d", line, enum_field((enum option_id)id), k);
			if (!bar)
				break;
			p = bar + 1;
		}
	}
	/* Spot checks by name, so a reordered enum and table cannot agree by accident. */
	resolve("placement=other-core x2apic=off exit=reboot run=siblings preset=full order=blocked selftest=sibling-ud-busy "
		"others=off",
		OPTIONS_OK);
	assert_int_equal(c.placement, PLACEMENT_OTHER_CORE);
	assert_int_equal(c.others, OTHERS_OFF);
	assert_string_equal(others_mode_name(c.others), "off");
	assert_string_equal(placement_name(c.placement), "other-core");
	assert_int_equal(c.x2apic, LAPIC_REQUEST_OFF);
	assert_int_equal(c.exit, EXIT_REBOOT);
	assert_int_equal(c.run, RUN_SIBLINGS);
	assert_int_equal(c.plan.preset, PLAN_PRESET_FULL);
	assert_int_equal(c.plan.order, PLAN_BLOCKED);
	assert_int_equal(c.selftest, SELFTEST_SIBLING_UD_BUSY);
}

static void test_names_of_placements_others_and_presets_match_the_table(void **state)
{
	char line[64];

	(void)state;
	for (int p = 0; p < PLACEMENT_COUNT; p++) {
		snprintf(line, sizeof line, "placement=%s", placement_name((enum placement)p));
		resolve(line, OPTIONS_OK);
		assert_int_equal(c.placement, p);
	}
	for (int m = 0; m < OTHERS_MODE_COUNT; m++) {
		snprintf(line, sizeof line, "others=%s", others_mode_name((enum others_mode)m));
		resolve(line, OPTIONS_OK);
		assert_int_equal(c.others, m);
	}
	resolve("others=idle", OPTIONS_ERR_BAD_VALUE);
	for (size_t i = 0; i < plan_preset_count; i++) {
		snprintf(line, sizeof line, "preset=%s", plan_presets[i].name);
		resolve(line, OPTIONS_OK);
		assert_int_equal(c.plan.preset, (int)i + 1);
	}
}

/* The error report goes where the user asked, and exits as asked. */
static void test_failed_line_keeps_console_and_exit_given_before_the_error(void **state)
{
	(void)state;
	resolve("console=ttyS1,57600 exit=halt bogus=1 exit=qemu", OPTIONS_ERR_UNKNOWN_KEY);
	assert_int_equal(c.console.count, 1);
	assert_int_equal(c.console.items[0].uart.base, 0x2F8);
	assert_int_equal(c.console.items[0].uart.baud, 57600);
	assert_int_equal(c.exit, EXIT_HALT);
	resolve("reps=0", OPTIONS_ERR_BAD_VALUE);
	assert_int_equal(c.plan.reps, PLAN_FROM_PRESET);
	assert_true(c.console.automatic);
	resolve("console=pci,00:1f.7 console=ttyS0", OPTIONS_ERR_DUPLICATE);
	assert_int_equal(c.console.items[0].kind, CONSOLE_PCI);
}

/* A plan resolved into memory full of garbage (the UEFI app's pool is 0xAF
 * under OVMF) has no field left over: command_name, which only idlebench
 * linux sets, reads as absent and plan_id is the one of a zeroed plan (the
 * UEFI app faulted in plan_id hashing a 0xAFAF... pointer before the fix). */
static void test_plan_resolve_leaves_no_garbage_behind(void **state)
{
	struct plan clean, dirty;

	(void)state;
	resolve("", OPTIONS_OK);
	uint32_t all = idle_modes_offered(IDLE_IN_KERNEL);
	memset(&clean, 0, sizeof clean);
	memset(&dirty, 0xaf, sizeof dirty);
	plan_resolve(&clean, &c.plan, true, all);
	plan_resolve(&dirty, &c.plan, true, all);
	assert_null(dirty.command_name);
	assert_null(dirty.command_key);
	struct plan_conditions cond = { "sibling", 0, 0, false, "hlt" };
	assert_true(plan_id(&clean, &cond) == plan_id(&dirty, &cond));
}

static void test_plan_resolves_presets_and_overrides(void **state)
{
	struct plan p;

	(void)state;
	resolve("", OPTIONS_OK);
	uint32_t all = idle_modes_offered(IDLE_IN_KERNEL);
	plan_resolve(&p, &c.plan, true, all);
	assert_string_equal(p.preset, "quick");
	assert_int_equal(p.reps, 3);
	assert_int_equal(p.max_reps, 3);
	assert_int_equal(p.precision_centi, 0);
	assert_int_equal(p.modes, all & ~IDLE_CONTROL_MASK); /* quick: no controls unless named */
	assert_string_equal(p.seed_source, "unset");
	plan_resolve(&p, &c.plan, false, all);
	assert_string_equal(p.preset, "standard");
	assert_int_equal(p.reps, 10);        /* the pilot */
	assert_int_equal(p.max_reps, PLAN_MAX_REPS);
	assert_int_equal(p.precision_centi, 100);
	assert_int_equal(p.budget_s, 600);
	assert_int_equal(p.warmup, 2);
	assert_int_equal(p.settle_us, 500);
	assert_int_equal(p.modes, all);      /* standard: the controls included */
	/* mechanism: the probes alone, a fixed count of 10, no controls */
	resolve("preset=mechanism", OPTIONS_OK);
	plan_resolve(&p, &c.plan, true, all);
	assert_string_equal(p.preset, "mechanism");
	assert_int_equal(p.reps, 10);
	assert_int_equal(p.max_reps, 10);
	assert_int_equal(p.precision_centi, 0);
	assert_int_equal(p.budget_s, 0);
	assert_int_equal(p.sample_ms, 20);
	assert_int_equal(p.modes, all & ~IDLE_CONTROL_MASK);
	assert_true(p.workloads.count > 0);
	for (size_t w = 0; w < workload_count(); w++)
		assert_int_equal(p.workloads.selected[w], workload_at(w)->class == WORKLOAD_PROBE);
	resolve("preset=mechanism workloads=lz,rob modes=hlt,spike", OPTIONS_OK); /* named: kept */
	plan_resolve(&p, &c.plan, true, (1u << IDLE_HLT) | (1u << IDLE_SPIKE));
	assert_int_equal(p.modes, (1u << IDLE_HLT) | (1u << IDLE_SPIKE));
	assert_true(p.workloads.selected[workload_find("lz")] && p.workloads.selected[workload_find("rob_256")]);
	assert_false(p.workloads.selected[workload_find("mlp_1")]);
	resolve("preset=quick modes=hlt,hlt2", OPTIONS_OK);
	plan_resolve(&p, &c.plan, true, (1u << IDLE_HLT) | (1u << IDLE_HLT2));
	assert_int_equal(p.modes, (1u << IDLE_HLT) | (1u << IDLE_HLT2)); /* named: kept */
	resolve("preset=standard reps=12", OPTIONS_OK); /* reps= alone: a fixed count, run to the end */
	plan_resolve(&p, &c.plan, false, 1);
	assert_int_equal(p.reps, 12);
	assert_int_equal(p.max_reps, 12);
	assert_int_equal(p.precision_centi, 0);
	assert_int_equal(p.budget_s, 0);
	assert_false(p.blocked_drops);
	resolve("preset=standard order=blocked", OPTIONS_OK); /* blocked: fixed at the pilot's count, said so */
	plan_resolve(&p, &c.plan, false, 1);
	assert_int_equal(p.reps, 10);
	assert_int_equal(p.max_reps, 10);
	assert_int_equal(p.precision_centi, 0);
	assert_int_equal(p.budget_s, 0);
	assert_true(p.blocked_drops);
	resolve("preset=quick reps=4 precision=0.25 budget_s=30 settle_us=0", OPTIONS_OK); /* pilot >= 10 */
	plan_resolve(&p, &c.plan, true, 1);
	assert_int_equal(p.reps, 10);
	assert_int_equal(p.max_reps, PLAN_MAX_REPS);
	assert_int_equal(p.precision_centi, 25);
	assert_int_equal(p.budget_s, 30);
	assert_int_equal(p.settle_us, 0);
	resolve("precision=0.125", OPTIONS_ERR_BAD_VALUE);
	resolve("precision=0", OPTIONS_ERR_BAD_VALUE);
	resolve("budget_s=0", OPTIONS_ERR_BAD_VALUE);
	resolve("preset=full reps=4 warmup=0 workloads=fp order=blocked seed=9", OPTIONS_OK);
	plan_resolve(&p, &c.plan, true, 1);
	assert_string_equal(p.preset, "full");
	assert_int_equal(p.reps, 4);
	assert_int_equal(p.warmup, 0);
	assert_int_equal(p.sample_ms, 100);
	assert_int_equal(p.order, PLAN_BLOCKED);
	assert_int_equal(p.precision_centi, 0); /* blocked order: always fixed */
	assert_true(p.seed == 9);
	assert_true(p.seed_given);
	assert_string_equal(p.seed_source, "cmdline");
	assert_int_equal(p.workloads.count, c.plan.workloads.count);
}

/* label=: a short safe name, recorded as given; anything else is a bad value
 * naming the token, and the resolved label stays empty. */
static void test_label_is_a_short_safe_name(void **state)
{
	(void)state;
	resolve("", OPTIONS_OK);
	assert_string_equal(c.label, "");
	resolve("label=bios-1.2_c6.off", OPTIONS_OK);
	assert_string_equal(c.label, "bios-1.2_c6.off");
	resolve("label=abcdefghijklmnopqrstuvwxyz012345", OPTIONS_OK); /* 32 characters */
	assert_int_equal(strlen(c.label), 32);
	static const char *const bad[] = {
		"label=abcdefghijklmnopqrstuvwxyz0123456", /* 33 */
		"label=a/b", "label=a\"b", "label=a,b", "label=-x", "label=.hidden", "label=", "label=caf\xc3\xa9",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		enum options_status st = options_parse(&o, &kernel_options, bad[i], false);
		if (st != OPTIONS_ERR_BAD_VALUE && !(i == 6 && st == OPTIONS_ERR_MISSING_VALUE) &&
		    !(i == 7 && st == OPTIONS_ERR_BAD_BYTE))
			fail_msg("%s: status %d", bad[i], st);
		run_config_resolve(&c, &o);
		assert_string_equal(c.label, "");
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_line_gives_the_documented_defaults),
		cmocka_unit_test(test_numbers_and_lists_are_typed),
		cmocka_unit_test(test_every_enum_value_lands_on_its_enum),
		cmocka_unit_test(test_names_of_placements_others_and_presets_match_the_table),
		cmocka_unit_test(test_failed_line_keeps_console_and_exit_given_before_the_error),
		cmocka_unit_test(test_plan_resolve_leaves_no_garbage_behind),
		cmocka_unit_test(test_plan_resolves_presets_and_overrides),
		cmocka_unit_test(test_label_is_a_short_safe_name),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
