/* The C2 port decision, following Linux's acpi_idle driver
 * (drivers/acpi/processor_idle.c, acpi_processor_get_cstate_info):
 *  - the user (`c2port=`), who may know better than the firmware;
 *  - `_CST` (ACPI 6.5 §8.4.1.1): when a processor has one, Linux takes its
 *    states and never looks at P_BLK (acpi_processor_get_power_info_cst sets
 *    has_cst; the FADT path runs only when _CST is absent, -ENODEV). A _CST
 *    C2 is valid whenever its address is non-zero, whatever its latency
 *    (acpi_processor_power_verify);
 *  - P_BLK (§8.1.2, acpi_processor_get_power_info_fadt): P_LVL2 is the byte at
 *    P_BLK + 4; Linux takes a P_BLK only when its length is exactly 6
 *    (drivers/acpi/acpi_processor.c, "Invalid PBLK length"), refuses C2 on
 *    an SMP system unless FADT flag bit 3 is set, and refuses it when
 *    P_LVL2_LAT > 100 us (ACPI_PROCESSOR_MAX_C2_LATENCY).
 * FADT flag bit 3 is P_LVL2_UP in the spec (ACPI 6.5 Table 5.10: "a one
 * indicates that the C2 power state is configured to work on a UP or MP
 * system; a zero indicates that the C2 power state is configured to only work
 * on a UP system"); ACPICA and Linux call it ACPI_FADT_C2_MP_SUPPORTED. Both
 * names mean the same: set = C2 also works with several CPUs. Linux checks it
 * with num_online_cpus() > 1 (at registration without CONFIG_HOTPLUG_CPU, at
 * every entry with it: acpi_idle_fallback_to_c1); idlebench always runs a
 * sibling, so it uses the MADT's enabled CPU count and treats unknown as SMP.
 *
 * AMD/Hygon MSR C001_0073 CStateBaseAddr (AMD PPR, "IO-based C-state base"):
 * the core traps reads of base + N as entry to C-state N + 1, and firmware's
 * own _CST puts C2 at base + 1 (coreboot cpu_power_state.c). Linux never reads
 * it, so it only cross-checks the chosen port, and gives the port only when
 * a static _CST declares a C2 that is not an I/O port (an FFixedHW C2, which
 * Linux enters by MWAIT: we infer, not know, that base + 1 reaches the same
 * state). Firmware with no _CST and no usable P_BLK gets no C2 from the MSR:
 * Linux would stay in C1 there. */
#include "kernel/acpi/acpi_c2.h"
#include "lib/fmt.h"

#define PBLK_P_LVL2_OFFSET 4
#define PBLK_LEN_WITH_P_LVL2 6
#define FADT_MAX_C2_LATENCY_US 100
#define MSR_CSTATE_BASE_MASK 0xFFFFu

#define ACPI_C2_TEXT_ITEM(name, text) text,
static const char *const c2_source_text[] = { ACPI_C2_SOURCES(ACPI_C2_TEXT_ITEM) };
static const char *const c2_rule_text[] = { ACPI_C2_RULES(ACPI_C2_TEXT_ITEM) };
static const char *const c2_msr_check_text[] = { ACPI_C2_MSR_CHECKS(ACPI_C2_TEXT_ITEM) };
static const char *const c2_kind_text[] = { ACPI_C2_KINDS(ACPI_C2_TEXT_ITEM) };
#undef ACPI_C2_TEXT_ITEM

const char *acpi_c2_source_name(enum acpi_c2_source source)
{
	if ((unsigned)source >= (unsigned)ACPI_C2_SOURCE_COUNT)
		return "none";
	return c2_source_text[source];
}

const char *acpi_c2_rule_name(enum acpi_c2_rule rule)
{
	if ((unsigned)rule >= (unsigned)ACPI_C2_RULE_COUNT)
		return "?";
	return c2_rule_text[rule];
}

const char *acpi_c2_msr_check_name(enum acpi_c2_msr_check check)
{
	if ((unsigned)check >= (unsigned)ACPI_C2_MSR_CHECK_COUNT)
		return "?";
	return c2_msr_check_text[check];
}

static struct acpi_c2_decision decided(enum acpi_c2_source source, uint16_t port, enum acpi_c2_rule rule)
{
	struct acpi_c2_decision d = { source, port, rule, ACPI_C2_MSR_NOT_READ, 0 };
	return d;
}

/* The static _CST's C2 I/O port (states[] is sorted by type then address:
 * the first match is the lowest), 0 if none. *any_c2 says whether a C2 entry
 * exists at all. */
static uint16_t cst_c2_io_port(const struct acpi_cst_info *cst, bool *any_c2)
{
	*any_c2 = false;
	for (size_t i = 0; i < cst->count; i++) {
		const struct acpi_cstate *s = &cst->states[i];
		if (s->type != 2)
			continue;
		*any_c2 = true;
		if (s->space == ACPI_SPACE_SYSTEM_IO && s->address && s->address <= 0xFFFF)
			return (uint16_t)s->address;
	}
	return 0;
}

static struct acpi_c2_decision decide_from_tables(const struct acpi_c2_inputs *in, uint16_t msr_port)
{
	const struct acpi_cst_info *cst = in->cst;

	if (!cst)
		return decided(ACPI_C2_NONE, 0, ACPI_C2_RULE_NO_PBLK);
	if (cst->cst_packages) {
		bool any_c2;
		uint16_t port = cst_c2_io_port(cst, &any_c2);
		if (port)
			return decided(ACPI_C2_CST, port, ACPI_C2_RULE_CST_IO);
		if (any_c2 && msr_port)
			return decided(ACPI_C2_MSR, msr_port, ACPI_C2_RULE_CST_C2_MSR);
		return decided(ACPI_C2_NONE, 0, ACPI_C2_RULE_CST_NO_C2);
	}
	/* A _CST we cannot read is still a _CST: Linux would use it, not P_BLK. */
	if (cst->cst_methods || cst->cst_undecoded)
		return decided(ACPI_C2_NONE, 0, ACPI_C2_RULE_CST_NOT_DECODED);

	if (!cst->pblk_address || cst->pblk_length != PBLK_LEN_WITH_P_LVL2 ||
	    cst->pblk_address + PBLK_P_LVL2_OFFSET > 0xFFFF)
		return decided(ACPI_C2_NONE, 0, ACPI_C2_RULE_NO_PBLK);
	if (!in->fadt)
		return decided(ACPI_C2_NONE, 0, ACPI_C2_RULE_NO_FADT);
	if (in->enabled_cpus != 1 && !(in->fadt->flags & ACPI_FADT_P_LVL2_UP))
		return decided(ACPI_C2_NONE, 0, ACPI_C2_RULE_FADT_UP_ONLY);
	if (in->fadt->p_lvl2_lat > FADT_MAX_C2_LATENCY_US)
		return decided(ACPI_C2_NONE, 0, ACPI_C2_RULE_FADT_LATENCY);
	return decided(ACPI_C2_PBLK, (uint16_t)(cst->pblk_address + PBLK_P_LVL2_OFFSET), ACPI_C2_RULE_FADT_PBLK);
}

struct acpi_c2_decision acpi_decide_c2_port(const struct acpi_c2_inputs *in)
{
	uint16_t msr_port = 0;
	if (in->msr_present) {
		uint32_t base = (uint32_t)(in->msr_cstate_base & MSR_CSTATE_BASE_MASK);
		if (base && base < 0xFFFF)
			msr_port = (uint16_t)(base + 1);
	}

	struct acpi_c2_decision d = in->cmdline_present ? decided(ACPI_C2_CMDLINE, in->cmdline_port, ACPI_C2_RULE_CMDLINE)
							: decide_from_tables(in, msr_port);
	d.msr_port = msr_port;
	if (!in->msr_present)
		d.msr_check = ACPI_C2_MSR_NOT_READ;
	else if (!msr_port)
		d.msr_check = ACPI_C2_MSR_NO_BASE;
	else if (d.source == ACPI_C2_MSR)
		d.msr_check = ACPI_C2_MSR_IS_PORT;
	else if (d.source == ACPI_C2_NONE)
		d.msr_check = ACPI_C2_MSR_NO_PORT;
	else
		d.msr_check = d.port == msr_port ? ACPI_C2_MSR_AGREES : ACPI_C2_MSR_DIFFERS;
	return d;
}

const char *acpi_c2_kind_name(enum acpi_c2_kind kind)
{
	if ((unsigned)kind >= (unsigned)ACPI_C2_KIND_COUNT)
		return "unknown";
	return c2_kind_text[kind];
}

/* What the C2 port read enters.
 *
 * AMD/Hygon family >= 17h. Sources: AMD's AGESA CcxRegistersRv.h (family 17h
 * model 10h-2Fh register unions) and CcxZenZpC6.c/CcxZenRvC6.c, Hygon's HGPI
 * CcxDharmaC6.c (family 18h), coreboot soc/amd/common cpu_power_state.c; the
 * PPRs themselves (54945 for 17h model 01h, 55570 for 31h) could not be read
 * here, so every field below is "per AGESA, unverified against the PPR":
 *  - C001_0073 CStateBaseAddr: bits 15:0 CstateAddr, 0 = no port trapped.
 *    Firmware writes the same base on every thread (CcxZen*InitializeC6Aps)
 *    and puts its _CST C2 at base + 1.
 *  - C001_0296 CStateCfg: per C-state control register n (CCR0..CCR2) a
 *    CC1 DFS ID (bits 8n+5:8n) and CC6EN (bit 8n+6: 6, 14, 22); a CCR whose
 *    CC6EN is clear ends in CC1. Xen's AMD erratum 1474 fix and Microsoft's
 *    note on it disable CC6 by clearing bits 22, 14 and 6 of MSRC001_0296.
 *    Which CCR the read of base + 1 uses is unverified (base + n -> CCRn is
 *    the natural reading): every AGESA and HGPI path seen programs the three
 *    CCRs alike, so the kind is decided only when the three CC6EN agree.
 *    Hygon's HGPI also sets a CCRn_CC1EN field whose bit is not known here:
 *    it is recorded raw only.
 *  - C001_0292 PwrMgtMisc (bit 32 PC6En) and C001_0294 CStatePolicy (CC1 and
 *    hysteresis timers, cache flush on halt): recorded raw, not interpreted;
 *    neither changes which core state the read asks for.
 *
 * Intel: SDM vol. 4 (MSRs), Nehalem and later tables: MSR_PKG_CST_CONFIG_CONTROL
 * (0xE2) bit 10 "I/O MWAIT Redirection Enable: when set, will map IO_read
 * instructions sent to IO register specified by MSR_PMG_IO_CAPTURE_BASE to
 * MWAIT instructions"; MSR_PMG_IO_CAPTURE_BASE (0xE4) bits 15:0 LVL_2 Base
 * Address, bits 18:16 C-state Range (000b: C3 is the max C-state included,
 * 001b: C6, 010b: C7). That the range covers LVL_2 base .. base + range (one
 * port per deeper C-state, as P_LVL2..P_LVL4) is an inference, unverified. */
#define CSTATE_CFG_CC6EN(n) (1ull << (8 * (n) + 6))
#define INTEL_IO_MWAIT_REDIRECT (1ull << 10)
#define INTEL_CAPTURE_RANGE_MAX 2u

static void note_forced(struct acpi_c2_entry *out, bool cmdline, uint16_t port, const char *why)
{
	out->offer = cmdline;
	if (cmdline)
		fmt_snprintf(out->note, sizeof out->note, "c2port=0x%x given: run, but not the trapped port (%s)", port,
			     why);
	else
		fmt_snprintf(out->note, sizeof out->note, "%s; give c2port= to run it anyway", why);
}

static void decide_amd(const struct acpi_c2_hw *hw, uint16_t port, bool cmdline, struct acpi_c2_entry *out)
{
	char why[160];

	if (hw->cstate_base.state != ACPI_MSR_READ) {
		out->kind = ACPI_C2_KIND_UNKNOWN;
		note_forced(out, cmdline, port, "CStateBaseAddr (MSR C001_0073) unreadable: no port is known to be trapped");
		return;
	}
	uint32_t base = (uint32_t)(hw->cstate_base.value & MSR_CSTATE_BASE_MASK);
	if (!base) {
		out->kind = ACPI_C2_KIND_UNTRAPPED;
		note_forced(out, cmdline, port,
			    "CStateBaseAddr (MSR C001_0073) is 0: the core traps no port, the read only reaches the chipset");
		return;
	}
	if (base + 1 != port) {
		out->kind = ACPI_C2_KIND_UNKNOWN;
		fmt_snprintf(why, sizeof why, "port 0x%x is not CStateBaseAddr+1 (0x%x)", port, base + 1);
		note_forced(out, cmdline, port, why);
		return;
	}
	out->trapped = true;
	out->offer = true;
	if (hw->cstate_cfg.state != ACPI_MSR_READ) {
		out->kind = ACPI_C2_KIND_UNKNOWN;
		fmt_snprintf(out->note, sizeof out->note, "CStateCfg (MSR C001_0296) unreadable: CC1 or CC6 unknown");
		return;
	}
	unsigned cc6 = 0;
	for (unsigned n = 0; n < 3; n++)
		cc6 += (hw->cstate_cfg.value & CSTATE_CFG_CC6EN(n)) != 0;
	if (cc6 == 3)
		out->kind = ACPI_C2_KIND_CC6;
	else if (cc6 == 0)
		out->kind = ACPI_C2_KIND_CC1;
	else {
		out->kind = ACPI_C2_KIND_UNKNOWN;
		fmt_snprintf(out->note, sizeof out->note,
			     "CStateCfg (MSR C001_0296) CC6EN differs between CCR0..CCR2 and which one base+1 uses is unverified");
	}
}

static void decide_intel(const struct acpi_c2_hw *hw, uint16_t port, bool cmdline, struct acpi_c2_entry *out)
{
	char why[160];

	out->kind = ACPI_C2_KIND_UNKNOWN;
	if (hw->pkg_cst_config.state != ACPI_MSR_READ) {
		note_forced(out, cmdline, port, "MSR_PKG_CST_CONFIG_CONTROL (0xE2) unreadable: I/O MWAIT redirection unknown");
		return;
	}
	if (!(hw->pkg_cst_config.value & INTEL_IO_MWAIT_REDIRECT)) {
		out->kind = ACPI_C2_KIND_UNTRAPPED;
		note_forced(out, cmdline, port, "I/O MWAIT redirection off (MSR 0xE2 bit 10 clear)");
		return;
	}
	if (hw->io_capture_base.state != ACPI_MSR_READ) {
		note_forced(out, cmdline, port, "MSR_PMG_IO_CAPTURE_BASE (0xE4) unreadable: the redirected range is unknown");
		return;
	}
	uint32_t base = (uint32_t)(hw->io_capture_base.value & 0xFFFFu);
	uint32_t range = (uint32_t)(hw->io_capture_base.value >> 16) & 7u;
	if (range > INTEL_CAPTURE_RANGE_MAX) {
		fmt_snprintf(why, sizeof why, "MSR 0xE4 C-state range %u is not one the SDM names", range);
		note_forced(out, cmdline, port, why);
		return;
	}
	if (port < base || port > base + range) {
		out->kind = ACPI_C2_KIND_UNTRAPPED;
		fmt_snprintf(why, sizeof why, "port 0x%x outside the redirected range 0x%x-0x%x (MSR 0xE4)", port, base,
			     base + range);
		note_forced(out, cmdline, port, why);
		return;
	}
	/* Redirected to MWAIT: which core C-state is the processor's (not CC1/CC6 words). */
	out->trapped = true;
	out->offer = true;
	fmt_snprintf(out->note, sizeof out->note, "redirected to MWAIT (MSR 0xE4 LVL_2 base 0x%x, range %u)", base, range);
}

void acpi_c2_entry_decide(const struct acpi_c2_hw *hw, bool have_port, uint16_t port, bool cmdline,
			  struct acpi_c2_entry *out)
{
	out->kind = ACPI_C2_KIND_UNKNOWN;
	out->offer = have_port;
	out->trapped = false;
	out->note[0] = '\0';
	/* drivers/acpi/processor_idle.c io_idle() (earlier wait_for_freeze()):
	 * after the port read, a dummy inl() of the PM timer, skipped in a
	 * guest and, since the "Assume that any Intel systems using this are
	 * ancient" change, on every vendor but Intel. */
	out->pm_timer_dummy = hw->vendor == ACPI_C2_VENDOR_INTEL && !hw->hypervisor;
	if (!have_port)
		return; /* nothing to run: the caller names the missing port */
	if (hw->vendor == ACPI_C2_VENDOR_AMD && hw->family >= 0x17)
		decide_amd(hw, port, cmdline, out);
	else if (hw->vendor == ACPI_C2_VENDOR_INTEL)
		decide_intel(hw, port, cmdline, out);
}
