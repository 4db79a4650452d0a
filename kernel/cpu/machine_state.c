/* LFENCE and boost decisions (see machine_state.h). */
#include "kernel/cpu/machine_state.h"

static bool is_amd_like(const struct cpu_identity *id)
{
	return id->vendor_id == CPU_VENDOR_AMD || id->vendor_id == CPU_VENDOR_HYGON;
}

/* AMD families 0Fh and 11h always serialise LFENCE dispatch and have no
 * DE_CFG bit for it (AMD, "Software Techniques for Managing Speculation on
 * AMD Processors"; Xen's init_amd treats them the same way). */
static bool family_always_serializes(const struct cpu_identity *id)
{
	return id->vendor_id == CPU_VENDOR_AMD && (id->family == 0x0F || id->family == 0x11);
}

bool cpu_lfence_wants_de_cfg(const struct cpu_identity *id, const struct cpu_features *f)
{
	return is_amd_like(id) && id->family >= 0x10 && !family_always_serializes(id) && !f->lfence_always_serializing;
}

enum cpu_lfence cpu_lfence_decide(const struct cpu_identity *id, const struct cpu_features *f,
				  struct cpu_msr_value before, struct cpu_msr_value after)
{
	if (id->vendor_id == CPU_VENDOR_INTEL)
		return CPU_LFENCE_ARCHITECTURAL;
	if (is_amd_like(id) && f->lfence_always_serializing)
		return CPU_LFENCE_ALWAYS;
	if (family_always_serializes(id))
		return CPU_LFENCE_FAMILY;
	if (!cpu_lfence_wants_de_cfg(id, f))
		return CPU_LFENCE_UNKNOWN;
	if (before.present && (before.value & DE_CFG_LFENCE_SERIALIZE))
		return CPU_LFENCE_ALREADY;
	if (before.present && after.present && (after.value & DE_CFG_LFENCE_SERIALIZE))
		return CPU_LFENCE_SET;
	return CPU_LFENCE_NOT_SET;
}

const char *cpu_lfence_value(enum cpu_lfence l)
{
	switch (l) {
	case CPU_LFENCE_ARCHITECTURAL:
	case CPU_LFENCE_ALWAYS:
	case CPU_LFENCE_ALREADY:
		return "yes";
	case CPU_LFENCE_FAMILY:
		return "yes";
	case CPU_LFENCE_SET:
		return "set";
	case CPU_LFENCE_UNKNOWN:
		return "unknown"; /* nothing measured: not a "no" */
	case CPU_LFENCE_NOT_SET:
		break;
	}
	return "no";
}

const char *cpu_lfence_source(enum cpu_lfence l)
{
	switch (l) {
	case CPU_LFENCE_ARCHITECTURAL:
		return "intel-architectural";
	case CPU_LFENCE_ALWAYS:
		return "cpuid-8000_0021";
	case CPU_LFENCE_FAMILY:
		return "family";
	case CPU_LFENCE_ALREADY:
	case CPU_LFENCE_SET:
		return "de_cfg";
	case CPU_LFENCE_NOT_SET:
		return "de_cfg-unwritable";
	case CPU_LFENCE_UNKNOWN:
		break;
	}
	return "unknown";
}

/* Parts that boost although CPUID 8000_0007 EDX[9] (CPB) is clear (the
 * fixtures hygon_c86_7185.txt and amd_ryzen7_1800x.txt: EDX = 0x6599).
 * Linux sets X86_FEATURE_CPB for them: unconditionally in init_hygon()
 * (arch/x86/kernel/cpu/hygon.c), and in init_amd_zen1() (amd.c, "Erratum
 * 1076: CPB feature bit not being set in CPUID", only when not under a
 * hypervisor) for the models bsp_init_amd() calls Zen 1: family 17h models
 * 00h-2Fh and 50h-5Fh. Under a hypervisor the CPUID bit is left to speak
 * (the guest's HWCR is the hypervisor's answer anyway). */
static bool cpb_unenumerated(const struct cpu_identity *id)
{
	if (id->hypervisor)
		return false;
	if (id->vendor_id == CPU_VENDOR_HYGON)
		return id->family == 0x18;
	return id->vendor_id == CPU_VENDOR_AMD && id->family == 0x17 &&
	       (id->model <= 0x2F || (id->model >= 0x50 && id->model <= 0x5F));
}

enum cpu_boost cpu_boost_decide(const struct cpu_identity *id, const struct cpu_features *f, struct cpu_msr_value ctl)
{
	/* Intel: setting MISC_ENABLE bit 38 also clears CPUID.06H:EAX[1] (SDM
	 * vol. 4, table 2-2), so the MSR is asked first. */
	if (id->vendor_id == CPU_VENDOR_INTEL && ctl.present && (ctl.value & MISC_ENABLE_TURBO_DISABLE))
		return CPU_BOOST_DISABLED;
	if (!f->boost && !cpb_unenumerated(id))
		return CPU_BOOST_ABSENT;
	if (!ctl.present)
		return CPU_BOOST_UNKNOWN;
	if (is_amd_like(id))
		return ctl.value & HWCR_CPB_DIS ? CPU_BOOST_DISABLED : CPU_BOOST_ENABLED;
	if (id->vendor_id == CPU_VENDOR_INTEL)
		return ctl.value & MISC_ENABLE_TURBO_DISABLE ? CPU_BOOST_DISABLED : CPU_BOOST_ENABLED;
	return CPU_BOOST_UNKNOWN;
}

const char *cpu_boost_name(enum cpu_boost b)
{
	switch (b) {
	case CPU_BOOST_ENABLED:
		return "enabled";
	case CPU_BOOST_DISABLED:
		return "disabled";
	case CPU_BOOST_ABSENT:
		return "absent";
	case CPU_BOOST_UNKNOWN:
		break;
	}
	return "unknown";
}
