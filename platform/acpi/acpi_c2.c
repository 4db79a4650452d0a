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
 * own _CST puts C2 at base + 1 (coreboot cpu_power_state.c: C-state n at
 * cstate_io_base_address + ctype - 1). Linux never reads
 * it, so it only cross-checks the chosen port, and gives the port only when
 * a static _CST declares a C2 that is not an I/O port (an FFixedHW C2, which
 * Linux enters by MWAIT: we infer, not know, that base + 1 reaches the same
 * state). Firmware with no _CST and no usable P_BLK gets no C2 from the MSR:
 * Linux would stay in C1 there. */
#include "platform/acpi/acpi_c2.h"
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

/* What the C2 port read requests, and whether it may be run.
 *
 * A C-state an AMD/Hygon port read requests belongs to the core: the core
 * reaches it only when every thread of it is idle, so while the measured
 * thread runs the core stays in C0 and the read only halts the sibling
 * thread (illumos uts/oxide/os/cpupm/cpupm_oxide.c and
 * uts/intel/sys/amdzen/ccx.h: the CCRs are per core, "L3::SCFCTP::PMC_CCR").
 * The kinds name the request, not a state entered.
 *
 * AMD/Hygon family >= 17h:
 *  - C001_0073 CStateBaseAddr bits 15:0 CstateAddr, 0 = no port trapped
 *    (AGESA CcxZen*InitializeC6Aps and Hygon HGPI CcxDharmaInitializeC6Aps
 *    write the same base on every thread). The core traps base .. base + 2:
 *    coreboot src/soc/amd/common/block/acpi/cpu_power_state.c puts _CST
 *    C-state n at "cstate_io_base_address + data->ctype - 1" (C2 at base + 1,
 *    C3 at base + 2), and AGESA's SSDT generator (Universal/Acpi
 *    AmdAcpiCpuSsdt.c) its _LPI C3 at "IoCstateAddr + 2". Which CCR each of
 *    the three selects no source here says (base + n -> CCRn is the natural
 *    reading, unverified): the kind is decided only when the three CCRs
 *    agree, and the note says the CCR is unknown.
 *  - C001_0296 CStateCfg: per CCRn (n = 0..2) CC1DFSID in bits 8n+5:8n and
 *    CC6EN in bit 8n+6 (6, 14, 22): illumos uts/intel/sys/amdzen/ccx.h
 *    (CSTATE_CFG CCR0_CC1DFSID 5:0, CCR0_CC6EN 6, CCR1_* 13:8 and 14,
 *    CCR2_* 21:16 and 22), Xen xen/arch/x86/cpu/amd.c fam17_disable_c6
 *    ("Disable C6 by clearing the CCR{0,1,2}_CC6EN bits"), AGESA
 *    CcxRegistersZp.h CSTATE_CFG_MSR. A CCR whose CC6EN is clear requests
 *    CC1. Hygon's HGPI also sets a CCRn_CC1EN field whose bit is not known
 *    here: it is recorded raw only.
 *  - C001_0292 PwrMgtMisc (bit 32 PC6En) and C001_0294 CStatePolicy: recorded
 *    raw, not interpreted; neither changes which core state the read asks for.
 *
 * Intel: SDM vol. 4 (MSRs), Nehalem and later: MSR_PKG_CST_CONFIG_CONTROL
 * (0xE2) bit 10 "I/O MWAIT Redirection Enable: when set, will map IO_read
 * instructions sent to IO register specified by MSR_PMG_IO_CAPTURE_BASE to
 * MWAIT instructions"; MSR_PMG_IO_CAPTURE_BASE (0xE4) bits 15:0 LVL_2 Base
 * Address, bits 18:16 C-state Range. Intel's reference code names range
 * values 0..5: CpuRegs.h V_IO_CAPT_LVL2 0 "C3", LVL3 1 "C6", LVL4 2 "C7",
 * LVL5 3 "C8", LVL6 4 "C9", LVL7 5 "C10" (e.g. Kaby Lake's
 * KabylakeSiliconPkg, BSD-licensed CpuRegs.h copies); IdleStates.c
 * (KabylakeSiliconPkg/Cpu/Library/Private/PeiCpuPowerMgmtLib) sets LVL_2 to
 * ACPI base + PM_CST_LVL2 and the range to the deepest state enabled, and
 * gives _CST's deepest state the port PCH_ACPI_LV5..LV7 for C8..C10, so
 * base + k (P_LVL(k+2)) requests the k-th of C3, C6, C7, C8, C9, C10 and the
 * range covers base .. base + range: the range values are the reference
 * code's, the per-port mapping is inferred, unverified (the values of
 * PCH_ACPI_LV5..LV7 were not read; docs/real-hardware.md lists it). Values 6
 * and 7 no source names.
 *
 * A port no core traps is a read of the chipset: an Intel ICH's LV2 register
 * (PMBASE + 14h, ACPI P_BLK + 4) "generate[s] a 'enter a level 2 power
 * state' (C2) to the clock control logic. This will cause the STPCLK# signal
 * to go active, and stay active until a break event occurs", and "should not
 * be used by ... systems with more than 1 logical processor" (Intel ICH10
 * datasheet 319973, 13.8.3.6 LV2 - Level 2 Register). The measured CPU runs
 * with IF = 0 and its interrupt sources masked: nothing may end it. Whether
 * current PCHs and AMD FCHs still do this is unknown, so such a read is
 * refused unless the user asks for it (c2_untrapped=run). */
#define CSTATE_CFG_CC6EN(n) (1ull << (8 * (n) + 6))
#define AMD_TRAPPED_PORTS 3u /* base .. base + 2 */
#define INTEL_IO_MWAIT_REDIRECT (1ull << 10)
#define INTEL_CAPTURE_RANGE_MAX 5u

static const char *const intel_range_state[INTEL_CAPTURE_RANGE_MAX + 1] = { "C3", "C6", "C7", "C8", "C9", "C10" };

#define UNTRAPPED_RISK                                                                                                \
	"a read no core traps reaches the chipset, where P_LVL2 asserts STPCLK# until a break event (Intel ICH10 "      \
	"datasheet 13.8.3.6) and the measured CPU, IF=0, takes none: it may stop the package"

/* A port not known to be trapped: refused unless c2port= and
 * c2_untrapped=run both ask for it. */
static void note_untrapped(struct acpi_c2_entry *out, const struct acpi_c2_choice *c, const char *why)
{
	out->offer = c->cmdline && c->untrapped_run;
	if (out->offer)
		fmt_snprintf(out->note, sizeof out->note,
			     "c2port=0x%x c2_untrapped=run given: run on a port no core is known to trap (%s); " UNTRAPPED_RISK,
			     c->port, why);
	else if (c->cmdline)
		fmt_snprintf(out->note, sizeof out->note, "c2port=0x%x refused: %s; " UNTRAPPED_RISK "; add c2_untrapped=run to run it anyway",
			     c->port, why);
	else
		fmt_snprintf(out->note, sizeof out->note, "%s; " UNTRAPPED_RISK "; give c2port=0x%x c2_untrapped=run to run it anyway",
			     why, c->port);
}

static void decide_amd(const struct acpi_c2_hw *hw, const struct acpi_c2_choice *c, struct acpi_c2_entry *out)
{
	char why[160];

	if (hw->cstate_base.state != ACPI_MSR_READ) {
		out->kind = ACPI_C2_KIND_UNKNOWN;
		note_untrapped(out, c, "CStateBaseAddr (MSR C001_0073) unreadable: no port is known to be trapped");
		return;
	}
	uint32_t base = (uint32_t)(hw->cstate_base.value & MSR_CSTATE_BASE_MASK);
	if (!base) {
		out->kind = ACPI_C2_KIND_UNTRAPPED;
		note_untrapped(out, c, "CStateBaseAddr (MSR C001_0073) is 0: the core traps no port");
		return;
	}
	if (c->port < base || c->port >= base + AMD_TRAPPED_PORTS) {
		out->kind = ACPI_C2_KIND_UNKNOWN;
		fmt_snprintf(why, sizeof why, "port 0x%x is outside CStateBaseAddr..+2 (0x%x-0x%x)", c->port, base,
			     base + AMD_TRAPPED_PORTS - 1);
		note_untrapped(out, c, why);
		return;
	}
	unsigned k = c->port - base;
	out->trapped = true;
	out->offer = true;
	if (hw->cstate_cfg.state != ACPI_MSR_READ) {
		out->kind = ACPI_C2_KIND_UNKNOWN;
		fmt_snprintf(out->note, sizeof out->note,
			     "CStateBaseAddr+%u (I/O C-state %u); CStateCfg (MSR C001_0296) unreadable: CC1 or CC6 unknown", k,
			     k + 1);
		return;
	}
	unsigned cc6 = 0;
	for (unsigned n = 0; n < 3; n++)
		cc6 += (hw->cstate_cfg.value & CSTATE_CFG_CC6EN(n)) != 0;
	if (cc6 == 3 || cc6 == 0) {
		out->kind = cc6 ? ACPI_C2_KIND_CC6 : ACPI_C2_KIND_CC1;
		fmt_snprintf(out->note, sizeof out->note,
			     "CStateBaseAddr+%u (I/O C-state %u) requests %s, which the core reaches only when all its "
			     "threads idle; its CCR is unknown, CCR0..CCR2 agree",
			     k, k + 1, cc6 ? "CC6" : "CC1");
	} else {
		out->kind = ACPI_C2_KIND_UNKNOWN;
		fmt_snprintf(out->note, sizeof out->note,
			     "CStateBaseAddr+%u (I/O C-state %u): CStateCfg (MSR C001_0296) CC6EN differs between "
			     "CCR0..CCR2 and which CCR the port selects is unknown",
			     k, k + 1);
	}
}

static void decide_intel(const struct acpi_c2_hw *hw, const struct acpi_c2_choice *c, struct acpi_c2_entry *out)
{
	char why[160];

	out->kind = ACPI_C2_KIND_UNKNOWN;
	if (hw->pkg_cst_config.state != ACPI_MSR_READ) {
		note_untrapped(out, c, "MSR_PKG_CST_CONFIG_CONTROL (0xE2) unreadable: I/O MWAIT redirection unknown");
		return;
	}
	if (!(hw->pkg_cst_config.value & INTEL_IO_MWAIT_REDIRECT)) {
		out->kind = ACPI_C2_KIND_UNTRAPPED;
		note_untrapped(out, c, "I/O MWAIT redirection off (MSR 0xE2 bit 10 clear)");
		return;
	}
	if (hw->io_capture_base.state != ACPI_MSR_READ) {
		note_untrapped(out, c, "MSR_PMG_IO_CAPTURE_BASE (0xE4) unreadable: the redirected range is unknown");
		return;
	}
	uint32_t base = (uint32_t)(hw->io_capture_base.value & 0xFFFFu);
	uint32_t range = (uint32_t)(hw->io_capture_base.value >> 16) & 7u;
	if (range > INTEL_CAPTURE_RANGE_MAX) {
		fmt_snprintf(why, sizeof why, "MSR 0xE4 C-state range %u is not one Intel's reference code names (0..5)",
			     range);
		note_untrapped(out, c, why);
		return;
	}
	if (c->port < base || c->port > base + range) {
		out->kind = ACPI_C2_KIND_UNTRAPPED;
		fmt_snprintf(why, sizeof why, "port 0x%x outside the redirected range 0x%x-0x%x (MSR 0xE4)", c->port, base,
			     base + range);
		note_untrapped(out, c, why);
		return;
	}
	/* Redirected to MWAIT: the kind stays unknown (CC1/CC6 are AMD's words);
	 * the note names the state the read requests, P_LVLn -> state being
	 * inferred, unverified (see the comment above intel_range_state). */
	unsigned k = c->port - base;
	out->trapped = true;
	out->offer = true;
	fmt_snprintf(out->note, sizeof out->note,
		     "redirected to MWAIT: P_LVL%u (MSR 0xE4 LVL_2 base 0x%x + %u, range %u) requests %s (inferred, "
		     "unverified), which the core reaches only when all its threads idle",
		     k + 2, base, k, range, intel_range_state[k]);
}

void acpi_c2_entry_decide(const struct acpi_c2_hw *hw, const struct acpi_c2_choice *c, struct acpi_c2_entry *out)
{
	out->kind = ACPI_C2_KIND_UNKNOWN;
	out->offer = c->have_port;
	out->trapped = false;
	out->note[0] = '\0';
	/* drivers/acpi/processor_idle.c io_idle() (earlier wait_for_freeze()):
	 * after the port read, a dummy inl() of the PM timer, skipped in a
	 * guest and, since the "Assume that any Intel systems using this are
	 * ancient" change, on every vendor but Intel. */
	out->pm_timer_dummy = hw->vendor == ACPI_C2_VENDOR_INTEL && !hw->hypervisor;
	if (!c->have_port)
		return; /* nothing to run: the caller names the missing port */
	if (hw->vendor == ACPI_C2_VENDOR_AMD && hw->family >= 0x17)
		decide_amd(hw, c, out);
	else if (hw->vendor == ACPI_C2_VENDOR_INTEL)
		decide_intel(hw, c, out);
	else if (c->cmdline) {
		/* AMD/Hygon before 17h, Zhaoxin/VIA, any other vendor: no trap
		 * register is read, so no core is known to trap a port the user
		 * gave; the same refusal as above. A port the firmware's _CST
		 * declares stays offered (kind unknown), as Linux reads it. */
		char why[160];
		fmt_snprintf(why, sizeof why, "%s family 0x%x: no register says a core traps it",
			     hw->vendor == ACPI_C2_VENDOR_AMD ? "AMD/Hygon" : "this vendor's", (unsigned)hw->family);
		note_untrapped(out, c, why);
	}
}
