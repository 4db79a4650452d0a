/* One pass over a checked table set. */
#include "platform/acpi/acpi_summary.h"
#include "platform/acpi/acpi_table.h"
#include "lib/mem.h"

static void scan_aml(const struct acpi_table_set *set, struct acpi_summary *out, const char *sig)
{
	for (size_t i = 0; i < set->count && out->cst_status == ACPI_OK; i++) {
		const struct acpi_table *t = &set->tables[i];
		if (t->status != ACPI_OK || memcmp(t->signature, sig, 4))
			continue;
		out->aml_tables++;
		out->cst_status = acpi_cst_scan(t->data + ACPI_HEADER_LEN, t->length - ACPI_HEADER_LEN, &out->cst);
		if (out->cst_status != ACPI_OK)
			out->cst_error_table = i;
	}
}

void acpi_summarize(const struct acpi_table_set *set, struct acpi_summary *out)
{
	const struct acpi_table *t;

	memset(out, 0, sizeof *out);
	out->madt_status = out->fadt_status = out->hpet_status = out->spcr_status = ACPI_ERR_NOT_FOUND;
	if ((t = acpi_tables_find(set, "APIC", 0)))
		out->madt_status = acpi_madt_parse(t->data, t->length, &out->madt);
	if ((t = acpi_tables_find(set, "FACP", 0)))
		out->fadt_status = acpi_fadt_parse(t->data, t->length, &out->fadt);
	if ((t = acpi_tables_find(set, "HPET", 0)))
		out->hpet_status = acpi_hpet_parse(t->data, t->length, &out->hpet);
	if ((t = acpi_tables_find(set, "SPCR", 0)))
		out->spcr_status = acpi_spcr_parse(t->data, t->length, &out->spcr);

	/* DSDT first: it defines the processor scopes SSDTs add _CST to. */
	acpi_cst_init(&out->cst);
	out->cst_status = ACPI_OK;
	scan_aml(set, out, "DSDT");
	scan_aml(set, out, "SSDT");
}
