/* The hypervisor's name as every stream says it (the `hypervisor` meta, the
 * machine_id, the busy control's caveat): one rule for the kernel and
 * `idlebench linux`. */
#ifndef IDLEBENCH_CORE_PLATFORM_HYPERVISOR_NAME_H
#define IDLEBENCH_CORE_PLATFORM_HYPERVISOR_NAME_H

#include <stdbool.h>

/* "none" when CPUID.01H:ECX[31] (present) is clear, else the leaf
 * 40000000H signature (EBX, ECX, EDX, trimmed) or "unknown" when it is
 * empty. Returns signature itself or a string constant. */
const char *hypervisor_name(bool present, const char *signature);

#endif
