/* C-states as the firmware declares them in AML: `_CST` packages (ACPI 6.5
 * §8.4.1.1) and the P_BLK of `Processor()` objects (§19.6.108, §8.1). A
 * targeted byte-level decoder over DSDT/SSDT bodies, not an AML interpreter:
 * a `_CST` that is a Method, or a package it cannot read, is counted, never
 * guessed at. */
#ifndef IDLEBENCH_PLATFORM_ACPI_ACPI_CST_H
#define IDLEBENCH_PLATFORM_ACPI_ACPI_CST_H

#include <stddef.h>
#include <stdint.h>

#include "platform/acpi/acpi_error.h"

/* Capacity of the de-duplicated C-state list (real firmware has 2 or 3). */
#define ACPI_MAX_CSTATES 16

/* Generic Address Structure space IDs (ACPI 6.5 Table 5.1) seen in _CST. */
#define ACPI_SPACE_SYSTEM_MEMORY 0x00
#define ACPI_SPACE_SYSTEM_IO 0x01
#define ACPI_SPACE_FFIXEDHW 0x7F

/* One C-state entry: its register (from the Generic Register descriptor),
 * type, latency and power. */
struct acpi_cstate {
	uint8_t type;        /* 1 = C1, 2 = C2, 3 = C3 */
	uint8_t space;       /* ACPI_SPACE_*: FFixedHW = MWAIT hint in address */
	uint8_t bit_width;   /* FFixedHW: vendor (1 Intel, 2 AMD/"native") */
	uint8_t bit_offset;  /* FFixedHW: class (2 = MWAIT "beyond halt") */
	uint64_t address;    /* I/O port, or the MWAIT hint */
	uint32_t latency_us; /* worst-case entry+exit latency in microseconds */
	uint32_t power_mw;   /* average power in milliwatts (often 0) */
};

/* What the AML says about C-states, over every table scanned. */
struct acpi_cst_info {
	struct acpi_cstate states[ACPI_MAX_CSTATES]; /* unique, ascending type then address */
	size_t count;
	uint32_t cst_packages;   /* Name(_CST, Package) objects decoded */
	uint32_t cst_undecoded;  /* Name(_CST, ...) whose contents the decoder could not read */
	uint32_t cst_methods;    /* Method(_CST): code, not decoded */
	uint32_t processors;     /* Processor() objects */
	uint32_t pblk_nonzero;   /* of those, with a non-zero P_BLK address */
	uint32_t pblk_address;   /* first non-zero P_BLK address, 0 if none */
	uint8_t pblk_length;     /* its P_BLK length (6 when P_LVL2/P_LVL3 exist) */
};

/* Empty the result (call once before scanning the first table). */
void acpi_cst_init(struct acpi_cst_info *info);

/* Scan one AML definition block (a DSDT or SSDT body, i.e. the table without
 * its 36-byte header) and merge what it declares into *info. */
enum acpi_err acpi_cst_scan(const uint8_t *aml, size_t len, struct acpi_cst_info *info);

/* The space name used in metadata: "ffh", "io", "mem", else "other". */
const char *acpi_space_name(uint8_t space);

#endif
