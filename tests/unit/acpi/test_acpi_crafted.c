/* The ACPI parsers on crafted tables: malformed input must give the named
 * error (never a hang, never a read past the buffer), and each documented
 * rule (duplicates, disabled entries, Online Capable, decision order) must
 * hold. Tables are built here byte by byte from the ACPI 6.5 layouts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "platform/acpi/acpi_c2.h"
#include "platform/acpi/acpi_cst.h"
#include "platform/acpi/acpi_fadt.h"
#include "platform/acpi/acpi_format.h"
#include "platform/acpi/acpi_madt.h"
#include "platform/acpi/acpi_rsdp.h"
#include "platform/acpi/acpi_summary.h"
#include "platform/acpi/acpi_table.h"
#include "platform/acpi/acpi_tables.h"

/* ---- builders ---------------------------------------------------------- */

static void put32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i)); }
static void put64(uint8_t *p, uint64_t v) { for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i)); }

/* Header for a table of len bytes at t, then a correct checksum. */
static void seal(uint8_t *t, const char *sig, uint32_t len, uint8_t revision)
{
	memcpy(t, sig, 4);
	put32(t + 4, len);
	t[8] = revision;
	memcpy(t + 10, "IDLEB ", 6);
	t[9] = 0;
	t[9] = (uint8_t)(0x100 - acpi_checksum(t, len));
}

struct madt_builder { uint8_t t[8192]; uint32_t len; };

static void madt_begin(struct madt_builder *m) { memset(m, 0, sizeof *m); put32(m->t + 36, 0xFEE00000); m->len = 44; }
static void madt_lapic(struct madt_builder *m, uint8_t apic_id, uint32_t flags)
{
	uint8_t *e = m->t + m->len;
	e[0] = 0; e[1] = 8; e[2] = apic_id; e[3] = apic_id; put32(e + 4, flags);
	m->len += 8;
}
static void madt_x2apic(struct madt_builder *m, uint32_t apic_id, uint32_t flags)
{
	uint8_t *e = m->t + m->len;
	e[0] = 9; e[1] = 16; put32(e + 4, apic_id); put32(e + 8, flags); put32(e + 12, apic_id);
	m->len += 16;
}
static void madt_seal(struct madt_builder *m, uint8_t revision) { seal(m->t, "APIC", m->len, revision); }

/* AML emitter: objects with a 2-byte PkgLength patched when they close. */
struct aml { uint8_t b[4096]; size_t n; size_t open[8]; int depth; };
static void emit(struct aml *a, uint8_t v) { a->b[a->n++] = v; }
static void emit_bytes(struct aml *a, const void *p, size_t n) { memcpy(a->b + a->n, p, n); a->n += n; }
static void open_pkg(struct aml *a, uint8_t op) { emit(a, op); a->open[a->depth++] = a->n; a->n += 2; }
static void close_pkg(struct aml *a)
{
	size_t at = a->open[--a->depth], len = a->n - at;
	a->b[at] = (uint8_t)(0x40 | (len & 0xF));
	a->b[at + 1] = (uint8_t)(len >> 4);
}
static void emit_word(struct aml *a, uint16_t v) { emit(a, 0x0B); emit(a, (uint8_t)v); emit(a, (uint8_t)(v >> 8)); }
/* Package { Buffer { Register(space, width, offset, addr) }, type, latency, 0 } */
static void cst_entry(struct aml *a, uint8_t space, uint64_t address, uint8_t type, uint16_t latency)
{
	open_pkg(a, 0x12);
	emit(a, 4);
	open_pkg(a, 0x11);
	emit(a, 0x0A); emit(a, 17);
	uint8_t reg[17] = { 0x82, 0x0C, 0x00, space, space == ACPI_SPACE_FFIXEDHW ? 2 : 8,
			    space == ACPI_SPACE_FFIXEDHW ? 2 : 0, 1 };
	put64(reg + 7, address);
	reg[15] = 0x79;
	emit_bytes(a, reg, sizeof reg);
	close_pkg(a);
	emit(a, 0x0A); emit(a, type);
	emit_word(a, latency);
	emit(a, 0x00);
	close_pkg(a);
}
/* Name (_CST, Package { 2, C1 ffh 0 lat 1, C2 io <port> lat 400 }) */
static void cst_name(struct aml *a, uint16_t c2_port)
{
	emit(a, 0x08); emit_bytes(a, "_CST", 4);
	open_pkg(a, 0x12);
	emit(a, 3);
	emit(a, 0x0A); emit(a, 2);
	cst_entry(a, ACPI_SPACE_FFIXEDHW, 0, 1, 1);
	cst_entry(a, ACPI_SPACE_SYSTEM_IO, c2_port, 2, 400);
	close_pkg(a);
}

/* ---- table checks ------------------------------------------------------ */

static void table_check_rejects_bad_checksum(void **state)
{
	(void)state;
	uint8_t t[64] = { 0 };
	seal(t, "SSDT", sizeof t, 2);
	assert_int_equal(acpi_table_check(t, sizeof t, NULL), ACPI_OK);
	t[40] ^= 1;
	assert_int_equal(acpi_table_check(t, sizeof t, NULL), ACPI_ERR_CHECKSUM);
	assert_string_equal(acpi_strerror(ACPI_ERR_CHECKSUM), "checksum mismatch");
}

static void table_check_rejects_lying_lengths(void **state)
{
	(void)state;
	uint8_t t[64] = { 0 };
	seal(t, "SSDT", 200, 2); /* says 200 bytes, buffer holds 64 */
	assert_int_equal(acpi_table_check(t, sizeof t, NULL), ACPI_ERR_LENGTH_PAST_END);
	seal(t, "SSDT", 20, 2);
	assert_int_equal(acpi_table_check(t, sizeof t, NULL), ACPI_ERR_LENGTH_SHORT);
	put32(t + 4, ACPI_MAX_TABLE_LEN + 1);
	assert_int_equal(acpi_table_check(t, UINT64_MAX, NULL), ACPI_ERR_LENGTH_LARGE);
	assert_int_equal(acpi_table_check(t, 20, NULL), ACPI_ERR_HEADER_PAST_END);
}

static void table_check_rejects_wrong_or_garbage_signature_accepts_asf(void **state)
{
	(void)state;
	uint8_t t[40] = { 0 };
	seal(t, "SSDT", sizeof t, 2);
	assert_int_equal(acpi_table_check(t, sizeof t, "DSDT"), ACPI_ERR_SIGNATURE);
	seal(t, "ss\001T", sizeof t, 2);
	assert_int_equal(acpi_table_check(t, sizeof t, NULL), ACPI_ERR_SIGNATURE);
	/* ACPICA allows '!' only last, for "ASF!" (acpi_ut_valid_name_char). */
	seal(t, "ASF!", sizeof t, 2);
	assert_int_equal(acpi_table_check(t, sizeof t, NULL), ACPI_OK);
	seal(t, "AS!F", sizeof t, 2);
	assert_int_equal(acpi_table_check(t, sizeof t, NULL), ACPI_ERR_SIGNATURE);
}

static void table_set_records_bad_table_by_name_and_skips_it(void **state)
{
	(void)state;
	static struct acpi_table_set set;
	static struct madt_builder m;
	madt_begin(&m);
	madt_lapic(&m, 0, 1);
	madt_seal(&m, 3);
	m.t[50] ^= 0xFF; /* break the checksum */
	acpi_tables_init(&set);
	assert_int_equal(acpi_tables_add(&set, m.t, m.len, 0), ACPI_ERR_CHECKSUM);
	assert_int_equal(set.count, 1);
	assert_string_equal(set.tables[0].signature, "APIC");
	assert_null(set.tables[0].data);
	assert_null(acpi_tables_find(&set, "APIC", 0));
	static struct acpi_summary s;
	acpi_summarize(&set, &s);
	assert_int_equal(s.madt_status, ACPI_ERR_NOT_FOUND);
}

/* ---- MADT -------------------------------------------------------------- */

static void madt_truncated_entry_is_an_error_with_offset(void **state)
{
	(void)state;
	static struct madt_builder m;
	static struct acpi_madt_info info;
	madt_begin(&m);
	madt_lapic(&m, 0, 1);
	m.t[m.len] = 0; m.t[m.len + 1] = 8; /* an 8-byte entry with 4 bytes left */
	m.len += 4;
	madt_seal(&m, 3);
	assert_int_equal(acpi_madt_parse(m.t, m.len, &info), ACPI_ERR_ENTRY_TRUNCATED);
	assert_int_equal(info.error_offset, 52);
}

static void madt_zero_length_entry_stops_instead_of_looping(void **state)
{
	(void)state;
	static struct madt_builder m;
	static struct acpi_madt_info info;
	madt_begin(&m);
	m.t[44] = 0x7F; m.t[45] = 0; /* Length 0 would never advance */
	m.len = 48;
	madt_seal(&m, 3);
	assert_int_equal(acpi_madt_parse(m.t, m.len, &info), ACPI_ERR_ENTRY_ZERO_LENGTH);
	assert_int_equal(info.error_offset, 44);
	m.t[45] = 1;
	assert_int_equal(acpi_madt_parse(m.t, m.len, &info), ACPI_ERR_ENTRY_ZERO_LENGTH);
}

static void madt_lapic_entry_shorter_than_its_type_is_rejected(void **state)
{
	(void)state;
	static struct madt_builder m;
	static struct acpi_madt_info info;
	madt_begin(&m);
	madt_lapic(&m, 3, 1);
	m.t[45] = 4; /* type 0 needs 8 bytes */
	m.len = 48;
	madt_seal(&m, 3);
	assert_int_equal(acpi_madt_parse(m.t, m.len, &info), ACPI_ERR_ENTRY_TOO_SHORT);
}

static void madt_same_apic_id_in_type0_and_type9_counts_once(void **state)
{
	(void)state;
	static struct madt_builder m;
	static struct acpi_madt_info info;
	char buf[64];
	madt_begin(&m);
	madt_lapic(&m, 2, 1);
	madt_lapic(&m, 0, 1);
	madt_x2apic(&m, 0, 1);
	madt_x2apic(&m, 2, 1);
	madt_x2apic(&m, 300, 1);
	madt_seal(&m, 4);
	assert_int_equal(acpi_madt_parse(m.t, m.len, &info), ACPI_OK);
	assert_int_equal(info.cpu_count, 3);
	assert_int_equal(info.duplicate_entries, 2);
	assert_int_equal(acpi_format_apic_ids(&info, buf, sizeof buf), ACPI_OK);
	assert_string_equal(buf, "0,2,300");
}

static void madt_disabled_entry_with_apic_id_0_is_not_cpu0(void **state)
{
	(void)state;
	static struct madt_builder m;
	static struct acpi_madt_info info;
	char buf[64];
	madt_begin(&m);
	madt_lapic(&m, 4, 1);
	madt_lapic(&m, 0, 0); /* padding entry firmware leaves for absent CPUs */
	madt_lapic(&m, 0, 0);
	madt_seal(&m, 3);
	assert_int_equal(acpi_madt_parse(m.t, m.len, &info), ACPI_OK);
	assert_int_equal(info.cpu_count, 1);
	assert_int_equal(info.disabled_entries, 2);
	assert_int_equal(acpi_format_apic_ids(&info, buf, sizeof buf), ACPI_OK);
	assert_string_equal(buf, "4");
}

static void madt_online_capable_is_not_an_enabled_cpu(void **state)
{
	(void)state;
	static struct madt_builder m;
	static struct acpi_madt_info info;
	madt_begin(&m);
	madt_lapic(&m, 0, 1);
	madt_lapic(&m, 1, 2); /* Online Capable, not Enabled */
	madt_seal(&m, 5);
	assert_int_equal(acpi_madt_parse(m.t, m.len, &info), ACPI_OK);
	assert_int_equal(info.cpu_count, 1);
	assert_int_equal(info.online_capable, 1);
	/* Before revision 5 bit 1 is reserved: not even counted as capable. */
	madt_seal(&m, 4);
	assert_int_equal(acpi_madt_parse(m.t, m.len, &info), ACPI_OK);
	assert_int_equal(info.cpu_count, 1);
	assert_int_equal(info.online_capable, 0);
}

static void madt_lapic_address_override_wins(void **state)
{
	(void)state;
	static struct madt_builder m;
	static struct acpi_madt_info info;
	madt_begin(&m);
	uint8_t *e = m.t + m.len;
	e[0] = 5; e[1] = 12; put64(e + 4, 0x123456789000ull);
	m.len += 12;
	madt_seal(&m, 3);
	assert_int_equal(acpi_madt_parse(m.t, m.len, &info), ACPI_OK);
	assert_int_equal(info.lapic_address, 0x123456789000ull);
}

static void madt_more_cpus_than_capacity_is_an_error(void **state)
{
	(void)state;
	static struct acpi_madt_info info;
	uint32_t n = ACPI_MAX_CPUS + 1, len = 44 + 16 * n;
	uint8_t *t = calloc(1, len);
	for (uint32_t i = 0; i < n; i++) {
		uint8_t *e = t + 44 + 16 * i;
		e[0] = 9; e[1] = 16; put32(e + 4, n - i); put32(e + 8, 1);
	}
	seal(t, "APIC", len, 5);
	assert_int_equal(acpi_madt_parse(t, len, &info), ACPI_ERR_TOO_MANY_CPUS);
	assert_int_equal(info.cpu_count, ACPI_MAX_CPUS);
	free(t);
}

/* ---- RSDP and the walk ------------------------------------------------- */

static void make_rsdp(uint8_t *p, uint32_t rsdt, uint64_t xsdt)
{
	memset(p, 0, 36);
	memcpy(p, "RSD PTR ", 8);
	memcpy(p + 9, "IDLEB ", 6);
	p[15] = 2;
	put32(p + 16, rsdt);
	put32(p + 20, 36);
	put64(p + 24, xsdt);
	p[8] = (uint8_t)(0x100 - acpi_checksum(p, 20));
	p[32] = (uint8_t)(0x100 - acpi_checksum(p, 36));
}

static void rsdp_scan_finds_aligned_valid_rsdp_only(void **state)
{
	(void)state;
	static uint8_t area[0x400];
	memset(area, 0, sizeof area);
	make_rsdp(area + 0x108, 0x1000, 0); /* not 16-byte aligned: skipped */
	assert_int_equal(acpi_find_rsdp(area, 0xE0000, sizeof area), 0);
	make_rsdp(area + 0x110, 0x1000, 0x2000);
	assert_int_equal(acpi_find_rsdp(area, 0xE0000, sizeof area), 0xE0110);
	/* phys_base not aligned: alignment is physical, not relative to base */
	assert_int_equal(acpi_find_rsdp(area + 8, 0xE0008, sizeof area - 8), 0xE0110);
	area[0x110 + 24] ^= 1; /* corrupt the XSDT address: extended checksum fails */
	assert_int_equal(acpi_rsdp_check(area + 0x110, 36, NULL), ACPI_ERR_RSDP_EXT_CHECKSUM);
	assert_int_equal(acpi_find_rsdp(area, 0xE0000, sizeof area), 0);
	make_rsdp(area + 0x3F0, 0x1000, 0); /* runs past the end of the area */
	assert_int_equal(acpi_find_rsdp(area, 0xE0000, sizeof area), 0);
}

/* A 64 KiB "physical memory" at 0; map refuses anything outside it. */
static uint8_t memory[0x10000];
static const void *map_memory(void *ctx, uint64_t phys, uint64_t len)
{
	(void)ctx;
	return phys < sizeof memory && len <= sizeof memory - phys ? memory + phys : NULL;
}

static void walk_falls_back_to_rsdt_when_xsdt_is_outside_memory(void **state)
{
	(void)state;
	static struct acpi_table_set set;
	static struct madt_builder m;
	memset(memory, 0, sizeof memory);
	madt_begin(&m);
	madt_lapic(&m, 0, 1);
	madt_lapic(&m, 1, 1);
	madt_seal(&m, 3);
	memcpy(memory + 0x3000, m.t, m.len);
	/* RSDT at 0x1000 lists the MADT and a table far outside memory. */
	put32(memory + 0x1000 + 36, 0x3000);
	put32(memory + 0x1000 + 40, 0x7FFF0000);
	seal(memory + 0x1000, "RSDT", 44, 1);
	make_rsdp(memory + 0x100, 0x1000, 0xFFFF00000000ull);
	struct acpi_mem mem = { map_memory, NULL };
	acpi_tables_init(&set);
	assert_int_equal(acpi_tables_load(&set, &mem, 0x100), ACPI_OK);
	assert_false(set.root_is_xsdt);
	assert_int_equal(set.count, 4);
	assert_string_equal(set.tables[0].signature, "XSDT");
	assert_int_equal(set.tables[0].status, ACPI_ERR_NOT_MAPPED);
	assert_string_equal(set.tables[1].signature, "RSDT");
	assert_int_equal(set.tables[1].status, ACPI_OK);
	assert_string_equal(set.tables[2].signature, "APIC");
	assert_int_equal(set.tables[3].status, ACPI_ERR_NOT_MAPPED);
	static struct acpi_summary s;
	acpi_summarize(&set, &s);
	assert_int_equal(s.madt.cpu_count, 2);
}

static void walk_never_follows_a_bad_fadt_and_bounds_lying_lengths(void **state)
{
	(void)state;
	static struct acpi_table_set set;
	memset(memory, 0, sizeof memory);
	/* FADT (bad checksum) pointing at a DSDT we must not load. */
	put32(memory + 0x2000 + 40, 0x4000);
	seal(memory + 0x2000, "FACP", 116, 1);
	memory[0x2000 + 100] ^= 1;
	seal(memory + 0x4000, "DSDT", 40, 2);
	/* An SSDT whose length runs past the end of memory. */
	seal(memory + 0xFF00, "SSDT", 36, 2);
	put32(memory + 0xFF00 + 4, 0x1000);
	put64(memory + 0x1000 + 36, 0x2000);
	put64(memory + 0x1000 + 44, 0xFF00);
	seal(memory + 0x1000, "XSDT", 52, 1);
	make_rsdp(memory + 0x100, 0, 0x1000);
	struct acpi_mem mem = { map_memory, NULL };
	acpi_tables_init(&set);
	assert_int_equal(acpi_tables_load(&set, &mem, 0x100), ACPI_OK);
	assert_true(set.root_is_xsdt);
	assert_int_equal(set.count, 3);
	assert_string_equal(set.tables[1].signature, "FACP");
	assert_int_equal(set.tables[1].status, ACPI_ERR_CHECKSUM);
	assert_string_equal(set.tables[2].signature, "SSDT");
	assert_int_equal(set.tables[2].status, ACPI_ERR_NOT_MAPPED);
	assert_null(acpi_tables_find(&set, "DSDT", 0));
}

static void walk_rejects_bad_rsdp(void **state)
{
	(void)state;
	static struct acpi_table_set set;
	memset(memory, 0, sizeof memory);
	make_rsdp(memory + 0x100, 0x1000, 0);
	memory[0x100 + 16] ^= 1;
	struct acpi_mem mem = { map_memory, NULL };
	acpi_tables_init(&set);
	assert_int_equal(acpi_tables_load(&set, &mem, 0x100), ACPI_ERR_RSDP_CHECKSUM);
	assert_int_equal(acpi_tables_load(&set, &mem, 0), ACPI_ERR_NO_RSDP);
	assert_int_equal(acpi_tables_load(&set, &mem, 0xFFFFFFF0), ACPI_ERR_NOT_MAPPED);
}

/* ---- FADT -------------------------------------------------------------- */

static void fadt_prefers_x_pm_timer_and_x_dsdt(void **state)
{
	(void)state;
	uint8_t t[244] = { 0 };
	struct acpi_fadt_info f;
	put32(t + 40, 0x1000);
	put32(t + 76, 0x808);
	t[96] = 101;
	put32(t + 112, 1u << 8);
	put64(t + 140, 0x100000000ull);
	t[208] = 1;
	put64(t + 212, 0x1808);
	seal(t, "FACP", sizeof t, 6);
	assert_int_equal(acpi_fadt_parse(t, sizeof t, &f), ACPI_OK);
	assert_int_equal(f.pm_timer_port, 0x1808);
	assert_true(f.pm_timer_from_x);
	assert_true(f.pm_timer_32bit);
	assert_int_equal(f.dsdt, 0x100000000ull);
	assert_int_equal(f.p_lvl2_lat, 101);
	/* An ACPI 1.0 FADT (116 bytes) has only the 32-bit fields. */
	assert_int_equal(acpi_fadt_parse(t, 116, &f), ACPI_OK);
	assert_int_equal(f.pm_timer_port, 0x808);
	assert_int_equal(f.dsdt, 0x1000);
	assert_int_equal(acpi_fadt_parse(t, 100, &f), ACPI_ERR_TABLE_TOO_SHORT);
}

/* ---- _CST / Processor decoder ------------------------------------------ */

static void cst_name_package_decodes_and_dedups_across_scopes(void **state)
{
	(void)state;
	static struct aml a;
	static struct acpi_cst_info info;
	char buf[256];
	memset(&a, 0, sizeof a);
	cst_name(&a, 0x414);
	cst_name(&a, 0x414); /* a second processor scope says the same */
	acpi_cst_init(&info);
	assert_int_equal(acpi_cst_scan(a.b, a.n, &info), ACPI_OK);
	assert_int_equal(info.cst_packages, 2);
	assert_int_equal(info.count, 2);
	assert_int_equal(acpi_format_cstates(&info, buf, sizeof buf), ACPI_OK);
	assert_string_equal(buf, "C1:ffh:0x0:1;C2:io:0x414:400");
}

static void cst_method_is_counted_not_decoded(void **state)
{
	(void)state;
	static struct aml a;
	static struct acpi_cst_info info;
	memset(&a, 0, sizeof a);
	open_pkg(&a, 0x14);
	emit_bytes(&a, "_CST", 4);
	emit(&a, 0x00);             /* flags */
	emit(&a, 0xA4);             /* Return ( */
	emit_bytes(&a, "CSTX", 4);  /* a name we cannot follow ) */
	close_pkg(&a);
	acpi_cst_init(&info);
	assert_int_equal(acpi_cst_scan(a.b, a.n, &info), ACPI_OK);
	assert_int_equal(info.cst_methods, 1);
	assert_int_equal(info.count, 0);
	struct acpi_c2_inputs in = { .cst = &info };
	assert_int_equal(acpi_decide_c2_port(&in).source, ACPI_C2_NONE);
}

static void cst_package_with_a_reference_is_undecoded_not_guessed(void **state)
{
	(void)state;
	static struct aml a;
	static struct acpi_cst_info info;
	memset(&a, 0, sizeof a);
	emit(&a, 0x08); emit_bytes(&a, "_CST", 4);
	open_pkg(&a, 0x12);
	emit(&a, 3);
	emit(&a, 0x0A); emit(&a, 2);
	cst_entry(&a, ACPI_SPACE_SYSTEM_IO, 0x414, 2, 400);
	emit_bytes(&a, "C2PK", 4);  /* second entry is a named reference */
	close_pkg(&a);
	acpi_cst_init(&info);
	assert_int_equal(acpi_cst_scan(a.b, a.n, &info), ACPI_OK);
	assert_int_equal(info.cst_undecoded, 1);
	assert_int_equal(info.cst_packages, 0);
	assert_int_equal(info.count, 0); /* the good first entry is not used alone */
}

static void cst_truncated_package_is_not_read_past_the_end(void **state)
{
	(void)state;
	static struct aml a;
	static struct acpi_cst_info info;
	memset(&a, 0, sizeof a);
	cst_name(&a, 0x414);
	for (size_t cut = 1; cut < a.n; cut++) {
		/* Copy to an exact-size heap block so ASan sees any overread. */
		uint8_t *p = malloc(cut);
		memcpy(p, a.b, cut);
		acpi_cst_init(&info);
		assert_int_equal(acpi_cst_scan(p, cut, &info), ACPI_OK);
		assert_int_equal(info.count, 0);
		free(p);
	}
}

static void processor_op_pblk_is_read(void **state)
{
	(void)state;
	static struct aml a;
	static struct acpi_cst_info info;
	memset(&a, 0, sizeof a);
	for (int i = 0; i < 3; i++) {
		emit(&a, 0x5B);
		open_pkg(&a, 0x83);
		emit_bytes(&a, i == 0 ? "C000" : i == 1 ? "C001" : "C002", 4);
		emit(&a, (uint8_t)i);
		uint8_t pblk[4];
		put32(pblk, i == 0 ? 0 : 0x810);
		emit_bytes(&a, pblk, 4);
		emit(&a, i == 0 ? 0 : 6);
		close_pkg(&a);
	}
	acpi_cst_init(&info);
	assert_int_equal(acpi_cst_scan(a.b, a.n, &info), ACPI_OK);
	assert_int_equal(info.processors, 3);
	assert_int_equal(info.pblk_nonzero, 2);
	assert_int_equal(info.pblk_address, 0x810);
	assert_int_equal(info.pblk_length, 6);
}

static void cst_more_distinct_states_than_capacity_is_an_error(void **state)
{
	(void)state;
	static struct aml a;
	static struct acpi_cst_info info;
	memset(&a, 0, sizeof a);
	for (int i = 0; i <= ACPI_MAX_CSTATES; i++)
		cst_name(&a, (uint16_t)(0x400 + i));
	acpi_cst_init(&info);
	assert_int_equal(acpi_cst_scan(a.b, a.n, &info), ACPI_ERR_TOO_MANY_CSTATES);
}

/* ---- C2 decision ------------------------------------------------------- */

/* Every rule of acpi_c2.c, each with the input that makes it decide: the
 * order is Linux's (processor_idle.c): c2port=, then any _CST, then P_BLK as
 * the FADT allows; CStateBaseAddr + 1 only for a _CST C2 that is no port. */
static void c2_decision_follows_linux_rules_in_order(void **state)
{
	(void)state;
	static struct acpi_cst_info cst_io, cst_ffh_c2, cst_c1_only, methods, pblk, pblk_short, pblk_7;
	acpi_cst_init(&cst_io);
	cst_io.cst_packages = 1;
	cst_io.count = 2;
	cst_io.states[0] = (struct acpi_cstate){ .type = 1, .space = ACPI_SPACE_FFIXEDHW, .address = 0 };
	cst_io.states[1] = (struct acpi_cstate){ .type = 2, .space = ACPI_SPACE_SYSTEM_IO, .address = 0x414, .latency_us = 400 };
	cst_io.pblk_address = 0x810;
	cst_io.pblk_length = 6;
	cst_ffh_c2 = cst_io; /* Intel-style: C2 by MWAIT hint 0x10 */
	cst_ffh_c2.states[1] = (struct acpi_cstate){ .type = 2, .space = ACPI_SPACE_FFIXEDHW, .address = 0x10 };
	cst_c1_only = cst_io;
	cst_c1_only.count = 1;
	acpi_cst_init(&methods);
	methods.cst_methods = 4;
	methods.pblk_address = 0x410;
	methods.pblk_length = 6;
	acpi_cst_init(&pblk);
	pblk.pblk_address = 0x810;
	pblk.pblk_length = 6;
	pblk_short = pblk;
	pblk_short.pblk_length = 4; /* no P_LVL2 byte */
	pblk_7 = pblk;
	pblk_7.pblk_length = 7;     /* Linux: "Invalid PBLK length [7]" */

	/* P_LVL2_UP set / clear; latency 100 (allowed) / 101 (C2 not supported). */
	static const struct acpi_fadt_info mp_ok = { .flags = ACPI_FADT_P_LVL2_UP, .p_lvl2_lat = 100 };
	static const struct acpi_fadt_info up_only = { .flags = 0, .p_lvl2_lat = 1 };
	static const struct acpi_fadt_info too_slow = { .flags = ACPI_FADT_P_LVL2_UP, .p_lvl2_lat = 101 };

	static const struct {
		struct acpi_c2_inputs in;
		const char *rule;
		enum acpi_c2_source source;
		uint16_t port;
		enum acpi_c2_msr_check msr;
	} cases[] = {
		{ { .cmdline_present = true, .cmdline_port = 0x999, .cst = &cst_io, .fadt = &mp_ok, .enabled_cpus = 2,
		    .msr_present = true, .msr_cstate_base = 0x998 }, "cmdline", ACPI_C2_CMDLINE, 0x999, ACPI_C2_MSR_AGREES },
		{ { .cst = &cst_io, .fadt = &up_only, .enabled_cpus = 2, .msr_present = true, .msr_cstate_base = 0x813 },
		  "cst_io", ACPI_C2_CST, 0x414, ACPI_C2_MSR_DIFFERS },
		{ { .cst = &cst_io, .fadt = &too_slow, .enabled_cpus = 2 }, "cst_io", ACPI_C2_CST, 0x414, ACPI_C2_MSR_NOT_READ },
		{ { .cst = &cst_ffh_c2, .fadt = &mp_ok, .enabled_cpus = 2, .msr_present = true, .msr_cstate_base = 0xABCD0413 },
		  "cst_c2_msr", ACPI_C2_MSR, 0x414, ACPI_C2_MSR_IS_PORT },
		{ { .cst = &cst_ffh_c2, .fadt = &mp_ok, .enabled_cpus = 2 }, "cst_no_c2", ACPI_C2_NONE, 0, ACPI_C2_MSR_NOT_READ },
		{ { .cst = &cst_c1_only, .fadt = &mp_ok, .enabled_cpus = 2, .msr_present = true, .msr_cstate_base = 0x413 },
		  "cst_no_c2", ACPI_C2_NONE, 0, ACPI_C2_MSR_NO_PORT },
		{ { .cst = &methods, .fadt = &mp_ok, .enabled_cpus = 2, .msr_present = true, .msr_cstate_base = 0x413 },
		  "cst_not_decoded", ACPI_C2_NONE, 0, ACPI_C2_MSR_NO_PORT },
		{ { .cst = &pblk, .fadt = &mp_ok, .enabled_cpus = 8 }, "fadt_pblk", ACPI_C2_PBLK, 0x814, ACPI_C2_MSR_NOT_READ },
		{ { .cst = &pblk, .fadt = &up_only, .enabled_cpus = 1 }, "fadt_pblk", ACPI_C2_PBLK, 0x814, ACPI_C2_MSR_NOT_READ },
		{ { .cst = &pblk, .fadt = &up_only, .enabled_cpus = 2 }, "fadt_up_only", ACPI_C2_NONE, 0, ACPI_C2_MSR_NOT_READ },
		{ { .cst = &pblk, .fadt = &up_only, .enabled_cpus = 0 }, "fadt_up_only", ACPI_C2_NONE, 0, ACPI_C2_MSR_NOT_READ },
		{ { .cst = &pblk, .fadt = &too_slow, .enabled_cpus = 1 }, "fadt_latency", ACPI_C2_NONE, 0, ACPI_C2_MSR_NOT_READ },
		{ { .cst = &pblk, .fadt = NULL, .enabled_cpus = 1 }, "no_fadt", ACPI_C2_NONE, 0, ACPI_C2_MSR_NOT_READ },
		{ { .cst = &pblk, .fadt = &mp_ok, .enabled_cpus = 2, .msr_present = true, .msr_cstate_base = 0 },
		  "fadt_pblk", ACPI_C2_PBLK, 0x814, ACPI_C2_MSR_NO_BASE },
		{ { .cst = &pblk_short, .fadt = &mp_ok, .enabled_cpus = 1 }, "no_pblk", ACPI_C2_NONE, 0, ACPI_C2_MSR_NOT_READ },
		{ { .cst = &pblk_7, .fadt = &mp_ok, .enabled_cpus = 1 }, "no_pblk", ACPI_C2_NONE, 0, ACPI_C2_MSR_NOT_READ },
		/* No _CST, no P_BLK: CStateBaseAddr alone is not where Linux goes. */
		{ { .cst = &pblk_short, .fadt = &mp_ok, .enabled_cpus = 2, .msr_present = true, .msr_cstate_base = 0x413 },
		  "no_pblk", ACPI_C2_NONE, 0, ACPI_C2_MSR_NO_PORT },
		{ { .cst = NULL, .msr_present = true, .msr_cstate_base = 0x413 }, "no_pblk", ACPI_C2_NONE, 0, ACPI_C2_MSR_NO_PORT },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct acpi_c2_decision d = acpi_decide_c2_port(&cases[i].in);
		if (strcmp(acpi_c2_rule_name(d.rule), cases[i].rule) || d.source != cases[i].source ||
		    d.port != cases[i].port || d.msr_check != cases[i].msr)
			fail_msg("case %zu: rule %s source %s port 0x%x msr %s; expected %s %s 0x%x %s", i,
				 acpi_c2_rule_name(d.rule), acpi_c2_source_name(d.source), d.port,
				 acpi_c2_msr_check_name(d.msr_check), cases[i].rule, acpi_c2_source_name(cases[i].source),
				 cases[i].port, acpi_c2_msr_check_name(cases[i].msr));
	}
	assert_string_equal(acpi_c2_source_name(ACPI_C2_CST), "_CST");
	assert_string_equal(acpi_c2_source_name(ACPI_C2_CMDLINE), "cmdline");
	assert_string_equal(acpi_c2_source_name(ACPI_C2_MSR), "msr");
	assert_string_equal(acpi_c2_source_name(ACPI_C2_PBLK), "pblk");
	assert_string_equal(acpi_c2_source_name(ACPI_C2_NONE), "none");
}

static void format_reports_small_buffer_instead_of_truncating(void **state)
{
	(void)state;
	static struct acpi_madt_info m;
	char buf[8];
	m.cpu_count = 3;
	m.apic_ids[0] = 0; m.apic_ids[1] = 100; m.apic_ids[2] = 1000;
	assert_int_equal(acpi_format_apic_ids(&m, buf, sizeof buf), ACPI_ERR_BUFFER_TOO_SMALL);
	assert_string_equal(buf, "");
	char big[16];
	assert_int_equal(acpi_format_apic_ids(&m, big, sizeof big), ACPI_OK);
	assert_string_equal(big, "0,100,1000");
	struct acpi_c2_decision none = { .source = ACPI_C2_NONE }, io = { .source = ACPI_C2_CST, .port = 0x814 };
	assert_int_equal(acpi_format_c2_port(&none, buf, sizeof buf), ACPI_OK);
	assert_string_equal(buf, "none");
	assert_int_equal(acpi_format_c2_port(&io, buf, sizeof buf), ACPI_OK);
	assert_string_equal(buf, "0x814");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(table_check_rejects_bad_checksum),
		cmocka_unit_test(table_check_rejects_lying_lengths),
		cmocka_unit_test(table_check_rejects_wrong_or_garbage_signature_accepts_asf),
		cmocka_unit_test(table_set_records_bad_table_by_name_and_skips_it),
		cmocka_unit_test(madt_truncated_entry_is_an_error_with_offset),
		cmocka_unit_test(madt_zero_length_entry_stops_instead_of_looping),
		cmocka_unit_test(madt_lapic_entry_shorter_than_its_type_is_rejected),
		cmocka_unit_test(madt_same_apic_id_in_type0_and_type9_counts_once),
		cmocka_unit_test(madt_disabled_entry_with_apic_id_0_is_not_cpu0),
		cmocka_unit_test(madt_online_capable_is_not_an_enabled_cpu),
		cmocka_unit_test(madt_lapic_address_override_wins),
		cmocka_unit_test(madt_more_cpus_than_capacity_is_an_error),
		cmocka_unit_test(rsdp_scan_finds_aligned_valid_rsdp_only),
		cmocka_unit_test(walk_falls_back_to_rsdt_when_xsdt_is_outside_memory),
		cmocka_unit_test(walk_never_follows_a_bad_fadt_and_bounds_lying_lengths),
		cmocka_unit_test(walk_rejects_bad_rsdp),
		cmocka_unit_test(fadt_prefers_x_pm_timer_and_x_dsdt),
		cmocka_unit_test(cst_name_package_decodes_and_dedups_across_scopes),
		cmocka_unit_test(cst_method_is_counted_not_decoded),
		cmocka_unit_test(cst_package_with_a_reference_is_undecoded_not_guessed),
		cmocka_unit_test(cst_truncated_package_is_not_read_past_the_end),
		cmocka_unit_test(processor_op_pblk_is_read),
		cmocka_unit_test(cst_more_distinct_states_than_capacity_is_an_error),
		cmocka_unit_test(c2_decision_follows_linux_rules_in_order),
		cmocka_unit_test(format_reports_small_buffer_instead_of_truncating),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
