; Fault-tolerant MSR access (and one MWAIT probe) (like Linux's rdmsr_safe): a #GP at the marked
; instruction is turned into a return value by exception_dispatch via the
; fixup table in kernel/arch/msr.c. Real hardware and KVM raise #GP for an
; absent MSR; QEMU TCG returns 0 instead (kernel/arch/msr.h).

BITS 64
global rdmsr_safe, wrmsr_safe, mwait_safe
global rdmsr_safe_insn, rdmsr_safe_fixup, wrmsr_safe_insn, wrmsr_safe_fixup
global mwait_safe_insn, mwait_safe_fixup

section .text
; int rdmsr_safe(uint32_t msr, uint64_t *value): 0, or -1 after a #GP (*value = 0)
rdmsr_safe:
	mov ecx, edi
rdmsr_safe_insn:
	rdmsr
	shl rdx, 32
	or rax, rdx
	mov [rsi], rax
	xor eax, eax
	ret
rdmsr_safe_fixup:
	mov qword [rsi], 0
	mov eax, -1
	ret

; int wrmsr_safe(uint32_t msr, uint64_t value): 0, or -1 after a #GP
wrmsr_safe:
	mov ecx, edi
	mov eax, esi
	mov rdx, rsi
	shr rdx, 32
wrmsr_safe_insn:
	wrmsr
	xor eax, eax
	ret
wrmsr_safe_fixup:
	mov eax, -1
	ret

; int mwait_safe(uint32_t hint, uint32_t ecx): 0, or -1 after a #GP (QEMU TCG
; raises #GP for ECX=1 although CPUID leaf 5 advertises IBE; tests/qemu/test_siblings.sh).
; The caller (probe_mwait_ecx, kernel/sibling/park.c) arms no MONITOR on
; purpose: without a preceding MONITOR the processor enters no optimized
; state and resumes at the next instruction (SDM Vol. 2B MWAIT), while the
; #GP(0) for an ECX it refuses (ECX[0] = 1 where interrupts as break events
; are not supported; same section, Protected Mode Exceptions) is raised all
; the same. So the probe returns at once and never depends on a store (not
; even its own) to wake it.
mwait_safe:
	mov eax, edi
	mov ecx, esi
mwait_safe_insn:
	mwait
	xor eax, eax
	ret
mwait_safe_fixup:
	mov eax, -1
	ret
