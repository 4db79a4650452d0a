/* `machine_id`: the one recipe for "the same machine in the same state",
 * shared by the kernel (kernel/platform/platform.c) and `idlebench linux`
 * (tools/linux/cmd_linux.c), so `idlebench report` can tell one machine's
 * bare-metal and Linux runs apart from another machine's. */
#ifndef IDLEBENCH_KERNEL_PLATFORM_MACHINE_ID_H
#define IDLEBENCH_KERNEL_PLATFORM_MACHINE_ID_H

#include <stdbool.h>
#include <stdint.h>

/* What goes into the id ("" where unknown). */
struct machine_id_parts {
	const char *vendor;        /* CPUID vendor string */
	const char *hypervisor;    /* "none", the hypervisor's signature, or "unknown" */
	uint32_t family, model, stepping;
	bool microcode_known;
	uint64_t microcode;
	const char *product;       /* SMBIOS system product */
	bool uuid_known;
	uint64_t uuid_hash;        /* hash64_bytes of the 16 SMBIOS UUID bytes */
	const char *bios_version;  /* SMBIOS BIOS version */
	/* Two machines of one model share all of the above but the UUID, which
	 * some firmware leaves unset or duplicates: the serial and the board. */
	bool serial_known;
	uint64_t serial_hash;      /* hash64_bytes of the type 1 serial string (never the serial itself) */
	const char *board_product; /* SMBIOS type 2 product */
};

/* FNV-1a 64 over the parts, field by field. */
uint64_t machine_id_hash(const struct machine_id_parts *m);

#endif
