; Entry stubs for CPU exceptions 0-31 (Intel SDM Vol. 3A 6.15, table 6-1).
; Each pushes a dummy error code where the CPU pushes none, then the vector,
; saves the general registers in struct trap_frame order (kernel/arch/trap_frame.h)
; and calls exception_dispatch(frame). All run on an IST stack (IST1; NMI on
; IST2, #DF and #MC on IST3: kernel/arch/cpu_tables.c), so a corrupt RSP at
; the fault still leaves a good stack for the report.

BITS 64

extern exception_dispatch
global exception_stub_table

%macro STUB 1
exception_stub_%1:
%if %1 = 8 || %1 = 10 || %1 = 11 || %1 = 12 || %1 = 13 || %1 = 14 || %1 = 17 || %1 = 21 || %1 = 29 || %1 = 30
	; the CPU pushed an error code
%else
	push 0
%endif
	push %1
	jmp exception_common
%endmacro

section .text
%assign v 0
%rep 32
	STUB v
%assign v v + 1
%endrep

exception_common:
	push rax
	push rbx
	push rcx
	push rdx
	push rsi
	push rdi
	push rbp
	push r8
	push r9
	push r10
	push r11
	push r12
	push r13
	push r14
	push r15
	mov rdi, rsp
	cld
	call exception_dispatch     ; returns only when a fixup applies
	pop r15
	pop r14
	pop r13
	pop r12
	pop r11
	pop r10
	pop r9
	pop r8
	pop rbp
	pop rdi
	pop rsi
	pop rdx
	pop rcx
	pop rbx
	pop rax
	add rsp, 16                 ; vector and error code
	iretq

section .rodata
align 8
exception_stub_table:
%assign v 0
%rep 32
	dq exception_stub_ %+ v
%assign v v + 1
%endrep
