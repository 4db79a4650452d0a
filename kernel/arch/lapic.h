/* Local APIC in xAPIC (MMIO) or x2APIC (MSR) mode: just what idlebench
 * needs to start CPUs, send wake IPIs and keep the measured CPU quiet. */
#ifndef IDLEBENCH_KERNEL_ARCH_LAPIC_H
#define IDLEBENCH_KERNEL_ARCH_LAPIC_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/arch/amd_eilvt.h"

/* The vector of the wake IPI the measured CPU sends to parked CPUs. */
#define LAPIC_WAKE_VECTOR 0xF0
/* The spurious-interrupt vector (no EOI is sent for it). */
#define LAPIC_SPURIOUS_VECTOR 0xFF

/* Named results. */
enum lapic_status {
	LAPIC_OK = 0,
	LAPIC_ERR_NO_APIC,          /* CPUID.01H:EDX[9] clear */
	LAPIC_ERR_NO_X2APIC,        /* x2apic=on but CPUID.01H:ECX[21] clear */
	LAPIC_ERR_FIRMWARE_X2APIC,  /* x2apic=off but firmware left x2APIC enabled */
	LAPIC_ERR_ID_TOO_LARGE,     /* x2apic=off but an APIC ID exceeds 254 */
	LAPIC_ERR_SEND_TIMEOUT,     /* ICR delivery status never went idle (xAPIC) */
	LAPIC_ERR_SEND_ERROR,       /* the error status register reported a send error */
};

/* Text for a status. */
const char *lapic_status_text(enum lapic_status st);

/* The APIC mode asked for (the `x2apic=` option, values in this order:
 * "auto|on|off"). */
enum lapic_request {
	LAPIC_REQUEST_AUTO, /* x2APIC when the firmware enabled it or an ID exceeds 254 */
	LAPIC_REQUEST_ON,
	LAPIC_REQUEST_OFF,
};

/* Decide xAPIC or x2APIC on the boot CPU for request (auto: x2APIC when the
 * firmware enabled it or max_apic_id > 254), enable the chosen mode and
 * software-enable the APIC. `why` gets a short reason. */
enum lapic_status lapic_init_bsp(enum lapic_request request, uint32_t max_apic_id, const char **why);
/* On an AP: enable the mode the boot CPU chose and software-enable the APIC. */
void lapic_init_ap(void);
/* True when x2APIC mode is in use. */
bool lapic_x2apic(void);
/* This CPU's APIC ID from the APIC itself. */
uint32_t lapic_id(void);
/* Register reg (xAPIC offset) of this CPU's APIC as IA32_APIC_BASE value
 * apic_base describes it: an MSR in x2APIC mode, else MMIO at its base. For
 * code that saves and restores another owner's APIC state (the UEFI app). */
uint32_t lapic_read_base(uint64_t apic_base, uint32_t reg);
void lapic_write_base(uint64_t apic_base, uint32_t reg, uint32_t v);
/* True when IA32_APIC_BASE's x2APIC bits (EN, EXTD) are both set. */
bool lapic_base_is_x2apic(uint64_t apic_base);
/* True when IA32_APIC_BASE's global enable (EN, bit 11) is set. */
bool lapic_base_is_enabled(uint64_t apic_base);
/* "x2APIC", "xAPIC" or "disabled" for an IA32_APIC_BASE value. */
const char *lapic_base_mode_name(uint64_t apic_base);
/* This CPU's IA32_APIC_BASE. */
uint64_t lapic_get_base(void);
/* Write this CPU's IA32_APIC_BASE by legal steps only (apic_base_steps):
 * through "disabled" when leaving x2APIC mode for xAPIC, through xAPIC when
 * going from disabled to x2APIC (SDM Vol. 3A 10.12.5 figure 10-27). */
void lapic_set_base(uint64_t apic_base);
/* Switch this CPU to apic_base (lapic_set_base) and drive its APIC in that
 * mode from now on, software-enabled (leaving x2APIC resets the registers,
 * SDM 10.12.5.1; every LVT entry comes back masked). */
void lapic_adopt_base(uint64_t apic_base);
/* True on the bootstrap processor (IA32_APIC_BASE bit 8, SDM Vol. 3A 10.4.4). */
bool lapic_is_bsp(void);
/* Mask every LVT entry (timer, thermal, PMC, LINT0/1, error, CMCI) and the
 * legacy 8259 PICs, so no interrupt can be pending on this CPU. */
void lapic_mask_all(void);
/* AMD/Hygon extended LVTs (amd_eilvt.h): when CPUID says this CPU has the
 * extended APIC space (amd_or_hygon: the vendor), save every entry and mask
 * it, in the mode in use (x2APIC: MSR 840h, 850h-853h, read with #GP caught).
 * The state as found, for the `amd_eilvt` meta. */
const struct eilvt_state *lapic_eilvt_mask(bool amd_or_hygon);
/* The same on the calling CPU into st (a parked CPU's own, park.c). */
void lapic_eilvt_mask_into(struct eilvt_state *st, bool amd_or_hygon);
/* On the same CPU, in the APIC mode in use: write back what
 * lapic_eilvt_mask_into masked (only the entries it wrote). */
void lapic_eilvt_put_back(const struct eilvt_state *st);
/* Write the entries lapic_eilvt_mask masked back as found, through the APIC
 * as IA32_APIC_BASE value apic_base describes it (the UEFI app's hand-back,
 * after the firmware's APIC mode is back: leaving x2APIC resets them). */
void lapic_eilvt_restore(uint64_t apic_base);
/* True when vector's bit is set in this CPU's in-service register (ISR at
 * 0x100-0x170 in xAPIC mode, MSRs 810H-817H in x2APIC mode): the APIC
 * delivered it and waits for an EOI (SDM Vol. 3A 10.8.4). */
bool lapic_in_service(uint8_t vector);
/* Signal end of interrupt. */
void lapic_eoi(void);
/* Send a fixed IPI with vector to apic_id. */
enum lapic_status lapic_send_ipi(uint32_t apic_id, uint8_t vector);
/* Send an NMI to apic_id (breaks HLT and MWAIT whatever IF and ECX say). */
enum lapic_status lapic_send_nmi(uint32_t apic_id);
/* Send INIT (assert) to apic_id. */
enum lapic_status lapic_send_init(uint32_t apic_id);
/* Send a STARTUP IPI: the AP starts in real mode at page << 12. */
enum lapic_status lapic_send_sipi(uint32_t apic_id, uint8_t page);

#endif
