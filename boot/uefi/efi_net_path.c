/* A path beside the DHCP boot file (see efi_net_path.h). */
#include "boot/uefi/efi_net_path.h"
#include "lib/mem.h"

bool efi_net_sibling_path(char *out, size_t cap, const char *bootfile, size_t bootfile_cap, const char *name)
{
	size_t len = 0, dir = 0, name_len = strlen(name);

	if (!cap)
		return false;
	out[0] = 0;
	for (; len < bootfile_cap && bootfile[len]; len++) {
		unsigned char c = (unsigned char)bootfile[len];
		if (c < 0x20 || c >= 0x7F)
			return false;
		if (c == '/')
			dir = len + 1;
	}
	if (dir + name_len + 1 > cap)
		return false;
	memcpy(out, bootfile, dir);
	memcpy(out + dir, name, name_len + 1);
	return true;
}
