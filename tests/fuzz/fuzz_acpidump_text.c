/* libFuzzer target: the acpidump text reader, then the table set and the
 * parsers on whatever it accepted (the whole `idlebench inspect` path). */
#include <stddef.h>
#include <stdint.h>

#include "platform/acpi/acpi_summary.h"
#include "platform/acpi/acpi_tables.h"
#include "tools/cli/acpidump_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct acpi_table_set set;
	static struct acpi_summary summary;
	struct acpidump dump;
	struct acpidump_error err;

	/* Strict first (the old contract), then lenient, which must accept
	 * everything strict does and keep the same tables. */
	size_t strict_count = SIZE_MAX;
	if (!acpidump_parse_text((const char *)data, size, ACPIDUMP_STRICT, &dump, &err)) {
		strict_count = dump.count;
		if (dump.skip_count || dump.lines_skipped || dump.tables_dropped)
			__builtin_trap();
		acpidump_free(&dump);
	}
	if (acpidump_parse_text((const char *)data, size, ACPIDUMP_LENIENT, &dump, &err))
		return 0;
	if (strict_count != SIZE_MAX && dump.count != strict_count)
		__builtin_trap();
	if (dump.skip_count > dump.tables_dropped + ACPIDUMP_LINES_LISTED)
		__builtin_trap();
	acpi_tables_init(&set);
	for (size_t i = 0; i < dump.count; i++)
		acpi_tables_add(&set, dump.tables[i].data, dump.tables[i].len, 0);
	acpi_summarize(&set, &summary);
	acpidump_free(&dump);
	return 0;
}
