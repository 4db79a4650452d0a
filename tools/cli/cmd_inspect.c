/* `idlebench inspect FILE|DIR`: what idlebench would learn from a machine's
 * ACPI tables, before booting it. Reads a Linux `acpidump` text file (or a
 * directory of binary *.dat tables), runs the kernel's own parsers
 * (platform/acpi/) and prints the ACPI metadata keys as key=value lines, with
 * human-readable details on lines starting with "# ".
 *
 * Input comes from users' machines, so by default whatever is not understood
 * is skipped, counted and named on "# skipped" lines: lines between tables,
 * a table whose bytes are broken, a table that fails the kernel's checks
 * (signature, length, checksum: the kernel skips it too), a table whose
 * contents do not parse (its keys are left empty). `--strict` rejects the
 * dump at the first of these instead.
 *
 * A file that holds no table at all (random bytes, some other text, an empty
 * file, a directory without *.dat files) is not a dump to read leniently:
 * it is the wrong file, and printing c2_port=none for it, or echoing its
 * lines as "# skipped", would pass it off as a machine without C2.
 *
 * Exit status: 0 ok; 1 a file that cannot be read, no ACPI table in the
 * input (a result CSV, say), or (--strict) malformed input, with one line on
 * stderr naming the table and offset; 2 usage. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/acpi/acpi_c2.h"
#include "platform/acpi/acpi_format.h"
#include "platform/acpi/acpi_rsdp.h"
#include "platform/acpi/acpi_summary.h"
#include "platform/acpi/acpi_tables.h"
#include "tools/cli/acpidump_text.h"
#include "tools/common/cli_options.h"
#include "tools/common/commands.h"

/* The input rejected: 1, as every command exits on input it rejects (2 is usage only). */
#define EXIT_MALFORMED 1

enum { OPT_STRICT, OPT_LENIENT };
/* src with every byte outside printable ASCII as '?': a skipped line or a
 * garbage table's "signature" is the input's own bytes, and raw bytes
 * (escape sequences) never reach the terminal. */
static void printable(char *dst, const char *src, size_t size)
{
	size_t i = 0;
	for (; src[i] && i + 1 < size; i++)
		dst[i] = src[i] >= 0x20 && src[i] < 0x7f ? src[i] : '?';
	dst[i] = '\0';
}

/* Whether a dropped table at least had an ACPI signature (four of A-Z, 0-9,
 * '_' or '!', as ACPI 6.5 section 5.2.6 and the OEM tables use): a dump whose
 * tables are all broken is still a dump; files of random bytes are not. */
static bool any_signature(const struct acpidump *d)
{
	for (size_t i = 0; i < d->skip_count; i++) {
		const char *s = d->skips[i].table;
		if (d->skips[i].is_line || strlen(s) != 4)
			continue;
		bool ok = true;
		for (size_t j = 0; j < 4; j++)
			ok &= (s[j] >= 'A' && s[j] <= 'Z') || (s[j] >= '0' && s[j] <= '9') || s[j] == '_' || s[j] == '!';
		if (ok)
			return true;
	}
	return false;
}

static const struct cli_option options[] = {
	[OPT_STRICT] = { "strict", 0, NULL, "reject the dump (exit 1) at the first thing that would be skipped" },
	[OPT_LENIENT] = { "lenient", 0, NULL, "accepted for old scripts; lenient reading is the default" },
	{ NULL, 0, NULL, NULL },
};
static const struct cli_command inspect_cli = {
	"inspect", "FILE|DIR",
	"  FILE: Linux `acpidump` text output; DIR: binary *.dat tables (acpixtract -a)\n"
	"  Lines, tables and table contents that cannot be used are skipped and listed\n"
	"  on \"# skipped\" lines (the kernel skips the same tables).\n",
	"Exit: 0 ok; 1 a file that cannot be read, no ACPI table in the input, or (--strict) malformed\n"
	"input; 2 usage.\n", options,
	CLI_DASHDASH_ENDS_OPTIONS,
};

/* Where a table came from, for error lines: "line N" or the .dat file. */
static void describe(const struct acpidump_table *d, char *buf, size_t cap)
{
	if (d->file[0])
		snprintf(buf, cap, "file %s", d->file);
	else
		snprintf(buf, cap, "line %u", d->line);
}

/* One line, the same for every kind of wrong file; nothing of its bytes. */
static int no_table(const char *path)
{
	fprintf(stderr, "idlebench inspect: %s holds no ACPI table: is this acpidump output? (a FILE must hold "
		"\"XXXX @ 0x...\" table sections, a DIR binary *.dat tables)\n", path);
	return EXIT_MALFORMED;
}

static int malformed(const char *path, const char *table, const char *where, size_t offset, const char *why)
{
	fprintf(stderr, "idlebench inspect: %s: table %s (%s, offset 0x%zx): %s\n", path, table, where, offset, why);
	return EXIT_MALFORMED;
}

/* Check every dumped table into the set. A table that fails its checks stays
 * in the set with its status (never parsed); strict rejects the dump at the
 * first. dump_index[i] maps set entry i back to the dump. */
static int build_set(const char *path, const struct acpidump *dump, bool strict, struct acpi_table_set *set,
		     size_t *dump_index, enum acpi_err *rsdp_status, const struct acpidump_table **rsdp,
		     size_t *not_added)
{
	char where[96];

	acpi_tables_init(set);
	*not_added = 0;
	for (size_t i = 0; i < dump->count; i++) {
		const struct acpidump_table *d = &dump->tables[i];
		describe(d, where, sizeof where);
		if (!strcmp(d->name, "RSDP")) {
			/* Printed for completeness; its addresses are not followed. */
			enum acpi_err err = acpi_rsdp_check(d->data, d->len, NULL);
			if (err != ACPI_OK && strict)
				return malformed(path, "RSDP", where, 0, acpi_strerror(err));
			*rsdp_status = err;
			*rsdp = d;
			continue;
		}
		size_t slot = set->count;
		enum acpi_err err = acpi_tables_add(set, d->data, d->len, 0);
		if (err == ACPI_ERR_TOO_MANY_TABLES) {
			if (strict)
				return malformed(path, d->name, where, 0, acpi_strerror(err));
			(*not_added)++;
			continue;
		}
		dump_index[slot] = i;
		if (err != ACPI_OK && strict)
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

/* Everything left out, one "# skipped" line each after a count line. */
static void print_skipped(const struct acpidump *dump, const struct acpi_table_set *set, const size_t *dump_index,
			  const struct acpi_summary *s, enum acpi_err rsdp_status, const struct acpidump_table *rsdp,
			  size_t not_added)
{
	char where[96];
	unsigned tables = dump->tables_dropped + (unsigned)acpi_tables_bad_count(set) + (unsigned)not_added +
			  (rsdp_status != ACPI_OK && rsdp_status != ACPI_ERR_NOT_FOUND);
	unsigned contents = (s->madt_status != ACPI_OK && s->madt_status != ACPI_ERR_NOT_FOUND) +
			    (s->fadt_status != ACPI_OK && s->fadt_status != ACPI_ERR_NOT_FOUND) +
			    (s->hpet_status != ACPI_OK && s->hpet_status != ACPI_ERR_NOT_FOUND) +
			    (s->cst_status != ACPI_OK);
	if (!tables && !contents && !dump->lines_skipped && dump->count) {
		printf("# skipped: nothing\n");
		return;
	}
	printf("# skipped: %u table(s), %u table content(s), %u line(s) not understood%s\n", tables, contents,
	       dump->lines_skipped, dump->count ? "" : "; none of its tables could be used");
	for (size_t i = 0; i < dump->skip_count; i++) {
		const struct acpidump_skip *k = &dump->skips[i];
		char table[sizeof k->table], file[sizeof k->file], why[sizeof k->why];
		printable(table, k->table, sizeof table);
		printable(file, k->file, sizeof file);
		printable(why, k->why, sizeof why);
		if (k->is_line)
			printf("# skipped line %u: %s\n", k->line, why);
		else if (k->file[0])
			printf("# skipped table %s (file %s): %s\n", table, file, why);
		else
			printf("# skipped table %s (line %u): %s\n", table, k->line, why);
	}
	if (dump->lines_skipped > ACPIDUMP_LINES_LISTED)
		printf("# skipped: %u more line(s) not understood\n", dump->lines_skipped - ACPIDUMP_LINES_LISTED);
	if (rsdp_status != ACPI_OK && rsdp_status != ACPI_ERR_NOT_FOUND) {
		describe(rsdp, where, sizeof where);
		printf("# skipped table RSDP (%s): %s\n", where, acpi_strerror(rsdp_status));
	}
	for (size_t i = 0; i < set->count; i++) {
		const struct acpi_table *t = &set->tables[i];
		if (t->status == ACPI_OK)
			continue;
		describe(&dump->tables[dump_index[i]], where, sizeof where);
		printf("# skipped table %s (%s): %s\n", t->signature, where, acpi_strerror(t->status));
	}
	if (not_added)
		printf("# skipped: %zu table(s) past the first %d\n", not_added, ACPI_MAX_TABLES);
	const struct acpi_table *t;
	if (s->madt_status != ACPI_OK && s->madt_status != ACPI_ERR_NOT_FOUND && (t = acpi_tables_find(set, "APIC", 0))) {
		describe(&dump->tables[dump_index[t - set->tables]], where, sizeof where);
		printf("# skipped contents of APIC (%s, offset 0x%x): %s\n", where, s->madt.error_offset,
		       acpi_strerror(s->madt_status));
	}
	if (s->fadt_status != ACPI_OK && s->fadt_status != ACPI_ERR_NOT_FOUND && (t = acpi_tables_find(set, "FACP", 0))) {
		describe(&dump->tables[dump_index[t - set->tables]], where, sizeof where);
		printf("# skipped contents of FACP (%s): %s\n", where, acpi_strerror(s->fadt_status));
	}
	if (s->hpet_status != ACPI_OK && s->hpet_status != ACPI_ERR_NOT_FOUND && (t = acpi_tables_find(set, "HPET", 0))) {
		describe(&dump->tables[dump_index[t - set->tables]], where, sizeof where);
		printf("# skipped contents of HPET (%s): %s\n", where, acpi_strerror(s->hpet_status));
	}
	if (s->cst_status != ACPI_OK) {
		t = &set->tables[s->cst_error_table];
		describe(&dump->tables[dump_index[s->cst_error_table]], where, sizeof where);
		printf("# skipped C-states of %s (%s): %s (C-state keys come from the tables before it)\n",
		       t->signature, where, acpi_strerror(s->cst_status));
	}
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

/* A parse error that --strict turns into exit 1: name the table and offset. */
static int strict_content_error(const char *path, const struct acpidump *dump, const struct acpi_table_set *set,
				const size_t *dump_index, const struct acpi_summary *s)
{
	char where[96];
	const struct acpi_table *t;
	if (s->madt_status != ACPI_OK && s->madt_status != ACPI_ERR_NOT_FOUND) {
		t = acpi_tables_find(set, "APIC", 0);
		describe(&dump->tables[dump_index[t - set->tables]], where, sizeof where);
		return malformed(path, "APIC", where, s->madt.error_offset, acpi_strerror(s->madt_status));
	}
	if (s->fadt_status != ACPI_OK && s->fadt_status != ACPI_ERR_NOT_FOUND) {
		t = acpi_tables_find(set, "FACP", 0);
		describe(&dump->tables[dump_index[t - set->tables]], where, sizeof where);
		return malformed(path, "FACP", where, 0, acpi_strerror(s->fadt_status));
	}
	if (s->hpet_status != ACPI_OK && s->hpet_status != ACPI_ERR_NOT_FOUND) {
		t = acpi_tables_find(set, "HPET", 0);
		describe(&dump->tables[dump_index[t - set->tables]], where, sizeof where);
		return malformed(path, "HPET", where, 0, acpi_strerror(s->hpet_status));
	}
	if (s->cst_status != ACPI_OK) {
		t = &set->tables[s->cst_error_table];
		describe(&dump->tables[dump_index[s->cst_error_table]], where, sizeof where);
		return malformed(path, t->signature, where, 0, acpi_strerror(s->cst_status));
	}
	return 0;
}

static int report(const char *path, bool strict, const struct acpidump *dump, const struct acpi_table_set *set,
		  const size_t *dump_index, enum acpi_err rsdp_status, const struct acpidump_table *rsdp,
		  size_t not_added)
{
	static struct acpi_summary s;
	static char ids[ACPI_APIC_IDS_TEXT_MAX], cstates[ACPI_CSTATES_TEXT_MAX];
	char cpus[24], port[16], source[16];

	acpi_summarize(set, &s);
	/* A table that passed its checks but whose contents do not parse. */
	if (strict) {
		int rc = strict_content_error(path, dump, set, dump_index, &s);
		if (rc)
			return rc;
	}

	/* On the host there is no command line and no MSR: tables alone, with
	 * the kernel's inputs (the FADT and MADT as parsed, or absent). */
	bool madt_ok = s.madt_status == ACPI_OK, fadt_ok = s.fadt_status == ACPI_OK;
	struct acpi_c2_inputs in = { .cst = s.cst_status == ACPI_OK ? &s.cst : NULL, .fadt = fadt_ok ? &s.fadt : NULL,
				     .enabled_cpus = madt_ok ? s.madt.cpu_count : 0 };
	struct acpi_c2_decision c2 = acpi_decide_c2_port(&in);
	static const struct acpi_madt_info empty;
	const struct acpi_madt_info *m = madt_ok ? &s.madt : &empty;
	print_key("acpi_cpus", madt_ok ? acpi_format_cpus(m, cpus, sizeof cpus) : s.madt_status, cpus);
	print_key("acpi_apic_ids", madt_ok ? acpi_format_apic_ids(m, ids, sizeof ids) : s.madt_status, ids);
	print_key("acpi_cstates",
		  s.cst_status == ACPI_OK ? acpi_format_cstates(&s.cst, cstates, sizeof cstates) : s.cst_status, cstates);
	print_key("c2_port", acpi_format_c2_port(&c2, port, sizeof port), port);
	print_key("c2_source", acpi_format_c2_source(&c2, source, sizeof source), source);
	printf("c2_rule=%s\n", acpi_c2_rule_name(c2.rule));
	/* The inputs of the rule, in one line (tests read it). */
	printf("# c2 inputs: enabled CPUs %zu, ", madt_ok ? s.madt.cpu_count : (size_t)0);
	if (fadt_ok)
		printf("P_LVL2_LAT %u us, P_LVL2_UP %u, ", s.fadt.p_lvl2_lat, (s.fadt.flags & ACPI_FADT_P_LVL2_UP) != 0);
	else
		printf("no FADT, ");
	printf("_CST %u packages %u methods, P_BLK 0x%x length %u\n", s.cst.cst_packages, s.cst.cst_methods,
	       s.cst.pblk_address, s.cst.pblk_length);
	printf("# c2: decided from tables alone; on AMD/Hygon the kernel also reads MSR C001_0073 "
	       "(CStateBaseAddr + 1: a cross-check, or the port of a _CST C2 that is not an I/O port)\n");
	if (s.cst.cst_methods)
		printf("# c2: %u _CST methods were not evaluated; the OS may use other C-states than listed\n",
		       s.cst.cst_methods);
	print_skipped(dump, set, dump_index, &s, rsdp_status, rsdp, not_added);
	print_details(set, &s, rsdp_status);
	return 0;
}

int cmd_inspect(int argc, char **argv)
{
	bool strict = false;
	const char *path = NULL;

	struct cli_parser p;
	const char *arg;
	cli_parser_begin(&p, &inspect_cli, argc, argv);
	for (int a; (a = cli_next(&p, &arg)) != CLI_END;) {
		if (a == OPT_STRICT || a == OPT_LENIENT)
			strict = a == OPT_STRICT;
		else if (a != CLI_OPERAND)
			return cli_exit_status(a);
		else if (path)
			return cli_usage_error(&inspect_cli, "one FILE|DIR only ('%s' and '%s')", path, arg);
		else
			path = arg;
	}
	if (!path)
		return cli_usage_error(&inspect_cli, "no acpidump FILE or DIR given");

	struct acpidump dump;
	struct acpidump_error err;
	if (acpidump_read_path(path, strict ? ACPIDUMP_STRICT : ACPIDUMP_LENIENT, &dump, &err)) {
		if (err.unreadable) {
			fprintf(stderr, "idlebench inspect: %s\n", err.text);
			return 1;
		}
		if (err.no_table)
			return no_table(path);
		char where[32];
		snprintf(where, sizeof where, "line %u", err.line);
		return malformed(path, err.table[0] ? err.table : "-", err.line ? where : "file", err.offset, err.text);
	}
	if (dump.count == 0 && !any_signature(&dump)) {
		acpidump_free(&dump);
		return no_table(path);
	}
	static struct acpi_table_set set;
	static size_t dump_index[ACPI_MAX_TABLES];
	enum acpi_err rsdp_status = ACPI_ERR_NOT_FOUND;
	const struct acpidump_table *rsdp = NULL;
	size_t not_added = 0;
	int rc = build_set(path, &dump, strict, &set, dump_index, &rsdp_status, &rsdp, &not_added);
	if (rc == 0)
		rc = report(path, strict, &dump, &set, dump_index, rsdp_status, rsdp, not_added);
	acpidump_free(&dump);
	return rc;
}
