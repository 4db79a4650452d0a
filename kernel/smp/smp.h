/* Starting and stopping application processors (only those the experiment
 * needs; all others stay in wait-for-SIPI). */
#ifndef IDLEBENCH_KERNEL_SMP_SMP_H
#define IDLEBENCH_KERNEL_SMP_SMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/arch/cpu_tables.h"
#include "kernel/mm/phys_alloc.h"

/* Bytes of each AP's stack (memtest86+ lost CPUs to 1 KiB stacks, #630). */
#define AP_STACK_SIZE 32768
/* Bytes at the bottom of the stack filled with a canary. */
#define AP_STACK_CANARY_BYTES 256

/* One application processor. Aligned so that what its user keeps beside it
 * (kernel/sibling/park.h: the mailbox) stays on lines of its own. */
struct ap_cpu {
	uint32_t apic_id;
	uint32_t index;
	void (*main)(struct ap_cpu *ap); /* what the AP runs once alive */
	struct cpu_tables *tables;       /* own GDT/TSS/exception stack */
	uint8_t *stack;                  /* AP_STACK_SIZE bytes */
	volatile uint32_t alive;         /* set by the AP when it reaches C */
	volatile uint32_t finished;      /* set by the AP when main returns */
	bool running;
	bool fw_apic_base_known;
	uint64_t fw_apic_base;           /* IA32_APIC_BASE as the firmware left it */
	uint64_t start_tsc, alive_tsc;   /* INIT sent / AP reached C */
	uint64_t cr0, cr4;               /* as the AP had them on reaching C */
} __attribute__((aligned(64)));

/* Named results. */
enum smp_status {
	SMP_OK = 0,
	SMP_ERR_NO_LOW_PAGE,     /* no free page below 1 MiB for the trampoline */
	SMP_ERR_NO_MEMORY,       /* no memory for a stack or tables */
	SMP_ERR_IPI,             /* the APIC refused an INIT or STARTUP IPI */
	SMP_ERR_AP_TIMEOUT,      /* the AP did not reach C in time */
	SMP_ERR_NO_TSC,          /* no calibrated TSC to time the start-up delays */
	SMP_ERR_LA57,            /* 5-level paging on: the trampoline builds 4-level tables */
	SMP_ERR_TOO_MANY,        /* more APs than smp_stop_all can track */
};

/* Text for a status. */
const char *smp_status_text(enum smp_status st);
/* Place the trampoline in a free page below 1 MiB and fill its data block
 * from the boot CPU's paging state (CR3, EFER); once (later calls return
 * SMP_OK). */
enum smp_status smp_init(struct phys_alloc *alloc);
/* Give ap its stack and tables (once). */
enum smp_status smp_prepare(struct ap_cpu *ap, struct phys_alloc *alloc, uint32_t apic_id, uint32_t index,
			    void (*main)(struct ap_cpu *ap));
/* INIT-SIPI-SIPI (Intel SDM Vol. 3A 8.4.4.1; AMD APM Vol. 2 15.x) and wait
 * up to timeout_us for the AP to reach C; on SMP_ERR_AP_TIMEOUT the AP is
 * sent INIT (stopped), and smp_stop_all sends it INIT again. */
enum smp_status smp_start(struct ap_cpu *ap, uint64_t timeout_us);
/* Send the AP back to wait-for-SIPI with INIT. */
enum smp_status smp_stop(struct ap_cpu *ap);
/* APs smp_stop_all can find: every CPU the MADT can list (ACPI_MAX_CPUS),
 * since others=hlt|load starts all of them. smp_start refuses an AP beyond
 * this rather than start one it could not stop. */
#define SMP_TRACKED_MAX 1024
/* INIT every AP ever sent a STARTUP IPI (running, stopped or timed out):
 * before the UEFI application hands the machine back, no AP may run code or
 * take interrupts in memory the firmware is about to free. */
void smp_stop_all(void);
/* After smp_stop_all: start each AP whose APIC mode we changed (x2apic=on
 * under an xAPIC firmware) once more, to put its IA32_APIC_BASE back as the
 * firmware left it, since INIT alone keeps an x2APIC in x2APIC mode (SDM
 * Vol. 3A 10.12.5.1); then put this CPU back to bsp_apic_base too, and only
 * then INIT those APs again, sender and target in the same mode (with the
 * xAPIC delivery-status and ESR checks). Needs this CPU still in our mode.
 * Returns how many APs it could not put back (each waited for up to
 * timeout_us). */
size_t smp_restore_firmware_apic_modes(uint64_t bsp_apic_base, uint64_t timeout_us);
/* APIC IDs of the APs started at least once (up to cap); returns the count. */
size_t smp_started_apic_ids(uint32_t *out, size_t cap);
/* Of the APs started at least once (*cpus), how many had CR4.MCE (*mce) and
 * CR0.NE (*ne) set on reaching C, as kernel/arch/cpu_setup64.asm sets them. */
void smp_control_bits(unsigned *cpus, unsigned *mce, unsigned *ne);
/* True while the AP's stack canary is intact. */
bool smp_stack_canary_ok(const struct ap_cpu *ap);
/* Physical address of the trampoline page (for reports). */
uint64_t smp_trampoline_page(void);

#endif
