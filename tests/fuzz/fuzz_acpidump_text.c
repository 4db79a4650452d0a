/* libFuzzer target: the acpidump text reader, then the table set and the
 * parsers on whatever it accepted (the whole `idlebench inspect` path). */
#include <stddef.h>
#include <stdint.h>

#include "kernel/acpi/acpi_summary.h"
#include "kernel/acpi/acpi_tables.h"
#include "tools/acpidump_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct acpi_table_set set;
	static struct acpi_summary summary;
	struct acpidump dump;
	struct acpidump_error err;

	if (acpidump_parse_text((const char *)data, size, &dump, &err))
		return 0;
	acpi_tables_init(&set);
	for (size_t i = 0; i < dump.count; i++)
		acpi_tables_add(&set, dump.tables[i].data, dump.tables[i].len, 0);
	acpi_summarize(&set, &summary);
	acpidump_free(&dump);
	return 0;
}
