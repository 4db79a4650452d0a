; AP start-up trampoline, assembled as a flat binary (nasm -f bin) and copied
; by kernel/smp/smp.c into a free page below 1 MiB; the STARTUP IPI starts the
; AP here in real mode at CS:IP = page:0 (Intel SDM Vol. 3A 8.4.4, MP init).
; Real mode -> 32-bit protected mode (own flat GDT) -> enable_long_mode (the
; boot CPU's routine in boot/entry32.asm: same page tables, same GDT) -> the
; 64-bit ap_long_entry in boot/entry64.asm. The kernel fills the data block
; at DATA (layout: struct ap_trampoline_data in kernel/smp/ap_trampoline.h).

BITS 16
ORG 0

DATA            equ 0xF00
D_GDT_PTR       equ DATA + 0x00  ; dw limit, dd base (linear)
D_PM_ENTRY      equ DATA + 0x08  ; dd offset (linear), dw selector 0x08
D_STACK_TOP     equ DATA + 0x10  ; dq
D_ENABLE_LM     equ DATA + 0x18  ; dq address of enable_long_mode
D_LM_ENTRY      equ DATA + 0x20  ; dd offset, dw selector 0x08 (64-bit code in gdt64)

start:
	cli
	cld
	mov ax, cs
	mov ds, ax
	xor ebx, ebx
	mov bx, ax
	shl ebx, 4                  ; EBX = linear base of this page, kept to the end
	lgdt [D_GDT_PTR]
	mov eax, cr0
	or eax, 1                   ; PE
	mov cr0, eax
	o32 jmp far [D_PM_ENTRY]

BITS 32
pm_entry:
	mov ax, 0x10
	mov ds, ax
	mov es, ax
	mov ss, ax
	mov esp, [ebx + D_STACK_TOP]
	push ebx
	call [ebx + D_ENABLE_LM]    ; clobbers EAX, ECX, EDX, EBX (CPUID)
	pop ebx
	jmp far [ebx + D_LM_ENTRY]

; The kernel reads pm_entry's offset here to fill D_PM_ENTRY.
times DATA - 4 - ($ - $$) db 0xCC
	dd pm_entry
