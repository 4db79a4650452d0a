/* The ACPI parsers on real machines' tables (tests/fixtures/acpi/, linuxhw
 * collection, CC BY 4.0). Every expected value below was read from ACPICA's
 * disassembly (acpica-tools 20200925: `acpixtract -a`, `iasl -d`), not from
 * our parser; the comment on each field says which disassembly line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "platform/acpi/acpi_c2.h"
#include "platform/acpi/acpi_format.h"
#include "platform/acpi/acpi_rsdp.h"
#include "platform/acpi/acpi_summary.h"
#include "platform/acpi/acpi_tables.h"
#include "tools/cli/acpidump_text.h"

struct expect {
	const char *file;
	/* apic.dsl: entries of type 00/09 with "Processor Enabled : 1", IDs
	 * from "Local Apic ID"/"Processor x2Apic ID" (hex there, decimal here). */
	size_t cpus;
	const char *apic_ids;
	uint32_t processor_entries, disabled_entries;
	/* dsdt.dsl/ssdt*.dsl: `Name (_CST, Package` bodies: Register(space, width,
	 * offset, address), then type, latency; `Method (_CST` count. */
	const char *cstates;
	uint32_t cst_packages, cst_methods;
	/* `Processor (Name, ID, PblkAddress, PblkLength)` lines. */
	uint32_t processors, pblk_nonzero, pblk_address;
	uint8_t pblk_length;
	/* Derived by hand from the above with Linux's rule (acpi_c2.c): a static
	 * _CST's SystemIO C2; no P_BLK when any _CST exists; P_BLK + 4 only when
	 * P_LVL2_LAT <= 100 and (one CPU or "C2 works on MP system" = 1). */
	const char *c2_port, *c2_source, *c2_rule;
	/* facp.dsl: "PM Timer Block" GAS Address, "C2 Latency", "C2 works on MP
	 * system (V1)"; hpet.dsl "Address". */
	uint16_t pm_timer_port, p_lvl2_lat;
	bool c2_mp;
	uint64_t hpet_base;
};

static const struct expect zenplus = {
	"tests/fixtures/acpi/amd-zenplus-asrock-b450m-pro4.txt",
	12, "0,1,2,3,4,5,8,9,10,11,12,13", 32, 20,
	/* ssdt1.dsl: C1 FFixedHW 2/2 addr 0 lat 1; C2 SystemIO 8/0 0x414 lat 0x190 */
	"C1:ffh:0x0:1;C2:io:0x414:400", 12, 0,
	12, 12, 0x810, 6, /* Processor (C000, 0x00, 0x00000810, 0x06) ... C00B */
	"0x414", "_CST", "cst_io", 0x808, 101, false, 0xFED00000,
};
static const struct expect zen2_no_cst = {
	"tests/fixtures/acpi/amd-zen2-asrock-b550m-pro4-no-cst.txt",
	12, "0,1,2,3,4,5,6,7,8,9,10,11", 32, 20,
	"", 0, 0, /* no _CST anywhere */
	0, 0, 0, 0, /* processors are Device (ACPI0007), no Processor() */
	"none", "none", "no_pblk", 0x808, 101, false, 0xFED00000,
};
static const struct expect zenbook = {
	"tests/fixtures/acpi/amd-laptop-asus-zenbook-ux562.txt",
	16, "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", 16, 0,
	/* ssdt8.dsl: C2 SystemIO 0x414 latency 0x12, C3 SystemIO 0x415 latency 0x15E */
	"C1:ffh:0x0:1;C2:io:0x414:18;C3:io:0x415:350", 16, 0,
	0, 0, 0, 0,
	"0x414", "_CST", "cst_io", 0x808, 101, true, 0xFED00000,
};
static const struct expect threadripper = {
	"tests/fixtures/acpi/amd-threadripper-asrock-x399-taichi.txt",
	32, "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31", 128, 96,
	"C1:ffh:0x0:1;C2:io:0x814:400", 32, 0, /* ssdt1.dsl */
	32, 32, 0x810, 6,
	"0x814", "_CST", "cst_io", 0x808, 100, true, 0xFED00000,
};
static const struct expect opteron = {
	"tests/fixtures/acpi/amd-opteron-supermicro-h8qg6.txt",
	64,
	"32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,"
	"96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,128,129,130,131,132,133,134,135,136,137,"
	"138,139,140,141,142,143",
	64, 0,
	"", 0, 0,
	64, 1, 0x810, 6, /* Processor (P001, 0x01, 0x00000810, 0x06); P002.. have 0, 0 */
	/* 64 CPUs, "C2 works on MP system (V1) : 0" (and C2 Latency 0x65 = 101):
	 * Linux never enters P_LVL2 here. */
	"none", "none", "fadt_up_only", 0x808, 101, false, 0xFED00000,
};
static const struct expect framework = {
	"tests/fixtures/acpi/intel-hybrid-framework-laptop13-x2apic-only.txt",
	22, "0,2,4,6,8,10,12,14,16,17,24,25,32,33,40,41,48,49,56,57,64,66", 48, 26,
	"", 0, 64, /* ssdt13.dsl: 63 x Method (_CST, 0, NotSerialized); ssdt23.dsl: 1 Serialized */
	0, 0, 0, 0,
	"none", "none", "cst_not_decoded", 0x1808, 101, false, 0xFED00000,
};
static const struct expect x299 = {
	"tests/fixtures/acpi/intel-x299-evga-micro-lapic-and-x2apic.txt",
	20, "0,1,2,3,4,5,6,7,8,9,16,17,18,19,20,21,22,23,24,25", 112, 92,
	"", 0, 0,
	56, 56, 0x1810, 6, /* Processor (CP00, 0x00, 0x00001810, 0x06) ... */
	/* 20 CPUs, C2 works on MP system 0, C2 Latency 0x65: no C2. */
	"none", "none", "fadt_up_only", 0x1808, 101, false, 0xFED00000,
};
static const struct expect xeon = {
	"tests/fixtures/acpi/intel-xeon-supermicro-x10dai.txt",
	40, "0,1,2,3,4,5,6,7,8,9,16,17,18,19,20,21,22,23,24,25,32,33,34,35,36,37,38,39,40,41,48,49,50,51,52,53,54,55,56,57",
	40, 0,
	"", 0, 192, /* ssdt3.dsl: 192 x Method (_CST, 0, NotSerialized) */
	192, 192, 0x410, 6, /* Processor (CP00, 0x00, 0x00000410, 0x06) ... */
	/* The _CST methods, not P_BLK, are what Linux uses (and the FADT would
	 * refuse P_BLK anyway: C2 works on MP system 0, C2 Latency 0x65). */
	"none", "none", "cst_not_decoded", 0x408, 101, false, 0xFED00000,
};

static void check_fixture(const struct expect *e)
{
	struct acpidump dump;
	struct acpidump_error err;
	static struct acpi_table_set set;
	static struct acpi_summary s;
	static char buf[ACPI_APIC_IDS_TEXT_MAX];

	int rc = acpidump_read_path(e->file, ACPIDUMP_STRICT, &dump, &err);
	if (rc)
		fail_msg("%s: %s (line %u)", e->file, err.text, err.line);
	acpi_tables_init(&set);
	for (size_t i = 0; i < dump.count; i++) {
		if (!strcmp(dump.tables[i].name, "RSDP"))
			continue;
		/* Every table of these real dumps passes signature/length/checksum. */
		assert_int_equal(acpi_tables_add(&set, dump.tables[i].data, dump.tables[i].len, 0), ACPI_OK);
	}
	assert_int_equal(acpi_tables_bad_count(&set), 0);
	acpi_summarize(&set, &s);
	assert_int_equal(s.madt_status, ACPI_OK);
	assert_int_equal(s.fadt_status, ACPI_OK);
	assert_int_equal(s.hpet_status, ACPI_OK);
	assert_int_equal(s.cst_status, ACPI_OK);

	assert_int_equal(s.madt.cpu_count, e->cpus);
	assert_int_equal(acpi_format_apic_ids(&s.madt, buf, sizeof buf), ACPI_OK);
	assert_string_equal(buf, e->apic_ids);
	assert_int_equal(s.madt.processor_entries, e->processor_entries);
	assert_int_equal(s.madt.disabled_entries, e->disabled_entries);

	assert_int_equal(acpi_format_cstates(&s.cst, buf, sizeof buf), ACPI_OK);
	assert_string_equal(buf, e->cstates);
	assert_int_equal(s.cst.cst_packages, e->cst_packages);
	assert_int_equal(s.cst.cst_undecoded, 0);
	assert_int_equal(s.cst.cst_methods, e->cst_methods);
	assert_int_equal(s.cst.processors, e->processors);
	assert_int_equal(s.cst.pblk_nonzero, e->pblk_nonzero);
	assert_int_equal(s.cst.pblk_address, e->pblk_address);
	assert_int_equal(s.cst.pblk_length, e->pblk_length);

	struct acpi_c2_inputs in = { .cst = &s.cst, .fadt = &s.fadt, .enabled_cpus = s.madt.cpu_count };
	struct acpi_c2_decision c2 = acpi_decide_c2_port(&in);
	assert_int_equal(acpi_format_c2_port(&c2, buf, sizeof buf), ACPI_OK);
	assert_string_equal(buf, e->c2_port);
	assert_string_equal(acpi_c2_source_name(c2.source), e->c2_source);
	assert_string_equal(acpi_c2_rule_name(c2.rule), e->c2_rule);
	assert_int_equal(c2.msr_check, ACPI_C2_MSR_NOT_READ);

	assert_int_equal(s.fadt.pm_timer_port, e->pm_timer_port);
	assert_int_equal(s.fadt.p_lvl2_lat, e->p_lvl2_lat);
	assert_int_equal((s.fadt.flags & ACPI_FADT_P_LVL2_UP) != 0, e->c2_mp);
	assert_int_equal(s.hpet.base, e->hpet_base);
	acpidump_free(&dump);
}

static void zenplus_12_cpus_with_apic_gap_and_cst_c2_0x414(void **state) { (void)state; check_fixture(&zenplus); }
static void zen2_without_cst_or_pblk_has_no_c2_port(void **state) { (void)state; check_fixture(&zen2_no_cst); }
static void zenbook_c2_and_c3_by_io_port(void **state) { (void)state; check_fixture(&zenbook); }
static void threadripper_32_of_128_entries_c2_0x814(void **state) { (void)state; check_fixture(&threadripper); }
static void opteron_64_cpus_pblk_refused_by_fadt_up_only_flag(void **state) { (void)state; check_fixture(&opteron); }
static void framework_x2apic_only_and_cst_methods_not_decoded(void **state) { (void)state; check_fixture(&framework); }
static void x299_disabled_x2apic_entries_ignored_pblk_refused_by_fadt(void **state) { (void)state; check_fixture(&x299); }
static void xeon_40_cpus_cst_methods_mean_no_pblk_c2(void **state) { (void)state; check_fixture(&xeon); }

/* The fixture's tables summarized, every table accepted. */
static void load_summary(const char *file, struct acpi_summary *s)
{
	struct acpidump dump;
	struct acpidump_error err;
	static struct acpi_table_set set;

	if (acpidump_read_path(file, ACPIDUMP_STRICT, &dump, &err))
		fail_msg("%s: %s (line %u)", file, err.text, err.line);
	acpi_tables_init(&set);
	for (size_t i = 0; i < dump.count; i++)
		if (strcmp(dump.tables[i].name, "RSDP"))
			assert_int_equal(acpi_tables_add(&set, dump.tables[i].data, dump.tables[i].len, 0), ACPI_OK);
	acpi_summarize(&set, s);
	acpidump_free(&dump);
}

/* The four machines where the kernel used to pick a port Linux never enters
 * (P_BLK refused by the FADT, or CStateBaseAddr + 1 with no _CST at all):
 * with the MSR values these CPUs report (the firmware's own _CST on the
 * sister boards puts C2 at 0x414 / 0x814, i.e. base 0x413 / 0x813), and on
 * the AMD ones as on real hardware, every one must give none. */
static void four_machines_linux_keeps_in_c1_give_no_c2_port(void **state)
{
	(void)state;
	static struct acpi_summary s;
	static const struct {
		const char *file;
		bool amd;
		uint64_t msr;
		const char *rule;
	} machines[] = {
		{ "tests/fixtures/acpi/amd-opteron-supermicro-h8qg6.txt", true, 0x813, "fadt_up_only" },
		{ "tests/fixtures/acpi/intel-x299-evga-micro-lapic-and-x2apic.txt", false, 0, "fadt_up_only" },
		{ "tests/fixtures/acpi/intel-xeon-supermicro-x10dai.txt", false, 0, "cst_not_decoded" },
		{ "tests/fixtures/acpi/amd-zen2-asrock-b550m-pro4-no-cst.txt", true, 0x413, "no_pblk" },
	};
	for (size_t i = 0; i < sizeof machines / sizeof machines[0]; i++) {
		load_summary(machines[i].file, &s);
		struct acpi_c2_inputs in = { .cst = &s.cst, .fadt = &s.fadt, .enabled_cpus = s.madt.cpu_count,
					     .msr_present = machines[i].amd, .msr_cstate_base = machines[i].msr };
		struct acpi_c2_decision c2 = acpi_decide_c2_port(&in);
		if (c2.source != ACPI_C2_NONE)
			fail_msg("%s: C2 port 0x%x from %s, Linux would use none", machines[i].file, c2.port,
				 acpi_c2_source_name(c2.source));
		assert_string_equal(acpi_c2_rule_name(c2.rule), machines[i].rule);
		assert_int_equal(c2.msr_check, machines[i].amd ? ACPI_C2_MSR_NO_PORT : ACPI_C2_MSR_NOT_READ);
	}
}

/* CStateBaseAddr cross-checks a _CST port; it never replaces it. */
static void msr_cross_checks_the_cst_port_of_real_firmware(void **state)
{
	(void)state;
	static struct acpi_summary s;
	load_summary("tests/fixtures/acpi/amd-threadripper-asrock-x399-taichi.txt", &s);
	struct acpi_c2_inputs in = { .cst = &s.cst, .fadt = &s.fadt, .enabled_cpus = s.madt.cpu_count,
				     .msr_present = true, .msr_cstate_base = 0x813 };
	struct acpi_c2_decision c2 = acpi_decide_c2_port(&in);
	assert_int_equal(c2.source, ACPI_C2_CST);
	assert_int_equal(c2.port, 0x814);
	assert_int_equal(c2.msr_check, ACPI_C2_MSR_AGREES);
	in.msr_cstate_base = 0x413;
	c2 = acpi_decide_c2_port(&in);
	assert_int_equal(c2.port, 0x814);
	assert_int_equal(c2.msr_port, 0x414);
	assert_string_equal(acpi_c2_msr_check_name(c2.msr_check), "differs");
}

/* The walk from a real RSDP: QEMU 7.2 SeaBIOS memory slices with the SSDT
 * from tests/qemu/acpi/cst-c2-0x414.asl (see the fixture README). Expected
 * values from `iasl -d` of the same tables: ACPI 1.0 RSDP at 0xF59D0, RSDT
 * with FACP, APIC, HPET, WAET, SSDT; four Processor Local APIC entries with
 * IDs 0-3; DSDT Processor (C000, 0x00, 0x00000000, 0x00) x4. */
struct region { uint64_t phys; uint8_t *data; size_t len; };
static struct region qemu_regions[2];

static const void *map_regions(void *ctx, uint64_t phys, uint64_t len)
{
	struct region *r = ctx;
	for (int i = 0; i < 2; i++)
		if (phys >= r[i].phys && phys - r[i].phys <= r[i].len && len <= r[i].len - (phys - r[i].phys))
			return r[i].data + (phys - r[i].phys);
	return NULL;
}

static uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	uint8_t *d = malloc(1 << 16);
	*len = fread(d, 1, 1 << 16, f);
	fclose(f);
	return d;
}

static void qemu_walk_from_bios_rsdp_finds_ssdt_cst(void **state)
{
	(void)state;
	static struct acpi_table_set set;
	static struct acpi_summary s;
	char buf[256];

	qemu_regions[0].phys = 0xF5000;
	qemu_regions[0].data = slurp("tests/fixtures/acpi/qemu72-pc-cst-ssdt/bios-f5000.bin", &qemu_regions[0].len);
	qemu_regions[1].phys = 0x1FE0000;
	qemu_regions[1].data = slurp("tests/fixtures/acpi/qemu72-pc-cst-ssdt/tables-1fe0000.bin", &qemu_regions[1].len);
	uint64_t rsdp = acpi_find_rsdp(qemu_regions[0].data, qemu_regions[0].phys, qemu_regions[0].len);
	assert_int_equal(rsdp, 0xF59D0);

	struct acpi_mem mem = { map_regions, qemu_regions };
	acpi_tables_init(&set);
	assert_int_equal(acpi_tables_load(&set, &mem, rsdp), ACPI_OK);
	assert_false(set.root_is_xsdt);
	assert_int_equal(set.rsdp_revision, 0);
	const char *order[] = { "RSDT", "FACP", "DSDT", "APIC", "HPET", "WAET", "SSDT" };
	assert_int_equal(set.count, 7);
	for (size_t i = 0; i < 7; i++) {
		assert_string_equal(set.tables[i].signature, order[i]);
		assert_int_equal(set.tables[i].status, ACPI_OK);
	}
	acpi_summarize(&set, &s);
	assert_int_equal(acpi_format_apic_ids(&s.madt, buf, sizeof buf), ACPI_OK);
	assert_string_equal(buf, "0,1,2,3");
	assert_int_equal(acpi_format_cstates(&s.cst, buf, sizeof buf), ACPI_OK);
	assert_string_equal(buf, "C1:ffh:0x0:1;C2:io:0x414:400");
	assert_int_equal(s.cst.cst_packages, 2); /* C000 and C001 scopes */
	assert_int_equal(s.cst.processors, 4);
	assert_int_equal(s.cst.pblk_nonzero, 0);
	struct acpi_c2_inputs in = { .cst = &s.cst, .fadt = &s.fadt, .enabled_cpus = s.madt.cpu_count };
	struct acpi_c2_decision c2 = acpi_decide_c2_port(&in);
	assert_int_equal(c2.source, ACPI_C2_CST);
	assert_int_equal(c2.port, 0x414);
	assert_int_equal(s.fadt.pm_timer_port, 0x608); /* facp.dsl PM Timer Block Address : 00000608 */
	free(qemu_regions[0].data);
	free(qemu_regions[1].data);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(zenplus_12_cpus_with_apic_gap_and_cst_c2_0x414),
		cmocka_unit_test(zen2_without_cst_or_pblk_has_no_c2_port),
		cmocka_unit_test(zenbook_c2_and_c3_by_io_port),
		cmocka_unit_test(threadripper_32_of_128_entries_c2_0x814),
		cmocka_unit_test(opteron_64_cpus_pblk_refused_by_fadt_up_only_flag),
		cmocka_unit_test(framework_x2apic_only_and_cst_methods_not_decoded),
		cmocka_unit_test(x299_disabled_x2apic_entries_ignored_pblk_refused_by_fadt),
		cmocka_unit_test(xeon_40_cpus_cst_methods_mean_no_pblk_c2),
		cmocka_unit_test(four_machines_linux_keeps_in_c1_give_no_c2_port),
		cmocka_unit_test(msr_cross_checks_the_cst_port_of_real_firmware),
		cmocka_unit_test(qemu_walk_from_bios_rsdp_finds_ssdt_cst),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
