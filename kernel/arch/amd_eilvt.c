/* AMD/Hygon extended LVT entries (amd_eilvt.h). */
#include "kernel/arch/amd_eilvt.h"
#include "lib/fmt.h"

bool eilvt_exists(bool amd_or_hygon, uint32_t max_ext, uint32_t ext1_ecx, const char **why)
{
	if (!amd_or_hygon) {
		*why = "not AMD or Hygon";
		return false;
	}
	if (max_ext < 0x80000001u) {
		*why = "no CPUID leaf 8000_0001";
		return false;
	}
	if (!(ext1_ecx & EILVT_CPUID_EXTAPIC)) {
		*why = "CPUID 8000_0001 ECX[3] ExtApicSpace clear";
		return false;
	}
	*why = "";
	return true;
}

void eilvt_save(struct eilvt_state *st, const struct eilvt_io *io)
{
	*st = (struct eilvt_state){ .status = EILVT_UNREACHABLE };
	if (!io->rd(io->ctx, EILVT_EFEAT, &st->efeat)) {
		st->why = "the Extended APIC Feature register (400h) read faulted";
		return;
	}
	unsigned n = EILVT_COUNT(st->efeat);
	if (n > EILVT_MAX)
		n = EILVT_MAX;
	for (unsigned i = 0; i < n; i++)
		if (!io->rd(io->ctx, EILVT_REG(i), &st->lvt[i])) {
			st->why = "an extended LVT read faulted";
			return;
		}
	st->n = n;
	st->status = EILVT_SAVED;
	st->why = "";
}

void eilvt_mask(struct eilvt_state *st, const struct eilvt_io *io)
{
	if (st->status != EILVT_SAVED)
		return;
	for (unsigned i = 0; i < st->n; i++) {
		if (io->wr(io->ctx, EILVT_REG(i), st->lvt[i] | EILVT_MASKED))
			st->written |= 1u << i;
		else
			st->mask_faulted = true;
	}
	st->masked = st->written != 0;
}

void eilvt_restore(const struct eilvt_state *st, const struct eilvt_io *io)
{
	if (st->status != EILVT_SAVED || !st->masked)
		return;
	/* only what the mask changed: a write that faulted then is not retried
	 * on the hand-back, where the restore runs under the firmware's IDT */
	for (unsigned i = 0; i < st->n; i++)
		if (st->written & (1u << i))
			io->wr(io->ctx, EILVT_REG(i), st->lvt[i]);
}

void eilvt_meta(const struct eilvt_state *st, char *buf, size_t size)
{
	size_t at = 0;

	if (size)
		buf[0] = 0;
	if (st->status == EILVT_ABSENT) {
		fmt_append(buf, size, &at, "none (%s)", st->why ? st->why : "");
		return;
	}
	if (st->status == EILVT_UNREACHABLE) {
		fmt_append(buf, size, &at, "unreachable (%s)", st->why ? st->why : "");
		return;
	}
	fmt_append(buf, size, &at, "efeat=0x%08x count=%u", (unsigned)st->efeat, (unsigned)EILVT_COUNT(st->efeat));
	for (unsigned i = 0; i < st->n; i++)
		fmt_append(buf, size, &at, "%s0x%08x", i ? "," : " lvt=", (unsigned)st->lvt[i]);
	if (EILVT_COUNT(st->efeat) > EILVT_MAX)
		fmt_append(buf, size, &at, " (only the first %u exist in the APM: the rest left alone)", EILVT_MAX);
	fmt_append(buf, size, &at, " masked=%s", st->mask_faulted ? "partly (a write faulted)" : st->masked ? "yes" : "no");
}
