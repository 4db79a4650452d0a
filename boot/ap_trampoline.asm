; AP start-up trampoline, assembled as a flat binary (nasm -f bin) and copied
; by kernel/smp/smp.c into a free page below 1 MiB; the STARTUP IPI starts the
; AP here in real mode at CS:IP = page:0 (Intel SDM Vol. 3A 8.4.4, MP init).
;
; Self-contained, so it serves every front end (multiboot2/PVH kernel and the
; UEFI application, whose image is relocated anywhere and whose firmware page
; tables may lie above 4 GiB):
;   real mode -> 32-bit protected mode (own GDT in the data block)
;   -> long mode with CR3 = cr3_boot (below 4 GiB; maps this page 1:1) and the
;      boot CPU's EFER (LME, NXE: the final tables may use NX bits)
;   -> 64-bit: CR3 = cr3_final (the boot CPU's own tables, any address)
;   -> jump to long_entry (kernel/arch/cpu_setup64.asm ap_long_entry).
; SDM Vol. 3A 10.8.5 "Initializing IA-32e Mode" is the order followed.
; The kernel fills the data block at DATA (struct ap_trampoline_data in
; kernel/smp/ap_trampoline.h; offsets asserted there).

BITS 16
ORG 0

DATA            equ 0xF00
D_GDT_PTR       equ DATA + 0x00  ; dw limit, dd base (linear)
D_PM_ENTRY      equ DATA + 0x08  ; dd linear address of pm_entry, dw selector 0x18
D_STACK_TOP     equ DATA + 0x10  ; dq (read by ap_long_entry)
D_CR3_BOOT      equ DATA + 0x18  ; dd page tables for the switch (below 4 GiB)
D_LM_ENTRY      equ DATA + 0x20  ; dd linear address of lm_entry, dw selector 0x08
D_EFER          equ DATA + 0x38  ; dq IA32_EFER to load (LMA clear)
D_CR3_FINAL     equ DATA + 0x60  ; dq
D_LONG_ENTRY    equ DATA + 0x68  ; dq absolute address of ap_long_entry

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
	mov eax, cr4
	or eax, 1 << 5              ; PAE
	mov cr4, eax
	mov eax, [ebx + D_CR3_BOOT]
	mov cr3, eax
	mov ecx, 0xC0000080         ; IA32_EFER
	mov eax, [ebx + D_EFER]
	mov edx, [ebx + D_EFER + 4]
	wrmsr
	mov eax, cr0
	or eax, (1 << 31) | 1       ; PG | PE
	and eax, ~((1 << 30) | (1 << 29))  ; caches on: CD = NW = 0
	mov cr0, eax
	jmp far [ebx + D_LM_ENTRY]

BITS 64
lm_entry:
	mov ebx, ebx                ; upper half undefined after the mode switch
	mov rax, [rbx + D_CR3_FINAL]
	mov cr3, rax
	jmp [rbx + D_LONG_ENTRY]

; The kernel reads the entry offsets here to fill D_PM_ENTRY and D_LM_ENTRY.
times DATA - 8 - ($ - $$) db 0xCC
	dd lm_entry
	dd pm_entry
