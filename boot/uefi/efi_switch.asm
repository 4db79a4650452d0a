; Taking the boot CPU over from the UEFI firmware for the run and handing it
; back afterwards (boot/uefi/efi_main.c). Boot services stay alive: the run
; keeps IF = 0 throughout, so no firmware timer or event code runs while our
; GDT, IDT and TSS are loaded; the firmware's are restored before any boot
; service is called again. Layout of struct efi_cpu_state: efi_switch.h.

BITS 64
default rel

global efi_enter_kernel, efi_leave_kernel

S_RSP   equ 0
S_RBX   equ 8
S_RBP   equ 16
S_R12   equ 24
S_R13   equ 32
S_R14   equ 40
S_R15   equ 48
S_GDTR  equ 56     ; dw limit, dq base
S_IDTR  equ 72     ; dw limit, dq base
S_CS    equ 88
S_DS    equ 90
S_ES    equ 92
S_FS    equ 94
S_GS    equ 96
S_SS    equ 98
S_TR    equ 100

section .text
; int efi_enter_kernel(struct efi_cpu_state *st, void (*fn)(void *), void *arg,
;                      void *stack_top)
; Saves the firmware's descriptor tables, selectors and callee-saved
; registers, clears IF, switches to stack_top and calls fn(arg). Returns the
; value given to efi_leave_kernel (or fn's return value if fn returns).
efi_enter_kernel:
	mov [current_state], rdi
	mov [rdi + S_RSP], rsp
	mov [rdi + S_RBX], rbx
	mov [rdi + S_RBP], rbp
	mov [rdi + S_R12], r12
	mov [rdi + S_R13], r13
	mov [rdi + S_R14], r14
	mov [rdi + S_R15], r15
	sgdt [rdi + S_GDTR]
	sidt [rdi + S_IDTR]
	mov [rdi + S_CS], cs
	mov [rdi + S_DS], ds
	mov [rdi + S_ES], es
	mov [rdi + S_FS], fs
	mov [rdi + S_GS], gs
	mov [rdi + S_SS], ss
	str word [rdi + S_TR]
	cli
	mov rsp, rcx
	and rsp, -16
	xor ebp, ebp
	mov rdi, rdx
	call rsi
	mov edi, eax
	; fn returned: leave as if it had called efi_leave_kernel(eax)

; noreturn void efi_leave_kernel(int result): from any stack, IF = 0.
; Restores the firmware's GDT, CS and data selectors, IDT and TR (SDM Vol.
; 3A 7.2.4: LTR needs an available TSS descriptor, so the busy bit the
; firmware's own LTR set is cleared first, with CR0.WP off in case its GDT
; is write-protected), then the saved stack and registers, and returns from
; efi_enter_kernel with result.
efi_leave_kernel:
	cli
	mov r8d, edi
	mov rdi, [current_state]
	lgdt [rdi + S_GDTR]
	movzx eax, word [rdi + S_CS]
	push rax
	lea rax, [.cs_restored]
	push rax
	o64 retf
.cs_restored:
	mov ds, [rdi + S_DS]
	mov es, [rdi + S_ES]
	mov ss, [rdi + S_SS]
	mov fs, [rdi + S_FS]
	mov gs, [rdi + S_GS]
	lidt [rdi + S_IDTR]
	movzx eax, word [rdi + S_TR]
	and eax, ~7
	jz .no_tr
	mov rdx, [rdi + S_GDTR + 2]
	mov rcx, cr0
	mov r9, rcx
	and rcx, ~(1 << 16)         ; WP
	mov cr0, rcx
	and byte [rdx + rax + 5], ~2 ; type 1011b (busy) -> 1001b (available)
	mov cr0, r9
	ltr word [rdi + S_TR]
.no_tr:
	mov rsp, [rdi + S_RSP]
	mov rbx, [rdi + S_RBX]
	mov rbp, [rdi + S_RBP]
	mov r12, [rdi + S_R12]
	mov r13, [rdi + S_R13]
	mov r14, [rdi + S_R14]
	mov r15, [rdi + S_R15]
	mov eax, r8d
	ret

section .data
current_state: dq 0
