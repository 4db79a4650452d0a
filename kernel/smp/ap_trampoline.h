/* The data block of boot/ap_trampoline.asm, at offset 0xF00 of its page. */
#ifndef IDLEBENCH_KERNEL_SMP_AP_TRAMPOLINE_H
#define IDLEBENCH_KERNEL_SMP_AP_TRAMPOLINE_H

#include <stddef.h>
#include <stdint.h>

/* Offset of the data block in the trampoline page. */
#define AP_TRAMPOLINE_DATA 0xF00
/* Offset of the dword holding pm_entry's offset (written by the assembler). */
#define AP_TRAMPOLINE_PM_ENTRY_SLOT 0xEFC

/* Layout shared with the assembly (offsets asserted below). */
struct ap_trampoline_data {
	uint16_t gdt_limit;   /* 0x00: lgdt operand: 32-bit flat GDT */
	uint32_t gdt_base;
	uint16_t pad0;
	uint32_t pm_entry;    /* 0x08: far pointer to the 32-bit code (linear) */
	uint16_t pm_sel;
	uint16_t pad1;
	uint64_t stack_top;   /* 0x10: this AP's stack */
	uint64_t enable_long_mode; /* 0x18: boot/entry32.asm routine */
	uint32_t lm_entry;    /* 0x20: far pointer to ap_long_entry */
	uint16_t lm_sel;
	uint16_t pad2;
	uint64_t c_entry;     /* 0x28: void (*)(void *arg) */
	uint64_t arg;         /* 0x30 */
	uint64_t pad3;
	uint64_t gdt[3];      /* 0x40: null, code32 0x08, data32 0x10 */
} __attribute__((packed));

_Static_assert(offsetof(struct ap_trampoline_data, pm_entry) == 0x08, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, stack_top) == 0x10, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, enable_long_mode) == 0x18, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, lm_entry) == 0x20, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, c_entry) == 0x28, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, arg) == 0x30, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, gdt) == 0x40, "layout");

#endif
