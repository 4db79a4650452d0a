/* same_boot (tools/common/same_boot.c): what makes two result files one
 * boot, for the walker, report's pool and the results database. The
 * expected identities are those `export --sqlite` wrote into its `boots`
 * table before the rule had one home (crc32, row_count, rows_hash of the
 * build at 89a65f8), so the database's UNIQUE key keeps its values. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <cmocka.h>

#include "tools/common/same_boot.h"

static void identity_of(const char *path, struct same_boot *id)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	int read_errno = 0;
	struct stream_reader *r = stream_reader_read_file(f, &read_errno);
	fclose(f);
	assert_non_null(r);
	assert_int_equal(read_errno, 0);
	assert_int_equal(stream_reader_result(r), STREAM_OK);
	same_boot_of(r, id);
	stream_reader_free(r);
}

/* The end record's crc32, the row count and the rows' hash, as the database has them. */
static void identity_is_the_databases_key(void **state)
{
	(void)state;
	struct same_boot a, b;
	identity_of("tests/fixtures/results/plan_a_boot1.csv", &a);
	assert_int_equal(a.crc32, 0xcaca2f61u);
	assert_int_equal(a.rows, 240);
	assert_int_equal(a.rows_hash, 0xf5598837bac9b406ull);
	identity_of("tests/fixtures/results/linux_guest_acpi_idle.csv", &b);
	assert_int_equal(b.crc32, 0x500aee83u);
	assert_int_equal(b.rows, 15);
	assert_int_equal(b.rows_hash, 0xc2ead8229bca0f19ull);
	assert_false(same_boot(&a, &b));
}

/* One file read twice is one boot. */
static void a_file_read_twice_is_one_boot(void **state)
{
	(void)state;
	struct same_boot a, b;
	identity_of("tests/fixtures/results/qemu_quick_mwait_not_idle.csv", &a);
	identity_of("tests/fixtures/results/qemu_quick_mwait_not_idle.csv", &b);
	assert_true(same_boot(&a, &b));
}

/* Each of the three fields tells boots apart on its own. */
static void each_field_tells_boots_apart(void **state)
{
	(void)state;
	const struct same_boot base = { 0x51df68c0u, 216, 0xcf1aaae9e54ca57dull };
	struct same_boot other = base;
	assert_true(same_boot(&base, &other));
	other.crc32 ^= 1;
	assert_false(same_boot(&base, &other));
	other = base;
	other.rows++;
	assert_false(same_boot(&base, &other));
	other = base;
	other.rows_hash ^= 1;
	assert_false(same_boot(&base, &other));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(identity_is_the_databases_key),
		cmocka_unit_test(a_file_read_twice_is_one_boot),
		cmocka_unit_test(each_field_tells_boots_apart),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
