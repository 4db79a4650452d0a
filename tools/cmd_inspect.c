/* `idlebench inspect FILE|DIR`: what idlebench would learn from a machine's
 * ACPI tables, before booting it. Reads a Linux `acpidump` text file (or a
 * directory of binary *.dat tables), runs the kernel's own parsers
 * (kernel/acpi/) and prints the ACPI metadata keys as key=value lines, with
 * human-readable details on lines starting with "# ".
 *
 * Exit status: 0 ok; 2 usage or malformed input (one line on stderr naming
 * the table and offset); 1 a file that cannot be read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/acpi/acpi_c2.h"
#include "kernel/acpi/acpi_format.h"
#include "kernel/acpi/acpi_rsdp.h"
#include "kernel/acpi/acpi_summary.h"
#include "kernel/acpi/acpi_tables.h"
#include "tools/acpidump_text.h"
#include "tools/commands.h"

#define EXIT_MALFORMED 2

static int usage(FILE *out, int status)
{
	fprintf(out, "usage: idlebench inspect [--lenient] FILE|DIR\n"
		     "  FILE: Linux `acpidump` text output; DIR: binary *.dat tables (acpixtract -a)\n"
		     "  --lenient: skip tables that fail their checks instead of rejecting the dump\n");
	return status;
}

/* Where a table came from, for error lines: "line N" or the .dat file. */
static void describe(const struct acpidump_table *d, char *buf, size_t cap)
{
	if (d->file[0])
		snprintf(buf, cap, "file %s", d->file);
	else
		snprintf(buf, cap, "line %u", d->line);
}

static int malformed(const char *path, const char *table, const char *where, size_t offset, const char *why)
{
	fprintf(stderr, "inspect: %s: table %s (%s, offset 0x%zx): %s\n", path, table, where, offset, why);
	return EXIT_MALFORMED;
}

/* Check every dumped table into the set; the first failure rejects the dump
 * unless lenient. dump_index[i] maps set entry i back to the dump. */
static int build_set(const char *path, const struct acpidump *dump, bool lenient, struct acpi_table_set *set,
		     size_t *dump_index, enum acpi_err *rsdp_status)
{
	char where[96];

	acpi_tables_init(set);
	for (size_t i = 0; i < dump->count; i++) {
		const struct acpidump_table *d = &dump->tables[i];
		describe(d, where, sizeof where);
		if (!strcmp(d->name, "RSDP")) {
			/* Printed for completeness; its addresses are not followed. */
			enum acpi_err err = acpi_rsdp_check(d->data, d->len, NULL);
			if (err != ACPI_OK && !lenient)
				return malformed(path, "RSDP", where, 0, acpi_strerror(err));
			*rsdp_status = err;
			continue;
		}
		size_t slot = set->count;
		enum acpi_err err = acpi_tables_add(set, d->data, d->len, 0);
		if (err == ACPI_ERR_TOO_MANY_TABLES)
			return malformed(path, d->name, where, 0, acpi_strerror(err));
		dump_index[slot] = i;
		if (err != ACPI_OK && !lenient)
			return malformed(path, d->name, where, 0, acpi_strerror(err));
	}
	return 0;
}

static void print_key(const char *key, enum acpi_err err, const char *value)
{
	if (err != ACPI_OK)
		printf("%s=\n# %s: %s\n", key, key, acpi_strerror(err));
	else
		printf("%s=%s\n", key, value);
}

static void print_details(const struct acpi_table_set *set, const struct acpi_summary *s, enum acpi_err rsdp_status)
{
	const struct acpi_madt_info *m = &s->madt;
	if (s->madt_status == ACPI_OK)
		printf("# madt: revision %u, %u processor entries (%u disabled, %u of those online-capable), "
		       "%u duplicate IDs, local APIC at 0x%llx\n",
		       m->revision, m->processor_entries, m->disabled_entries, m->online_capable,
		       m->duplicate_entries, (unsigned long long)m->lapic_address);
	else
		printf("# madt: %s\n", acpi_strerror(s->madt_status));
	const struct acpi_fadt_info *f = &s->fadt;
	if (s->fadt_status == ACPI_OK) {
		if (f->pm_timer_port)
			printf("# pm timer: port 0x%x (%s, %s)\n", f->pm_timer_port,
			       f->pm_timer_32bit ? "32-bit" : "24-bit", f->pm_timer_from_x ? "X_PM_TMR_BLK" : "PM_TMR_BLK");
		else
			printf("# pm timer: none\n");
		printf("# fadt: revision %u, flags 0x%08x, P_LVL2_LAT %u us, P_LVL3_LAT %u us, DSDT at 0x%llx\n",
		       f->revision, f->flags, f->p_lvl2_lat, f->p_lvl3_lat, (unsigned long long)f->dsdt);
	} else {
		printf("# fadt: %s\n", acpi_strerror(s->fadt_status));
	}
	if (s->hpet_status == ACPI_OK)
		printf("# hpet: base 0x%llx (address space %u)\n", (unsigned long long)s->hpet.base,
		       s->hpet.address_space);
	else
		printf("# hpet: %s\n", acpi_strerror(s->hpet_status));
	const struct acpi_cst_info *c = &s->cst;
	printf("# aml: %u tables scanned; _CST: %u packages decoded, %u undecodable, %u methods (not decoded)\n",
	       s->aml_tables, c->cst_packages, c->cst_undecoded, c->cst_methods);
	if (c->pblk_address)
		printf("# aml: %u Processor() objects, %u with P_BLK; first P_BLK 0x%x length %u\n", c->processors,
		       c->pblk_nonzero, c->pblk_address, c->pblk_length);
	else
		printf("# aml: %u Processor() objects, none with P_BLK\n", c->processors);
	if (rsdp_status != ACPI_ERR_NOT_FOUND)
		printf("# table RSDP %s (its addresses are not followed: tables are taken by content)\n",
		       acpi_strerror(rsdp_status));
	for (size_t i = 0; i < set->count; i++) {
		const struct acpi_table *t = &set->tables[i];
		printf("# table %s length %u %s\n", t->signature, t->length, acpi_strerror(t->status));
	}
}

static int report(const char *path, const struct acpidump *dump, const struct acpi_table_set *set,
		  const size_t *dump_index, enum acpi_err rsdp_status)
{
	static struct acpi_summary s;
	static char ids[ACPI_APIC_IDS_TEXT_MAX], cstates[ACPI_CSTATES_TEXT_MAX];
	char cpus[24], port[16], source[16], where[96];

	acpi_summarize(set, &s);
	/* A table that passed its checks but whose contents do not parse is
	 * malformed input too: name it and the offset inside it. */
	const struct acpi_table *t;
	if (s.madt_status != ACPI_OK && s.madt_status != ACPI_ERR_NOT_FOUND) {
		t = acpi_tables_find(set, "APIC", 0);
		describe(&dump->tables[dump_index[t - set->tables]], where, sizeof where);
		return malformed(path, "APIC", where, s.madt.error_offset, acpi_strerror(s.madt_status));
	}
	if (s.fadt_status != ACPI_OK && s.fadt_status != ACPI_ERR_NOT_FOUND) {
		t = acpi_tables_find(set, "FACP", 0);
		describe(&dump->tables[dump_index[t - set->tables]], where, sizeof where);
		return malformed(path, "FACP", where, 0, acpi_strerror(s.fadt_status));
	}
	if (s.hpet_status != ACPI_OK && s.hpet_status != ACPI_ERR_NOT_FOUND) {
		t = acpi_tables_find(set, "HPET", 0);
		describe(&dump->tables[dump_index[t - set->tables]], where, sizeof where);
		return malformed(path, "HPET", where, 0, acpi_strerror(s.hpet_status));
	}
	if (s.cst_status != ACPI_OK) {
		t = &set->tables[s.cst_error_table];
		describe(&dump->tables[dump_index[s.cst_error_table]], where, sizeof where);
		return malformed(path, t->signature, where, 0, acpi_strerror(s.cst_status));
	}

	/* On the host there is no command line and no MSR: tables alone. */
	struct acpi_c2_inputs in = { .cst = &s.cst };
	struct acpi_c2_decision c2 = acpi_decide_c2_port(&in);
	static const struct acpi_madt_info empty;
	const struct acpi_madt_info *m = s.madt_status == ACPI_OK ? &s.madt : &empty;
	print_key("acpi_cpus", acpi_format_cpus(m, cpus, sizeof cpus), cpus);
	print_key("acpi_apic_ids", acpi_format_apic_ids(m, ids, sizeof ids), ids);
	print_key("acpi_cstates", acpi_format_cstates(&s.cst, cstates, sizeof cstates), cstates);
	print_key("c2_port", acpi_format_c2_port(&c2, port, sizeof port), port);
	print_key("c2_source", acpi_format_c2_source(&c2, source, sizeof source), source);
	printf("# c2: decided from tables alone; on AMD/Hygon the kernel also reads MSR C001_0073, "
	       "which ranks above P_BLK\n");
	if (s.cst.cst_methods)
		printf("# c2: %u _CST methods were not evaluated; the OS may use other C-states than listed\n",
		       s.cst.cst_methods);
	print_details(set, &s, rsdp_status);
	return 0;
}

int cmd_inspect(int argc, char **argv)
{
	bool lenient = false;
	const char *path = NULL;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return usage(stdout, 0);
		if (!strcmp(argv[i], "--lenient"))
			lenient = true;
		else if (!path && argv[i][0] != '-')
			path = argv[i];
		else
			return usage(stderr, 2);
	}
	if (!path)
		return usage(stderr, 2);

	struct acpidump dump;
	struct acpidump_error err;
	if (acpidump_read_path(path, &dump, &err)) {
		if (err.unreadable) {
			fprintf(stderr, "inspect: %s\n", err.text);
			return 1;
		}
		char where[32];
		snprintf(where, sizeof where, "line %u", err.line);
		return malformed(path, err.table[0] ? err.table : "-", err.line ? where : "file", err.offset, err.text);
	}
	static struct acpi_table_set set;
	static size_t dump_index[ACPI_MAX_TABLES];
	enum acpi_err rsdp_status = ACPI_ERR_NOT_FOUND;
	int rc = build_set(path, &dump, lenient, &set, dump_index, &rsdp_status);
	if (rc == 0)
		rc = report(path, &dump, &set, dump_index, rsdp_status);
	acpidump_free(&dump);
	return rc;
}
