/* APERF 0xE8 / MPERF 0xE7 (CPUID.06H:ECX[0]; SDM Vol. 3B 14.2). Energy:
 * AMD/Hygon RAPL when CPUID Fn8000_0007_EDX[14]: unit MSR C001_0299 (energy
 * unit = 1/2^ESU J, ESU = bits 12:8), core energy C001_029A (the core of the
 * CPU that reads it, both its threads), package energy C001_029B (AMD PPR for
 * family 17h; Hygon follows it). Intel RAPL is model-specific and not read. */
#include "kernel/arch/msr.h"
#include "kernel/experiment/counters.h"

#define MSR_MPERF 0xE7
#define MSR_APERF 0xE8
#define MSR_AMD_RAPL_UNIT 0xC0010299
#define MSR_AMD_CORE_ENERGY 0xC001029A
#define MSR_AMD_PKG_ENERGY 0xC001029B

void counters_detect(const struct platform *p, struct counter_set *set)
{
	uint64_t unit, core;

	set->aperfmperf = p->feat.aperfmperf;
	set->energy = set->core_energy = false;
	set->energy_unit_uj = 0;
	set->energy_scope = "";
	set->energy_none = p->feat.rapl == CPU_RAPL_MODEL_SPECIFIC ? "Intel RAPL is model-specific and not read"
			   : p->feat.rapl == CPU_RAPL_NONE	  ? "no RAPL (CPUID Fn8000_0007_EDX[14] clear or not AMD/Hygon)"
								  : "no RAPL (unit MSR C001_0299 unreadable)";
	if (p->feat.rapl == CPU_RAPL_AMD && rdmsr_safe(MSR_AMD_RAPL_UNIT, &unit) == 0) {
		unsigned esu = (unsigned)(unit >> 8) & 0x1F;
		set->energy = true;
		set->energy_msr = MSR_AMD_PKG_ENERGY;
		set->energy_unit_uj = 1e6 / (double)(1ull << esu);
		set->energy_scope = "package";
		set->core_energy = rdmsr_safe(MSR_AMD_CORE_ENERGY, &core) == 0;
		set->energy_none = NULL;
	}
}

void counters_read(const struct counter_set *set, struct counters *out)
{
	out->aperf = out->mperf = out->energy = 0;
	if (set->aperfmperf) {
		rdmsr_safe(MSR_MPERF, &out->mperf);
		rdmsr_safe(MSR_APERF, &out->aperf);
	}
	out->core_energy = 0;
	if (set->energy)
		rdmsr_safe(set->energy_msr, &out->energy);
	if (set->core_energy)
		rdmsr_safe(MSR_AMD_CORE_ENERGY, &out->core_energy);
}

double counters_energy_uj(const struct counter_set *set, const struct counters *a, const struct counters *b)
{
	uint32_t d = (uint32_t)b->energy - (uint32_t)a->energy;

	return (double)d * set->energy_unit_uj;
}

double counters_core_energy_uj(const struct counter_set *set, const struct counters *a, const struct counters *b)
{
	uint32_t d = (uint32_t)b->core_energy - (uint32_t)a->core_energy;

	return (double)d * set->energy_unit_uj;
}
