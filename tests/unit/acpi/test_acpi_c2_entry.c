/* What the `ioport` read enters and whether the mode is run
 * (platform/acpi/acpi_c2.c acpi_c2_entry_decide), from raw MSR values as the
 * fault-tolerant accessors leave them: AMD/Hygon CStateBaseAddr and CStateCfg,
 * Intel's I/O MWAIT redirection, and `c2port=` forcing a port that is not
 * the trapped one. CStateCfg 0x484848 is what AGESA's CcxZen*InitializeC6Aps
 * writes with CC6 on (CC1DFSID 8 and CC6EN in each of CCR0..CCR2); 0x080808
 * the same with Cc6Ctrl off. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "platform/acpi/acpi_c2.h"

#define RD(v) ((struct acpi_msr){ ACPI_MSR_READ, (v) })
#define FAULT ((struct acpi_msr){ ACPI_MSR_FAULTED, 0 })

static struct acpi_c2_hw amd(uint32_t family, struct acpi_msr base, struct acpi_msr cfg)
{
	struct acpi_c2_hw hw = { .vendor = ACPI_C2_VENDOR_AMD, .family = family };
	hw.cstate_base = base;
	hw.cstate_cfg = cfg;
	return hw;
}

static struct acpi_c2_hw intel(struct acpi_msr e2, struct acpi_msr e4)
{
	struct acpi_c2_hw hw = { .vendor = ACPI_C2_VENDOR_INTEL, .family = 6 };
	hw.pkg_cst_config = e2;
	hw.io_capture_base = e4;
	return hw;
}

/* Zhaoxin/VIA or a vendor the code does not know. */
static struct acpi_c2_hw other(uint32_t family)
{
	struct acpi_c2_hw hw = { .vendor = ACPI_C2_VENDOR_OTHER, .family = family };
	return hw;
}

struct c2_case {
	const char *what;
	struct acpi_c2_hw hw;
	uint16_t port;
	bool cmdline;
	const char *kind;
	bool offer, trapped;
	const char *note; /* a substring of the note, "" = empty note */
	bool run;         /* c2_untrapped=run */
};

static void decide(const struct acpi_c2_hw *hw, bool have_port, uint16_t port, bool cmdline, bool run,
		   struct acpi_c2_entry *e)
{
	struct acpi_c2_choice c = { have_port, port, cmdline, run };
	acpi_c2_entry_decide(hw, &c, e);
}

static void check_cases(const struct c2_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct acpi_c2_entry e;
		decide(&cases[i].hw, true, cases[i].port, cases[i].cmdline, cases[i].run, &e);
		const char *kind = acpi_c2_kind_name(e.kind);
		bool note_ok = cases[i].note[0] ? strstr(e.note, cases[i].note) != NULL : e.note[0] == '\0';
		if (strcmp(kind, cases[i].kind) || e.offer != cases[i].offer || e.trapped != cases[i].trapped || !note_ok)
			fail_msg("%s: kind %s offer %d trapped %d note \"%s\"", cases[i].what, kind, e.offer, e.trapped,
				 e.note);
	}
}

/* Each CStateBaseAddr / CStateCfg combination, family 17h (AMD) and 18h (Hygon). */
static void amd_base_and_cstate_cfg_give_the_kind(void **state)
{
	(void)state;
	const struct c2_case cases[] = {
		{ "cc6", amd(0x17, RD(0x413), RD(0x484848)), 0x414, false, "cc6", true, true,
		  "CStateBaseAddr+1 (I/O C-state 2) requests CC6, which the core reaches only when all its threads idle", false },
		{ "hygon cc6", amd(0x18, RD(0x413), RD(0x484848)), 0x414, false, "cc6", true, true, "requests CC6", false },
		{ "cc6 disabled", amd(0x18, RD(0x413), RD(0x080808)), 0x414, false, "cc1", true, true, "requests CC1", false },
		{ "erratum 1474 clear", amd(0x17, RD(0x413), RD(0x484848 & ~0x404040ull)), 0x414, false, "cc1", true,
		  true, "requests CC1", false },
		{ "base high bits", amd(0x17, RD(0xABCD0413), RD(0x484848)), 0x414, false, "cc6", true, true, "requests CC6", false },
		{ "CCRs disagree", amd(0x17, RD(0x413), RD(0x084848)), 0x414, false, "unknown", true, true,
		  "CC6EN differs", false },
		{ "cfg faults", amd(0x17, RD(0x413), FAULT), 0x414, false, "unknown", true, true,
		  "CStateCfg (MSR C001_0296) unreadable", false },
		{ "base 0", amd(0x18, RD(0), RD(0x484848)), 0x414, false, "untrapped", false, false,
		  "CStateBaseAddr (MSR C001_0073) is 0", false },
		{ "base faults", amd(0x18, FAULT, RD(0x484848)), 0x414, false, "unknown", false, false,
		  "C001_0073) unreadable", false },
		{ "base not read", amd(0x17, (struct acpi_msr){ ACPI_MSR_NOT_READ, 0x413 }, RD(0x484848)), 0x414, false,
		  "unknown", false, false, "unreadable", false },
		{ "port differs", amd(0x17, RD(0x813), RD(0x484848)), 0x414, false, "unknown", false, false,
		  "port 0x414 is outside CStateBaseAddr..+2 (0x813-0x815)", false },
		/* before family 17h the C-state actions live elsewhere: run as before */
		{ "family 15h", amd(0x15, RD(0), FAULT), 0x414, false, "unknown", true, false, "", false },
	};
	check_cases(cases, sizeof cases / sizeof cases[0]);
}

/* The core traps CStateBaseAddr .. + 2 (coreboot: C-state n at base + n - 1;
 * AGESA: C3 at base + 2); + 3 is a plain read. Which CCR each selects no
 * source says: the kind stands only where CCR0..CCR2 agree. */
static void amd_traps_base_to_base_plus_two(void **state)
{
	(void)state;
	const struct c2_case cases[] = {
		{ "base+0", amd(0x18, RD(0x413), RD(0x484848)), 0x413, false, "cc6", true, true,
		  "CStateBaseAddr+0 (I/O C-state 1) requests CC6", false },
		{ "base+1", amd(0x18, RD(0x413), RD(0x484848)), 0x414, false, "cc6", true, true,
		  "CStateBaseAddr+1 (I/O C-state 2) requests CC6", false },
		{ "base+2", amd(0x18, RD(0x413), RD(0x080808)), 0x415, false, "cc1", true, true,
		  "CStateBaseAddr+2 (I/O C-state 3) requests CC1", false },
		{ "base+2, CCRs disagree", amd(0x18, RD(0x413), RD(0x480848)), 0x415, false, "unknown", true, true,
		  "which CCR the port selects is unknown", false },
		{ "base+3", amd(0x18, RD(0x413), RD(0x484848)), 0x416, false, "unknown", false, false,
		  "port 0x416 is outside CStateBaseAddr..+2 (0x413-0x415)", false },
		{ "base-1", amd(0x18, RD(0x413), RD(0x484848)), 0x412, false, "unknown", false, false,
		  "outside CStateBaseAddr..+2", false },
	};
	check_cases(cases, sizeof cases / sizeof cases[0]);
}

/* A port no core is known to trap is never read on c2port= alone: the read
 * may assert STPCLK# and stop the package. c2port= with c2_untrapped=run
 * runs it and says so; a trapped port needs neither. */
static void untrapped_port_needs_c2port_and_c2_untrapped_run(void **state)
{
	(void)state;
	const struct c2_case cases[] = {
		{ "amd base 0, _CST", amd(0x18, RD(0), RD(0x484848)), 0x414, false, "untrapped", false, false,
		  "give c2port=0x414 c2_untrapped=run to run it anyway", false },
		{ "amd base 0, c2port=", amd(0x18, RD(0), RD(0x484848)), 0x414, true, "untrapped", false, false,
		  "c2port=0x414 refused: CStateBaseAddr (MSR C001_0073) is 0", false },
		{ "amd base 0, c2port= risk", amd(0x18, RD(0), RD(0x484848)), 0x414, true, "untrapped", false, false,
		  "P_LVL2 asserts STPCLK# until a break event (Intel ICH10 datasheet 13.8.3.6)", false },
		{ "amd base 0, c2port= how", amd(0x18, RD(0), RD(0x484848)), 0x414, true, "untrapped", false, false,
		  "add c2_untrapped=run to run it anyway", false },
		{ "amd base 0, c2port= run", amd(0x18, RD(0), RD(0x484848)), 0x414, true, "untrapped", true, false,
		  "c2port=0x414 c2_untrapped=run given: run on a port no core is known to trap (CStateBaseAddr", true },
		{ "amd base 0, run without c2port=", amd(0x18, RD(0), RD(0x484848)), 0x414, false, "untrapped", false,
		  false, "give c2port=0x414 c2_untrapped=run", true },
		{ "amd base faults, c2port=", amd(0x17, FAULT, FAULT), 0x414, true, "unknown", false, false,
		  "c2port=0x414 refused", false },
		{ "amd base faults, run", amd(0x17, FAULT, FAULT), 0x414, true, "unknown", true, false,
		  "c2_untrapped=run given", true },
		{ "amd outside, c2port=", amd(0x17, RD(0x413), RD(0x484848)), 0x815, true, "unknown", false, false,
		  "outside CStateBaseAddr..+2 (0x413-0x415)", false },
		{ "amd trapped, c2port=", amd(0x17, RD(0x413), RD(0x484848)), 0x414, true, "cc6", true, true,
		  "requests CC6", false },
		{ "intel off, c2port=", intel(RD(0), RD(0x414)), 0x414, true, "untrapped", false, false,
		  "c2port=0x414 refused: I/O MWAIT redirection off", false },
		{ "intel off, run", intel(RD(0), RD(0x414)), 0x414, true, "untrapped", true, false,
		  "I/O MWAIT redirection off", true },
		{ "intel outside, c2port=", intel(RD(1u << 10), RD(0x10414)), 0x416, true, "untrapped", false, false,
		  "outside the redirected range 0x414-0x415", false },
		/* QEMU's qemu64 is AMD family 15h: no trap register is read */
		{ "amd 15h, c2port=", amd(0x15, RD(0x413), RD(0x484848)), 0x414, true, "unknown", false, false,
		  "c2port=0x414 refused: AMD/Hygon family 0x15: no register says a core traps it", false },
		{ "amd 15h, c2port= run", amd(0x15, RD(0x413), RD(0x484848)), 0x414, true, "unknown", true, false,
		  "c2port=0x414 c2_untrapped=run given", true },
		{ "amd 15h, _CST", amd(0x15, RD(0x413), RD(0x484848)), 0x414, false, "unknown", true, false, "", false },
		{ "unknown vendor, c2port=", other(7), 0x414, true, "unknown", false, false,
		  "c2port=0x414 refused: this vendor's family 0x7", false },
		{ "unknown vendor, c2port= run", other(7), 0x414, true, "unknown", true, false,
		  "c2_untrapped=run given", true },
		{ "unknown vendor, _CST", other(7), 0x414, false, "unknown", true, false, "", false },
	};
	check_cases(cases, sizeof cases / sizeof cases[0]);
	/* the note never calls the read harmless */
	struct acpi_c2_entry e;
	struct acpi_c2_hw hw = amd(0x18, RD(0), RD(0x484848));
	decide(&hw, true, 0x414, true, true, &e);
	assert_null(strstr(e.note, "only reaches the chipset"));
}

/* Intel: only a port the I/O -> MWAIT redirection covers enters a C-state;
 * ranges 0..5 are Intel's (C3, C6, C7, C8, C9, C10), 6 and 7 no source names. */
static void intel_port_must_be_redirected_and_in_range(void **state)
{
	(void)state;
	const uint64_t on = 1u << 10, cfg_lock = 1u << 15;
	const struct c2_case cases[] = {
		{ "redirection off", intel(RD(cfg_lock | 0x7), RD(0x414)), 0x414, false, "untrapped", false, false,
		  "I/O MWAIT redirection off (MSR 0xE2 bit 10 clear)", false },
		{ "on, below", intel(RD(on), RD(0x414)), 0x413, false, "untrapped", false, false,
		  "port 0x413 outside the redirected range 0x414-0x414", false },
		{ "on, above C3-only range", intel(RD(on), RD(0x414)), 0x415, false, "untrapped", false, false,
		  "outside the redirected range", false },
		{ "range 0", intel(RD(on | cfg_lock), RD(0x414)), 0x414, false, "unknown", true, true,
		  "redirected to MWAIT: P_LVL2 (MSR 0xE4 LVL_2 base 0x414 + 0, range 0) requests C3 (inferred, unverified)", false },
		{ "range 1, +1", intel(RD(on), RD(0x10414)), 0x415, false, "unknown", true, true,
		  "P_LVL3 (MSR 0xE4 LVL_2 base 0x414 + 1, range 1) requests C6 (inferred, unverified)", false },
		{ "range 2, +2", intel(RD(on), RD(0x20414)), 0x416, false, "unknown", true, true, "P_LVL4 (MSR 0xE4 LVL_2 base 0x414 + 2, range 2) requests C7", false },
		{ "range 3, +3", intel(RD(on), RD(0x30414)), 0x417, false, "unknown", true, true, "range 3) requests C8", false },
		{ "range 4, +4", intel(RD(on), RD(0x40414)), 0x418, false, "unknown", true, true, "range 4) requests C9", false },
		{ "range 5, +5", intel(RD(on), RD(0x50414)), 0x419, false, "unknown", true, true, "range 5) requests C10", false },
		{ "range 5, base", intel(RD(on), RD(0x50414)), 0x414, false, "unknown", true, true, "range 5) requests C3", false },
		{ "range 3, +4", intel(RD(on), RD(0x30414)), 0x418, false, "untrapped", false, false,
		  "outside the redirected range 0x414-0x417", false },
		{ "range 6", intel(RD(on), RD(0x60414)), 0x414, false, "unknown", false, false,
		  "C-state range 6 is not one Intel's reference code names", false },
		{ "range 7", intel(RD(on), RD(0x70414)), 0x414, false, "unknown", false, false, "C-state range 7", false },
		{ "0xE2 faults", intel(FAULT, RD(0x414)), 0x414, false, "unknown", false, false,
		  "(0xE2) unreadable", false },
		{ "0xE4 faults", intel(RD(on), FAULT), 0x414, false, "unknown", false, false, "(0xE4) unreadable", false },
	};
	check_cases(cases, sizeof cases / sizeof cases[0]);
}

/* Linux's io_idle(): the dummy PM timer read on bare-metal Intel only. */
static void pm_timer_dummy_read_on_bare_metal_intel_only(void **state)
{
	(void)state;
	struct acpi_c2_entry e;
	struct acpi_c2_hw hw = intel(RD(1u << 10), RD(0x414));

	decide(&hw, true, 0x414, false, false, &e);
	assert_true(e.pm_timer_dummy);
	hw.hypervisor = true;
	decide(&hw, true, 0x414, false, false, &e);
	assert_false(e.pm_timer_dummy);
	hw = amd(0x18, RD(0x413), RD(0x484848));
	decide(&hw, true, 0x414, false, false, &e);
	assert_false(e.pm_timer_dummy);
}

/* No port at all: not offered, no kind, and the caller's reason stands. */
static void no_port_is_not_offered(void **state)
{
	(void)state;
	struct acpi_c2_entry e;
	struct acpi_c2_hw hw = amd(0x18, RD(0x413), RD(0x484848));

	decide(&hw, false, 0, false, false, &e);
	assert_false(e.offer);
	assert_string_equal(acpi_c2_kind_name(e.kind), "unknown");
	assert_string_equal(e.note, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(amd_base_and_cstate_cfg_give_the_kind),
		cmocka_unit_test(amd_traps_base_to_base_plus_two),
		cmocka_unit_test(untrapped_port_needs_c2port_and_c2_untrapped_run),
		cmocka_unit_test(intel_port_must_be_redirected_and_in_range),
		cmocka_unit_test(pm_timer_dummy_read_on_bare_metal_intel_only),
		cmocka_unit_test(no_port_is_not_offered),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
