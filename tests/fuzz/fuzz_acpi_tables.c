/* libFuzzer target: the freestanding ACPI parsers on arbitrary bytes.
 * The input is used three ways: as physical memory (RSDP scan, then the
 * RSDP/XSDT/RSDT walk through a bounds-checked map), as a run of tables
 * taken by content (the host tool's path), and as the raw input of each
 * table parser. Any crash, hang or sanitizer report is a bug. */
#include <stddef.h>
#include <stdint.h>

#include "platform/acpi/acpi_c2.h"
#include "platform/acpi/acpi_cst.h"
#include "platform/acpi/acpi_fadt.h"
#include "platform/acpi/acpi_format.h"
#include "platform/acpi/acpi_hpet.h"
#include "platform/acpi/acpi_madt.h"
#include "platform/acpi/acpi_rsdp.h"
#include "platform/acpi/acpi_spcr.h"
#include "platform/acpi/acpi_summary.h"
#include "platform/acpi/acpi_table.h"
#include "platform/acpi/acpi_tables.h"
#include "kernel/console/spcr_uart.h"

struct image { const uint8_t *data; size_t len; };

static const void *map_image(void *ctx, uint64_t phys, uint64_t len)
{
	const struct image *im = ctx;
	return phys < im->len && len <= im->len - phys ? im->data + phys : NULL;
}

static void format_all(const struct acpi_summary *s)
{
	static char ids[ACPI_APIC_IDS_TEXT_MAX], cstates[ACPI_CSTATES_TEXT_MAX], small[16];
	struct acpi_c2_inputs in = { .cst = &s->cst, .fadt = &s->fadt, .enabled_cpus = s->madt.cpu_count,
				     .msr_present = true, .msr_cstate_base = s->hpet.base };
	struct acpi_c2_decision c2 = acpi_decide_c2_port(&in);
	acpi_format_cpus(&s->madt, small, sizeof small);
	acpi_format_apic_ids(&s->madt, ids, sizeof ids);
	acpi_format_apic_ids(&s->madt, small, sizeof small);
	acpi_format_cstates(&s->cst, cstates, sizeof cstates);
	acpi_format_c2_port(&c2, small, sizeof small);
	acpi_format_c2_source(&c2, small, sizeof small);
	acpi_strerror(s->madt_status);
	if (s->spcr_status == ACPI_OK) {
		struct uart_config c;
		char why[64];
		spcr_uart_config(&s->spcr, &c, why, sizeof why);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct acpi_table_set set;
	static struct acpi_summary summary;
	static struct acpi_madt_info madt;
	static struct acpi_cst_info cst;
	struct acpi_fadt_info fadt;
	struct acpi_hpet_info hpet;

	/* 1. As memory: scan for the RSDP and walk from it. */
	struct image im = { data, size };
	struct acpi_mem mem = { map_image, &im };
	uint64_t rsdp = acpi_find_rsdp(data, 0, size);
	acpi_tables_init(&set);
	if (acpi_tables_load(&set, &mem, rsdp ? rsdp : 0) == ACPI_OK) {
		acpi_summarize(&set, &summary);
		format_all(&summary);
	}

	/* 2. By content: back-to-back tables, each advancing by its Length. */
	acpi_tables_init(&set);
	for (size_t off = 0; off + 8 <= size;) {
		acpi_tables_add(&set, data + off, size - off, 0);
		uint32_t len = acpi_le32(data + off + 4);
		if (len < 8 || len > size - off)
			break;
		off += len;
	}
	acpi_summarize(&set, &summary);
	format_all(&summary);

	/* 3. Raw: each parser on the whole input (they trust only len). */
	acpi_madt_parse(data, size, &madt);
	acpi_fadt_parse(data, size, &fadt);
	acpi_hpet_parse(data, size, &hpet);
	struct acpi_spcr_info spcr;
	if (acpi_spcr_parse(data, size, &spcr) == ACPI_OK) {
		struct uart_config c;
		char why[16]; /* short: the reasons are cut, never overrun */
		spcr_uart_config(&spcr, &c, why, sizeof why);
		acpi_spcr_is_pci(&spcr);
	}
	acpi_cst_init(&cst);
	acpi_cst_scan(data, size, &cst);
	acpi_rsdp_check(data, size, NULL);
	return 0;
}
