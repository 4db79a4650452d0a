/* Who made this CPU and what it is: vendor string, family/model/stepping with
 * the extended fields, brand string, hypervisor signature, and the CPUID
 * maxima every other decoder checks before it reads a leaf. */
#ifndef IDLEBENCH_PLATFORM_CPU_CPU_IDENTITY_H
#define IDLEBENCH_PLATFORM_CPU_CPU_IDENTITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/cpu/cpuid_fn.h"

/* Vendors the decoders treat specially; every other vendor keeps its string. */
enum cpu_vendor {
	CPU_VENDOR_OTHER = 0,
	CPU_VENDOR_INTEL, /* "GenuineIntel" */
	CPU_VENDOR_AMD,   /* "AuthenticAMD" */
	CPU_VENDOR_HYGON, /* "HygonGenuine" */
};

/* Everything identity-related the kernel reports. */
struct cpu_identity {
	char vendor[13];          /* CPUID.00H EBX,EDX,ECX as 12 characters, NUL-terminated */
	enum cpu_vendor vendor_id;
	uint32_t max_basic;       /* CPUID.00H:EAX */
	uint32_t max_extended;    /* CPUID.80000000H:EAX, 0 when no extended leaves */
	uint32_t signature;       /* CPUID.01H:EAX as read */
	uint32_t family;          /* base family + extended family when base == 0xF */
	uint32_t model;           /* base model | extended model << 4 when base family is 6 or 0xF */
	uint32_t stepping;        /* CPUID.01H:EAX[3:0] */
	uint32_t initial_apic_id; /* CPUID.01H:EBX[31:24] of the CPU that ran the query */
	char brand[49];           /* CPUID.80000002H-80000004H, leading/trailing blanks trimmed; "" when absent */
	bool hypervisor;          /* CPUID.01H:ECX[31] */
	uint32_t hv_max_leaf;     /* CPUID.40000000H:EAX when hypervisor, else 0 */
	char hv_signature[13];    /* CPUID.40000000H EBX,ECX,EDX, e.g. "KVMKVMKVM"; "" when no hypervisor */
};

/* Read vendor, signature, brand and hypervisor leaves through fn. */
void cpu_identity_read(cpuid_fn fn, void *ctx, struct cpu_identity *out);

/* Write value as lower-case hex with a 0x prefix ("0x18"); returns the length,
 * or 0 (and writes "" when cap > 0) if cap is too small. Used for cpu_family,
 * cpu_model and cpu_stepping metadata. */
size_t cpu_format_hex(uint32_t value, char *buf, size_t cap);

#endif
