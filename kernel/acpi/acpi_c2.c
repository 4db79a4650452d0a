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

#define PBLK_P_LVL2_OFFSET 4
#define PBLK_LEN_WITH_P_LVL2 6
#define FADT_MAX_C2_LATENCY_US 100
#define MSR_CSTATE_BASE_MASK 0xFFFFu

#define ACPI_C2_TEXT_ITEM(name, text) text,
static const char *const c2_source_text[] = { ACPI_C2_SOURCES(ACPI_C2_TEXT_ITEM) };
static const char *const c2_rule_text[] = { ACPI_C2_RULES(ACPI_C2_TEXT_ITEM) };
static const char *const c2_msr_check_text[] = { ACPI_C2_MSR_CHECKS(ACPI_C2_TEXT_ITEM) };
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
