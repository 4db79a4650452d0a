/* The run's memory: the physical allocator over the loader's map (or the
 * UEFI front end's pool), RAM above 4 GiB and a high framebuffer mapped,
 * and the RAM total recorded (meta ram_bytes). */
#ifndef IDLEBENCH_KERNEL_MM_MEMORY_SETUP_H
#define IDLEBENCH_KERNEL_MM_MEMORY_SETUP_H

#include "kernel/boot/boot_info.h"
#include "kernel/mm/phys_alloc.h"
#include "core/stream/stream.h"

/* Set up phys from bi (the kernel image excluded) and the identity map
 * above 4 GiB where the boot map stops there; problems are error records. */
void memory_setup(struct phys_alloc *phys, const struct boot_info *bi, struct stream *s);

#endif
