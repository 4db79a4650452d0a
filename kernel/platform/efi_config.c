/* EFI configuration table walk (x64 layout: NumberOfTableEntries at offset
 * 104, ConfigurationTable at 112; each entry is a 16-byte GUID and a pointer). */
#include "kernel/platform/efi_config.h"
#include "lib/mem.h"

/* First three GUID fields are little-endian in memory. */
const struct efi_guid EFI_GUID_SMBIOS3 = { { 0x44, 0x15, 0xfd, 0xf2, 0x94, 0x97, 0x2c, 0x4a,
					     0x99, 0x2e, 0xe5, 0xbb, 0xcf, 0x20, 0xe3, 0x94 } };
const struct efi_guid EFI_GUID_SMBIOS = { { 0x31, 0x2d, 0x9d, 0xeb, 0x88, 0x2d, 0xd3, 0x11,
					    0x9a, 0x16, 0x00, 0x90, 0x27, 0x3f, 0xc1, 0x4d } };

#define EFI_SYSTEM_TABLE_SIGNATURE 0x5453595320494249ull /* "IBI SYST" */

uint64_t efi_find_config_table(uint64_t system_table, const struct efi_guid *guid, phys_map_fn map, void *ctx)
{
	const uint8_t *st = map(ctx, system_table, 120);
	uint64_t sig, count, entries;

	if (!st)
		return 0;
	memcpy(&sig, st, 8);
	if (sig != EFI_SYSTEM_TABLE_SIGNATURE)
		return 0;
	memcpy(&count, st + 104, 8);
	memcpy(&entries, st + 112, 8);
	if (count > 1024)
		return 0;
	const uint8_t *e = map(ctx, entries, (size_t)count * 24);
	if (!e)
		return 0;
	for (uint64_t i = 0; i < count; i++) {
		if (!memcmp(e + i * 24, guid->b, 16)) {
			uint64_t table;
			memcpy(&table, e + i * 24 + 16, 8);
			return table;
		}
	}
	return 0;
}
