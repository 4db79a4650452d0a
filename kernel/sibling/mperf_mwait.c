/* MPERF in MWAIT from each parked CPU's HWCR[26] (mperf_mwait.h). */
#include "kernel/sibling/mperf_mwait.h"
#include "platform/sibling/residency.h"
#include "lib/fmt.h"

enum hwcr_reading hwcr_read(int (*rd)(uint32_t msr, uint64_t *value), bool amd_like, uint64_t *value)
{
	*value = 0;
	if (!amd_like)
		return HWCR_NOT_READ;
	return rd(MSR_AMD_HWCR_ADDR, value) == 0 ? HWCR_READ : HWCR_FAULTED;
}

/* Append "APIC a,b,c" of the CPUs whose reading matches want (set: bit 26
 * set among the read ones; faulted/not read by state). */
static void list_apics(char *buf, size_t size, size_t *at, const struct hwcr_cpu *cpus, size_t n,
		       enum hwcr_reading state, bool set)
{
	bool first = true;
	for (size_t i = 0; i < n; i++) {
		if (cpus[i].state != state)
			continue;
		if (state == HWCR_READ && ((cpus[i].value & HWCR_EFF_FREQ_CNT_MWAIT) != 0) != set)
			continue;
		fmt_append(buf, size, at, "%s%u", first ? "APIC " : ",", cpus[i].apic_id);
		first = false;
	}
}

enum mperf_in_mwait mperf_in_mwait_fold(bool amd_like, bool hypervisor, const struct hwcr_cpu *cpus, size_t n,
					char *note, size_t note_size)
{
	size_t set = 0, clear = 0, faulted = 0, unread = 0, at = 0;

	note[0] = '\0';
	if (!amd_like)
		return MPERF_MWAIT_NOT_AMD;
	for (size_t i = 0; i < n; i++) {
		if (cpus[i].state == HWCR_READ && (cpus[i].value & HWCR_EFF_FREQ_CNT_MWAIT))
			set++;
		else if (cpus[i].state == HWCR_READ)
			clear++;
		else if (cpus[i].state == HWCR_FAULTED)
			faulted++;
		else
			unread++;
	}
	if (set && clear) {
		fmt_append(note, note_size, &at, "HWCR[26] EffFreqCntMwait set on ");
		list_apics(note, note_size, &at, cpus, n, HWCR_READ, true);
		fmt_append(note, note_size, &at, ", clear on ");
		list_apics(note, note_size, &at, cpus, n, HWCR_READ, false);
	}
	if (faulted) {
		fmt_append(note, note_size, &at, "%sHWCR read faulted on ", at ? "; " : "");
		list_apics(note, note_size, &at, cpus, n, HWCR_FAULTED, false);
	}
	if (unread) {
		fmt_append(note, note_size, &at, "%sHWCR not read on ", at ? "; " : "");
		list_apics(note, note_size, &at, cpus, n, HWCR_NOT_READ, false);
	}
	if (hypervisor) {
		fmt_append(note, note_size, &at, "%sunder a hypervisor HWCR is its answer, not the core's", at ? "; " : "");
		return MPERF_MWAIT_UNKNOWN;
	}
	if (!n || faulted || unread)
		return MPERF_MWAIT_UNKNOWN;
	return set ? MPERF_MWAIT_COUNTS : MPERF_MWAIT_STOPS;
}

const char *mperf_in_mwait_name(enum mperf_in_mwait m)
{
	switch (m) {
	case MPERF_MWAIT_STOPS:
		return "stops";
	case MPERF_MWAIT_COUNTS:
		return "counts";
	case MPERF_MWAIT_UNKNOWN:
		return "unknown";
	case MPERF_MWAIT_NOT_AMD:
		break;
	}
	return "";
}

const char *mperf_c0_not_c0(enum idle_mode mode, enum mperf_in_mwait m)
{
	if (mode != IDLE_MWAIT)
		return NULL;
	if (m == MPERF_MWAIT_COUNTS)
		return "MPERF counts in MWAIT here (HWCR[26] EffFreqCntMwait set on a parked CPU): its C0 share is no C0 "
		       "residency, the idle check counts wake-ups only";
	if (m == MPERF_MWAIT_UNKNOWN)
		return "whether MPERF counts in MWAIT is unknown (HWCR[26] EffFreqCntMwait not read on every parked CPU, "
		       "or a hypervisor): the idle check counts wake-ups only";
	return NULL;
}

struct mode_c0 mode_c0_verdict(enum idle_mode mode, enum mperf_in_mwait m, bool mperf_counting, const char *mperf_why,
			       bool all_reported, uint64_t sum, uint32_t worst, size_t n)
{
	struct mode_c0 v = { false, RESIDENCY_UNKNOWN, RESIDENCY_UNKNOWN, NULL };

	if (!mperf_counting || !n) {
		v.why = mperf_why;
		return v;
	}
	v.why = mperf_c0_not_c0(mode, m);
	if (v.why)
		return v;
	if (!all_reported) {
		v.why = "a parked CPU reported no C0 share";
		return v;
	}
	v.known = true;
	v.mean = (uint32_t)(sum / n);
	v.worst = worst;
	return v;
}
