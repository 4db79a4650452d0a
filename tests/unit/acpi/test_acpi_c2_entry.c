/* What the `ioport` read enters and whether the mode is run
 * (kernel/acpi/acpi_c2.c acpi_c2_entry_decide), from raw MSR values as the
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

#include "kernel/acpi/acpi_c2.h"

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

struct c2_case {
	const char *what;
	struct acpi_c2_hw hw;
	uint16_t port;
	bool cmdline;
	const char *kind;
	bool offer, trapped;
	const char *note; /* a substring of the note, "" = empty note */
};

static void check_cases(const struct c2_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct acpi_c2_entry e;
		acpi_c2_entry_decide(&cases[i].hw, true, cases[i].port, cases[i].cmdline, &e);
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
		{ "cc6", amd(0x17, RD(0x413), RD(0x484848)), 0x414, false, "cc6", true, true, "" },
		{ "hygon cc6", amd(0x18, RD(0x413), RD(0x484848)), 0x414, false, "cc6", true, true, "" },
		{ "cc6 disabled", amd(0x18, RD(0x413), RD(0x080808)), 0x414, false, "cc1", true, true, "" },
		{ "erratum 1474 clear", amd(0x17, RD(0x413), RD(0x484848 & ~0x404040ull)), 0x414, false, "cc1", true,
		  true, "" },
		{ "base high bits", amd(0x17, RD(0xABCD0413), RD(0x484848)), 0x414, false, "cc6", true, true, "" },
		{ "CCRs disagree", amd(0x17, RD(0x413), RD(0x084848)), 0x414, false, "unknown", true, true,
		  "CC6EN differs" },
		{ "cfg faults", amd(0x17, RD(0x413), FAULT), 0x414, false, "unknown", true, true,
		  "CStateCfg (MSR C001_0296) unreadable" },
		{ "base 0", amd(0x18, RD(0), RD(0x484848)), 0x414, false, "untrapped", false, false,
		  "CStateBaseAddr (MSR C001_0073) is 0" },
		{ "base faults", amd(0x18, FAULT, RD(0x484848)), 0x414, false, "unknown", false, false,
		  "C001_0073) unreadable" },
		{ "base not read", amd(0x17, (struct acpi_msr){ ACPI_MSR_NOT_READ, 0x413 }, RD(0x484848)), 0x414, false,
		  "unknown", false, false, "unreadable" },
		{ "port differs", amd(0x17, RD(0x813), RD(0x484848)), 0x414, false, "unknown", false, false,
		  "port 0x414 is not CStateBaseAddr+1 (0x814)" },
		{ "port is the base", amd(0x17, RD(0x414), RD(0x484848)), 0x414, false, "unknown", false, false,
		  "not CStateBaseAddr+1 (0x415)" },
		/* before family 17h the C-state actions live elsewhere: run as before */
		{ "family 15h", amd(0x15, RD(0), FAULT), 0x414, false, "unknown", true, false, "" },
	};
	check_cases(cases, sizeof cases / sizeof cases[0]);
}

/* c2port= runs what the decision would skip, and says the port is not the trapped one. */
static void c2port_forces_an_untrapped_port_and_says_so(void **state)
{
	(void)state;
	const struct c2_case cases[] = {
		{ "amd base 0", amd(0x18, RD(0), RD(0x484848)), 0x414, true, "untrapped", true, false,
		  "c2port=0x414 given: run, but not the trapped port (CStateBaseAddr (MSR C001_0073) is 0" },
		{ "amd base faults", amd(0x17, FAULT, FAULT), 0x414, true, "unknown", true, false,
		  "c2port=0x414 given: run, but not the trapped port" },
		{ "amd differs", amd(0x17, RD(0x413), RD(0x484848)), 0x815, true, "unknown", true, false,
		  "not CStateBaseAddr+1 (0x414)" },
		{ "amd agrees", amd(0x17, RD(0x413), RD(0x484848)), 0x414, true, "cc6", true, true, "" },
		{ "intel off", intel(RD(0), RD(0x414)), 0x414, true, "untrapped", true, false,
		  "c2port=0x414 given: run, but not the trapped port (I/O MWAIT redirection off" },
		{ "intel outside", intel(RD(1u << 10), RD(0x10414)), 0x416, true, "untrapped", true, false,
		  "outside the redirected range 0x414-0x415" },
	};
	check_cases(cases, sizeof cases / sizeof cases[0]);
}

/* Intel: only a port the I/O -> MWAIT redirection covers enters a C-state. */
static void intel_port_must_be_redirected_and_in_range(void **state)
{
	(void)state;
	const uint64_t on = 1u << 10, cfg_lock = 1u << 15;
	const struct c2_case cases[] = {
		{ "redirection off", intel(RD(cfg_lock | 0x7), RD(0x414)), 0x414, false, "untrapped", false, false,
		  "I/O MWAIT redirection off (MSR 0xE2 bit 10 clear); give c2port=" },
		{ "on, below", intel(RD(on), RD(0x414)), 0x413, false, "untrapped", false, false,
		  "port 0x413 outside the redirected range 0x414-0x414" },
		{ "on, above C3-only range", intel(RD(on), RD(0x414)), 0x415, false, "untrapped", false, false,
		  "outside the redirected range" },
		{ "on, covered", intel(RD(on | cfg_lock), RD(0x414)), 0x414, false, "unknown", true, true,
		  "redirected to MWAIT (MSR 0xE4 LVL_2 base 0x414, range 0)" },
		{ "on, C6 range covers +1", intel(RD(on), RD(0x10414)), 0x415, false, "unknown", true, true,
		  "range 1" },
		{ "on, range not named", intel(RD(on), RD(0x70414)), 0x414, false, "unknown", false, false,
		  "C-state range 7" },
		{ "0xE2 faults", intel(FAULT, RD(0x414)), 0x414, false, "unknown", false, false,
		  "(0xE2) unreadable" },
		{ "0xE4 faults", intel(RD(on), FAULT), 0x414, false, "unknown", false, false, "(0xE4) unreadable" },
	};
	check_cases(cases, sizeof cases / sizeof cases[0]);
}

/* Linux's io_idle(): the dummy PM timer read on bare-metal Intel only. */
static void pm_timer_dummy_read_on_bare_metal_intel_only(void **state)
{
	(void)state;
	struct acpi_c2_entry e;
	struct acpi_c2_hw hw = intel(RD(1u << 10), RD(0x414));

	acpi_c2_entry_decide(&hw, true, 0x414, false, &e);
	assert_true(e.pm_timer_dummy);
	hw.hypervisor = true;
	acpi_c2_entry_decide(&hw, true, 0x414, false, &e);
	assert_false(e.pm_timer_dummy);
	hw = amd(0x18, RD(0x413), RD(0x484848));
	acpi_c2_entry_decide(&hw, true, 0x414, false, &e);
	assert_false(e.pm_timer_dummy);
}

/* No port at all: not offered, no kind, and the caller's reason stands. */
static void no_port_is_not_offered(void **state)
{
	(void)state;
	struct acpi_c2_entry e;
	struct acpi_c2_hw hw = amd(0x18, RD(0x413), RD(0x484848));

	acpi_c2_entry_decide(&hw, false, 0, false, &e);
	assert_false(e.offer);
	assert_string_equal(acpi_c2_kind_name(e.kind), "unknown");
	assert_string_equal(e.note, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(amd_base_and_cstate_cfg_give_the_kind),
		cmocka_unit_test(c2port_forces_an_untrapped_port_and_says_so),
		cmocka_unit_test(intel_port_must_be_redirected_and_in_range),
		cmocka_unit_test(pm_timer_dummy_read_on_bare_metal_intel_only),
		cmocka_unit_test(no_port_is_not_offered),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
