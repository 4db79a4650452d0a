; 32-bit entry of the multiboot2/PVH kernel (both of its boot paths) -> long
; mode -> kmain. The UEFI application starts in 64-bit mode (boot/uefi/).
; Intel SDM Vol. 3A 10.8.5 "Initializing IA-32e Mode": PAE on, CR3 = PML4,
; EFER.LME, then CR0.PG; a far jump into a 64-bit code segment finishes it.
;
; The bootstrap page tables identity-map the first 4 GiB with 2 MiB pages: RAM
; below 4 GiB, ACPI tables, the LAPIC (0xFEE00000), HPET (0xFED00000) and a
; framebuffer below 4 GiB. kernel/mm/paging.c extends the map to RAM and
; framebuffers above 4 GiB once the memory map has been read.

BITS 32

BOOT_KIND_MULTIBOOT2 equ 1
BOOT_KIND_PVH        equ 2
MB2_BOOTLOADER_MAGIC equ 0x36D76289

global mb2_entry, pvh_entry
global boot_pml4, boot_stack_top, gdt64, gdt64_ptr
extern long_mode_entry

section .boot.text progbits alloc exec nowrite align=16
mb2_entry:
	cli
	cld
	mov esi, BOOT_KIND_MULTIBOOT2
	jmp common_entry

pvh_entry:                       ; EBX = struct hvm_start_info (PVH ABI)
	cli
	cld
	mov esi, BOOT_KIND_PVH
	mov eax, 0x336EC578      ; the start_info magic stands in for EAX

common_entry:
	mov esp, boot_stack_top
	mov [boot_magic], eax
	mov [boot_info_phys], ebx
	mov [boot_kind], esi

	; Long mode needs CPUID.80000001H:EDX[29] (LM).
	mov eax, 0x80000000
	cpuid
	cmp eax, 0x80000001
	jb no_long_mode
	mov eax, 0x80000001
	cpuid
	test edx, 1 << 29
	jz no_long_mode

	call build_boot_page_tables
	call enable_long_mode
	jmp 0x08:long_mode_entry

; Fill PML4[0] -> PDPT, PDPT[0..3] -> 4 page directories of 2 MiB pages.
build_boot_page_tables:
	mov edi, boot_pml4
	mov eax, boot_pdpt
	or eax, 0x3              ; present | writable
	mov [edi], eax
	mov dword [edi + 4], 0

	mov edi, boot_pdpt
	mov eax, boot_pd
	or eax, 0x3
	mov ecx, 4
.pdpt:
	mov [edi], eax
	mov dword [edi + 4], 0
	add eax, 4096
	add edi, 8
	loop .pdpt

	mov edi, boot_pd
	xor eax, eax             ; physical address of the 2 MiB page (low bits)
	xor edx, edx             ; high bits
	mov ecx, 4 * 512
.pd:
	mov ebx, eax
	or ebx, 0x83             ; present | writable | page size (2 MiB)
	mov [edi], ebx
	mov [edi + 4], edx
	add eax, 0x200000
	adc edx, 0
	add edi, 8
	loop .pd
	ret

; CR3 = boot_pml4, PAE, EFER.LME (+NXE where present), paging on, GDT with a
; 64-bit code segment. The caller then far-jumps to selector 0x08. (APs take
; the same steps in boot/ap_trampoline.asm with the boot CPU's CR3 and EFER.)
enable_long_mode:
	mov eax, boot_pml4
	mov cr3, eax
	mov eax, cr4
	or eax, 1 << 5           ; CR4.PAE
	mov cr4, eax
	mov ecx, 0xC0000080      ; IA32_EFER
	rdmsr
	or eax, 1 << 8           ; LME
	mov [efer_scratch], eax
	mov eax, 0x80000001
	cpuid
	mov eax, [efer_scratch]
	test edx, 1 << 20        ; NX available?
	jz .no_nx
	or eax, 1 << 11          ; NXE
.no_nx:
	mov ecx, 0xC0000080
	xor edx, edx
	wrmsr
	mov eax, cr0
	or eax, (1 << 31) | 1    ; PG | PE
	and eax, ~((1 << 30) | (1 << 29))  ; caches on: CD = NW = 0
	mov cr0, eax
	lgdt [gdt64_ptr]
	ret

; No long mode: say so on COM1 (the only console that needs no setup to try)
; and stop. There is no stream yet, so there is nothing else to end.
no_long_mode:
	mov esi, msg_no_long_mode
.next:
	lodsb
	test al, al
	jz .halt
	mov dx, 0x3F8
	out dx, al
	jmp .next
.halt:
	hlt
	jmp .halt

section .boot.data progbits alloc noexec write align=16
msg_no_long_mode: db "idlebench: this CPU has no 64-bit long mode (CPUID.80000001H:EDX[29]); cannot run", 13, 10, 0

align 16
; GDT: null, 64-bit code (0x08), data (0x10). The TSS descriptor for the
; exception stacks is installed per CPU by kernel/arch/cpu_tables.c.
gdt64:
	dq 0
	dq 0x00AF9A000000FFFF    ; code: present, DPL0, L=1
	dq 0x00CF92000000FFFF    ; data: present, DPL0, writable
gdt64_end:
gdt64_ptr:
	dw gdt64_end - gdt64 - 1
	dq gdt64

global boot_magic, boot_info_phys, boot_kind
boot_magic:     dd 0
boot_info_phys: dd 0
boot_kind:      dd 0
efer_scratch:   dd 0

section .bss nobits alloc noexec write align=4096
boot_pml4: resb 4096
boot_pdpt: resb 4096
boot_pd:   resb 4 * 4096
boot_stack: resb 65536
boot_stack_top:
