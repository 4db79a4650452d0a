/* Xen PVH start info (xen/include/public/arch-x86/hvm/start_info.h). */
#ifndef IDLEBENCH_BOOT_LOADER_PVH_H
#define IDLEBENCH_BOOT_LOADER_PVH_H

#include <stddef.h>
#include <stdint.h>

#include "kernel/boot/boot_info.h"

/* hvm_start_info.magic ("xEn3" with the high bit of each byte cleared). */
#define PVH_START_MAGIC 0x336EC578u

/* Named results. */
enum pvh_status {
	PVH_OK = 0,
	PVH_ERR_BAD_MAGIC,
	PVH_ERR_UNREADABLE,  /* a pointer in start info leads outside readable memory */
};

/* Fill info (path = PVH) from the start info at physical address start_info. */
enum pvh_status pvh_parse(uint64_t start_info, phys_map_fn map, void *ctx, struct boot_info *info);
/* Text for a status. */
const char *pvh_status_name(enum pvh_status st);

#endif
