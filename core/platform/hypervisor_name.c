/* The hypervisor's name (core/platform/hypervisor_name.h). CPUID.01H:ECX[31]
 * is "Not Used. Always returns 0" on real processors (Intel SDM Vol. 2A,
 * CPUID, Table 3-10; AMD APM Vol. 3, Appendix E.3.2 Fn0000_0001_ECX[31]
 * "reserved for use by hypervisor"), set by hypervisors; leaf 40000000H's
 * EBX, ECX, EDX carry their signature by convention (Linux
 * arch/x86/kernel/cpu/hypervisor.c, detect_hypervisor_vendor; the KVM and
 * Hyper-V TLFS documentation). A hypervisor that sets the bit but leaves
 * the signature empty is still one: "unknown", never "none". */
#include "core/platform/hypervisor_name.h"

const char *hypervisor_name(bool present, const char *signature)
{
	if (!present)
		return "none";
	return signature && signature[0] ? signature : "unknown";
}
