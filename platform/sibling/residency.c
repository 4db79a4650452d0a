/* MPERF trust and idleness verdicts (see residency.h). */
#include "lib/fmt.h"
#include "platform/sibling/residency.h"

enum mperf_state mperf_judge(bool has_cpuid, bool faulted, uint64_t m0, uint64_t m1, uint64_t tsc0,
			     uint64_t tsc1)
{
	if (!has_cpuid)
		return MPERF_ABSENT;
	if (faulted)
		return MPERF_FAULTS;
	if (m1 == m0 || tsc1 <= tsc0)
		return MPERF_STUCK;
	uint64_t d_mperf = m1 - m0, d_tsc = tsc1 - tsc0;
	/* Compare without multiplying a 64-bit delta by 1000. */
	if (d_mperf < d_tsc / 1000 * MPERF_MIN_BUSY_PERMILLE)
		return MPERF_SLOW;
	return MPERF_COUNTING;
}

enum mperf_state mperf_fold(enum mperf_state acc, size_t i, enum mperf_state st)
{
	if (i == 0 || acc == MPERF_COUNTING)
		return st;
	return acc;
}

const char *mperf_state_text(enum mperf_state st)
{
	switch (st) {
	case MPERF_COUNTING:
		return "measured (MPERF counts at the TSC rate while busy)";
	case MPERF_ABSENT:
		return "MPERF absent (CPUID.06H:ECX[0] clear)";
	case MPERF_FAULTS:
		return "MPERF not counting: RDMSR 0xE7 raised #GP although CPUID.06H:ECX[0] is set";
	case MPERF_STUCK:
		return "MPERF not counting: it read back the same value across a busy loop";
	case MPERF_SLOW:
		return "MPERF not counting at the TSC rate: under half of it across a busy loop";
	case MPERF_UNPROBED:
	case MPERF_STATE_COUNT:
		break;
	}
	return "MPERF not probed (no parked CPU answered)";
}

uint32_t residency_c0_permille(enum mperf_state st, uint64_t d_mperf, uint64_t d_tsc)
{
	if (st != MPERF_COUNTING || d_tsc == 0)
		return RESIDENCY_UNKNOWN;
	if (d_mperf >= d_tsc)
		return 1000;
	/* d_mperf < d_tsc: scale down first when d_mperf * 1000 could overflow. */
	if (d_mperf > UINT64_MAX / 1000)
		return (uint32_t)(d_mperf / (d_tsc / 1000));
	return (uint32_t)(d_mperf * 1000 / d_tsc);
}

const char *idleness_judge(uint64_t worst_wakeups, uint64_t dwell_us, uint32_t worst_c0_permille, char *why,
			   size_t why_size)
{
	/* worst / dwell > max / 1 s, kept in integers. */
	if (dwell_us && worst_wakeups * 1000000u > (uint64_t)IDLE_MAX_WAKEUPS_PER_S * dwell_us) {
		fmt_snprintf(why, why_size, "%llu returns from the idle instruction on one CPU in %llu us (more than %u/s): it does not stay idle",
			     (unsigned long long)worst_wakeups, (unsigned long long)dwell_us, IDLE_MAX_WAKEUPS_PER_S);
		return why;
	}
	if (worst_c0_permille != RESIDENCY_UNKNOWN && worst_c0_permille > IDLE_MAX_C0_PERMILLE) {
		fmt_snprintf(why, why_size, "C0 %u.%u %% over the dwell on one CPU (more than %u %%): it does not stay idle",
			     worst_c0_permille / 10, worst_c0_permille % 10, IDLE_MAX_C0_PERMILLE / 10);
		return why;
	}
	return NULL;
}
