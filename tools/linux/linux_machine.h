/* The machine meta of `idlebench linux`: machine_id
 * (core/platform/machine_id.h) from what Linux shows (DMI strings, the
 * product UUID, the microcode revision), smbios_product and microcode. */
#ifndef IDLEBENCH_TOOLS_LINUX_MACHINE_H
#define IDLEBENCH_TOOLS_LINUX_MACHINE_H

#include "platform/cpu/cpu_identity.h"
#include "core/stream/stream.h"
#include "tools/linux/linux_sysfs.h"

/* smbios_product, microcode (where known) and machine_id as meta. */
void linux_machine_write_meta(const struct linux_root *r, const struct cpu_identity *id, struct stream *s);

#endif
