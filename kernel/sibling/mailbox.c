/* Mailbox protocol. The sequence number is written last with release order
 * and read first with acquire order, so the fields it guards are complete
 * when a change is seen (C11 memory model, via GCC __atomic builtins that
 * compile to plain MOVs on x86). */
#include "kernel/sibling/mailbox.h"

void mailbox_reset(struct sibling_mailbox *m)
{
	*m = (struct sibling_mailbox){ .c0_permille = MAILBOX_C0_UNKNOWN, .mwait_ecx = MAILBOX_ECX_UNPROBED };
}

uint32_t mailbox_post(struct sibling_mailbox *m, uint32_t mode, uint64_t tsc)
{
	uint32_t seq = __atomic_load_n(&m->cmd_seq, __ATOMIC_RELAXED) + 1;

	__atomic_store_n(&m->cmd_mode, mode, __ATOMIC_RELAXED);
	__atomic_store_n(&m->cmd_tsc, tsc, __ATOMIC_RELAXED);
	__atomic_store_n(&m->cmd_seq, seq, __ATOMIC_RELEASE);
	return seq;
}

bool mailbox_acked(const struct sibling_mailbox *m, uint32_t seq)
{
	return __atomic_load_n(&m->ack_seq, __ATOMIC_ACQUIRE) == seq;
}

bool mailbox_take(const struct sibling_mailbox *m, uint32_t seen_seq, struct mailbox_command *out)
{
	uint32_t seq = __atomic_load_n(&m->cmd_seq, __ATOMIC_ACQUIRE);

	if (seq == seen_seq)
		return false;
	out->seq = seq;
	out->mode = __atomic_load_n(&m->cmd_mode, __ATOMIC_RELAXED);
	out->tsc = __atomic_load_n(&m->cmd_tsc, __ATOMIC_RELAXED);
	return true;
}

void mailbox_ack(struct sibling_mailbox *m, const struct mailbox_command *cmd, uint64_t tsc, uint32_t c0_permille)
{
	__atomic_store_n(&m->ack_mode, cmd->mode, __ATOMIC_RELAXED);
	__atomic_store_n(&m->ack_tsc, tsc, __ATOMIC_RELAXED);
	__atomic_store_n(&m->c0_permille, c0_permille, __ATOMIC_RELAXED);
	__atomic_store_n(&m->ack_seq, cmd->seq, __ATOMIC_RELEASE);
}
