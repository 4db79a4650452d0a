; Interrupt entry points beyond the exceptions: the wake IPI (acknowledged
; with an EOI; its only job is to end HLT or an I/O-port C-state), the
; spurious vector (no EOI, SDM Vol. 3A 10.9) and one stub per other vector
; 0x20-0xFE for strays (kernel/arch/stray_irq.h). All run on the current stack.

BITS 64
extern lapic_eoi, stray_irq_dispatch
global wake_irq_stub, spurious_irq_stub, stray_irq_stub_table

STRAY_FIRST equ 0x20
STRAY_LAST  equ 0xFE

; The registers the System V ABI lets a C function change (nine pushes).
%macro PUSH_SCRATCH 0
	push rax
	push rcx
	push rdx
	push rsi
	push rdi
	push r8
	push r9
	push r10
	push r11
%endmacro
%macro POP_SCRATCH 0
	pop r11
	pop r10
	pop r9
	pop r8
	pop rdi
	pop rsi
	pop rdx
	pop rcx
	pop rax
%endmacro

section .text
wake_irq_stub:
	PUSH_SCRATCH
	cld
	call lapic_eoi
	POP_SCRATCH
	iretq

spurious_irq_stub:
	iretq

; Stray vectors: push the vector, then the common path saves every register
; the C code may change, x87/SSE state included (the interrupted code may be
; a workload or a parked loop using XMM registers; FXSAVE needs CR4.OSFXSR,
; set by cpu_enable_simd before IF is ever 1), and calls
; stray_irq_dispatch(vector) on a 16-byte aligned stack.
%macro STRAY_STUB 1
stray_irq_stub_%1:
	push %1
	jmp stray_irq_common
%endmacro

%assign v STRAY_FIRST
%rep STRAY_LAST - STRAY_FIRST + 1
	STRAY_STUB v
%assign v v + 1
%endrep

stray_irq_common:
	PUSH_SCRATCH
	push rbp
	mov rbp, rsp
	and rsp, ~15
	sub rsp, 512
	fxsave64 [rsp]
	mov rdi, [rbp + 80]         ; the vector, above the ten saved registers
	cld
	call stray_irq_dispatch
	fxrstor64 [rsp]
	mov rsp, rbp
	pop rbp
	POP_SCRATCH
	add rsp, 8                  ; the vector
	iretq

section .rodata
align 8
stray_irq_stub_table:
%assign v STRAY_FIRST
%rep STRAY_LAST - STRAY_FIRST + 1
	dq stray_irq_stub_ %+ v
%assign v v + 1
%endrep
