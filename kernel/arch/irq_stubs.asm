; Interrupt entry points beyond the exceptions: the wake IPI (acknowledged
; with an EOI; its only job is to end HLT or an I/O-port C-state) and the
; spurious vector (no EOI, SDM Vol. 3A 10.9). Both run on the current stack.

BITS 64
extern lapic_eoi
global wake_irq_stub, spurious_irq_stub

section .text
wake_irq_stub:
	push rax
	push rcx
	push rdx
	push rsi
	push rdi
	push r8
	push r9
	push r10
	push r11
	cld
	call lapic_eoi
	pop r11
	pop r10
	pop r9
	pop r8
	pop rdi
	pop rsi
	pop rdx
	pop rcx
	pop rax
	iretq

spurious_irq_stub:
	iretq
