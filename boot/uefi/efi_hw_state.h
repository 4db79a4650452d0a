/* Interrupt-controller and control-register state the run changes and the
 * UEFI firmware relies on afterwards: saved before the takeover, restored
 * before boot services are used again (boot/uefi/efi_main.c). */
#ifndef IDLEBENCH_BOOT_UEFI_EFI_HW_STATE_H
#define IDLEBENCH_BOOT_UEFI_EFI_HW_STATE_H

#include <stdbool.h>
#include <stdint.h>

/* Local APIC registers saved (xAPIC offsets; MSR 0x800 + off/16 in x2APIC). */
#define EFI_HW_LAPIC_REGS 11

/* The saved state. */
struct efi_hw_state {
	uint64_t apic_base;                /* IA32_APIC_BASE: mode and address */
	uint32_t lapic[EFI_HW_LAPIC_REGS]; /* TPR, SVR, LVTs, timer divide and count */
	bool cmci;                         /* the LVT CMCI entry exists */
	uint8_t pic_mask[2];               /* 8259A master/slave IMR */
	uint64_t cr0, cr4, xcr0;
	uint64_t fs_base, gs_base, kernel_gs_base; /* reloading FS/GS selectors changes the bases */
	bool had_if;                       /* RFLAGS.IF on entry */
};

/* Save, with IF cleared (the state is then stable until restore). */
void efi_hw_save(struct efi_hw_state *s);
/* Put everything back, the APIC mode included (an APIC switched to x2APIC
 * for the run is disabled and re-enabled in xAPIC mode first, SDM Vol. 3A
 * 10.12.5), and set IF again if it was set. */
void efi_hw_restore(const struct efi_hw_state *s);

#endif
