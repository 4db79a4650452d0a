/* Build-time tool: make a NASM object's DWARF independent of the build
 * folder. NASM 2.16 writes the compile unit's DW_AT_comp_dir as the absolute
 * real path of the source's folder (it has no -ffile-prefix-map), so two
 * checkouts assemble two different objects, and the kernel's debug info
 * differs. This rewrites it to "." (what GCC writes under mk/repro.mk's
 * -ffile-prefix-map; NASM's DW_AT_name is already relative to the build's
 * root) and moves everything after it: the unit's length, the relocations
 * of .debug_info past the string, section-relative addends into
 * .debug_info, and the file layout.
 * usage: nasm_comp_dir OBJECT.o   (ELF64 relocatable, edited in place;
 * an object without DWARF is left as it is)
 * Layout: System V ABI gABI "Sections", "Relocation"; DWARF 3/4 section 7.5
 * (compile unit header, abbreviations, attribute forms). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHT_SYMTAB 2
#define SHT_RELA 4
#define SHT_NOBITS 8
#define STT_SECTION 3
#define DW_AT_comp_dir 0x1b
#define DW_FORM_string 0x08

static unsigned char *img;
static size_t img_len;
static const char *path;

static void die(const char *why)
{
	fprintf(stderr, "nasm_comp_dir: %s: %s\n", path, why);
	exit(1);
}

static uint64_t get(const unsigned char *p, int n)
{
	uint64_t v = 0;
	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static void put(unsigned char *p, int n, uint64_t v)
{
	for (int i = 0; i < n; i++, v >>= 8)
		p[i] = v & 0xFF;
}

struct sec {
	unsigned char *hdr; /* its Elf64_Shdr in img */
	unsigned char *data;
	uint64_t size, off, align;
	uint32_t type, link, info;
};

static uint64_t uleb(const unsigned char **p, const unsigned char *end)
{
	uint64_t v = 0;
	for (int shift = 0; *p < end && shift < 64; shift += 7) {
		unsigned char b = *(*p)++;
		v |= (uint64_t)(b & 0x7F) << shift;
		if (!(b & 0x80))
			return v;
	}
	die("bad LEB128 in the DWARF");
	return 0;
}

/* Bytes of an attribute value of FORM at p (the forms NASM's CU uses and
 * the other fixed ones); 0 for a form this tool does not know. */
static size_t form_size(uint64_t form, const unsigned char *p, const unsigned char *end)
{
	switch (form) {
	case 0x01: return 8;                     /* addr (ELF64) */
	case 0x0b: case 0x11: case 0x0c: return 1; /* data1, ref1, flag */
	case 0x05: case 0x12: return 2;          /* data2, ref2 */
	case 0x06: case 0x13: case 0x0e: case 0x10: case 0x17: return 4; /* data4, ref4, strp, ref_addr, sec_offset */
	case 0x07: case 0x14: return 8;          /* data8, ref8 */
	case DW_FORM_string: {
		const unsigned char *z = memchr(p, 0, (size_t)(end - p));
		if (!z)
			die("unterminated DW_FORM_string");
		return (size_t)(z - p) + 1;
	}
	default: return 0;
	}
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: nasm_comp_dir OBJECT.o\n");
		return 2;
	}
	path = argv[1];
	FILE *f = fopen(path, "rb");
	if (!f || fseek(f, 0, SEEK_END) || (long)(img_len = (size_t)ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		die("cannot read");
	img = malloc(img_len + 1);
	if (!img || fread(img, 1, img_len, f) != img_len)
		die("cannot read");
	fclose(f);
	if (img_len < 64 || memcmp(img, "\177ELF\2\1", 6) || get(img + 16, 2) != 1)
		die("not a little-endian ELF64 relocatable object");

	uint64_t shoff = get(img + 0x28, 8), shentsize = get(img + 0x3A, 2), shnum = get(img + 0x3C, 2);
	uint64_t shstrndx = get(img + 0x3E, 2);
	if (shentsize != 64 || shnum == 0 || shstrndx >= shnum || shoff + shnum * 64 > img_len)
		die("bad section header table");
	struct sec *s = calloc(shnum, sizeof *s);
	if (!s)
		die("out of memory");
	for (uint64_t i = 0; i < shnum; i++) {
		unsigned char *h = img + shoff + i * 64;
		s[i] = (struct sec){ .hdr = h, .type = (uint32_t)get(h + 4, 4), .off = get(h + 24, 8),
			.size = get(h + 32, 8), .link = (uint32_t)get(h + 40, 4), .info = (uint32_t)get(h + 44, 4),
			.align = get(h + 48, 8) };
		if (s[i].type != SHT_NOBITS && i && s[i].off + s[i].size > img_len)
			die("section past the end of the file");
		s[i].data = img + s[i].off;
	}
	const struct sec *strs = &s[shstrndx];
	uint64_t info = 0, abbrev = 0;
	for (uint64_t i = 1; i < shnum; i++) {
		uint64_t n = get(s[i].hdr, 4);
		if (n >= strs->size)
			die("bad section name");
		const char *name = (const char *)strs->data + n;
		if (!strcmp(name, ".debug_info"))
			info = i;
		else if (!strcmp(name, ".debug_abbrev"))
			abbrev = i;
	}
	if (!info || s[info].size == 0)
		return 0; /* no DWARF (no -g, or no code): nothing to do */
	if (!abbrev)
		die(".debug_info without .debug_abbrev");

	/* The first compile unit (NASM writes one): 32-bit DWARF 2-4 header,
	 * then the CU's DIE; its abbreviation found by code (NASM's table
	 * starts at 0), its attributes walked up to DW_AT_comp_dir. */
	unsigned char *d = s[info].data, *dend = d + s[info].size;
	if (s[info].size < 11 || get(d, 4) >= 0xfffffff0u || get(d + 4, 2) < 2 || get(d + 4, 2) > 4)
		die("not a 32-bit DWARF 2-4 compile unit");
	const unsigned char *p = d + 11;
	uint64_t code = uleb(&p, dend);
	const unsigned char *a = s[abbrev].data, *aend = a + s[abbrev].size;
	for (;;) {
		uint64_t c = uleb(&a, aend);
		if (c == 0)
			die("the compile unit's abbreviation is missing");
		uleb(&a, aend); /* tag */
		a++;            /* children */
		if (c == code)
			break;
		while (uleb(&a, aend) | uleb(&a, aend))
			;
	}
	uint64_t at, form, str_off = 0, str_len = 0;
	while ((at = uleb(&a, aend)) | (form = uleb(&a, aend))) {
		size_t n = form_size(form, p, dend);
		if (!n)
			die("unknown DWARF form before DW_AT_comp_dir");
		if (at == DW_AT_comp_dir && form == DW_FORM_string) {
			str_off = (uint64_t)(p - d), str_len = n;
			break;
		}
		p += n;
	}
	if (!str_len)
		return 0; /* no comp_dir: nothing to rewrite */
	static const char dot[] = ".";
	if (str_len == sizeof dot && !memcmp(d + str_off, dot, sizeof dot))
		return 0; /* rewritten already */
	uint64_t delta = str_len - sizeof dot;

	/* .debug_info's new bytes: the unit shorter by delta. */
	memcpy(d + str_off, dot, sizeof dot);
	memmove(d + str_off + sizeof dot, d + str_off + str_len, s[info].size - str_off - str_len);
	s[info].size -= delta;
	put(d, 4, get(d, 4) - delta);

	/* Relocations: offsets into .debug_info past the string, and addends of
	 * section-relative references to .debug_info past it. */
	for (uint64_t i = 1; i < shnum; i++) {
		if (s[i].type != SHT_RELA)
			continue;
		if (s[i].link >= shnum || s[s[i].link].type != SHT_SYMTAB)
			die("relocation section without a symbol table");
		const struct sec *sym = &s[s[i].link];
		for (uint64_t r = 0; r + 24 <= s[i].size; r += 24) {
			unsigned char *e = s[i].data + r;
			if (s[i].info == info) {
				uint64_t o = get(e, 8);
				if (o >= str_off && o < str_off + str_len)
					die("a relocation inside DW_AT_comp_dir");
				if (o > str_off)
					put(e, 8, o - delta);
			}
			uint64_t symi = get(e + 8, 8) >> 32;
			if ((symi + 1) * 24 > sym->size)
				die("relocation symbol out of range");
			const unsigned char *st = sym->data + symi * 24;
			int64_t add = (int64_t)get(e + 16, 8);
			if ((st[4] & 0xF) == STT_SECTION && get(st + 6, 2) == info && add > (int64_t)str_off)
				put(e + 16, 8, (uint64_t)(add - (int64_t)delta));
		}
	}

	/* Lay the sections out again, in file order, each at its alignment;
	 * the section header table after them. */
	uint64_t *order = calloc(shnum, sizeof *order), n = 0, room = 64 + 8 + shnum * 64;
	if (!order)
		die("out of memory");
	for (uint64_t i = 1; i < shnum; i++)
		if (s[i].type != SHT_NOBITS) {
			uint64_t j = n++;
			for (; j > 0 && s[order[j - 1]].off > s[i].off; j--)
				order[j] = order[j - 1];
			order[j] = i;
		}
	for (uint64_t k = 0; k < n; k++)
		room += s[order[k]].size + (s[order[k]].align > 1 ? s[order[k]].align : 1);
	unsigned char *out = calloc(1, room);
	if (!out)
		die("out of memory");
	uint64_t pos = 64;
	memcpy(out, img, 64);
	for (uint64_t k = 0; k < n; k++) {
		struct sec *x = &s[order[k]];
		uint64_t al = x->align > 1 ? x->align : 1;
		pos = (pos + al - 1) / al * al;
		memcpy(out + pos, x->data, x->size);
		put(x->hdr + 24, 8, pos);
		put(x->hdr + 32, 8, x->size);
		pos += x->size;
	}
	pos = (pos + 7) / 8 * 8;
	for (uint64_t i = 0; i < shnum; i++)
		memcpy(out + pos + i * 64, s[i].hdr, 64);
	put(out + 0x28, 8, pos);
	pos += shnum * 64;

	char *tmp = malloc(strlen(path) + 5);
	if (!tmp)
		die("out of memory");
	sprintf(tmp, "%s.tmp", path);
	f = fopen(tmp, "wb");
	if (!f || fwrite(out, 1, pos, f) != pos || fclose(f) || rename(tmp, path))
		die("cannot write");
	return 0;
}
