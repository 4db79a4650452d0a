/* IA32_APIC_BASE transitions take legal steps only (SDM Vol. 3A 10.12.5,
 * figure 10-27): disabled -> x2APIC through xAPIC, x2APIC -> xAPIC through
 * disabled, everything else one write; the base address and BSP bit travel
 * along. A checker replays every step against the SDM's table of valid
 * transitions for all pairs of valid states. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kernel/arch/apic_base.h"

#define BASE 0xFEE00000ull
#define DISABLED (BASE | APIC_BASE_BSP)
#define XAPIC (DISABLED | APIC_BASE_EN)
#define X2APIC (XAPIC | APIC_BASE_EXTD)

/* The SDM's valid transitions between the three valid states (EN, EXTD):
 * disabled <-> xAPIC, xAPIC -> x2APIC, x2APIC -> disabled. */
static bool legal(uint64_t from, uint64_t to)
{
	unsigned f = (unsigned)((from >> 10) & 3), t = (unsigned)((to >> 10) & 3);
	enum { DIS = 0, XA = 2, X2 = 3 }; /* bit 0 EXTD, bit 1 EN */

	if (t == 1)
		return false; /* EXTD without EN: the invalid state */
	if (f == t)
		return true;
	return (f == DIS && t == XA) || (f == XA && t == DIS) || (f == XA && t == X2) || (f == X2 && t == DIS);
}

static void test_disabled_to_x2apic_goes_through_xapic(void **state)
{
	uint64_t steps[APIC_BASE_MAX_STEPS];
	(void)state;
	assert_int_equal(apic_base_steps(DISABLED, X2APIC, steps), 2);
	assert_true(steps[0] == XAPIC);
	assert_true(steps[1] == X2APIC);
}

static void test_x2apic_to_xapic_goes_through_disabled(void **state)
{
	uint64_t steps[APIC_BASE_MAX_STEPS];
	(void)state;
	assert_int_equal(apic_base_steps(X2APIC, XAPIC, steps), 2);
	assert_true(steps[0] == DISABLED);
	assert_true(steps[1] == XAPIC);
}

static void test_one_write_where_legal_and_none_when_equal(void **state)
{
	uint64_t steps[APIC_BASE_MAX_STEPS];
	(void)state;
	assert_int_equal(apic_base_steps(XAPIC, X2APIC, steps), 1);
	assert_true(steps[0] == X2APIC);
	assert_int_equal(apic_base_steps(X2APIC, DISABLED, steps), 1);
	assert_int_equal(apic_base_steps(DISABLED, XAPIC, steps), 1);
	assert_int_equal(apic_base_steps(XAPIC, XAPIC, steps), 0);
}

/* Every pair of valid states, with the base address moving too: each step
 * is legal from the one before, and the last is exactly the wanted value. */
static void test_every_pair_of_states_by_legal_steps(void **state)
{
	const uint64_t modes[] = { 0, APIC_BASE_EN, APIC_BASE_EN | APIC_BASE_EXTD };
	(void)state;
	for (int a = 0; a < 3; a++)
		for (int b = 0; b < 3; b++) {
			uint64_t now = BASE | modes[a], want = 0xFEC00000ull | APIC_BASE_BSP | modes[b];
			uint64_t steps[APIC_BASE_MAX_STEPS];
			size_t n = apic_base_steps(now, want, steps);
			assert_true(n >= 1 && n <= APIC_BASE_MAX_STEPS);
			uint64_t at = now;
			for (size_t i = 0; i < n; i++) {
				assert_true(legal(at, steps[i]));
				at = steps[i];
			}
			assert_true(at == want);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_disabled_to_x2apic_goes_through_xapic),
		cmocka_unit_test(test_x2apic_to_xapic_goes_through_disabled),
		cmocka_unit_test(test_one_write_where_legal_and_none_when_equal),
		cmocka_unit_test(test_every_pair_of_states_by_legal_steps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
