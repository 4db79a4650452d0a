/* libFuzzer target for the UEFI application's command line sources. The same
 * bytes are given to efi_cmdline_from_load_options (as UTF-16LE load options)
 * and to efi_cmdline_from_file (as cmdline.txt), each with output capacities
 * 0, 1, 2, 16 and 1026 (boot_info's), in buffers of exactly that size so
 * ASan sees any write past cap. Beyond "no crash, no out-of-bounds access"
 * it checks against a separate word-by-word model of each format:
 * - the status is NOT_TEXT exactly when the model finds a byte or code unit
 *   outside printable ASCII (tab; CR/LF in the file; comments in the file
 *   excepted), EMPTY exactly when the model's line is empty, TOO_LONG exactly
 *   when the line does not fit cap - 1 characters, else OK;
 * - on OK out is the model's line; on TOO_LONG the longest prefix of it that
 *   fits and does not end in a blank; on EMPTY "";
 * - out is NUL-terminated within cap; on OK/TOO_LONG it holds only 0x21..0x7E
 *   and single blanks, with no blank first or last;
 * - so in particular a first word ending in ".efi" (any case; the model
 *   finds it with its own scan) never reaches the load-options result, and
 *   a later one does. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "boot/uefi/efi_cmdline.h"
#include "kernel/boot/boot_info.h"

#define CHECK(cond) \
	do { \
		if (!(cond)) \
			abort(); \
	} while (0)

static const size_t caps[] = { 0, 1, 2, 16, BOOT_CMDLINE_MAX };

/* A line built word by word: single blanks between words. */
struct model {
	char *line;
	size_t len;
	int in_word;
	int words;
};

static void model_char(struct model *m, char c)
{
	if (c == ' ') {
		m->in_word = 0;
		return;
	}
	if (!m->in_word) {
		if (m->words++)
			m->line[m->len++] = ' ';
		m->in_word = 1;
	}
	m->line[m->len++] = c;
}

static int ends_in_efi(const char *w, size_t len)
{
	static const char ext[] = ".efi";
	if (len < 4)
		return 0;
	for (size_t i = 0; i < 4; i++) {
		char c = w[len - 4 + i];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != ext[i])
			return 0;
	}
	return 1;
}

/* The first word's text after its last '\\', '/' or ':' is "idlebench" (any case). */
static int names_idlebench(const uint8_t *data, size_t from, size_t to)
{
	static const char name[] = "idlebench";
	char base[16];
	size_t n = 0;

	for (size_t k = from; k < to; k++) {
		char c = (char)data[2 * k];
		if (c == '\\' || c == '/' || c == ':') {
			n = 0;
			continue;
		}
		if (n < sizeof base)
			base[n] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
		n++;
	}
	return n == sizeof name - 1 && memcmp(base, name, n) == 0;
}

/* The load options model: returns 1 for NOT_TEXT, else fills m. */
static int model_options(const uint8_t *data, size_t size, struct model *m)
{
	size_t units = size / 2, end = 0;
	int first_word_seen = 0, dropping = 0;

	for (; end < units; end++) {
		unsigned c = data[2 * end] | (unsigned)data[2 * end + 1] << 8;
		if (c == 0)
			break;
		if (c != '\t' && (c < 0x20 || c > 0x7E))
			return 1;
	}
	/* the first word, found by its own scan */
	size_t i = 0;
	while (i < end && (data[2 * i] == ' ' || data[2 * i] == '\t'))
		i++;
	size_t w = i;
	while (w < end && data[2 * w] != ' ' && data[2 * w] != '\t')
		w++;
	char first[8];
	size_t flen = w - i < 4 ? w - i : 4;
	for (size_t k = 0; k < flen; k++)
		first[k] = (char)data[2 * (w - flen + k)];
	dropping = ends_in_efi(first, flen) || names_idlebench(data, i, w);
	for (size_t k = 0; k < end; k++) {
		char c = (char)data[2 * k];
		if (c == '\t')
			c = ' ';
		if (c != ' ' && !first_word_seen)
			first_word_seen = 1;
		else if (c == ' ' && first_word_seen && dropping)
			dropping = 0;
		if (first_word_seen && dropping)
			continue;
		model_char(m, c);
	}
	return 0;
}

/* The cmdline.txt model: returns 1 for NOT_TEXT, else fills m. */
static int model_file(const uint8_t *data, size_t size, struct model *m)
{
	size_t i = 0;
	int comment = 0;

	if (size >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF)
		i = 3;
	for (; i < size; i++) {
		uint8_t c = data[i];
		if (c == '\r' || c == '\n') {
			comment = 0;
			model_char(m, ' ');
		} else if (comment) {
			continue;
		} else if (c == '#') {
			comment = 1;
		} else if (c == '\t' || c == ' ') {
			model_char(m, ' ');
		} else if (c < 0x20 || c > 0x7E) {
			return 1;
		} else {
			model_char(m, (char)c);
		}
	}
	return 0;
}

static void check_shape(const char *out)
{
	size_t len = strlen(out);
	if (!len)
		return;
	CHECK(out[0] != ' ' && out[len - 1] != ' ');
	for (size_t i = 0; i < len; i++) {
		CHECK(out[i] >= 0x20 && out[i] <= 0x7E);
		if (out[i] == ' ')
			CHECK(out[i + 1] != ' ');
	}
}

static void check_against_model(enum efi_cmdline_status st, const char *out, size_t cap, int not_text,
				const struct model *m)
{
	CHECK(efi_cmdline_status_text(st)[0] != '?');
	if (cap == 0) {
		CHECK(st == EFI_CMDLINE_TOO_LONG);
		return;
	}
	CHECK(memchr(out, 0, cap) != NULL);
	if (not_text) {
		CHECK(st == EFI_CMDLINE_NOT_TEXT);
		return;
	}
	if (m->len == 0) {
		CHECK(st == EFI_CMDLINE_EMPTY);
		CHECK(out[0] == 0);
		return;
	}
	check_shape(out);
	if (m->len <= cap - 1) {
		CHECK(st == EFI_CMDLINE_OK);
		CHECK(strlen(out) == m->len && !memcmp(out, m->line, m->len));
		return;
	}
	CHECK(st == EFI_CMDLINE_TOO_LONG);
	size_t keep = cap - 1;
	if (keep && m->line[keep - 1] == ' ')
		keep--;
	CHECK(strlen(out) == keep && !memcmp(out, m->line, keep));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* the model line is never longer than the input (one char per unit or
	 * byte, blanks only between words) */
	struct model opt = { malloc(size + 1), 0, 0, 0 };
	struct model file = { malloc(size + 1), 0, 0, 0 };
	CHECK(opt.line && file.line);
	int opt_not_text = model_options(data, size, &opt);
	int file_not_text = model_file(data, size, &file);

	for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
		size_t cap = caps[c];
		char *out = malloc(cap ? cap : 1);
		CHECK(out);

		enum efi_cmdline_status st = efi_cmdline_from_load_options(data, size, out, cap);
		check_against_model(st, out, cap, opt_not_text, &opt);
		st = efi_cmdline_from_file((const char *)data, size, out, cap);
		check_against_model(st, out, cap, file_not_text, &file);
		free(out);
	}
	free(opt.line);
	free(file.line);
	return 0;
}
