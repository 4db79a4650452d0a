/* Stream bytes to console text (see efi_text.h). */
#include "boot/uefi/efi_text.h"

static void put(void *out, size_t at, unsigned unit_bytes, char c)
{
	if (unit_bytes == 2)
		((uint16_t *)out)[at] = (uint16_t)(unsigned char)c;
	else
		((char *)out)[at] = c;
}

size_t efi_text_crlf(const char *in, size_t len, size_t *used, void *out, size_t cap, unsigned unit_bytes)
{
	size_t i = 0, n = 0;

	*used = 0;
	if (cap < 3)
		return 0;
	/* Room for "\r\n" and the 0 unit after the last character. */
	while (i < len && n + 3 <= cap) {
		char c = in[i++];
		if (c == '\n') {
			put(out, n++, unit_bytes, '\r');
			put(out, n++, unit_bytes, '\n');
			continue;
		}
		put(out, n++, unit_bytes, (c >= 0x20 && c < 0x7F) || c == '\t' ? c : '?');
	}
	put(out, n, unit_bytes, 0);
	*used = i;
	return n;
}
