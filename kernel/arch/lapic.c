/* Local APIC driver (Intel SDM Vol. 3A chapter 10 [11 in newer editions];
 * AMD APM Vol. 2 chapter 16). Register offsets are the xAPIC MMIO offsets;
 * in x2APIC mode register offset R is MSR 0x800 + (R >> 4) (SDM 10.12.1.2). */
#include "kernel/arch/apic_base.h"
#include "kernel/arch/apic_id.h"
#include "kernel/arch/lapic.h"
#include "kernel/arch/msr.h"
#include "kernel/arch/x86.h"
#include "lib/mem.h"

#define LAPIC_ID        0x020
#define LAPIC_VERSION   0x030
#define  LAPIC_VERSION_MAXLVT(v) (((v) >> 16) & 0xFF)
#define LAPIC_TPR       0x080
#define LAPIC_EOI       0x0B0
#define LAPIC_ISR       0x100 /* 8 registers, 0x10 apart: vectors 32k..32k+31 (SDM 10.8.4) */
#define LAPIC_SVR       0x0F0
#define  LAPIC_SVR_ENABLE (1u << 8)
#define LAPIC_ESR       0x280
#define LAPIC_LVT_CMCI  0x2F0
#define LAPIC_ICR_LOW   0x300
#define  ICR_FIXED       (0u << 8)
#define  ICR_NMI         (4u << 8)
#define  ICR_INIT        (5u << 8)
#define  ICR_STARTUP     (6u << 8)
#define  ICR_PENDING     (1u << 12) /* delivery status (xAPIC only) */
#define  ICR_ASSERT      (1u << 14)
#define  ICR_LEVEL       (1u << 15)
#define LAPIC_ICR_HIGH  0x310
#define LAPIC_LVT_TIMER 0x320
#define LAPIC_LVT_THERMAL 0x330
#define LAPIC_LVT_PERF  0x340
#define LAPIC_LVT_LINT0 0x350
#define LAPIC_LVT_LINT1 0x360
#define LAPIC_LVT_ERROR 0x370
#define  LVT_MASKED      (1u << 16)

static bool x2apic_mode;
static uintptr_t mmio_base = 0xFEE00000;

static uint32_t rd(uint32_t reg)
{
	return x2apic_mode ? (uint32_t)rdmsr(0x800 + (reg >> 4)) : mmio_read32(mmio_base + reg);
}

static void wr(uint32_t reg, uint32_t v)
{
	if (x2apic_mode)
		wrmsr(0x800 + (reg >> 4), v);
	else
		mmio_write32(mmio_base + reg, v);
}

bool lapic_base_is_x2apic(uint64_t apic_base)
{
	return (apic_base & (APIC_BASE_EN | APIC_BASE_EXTD)) == (APIC_BASE_EN | APIC_BASE_EXTD);
}

bool lapic_base_is_enabled(uint64_t apic_base)
{
	return (apic_base & APIC_BASE_EN) != 0;
}

const char *lapic_base_mode_name(uint64_t apic_base)
{
	return lapic_base_is_x2apic(apic_base) ? "x2APIC" : lapic_base_is_enabled(apic_base) ? "xAPIC" : "disabled";
}

uint32_t lapic_read_base(uint64_t apic_base, uint32_t reg)
{
	return lapic_base_is_x2apic(apic_base) ? (uint32_t)rdmsr(0x800 + (reg >> 4))
					       : mmio_read32((uintptr_t)(apic_base & APIC_BASE_ADDR) + reg);
}

void lapic_write_base(uint64_t apic_base, uint32_t reg, uint32_t v)
{
	if (lapic_base_is_x2apic(apic_base))
		wrmsr(0x800 + (reg >> 4), v);
	else
		mmio_write32((uintptr_t)(apic_base & APIC_BASE_ADDR) + reg, v);
}

uint64_t lapic_get_base(void)
{
	return rdmsr(MSR_APIC_BASE);
}

void lapic_set_base(uint64_t apic_base)
{
	uint64_t steps[APIC_BASE_MAX_STEPS];
	size_t n = apic_base_steps(rdmsr(MSR_APIC_BASE), apic_base, steps);

	for (size_t i = 0; i < n; i++)
		wrmsr(MSR_APIC_BASE, steps[i]);
}

void lapic_adopt_base(uint64_t apic_base)
{
	lapic_set_base(apic_base);
	x2apic_mode = lapic_base_is_x2apic(apic_base);
	mmio_base = (uintptr_t)(apic_base & APIC_BASE_ADDR);
	if (lapic_base_is_enabled(apic_base)) {
		wr(LAPIC_TPR, 0);
		wr(LAPIC_SVR, LAPIC_SVR_ENABLE | LAPIC_SPURIOUS_VECTOR);
	}
}

bool lapic_is_bsp(void)
{
	return (lapic_get_base() & APIC_BASE_BSP) != 0;
}

const char *lapic_status_text(enum lapic_status st)
{
	switch (st) {
	case LAPIC_OK:
		return "ok";
	case LAPIC_ERR_NO_APIC:
		return "no local APIC (CPUID.01H:EDX[9])";
	case LAPIC_ERR_NO_X2APIC:
		return "x2apic=on but the CPU has no x2APIC (CPUID.01H:ECX[21])";
	case LAPIC_ERR_FIRMWARE_X2APIC:
		return "x2apic=off but the firmware left x2APIC enabled (leaving it would reset the APIC)";
	case LAPIC_ERR_ID_TOO_LARGE:
		return "x2apic=off but an APIC ID above 254 needs x2APIC";
	case LAPIC_ERR_SEND_TIMEOUT:
		return "IPI not accepted: ICR delivery status stayed pending";
	case LAPIC_ERR_SEND_ERROR:
		return "IPI send error reported by the APIC error status register";
	}
	return "?";
}

/* Globally enable the APIC in the chosen mode; from disabled (firmware may
 * leave it so) through xAPIC, since disabled -> x2APIC in one write raises
 * #GP (SDM Vol. 3A 10.12.5, figure 10-27). */
static void enable_mode(void)
{
	uint64_t base = rdmsr(MSR_APIC_BASE);
	lapic_set_base(base | APIC_BASE_EN | (x2apic_mode ? APIC_BASE_EXTD : 0));
	/* TPR 0 accepts every vector; SVR software-enables the APIC. */
	wr(LAPIC_TPR, 0);
	wr(LAPIC_SVR, LAPIC_SVR_ENABLE | LAPIC_SPURIOUS_VECTOR);
}

enum lapic_status lapic_init_bsp(enum lapic_request request, uint32_t max_apic_id, const char **why)
{
	uint32_t r[4];

	cpuid(1, 0, r);
	if (!(r[3] & (1u << 9)))
		return LAPIC_ERR_NO_APIC;
	bool has_x2 = (r[2] & (1u << 21)) != 0;
	uint64_t base = rdmsr(MSR_APIC_BASE);
	bool firmware_x2 = lapic_base_is_x2apic(base);

	if (request == LAPIC_REQUEST_ON) {
		if (!has_x2)
			return LAPIC_ERR_NO_X2APIC;
		x2apic_mode = true;
		*why = "x2apic=on";
	} else if (request == LAPIC_REQUEST_OFF) {
		if (firmware_x2)
			return LAPIC_ERR_FIRMWARE_X2APIC;
		if (max_apic_id > 254)
			return LAPIC_ERR_ID_TOO_LARGE;
		x2apic_mode = false;
		*why = "x2apic=off";
	} else if (firmware_x2) {
		x2apic_mode = true;
		*why = "firmware enabled x2APIC";
	} else if (max_apic_id > 254) {
		if (!has_x2)
			return LAPIC_ERR_NO_X2APIC;
		x2apic_mode = true;
		*why = "APIC IDs above 254";
	} else {
		x2apic_mode = false;
		*why = "xAPIC is enough (IDs <= 254, firmware left xAPIC)";
	}
	mmio_base = (uintptr_t)(base & APIC_BASE_ADDR);
	enable_mode();
	return LAPIC_OK;
}

void lapic_init_ap(void)
{
	enable_mode();
}

bool lapic_x2apic(void)
{
	return x2apic_mode;
}

uint32_t lapic_id(void)
{
	return apic_id_from_register(rd(LAPIC_ID), x2apic_mode);
}

void lapic_mask_all(void)
{
	uint32_t maxlvt = LAPIC_VERSION_MAXLVT(rd(LAPIC_VERSION));
	static const uint32_t lvts[] = { LAPIC_LVT_TIMER, LAPIC_LVT_THERMAL, LAPIC_LVT_PERF,
					 LAPIC_LVT_LINT0, LAPIC_LVT_LINT1, LAPIC_LVT_ERROR };

	for (unsigned i = 0; i < sizeof lvts / sizeof lvts[0]; i++)
		wr(lvts[i], rd(lvts[i]) | LVT_MASKED);
	if (maxlvt >= 6) /* CMCI exists from 7 LVT entries on (SDM 10.5.1) */
		wr(LAPIC_LVT_CMCI, rd(LAPIC_LVT_CMCI) | LVT_MASKED);
	/* 8259A: mask every line of both PICs. */
	outb(0x21, 0xFF);
	outb(0xA1, 0xFF);
}

static struct eilvt_state eilvt;

static bool eilvt_rd(void *ctx, uint32_t reg, uint32_t *v)
{
	(void)ctx;
	if (!x2apic_mode) {
		*v = mmio_read32(mmio_base + reg);
		return true;
	}
	uint64_t m;
	int r = rdmsr_safe(0x800 + (reg >> 4), &m);
	*v = (uint32_t)m;
	return r == 0;
}

static bool eilvt_wr(void *ctx, uint32_t reg, uint32_t v)
{
	(void)ctx;
	if (!x2apic_mode) {
		mmio_write32(mmio_base + reg, v);
		return true;
	}
	return wrmsr_safe(0x800 + (reg >> 4), v) == 0;
}

void lapic_eilvt_mask_into(struct eilvt_state *st, bool amd_or_hygon)
{
	uint32_t r[4] = { 0 }, ecx = 0;
	const struct eilvt_io io = { eilvt_rd, eilvt_wr, NULL };

	cpuid(0x80000000u, 0, r);
	uint32_t max_ext = r[0];
	if (max_ext >= 0x80000001u) {
		cpuid(0x80000001u, 0, r);
		ecx = r[2];
	}
	*st = (struct eilvt_state){ .status = EILVT_ABSENT };
	if (!eilvt_exists(amd_or_hygon, max_ext, ecx, &st->why))
		return;
	eilvt_save(st, &io);
	eilvt_mask(st, &io);
}

void lapic_eilvt_put_back(const struct eilvt_state *st)
{
	const struct eilvt_io io = { eilvt_rd, eilvt_wr, NULL };

	eilvt_restore(st, &io);
}

const struct eilvt_state *lapic_eilvt_mask(bool amd_or_hygon)
{
	lapic_eilvt_mask_into(&eilvt, amd_or_hygon);
	return &eilvt;
}

static bool eilvt_wr_base(void *ctx, uint32_t reg, uint32_t v)
{
	lapic_write_base(*(const uint64_t *)ctx, reg, v);
	return true;
}

void lapic_eilvt_restore(uint64_t apic_base)
{
	/* Only entries read (so reachable) in this run were written. */
	const struct eilvt_io io = { NULL, eilvt_wr_base, &apic_base };

	if (lapic_base_is_enabled(apic_base))
		eilvt_restore(&eilvt, &io);
}

bool lapic_in_service(uint8_t vector)
{
	return (rd(LAPIC_ISR + (vector / 32u) * 0x10u) >> (vector % 32u)) & 1u;
}

void lapic_eoi(void)
{
	wr(LAPIC_EOI, 0);
}

static enum lapic_status send(uint32_t apic_id, uint32_t low)
{
	if (!x2apic_mode)
		wr(LAPIC_ESR, 0);
	if (x2apic_mode) {
		/* WRMSR to the x2APIC ICR is not serializing (SDM 10.12.3): fence so
		 * the mailbox stores before it are visible when the IPI lands. One
		 * 64-bit WRMSR: destination in bits 63:32 (SDM 10.12.9). */
		__asm__ volatile("mfence; lfence" ::: "memory");
		wrmsr(0x830, ((uint64_t)apic_id << 32) | low);
		return LAPIC_OK;
	}
	wr(LAPIC_ICR_HIGH, apic_id << 24);
	wr(LAPIC_ICR_LOW, low);
	for (unsigned spins = 0; rd(LAPIC_ICR_LOW) & ICR_PENDING; spins++) {
		if (spins > 10000000)
			return LAPIC_ERR_SEND_TIMEOUT;
		cpu_pause();
	}
	/* ESR is updated by a write (SDM 10.5.3): write, then read. */
	wr(LAPIC_ESR, 0);
	if (rd(LAPIC_ESR) & 0xEF) /* send/receive accept, checksum, illegal vector/address */
		return LAPIC_ERR_SEND_ERROR;
	return LAPIC_OK;
}

enum lapic_status lapic_send_ipi(uint32_t apic_id, uint8_t vector)
{
	return send(apic_id, ICR_FIXED | ICR_ASSERT | vector);
}

enum lapic_status lapic_send_nmi(uint32_t apic_id)
{
	/* Delivery mode NMI: the vector field is ignored (SDM Vol. 3A 10.6.1). */
	return send(apic_id, ICR_NMI | ICR_ASSERT);
}

enum lapic_status lapic_send_init(uint32_t apic_id)
{
	return send(apic_id, ICR_INIT | ICR_ASSERT | ICR_LEVEL);
}

enum lapic_status lapic_send_sipi(uint32_t apic_id, uint8_t page)
{
	return send(apic_id, ICR_STARTUP | ICR_ASSERT | page);
}
