/* The machine meta (tools/linux/linux_machine.h): machine_id
 * (core/platform/machine_id.h) from what Linux shows: DMI
 * strings, and the UUID, which dmi_scan.c prints with %pUl (SMBIOS >= 2.6:
 * the first three fields little-endian), turned back into the 16 bytes. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/hash64.h"
#include "core/platform/machine_id.h"
#include "core/platform/hypervisor_name.h"
#include "tools/linux/linux_machine.h"

void linux_machine_write_meta(const struct linux_root *r, const struct cpu_identity *id, struct stream *s)
{
	char product[128] = "", bios[128] = "", uuid_text[64] = "", micro[32] = "", serial[128] = "", board[128] = "";
	uint8_t uuid[16];
	bool uuid_known = false;

	(void)linux_read_line(r, "/sys/class/dmi/id/product_name", product, sizeof product);
	(void)linux_read_line(r, "/sys/class/dmi/id/bios_version", bios, sizeof bios);
	(void)linux_read_line(r, "/sys/class/dmi/id/board_name", board, sizeof board);
	/* root only; hashed at once, as the kernel keeps only its hash */
	bool serial_known = linux_read_line(r, "/sys/class/dmi/id/product_serial", serial, sizeof serial) && serial[0];
	uint64_t serial_hash = serial_known ? hash64_bytes(HASH64_INIT, serial, strlen(serial)) : 0;
	memset(serial, 0, sizeof serial);
	if (linux_read_line(r, "/sys/class/dmi/id/product_uuid", uuid_text, sizeof uuid_text)) {
		size_t n = 0;
		for (const char *p = uuid_text; *p && n < 32; p++)
			if (*p != '-') {
				unsigned v;
				if (sscanf((char[]){ p[0], p[1], 0 }, "%2x", &v) != 1)
					break;
				uuid[n / 2] = (uint8_t)v;
				n += 2;
				p++;
			}
		if (n == 32) {
			static const int order[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };
			uint8_t raw[16];
			for (int i = 0; i < 16; i++)
				raw[i] = uuid[order[i]];
			memcpy(uuid, raw, 16);
			uuid_known = true;
		}
	}
	bool micro_known = linux_read_line(r, "/sys/devices/system/cpu/cpu0/microcode/version", micro, sizeof micro);
	uint64_t uuid_hash = uuid_known ? hash64_bytes(HASH64_INIT, uuid, 16) : 0;
	struct machine_id_parts m = {
		.vendor = id->vendor,
		.hypervisor = hypervisor_name(id->hypervisor, id->hv_signature),
		.family = id->family, .model = id->model, .stepping = id->stepping,
		.microcode_known = micro_known, .microcode = micro_known ? strtoull(micro, NULL, 16) : 0,
		.product = product, .uuid_known = uuid_known, .uuid_hash = uuid_hash, .bios_version = bios,
		.serial_known = serial_known, .serial_hash = serial_hash, .board_product = board,
	};
	stream_meta(s, "smbios_product", product);
	if (micro_known)
		stream_metaf(s, "microcode", "0x%llx", (unsigned long long)m.microcode);
	stream_metaf(s, "machine_id", "%016llx", (unsigned long long)machine_id_hash(&m));
}
