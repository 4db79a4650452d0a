/* QEMU TCG reports "TCGTCGTCGTCG"; KVM (which QEMU drives) "KVMKVMKVM". Only
 * these get the isa-debug-exit write under exit=auto: on anything else port
 * 0xF4 may belong to a real device. */
#include "kernel/arch/hypervisor.h"
#include "lib/mem.h"

bool hypervisor_is_qemu(const char *sig)
{
	return !strcmp(sig, "TCGTCGTCGTCG") || !strcmp(sig, "KVMKVMKVM");
}
