/* Multiboot2 boot information walker (Multiboot2 specification 1.0, 3.6). */
#ifndef IDLEBENCH_BOOT_LOADER_MULTIBOOT2_H
#define IDLEBENCH_BOOT_LOADER_MULTIBOOT2_H

#include <stddef.h>

#include "kernel/boot/boot_info.h"

/* EAX value a multiboot2 loader passes. */
#define MB2_BOOTLOADER_MAGIC 0x36D76289u

/* Named walker results (mb2_status_name gives the text). */
enum mb2_status {
	MB2_OK = 0,
	MB2_ERR_NULL,          /* no information structure */
	MB2_ERR_MISALIGNED,    /* structure not 8-byte aligned */
	MB2_ERR_TOTAL_SIZE,    /* total_size < 16 or beyond what the caller can read */
	MB2_ERR_TAG_SIZE,      /* a tag shorter than its header or running past total_size */
	MB2_ERR_NO_END_TAG,    /* ran out of bytes before the end tag */
	MB2_ERR_BAD_MMAP,      /* memory map tag with an impossible entry size */
};

/* Walk the information structure at mbi (at most avail bytes may be read) and
 * fill info (path = BIOS or UEFI, cmdline, loader name, memory map,
 * framebuffer, RSDP copy, EFI system table). */
enum mb2_status mb2_parse(const void *mbi, size_t avail, struct boot_info *info);
/* Text for a status. */
const char *mb2_status_name(enum mb2_status st);

#endif
