; Boot loader headers: the one ELF boots through GRUB (multiboot2) and through
; QEMU `-kernel` / any PVH loader (Xen PVH ELF note). Both enter boot/entry32.asm
; in 32-bit protected mode with paging off.

BITS 32

; ---- Multiboot2 header (Multiboot2 spec 1.0, section 3.1) -----------------
MB2_MAGIC        equ 0xE85250D6
MB2_ARCH_I386    equ 0

section .multiboot2 progbits alloc noexec nowrite align=8
mb2_header:
	dd MB2_MAGIC
	dd MB2_ARCH_I386
	dd mb2_header_end - mb2_header
	dd -(MB2_MAGIC + MB2_ARCH_I386 + (mb2_header_end - mb2_header))

	; Information request (type 1): tags we cannot run without are none, so
	; the request is optional (flags = 1): GRUB then passes what it has.
	align 8
	dw 1, 1
	dd 4 * 4 + 8
	dd 1   ; command line
	dd 6   ; memory map
	dd 2   ; boot loader name
	dd 8   ; framebuffer

	; Console flags (type 4): EGA text is supported, so on BIOS (with
	; gfxpayload=text in grub.cfg) GRUB keeps VGA text mode.
	align 8
	dw 4, 0
	dd 12
	dd 2   ; EGA text supported

	; No framebuffer tag (type 5): with one, GRUB 2.06 on BIOS switches to a
	; VBE graphics mode even with gfxpayload=text. Without it GRUB keeps EGA
	; text on BIOS, and on UEFI (no text mode exists) still hands over the GOP
	; framebuffer it set up (grub.cfg loads all_video there).

	; End tag.
	align 8
	dw 0, 0
	dd 8
mb2_header_end:

; ---- Xen PVH ELF note (xen/include/public/elfnote.h, XEN_ELFNOTE_PHYS32_ENTRY = 18)
; QEMU's -kernel finds this note and enters pvh_entry with EBX = hvm_start_info.
extern pvh_entry
section .note.Xen note alloc noexec nowrite align=4
	dd 4              ; namesz ("Xen\0")
	dd 4              ; descsz (32-bit entry address)
	dd 18             ; type: PHYS32_ENTRY
	db "Xen", 0
	dd pvh_entry
