/* SMBIOS: find and validate the entry point (32-bit "_SM_", 64-bit "_SM3_",
 * legacy "_DMI_"), walk the structure table with strict bounds, and extract the
 * firmware and system strings idlebench records: BIOS vendor/version/date
 * (type 0) and system manufacturer/product (type 1), and a summary of the
 * memory devices (type 17: populated count, total size, configured speed,
 * memory type), and the BMC the firmware describes (type 38). Serial numbers
 * are deliberately not read; the UUID is kept only to be hashed. Spec: DMTF
 * DSP0134 (SMBIOS) 3.x, section 5.2 (entry points), 6.1 (structure format),
 * 7.1, 7.2, 7.18 and 7.39 (types 0, 1, 17 and 38). */
#ifndef IDLEBENCH_PLATFORM_SMBIOS_SMBIOS_H
#define IDLEBENCH_PLATFORM_SMBIOS_SMBIOS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Outcome of every SMBIOS function. */
enum smbios_status {
	SMBIOS_OK = 0,
	SMBIOS_ERR_NOT_FOUND,          /* no anchor in the scanned region */
	SMBIOS_ERR_ENTRY_TRUNCATED,    /* the entry point runs past the bytes given */
	SMBIOS_ERR_ENTRY_LENGTH,       /* entry point length field out of range */
	SMBIOS_ERR_ENTRY_CHECKSUM,     /* entry point bytes do not sum to 0 */
	SMBIOS_ERR_DMI_CHECKSUM,       /* intermediate "_DMI_" area does not sum to 0 */
	SMBIOS_ERR_TABLE_ADDRESS,      /* table address/length zero or not mappable */
	SMBIOS_ERR_STRUCT_LENGTH,      /* a structure's formatted length is below 4 */
	SMBIOS_ERR_STRUCT_TRUNCATED,   /* a formatted area runs past the table end */
	SMBIOS_ERR_STRINGS_UNTERMINATED, /* a string set has no double NUL before the table end */
};

/* Text for a status, e.g. "SMBIOS entry point checksum mismatch". */
const char *smbios_status_text(enum smbios_status s);

/* Which entry point was found. */
enum smbios_entry_kind {
	SMBIOS_ENTRY_32 = 0,    /* "_SM_" (SMBIOS 2.1+) with its "_DMI_" intermediate part */
	SMBIOS_ENTRY_64,        /* "_SM3_" (SMBIOS 3.0+) */
	SMBIOS_ENTRY_LEGACY,    /* bare "_DMI_" (DMI 2.0 / SMBIOS 2.0) */
};

/* A validated entry point. */
struct smbios_entry {
	enum smbios_entry_kind kind;
	uint8_t major, minor;      /* SMBIOS version (legacy: from the BCD revision) */
	uint64_t table_phys;       /* structure table physical address */
	uint32_t table_len;        /* exact length (32-bit, legacy) or maximum size (64-bit) */
	uint16_t structure_count;  /* number of structures (32-bit, legacy); 0 = unknown (64-bit) */
};

/* Validate an entry point at p (avail bytes readable from p). */
enum smbios_status smbios_entry_parse(const void *p, size_t avail, struct smbios_entry *out);

/* Scan region (e.g. the mapped 0xF0000-0xFFFFF BIOS area) on 16-byte
 * boundaries (DSP0134 5.2.1). A valid "_SM3_" wins over "_SM_", which wins over
 * "_DMI_" (as dmidecode does). When anchors exist but none validates, the first
 * anchor's error is returned. *offset (may be NULL) gets the entry's offset. */
enum smbios_status smbios_entry_scan(const void *region, size_t len, struct smbios_entry *out,
				     size_t *offset);

/* Longest string kept per field (longer ones are cut and flagged). */
#define SMBIOS_STRING_MAX 64
/* Non-system-memory type 16 arrays remembered (their devices are skipped). */
#define SMBIOS_OTHER_ARRAYS_MAX 16

/* Field bits for struct smbios_info.truncated. */
enum {
	SMBIOS_FIELD_BIOS_VENDOR = 1u << 0,
	SMBIOS_FIELD_BIOS_VERSION = 1u << 1,
	SMBIOS_FIELD_BIOS_DATE = 1u << 2,
	SMBIOS_FIELD_SYSTEM_VENDOR = 1u << 3,
	SMBIOS_FIELD_SYSTEM_PRODUCT = 1u << 4,
	SMBIOS_FIELD_BOARD_VENDOR = 1u << 5,
	SMBIOS_FIELD_BOARD_PRODUCT = 1u << 6,
};

/* Type 38 Interface Type (DSP0134 7.39.1); 05h-FFh are reserved. */
enum {
	SMBIOS_IPMI_UNKNOWN = 0x00,
	SMBIOS_IPMI_KCS = 0x01,
	SMBIOS_IPMI_SMIC = 0x02,
	SMBIOS_IPMI_BT = 0x03,
	SMBIOS_IPMI_SSIF = 0x04,
};

/* Where a type 38 Base Address points. */
enum smbios_ipmi_space {
	SMBIOS_IPMI_SPACE_IO = 0,  /* Base Address bit 0 set: an I/O port */
	SMBIOS_IPMI_SPACE_MEM,     /* bit 0 clear: memory-mapped */
	SMBIOS_IPMI_SPACE_SMBUS,   /* SSIF: the BMC's SMBus target address */
};

/* The first type 38 (IPMI Device Information, DSP0134 7.39) structure. */
struct smbios_ipmi {
	uint8_t interface;         /* Interface Type (04h) as stored: SMBIOS_IPMI_* or reserved */
	uint8_t spec_major, spec_minor; /* IPMI Specification Revision (05h): BCD nibbles 7:4, 3:0 */
	uint8_t i2c_addr;          /* I2C Target Address (06h) */
	uint8_t nv_addr;           /* NV Storage Device Address (07h); FFh = none */
	enum smbios_ipmi_space space;
	uint64_t base;             /* the address, bit 0 from the LS-bit flag (10h bit 4), not the space bit */
	bool have_modifier;        /* the structure holds 10h and 11h (length >= 12h) */
	bool space_assumed;        /* a 10h-byte (old format) structure: its space bit ignored, I/O taken */
	bool base_zero;            /* a register interface (not SSIF) at Base Address 0: no interface there */
	uint8_t reg_spacing;       /* bytes between registers (10h bits 7:6): 1, 4, 16; 0 = reserved code or no modifier */
	bool irq_info;             /* 10h bit 3: the interrupt fields below are specified */
	bool irq_level;            /* 10h bit 0: level- (else edge-) triggered */
	bool irq_active_high;      /* 10h bit 1 */
	uint8_t irq;               /* Interrupt Number (11h); 0 = none or unspecified */
};

/* The strings idlebench records, already sanitised for the result stream. */
struct smbios_info {
	bool have_bios;              /* a type 0 structure was found */
	bool have_system;            /* a type 1 structure was found */
	char bios_vendor[SMBIOS_STRING_MAX + 1];    /* type 0 Vendor (no metadata key yet) */
	char bios_version[SMBIOS_STRING_MAX + 1];   /* `bios_version` */
	char bios_date[SMBIOS_STRING_MAX + 1];      /* `bios_date` */
	char system_vendor[SMBIOS_STRING_MAX + 1];  /* `smbios_vendor`: type 1 Manufacturer */
	char system_product[SMBIOS_STRING_MAX + 1]; /* `smbios_product`: type 1 Product Name */
	bool have_uuid;              /* type 1 UUID present and set (not all 00h, not all FFh) */
	uint8_t uuid[16];            /* type 1 UUID as stored (offset 08h); hashed, never printed */
	bool have_serial;            /* type 1 Serial Number present (a non-empty string) */
	uint64_t serial_hash;        /* FNV-1a 64 of its bytes as stored: the serial itself is never kept */
	bool have_board;             /* a type 2 (Baseboard) structure was found */
	char board_vendor[SMBIOS_STRING_MAX + 1];   /* `smbios_board_vendor`: type 2 Manufacturer */
	char board_product[SMBIOS_STRING_MAX + 1];  /* `smbios_board`: type 2 Product */
	uint32_t truncated;          /* SMBIOS_FIELD_* bits of strings cut to SMBIOS_STRING_MAX */
	uint32_t structures;         /* structures walked */
	/* Type 17 (Memory Device) summary; a firmware lists one per slot, empty or not. */
	uint32_t memory_devices;     /* type 17 structures of system-memory arrays walked */
	uint32_t memory_devices_other; /* type 17 structures of a type 16 array whose Use is not System
	                              * memory (flash, video, cache...): not counted as DIMMs */
	uint32_t dimms_populated;    /* those with a known, non-zero size (Size != 0, != FFFFh) */
	uint64_t memory_total_mib;   /* their summed size, MiB (KiB-granular sizes summed, then rounded down) */
	uint32_t memory_speed_min_mts; /* lowest configured speed (else Speed) among populated devices, MT/s; 0 = unknown */
	uint32_t memory_speed_max_mts; /* highest of the same; 0 = unknown */
	uint8_t memory_type;         /* Memory Type (offset 12h) of the first populated device; 0 = none */
	uint32_t ipmi_devices;       /* type 38 structures walked (long enough to hold a base address) */
	struct smbios_ipmi ipmi;     /* the first of them, when ipmi_devices > 0 */
};

/* Walk a structure table of len bytes. structure_count (0 = unknown) stops the
 * walk like type 127 and the table end do. On error, out keeps what was
 * extracted before the bad structure. */
enum smbios_status smbios_table_read(const void *table, size_t len, uint16_t structure_count,
				     struct smbios_info *out);

/* Name of a type 17 Memory Type value (DSP0134 7.18.2), e.g. 1Ah -> "DDR4";
 * NULL for a value not in the table (print it as a number instead). */
const char *smbios_memory_type_name(uint8_t type);

/* Name of a type 38 Interface Type (DSP0134 7.39.1): "kcs", "smic", "bt",
 * "ssif", "unknown" (00h); NULL for a reserved value (print it as a number). */
const char *smbios_ipmi_interface_name(uint8_t interface);

/* Map len bytes of physical memory at phys; NULL when that is not possible. */
typedef const void *(*smbios_map_fn)(void *ctx, uint64_t phys, uint64_t len);

/* Map the table an entry point describes and read it. */
enum smbios_status smbios_read(const struct smbios_entry *e, smbios_map_fn map, void *ctx,
			       struct smbios_info *out);

/* Copy len bytes of src into out (cap bytes) as a stream-safe value: printable
 * ASCII only, double quotes dropped, blanks trimmed at both ends. Returns the
 * number of characters that did not fit (0 when all did). out is NUL-terminated. */
size_t smbios_sanitize(const char *src, size_t len, char *out, size_t cap);

#endif
