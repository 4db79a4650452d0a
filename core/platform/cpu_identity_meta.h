/* The CPU identity (platform/cpu/cpu_identity.h) as stream metadata. */
#ifndef IDLEBENCH_CORE_PLATFORM_CPU_IDENTITY_META_H
#define IDLEBENCH_CORE_PLATFORM_CPU_IDENTITY_META_H

#include "platform/cpu/cpu_identity.h"

struct stream;
/* Write the cpu_vendor, cpu_family, cpu_model, cpu_stepping and cpu_brand
 * metadata lines (docs/stream-format.md), for the kernel and `idlebench bench`. */
void cpu_identity_write_meta(const struct cpu_identity *id, struct stream *s);

#endif
