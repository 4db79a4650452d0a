/* AP bring-up. The start-up recipe (Intel SDM Vol. 3A 8.4.4.1 "Typical BSP
 * initialization sequence"): INIT IPI, 10 ms, STARTUP IPI, 200 us, STARTUP
 * IPI, 200 us, timed with the calibrated TSC. An AP that does not reach C is
 * reported by APIC ID and the run carries on without it. */
#include "kernel/arch/cpu_setup64.h"
#include "kernel/arch/lapic.h"
#include "kernel/arch/x86.h"
#include "lib/mem.h"
#include "kernel/smp/ap_trampoline.h"
#include "kernel/smp/smp.h"
#include "kernel/time/delay.h"

extern const uint8_t ap_trampoline_start[], ap_trampoline_end[];

#define MSR_EFER      0xC0000080
#define  EFER_LMA     (1ull << 10)
#define CR4_LA57      (1ull << 12)
#define PTE_P_RW      0x3ull
#define PTE_PS        (1ull << 7)

#define CANARY_BYTE 0x5A

static uint8_t *page;
/* APs started at least once (reached C), for the reports and the APIC
 * mode restore. */
static struct ap_cpu *started[SMP_TRACKED_MAX];
static unsigned started_count;
/* APIC ID of every CPU ever sent a STARTUP IPI, started or not: one that
 * timed out may still start late, from a trampoline whose data block by
 * then names another CPU's stack, so smp_stop_all INITs all of them. By ID,
 * not by struct ap_cpu: a caller may reuse the struct for the next CPU. */
static uint32_t sipi_sent[SMP_TRACKED_MAX];
static unsigned sipi_sent_count;

const char *smp_status_text(enum smp_status st)
{
	switch (st) {
	case SMP_OK:
		return "ok";
	case SMP_ERR_NO_LOW_PAGE:
		return "no free page below 1 MiB in the memory map for the AP trampoline";
	case SMP_ERR_NO_MEMORY:
		return "no memory for an AP stack or descriptor tables";
	case SMP_ERR_IPI:
		return "the local APIC did not deliver INIT or STARTUP";
	case SMP_ERR_AP_TIMEOUT:
		return "the AP did not start in time";
	case SMP_ERR_NO_TSC:
		return "no calibrated TSC to time the start-up sequence";
	case SMP_ERR_LA57:
		return "5-level paging is on; the AP start-up path builds 4-level tables only";
	case SMP_ERR_TOO_MANY:
		return "more CPUs started than the stop list holds (SMP_TRACKED_MAX)";
	}
	return "?";
}

/* CR3 for the AP's switch to long mode: 32-bit code can load only a CR3
 * below 4 GiB. The boot CPU's own tables do when they lie there (the
 * multiboot2 kernel's always do); otherwise (UEFI firmware may keep them
 * anywhere) three pages below 4 GiB map the first 2 MiB, which holds the
 * trampoline, until the 64-bit code loads the boot CPU's CR3. */
static uint64_t switch_cr3(struct phys_alloc *alloc, uint64_t cr3)
{
	if (cr3 < 0x100000000ull)
		return cr3;
	uint64_t t = phys_alloc_take(alloc, 3 * 4096, 4096, 0x100000000ull);
	if (!t)
		return 0;
	uint64_t *pml4 = (uint64_t *)(uintptr_t)t, *pdpt = pml4 + 512, *pd = pml4 + 1024;
	memset(pml4, 0, 3 * 4096);
	pml4[0] = (t + 4096) | PTE_P_RW;
	pdpt[0] = (t + 8192) | PTE_P_RW;
	pd[0] = 0 | PTE_P_RW | PTE_PS;
	return t;
}

enum smp_status smp_init(struct phys_alloc *alloc)
{
	if (page)
		return SMP_OK;
	if (read_cr4() & CR4_LA57)
		return SMP_ERR_LA57;
	uint64_t p = phys_alloc_take(alloc, 4096, 4096, 0x100000);
	size_t len = (size_t)(ap_trampoline_end - ap_trampoline_start);

	if (!p)
		return SMP_ERR_NO_LOW_PAGE;
	uint64_t cr3 = read_cr3() & ~0xFFFull, cr3_boot = switch_cr3(alloc, cr3);
	if (!cr3_boot)
		return SMP_ERR_NO_MEMORY;
	page = (uint8_t *)(uintptr_t)p;
	memcpy(page, ap_trampoline_start, len);
	uint32_t pm_off, lm_off;
	memcpy(&pm_off, ap_trampoline_start + AP_TRAMPOLINE_PM_ENTRY_SLOT, 4);
	memcpy(&lm_off, ap_trampoline_start + AP_TRAMPOLINE_LM_ENTRY_SLOT, 4);

	struct ap_trampoline_data *d = (struct ap_trampoline_data *)(page + AP_TRAMPOLINE_DATA);
	memset(d, 0, sizeof *d);
	/* Selectors as in the kernel's own GDT (kernel/arch/cpu_tables.c):
	 * 0x08 64-bit code, 0x10 data; 0x18 is the 32-bit code for the way up. */
	d->gdt[1] = 0x00AF9A000000FFFFull;
	d->gdt[2] = 0x00CF92000000FFFFull;
	d->gdt[3] = 0x00CF9A000000FFFFull;
	d->gdt_limit = sizeof d->gdt - 1;
	d->gdt_base = (uint32_t)(p + AP_TRAMPOLINE_DATA + offsetof(struct ap_trampoline_data, gdt));
	d->pm_entry = (uint32_t)(p + pm_off);
	d->pm_sel = 0x18;
	d->lm_entry = (uint32_t)(p + lm_off);
	d->lm_sel = 0x08;
	d->cr3_boot = (uint32_t)cr3_boot;
	d->cr3_final = read_cr3();
	d->efer = rdmsr(MSR_EFER) & ~EFER_LMA;
	d->long_entry = (uintptr_t)ap_long_entry;
	return SMP_OK;
}

uint64_t smp_trampoline_page(void)
{
	return (uintptr_t)page;
}

static void ap_c_entry(struct ap_cpu *ap)
{
	cpu_tables_load(ap->tables);
	if (!ap->fw_apic_base_known) {
		ap->fw_apic_base = lapic_get_base();
		ap->fw_apic_base_known = true;
	}
	lapic_init_ap();
	ap->cr0 = read_cr0();
	ap->cr4 = read_cr4();
	ap->alive_tsc = rdtsc();
	__atomic_store_n(&ap->alive, 1, __ATOMIC_RELEASE);
	ap->main(ap);
	__atomic_store_n(&ap->finished, 1, __ATOMIC_RELEASE);
	for (;;) {
		cli();
		hlt();
	}
}

enum smp_status smp_prepare(struct ap_cpu *ap, struct phys_alloc *alloc, uint32_t apic_id, uint32_t index,
			    void (*main)(struct ap_cpu *ap))
{
	uint64_t stack = phys_alloc_take(alloc, AP_STACK_SIZE, 4096, 0x100000000ull);
	uint64_t tables = phys_alloc_take(alloc, sizeof(struct cpu_tables), 4096, 0x100000000ull);

	if (!stack || !tables)
		return SMP_ERR_NO_MEMORY;
	ap->apic_id = apic_id;
	ap->index = index;
	ap->main = main;
	ap->fw_apic_base_known = false;
	ap->stack = (uint8_t *)(uintptr_t)stack;
	ap->tables = (struct cpu_tables *)(uintptr_t)tables;
	memset(ap->stack, CANARY_BYTE, AP_STACK_CANARY_BYTES);
	ap->running = false;
	return SMP_OK;
}

bool smp_stack_canary_ok(const struct ap_cpu *ap)
{
	for (unsigned i = 0; i < AP_STACK_CANARY_BYTES; i++)
		if (ap->stack[i] != CANARY_BYTE)
			return false;
	return true;
}

/* Note apic_id among the CPUs sent a SIPI; false when the list is full. */
static bool note_sipi_target(uint32_t apic_id)
{
	for (unsigned i = 0; i < sipi_sent_count; i++)
		if (sipi_sent[i] == apic_id)
			return true;
	if (sipi_sent_count == SMP_TRACKED_MAX)
		return false;
	sipi_sent[sipi_sent_count++] = apic_id;
	return true;
}

enum smp_status smp_start(struct ap_cpu *ap, uint64_t timeout_us)
{
	if (!time_tsc_hz())
		return SMP_ERR_NO_TSC;
	bool known = false;
	for (unsigned i = 0; i < started_count; i++)
		known |= started[i] == ap;
	if (!known && started_count == SMP_TRACKED_MAX)
		return SMP_ERR_TOO_MANY;
	if (!note_sipi_target(ap->apic_id))
		return SMP_ERR_TOO_MANY;
	struct ap_trampoline_data *d = (struct ap_trampoline_data *)(page + AP_TRAMPOLINE_DATA);
	d->stack_top = (uintptr_t)(ap->stack + AP_STACK_SIZE);
	d->c_entry = (uintptr_t)ap_c_entry;
	d->arg = (uintptr_t)ap;
	__atomic_store_n(&ap->alive, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&ap->finished, 0, __ATOMIC_RELEASE);

	uint8_t vector = (uint8_t)((uintptr_t)page >> 12);
	ap->start_tsc = rdtsc();
	if (lapic_send_init(ap->apic_id) != LAPIC_OK)
		return SMP_ERR_IPI;
	delay_us(10000);
	for (int i = 0; i < 2; i++) {
		if (lapic_send_sipi(ap->apic_id, vector) != LAPIC_OK)
			return SMP_ERR_IPI;
		delay_us(200);
	}
	uint64_t deadline = rdtsc() + time_us_to_tsc(timeout_us);
	while (!__atomic_load_n(&ap->alive, __ATOMIC_ACQUIRE)) {
		if (rdtsc() > deadline) {
			/* Back to wait-for-SIPI: a CPU that starts late must not run
			 * our code unseen (smp_stop_all INITs it again at the end). */
			smp_stop(ap);
			return SMP_ERR_AP_TIMEOUT;
		}
		cpu_pause();
	}
	ap->running = true;
	if (!known)
		started[started_count++] = ap;
	return SMP_OK;
}

enum smp_status smp_stop(struct ap_cpu *ap)
{
	ap->running = false;
	return lapic_send_init(ap->apic_id) == LAPIC_OK ? SMP_OK : SMP_ERR_IPI;
}

void smp_stop_all(void)
{
	for (unsigned i = 0; i < started_count; i++)
		started[i]->running = false;
	/* Every CPU ever sent a SIPI, running or not as far as we know: INIT
	 * in wait-for-SIPI is harmless, a late starter left running is not. */
	for (unsigned i = 0; i < sipi_sent_count; i++)
		(void)lapic_send_init(sipi_sent[i]);
}

/* Runs on the AP: its APIC back to the firmware's mode and base. */
static void restore_firmware_apic_base(struct ap_cpu *ap)
{
	lapic_set_base(ap->fw_apic_base);
}

size_t smp_restore_firmware_apic_modes(uint64_t bsp_apic_base, uint64_t timeout_us)
{
	static struct ap_cpu *redo[SMP_TRACKED_MAX]; /* static: 9 KiB, off the stack */
	static bool ok[SMP_TRACKED_MAX];
	size_t n = 0, failed = 0;

	for (unsigned i = 0; i < started_count; i++) {
		struct ap_cpu *ap = started[i];
		if (!ap->fw_apic_base_known || lapic_base_is_x2apic(ap->fw_apic_base) == lapic_x2apic())
			continue;
		void (*main)(struct ap_cpu *) = ap->main;
		ap->main = restore_firmware_apic_base;
		ok[n] = smp_start(ap, timeout_us) == SMP_OK;
		uint64_t deadline = rdtsc() + time_us_to_tsc(timeout_us);
		while (ok[n] && !__atomic_load_n(&ap->finished, __ATOMIC_ACQUIRE))
			if (rdtsc() > deadline)
				ok[n] = false;
			else
				cpu_pause();
		ap->main = main;
		redo[n++] = ap;
	}
	if (!n)
		return 0;
	/* The APs wait in CLI;HLT in their new mode; meet them there. */
	lapic_adopt_base(bsp_apic_base);
	for (size_t k = 0; k < n; k++) {
		if (smp_stop(redo[k]) != SMP_OK)
			ok[k] = false;
		failed += !ok[k];
	}
	return failed;
}

void smp_control_bits(unsigned *cpus, unsigned *mce, unsigned *ne)
{
	*cpus = started_count;
	*mce = *ne = 0;
	for (unsigned i = 0; i < started_count; i++) {
		*mce += (started[i]->cr4 & CR4_MCE) != 0;
		*ne += (started[i]->cr0 & CR0_NE) != 0;
	}
}

size_t smp_started_apic_ids(uint32_t *out, size_t cap)
{
	size_t n = 0;
	for (unsigned i = 0; i < started_count && n < cap; i++)
		out[n++] = started[i]->apic_id;
	return n;
}
