/* What every boot front end (kmain.c for multiboot2 and PVH,
 * boot/uefi/efi_main.c for the UEFI application) hands the rest of the
 * kernel. Nothing after the front end knows which loader ran, except through
 * `path` (reported as the `boot` metadata key). */
#ifndef IDLEBENCH_KERNEL_BOOT_BOOT_INFO_H
#define IDLEBENCH_KERNEL_BOOT_BOOT_INFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/time/quiet_probe.h"

/* Capacity of the copied memory map (entries beyond it are counted, not kept). */
#define BOOT_MMAP_MAX 256
/* Capacity of the copied command line (bytes, including the NUL). The option
 * parser rejects anything over 1024 bytes, so one more byte is enough to see that. */
#define BOOT_CMDLINE_MAX 1026

/* How the kernel was started; also the `boot` metadata value (in quotes).
 * Two paths start on UEFI firmware: BOOT_PATH_UEFI is the multiboot2 kernel
 * (idlebench.elf) loaded by GRUB, BOOT_PATH_EFI_APP is idlebench.efi. */
enum boot_path {
	BOOT_PATH_UNKNOWN = 0,
	BOOT_PATH_BIOS,     /* "bios": multiboot2 kernel from GRUB on BIOS (no EFI system table tag) */
	BOOT_PATH_UEFI,     /* "uefi": multiboot2 kernel from GRUB on UEFI (EFI system table tag present) */
	BOOT_PATH_PVH,      /* "pvh": Xen PVH entry (QEMU -kernel) */
	BOOT_PATH_EFI_APP,  /* "efi": idlebench.efi, the UEFI application (boot/uefi/), run by
			     * the firmware or chainloaded by GRUB */
};

/* Memory map region types (the E820/multiboot2/PVH numbering). */
enum mem_type {
	MEM_USABLE = 1,
	MEM_RESERVED = 2,
	MEM_ACPI_RECLAIMABLE = 3,
	MEM_ACPI_NVS = 4,
	MEM_BAD = 5,
};

/* One memory map region. */
struct mem_region {
	uint64_t base;
	uint64_t length;
	uint32_t type; /* enum mem_type, or the loader's other values */
};

/* A linear framebuffer or EGA text screen as the loader left it. */
struct boot_framebuffer {
	bool present;
	uint8_t type; /* 0 indexed, 1 direct RGB, 2 EGA text (multiboot2 numbering) */
	uint64_t addr;
	uint32_t pitch, width, height;
	uint8_t bpp;
	uint8_t red_pos, red_size, green_pos, green_size, blue_pos, blue_size;
};

/* Capacity of boot_info.pool. */
#define BOOT_POOL_MAX 4

struct stream_capture;

/* Maps physical memory for reading: returns NULL when [phys, phys+len) is not readable. */
typedef const void *(*phys_map_fn)(void *ctx, uint64_t phys, size_t len);

/* Everything the kernel learns from its loader. */
struct boot_info {
	enum boot_path path;
	char cmdline[BOOT_CMDLINE_MAX];
	bool cmdline_truncated;
	char bootloader[64];
	/* The UEFI application: "1", "0" or "unknown (<why>)" from the firmware's
	 * SecureBoot variable (the `secure_boot` metadata key); "" on other paths. */
	char secure_boot[64];
	struct mem_region mmap[BOOT_MMAP_MAX];
	size_t mmap_count;
	size_t mmap_dropped;        /* regions beyond BOOT_MMAP_MAX */
	struct boot_framebuffer fb;
	uint8_t rsdp[36];           /* copy of the ACPI RSDP, when the loader passed one */
	size_t rsdp_len;            /* 20 (ACPI 1.0) or 36; 0 when absent */
	uint64_t rsdp_phys;         /* its physical address, when known (PVH, UEFI application) */
	uint64_t efi_system_table;  /* physical address; 0 when not booted from UEFI */
	uint64_t image_base, image_end; /* the running image, kept out of the allocator */
	/* The UEFI application's memory: when pool_count > 0 the kernel takes
	 * memory only from these regions (pages allocated from the firmware),
	 * never from the memory map, which is then for reporting only. */
	struct mem_region pool[BOOT_POOL_MAX];
	size_t pool_count;
	/* The page tables are the firmware's 1:1 map of the whole address space
	 * (UEFI application): the kernel leaves them alone. */
	bool firmware_paging;
	/* When set, a copy of every stream byte goes here too (the UEFI
	 * application's result file). */
	struct stream_capture *capture;
	/* The UEFI application's TSC gap probe with the firmware's interrupts
	 * live, taken before the takeover (reported next to the run's own). */
	struct quiet_probe firmware_quiet;
};

/* Text for a boot path: "bios", "uefi", "pvh", "efi" or "unknown". */
const char *boot_path_name(enum boot_path path);

#endif
