/* The data block of boot/ap_trampoline.asm, at offset 0xF00 of its page. */
#ifndef IDLEBENCH_KERNEL_SMP_AP_TRAMPOLINE_H
#define IDLEBENCH_KERNEL_SMP_AP_TRAMPOLINE_H

#include <stddef.h>
#include <stdint.h>

/* Offset of the data block in the trampoline page. */
#define AP_TRAMPOLINE_DATA 0xF00
/* Offsets of the dwords holding lm_entry's and pm_entry's offsets (written
 * by the assembler). */
#define AP_TRAMPOLINE_LM_ENTRY_SLOT 0xEF8
#define AP_TRAMPOLINE_PM_ENTRY_SLOT 0xEFC

/* Layout shared with the assembly (offsets asserted below). */
struct ap_trampoline_data {
	uint16_t gdt_limit;   /* 0x00: lgdt operand: 32-bit flat GDT */
	uint32_t gdt_base;
	uint16_t pad0;
	uint32_t pm_entry;    /* 0x08: far pointer to the 32-bit code (linear) */
	uint16_t pm_sel;      /*       0x18 */
	uint16_t pad1;
	uint64_t stack_top;   /* 0x10: this AP's stack */
	uint32_t cr3_boot;    /* 0x18: tables for the switch, 1:1 over this page */
	uint32_t pad2;
	uint32_t lm_entry;    /* 0x20: far pointer to the 64-bit code (linear) */
	uint16_t lm_sel;      /*       0x08 */
	uint16_t pad3;
	uint64_t c_entry;     /* 0x28: void (*)(void *arg) */
	uint64_t arg;         /* 0x30 */
	uint64_t efer;        /* 0x38: IA32_EFER (the boot CPU's, LMA clear) */
	uint64_t gdt[4];      /* 0x40: null, code64 0x08, data 0x10, code32 0x18 */
	uint64_t cr3_final;   /* 0x60: the boot CPU's CR3 */
	uint64_t long_entry;  /* 0x68: ap_long_entry */
} __attribute__((packed));

_Static_assert(offsetof(struct ap_trampoline_data, pm_entry) == 0x08, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, stack_top) == 0x10, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, cr3_boot) == 0x18, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, lm_entry) == 0x20, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, c_entry) == 0x28, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, arg) == 0x30, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, efer) == 0x38, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, gdt) == 0x40, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, cr3_final) == 0x60, "layout");
_Static_assert(offsetof(struct ap_trampoline_data, long_entry) == 0x68, "layout");

#endif
