/* Building the table set: the RSDP/XSDT/RSDT walk (ACPI 6.5 §5.2.5-§5.2.8)
 * and the by-content path used for dumps. */
#include "platform/acpi/acpi_tables.h"
#include "platform/acpi/acpi_rsdp.h"
#include "platform/acpi/acpi_table.h"
#include "lib/mem.h"

/* FADT field offsets (ACPI 6.5 Table 5.9). */
#define FADT_DSDT 40    /* 32-bit DSDT address */
#define FADT_X_DSDT 140 /* 64-bit X_DSDT, present when Length >= 148 */

void acpi_tables_init(struct acpi_table_set *set)
{
	memset(set, 0, sizeof *set);
}

static struct acpi_table *new_entry(struct acpi_table_set *set, const uint8_t *sig, uint64_t phys)
{
	if (set->count >= ACPI_MAX_TABLES) {
		set->overflow = true;
		return NULL;
	}
	struct acpi_table *t = &set->tables[set->count++];
	memset(t, 0, sizeof *t);
	memcpy(t->signature, "????", 4);
	/* Keep the name printable even when the bytes are not a signature. */
	if (sig)
		for (int i = 0; i < 4; i++)
			t->signature[i] = (sig[i] >= 0x20 && sig[i] < 0x7f) ? (char)sig[i] : '?';
	t->phys = phys;
	return t;
}

static enum acpi_err record(struct acpi_table_set *set, const uint8_t *data, uint64_t avail,
			    uint64_t phys, const char *expected_sig)
{
	struct acpi_table *t = new_entry(set, avail >= 4 ? data : NULL, phys);
	if (!t)
		return ACPI_ERR_TOO_MANY_TABLES;
	t->status = acpi_table_check(data, avail, expected_sig);
	if (avail >= 8)
		t->length = acpi_le32(data + 4);
	if (t->status == ACPI_OK)
		t->data = data;
	return t->status;
}

enum acpi_err acpi_tables_add(struct acpi_table_set *set, const uint8_t *data, uint64_t avail, uint64_t phys)
{
	return record(set, data, avail, phys, NULL);
}

static bool already_loaded(const struct acpi_table_set *set, uint64_t phys)
{
	for (size_t i = 0; i < set->count; i++)
		if (set->tables[i].phys == phys)
			return true;
	return false;
}

/* Map the header to learn the length, bound it, then map the whole table.
 * An unmappable header is recorded as unreadable; a length past the limit
 * is never mapped. */
static enum acpi_err load_one(struct acpi_table_set *set, const struct acpi_mem *mem, uint64_t phys,
			      const char *expected_sig, const uint8_t **out)
{
	*out = NULL;
	const uint8_t *hdr = phys ? mem->map(mem->ctx, phys, ACPI_HEADER_LEN) : NULL;
	if (!hdr) {
		struct acpi_table *t = new_entry(set, (const uint8_t *)expected_sig, phys);
		if (!t)
			return ACPI_ERR_TOO_MANY_TABLES;
		t->status = ACPI_ERR_NOT_MAPPED;
		return t->status;
	}
	uint32_t len = acpi_le32(hdr + 4);
	const uint8_t *whole = NULL;
	if (len >= ACPI_HEADER_LEN && len <= ACPI_MAX_TABLE_LEN)
		whole = mem->map(mem->ctx, phys, len);
	if (!whole && len >= ACPI_HEADER_LEN && len <= ACPI_MAX_TABLE_LEN) {
		/* The header is there but the body is not: a length that lies. */
		struct acpi_table *t = new_entry(set, hdr, phys);
		if (!t)
			return ACPI_ERR_TOO_MANY_TABLES;
		t->length = len;
		t->status = ACPI_ERR_NOT_MAPPED;
		return t->status;
	}
	enum acpi_err err = record(set, whole ? whole : hdr, whole ? len : ACPI_HEADER_LEN, phys, expected_sig);
	if (err == ACPI_OK)
		*out = whole;
	return err;
}

/* The FADT's DSDT pointer: X_DSDT when the table has it and it is non-zero
 * (§5.2.9: X_DSDT supersedes DSDT), else the 32-bit field. */
static uint64_t fadt_dsdt_address(const uint8_t *fadt)
{
	uint32_t len = acpi_le32(fadt + 4);
	if (len >= FADT_X_DSDT + 8) {
		uint64_t x = acpi_le64(fadt + FADT_X_DSDT);
		if (x)
			return x;
	}
	return len >= FADT_DSDT + 4 ? acpi_le32(fadt + FADT_DSDT) : 0;
}

static void load_listed(struct acpi_table_set *set, const struct acpi_mem *mem, const uint8_t *root, unsigned entry_size)
{
	uint32_t n = (acpi_le32(root + 4) - ACPI_HEADER_LEN) / entry_size;

	for (uint32_t i = 0; i < n; i++) {
		const uint8_t *e = root + ACPI_HEADER_LEN + i * entry_size;
		uint64_t phys = entry_size == 8 ? acpi_le64(e) : acpi_le32(e);
		if (phys && already_loaded(set, phys))
			continue;
		const uint8_t *table;
		if (load_one(set, mem, phys, NULL, &table) != ACPI_OK || memcmp(table, "FACP", 4))
			continue;
		uint64_t dsdt = fadt_dsdt_address(table);
		if (dsdt && !already_loaded(set, dsdt))
			load_one(set, mem, dsdt, "DSDT", &table);
	}
}

enum acpi_err acpi_tables_load(struct acpi_table_set *set, const struct acpi_mem *mem, uint64_t rsdp_phys)
{
	struct acpi_rsdp_info rsdp;
	const uint8_t *p = rsdp_phys ? mem->map(mem->ctx, rsdp_phys, ACPI_RSDP_V1_LEN) : NULL;
	if (!p)
		return rsdp_phys ? ACPI_ERR_NOT_MAPPED : ACPI_ERR_NO_RSDP;
	enum acpi_err err = acpi_rsdp_check(p, ACPI_RSDP_V1_LEN, &rsdp);
	if (err == ACPI_ERR_HEADER_PAST_END) {
		/* Revision >= 2: map the Length the RSDP declares (bounded). */
		uint32_t len = acpi_le32(p + 20);
		if (len < ACPI_RSDP_V2_LEN || len > ACPI_RSDP_MAX_LEN)
			return ACPI_ERR_RSDP_LENGTH;
		p = mem->map(mem->ctx, rsdp_phys, len);
		if (!p)
			return ACPI_ERR_NOT_MAPPED;
		err = acpi_rsdp_check(p, len, &rsdp);
	}
	if (err != ACPI_OK)
		return err;
	set->rsdp_revision = rsdp.revision;

	const uint8_t *root = NULL;
	if (rsdp.xsdt && load_one(set, mem, rsdp.xsdt, "XSDT", &root) == ACPI_OK) {
		set->root_is_xsdt = true;
		load_listed(set, mem, root, 8);
		return ACPI_OK;
	}
	if (rsdp.rsdt && load_one(set, mem, rsdp.rsdt, "RSDT", &root) == ACPI_OK) {
		load_listed(set, mem, root, 4);
		return ACPI_OK;
	}
	return ACPI_ERR_NO_ROOT_TABLE;
}

const struct acpi_table *acpi_tables_find(const struct acpi_table_set *set, const char *signature, size_t n)
{
	for (size_t i = 0; i < set->count; i++) {
		const struct acpi_table *t = &set->tables[i];
		if (t->status == ACPI_OK && !memcmp(t->signature, signature, 4) && n-- == 0)
			return t;
	}
	return NULL;
}

size_t acpi_tables_bad_count(const struct acpi_table_set *set)
{
	size_t bad = 0;

	for (size_t i = 0; i < set->count; i++)
		bad += set->tables[i].status != ACPI_OK;
	return bad;
}
