/* Whether the hypervisor (CPUID leaf 0x40000000 signature, read by
 * platform/cpu/cpu_identity.c) is QEMU, for exit=auto. */
#ifndef IDLEBENCH_KERNEL_ARCH_HYPERVISOR_H
#define IDLEBENCH_KERNEL_ARCH_HYPERVISOR_H

#include <stdbool.h>

/* True for QEMU's signatures (TCG, or KVM that QEMU drives). */
bool hypervisor_is_qemu(const char *signature);

#endif
