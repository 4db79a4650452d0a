/* Build-time tool: mark a PE32+ image NX-compatible (DllCharacteristics
 * IMAGE_DLLCHARACTERISTICS_NX_COMPAT, 0x0100) and rewrite its CheckSum.
 * objcopy has no option for DllCharacteristics. The flag tells the firmware
 * (and shim) it may map the image's data non-executable and its code
 * read-only; scripts/check-efi-image.sh fails the build when a section is both
 * writable and executable, so the claim cannot outlive a W+X section.
 * usage: pe_nx_compat IMAGE.efi   (edited in place)
 * Layout: Microsoft PE/COFF specification, "MS-DOS Stub" (e_lfanew at 0x3C),
 * "Optional Header Windows-Specific Fields" (PE32+: CheckSum at 64,
 * DllCharacteristics at 70 from the optional header). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NX_COMPAT 0x0100u
#define PE32PLUS_MAGIC 0x20Bu
#define OPT_CHECKSUM 64
#define OPT_DLL_CHARACTERISTICS 70
#define OPT_MIN_SIZE 72

static uint32_t le16(const unsigned char *p)
{
	return p[0] | (uint32_t)p[1] << 8;
}

static uint32_t le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_le16(unsigned char *p, uint32_t v)
{
	p[0] = v & 0xFF, p[1] = v >> 8 & 0xFF;
}

static void put_le32(unsigned char *p, uint32_t v)
{
	put_le16(p, v & 0xFFFF), put_le16(p + 2, v >> 16);
}

/* The image checksum (imagehlp's CheckSumMappedFile): the 16-bit
 * one's-complement-style sum of the file with the CheckSum field taken as
 * 0, folded, plus the file length. */
static uint32_t pe_checksum(const unsigned char *b, size_t len, size_t checksum_at)
{
	uint32_t sum = 0;
	for (size_t i = 0; i < len; i += 2) {
		if (i == checksum_at || i == checksum_at + 2)
			continue;
		sum += i + 1 < len ? le16(b + i) : b[i];
		sum = (sum & 0xFFFF) + (sum >> 16);
	}
	sum = (sum & 0xFFFF) + (sum >> 16);
	return sum + (uint32_t)len;
}

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f || fseek(f, 0, SEEK_END) || (*len = (size_t)ftell(f)) == (size_t)-1 || fseek(f, 0, SEEK_SET)) {
		perror(path);
		exit(1);
	}
	unsigned char *b = malloc(*len ? *len : 1);
	if (!b || fread(b, 1, *len, f) != *len) {
		fprintf(stderr, "pe_nx_compat: cannot read %s\n", path);
		exit(1);
	}
	fclose(f);
	return b;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: pe_nx_compat IMAGE.efi\n");
		return 2;
	}
	const char *path = argv[1];
	size_t len;
	unsigned char *b = slurp(path, &len);
	size_t pe = len >= 0x40 ? le32(b + 0x3C) : 0;
	if (len < 0x40 || memcmp(b, "MZ", 2) || pe > len || len - pe < 24 + OPT_MIN_SIZE || memcmp(b + pe, "PE\0\0", 4)) {
		fprintf(stderr, "pe_nx_compat: %s is not a PE image (no MZ/PE signature)\n", path);
		return 1;
	}
	size_t opt = pe + 24;
	if (le16(b + pe + 20) < OPT_MIN_SIZE || le16(b + opt) != PE32PLUS_MAGIC) {
		fprintf(stderr, "pe_nx_compat: %s has no PE32+ optional header (magic 0x%x)\n", path, le16(b + opt));
		return 1;
	}
	put_le16(b + opt + OPT_DLL_CHARACTERISTICS, le16(b + opt + OPT_DLL_CHARACTERISTICS) | NX_COMPAT);
	put_le32(b + opt + OPT_CHECKSUM, pe_checksum(b, len, opt + OPT_CHECKSUM));
	FILE *f = fopen(path, "r+b");
	if (!f || fwrite(b, 1, len, f) != len || fclose(f)) {
		fprintf(stderr, "pe_nx_compat: cannot write %s\n", path);
		return 1;
	}
	free(b);
	return 0;
}
