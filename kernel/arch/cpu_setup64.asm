; 64-bit per-CPU setup shared by every front end (the multiboot2/PVH kernel
; and the UEFI application): data segments, FPU/SSE/AVX state, and the APs'
; entry from boot/ap_trampoline.asm. Position-independent: the UEFI image is
; relocated wherever the firmware loads it.

BITS 64

global load_data_segments, cpu_enable_simd, cpu_enable_machine_checks, ap_long_entry

section .text
; Flat data segments (selector 0x10 in every GDT idlebench loads), null FS/GS.
load_data_segments:
	mov ax, 0x10
	mov ds, ax
	mov es, ax
	mov ss, ax
	xor eax, eax
	mov fs, ax
	mov gs, ax
	ret

; APs arrive here from boot/ap_trampoline.asm with EBX = the trampoline
; page; its data block (kernel/smp/ap_trampoline.h) holds this AP's stack,
; its C entry and the argument for it.
ap_long_entry:
	mov ebx, ebx                ; upper half undefined after the mode switch
	mov rsp, [rbx + 0xF10]
	call load_data_segments
	call cpu_enable_machine_checks
	call cpu_enable_simd
	mov rdi, [rbx + 0xF30]
	xor ebp, ebp
	call [rbx + 0xF28]
.halt:
	cli
	hlt
	jmp .halt

; Per CPU, before anything else: an AP comes out of INIT with CR0 = 60000010H
; and CR4 = 0 (Intel SDM Vol. 3A 9.1.1, table 9-1), so CR4.MCE = 0 and
; CR0.NE = 0. A machine check broadcast to every thread (SDM Vol. 3B 16.3.1)
; then shuts the machine down on that CPU (SDM 16.10 "CR4.MCE = 0: processor
; enters shutdown"), and x87 errors use the legacy FERR# path instead of #MF
; (SDM Vol. 1 8.7). Linux sets both on every CPU it runs (cr4_set_bits
; X86_CR4_MCE in mcheck_cpu_init, CR0.NE in the boot path). CR4.MCE only where
; CPUID.01H:EDX.MCE (bit 7) says the bit exists.
cpu_enable_machine_checks:
	push rbx
	mov rax, cr0
	or rax, 1 << 5           ; NE
	mov cr0, rax
	mov eax, 1
	xor ecx, ecx
	cpuid
	test edx, 1 << 7         ; MCE
	jz .no_mce
	mov rax, cr4
	or rax, 1 << 6           ; MCE
	mov cr4, rax
.no_mce:
	pop rbx
	ret

; Per CPU, before any C code runs (the compiler emits SSE2 everywhere):
; Intel SDM Vol. 3A 13.1.3/13.5: CR0.EM = 0, CR0.MP = 1, CR4.OSFXSR and
; OSXMMEXCPT; where CPUID.01H:ECX.XSAVE, CR4.OSXSAVE and XCR0 = x87|SSE,
; plus AVX state when CPUID.01H:ECX.AVX.
cpu_enable_simd:
	push rbx
	mov rax, cr0
	and rax, ~(1 << 2)       ; EM
	or rax, 1 << 1           ; MP
	mov cr0, rax
	mov rax, cr4
	or rax, (1 << 9) | (1 << 10)
	mov cr4, rax
	mov eax, 1
	xor ecx, ecx
	cpuid
	test ecx, 1 << 26        ; XSAVE
	jz .done
	mov r8d, ecx
	mov rax, cr4
	or rax, 1 << 18          ; OSXSAVE
	mov cr4, rax
	mov eax, 0x3             ; x87 | SSE
	test r8d, 1 << 28        ; AVX
	jz .set_xcr0
	or eax, 0x4
.set_xcr0:
	xor edx, edx
	xor ecx, ecx
	xsetbv
.done:
	fninit
	pop rbx
	ret
