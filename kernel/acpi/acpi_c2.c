/* The C2 port decision. Sources, strongest first:
 *  - the user (`c2port=`), who may know better than the firmware;
 *  - `_CST` (ACPI 6.5 §8.4.1.1), what the OS uses when it exists;
 *  - AMD/Hygon MSR C001_0073 CStateBaseAddr (AMD PPR, "IO-based C-state
 *    base"): the core traps reads of base+N as entry to C-state N+1, and
 *    firmware's own _CST puts C2 at base + 1 (coreboot cpu_power_state.c);
 *  - P_BLK (§8.1.2): P_LVL2 is the byte at P_BLK + 4, defined only when the
 *    Processor object declares a 6-byte P_BLK. */
#include "kernel/acpi/acpi_c2.h"

#define PBLK_P_LVL2_OFFSET 4
#define PBLK_MIN_LEN_FOR_P_LVL2 6
#define MSR_CSTATE_BASE_MASK 0xFFFFu

#define ACPI_C2_SOURCE_TEXT_ITEM(name, text) text,
static const char *const c2_source_text[] = { ACPI_C2_SOURCES(ACPI_C2_SOURCE_TEXT_ITEM) };
#undef ACPI_C2_SOURCE_TEXT_ITEM

const char *acpi_c2_source_name(enum acpi_c2_source source)
{
	if ((unsigned)source >= (unsigned)ACPI_C2_SOURCE_COUNT)
		return "none";
	return c2_source_text[source];
}

static struct acpi_c2_decision decided(enum acpi_c2_source source, uint16_t port)
{
	struct acpi_c2_decision d = { source, port };
	return d;
}

struct acpi_c2_decision acpi_decide_c2_port(const struct acpi_c2_inputs *in)
{
	if (in->cmdline_present)
		return decided(ACPI_C2_CMDLINE, in->cmdline_port);

	/* states[] is sorted by type then address: the first match is the lowest. */
	if (in->cst)
		for (size_t i = 0; i < in->cst->count; i++) {
			const struct acpi_cstate *s = &in->cst->states[i];
			if (s->type == 2 && s->space == ACPI_SPACE_SYSTEM_IO && s->address && s->address <= 0xFFFF)
				return decided(ACPI_C2_CST, (uint16_t)s->address);
		}

	if (in->msr_present) {
		uint32_t base = (uint32_t)(in->msr_cstate_base & MSR_CSTATE_BASE_MASK);
		if (base && base < 0xFFFF)
			return decided(ACPI_C2_MSR, (uint16_t)(base + 1));
	}

	if (in->cst && in->cst->pblk_address && in->cst->pblk_length >= PBLK_MIN_LEN_FOR_P_LVL2 &&
	    in->cst->pblk_address + PBLK_P_LVL2_OFFSET <= 0xFFFF)
		return decided(ACPI_C2_PBLK, (uint16_t)(in->cst->pblk_address + PBLK_P_LVL2_OFFSET));

	return decided(ACPI_C2_NONE, 0);
}
