/* Fixup table for the fault-tolerant MSR accessors in msr_safe.asm. */
#include "kernel/arch/msr.h"

extern const char rdmsr_safe_insn[], rdmsr_safe_fixup[];
extern const char wrmsr_safe_insn[], wrmsr_safe_fixup[];
extern const char mwait_safe_insn[], mwait_safe_fixup[];

bool msr_fixup_fault(struct trap_frame *frame)
{
	if (frame->vector != 13)
		return false;
	if (frame->rip == (uintptr_t)rdmsr_safe_insn) {
		frame->rip = (uintptr_t)rdmsr_safe_fixup;
		return true;
	}
	if (frame->rip == (uintptr_t)mwait_safe_insn) {
		frame->rip = (uintptr_t)mwait_safe_fixup;
		return true;
	}
	if (frame->rip == (uintptr_t)wrmsr_safe_insn) {
		frame->rip = (uintptr_t)wrmsr_safe_fixup;
		return true;
	}
	return false;
}
