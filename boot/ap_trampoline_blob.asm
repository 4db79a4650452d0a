; The assembled trampoline (build/gen/ap_trampoline.bin) as kernel data.
BITS 64
section .rodata
global ap_trampoline_start, ap_trampoline_end
align 16
ap_trampoline_start:
	incbin "ap_trampoline.bin"
ap_trampoline_end:
