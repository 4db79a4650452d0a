/* AMD extended LVTs against a fake APIC register file: the count comes from
 * APIC 400h bits 23:16, masking sets bit 16 and keeps every other bit,
 * restore writes back exactly what was found, a count of 0 writes nothing,
 * a faulting read leaves everything alone, and only AMD/Hygon with CPUID
 * 8000_0001 ECX[3] has the space. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/arch/amd_eilvt.h"

#define NREG (0x540 / 0x10)

struct fake_apic {
	uint32_t reg[NREG];
	bool faults[NREG];
	bool write_faults[NREG];
	unsigned writes;
	uint32_t last_written;
};

static bool fake_rd(void *ctx, uint32_t reg, uint32_t *v)
{
	struct fake_apic *a = ctx;
	assert_true(reg % 0x10 == 0 && reg / 0x10 < NREG);
	*v = a->faults[reg / 0x10] ? 0 : a->reg[reg / 0x10];
	return !a->faults[reg / 0x10];
}

static bool fake_wr(void *ctx, uint32_t reg, uint32_t v)
{
	struct fake_apic *a = ctx;
	assert_true(reg % 0x10 == 0 && reg / 0x10 < NREG);
	/* only the extended LVTs may be written */
	assert_true(reg >= 0x500 && reg <= 0x530);
	if (a->write_faults[reg / 0x10])
		return false;
	a->reg[reg / 0x10] = v;
	a->writes++;
	a->last_written = reg;
	return true;
}

static struct eilvt_io io_of(struct fake_apic *a)
{
	return (struct eilvt_io){ fake_rd, fake_wr, a };
}

/* Firmware's entries: IBS as NMI, thresholding as SMI unmasked, deferred
 * error as fixed vector 0xF4, one already masked. */
static void program(struct fake_apic *a, unsigned count)
{
	memset(a, 0, sizeof *a);
	a->reg[0x400 / 0x10] = (count << 16) | 0x7; /* XLC | ExtApicId, SEOI, IER capable */
	a->reg[0x500 / 0x10] = 0x00000400;          /* NMI (message type 4), unmasked */
	a->reg[0x510 / 0x10] = 0x00000200;          /* SMI (message type 2), unmasked */
	a->reg[0x520 / 0x10] = 0x000000F4;          /* fixed, vector F4h */
	a->reg[0x530 / 0x10] = 0x00010000;          /* masked already */
	a->reg[0x420 / 0x10] = 0xDEADBEEF;          /* beyond the LVTs: must stay */
}

static void test_count_from_efeat_and_mask_keeps_other_bits(void **state)
{
	struct fake_apic a;
	struct eilvt_state st;
	struct eilvt_io io = io_of(&a);
	(void)state;

	program(&a, 3);
	eilvt_save(&st, &io);
	assert_int_equal(st.status, EILVT_SAVED);
	assert_int_equal(st.n, 3);
	assert_int_equal(st.efeat, 0x00030007);
	eilvt_mask(&st, &io);
	assert_true(st.masked);
	assert_int_equal(a.writes, 3);
	assert_int_equal(a.reg[0x500 / 0x10], 0x00010400);
	assert_int_equal(a.reg[0x510 / 0x10], 0x00010200);
	assert_int_equal(a.reg[0x520 / 0x10], 0x000100F4);
	/* the fourth is beyond the count: untouched */
	assert_int_equal(a.reg[0x530 / 0x10], 0x00010000);
	assert_int_equal(a.reg[0x420 / 0x10], 0xDEADBEEF);
}

static void test_restore_writes_back_exactly(void **state)
{
	struct fake_apic a, orig;
	struct eilvt_state st;
	struct eilvt_io io = io_of(&a);
	(void)state;

	program(&a, 4);
	orig = a;
	eilvt_save(&st, &io);
	eilvt_mask(&st, &io);
	for (unsigned i = 0; i < 4; i++)
		assert_true(a.reg[(0x500 + 0x10 * i) / 0x10] & EILVT_MASKED);
	/* the run changes something else in the meantime */
	a.reg[0x500 / 0x10] = 0x12345678;
	eilvt_restore(&st, &io);
	assert_memory_equal(a.reg, orig.reg, sizeof a.reg);
	assert_int_equal(a.writes, 8);
}

static void test_count_zero_does_nothing(void **state)
{
	struct fake_apic a, orig;
	struct eilvt_state st;
	struct eilvt_io io = io_of(&a);
	char meta[160];
	(void)state;

	program(&a, 0);
	orig = a;
	eilvt_save(&st, &io);
	assert_int_equal(st.status, EILVT_SAVED);
	assert_int_equal(st.n, 0);
	eilvt_mask(&st, &io);
	eilvt_restore(&st, &io);
	assert_int_equal(a.writes, 0);
	assert_memory_equal(a.reg, orig.reg, sizeof a.reg);
	eilvt_meta(&st, meta, sizeof meta);
	assert_string_equal(meta, "efeat=0x00000007 count=0 masked=no");
}

static void test_count_above_four_masks_the_four_that_exist(void **state)
{
	struct fake_apic a;
	struct eilvt_state st;
	struct eilvt_io io = io_of(&a);
	(void)state;

	program(&a, 9);
	eilvt_save(&st, &io);
	assert_int_equal(st.n, EILVT_MAX);
	eilvt_mask(&st, &io);
	assert_int_equal(a.writes, EILVT_MAX);
	assert_int_equal(a.last_written, 0x530);
}

static void test_faulting_read_leaves_everything_alone(void **state)
{
	struct fake_apic a, orig;
	struct eilvt_state st;
	struct eilvt_io io = io_of(&a);
	char meta[160];
	(void)state;

	/* x2APIC mode where MSR 840h is not implemented */
	program(&a, 4);
	a.faults[0x400 / 0x10] = true;
	orig = a;
	eilvt_save(&st, &io);
	assert_int_equal(st.status, EILVT_UNREACHABLE);
	eilvt_mask(&st, &io);
	eilvt_restore(&st, &io);
	assert_int_equal(a.writes, 0);
	assert_memory_equal(a.reg, orig.reg, sizeof a.reg);
	eilvt_meta(&st, meta, sizeof meta);
	assert_string_equal(meta, "unreachable (the Extended APIC Feature register (400h) read faulted)");

	/* an entry faults: none is written */
	program(&a, 4);
	a.faults[0x520 / 0x10] = true;
	eilvt_save(&st, &io);
	assert_int_equal(st.status, EILVT_UNREACHABLE);
	eilvt_mask(&st, &io);
	assert_int_equal(a.writes, 0);
}

/* A masking write that faults: the meta does not claim every entry masked. */
static void test_faulting_mask_write_is_said(void **state)
{
	struct fake_apic a;
	struct eilvt_state st;
	struct eilvt_io io = io_of(&a);
	char meta[160];
	(void)state;

	program(&a, 2);
	a.write_faults[0x510 / 0x10] = true;
	eilvt_save(&st, &io);
	eilvt_mask(&st, &io);
	assert_int_equal(a.reg[0x500 / 0x10], 0x00010400);
	eilvt_meta(&st, meta, sizeof meta);
	assert_string_equal(meta, "efeat=0x00020007 count=2 lvt=0x00000400,0x00000200 masked=partly (a write faulted)");
	/* the restore writes back only what the mask changed: the faulting
	 * entry is not written again (on the hand-back a fault would land in the
	 * firmware's IDT) */
	a.writes = 0;
	a.write_faults[0x510 / 0x10] = false;
	a.reg[0x510 / 0x10] = 0x12345678; /* a write to it would show */
	eilvt_restore(&st, &io);
	assert_int_equal(a.writes, 1);
	assert_int_equal(a.reg[0x500 / 0x10], 0x00000400);
	assert_int_equal(a.reg[0x510 / 0x10], 0x12345678);
}

static void test_meta_records_the_raw_values(void **state)
{
	struct fake_apic a;
	struct eilvt_state st;
	struct eilvt_io io = io_of(&a);
	char meta[160];
	(void)state;

	program(&a, 4);
	eilvt_save(&st, &io);
	eilvt_mask(&st, &io);
	eilvt_meta(&st, meta, sizeof meta);
	/* as found, not as masked */
	assert_string_equal(meta, "efeat=0x00040007 count=4 lvt=0x00000400,0x00000200,0x000000f4,0x00010000 masked=yes");
}

static void test_exists_only_on_amd_with_ext_apic_space(void **state)
{
	const char *why = NULL;
	struct eilvt_state st = { .status = EILVT_ABSENT };
	char meta[160];
	(void)state;

	assert_true(eilvt_exists(true, 0x80000020u, EILVT_CPUID_EXTAPIC, &why));
	assert_string_equal(why, "");
	assert_false(eilvt_exists(false, 0x80000008u, EILVT_CPUID_EXTAPIC, &why));
	assert_string_equal(why, "not AMD or Hygon");
	assert_false(eilvt_exists(true, 0x80000000u, EILVT_CPUID_EXTAPIC, &why));
	assert_string_equal(why, "no CPUID leaf 8000_0001");
	/* QEMU's Dhyana and qemu64 models under TCG clear ECX[3] (seen in tests/qemu) */
	assert_false(eilvt_exists(true, 0x8000001Fu, ~EILVT_CPUID_EXTAPIC, &why));
	assert_string_equal(why, "CPUID 8000_0001 ECX[3] ExtApicSpace clear");
	st.why = why;
	eilvt_meta(&st, meta, sizeof meta);
	assert_string_equal(meta, "none (CPUID 8000_0001 ECX[3] ExtApicSpace clear)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_count_from_efeat_and_mask_keeps_other_bits),
		cmocka_unit_test(test_restore_writes_back_exactly),
		cmocka_unit_test(test_count_zero_does_nothing),
		cmocka_unit_test(test_count_above_four_masks_the_four_that_exist),
		cmocka_unit_test(test_faulting_read_leaves_everything_alone),
		cmocka_unit_test(test_faulting_mask_write_is_said),
		cmocka_unit_test(test_meta_records_the_raw_values),
		cmocka_unit_test(test_exists_only_on_amd_with_ext_apic_space),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
