/* CPU identity from CPUID. Field layouts: Intel SDM Vol. 2A, CPUID, Figure 3-6
 * "Version Information Returned by CPUID in EAX"; AMD APM Vol. 3, Appendix E.3.2
 * (Fn0000_0001_EAX Family, Model, Stepping Identifiers). */
#include "platform/cpu/cpu_identity.h"

#include "lib/mem.h"

/* The hypervisor range (Intel SDM Vol. 2A, CPUID: leaves 40000000H-4FFFFFFFH are
 * "Invalid"; hypervisors use 40000000H for their signature by convention, see
 * the KVM and Hyper-V TLFS documentation). */
#define CPUID_LEAF_HYPERVISOR 0x40000000u
#define CPUID_LEAF_EXT_MAX    0x80000000u
#define CPUID_LEAF_BRAND0     0x80000002u
#define CPUID_LEAF_BRAND2     0x80000004u
#define CPUID_01_ECX_HYPERVISOR (1u << 31)

static void put_reg(char *dst, uint32_t reg)
{
	for (int i = 0; i < 4; i++)
		dst[i] = (char)((reg >> (8 * i)) & 0xFF);
}

static enum cpu_vendor vendor_from_string(const char *v)
{
	if (!memcmp(v, "GenuineIntel", 12))
		return CPU_VENDOR_INTEL;
	if (!memcmp(v, "AuthenticAMD", 12))
		return CPU_VENDOR_AMD;
	if (!memcmp(v, "HygonGenuine", 12))
		return CPU_VENDOR_HYGON;
	return CPU_VENDOR_OTHER;
}

/* Copy printable ASCII from src (len bytes, may hold NULs) and trim blanks at
 * both ends: brand strings are padded with leading blanks on some Intel parts
 * ("       Intel(R) Pentium(R) CPU  N3530") and trailing blanks on AMD ones. */
static void copy_trimmed(char *dst, size_t cap, const char *src, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len && src[i] != '\0'; i++) {
		char c = src[i];
		if (c < 0x20 || c > 0x7E)
			continue;
		if (n == 0 && c == ' ')
			continue;
		if (n + 1 < cap)
			dst[n++] = c;
	}
	while (n > 0 && dst[n - 1] == ' ')
		n--;
	dst[n] = '\0';
}

void cpu_identity_read(cpuid_fn fn, void *ctx, struct cpu_identity *out)
{
	uint32_t r[4];

	memset(out, 0, sizeof *out);
	fn(ctx, 0, 0, r);
	out->max_basic = r[CPUID_EAX];
	/* The vendor string is EBX, EDX, ECX in that order. */
	put_reg(out->vendor + 0, r[CPUID_EBX]);
	put_reg(out->vendor + 4, r[CPUID_EDX]);
	put_reg(out->vendor + 8, r[CPUID_ECX]);
	out->vendor[12] = '\0';
	out->vendor_id = vendor_from_string(out->vendor);

	if (out->max_basic >= 1) {
		fn(ctx, 1, 0, r);
		uint32_t eax = r[CPUID_EAX];
		uint32_t base_family = (eax >> 8) & 0xF;
		uint32_t base_model = (eax >> 4) & 0xF;
		out->signature = eax;
		out->stepping = eax & 0xF;
		out->family = base_family;
		if (base_family == 0xF)
			out->family += (eax >> 20) & 0xFF;
		out->model = base_model;
		if (base_family == 0x6 || base_family == 0xF)
			out->model |= ((eax >> 16) & 0xF) << 4;
		out->initial_apic_id = r[CPUID_EBX] >> 24;
		out->hypervisor = (r[CPUID_ECX] & CPUID_01_ECX_HYPERVISOR) != 0;
	}

	fn(ctx, CPUID_LEAF_EXT_MAX, 0, r);
	/* A CPU without extended leaves answers with something below 80000000H
	 * (Intel: the highest basic leaf's data). */
	if ((r[CPUID_EAX] & 0xFFFF0000u) == CPUID_LEAF_EXT_MAX)
		out->max_extended = r[CPUID_EAX];

	if (out->max_extended >= CPUID_LEAF_BRAND2) {
		char raw[48];
		for (uint32_t leaf = CPUID_LEAF_BRAND0; leaf <= CPUID_LEAF_BRAND2; leaf++) {
			fn(ctx, leaf, 0, r);
			for (int i = 0; i < 4; i++)
				put_reg(raw + (leaf - CPUID_LEAF_BRAND0) * 16 + i * 4, r[i]);
		}
		copy_trimmed(out->brand, sizeof out->brand, raw, sizeof raw);
	}

	/* Only ask for the hypervisor leaf when CPUID.01H:ECX[31] says one is
	 * there: on bare-metal Intel, leaf 40000000H returns the highest basic
	 * leaf's data, which would read as a garbage signature. */
	if (out->hypervisor) {
		char raw[12];
		fn(ctx, CPUID_LEAF_HYPERVISOR, 0, r);
		out->hv_max_leaf = r[CPUID_EAX];
		put_reg(raw + 0, r[CPUID_EBX]);
		put_reg(raw + 4, r[CPUID_ECX]);
		put_reg(raw + 8, r[CPUID_EDX]);
		copy_trimmed(out->hv_signature, sizeof out->hv_signature, raw, sizeof raw);
	}
}

size_t cpu_format_hex(uint32_t value, char *buf, size_t cap)
{
	static const char digits[] = "0123456789abcdef";
	char tmp[8];
	size_t n = 0;

	do {
		tmp[n++] = digits[value & 0xF];
		value >>= 4;
	} while (value != 0);
	if (cap < n + 3) {
		if (cap > 0)
			buf[0] = '\0';
		return 0;
	}
	buf[0] = '0';
	buf[1] = 'x';
	for (size_t i = 0; i < n; i++)
		buf[2 + i] = tmp[n - 1 - i];
	buf[n + 2] = '\0';
	return n + 2;
}
