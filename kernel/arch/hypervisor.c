/* Hypervisor signature: CPUID.01H:ECX[31] is the "hypervisor present" bit;
 * leaf 0x40000000 EBX:ECX:EDX then spells the vendor (TCGTCGTCGTCG for QEMU
 * TCG, KVMKVMKVM\0\0\0 for KVM, "Microsoft Hv", "VMwareVMware", …). */
#include "kernel/arch/hypervisor.h"
#include "kernel/arch/x86.h"
#include "kernel/lib/mem.h"

void hypervisor_signature(char out[13])
{
	uint32_t r[4];

	cpuid(1, 0, r);
	if (!(r[2] & (1u << 31))) {
		memcpy(out, "none", 5);
		return;
	}
	cpuid(0x40000000, 0, r);
	memcpy(out, &r[1], 4);
	memcpy(out + 4, &r[2], 4);
	memcpy(out + 8, &r[3], 4);
	out[12] = '\0';
	for (int i = 0; i < 12; i++)
		if ((unsigned char)out[i] < 0x20 || (unsigned char)out[i] > 0x7e)
			out[i] = out[i] ? '?' : '\0';
	if (!out[0])
		memcpy(out, "unknown", 8);
}

bool hypervisor_is_qemu(const char *sig)
{
	return !strcmp(sig, "TCGTCGTCGTCG") || !strcmp(sig, "KVMKVMKVM");
}
