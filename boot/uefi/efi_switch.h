/* Taking the boot CPU over from the UEFI firmware and handing it back
 * (boot/uefi/efi_switch.asm). */
#ifndef IDLEBENCH_BOOT_UEFI_EFI_SWITCH_H
#define IDLEBENCH_BOOT_UEFI_EFI_SWITCH_H

#include <stddef.h>
#include <stdint.h>

/* What efi_enter_kernel saves (offsets shared with the assembly). */
struct efi_cpu_state {
	uint64_t rsp, rbx, rbp, r12, r13, r14, r15;
	uint16_t gdt_limit;
	uint64_t gdt_base;
	uint16_t pad0[3];
	uint16_t idt_limit;
	uint64_t idt_base;
	uint16_t pad1[3];
	uint16_t cs, ds, es, fs, gs, ss, tr;
} __attribute__((packed));

_Static_assert(offsetof(struct efi_cpu_state, gdt_limit) == 56, "layout");
_Static_assert(offsetof(struct efi_cpu_state, idt_limit) == 72, "layout");
_Static_assert(offsetof(struct efi_cpu_state, cs) == 88, "layout");
_Static_assert(offsetof(struct efi_cpu_state, tr) == 100, "layout");

/* Save the firmware's CPU state in st, clear IF, switch to stack_top and
 * call fn(arg); returns the value passed to efi_leave_kernel. */
int efi_enter_kernel(struct efi_cpu_state *st, void (*fn)(void *), void *arg, void *stack_top);
/* Restore the state efi_enter_kernel saved and return from it with result
 * (IF stays 0; the caller decides when to STI). */
__attribute__((noreturn)) void efi_leave_kernel(int result);

#endif
