/* Which I/O port enters C2 on this machine, and why we believe it: a pure
 * decision over what the command line, the AML, the FADT, the MADT and the
 * CPU say, following what Linux's acpi_idle driver would enter. */
#ifndef IDLEBENCH_PLATFORM_ACPI_ACPI_C2_H
#define IDLEBENCH_PLATFORM_ACPI_ACPI_C2_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/acpi/acpi_cst.h"
#include "platform/acpi/acpi_fadt.h"

/* Where the C2 port came from (X-macro: X(name, text)). */
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

/* The rule that decided, in the order they are tried (X(name, text)). The
 * metadata value `c2_rule` names these exactly; docs/stream-format.md explains
 * each. Rules after cst_* apply only when the AML has no `_CST` at all. */
#define ACPI_C2_RULES(X) \
	X(ACPI_C2_RULE_CMDLINE, "cmdline")               /* c2port= given */ \
	X(ACPI_C2_RULE_CST_IO, "cst_io")                 /* static _CST: C2 in SystemIO */ \
	X(ACPI_C2_RULE_CST_C2_MSR, "cst_c2_msr")         /* static _CST: C2 not by port; CStateBaseAddr + 1 */ \
	X(ACPI_C2_RULE_CST_NO_C2, "cst_no_c2")           /* static _CST without a usable C2 */ \
	X(ACPI_C2_RULE_CST_NOT_DECODED, "cst_not_decoded") /* Method(_CST) or unreadable package */ \
	X(ACPI_C2_RULE_FADT_PBLK, "fadt_pblk")           /* P_BLK + 4 as the FADT allows */ \
	X(ACPI_C2_RULE_NO_PBLK, "no_pblk")               /* no Processor() with a 6-byte P_BLK */ \
	X(ACPI_C2_RULE_NO_FADT, "no_fadt")               /* P_BLK but no usable FADT */ \
	X(ACPI_C2_RULE_FADT_UP_ONLY, "fadt_up_only")     /* SMP, FADT flag P_LVL2_UP clear */ \
	X(ACPI_C2_RULE_FADT_LATENCY, "fadt_latency")     /* P_LVL2_LAT > 100 us */

#define ACPI_C2_RULE_ENUM_ITEM(name, text) name,
enum acpi_c2_rule { ACPI_C2_RULES(ACPI_C2_RULE_ENUM_ITEM) ACPI_C2_RULE_COUNT };
#undef ACPI_C2_RULE_ENUM_ITEM

/* The AMD/Hygon CStateBaseAddr cross-check (X(name, text)); the metadata
 * value `c2_msr_check`. */
#define ACPI_C2_MSR_CHECKS(X) \
	X(ACPI_C2_MSR_NOT_READ, "not_read")   /* not AMD/Hygon, #GP, or the host tool */ \
	X(ACPI_C2_MSR_NO_BASE, "no_base")     /* read as 0: no I/O C-state base */ \
	X(ACPI_C2_MSR_NO_PORT, "no_port")     /* nothing to compare: no C2 port chosen */ \
	X(ACPI_C2_MSR_AGREES, "agrees")       /* base + 1 == the chosen port */ \
	X(ACPI_C2_MSR_DIFFERS, "differs")     /* base + 1 != the chosen port */ \
	X(ACPI_C2_MSR_IS_PORT, "is_port")     /* the port itself came from base + 1 */

#define ACPI_C2_MSR_ENUM_ITEM(name, text) name,
enum acpi_c2_msr_check { ACPI_C2_MSR_CHECKS(ACPI_C2_MSR_ENUM_ITEM) ACPI_C2_MSR_CHECK_COUNT };
#undef ACPI_C2_MSR_ENUM_ITEM

/* Everything the decision may use. */
struct acpi_c2_inputs {
	bool cmdline_present;             /* `c2port=` was given */
	uint16_t cmdline_port;
	const struct acpi_cst_info *cst;  /* decoded AML, may be NULL (then: no _CST, no P_BLK) */
	const struct acpi_fadt_info *fadt; /* the FADT, may be NULL (then P_BLK is never used) */
	size_t enabled_cpus;              /* MADT enabled CPUs; 0 = unknown, taken as SMP */
	bool msr_present;                 /* AMD/Hygon MSR C001_0073 was read (no #GP) */
	uint64_t msr_cstate_base;         /* its value (CStateBaseAddr in bits 15:0) */
};

/* The decision. */
struct acpi_c2_decision {
	enum acpi_c2_source source;
	uint16_t port;                    /* meaningful unless source == ACPI_C2_NONE */
	enum acpi_c2_rule rule;           /* why this port, or why none */
	enum acpi_c2_msr_check msr_check; /* what CStateBaseAddr + 1 says about it */
	uint16_t msr_port;                /* CStateBaseAddr + 1, 0 when not read or base 0 */
};

/* The core state the C2 port read requests (X(name, text)); the metadata
 * value `c2_kind` and the `c2_kind=` field of `#! mode name=ioport`. The core
 * reaches it only when all its threads idle (acpi_c2.c). */
#define ACPI_C2_KINDS(X) \
	X(ACPI_C2_KIND_CC1, "cc1")             /* AMD/Hygon: trapped, CCRs without CC6: requests CC1, as HLT does */ \
	X(ACPI_C2_KIND_CC6, "cc6")             /* AMD/Hygon: trapped, CCRs with CC6 enabled: requests CC6 */ \
	X(ACPI_C2_KIND_UNTRAPPED, "untrapped") /* no core traps the port: a plain I/O read */ \
	X(ACPI_C2_KIND_UNKNOWN, "unknown")     /* not decidable from what was read */

#define ACPI_C2_KIND_ENUM_ITEM(name, text) name,
enum acpi_c2_kind { ACPI_C2_KINDS(ACPI_C2_KIND_ENUM_ITEM) ACPI_C2_KIND_COUNT };
#undef ACPI_C2_KIND_ENUM_ITEM

/* One MSR as the fault-tolerant accessor left it: never read (another
 * vendor or family), read and faulted (#GP), or read. A fault is never 0. */
enum acpi_msr_state { ACPI_MSR_NOT_READ, ACPI_MSR_FAULTED, ACPI_MSR_READ };

struct acpi_msr {
	enum acpi_msr_state state;
	uint64_t value; /* meaningful when state == ACPI_MSR_READ */
};

/* The vendors whose port read the decision knows how to judge. */
enum acpi_c2_vendor { ACPI_C2_VENDOR_OTHER, ACPI_C2_VENDOR_AMD /* and Hygon */, ACPI_C2_VENDOR_INTEL };

/* What decides where the C2 port read goes, raw (registers: acpi_c2.c). */
struct acpi_c2_hw {
	enum acpi_c2_vendor vendor;
	uint32_t family;        /* CPUID display family */
	bool hypervisor;        /* CPUID.01H:ECX[31] */
	/* AMD/Hygon family >= 17h */
	struct acpi_msr cstate_base;   /* C001_0073 CStateBaseAddr */
	struct acpi_msr pwr_mgt_misc;  /* C001_0292 PwrMgtMisc (PC6En) */
	struct acpi_msr cstate_policy; /* C001_0294 CStatePolicy */
	struct acpi_msr cstate_cfg;    /* C001_0296 CStateCfg */
	/* Intel */
	struct acpi_msr pkg_cst_config;  /* 0xE2 MSR_PKG_CST_CONFIG_CONTROL */
	struct acpi_msr io_capture_base; /* 0xE4 MSR_PMG_IO_CAPTURE_BASE */
	struct acpi_msr power_ctl;       /* 0x1FC MSR_POWER_CTL (C1E enable, bit 1) */
	struct acpi_msr pm_enable;       /* 0x770 IA32_PM_ENABLE (HWP) */
	struct acpi_msr hwp_request;     /* 0x774 IA32_HWP_REQUEST */
};

/* Whether `ioport` is run, what it enters and why. */
struct acpi_c2_entry {
	enum acpi_c2_kind kind;
	bool offer;          /* run the mode (false: skipped, note says why) */
	bool trapped;        /* the port is the one the core turns into a C-state */
	bool pm_timer_dummy; /* follow the read with a PM timer read, as Linux's io_idle() */
	char note[400];      /* why: the skip reason, what the read requests, or what c2port= overrode */
};

/* What the run asks of the port. */
struct acpi_c2_choice {
	bool have_port;     /* a port was chosen (acpi_decide_c2_port) */
	uint16_t port;
	bool cmdline;       /* it came from `c2port=` */
	bool untrapped_run; /* `c2_untrapped=run`: a port no core is known to trap may be read */
};

/* Decide from hw and the choice. AMD/Hygon family >= 17h: the port must be
 * one of CStateBaseAddr .. + 2 with a base that reads non-zero; its kind
 * from CStateCfg. Intel: the port must be redirected (0xE2 bit 10) and
 * inside the 0xE4 range (0..5); the note names the state it requests. A port
 * not known to be trapped is skipped unless both c2port= and
 * c2_untrapped=run ask for it. Others (AMD/Hygon before 17h, any other
 * vendor): a _CST or P_BLK port is offered, kind unknown; a c2port= port is
 * not known to be trapped, so it is refused without c2_untrapped=run. */
void acpi_c2_entry_decide(const struct acpi_c2_hw *hw, const struct acpi_c2_choice *c, struct acpi_c2_entry *out);

/* "cc1", "cc6", "untrapped" or "unknown". */
const char *acpi_c2_kind_name(enum acpi_c2_kind kind);

/* Decide as Linux's acpi_idle would (drivers/acpi/processor_idle.c): the
 * command line; else a `_CST` if the AML has one (its SystemIO C2, lowest
 * port when scopes disagree; a C2 not by port takes CStateBaseAddr + 1 when
 * the MSR gives one; a Method is not evaluated); else P_BLK + 4 of a 6-byte
 * P_BLK only when the FADT allows C2 (P_LVL2_UP set or one CPU, and
 * P_LVL2_LAT <= 100); else none. CStateBaseAddr alone never gives a port. */
struct acpi_c2_decision acpi_decide_c2_port(const struct acpi_c2_inputs *in);

/* "cmdline", "_CST", "msr", "pblk" or "none". */
const char *acpi_c2_source_name(enum acpi_c2_source source);

/* The rule's metadata name ("cst_io", "fadt_latency", ...). */
const char *acpi_c2_rule_name(enum acpi_c2_rule rule);

/* The cross-check's metadata name ("agrees", "not_read", ...). */
const char *acpi_c2_msr_check_name(enum acpi_c2_msr_check check);

#endif
