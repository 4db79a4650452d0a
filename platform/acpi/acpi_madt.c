/* MADT walk (ACPI 6.5 §5.2.12). Subtables are Type, Length, body; we read the
 * three kinds idlebench needs and step over the rest by Length. */
#include "platform/acpi/acpi_madt.h"
#include "platform/acpi/acpi_table.h"
#include "lib/mem.h"

#define MADT_LAPIC_ADDRESS 36 /* 32-bit Local Interrupt Controller Address */
#define MADT_ENTRIES 44       /* first Interrupt Controller Structure */

/* Subtable types (Table 5.21) and the sizes their fields need. */
#define MADT_TYPE_LAPIC 0          /* Processor Local APIC, Table 5.22 */
#define MADT_LAPIC_MIN_LEN 8
#define MADT_TYPE_LAPIC_OVERRIDE 5 /* Local APIC Address Override, Table 5.28 */
#define MADT_OVERRIDE_MIN_LEN 12
#define MADT_TYPE_X2APIC 9         /* Processor Local x2APIC, Table 5.33 */
#define MADT_X2APIC_MIN_LEN 16

/* Local APIC Flags (Table 5.23), shared by type 0 and type 9. */
#define MADT_FLAG_ENABLED 0x1
#define MADT_FLAG_ONLINE_CAPABLE 0x2 /* defined from MADT revision 5 on */
#define MADT_ONLINE_CAPABLE_MIN_REVISION 5

/* Insert id into the ascending list; false when it was already there. */
static enum acpi_err insert_sorted(struct acpi_madt_info *m, uint32_t id, bool *duplicate)
{
	size_t lo = 0, hi = m->cpu_count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m->apic_ids[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	*duplicate = lo < m->cpu_count && m->apic_ids[lo] == id;
	if (*duplicate)
		return ACPI_OK;
	if (m->cpu_count >= ACPI_MAX_CPUS)
		return ACPI_ERR_TOO_MANY_CPUS;
	memmove(&m->apic_ids[lo + 1], &m->apic_ids[lo], (m->cpu_count - lo) * sizeof m->apic_ids[0]);
	m->apic_ids[lo] = id;
	m->cpu_count++;
	return ACPI_OK;
}

static enum acpi_err add_processor(struct acpi_madt_info *m, uint32_t apic_id, uint32_t flags)
{
	m->processor_entries++;
	if (!(flags & MADT_FLAG_ENABLED)) {
		/* Disabled entries (often APIC ID 0 or 0xFF padding) are not CPUs. */
		m->disabled_entries++;
		if (m->revision >= MADT_ONLINE_CAPABLE_MIN_REVISION && (flags & MADT_FLAG_ONLINE_CAPABLE))
			m->online_capable++;
		return ACPI_OK;
	}
	bool duplicate;
	enum acpi_err err = insert_sorted(m, apic_id, &duplicate);
	/* Firmware may list a CPU as type 0 and again as type 9 (§5.2.12.12
	 * allows both for IDs < 255): one CPU. */
	m->duplicate_entries += duplicate;
	return err;
}

enum acpi_err acpi_madt_parse(const uint8_t *table, size_t len, struct acpi_madt_info *out)
{
	memset(out, 0, sizeof *out);
	if (len < MADT_ENTRIES)
		return ACPI_ERR_TABLE_TOO_SHORT;
	out->revision = table[8];
	out->lapic_address = acpi_le32(table + MADT_LAPIC_ADDRESS);

	size_t off = MADT_ENTRIES;
	while (off < len) {
		out->error_offset = (uint32_t)off;
		if (len - off < 2)
			return ACPI_ERR_ENTRY_TRUNCATED;
		uint8_t type = table[off], elen = table[off + 1];
		if (elen < 2)
			return ACPI_ERR_ENTRY_ZERO_LENGTH;
		if (elen > len - off)
			return ACPI_ERR_ENTRY_TRUNCATED;
		const uint8_t *e = table + off;
		enum acpi_err err = ACPI_OK;
		switch (type) {
		case MADT_TYPE_LAPIC:
			if (elen < MADT_LAPIC_MIN_LEN)
				return ACPI_ERR_ENTRY_TOO_SHORT;
			err = add_processor(out, e[3], acpi_le32(e + 4));
			break;
		case MADT_TYPE_X2APIC:
			if (elen < MADT_X2APIC_MIN_LEN)
				return ACPI_ERR_ENTRY_TOO_SHORT;
			err = add_processor(out, acpi_le32(e + 4), acpi_le32(e + 8));
			break;
		case MADT_TYPE_LAPIC_OVERRIDE:
			if (elen < MADT_OVERRIDE_MIN_LEN)
				return ACPI_ERR_ENTRY_TOO_SHORT;
			out->lapic_address = acpi_le64(e + 4);
			break;
		default:
			break;
		}
		if (err != ACPI_OK)
			return err;
		off += elen;
	}
	out->error_offset = 0;
	return ACPI_OK;
}
