/* Core performance counters (see pmu.h).
 *
 * AMD/Hygon events (PPR for family 17h models 00h-0Fh, 54945, "Core
 * Performance Monitor Counters"; Linux tools/perf/pmu-events/arch/x86/amdzen1
 * and amdzen2):
 *   PMCx0C0 ex_ret_instr    retired instructions (or IRPerfCount where CPUID
 *                           8000_0008 EBX[1] says it exists: no GP counter used)
 *   PMCx076 ls_not_halted_cyc  cycles not in halt
 *   PMCx02B ls_smi_rx       SMIs received
 *   PMCx0AF de_dis_dispatch_token_stalls0.retire_token_stall: cycles a
 *           dispatch group is valid but waits for retire-queue tokens, i.e.
 *           the thread's share of the retire queue (the ROB) is full. This is
 *           the event that sees a partition that MWAIT keeps and HLT frees.
 *           The unit mask chosen per model (amd_stall_event):
 *             AMD 17h models 00h-2Fh (Zen1/Zen+): 0x40, amdzen1/other.json
 *               (Linux's mapfile.csv: AuthenticAMD-23-([12][0-9A-F]|[0-9A-F])).
 *             AMD 17h models 30h and later (Zen2): 0x20, amdzen2/other.json,
 *               where the PPR renumbered the bits.
 *             Hygon 18h models 00h-03h (Dhyana, AMD's Zen1 core under
 *               licence): 0x40, Zen1's.
 *             Hygon 18h models 04h and later (the seed's machine is 7h):
 *               0x40, unverified: no Hygon event list is public and
 *               Linux's mapfile.csv has no HygonGenuine line; the meta
 *               says `unverified`.
 *             Other families: not chosen (the bit has moved again).
 * Intel (SDM vol. 3B 20.2, and the per-model event tables of vol. 3B ch. 19):
 *   fixed 0 INST_RETIRED.ANY, fixed 1 CPU_CLK_UNHALTED.THREAD (or the
 *   architectural events 0xC0/0x00 and 0x3C/0x00 on a GP counter when a
 *   fixed counter is absent or taken); MSR_SMI_COUNT; event 0x3C umask 0x02
 *   CPU_CLK_UNHALTED.ONE_THREAD_ACTIVE (Sandy Bridge and later), counting at
 *   the crystal/reference clock while the other thread is halted. */
#include "kernel/cpu/pmu.h"
#include "kernel/cpu/machine_state.h"
#include "lib/fmt.h"
#include "lib/mem.h"
#include "core/stream/stream.h"

static const char *const event_names[PMU_EVENT_COUNT] = {
	[PMU_INSTRUCTIONS] = "instructions",
	[PMU_UNHALTED_CYCLES] = "unhalted_cycles",
	[PMU_SMIS] = "smis",
	[PMU_STALL_CYCLES] = "stall_cycles",
	[PMU_ONE_THREAD_ACTIVE] = "one_thread_active",
};

const char *pmu_event_name(enum pmu_event e)
{
	return e < PMU_EVENT_COUNT ? event_names[e] : "";
}

static uint64_t width_mask(unsigned width)
{
	return width >= 64 ? ~0ull : (1ull << width) - 1;
}

static void none(struct pmu *p, const char *reason)
{
	p->kind = PMU_NONE;
	p->none_reason = reason;
	for (int e = 0; e < PMU_EVENT_COUNT; e++)
		p->ev[e] = (struct pmu_counter){ .source = PMU_SRC_NONE, .reason = reason };
}

static void skip(struct pmu *p, enum pmu_event e, const char *reason)
{
	p->ev[e] = (struct pmu_counter){ .source = PMU_SRC_NONE, .reason = reason };
}

/* ---- general-purpose counters, AMD and Intel alike ---- */

static uint32_t gp_ctl(const struct pmu *p, unsigned i)
{
	if (p->kind == PMU_AMD_CORE)
		return MSR_AMD_PERF_CTL + 2 * i;
	if (p->kind == PMU_AMD_LEGACY)
		return MSR_AMD_PERF_CTL_LEGACY + i;
	return MSR_IA32_PERFEVTSEL0 + i;
}

static uint32_t gp_ctr(const struct pmu *p, unsigned i)
{
	if (p->kind == PMU_AMD_CORE)
		return MSR_AMD_PERF_CTR + 2 * i;
	if (p->kind == PMU_AMD_LEGACY)
		return MSR_AMD_PERF_CTR_LEGACY + i;
	return MSR_IA32_PMC0 + i;
}

/* Which GP counters the firmware left enabled (EN, bit 22): those are not ours. */
static void gp_survey(struct pmu *p)
{
	for (unsigned i = 0; i < p->gp; i++) {
		uint64_t ctl;
		if (p->ops->rd(gp_ctl(p, i), &ctl))
			p->gp_faulted |= 1u << i;
		else if (ctl & PERF_CTL_EN)
			p->gp_owned |= 1u << i;
	}
}

/* Program event/umask on the first free GP counter; a counter whose MSRs
 * fault is marked and the next one tried. */
static void gp_take(struct pmu *p, enum pmu_event e, uint16_t event, uint8_t umask)
{
	uint32_t busy = p->gp_owned | p->gp_faulted | p->gp_used;
	bool owned_any = false;

	for (unsigned i = 0; i < p->gp; i++) {
		if (busy & (1u << i)) {
			owned_any |= (p->gp_owned >> i) & 1;
			continue;
		}
		/* AMD PERF_CTL[35:32] holds EventSelect[11:8]. */
		uint64_t ctl = PERF_CTL_EN | PERF_CTL_OS | PERF_CTL_USR | (event & 0xFFu) | (uint64_t)umask << 8 |
			       (uint64_t)((event >> 8) & 0xFu) << 32;
		if (p->ops->rd(gp_ctl(p, i), &p->saved_gp_ctl[i]) || p->ops->rd(gp_ctr(p, i), &p->saved_gp_ctr[i]) ||
		    p->ops->wr(gp_ctr(p, i), 0) || p->ops->wr(gp_ctl(p, i), ctl)) {
			p->gp_faulted |= 1u << i;
			continue;
		}
		p->gp_used |= 1u << i;
		p->ev[e] = (struct pmu_counter){ .source = PMU_SRC_GP, .index = i, .event = event, .umask = umask,
						 .msr = gp_ctr(p, i), .mask = width_mask(p->gp_width) };
		return;
	}
	skip(p, e, p->gp_faulted ? "counter MSR faulted" : owned_any ? "every free counter taken (firmware owns the rest)"
								    : "no free counter");
}

/* ---- AMD / Hygon ---- */

/* PMCx0AF's retire-token-stall unit mask for this model (see the top of
 * the file); *verified false where no source confirms it. */
static bool amd_stall_event(const struct cpu_identity *id, uint8_t *umask, bool *verified)
{
	if (id->vendor_id == CPU_VENDOR_HYGON && id->family == 0x18) {
		*umask = 0x40;
		*verified = id->model <= 0x03;
		return true;
	}
	if (id->vendor_id == CPU_VENDOR_AMD && id->family == 0x17) {
		*umask = id->model < 0x30 ? 0x40 : 0x20;
		*verified = true;
		return true;
	}
	return false;
}

/* IRPerfCount counts once HWCR.IRPerfEn is set; setting it disturbs nobody. */
static bool amd_irperf_enable(struct pmu *p)
{
	uint64_t hwcr;

	if (p->ops->rd(MSR_AMD_HWCR, &hwcr))
		return false;
	p->saved_hwcr = hwcr;
	if (!(hwcr & HWCR_IRPERF_EN)) {
		if (p->ops->wr(MSR_AMD_HWCR, hwcr | HWCR_IRPERF_EN))
			return false;
		p->set_irperf_en = true;
		if (p->ops->rd(MSR_AMD_HWCR, &hwcr) || !(hwcr & HWCR_IRPERF_EN))
			return false;
	}
	p->irperf = true;
	p->ev[PMU_INSTRUCTIONS] = (struct pmu_counter){ .source = PMU_SRC_IRPERF, .msr = MSR_AMD_IRPERF,
							.mask = width_mask(AMD_PMU_WIDTH) };
	return true;
}

static void amd_setup(struct pmu *p, const struct cpu_identity *id, const struct cpu_features *f)
{
	uint8_t umask;
	bool verified;

	p->kind = f->perfctr_core ? PMU_AMD_CORE : PMU_AMD_LEGACY;
	p->gp = f->perfctr_core ? 6 : 4;
	p->gp_width = AMD_PMU_WIDTH;
	/* PerfMonV2 gates the C001_0200 counters (pmu.h); it is read first so
	 * that the firmware's value is what pmu_restore puts back. */
	p->perfmon_v2 = f->perfmon_v2 && f->perfctr_core;
	if (p->perfmon_v2 && p->ops->rd(MSR_AMD_PERF_CNTR_GLOBAL_CTL, &p->saved_global)) {
		none(p, "PerfCntrGlobalCtl (C000_0301) read faulted");
		return;
	}
	gp_survey(p);
	/* AMD erratum 1054 (family 17h models 00h-2Fh, and Hygon's 18h, the same
	 * core): IRPerfCount may be inaccurate; Linux's init_amd leaves it off
	 * there. Count PMCx0C0 instead. */
	bool erratum_1054 = (id->vendor_id == CPU_VENDOR_AMD && id->family == 0x17 && id->model <= 0x2F) ||
			    (id->vendor_id == CPU_VENDOR_HYGON && id->family == 0x18);
	if (!f->irperf || erratum_1054 || !amd_irperf_enable(p))
		gp_take(p, PMU_INSTRUCTIONS, 0xC0, 0x00);
	gp_take(p, PMU_UNHALTED_CYCLES, 0x76, 0x00);
	if (amd_stall_event(id, &umask, &verified)) {
		gp_take(p, PMU_STALL_CYCLES, 0xAF, umask);
		p->ev[PMU_STALL_CYCLES].unverified = p->ev[PMU_STALL_CYCLES].source == PMU_SRC_GP && !verified;
	} else {
		skip(p, PMU_STALL_CYCLES, "no retire-stall event verified for this family");
	}
	gp_take(p, PMU_SMIS, 0x2B, 0x00);
	skip(p, PMU_ONE_THREAD_ACTIVE, "Intel only");
	if (!p->perfmon_v2)
		return;
	/* Our counters' PerfCntrEn bits on, the firmware's left as they were. */
	uint64_t want = p->saved_global | p->gp_used;
	if (want == p->saved_global)
		return;
	if (p->ops->wr(MSR_AMD_PERF_CNTR_GLOBAL_CTL, want)) {
		for (int e = 0; e < PMU_EVENT_COUNT; e++)
			if (p->ev[e].source == PMU_SRC_GP)
				skip(p, (enum pmu_event)e, "PerfCntrGlobalCtl (C000_0301) write faulted");
		return;
	}
	p->wrote_global = true;
}

/* ---- Intel ---- */

/* Whether architectural event bit (CPUID.0AH:EBX, SDM vol. 2A) is available. */
static bool intel_arch_event(const struct cpu_features *f, unsigned bit)
{
	return bit < f->pmu_events_len && !(f->pmu_events_absent & (1u << bit));
}

/* CPU_CLK_UNHALTED.ONE_THREAD_ACTIVE (3CH/02H) is a big-core event: Sandy
 * Bridge to Sapphire/Emerald Rapids and Granite Rapids (SDM vol. 3B ch. 20,
 * Linux pmu-events). Nehalem/Westmere, the Atom cores (Silvermont to
 * Gracemont) and Xeon Phi give 3CH/02H another meaning, and the hybrid parts
 * (Alder/Raptor/Meteor Lake) may put the measured thread on an E-core: none
 * of them is counted. */
static bool intel_one_thread_active(const struct cpu_identity *id, const struct cpu_features *f)
{
	static const uint8_t big_cores[] = {
		0x2A, 0x2D,                         /* Sandy Bridge, -E/EP */
		0x3A, 0x3E,                         /* Ivy Bridge, -E/EP */
		0x3C, 0x3F, 0x45, 0x46,             /* Haswell */
		0x3D, 0x47, 0x4F, 0x56,             /* Broadwell */
		0x4E, 0x5E, 0x55,                   /* Skylake, Skylake-SP/Cascade/Cooper Lake */
		0x8E, 0x9E, 0xA5, 0xA6,             /* Kaby/Coffee/Whiskey/Comet Lake */
		0x66, 0x7D, 0x7E, 0x6A, 0x6C, 0xA7, /* Cannon, Ice Lake (client, server), Rocket Lake */
		0x8C, 0x8D,                         /* Tiger Lake */
		0x8F, 0xCF, 0xAD, 0xAE,             /* Sapphire, Emerald, Granite Rapids */
	};

	if (id->family != 6 || f->pmu_version < 3)
		return false;
	for (size_t i = 0; i < sizeof big_cores; i++)
		if (id->model == big_cores[i])
			return true;
	return false;
}

/* Fixed counter i for event e when the firmware has not enabled it. */
static bool intel_fixed_take(struct pmu *p, enum pmu_event e, unsigned i, uint64_t *fixed_ctrl)
{
	if (i >= p->fixed || (p->fixed_owned & (1u << i)))
		return false;
	if (p->ops->rd(MSR_IA32_FIXED_CTR0 + i, &p->saved_fixed_ctr[i]) || p->ops->wr(MSR_IA32_FIXED_CTR0 + i, 0))
		return false;
	*fixed_ctrl |= 0x3ull << (4 * i); /* count in ring 0 and 3, no PMI */
	p->fixed_used |= 1u << i;
	p->ev[e] = (struct pmu_counter){ .source = PMU_SRC_FIXED, .index = i, .msr = MSR_IA32_FIXED_CTR0 + i,
					 .mask = width_mask(p->fixed_width) };
	return true;
}

static void intel_setup(struct pmu *p, const struct cpu_identity *id, const struct cpu_features *f)
{
	uint64_t fixed_ctrl = 0, global = 0, smi;

	p->kind = PMU_INTEL_ARCH;
	p->version = f->pmu_version;
	p->gp = f->pmu_gp > 32 ? 32 : f->pmu_gp;
	p->gp_width = f->pmu_gp_width;
	p->fixed = f->pmu_fixed > 32 ? 32 : f->pmu_fixed;
	p->fixed_width = f->pmu_fixed_width;
	/* Architectural counters are at least 32 bits wide (SDM vol. 3B 20.2);
	 * a narrower width from CPUID is bogus, and a 0-bit mask would make every
	 * delta a "measured" 0. */
	if (p->gp_width < 32)
		p->gp = 0;
	if (p->fixed_width < 32)
		p->fixed = 0;
	if (p->version >= 2 && p->ops->rd(MSR_IA32_PERF_GLOBAL_CTRL, &global)) {
		none(p, "IA32_PERF_GLOBAL_CTRL read faulted");
		return;
	}
	if (p->fixed && p->ops->rd(MSR_IA32_FIXED_CTR_CTRL, &fixed_ctrl))
		p->fixed = 0; /* no usable fixed counters: fall back to GP ones */
	p->saved_fixed_ctrl = fixed_ctrl;
	p->saved_global = global;
	for (unsigned i = 0; i < p->fixed; i++)
		if ((fixed_ctrl >> (4 * i)) & 0x3)
			p->fixed_owned |= 1u << i;
	gp_survey(p);

	uint64_t new_ctrl = fixed_ctrl;
	if (!intel_fixed_take(p, PMU_INSTRUCTIONS, 0, &new_ctrl)) {
		if (intel_arch_event(f, 1))
			gp_take(p, PMU_INSTRUCTIONS, 0xC0, 0x00);
		else
			skip(p, PMU_INSTRUCTIONS, "no free fixed counter and CPUID 0AH lists no instructions event");
	}
	if (!intel_fixed_take(p, PMU_UNHALTED_CYCLES, 1, &new_ctrl)) {
		if (intel_arch_event(f, 0))
			gp_take(p, PMU_UNHALTED_CYCLES, 0x3C, 0x00);
		else
			skip(p, PMU_UNHALTED_CYCLES, "no free fixed counter and CPUID 0AH lists no core-cycles event");
	}
	if (intel_one_thread_active(id, f))
		gp_take(p, PMU_ONE_THREAD_ACTIVE, 0x3C, 0x02);
	else
		skip(p, PMU_ONE_THREAD_ACTIVE, "event 3CH/02H not documented for this model");
	skip(p, PMU_STALL_CYCLES, "no stall event chosen for Intel");
	if (id->family == 6 && p->version >= 3 && !p->ops->rd(MSR_SMI_COUNT, &smi))
		p->ev[PMU_SMIS] = (struct pmu_counter){ .source = PMU_SRC_SMI_COUNT, .msr = MSR_SMI_COUNT,
							.mask = width_mask(32) };
	else
		skip(p, PMU_SMIS, id->family == 6 && p->version >= 3 ? "MSR_SMI_COUNT read faulted"
								      : "MSR_SMI_COUNT predates this CPU");

	bool fixed_ok = new_ctrl == fixed_ctrl || !p->ops->wr(MSR_IA32_FIXED_CTR_CTRL, new_ctrl);
	p->wrote_fixed_ctrl = new_ctrl != fixed_ctrl && fixed_ok;
	uint64_t want = global | p->gp_used | (uint64_t)p->fixed_used << 32;
	bool global_ok = p->version < 2 || want == global || !p->ops->wr(MSR_IA32_PERF_GLOBAL_CTRL, want);
	p->wrote_global = p->version >= 2 && want != global && global_ok;
	for (int e = 0; e < PMU_EVENT_COUNT; e++) {
		struct pmu_counter *c = &p->ev[e];
		if (c->source == PMU_SRC_FIXED && !fixed_ok)
			skip(p, (enum pmu_event)e, "IA32_FIXED_CTR_CTRL write faulted");
		else if ((c->source == PMU_SRC_FIXED || c->source == PMU_SRC_GP) && !global_ok)
			skip(p, (enum pmu_event)e, "IA32_PERF_GLOBAL_CTRL write faulted");
	}
}

void pmu_setup(struct pmu *p, const struct cpu_identity *id, const struct cpu_features *f, const struct msr_ops *ops)
{
	memset(p, 0, sizeof *p);
	p->ops = ops;
	if (id->hypervisor) {
		/* A hypervisor's virtual PMU (KVM's) counts the guest, not the core,
		 * and an emulator (QEMU TCG, Bochs) reads unknown MSRs as 0. */
		fmt_snprintf(p->why, sizeof p->why, "hypervisor %s", id->hv_signature[0] ? id->hv_signature : "unknown");
		none(p, p->why);
		return;
	}
	if (id->vendor_id == CPU_VENDOR_AMD || id->vendor_id == CPU_VENDOR_HYGON)
		amd_setup(p, id, f);
	else if (id->vendor_id == CPU_VENDOR_INTEL && f->pmu_version)
		intel_setup(p, id, f);
	else if (id->vendor_id == CPU_VENDOR_INTEL)
		none(p, "CPUID 0AH: no architectural performance monitoring");
	else
		none(p, "no PMU support for this vendor");
	if (p->kind == PMU_NONE)
		return;
	for (int e = 0; e < PMU_EVENT_COUNT; e++)
		if (p->ev[e].source != PMU_SRC_NONE)
			return;
	none(p, "no event could be counted");
}

void pmu_restore(struct pmu *p)
{
	if (!p->ops)
		return;
	/* Stop first (global, then fixed), then put each counter back. */
	if (p->wrote_global)
		p->ops->wr(p->perfmon_v2 ? MSR_AMD_PERF_CNTR_GLOBAL_CTL : MSR_IA32_PERF_GLOBAL_CTRL, p->saved_global);
	if (p->wrote_fixed_ctrl)
		p->ops->wr(MSR_IA32_FIXED_CTR_CTRL, p->saved_fixed_ctrl);
	for (unsigned i = 0; i < 32; i++) {
		if (p->gp_used & (1u << i)) {
			p->ops->wr(gp_ctl(p, i), p->saved_gp_ctl[i]);
			p->ops->wr(gp_ctr(p, i), p->saved_gp_ctr[i]);
		}
		if (p->fixed_used & (1u << i))
			p->ops->wr(MSR_IA32_FIXED_CTR0 + i, p->saved_fixed_ctr[i]);
	}
	if (p->set_irperf_en)
		p->ops->wr(MSR_AMD_HWCR, p->saved_hwcr);
	p->gp_used = p->fixed_used = 0;
	p->wrote_global = p->wrote_fixed_ctrl = p->set_irperf_en = false;
	for (int e = 0; e < PMU_EVENT_COUNT; e++)
		if (p->ev[e].source != PMU_SRC_NONE)
			skip(p, (enum pmu_event)e, "restored to the firmware's state");
}

bool pmu_counts(const struct pmu *p, enum pmu_event e)
{
	return p->kind != PMU_NONE && !p->not_counting && e < PMU_EVENT_COUNT && p->ev[e].source != PMU_SRC_NONE;
}

/* Events that advance whenever the CPU executes. */
static bool always_advances(enum pmu_event e)
{
	return e == PMU_INSTRUCTIONS || e == PMU_UNHALTED_CYCLES;
}

/* Some thousands of instructions and cycles the compiler cannot drop. */
static void busy_loop(void)
{
	for (volatile uint32_t i = 0; i < 20000; i++)
		;
}

void pmu_check_counting(struct pmu *p)
{
	struct pmu_reading a, b;
	uint64_t d;
	unsigned judged = 0, still = 0, still_n = 0;

	if (!pmu_counts(p, PMU_INSTRUCTIONS) && !pmu_counts(p, PMU_UNHALTED_CYCLES))
		return;
	pmu_read(p, &a);
	busy_loop();
	pmu_read(p, &b);
	for (int e = 0; e < PMU_EVENT_COUNT; e++) {
		if (!always_advances((enum pmu_event)e) || !pmu_counts(p, (enum pmu_event)e))
			continue;
		judged++;
		if (!pmu_delta(p, (enum pmu_event)e, &a, &b, &d) || d == 0) {
			still |= 1u << e;
			still_n++;
		}
	}
	if (still_n == judged) {
		p->not_counting = judged == 2 ? "instructions and unhalted_cycles read back unchanged over a busy loop"
					     : "the counter read back unchanged over a busy loop";
		for (int e = 0; e < PMU_EVENT_COUNT; e++)
			if (p->ev[e].source != PMU_SRC_NONE)
				p->ev[e].reason = p->not_counting;
		return;
	}
	for (int e = 0; e < PMU_EVENT_COUNT; e++)
		if (still & (1u << e))
			skip(p, (enum pmu_event)e, "read back unchanged over a busy loop");
}

void pmu_read(const struct pmu *p, struct pmu_reading *out)
{
	out->faulted = 0;
	for (int e = 0; e < PMU_EVENT_COUNT; e++) {
		out->value[e] = 0;
		if (pmu_counts(p, (enum pmu_event)e) && p->ops->rd(p->ev[e].msr, &out->value[e]))
			out->faulted |= 1u << e;
	}
}

bool pmu_delta(const struct pmu *p, enum pmu_event e, const struct pmu_reading *a, const struct pmu_reading *b,
	       uint64_t *delta)
{
	if (!pmu_counts(p, e) || ((a->faulted | b->faulted) & (1u << e)))
		return false;
	*delta = (b->value[e] - a->value[e]) & p->ev[e].mask;
	return true;
}

bool pmu_busy_delta(const struct pmu *p, enum pmu_event e, const struct pmu_reading *a, const struct pmu_reading *b,
		    uint64_t *delta)
{
	return pmu_delta(p, e, a, b, delta) && !(*delta == 0 && always_advances(e));
}

static void append_owned(char *buf, size_t size, size_t *n, const struct pmu *p)
{
	bool any = false;

	fmt_append(buf, size, n, " firmware_owned=");
	for (unsigned i = 0; i < p->fixed; i++)
		if (p->fixed_owned & (1u << i)) {
			fmt_append(buf, size, n, "%sfixed%u", any ? "," : "", i);
			any = true;
		}
	for (unsigned i = 0; i < p->gp; i++)
		if (p->gp_owned & (1u << i)) {
			fmt_append(buf, size, n, "%spmc%u", any ? "," : "", i);
			any = true;
		}
	if (!any)
		fmt_append(buf, size, n, "none");
}

int pmu_format(const struct pmu *p, char *buf, size_t size)
{
	size_t n = 0;

	if (size)
		buf[0] = '\0';
	if (p->kind != PMU_NONE && p->not_counting)
		fmt_append(buf, size, &n, "not_counting (%s; ", p->not_counting);
	switch (p->kind) {
	case PMU_NONE:
		return fmt_snprintf(buf, size, "none (%s)", p->none_reason);
	case PMU_AMD_CORE:
	case PMU_AMD_LEGACY:
		fmt_append(buf, size, &n, "%s gp=%u width=%u irperf=%s", p->kind == PMU_AMD_CORE ? "amd-core" : "amd-legacy",
			   p->gp, p->gp_width, p->irperf ? "yes" : "no");
		if (p->perfmon_v2)
			fmt_append(buf, size, &n, " perfmon_v2=yes global_ctl=0x%llX",
				   (unsigned long long)p->saved_global);
		break;
	case PMU_INTEL_ARCH:
		fmt_append(buf, size, &n, "intel-arch v%u fixed=%u gp=%u width=%u", p->version, p->fixed, p->gp,
			   p->gp_width);
		break;
	}
	append_owned(buf, size, &n, p);
	if (p->not_counting)
		fmt_append(buf, size, &n, ")");
	return (int)n;
}

int pmu_format_event(const struct pmu *p, enum pmu_event e, char *buf, size_t size)
{
	const struct pmu_counter *c = &p->ev[e];

	switch (c->source) {
	case PMU_SRC_GP:
		return fmt_snprintf(buf, size, "pmc%u event=0x%X umask=0x%02X%s", c->index, c->event, c->umask,
				    c->unverified ? " unverified" : "");
	case PMU_SRC_FIXED:
		return fmt_snprintf(buf, size, "fixed%u", c->index);
	case PMU_SRC_IRPERF:
		return fmt_snprintf(buf, size, "irperf");
	case PMU_SRC_SMI_COUNT:
		return fmt_snprintf(buf, size, "smi_count");
	case PMU_SRC_NONE:
		break;
	}
	return fmt_snprintf(buf, size, "none (%s)", c->reason ? c->reason : "");
}

void pmu_write_meta(const struct pmu *p, struct stream *s)
{
	char value[224], key[32];

	pmu_format(p, value, sizeof value);
	stream_meta(s, "pmu", value);
	if (p->kind == PMU_NONE || p->not_counting)
		return;
	for (int e = 0; e < PMU_EVENT_COUNT; e++) {
		fmt_snprintf(key, sizeof key, "pmu.%s", event_names[e]);
		pmu_format_event(p, (enum pmu_event)e, value, sizeof value);
		stream_meta(s, key, value);
	}
}
