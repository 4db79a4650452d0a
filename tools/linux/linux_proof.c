/* Per-sample residency proof (tools/linux/linux_proof.h). The busy threshold is
 * the kernel's (platform/sibling/residency.h, IDLE_MAX_C0_PERMILLE): a
 * parked CPU more than half the time in C0 is not idle. */
#include "platform/sibling/residency.h"
#include "tools/linux/linux_proof.h"

void linux_proof_judge(const uint64_t usage0[], const uint64_t time0[], const uint64_t usage1[],
		       const uint64_t time1[], size_t count, size_t chosen, uint64_t window_ns,
		       struct linux_proof *out)
{
	uint64_t exits = usage1[chosen] - usage0[chosen];
	double held_ns = (double)(time1[chosen] - time0[chosen]) * 1000.0;

	out->other_usage = 0;
	for (size_t k = 0; k < count; k++)
		if (k != chosen)
			out->other_usage += usage1[k] - usage0[k];
	double share = window_ns ? held_ns / (double)window_ns : 0.0;
	if (share > 1.0)
		share = 1.0; /* the idle period may start a little before the window's first reading */
	out->c0_pct = 100.0 * (1.0 - share);
	out->wakeups = exits ? exits - 1 : 0;
	if (out->other_usage)
		out->verdict = PROOF_OTHER_STATE;
	else if (out->c0_pct * 10.0 > IDLE_MAX_C0_PERMILLE || !exits)
		out->verdict = PROOF_BUSY;
	else
		out->verdict = PROOF_OK;
}

void linux_proof_combine(const struct linux_proof each[], size_t n, struct linux_proof *out, int *failed)
{
	*out = each[0];
	*failed = each[0].verdict == PROOF_OK ? -1 : 0;
	for (size_t k = 1; k < n; k++) {
		if (each[k].c0_pct > out->c0_pct)
			out->c0_pct = each[k].c0_pct;
		out->wakeups += each[k].wakeups;
		out->other_usage += each[k].other_usage;
		if (*failed < 0 && each[k].verdict != PROOF_OK) {
			*failed = (int)k;
			out->verdict = each[k].verdict;
		}
	}
}

const char *linux_proof_verdict_name(enum linux_proof_verdict v)
{
	static const char *const names[PROOF_VERDICTS] = { "ok", "other_state", "busy", "bad_checksum" };
	return v < PROOF_VERDICTS ? names[v] : "?";
}
