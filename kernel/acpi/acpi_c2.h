/* Which I/O port enters C2 on this machine, and why we believe it: a pure
 * decision over what the command line, the AML, the CPU and the firmware say. */
#ifndef IDLEBENCH_KERNEL_ACPI_ACPI_C2_H
#define IDLEBENCH_KERNEL_ACPI_ACPI_C2_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/acpi/acpi_cst.h"

/* Where the C2 port came from, in decision order (X-macro: X(name, text)). */
#define ACPI_C2_SOURCES(X) \
	X(ACPI_C2_NONE, "none") \
	X(ACPI_C2_CMDLINE, "cmdline") \
	X(ACPI_C2_CST, "_CST") \
	X(ACPI_C2_MSR, "msr") \
	X(ACPI_C2_PBLK, "pblk")

#define ACPI_C2_SOURCE_ENUM_ITEM(name, text) name,
/* The metadata value `c2_source` names these exactly. */
enum acpi_c2_source { ACPI_C2_SOURCES(ACPI_C2_SOURCE_ENUM_ITEM) ACPI_C2_SOURCE_COUNT };
#undef ACPI_C2_SOURCE_ENUM_ITEM

/* Everything the decision may use. */
struct acpi_c2_inputs {
	bool cmdline_present;             /* `c2port=` was given */
	uint16_t cmdline_port;
	const struct acpi_cst_info *cst;  /* decoded AML, may be NULL */
	bool msr_present;                 /* AMD/Hygon MSR C001_0073 was read (no #GP) */
	uint64_t msr_cstate_base;         /* its value (CStateBaseAddr in bits 15:0) */
};

/* The decision. */
struct acpi_c2_decision {
	enum acpi_c2_source source;
	uint16_t port;                    /* meaningful unless source == ACPI_C2_NONE */
};

/* Decide: the command line; else a `_CST` SystemIO entry of type 2 (lowest
 * port when scopes disagree); else CStateBaseAddr + 1 when the base is
 * non-zero; else the first non-zero P_BLK + 4 when its length is >= 6; else none. */
struct acpi_c2_decision acpi_decide_c2_port(const struct acpi_c2_inputs *in);

/* "cmdline", "_CST", "msr", "pblk" or "none". */
const char *acpi_c2_source_name(enum acpi_c2_source source);

#endif
