/* Feature decoding. Bit positions: Intel SDM Vol. 2A, CPUID, Tables 3-8 ("Information
 * Returned by CPUID"), 3-10/3-11 (feature flags in ECX/EDX of leaf 01H); AMD APM
 * Vol. 3, Appendix E (Fn8000_0001_ECX, Fn8000_0007_EDX). */
#include "platform/cpu/cpu_features.h"

#include "lib/mem.h"

#define BIT(n) (1u << (n))

/* CPUID.01H */
#define L01_ECX_MONITOR  BIT(3)
#define L01_ECX_X2APIC   BIT(21)
#define L01_ECX_OSXSAVE  BIT(27)
#define L01_ECX_AVX      BIT(28)
#define L01_ECX_RDRAND   BIT(30)
#define L01_EDX_HTT      BIT(28)
/* CPUID.05H:ECX */
#define L05_ECX_EMX      BIT(0)
#define L05_ECX_IBE      BIT(1)
/* CPUID.06H:ECX */
#define L06_ECX_APERFMPERF BIT(0)
/* CPUID.(07H,0):EBX */
#define L07_EBX_AVX2     BIT(5)
#define L07_EBX_AVX512F  BIT(16)
/* CPUID.80000001H:ECX (AMD) */
#define E01_ECX_TOPOEXT  BIT(22)
#define E01_ECX_MWAITX   BIT(29)
#define E01_ECX_PERFCTR_CORE BIT(23) /* AMD APM vol. 3, CPUID Fn8000_0001 ECX: PerfCtrExtCore */
/* CPUID.80000008H:EBX (AMD) */
#define E08_EBX_IRPERF   BIT(1)   /* AMD APM vol. 3, CPUID Fn8000_0008 EBX: IRPERF (MSR C000_00E9) */
/* CPUID.80000007H:EDX */
#define E07_EDX_INVARIANT_TSC BIT(8)
#define E07_EDX_HW_PSTATE BIT(7)  /* AMD APM vol. 3, CPUID Fn8000_0007 EDX: HwPstate */
#define E07_EDX_CPB      BIT(9)   /* ... CPB: core performance boost */
#define E21_EAX_LFENCE_ALWAYS BIT(2) /* AMD CPUID Fn8000_0021 EAX: LfenceAlwaysSerializing */
#define E22_EAX_PERFMON_V2 BIT(0)    /* AMD APM vol. 3, CPUID Fn8000_0022 EAX[0]: PerfMonV2 (PerfCntrGlobalCtl) */
#define L06_EAX_TURBO    BIT(1)   /* SDM vol. 2A, CPUID leaf 06H EAX[1]: Intel Turbo Boost available */
#define E07_EDX_RAPL     BIT(14) /* AMD PPR "RAPL: running average power limit" */

/* AMD HWCR (MSR C001_0015) bit 9 MonMwaitDis: "MONITOR and MWAIT disable. When
 * set, these instructions are invalid" and CPUID.01H:ECX[3] reads 0 (AMD BKDG
 * fam 10h-16h, PPR fam 17h). */
#define HWCR_MON_MWAIT_DIS (1ull << 9)

static bool is_amd_like(enum cpu_vendor v)
{
	return v == CPU_VENDOR_AMD || v == CPU_VENDOR_HYGON;
}

void cpu_features_read(cpuid_fn fn, void *ctx, const struct cpu_identity *id, struct cpu_features *out)
{
	uint32_t r[4];

	memset(out, 0, sizeof *out);
	if (id->max_basic >= 1) {
		fn(ctx, 1, 0, r);
		out->monitor = (r[CPUID_ECX] & L01_ECX_MONITOR) != 0;
		out->x2apic = (r[CPUID_ECX] & L01_ECX_X2APIC) != 0;
		out->osxsave = (r[CPUID_ECX] & L01_ECX_OSXSAVE) != 0;
		out->rdrand = (r[CPUID_ECX] & L01_ECX_RDRAND) != 0;
		out->avx = (r[CPUID_ECX] & L01_ECX_AVX) != 0;
		out->htt = (r[CPUID_EDX] & L01_EDX_HTT) != 0;
	}
	if (id->max_basic >= 5) {
		out->leaf5 = true;
		fn(ctx, 5, 0, r);
		out->mwait_line_min = r[CPUID_EAX] & 0xFFFF;
		out->mwait_line_max = r[CPUID_EBX] & 0xFFFF;
		out->mwait_emx = (r[CPUID_ECX] & L05_ECX_EMX) != 0;
		out->mwait_ibe = (r[CPUID_ECX] & L05_ECX_IBE) != 0;
		for (int i = 0; i < 8; i++)
			out->mwait_substates[i] = (uint8_t)((r[CPUID_EDX] >> (4 * i)) & 0xF);
	}
	if (id->max_basic >= 6) {
		fn(ctx, 6, 0, r);
		out->aperfmperf = (r[CPUID_ECX] & L06_ECX_APERFMPERF) != 0;
		if (id->vendor_id == CPU_VENDOR_INTEL)
			out->boost = (r[CPUID_EAX] & L06_EAX_TURBO) != 0;
	}
	if (id->max_basic >= 7) {
		fn(ctx, 7, 0, r);
		out->avx2 = (r[CPUID_EBX] & L07_EBX_AVX2) != 0;
		out->avx512f = (r[CPUID_EBX] & L07_EBX_AVX512F) != 0;
	}
	if (id->max_basic >= 0x15) {
		/* SDM Vol. 2A, CPUID leaf 15H: TSC = crystal * EBX / EAX; ECX may be 0
		 * ("not enumerated"), e.g. on Skylake client parts. */
		fn(ctx, 0x15, 0, r);
		out->tsc_ratio_den = r[CPUID_EAX];
		out->tsc_ratio_num = r[CPUID_EBX];
		out->crystal_hz = r[CPUID_ECX];
		if (out->tsc_ratio_den && out->tsc_ratio_num && out->crystal_hz)
			out->tsc_hz_cpuid = (uint64_t)out->crystal_hz * out->tsc_ratio_num / out->tsc_ratio_den;
	}
	if (id->max_basic >= 0x16) {
		fn(ctx, 0x16, 0, r);
		out->base_mhz = r[CPUID_EAX] & 0xFFFF;
		out->max_mhz = r[CPUID_EBX] & 0xFFFF;
		out->bus_mhz = r[CPUID_ECX] & 0xFFFF;
	}
	if (id->vendor_id == CPU_VENDOR_INTEL && id->max_basic >= 0xA) {
		/* SDM vol. 2A, CPUID leaf 0AH; vol. 3B 20.2 (architectural
		 * performance monitoring versions 1-5). EDX is defined from version 2. */
		fn(ctx, 0xA, 0, r);
		out->pmu_version = r[CPUID_EAX] & 0xFF;
		out->pmu_gp = (r[CPUID_EAX] >> 8) & 0xFF;
		out->pmu_gp_width = (r[CPUID_EAX] >> 16) & 0xFF;
		out->pmu_events_len = r[CPUID_EAX] >> 24;
		out->pmu_events_absent = r[CPUID_EBX];
		if (out->pmu_version >= 2) {
			out->pmu_fixed = r[CPUID_EDX] & 0x1F;
			out->pmu_fixed_width = (r[CPUID_EDX] >> 5) & 0xFF;
		}
	}
	if (id->max_extended >= 0x80000001u) {
		fn(ctx, 0x80000001u, 0, r);
		out->topoext = (r[CPUID_ECX] & E01_ECX_TOPOEXT) != 0;
		out->mwaitx = (r[CPUID_ECX] & E01_ECX_MWAITX) != 0;
		out->perfctr_core = is_amd_like(id->vendor_id) && (r[CPUID_ECX] & E01_ECX_PERFCTR_CORE);
	}
	if (is_amd_like(id->vendor_id) && id->max_extended >= 0x80000008u) {
		fn(ctx, 0x80000008u, 0, r);
		out->irperf = (r[CPUID_EBX] & E08_EBX_IRPERF) != 0;
	}
	if (id->max_extended >= 0x80000007u) {
		fn(ctx, 0x80000007u, 0, r);
		out->invariant_tsc = (r[CPUID_EDX] & E07_EDX_INVARIANT_TSC) != 0;
		if (is_amd_like(id->vendor_id)) {
			out->hw_pstate = (r[CPUID_EDX] & E07_EDX_HW_PSTATE) != 0;
			out->boost = (r[CPUID_EDX] & E07_EDX_CPB) != 0;
		}
		if (is_amd_like(id->vendor_id) && (r[CPUID_EDX] & E07_EDX_RAPL))
			out->rapl = CPU_RAPL_AMD;
	}
	if (is_amd_like(id->vendor_id) && id->max_extended >= 0x80000021u) {
		fn(ctx, 0x80000021u, 0, r);
		out->lfence_always_serializing = (r[CPUID_EAX] & E21_EAX_LFENCE_ALWAYS) != 0;
	}
	if (is_amd_like(id->vendor_id) && id->max_extended >= 0x80000022u) {
		fn(ctx, 0x80000022u, 0, r);
		out->perfmon_v2 = (r[CPUID_EAX] & E22_EAX_PERFMON_V2) != 0;
	}
	/* Intel enumerates RAPL by model only (SDM Vol. 4 MSR tables); deciding it
	 * per model is out of scope, so report that the answer is model-specific. */
	if (id->vendor_id == CPU_VENDOR_INTEL)
		out->rapl = CPU_RAPL_MODEL_SPECIFIC;
}

const char *cpu_rapl_name(enum cpu_rapl rapl)
{
	switch (rapl) {
	case CPU_RAPL_AMD:
		return "amd";
	case CPU_RAPL_MODEL_SPECIFIC:
		return "model-specific";
	case CPU_RAPL_NONE:
		break;
	}
	return "no";
}

/* Mirrors prefer_mwait_c1_over_halt() in Linux arch/x86/kernel/process.c after
 * aebef63cf7ff ("x86: Remove vendor checks from prefer_mwait_c1_over_halt"):
 * MONITOR must be set; without EMX, MWAIT with EAX=ECX=0 is safe; with EMX,
 * EDX[7:4] must report at least one C1 sub-state. Linux calls CPUID 5 without
 * checking the maximum leaf; we refuse instead, because above the maximum
 * Intel returns another leaf's data. Linux's X86_BUG_MONITOR (a few Intel
 * models) is model-specific and not modelled here. */
enum cpu_mwait_verdict cpu_mwait_decide(const struct cpu_features *f, struct cpu_msr_value hwcr)
{
	/* Checked first: with MonMwaitDis set CPUID.MONITOR also reads 0, and the
	 * MSR names the real cause. */
	if (hwcr.present && (hwcr.value & HWCR_MON_MWAIT_DIS))
		return CPU_MWAIT_NO_HWCR_DISABLED;
	if (!f->monitor)
		return CPU_MWAIT_NO_MONITOR;
	if (!f->leaf5)
		return CPU_MWAIT_NO_LEAF5;
	if (f->mwait_emx && f->mwait_substates[1] == 0)
		return CPU_MWAIT_NO_C1_SUBSTATE;
	return CPU_MWAIT_YES;
}

const char *cpu_mwait_reason(enum cpu_mwait_verdict v)
{
	switch (v) {
	case CPU_MWAIT_NO_HWCR_DISABLED:
		return "HWCR.MonMwaitDis set";
	case CPU_MWAIT_NO_MONITOR:
		return "no MONITOR/MWAIT in CPUID.01H:ECX";
	case CPU_MWAIT_NO_LEAF5:
		return "no CPUID.05H leaf";
	case CPU_MWAIT_NO_C1_SUBSTATE:
		return "no C1 sub-state in CPUID.05H:EDX";
	case CPU_MWAIT_YES:
		break;
	}
	return "";
}

size_t cpu_mwait_format(enum cpu_mwait_verdict v, char *buf, size_t cap)
{
	const char *reason = cpu_mwait_reason(v);
	size_t need = v == CPU_MWAIT_YES ? 3 : 5 + strlen(reason);
	size_t n = 0;

	if (cap < need + 1) {
		if (cap > 0)
			buf[0] = '\0';
		return 0;
	}
	if (v == CPU_MWAIT_YES) {
		memcpy(buf, "yes", 3);
		n = 3;
	} else {
		memcpy(buf, "no (", 4);
		memcpy(buf + 4, reason, strlen(reason));
		n = 4 + strlen(reason);
		buf[n++] = ')';
	}
	buf[n] = '\0';
	return n;
}

unsigned cpu_mwait_c1_substates(const struct cpu_features *f)
{
	return f->mwait_substates[1];
}
