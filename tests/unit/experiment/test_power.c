/* Power per mode (kernel/experiment/power.c): the 10-update reliability rule
 * at its edge, watts from µJ and ns, short samples counted but left out of
 * the sums, and the `#! power` records: watts where RAPL exists, empty fields
 * with the reason where it does not (QEMU), where every sample was short, and
 * where only the package counter exists. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/experiment/power.h"

#define MS 1000000ull

static char out[8192];
static size_t out_len;

static void sink(void *ctx, const char *bytes, size_t len)
{
	(void)ctx;
	if (out_len + len < sizeof out) {
		memcpy(out + out_len, bytes, len);
		out_len += len;
		out[out_len] = '\0';
	}
}

static void write_records(const struct power_table *t, uint32_t modes)
{
	struct stream s;
	out_len = 0;
	out[0] = '\0';
	stream_init(&s, sink, NULL);
	stream_begin(&s, "test");
	power_write(t, modes, &s);
}

static void assert_contains(const char *needle)
{
	if (!strstr(out, needle))
		fail_msg("no '%s' in:\n%s", needle, out);
}

static void test_a_sample_counts_from_ten_rapl_updates_on(void **state)
{
	(void)state;
	assert_int_equal(POWER_RELIABLE_UPDATES * POWER_RAPL_UPDATE_US, 10000);
	assert_false(power_sample_reliable(0));
	assert_false(power_sample_reliable(10 * MS - 1));
	assert_true(power_sample_reliable(10 * MS));
	assert_true(power_sample_reliable(100 * MS));
}

static void test_watts_are_microjoules_per_microsecond(void **state)
{
	(void)state;
	assert_true(fabs(power_watts(1e6, 1000 * MS) - 1.0) < 1e-12);     /* 1 J in 1 s */
	assert_true(fabs(power_watts(450000, 10 * MS) - 45.0) < 1e-9);     /* 0.45 J in 10 ms */
	assert_true(isnan(power_watts(1e6, 0)));
}

static void test_short_samples_are_counted_and_left_out_of_the_sums(void **state)
{
	static struct power_table t;
	(void)state;
	memset(&t, 0, sizeof t);
	t.package = t.core = true;
	power_account(&t, IDLE_HLT, 20 * MS, 900000, 100000);
	power_account(&t, IDLE_HLT, 2 * MS, 500000, 500000); /* short: a step of error is 50 % */
	power_account(&t, IDLE_HLT, 20 * MS, 1100000, 140000);
	const struct power_mode *p = &t.mode[IDLE_HLT];
	assert_int_equal(p->samples, 3);
	assert_int_equal(p->short_samples, 1);
	assert_int_equal(p->ns, 40 * MS);
	assert_true(fabs(p->package_uj - 2000000) < 1e-6);
	assert_true(fabs(p->core_uj - 240000) < 1e-6);
	assert_int_equal(t.mode[IDLE_MWAIT].samples, 0);
}

static void test_records_give_package_and_core_watts_per_mode(void **state)
{
	static struct power_table t;
	(void)state;
	memset(&t, 0, sizeof t);
	t.package = t.core = true;
	power_account(&t, IDLE_HLT, 20 * MS, 1000000, 120000);   /* 50 W, 6 W */
	power_account(&t, IDLE_MWAIT, 20 * MS, 1040000, 160000); /* 52 W, 8 W */
	power_account(&t, IDLE_MWAIT, 1 * MS, 60000, 9000);
	write_records(&t, (1u << IDLE_HLT) | (1u << IDLE_MWAIT));
	assert_contains("#! power mode=hlt samples=1 reliable_samples=1 package_w=50.00 core_w=6.00 note=\"\"\n");
	assert_contains("#! power mode=mwait samples=2 reliable_samples=1 package_w=52.00 core_w=8.00 "
			"note=\"1 samples shorter than 10 ms left out\"\n");
	assert_contains("#  power per mode, W (package/core): hlt 50.00/6.00 mwait 52.00/8.00\n");
	assert_null(strstr(out, "mode=spin"));
}

static void test_without_rapl_the_fields_are_empty_and_say_why(void **state)
{
	static struct power_table t;
	(void)state;
	memset(&t, 0, sizeof t);
	t.why_none = "no RAPL (CPUID Fn8000_0007_EDX[14] clear or not AMD/Hygon)";
	power_account(&t, IDLE_HLT, 20 * MS, 0, 0);
	assert_int_equal(t.mode[IDLE_HLT].samples, 0);
	write_records(&t, 1u << IDLE_HLT);
	assert_contains("#! power mode=hlt samples=0 reliable_samples=0 package_w= core_w= "
			"note=\"no RAPL (CPUID Fn8000_0007_EDX[14] clear or not AMD/Hygon)\"\n");
	assert_contains("hlt n/a/n/a (no RAPL");
}

static void test_all_short_samples_give_empty_watts_with_the_rule(void **state)
{
	static struct power_table t;
	(void)state;
	memset(&t, 0, sizeof t);
	t.package = t.core = true;
	for (int i = 0; i < 3; i++)
		power_account(&t, IDLE_SPIN, 2 * MS, 100000, 20000);
	write_records(&t, 1u << IDLE_SPIN);
	assert_contains("#! power mode=spin samples=3 reliable_samples=0 package_w= core_w= "
			"note=\"all 3 samples shorter than 10 RAPL updates (10 ms)\"\n");
}

static void test_package_only_leaves_core_empty_with_the_reason(void **state)
{
	static struct power_table t;
	(void)state;
	memset(&t, 0, sizeof t);
	t.package = true;
	power_account(&t, IDLE_HLT, 20 * MS, 1000000, 777);
	assert_true(t.mode[IDLE_HLT].core_uj == 0);
	write_records(&t, 1u << IDLE_HLT);
	assert_contains("package_w=50.00 core_w= note=\"no core energy (RAPL core MSR C001_029A unreadable)\"");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_a_sample_counts_from_ten_rapl_updates_on),
		cmocka_unit_test(test_watts_are_microjoules_per_microsecond),
		cmocka_unit_test(test_short_samples_are_counted_and_left_out_of_the_sums),
		cmocka_unit_test(test_records_give_package_and_core_watts_per_mode),
		cmocka_unit_test(test_without_rapl_the_fields_are_empty_and_say_why),
		cmocka_unit_test(test_all_short_samples_give_empty_watts_with_the_rule),
		cmocka_unit_test(test_package_only_leaves_core_empty_with_the_reason),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
