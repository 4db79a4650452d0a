/* `idlebench inspect` on 44 real acpidump files (tests/fixtures/acpi-corpus/,
 * linuxhw/ACPI, CC BY 4.0), compared field by field with ACPICA's own reading
 * of the same tables (truth.jsonl: acpixtract -a, iasl -d; see the README
 * there). Every dump must be read with exit status 0, and every field must
 * agree, except the documented exceptions below, each with its evidence.
 * Prints the agreement figure. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/unit/tools/fd_redirect.h"
#include "tools/common/commands.h"

#define CORPUS "tests/fixtures/acpi-corpus/"
#define MAX_LIST 1024
#define MAX_STATES 16

/* The fields compared, in the order printed. */
enum field { F_CPUS, F_APIC_IDS, F_C2_LAT, F_C2_MP, F_CST_SCOPES, F_CST_METHODS, F_PBLK, F_CST_STATES, F_C2_PORT,
	     F_COUNT };
static const char *const field_name[F_COUNT] = { "cpus_enabled", "apic_ids", "fadt_c2_latency", "fadt_c2_mp",
						 "cst_static_scopes", "cst_methods", "pblk", "cst_states", "c2_port" };

/* Disagreements with ACPICA's truth.jsonl that are not our bugs, each with
 * its evidence (ACPICA 20200925 here: acpixtract -a, iasl -d). */
static const struct {
	const char *dump;
	enum field field;
	const char *why;
} exceptions[] = {
	/* The truth is wrong: this dump has two MADTs; acpixtract names them
	 * apic1.dat and apic2.dat, and the truth's generator, which looked for
	 * apic.dat, counted no CPU. iasl -d of both: "Local Apic ID : 00" and
	 * "01", each "Processor Enabled : 1" (the tables differ only in
	 * checksum and trailing entries). inspect reads the first: 2 CPUs, 0,1. */
	{ "Notebook__Itautec__Infoway__Infoway__401B6B5F36EF.bin.txt", F_CPUS, "two MADTs, truth read none" },
	{ "Notebook__Itautec__Infoway__Infoway__401B6B5F36EF.bin.txt", F_APIC_IDS, "two MADTs, truth read none" },
	/* Same: apic1.dat has one entry, "Local Apic ID : 00", "Processor
	 * Enabled : 1"; apic2.dat has ID 00 enabled and ID 01 with "Processor
	 * Enabled : 0". Both say one CPU, APIC ID 0; the truth says none. */
	{ "Notebook__Acer__Extensa__Extensa_4210__4F660A23E929.bin.txt", F_CPUS, "two MADTs, truth read none" },
	{ "Notebook__Acer__Extensa__Extensa_4210__4F660A23E929.bin.txt", F_APIC_IDS, "two MADTs, truth read none" },
	/* Not a wrong truth but our policy: the 4 Method(_CST) are in SSDT "CST"
	 * (ssdt3.dat), whose checksum is wrong (iasl: "Checksum 0x3F ****
	 * Incorrect checksum, should be 0x1F"; acpidump printed the same
	 * "Firmware Warning" at line 2351). ACPICA only warns and loads it
	 * (ACPI_CHECKSUM_ABORT is FALSE); the kernel keeps ACPI 6.5 §5.2.6
	 * strict and skips the table, and inspect says what the kernel would
	 * see ("# skipped table SSDT (line 2352): checksum mismatch"). The C2
	 * outcome is none either way (methods: not decoded; without them: two
	 * CPUs and the FADT's "C2 works on MP system" 0). */
	{ "All_In_One__Dell__Inspiron__Inspiron_One_2310__5F83FBD970E4.bin.txt", F_CST_METHODS,
	  "kernel skips the bad-checksum SSDT that holds them" },
};

/* Dumps that hold no table at all: linuxhw stored these two as 0-byte files
 * (the truth's fields are all empty for them). inspect refuses them (exit 2,
 * one line) like any other file without a table, so they are checked for
 * that, not compared field by field. */
static const char *const no_table_dumps[] = {
	"Notebook__HUAWEI__VGHH-XX__VGHH-XX__C240C437A0AD.bin.txt",
	"Desktop__Lenovo__ThinkStation__ThinkStation_P520_30BFS44D00__0F7D6AB70F4C.bin.txt",
};

static bool holds_no_table(const char *dump)
{
	for (size_t i = 0; i < sizeof no_table_dumps / sizeof no_table_dumps[0]; i++)
		if (!strcmp(no_table_dumps[i], dump))
			return true;
	return false;
}

static bool is_exception(const char *dump, enum field f)
{
	for (size_t i = 0; i < sizeof exceptions / sizeof exceptions[0]; i++)
		if (exceptions[i].dump && !strcmp(exceptions[i].dump, dump) && exceptions[i].field == f)
			return true;
	return false;
}

/* ---- the truth: one flat JSON object per line ---------------------------- */

/* The text after `"key": `, or NULL. */
static const char *json_value(const char *line, const char *key)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\": ", key);
	const char *p = strstr(line, pat);
	return p ? p + strlen(pat) : NULL;
}

/* An integer or null (-1). */
static long json_int(const char *line, const char *key)
{
	const char *v = json_value(line, key);
	assert_non_null(v);
	if (!strncmp(v, "null", 4))
		return -1;
	return strtol(v, NULL, 10);
}

static void json_string(const char *line, const char *key, char *out, size_t cap)
{
	const char *v = json_value(line, key);
	assert_non_null(v);
	assert_int_equal(*v, '"');
	const char *end = strchr(v + 1, '"');
	assert_non_null(end);
	snprintf(out, cap, "%.*s", (int)(end - v - 1), v + 1);
}

/* A flat array of integers; returns the count. */
static size_t json_int_array(const char *line, const char *key, long *out, size_t cap)
{
	const char *v = json_value(line, key);
	assert_non_null(v);
	assert_int_equal(*v, '[');
	size_t n = 0;
	for (v++; *v != ']';) {
		char *end;
		long x = strtol(v, &end, 10);
		assert_true(end != v && n < cap);
		out[n++] = x;
		v = end;
		while (*v == ',' || *v == ' ')
			v++;
	}
	return n;
}

struct cstate { long type, address, latency; char space[16]; };

/* "cst_states": [[2, "SystemIO", 1044, 400], ...] */
static size_t json_cstates(const char *line, struct cstate *out, size_t cap)
{
	const char *v = json_value(line, "cst_states");
	assert_non_null(v);
	size_t n = 0;
	for (const char *p = strchr(v, '['); p && *++p == '[';) {
		assert_true(n < cap);
		struct cstate *c = &out[n++];
		char *end;
		c->type = strtol(p + 1, &end, 10);
		const char *q = strchr(end, '"');
		const char *q2 = strchr(q + 1, '"');
		snprintf(c->space, sizeof c->space, "%.*s", (int)(q2 - q - 1), q + 1);
		c->address = strtol(q2 + 2, &end, 10);
		c->latency = strtol(end + 1, &end, 10);
		p = strchr(end, ']') + 1;
		if (*p != ',')
			break;
		p++; /* the space before the next '[' */
	}
	return n;
}

static int cstate_cmp(const void *a, const void *b)
{
	const struct cstate *x = a, *y = b;
	if (x->type != y->type)
		return x->type < y->type ? -1 : 1;
	return x->address < y->address ? -1 : x->address > y->address;
}

/* The truth's states in inspect's acpi_cstates format (sorted like it). */
static void format_truth_cstates(struct cstate *s, size_t n, char *out, size_t cap)
{
	size_t k = 0;
	out[0] = '\0';
	qsort(s, n, sizeof *s, cstate_cmp);
	for (size_t i = 0; i < n; i++) {
		const char *space = !strcmp(s[i].space, "SystemIO") ? "io" : !strcmp(s[i].space, "FFixedHW") ? "ffh"
				  : !strcmp(s[i].space, "SystemMemory")                               ? "mem"
														    : "other";
		k += (size_t)snprintf(out + k, cap - k, "%sC%ld:%s:0x%lx:%ld", i ? ";" : "", s[i].type, space,
				      s[i].address, s[i].latency);
	}
}

/* Linux's C2 port from the truth's fields (the corpus README's rule, which
 * is acpi_processor_get_power_info_cst/_fadt): a static _CST decides; a
 * _CST method cannot be decided from tables, and rules P_BLK out ("none");
 * else P_BLK + 4 when P_LVL2_LAT <= 100 and (one CPU or the MP flag). */
static void truth_c2_port(const struct cstate *s, size_t ns, long scopes, long methods, const long *pblk, size_t npblk,
			  long lat, long mp, long cpus, char *out, size_t cap)
{
	snprintf(out, cap, "none");
	if (scopes > 0) {
		for (size_t i = 0; i < ns; i++)
			if (s[i].type == 2 && !strcmp(s[i].space, "SystemIO") && s[i].address) {
				snprintf(out, cap, "0x%lx", s[i].address); /* sorted: the lowest */
				return;
			}
		return;
	}
	if (methods > 0 || !npblk || lat < 0 || lat > 100)
		return;
	if (cpus == 1 || mp == 1)
		snprintf(out, cap, "0x%lx", pblk[0] + 4);
}

/* ---- what inspect printed ---------------------------------------------- */

/* The value of `key=` on its own line, or NULL. */
static const char *key_value(const char *out, const char *key, char *buf, size_t cap)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\n%s=", key);
	const char *p = strstr(out, pat);
	if (!p)
		return NULL;
	p += strlen(pat);
	const char *end = strchr(p, '\n');
	snprintf(buf, cap, "%.*s", (int)(end ? end - p : (long)strlen(p)), p);
	return buf;
}

/* ---- the comparison ------------------------------------------------------ */

struct tally { unsigned agree, disagree, excepted, dumps, dumps_all_agree, dumps_no_table; };

/* Counts one field; true only when it agrees. */
static bool compare(struct tally *t, const char *dump, enum field f, bool equal, const char *ours, const char *truth)
{
	if (equal) {
		t->agree++;
		return true;
	}
	if (is_exception(dump, f)) {
		t->excepted++;
		printf("# exception %s %s: inspect %s, ACPICA %s\n", dump, field_name[f], ours, truth);
		return false;
	}
	t->disagree++;
	printf("# DISAGREE %s %s: inspect %s, ACPICA %s\n", dump, field_name[f], ours, truth);
	return false;
}

static void check_dump(const char *line, struct tally *t)
{
	static struct command_output o;
	static char out[sizeof o.out + 1];
	char dump[256], path[512], buf[8192], want[8192];
	static long ids[MAX_LIST], pblk[MAX_LIST];
	struct cstate states[MAX_STATES];

	json_string(line, "dump", dump, sizeof dump);
	snprintf(path, sizeof path, CORPUS "%s", dump);
	char *argv[] = { "inspect", path, NULL };
	run_command(cmd_inspect, 2, argv, NULL, &o);
	if (holds_no_table(dump)) {
		long none[1];
		assert_int_equal(json_int(line, "cpus_enabled"), 0);
		assert_int_equal(json_int(line, "fadt_c2_latency"), -1);
		assert_int_equal(json_int(line, "cst_static_scopes") + json_int(line, "cst_methods"), 0);
		assert_int_equal(json_int_array(line, "pblk", none, 1), 0);
		assert_int_equal(o.status, 1);
		assert_non_null(strstr(o.err, "holds no ACPI table: is this acpidump output?"));
		assert_string_equal(o.out, "");
		t->dumps++;
		t->dumps_no_table++;
		return;
	}
	if (o.status != 0)
		fail_msg("%s: inspect exited %d: %s", dump, o.status, o.err);
	snprintf(out, sizeof out, "\n%s", o.out);
	t->dumps++;
	bool all = true;

	/* cpus_enabled, apic_ids: the acpi_cpus and acpi_apic_ids keys. */
	long cpus = json_int(line, "cpus_enabled");
	const char *v = key_value(out, "acpi_cpus", buf, sizeof buf);
	snprintf(want, sizeof want, "%ld", cpus);
	/* No MADT: inspect leaves acpi_cpus empty; ACPICA counts 0. */
	all &= compare(t, dump, F_CPUS, v && (!strcmp(v, want) || (cpus == 0 && !*v)), v ? v : "(missing)", want);
	size_t nids = json_int_array(line, "apic_ids", ids, MAX_LIST);
	size_t k = 0;
	want[0] = '\0';
	for (size_t i = 0; i < nids; i++)
		k += (size_t)snprintf(want + k, sizeof want - k, "%s%ld", i ? "," : "", ids[i]);
	v = key_value(out, "acpi_apic_ids", buf, sizeof buf);
	all &= compare(t, dump, F_APIC_IDS, v && !strcmp(v, want), v ? v : "(missing)", want);

	/* FADT, _CST counts and P_BLK: the "# c2 inputs:" line. */
	size_t ncpu_line = 0;
	unsigned lat = 0, mp = 0, packages = 0, methods = 0, pblk_addr = 0, pblk_len = 0;
	bool fadt = false;
	const char *in = strstr(out, "\n# c2 inputs: ");
	assert_non_null(in);
	if (sscanf(in, "\n# c2 inputs: enabled CPUs %zu, P_LVL2_LAT %u us, P_LVL2_UP %u, _CST %u packages %u methods, "
		       "P_BLK 0x%x length %u",
		   &ncpu_line, &lat, &mp, &packages, &methods, &pblk_addr, &pblk_len) == 7)
		fadt = true;
	else
		assert_int_equal(sscanf(in, "\n# c2 inputs: enabled CPUs %zu, no FADT, _CST %u packages %u methods, "
					    "P_BLK 0x%x length %u",
					&ncpu_line, &packages, &methods, &pblk_addr, &pblk_len),
				 5);
	char ours[64];
	long tlat = json_int(line, "fadt_c2_latency"), tmp = json_int(line, "fadt_c2_mp");
	snprintf(ours, sizeof ours, fadt ? "%u" : "no FADT", lat);
	snprintf(want, sizeof want, tlat < 0 ? "null" : "%ld", tlat);
	all &= compare(t, dump, F_C2_LAT, fadt ? (long)lat == tlat : tlat < 0, ours, want);
	snprintf(ours, sizeof ours, fadt ? "%u" : "no FADT", mp);
	snprintf(want, sizeof want, tmp < 0 ? "null" : "%ld", tmp);
	all &= compare(t, dump, F_C2_MP, fadt ? (long)mp == tmp : tmp < 0, ours, want);
	long scopes = json_int(line, "cst_static_scopes"), tmethods = json_int(line, "cst_methods");
	snprintf(ours, sizeof ours, "%u", packages);
	snprintf(want, sizeof want, "%ld", scopes);
	all &= compare(t, dump, F_CST_SCOPES, (long)packages == scopes, ours, want);
	snprintf(ours, sizeof ours, "%u", methods);
	snprintf(want, sizeof want, "%ld", tmethods);
	all &= compare(t, dump, F_CST_METHODS, (long)methods == tmethods, ours, want);
	/* The truth lists P_BLK addresses of length >= 6; inspect the first
	 * non-zero one: it must be one of them, and absent when they are. */
	size_t npblk = json_int_array(line, "pblk", pblk, MAX_LIST);
	bool ours_has = pblk_addr && pblk_len >= 6, in_truth = false;
	for (size_t i = 0; i < npblk; i++)
		in_truth |= (unsigned long)pblk[i] == pblk_addr;
	snprintf(ours, sizeof ours, "0x%x/%u", pblk_addr, pblk_len);
	k = 0;
	want[0] = '\0';
	for (size_t i = 0; i < npblk; i++)
		k += (size_t)snprintf(want + k, sizeof want - k, "%s0x%lx", i ? "," : "", pblk[i]);
	all &= compare(t, dump, F_PBLK, ours_has ? in_truth : npblk == 0, ours, npblk ? want : "none");

	/* Static _CST states: the acpi_cstates key. */
	size_t ns = json_cstates(line, states, MAX_STATES);
	format_truth_cstates(states, ns, want, sizeof want);
	v = key_value(out, "acpi_cstates", buf, sizeof buf);
	all &= compare(t, dump, F_CST_STATES, v && !strcmp(v, want), v ? v : "(missing)", want);

	/* The C2 port by Linux's rule. */
	truth_c2_port(states, ns, scopes, tmethods, pblk, npblk, tlat, tmp, cpus, want, sizeof want);
	v = key_value(out, "c2_port", buf, sizeof buf);
	all &= compare(t, dump, F_C2_PORT, v && !strcmp(v, want), v ? v : "(missing)", want);

	/* A dump that needed skipping says so. */
	assert_non_null(strstr(out, "\n# skipped"));
	t->dumps_all_agree += all;
}

static void inspect_agrees_with_acpica_on_44_real_dumps(void **state)
{
	(void)state;
	size_t len;
	char *truth = read_whole_file(CORPUS "truth.jsonl", &len);
	assert_non_null(truth);
	struct tally t = { 0 };
	for (char *line = strtok(truth, "\n"); line; line = strtok(NULL, "\n"))
		check_dump(line, &t);
	free(truth);
	unsigned total = t.agree + t.disagree + t.excepted;
	printf("# inspect vs ACPICA: %u/%u fields agree (%.1f %%), %u documented exceptions, %u disagree; "
	       "%u/%u dumps agree on every field, %u hold no table (refused)\n",
	       t.agree, total, total ? 100.0 * t.agree / total : 0.0, t.excepted, t.disagree, t.dumps_all_agree,
	       t.dumps - t.dumps_no_table, t.dumps_no_table);
	assert_int_equal(t.dumps, 44);
	assert_int_equal(t.dumps_no_table, sizeof no_table_dumps / sizeof no_table_dumps[0]);
	assert_int_equal(t.disagree, 0);
	/* An exception that no longer happens is stale: remove it. */
	assert_int_equal(t.excepted, sizeof exceptions / sizeof exceptions[0]);
}

/* The shapes that made inspect exit 2 before, each in a real dump: a table
 * named ASF!, "Firmware Warning" lines between tables. They are read (exit
 * 0) and what was left out is named. An empty file holds no table: exit 2. */
static void real_dump_oddities_are_read_and_named(void **state)
{
	(void)state;
	static struct command_output o;
	char *asf[] = { "inspect", CORPUS "Notebook__Lenovo__ThinkPad__ThinkPad_X230_2324F43__10A5FED6D643.bin.txt", NULL };
	run_command(cmd_inspect, 2, asf, NULL, &o);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "# table ASF! length "));
	assert_non_null(strstr(o.out, "# skipped: nothing\n"));

	char *warn[] = { "inspect", CORPUS "Desktop__ASRock__ConRoe1333__ConRoe1333-GLAN__7DEFD46B4817.bin.txt", NULL };
	run_command(cmd_inspect, 2, warn, NULL, &o);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "# skipped: 1 table(s), 0 table content(s), 1 line(s) not understood\n"));
	assert_non_null(strstr(o.out, "# skipped line 16: Firmware Warning (ACPI): Incorrect checksum in table [OEMB]"));
	assert_non_null(strstr(o.out, "# skipped table OEMB (line 17): "));
	assert_int_equal(strncmp(o.out, "acpi_cpus=2\n", 12), 0);
	/* --strict keeps the old contract: the first odd line rejects the dump. */
	char *strict[] = { "inspect", "--strict", warn[1], NULL };
	run_command(cmd_inspect, 3, strict, NULL, &o);
	assert_int_equal(o.status, 1);
	assert_non_null(strstr(o.err, "line 16"));

	char *empty[] = { "inspect", CORPUS "Notebook__HUAWEI__VGHH-XX__VGHH-XX__C240C437A0AD.bin.txt", NULL };
	run_command(cmd_inspect, 2, empty, NULL, &o);
	assert_int_equal(o.status, 1);
	assert_non_null(strstr(o.err, "holds no ACPI table: is this acpidump output?"));
	assert_string_equal(o.out, "");
	/* --lenient is still accepted. */
	char *lenient[] = { "inspect", "--lenient", warn[1], NULL };
	run_command(cmd_inspect, 3, lenient, NULL, &o);
	assert_int_equal(o.status, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(inspect_agrees_with_acpica_on_44_real_dumps),
		cmocka_unit_test(real_dump_oddities_are_read_and_named),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
