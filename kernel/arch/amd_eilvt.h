/* AMD/Hygon extended local vector table entries: the decision whether they
 * exist and can be reached, saving, masking and restoring them through
 * register accessors (the local APIC in kernel/arch/lapic.c, a fake register
 * file in tests/unit/arch/test_amd_eilvt.c).
 *
 * AMD APM Vol. 2 16.4.5 "Extended Interrupts": CPUID 8000_0001 ECX[3]
 * ExtApicSpace says the extended register space at APIC 400h exists; the
 * Extended APIC Feature register (400h) bits 23:16 count the extended LVT
 * entries at 500h + 10h * i, each with the mask in bit 16 like the other
 * LVTs and a message type (fixed, SMI, NMI, ExtINT) in bits 10:8. Firmware
 * may route MCA thresholding, deferred errors or IBS through them with SMI
 * or NMI delivery, which IF = 0 does not block. Linux:
 * arch/x86/include/asm/apicdef.h (APIC_EFEAT 400h, APIC_EILVTn(n) = 500h +
 * 10h * n, APIC_EILVT_NR_MAX = 4, APIC_EILVT_MSG_SMI 2, _NMI 4,
 * APIC_EILVT_MASKED bit 16) and arch/x86/kernel/apic/apic.c
 * setup_APIC_eilvt, which reads and writes them through apic_read/apic_write,
 * so in x2APIC mode as MSR 800h + (offset >> 4) (840h, 850h-853h). That
 * mapping is Linux's; the APM's own x2APIC register table was not checked
 * here, so a read or write there that faults is caught and recorded, never
 * assumed to work. */
#ifndef IDLEBENCH_KERNEL_ARCH_AMD_EILVT_H
#define IDLEBENCH_KERNEL_ARCH_AMD_EILVT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EILVT_EFEAT 0x400u                        /* Extended APIC Feature register */
#define EILVT_REG(i) (0x500u + 0x10u * (unsigned)(i))
#define EILVT_MASKED (1u << 16)
#define EILVT_COUNT(efeat) (((efeat) >> 16) & 0xFFu) /* XLC */
#define EILVT_MAX 4u /* 500h-530h: the entries the APM and Linux define */
#define EILVT_CPUID_EXTAPIC (1u << 3)             /* CPUID 8000_0001 ECX[3] ExtApicSpace */

/* Register access by xAPIC offset; false when the access faulted. */
struct eilvt_io {
	bool (*rd)(void *ctx, uint32_t reg, uint32_t *v);
	bool (*wr)(void *ctx, uint32_t reg, uint32_t v);
	void *ctx;
};

/* What was found. */
enum eilvt_status {
	EILVT_ABSENT = 0, /* not AMD/Hygon, or no extended APIC space: nothing to mask */
	EILVT_UNREACHABLE, /* the space should exist but a read faulted: left alone */
	EILVT_SAVED,       /* efeat and the entries read (and masked by eilvt_mask) */
};

/* The entries as found. */
struct eilvt_state {
	enum eilvt_status status;
	const char *why;           /* ABSENT and UNREACHABLE: the reason */
	uint32_t efeat;            /* Extended APIC Feature register as read */
	unsigned n;                /* entries saved: min(XLC, EILVT_MAX) */
	uint32_t lvt[EILVT_MAX];   /* their values as found */
	bool masked;               /* eilvt_mask wrote them (eilvt_restore puts them back) */
	bool mask_faulted;         /* one of those writes faulted: not every entry is masked */
	uint32_t written;          /* bit i: entry i's mask write went through (only those are restored) */
};

/* Does the extended space exist (amd_or_hygon: the vendor string is
 * AuthenticAMD or HygonGenuine; max_ext: CPUID 8000_0000 EAX; ext1_ecx:
 * CPUID 8000_0001 ECX)? True when it does; else *why says why not. */
bool eilvt_exists(bool amd_or_hygon, uint32_t max_ext, uint32_t ext1_ecx, const char **why);
/* Read efeat and the XLC entries into st (status SAVED), or UNREACHABLE with
 * the reason when a read faulted. Writes nothing. */
void eilvt_save(struct eilvt_state *st, const struct eilvt_io *io);
/* On a SAVED state: write every saved entry back with the mask bit set and
 * every other bit as found. */
void eilvt_mask(struct eilvt_state *st, const struct eilvt_io *io);
/* On a masked state: write every saved entry back exactly as found. */
void eilvt_restore(const struct eilvt_state *st, const struct eilvt_io *io);
/* The `amd_eilvt` meta value: "efeat=0x00040007 count=4 lvt=0x...,0x...
 * masked=yes" (no lvt= when the count is 0) or
 * "none (why)" / "unreachable (why)". */
void eilvt_meta(const struct eilvt_state *st, char *buf, size_t size);

#endif
