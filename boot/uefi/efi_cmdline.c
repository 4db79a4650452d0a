/* UEFI load options and cmdline.txt to one option line (see efi_cmdline.h). */
#include <stdbool.h>
#include <stdint.h>

#include "boot/uefi/efi_cmdline.h"
#include "lib/mem.h"

const char *efi_cmdline_status_text(enum efi_cmdline_status st)
{
	switch (st) {
	case EFI_CMDLINE_OK:
		return "ok";
	case EFI_CMDLINE_EMPTY:
		return "empty";
	case EFI_CMDLINE_NOT_TEXT:
		return "not printable ASCII text";
	case EFI_CMDLINE_TOO_LONG:
		return "too long";
	}
	return "?";
}

/* Appends words to out with single blanks between them. */
struct line {
	char *out;
	size_t cap, len;
	bool pending_blank, overflow;
};

static void put(struct line *l, char c)
{
	if (l->overflow)
		return;
	if (c == ' ') {
		l->pending_blank = l->len > 0;
		return;
	}
	size_t need = l->pending_blank ? 2 : 1;
	if (l->len + need >= l->cap) {
		l->overflow = true;
		return;
	}
	if (l->pending_blank)
		l->out[l->len++] = ' ';
	l->pending_blank = false;
	l->out[l->len++] = c;
	l->out[l->len] = 0;
}

static enum efi_cmdline_status finish(struct line *l)
{
	if (l->overflow)
		return EFI_CMDLINE_TOO_LONG;
	return l->len ? EFI_CMDLINE_OK : EFI_CMDLINE_EMPTY;
}

static uint16_t char_at(const uint8_t *p, size_t i)
{
	return (uint16_t)(p[2 * i] | p[2 * i + 1] << 8);
}

static bool blank16(uint16_t c)
{
	return c == ' ' || c == '\t';
}

/* Does [from, to) name this program? It ends in ".efi", or its last path
 * component (after '\\', '/' or ':') is "idlebench": the UEFI shell passes
 * the command as typed, and `idlebench help` finds idlebench.efi. */
static bool program_name(const uint8_t *p, size_t from, size_t to)
{
	static const char name[] = "idlebench";
	size_t n = to - from, base = from;

	if (n >= 4 && char_at(p, to - 4) == '.' && (char_at(p, to - 3) | 0x20) == 'e' &&
	    (char_at(p, to - 2) | 0x20) == 'f' && (char_at(p, to - 1) | 0x20) == 'i')
		return true;
	for (size_t k = from; k < to; k++) {
		uint16_t c = char_at(p, k);
		if (c == '\\' || c == '/' || c == ':')
			base = k + 1;
	}
	if (to - base != sizeof name - 1)
		return false;
	for (size_t k = 0; k < sizeof name - 1; k++) {
		uint16_t c = char_at(p, base + k);
		if ((c >= 'A' && c <= 'Z' ? c | 0x20 : c) != (uint16_t)name[k])
			return false;
	}
	return true;
}

enum efi_cmdline_status efi_cmdline_from_load_options(const void *opts, size_t bytes, char *out, size_t cap)
{
	struct line l = { out, cap, 0, false, false };
	const uint8_t *p = opts;
	size_t n = bytes / 2, end = 0, i = 0;

	if (!cap)
		return EFI_CMDLINE_TOO_LONG;
	out[0] = 0;
	for (; end < n; end++) {
		uint16_t c = char_at(p, end);
		if (c == 0)
			break;
		if (!blank16(c) && (c < 0x20 || c > 0x7E))
			return EFI_CMDLINE_NOT_TEXT;
	}
	while (i < end && blank16(char_at(p, i)))
		i++;
	size_t w = i;
	while (w < end && !blank16(char_at(p, w)))
		w++;
	if (program_name(p, i, w))
		i = w;
	for (; i < end; i++) {
		uint16_t c = char_at(p, i);
		put(&l, blank16(c) ? ' ' : (char)c);
	}
	return finish(&l);
}

enum efi_cmdline_status efi_cmdline_from_file(const char *text, size_t len, char *out, size_t cap)
{
	struct line l = { out, cap, 0, false, false };
	bool comment = false;

	if (!cap)
		return EFI_CMDLINE_TOO_LONG;
	out[0] = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c == '\n' || c == '\r') {
			comment = false;
			put(&l, ' ');
			continue;
		}
		if (comment)
			continue;
		if (c == '#') {
			comment = true;
			continue;
		}
		if (c == '\t')
			c = ' ';
		if (i == 0 && len >= 3 && c == 0xEF && (unsigned char)text[1] == 0xBB && (unsigned char)text[2] == 0xBF) {
			i += 2; /* UTF-8 byte order mark (Windows Notepad) */
			continue;
		}
		if (c < 0x20 || c > 0x7E)
			return EFI_CMDLINE_NOT_TEXT;
		put(&l, (char)c);
	}
	return finish(&l);
}
