/* libFuzzer target: the SMBIOS entry-point scanner/parser and the structure
 * table walker on arbitrary bytes. The first input byte picks a structure
 * count limit so both walk-termination paths get exercised. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "platform/smbios/smbios.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct smbios_entry e;
	struct smbios_info info;

	smbios_entry_scan(data, size, &e, NULL);
	smbios_entry_parse(data, size, &e);
	if (size == 0)
		return 0;
	smbios_table_read(data + 1, size - 1, data[0], &info);
	/* Every extracted string must be NUL-terminated, printable and quote-free. */
	const char *fields[] = { info.bios_vendor, info.bios_version, info.bios_date, info.system_vendor,
				 info.system_product };
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		size_t n = strlen(fields[i]);
		if (n > SMBIOS_STRING_MAX)
			__builtin_trap();
		for (size_t k = 0; k < n; k++)
			if (fields[i][k] < 0x20 || fields[i][k] > 0x7E || fields[i][k] == '"')
				__builtin_trap();
	}
	return 0;
}
