; 64-bit continuation of the boot CPU (multiboot2 and PVH): segments, stack,
; CR0.NE and CR4.MCE, FPU/SSE/AVX state, kmain. The per-CPU pieces live in kernel/arch/cpu_setup64.asm.

BITS 64

extern kmain, boot_stack_top, boot_magic, boot_info_phys, boot_kind
extern load_data_segments, cpu_enable_simd, cpu_enable_machine_checks
global long_mode_entry

section .text
long_mode_entry:
	mov rsp, boot_stack_top
	call load_data_segments
	call cpu_enable_machine_checks
	call cpu_enable_simd
	mov edi, [rel boot_kind]
	mov esi, [rel boot_magic]
	mov edx, [rel boot_info_phys]
	xor ebp, ebp
	call kmain
.halt:
	cli
	hlt
	jmp .halt
