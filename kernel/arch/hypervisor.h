/* The CPUID hypervisor signature (leaf 0x40000000), for the `hypervisor`
 * metadata key and for exit=auto. */
#ifndef IDLEBENCH_KERNEL_ARCH_HYPERVISOR_H
#define IDLEBENCH_KERNEL_ARCH_HYPERVISOR_H

#include <stdbool.h>

/* Write the 12-character signature (trailing NULs dropped) into out, or
 * "none" when CPUID.01H:ECX[31] says no hypervisor. */
void hypervisor_signature(char out[13]);
/* True for QEMU's signatures (TCG, or KVM that QEMU drives). */
bool hypervisor_is_qemu(const char *signature);

#endif
