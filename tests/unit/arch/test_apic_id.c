/* The local APIC's ID register against CPUID's APIC ID: xAPIC keeps the ID in
 * bits 31:24 and only its low 8 bits, x2APIC the whole 32 bits; a register
 * firmware rewrote disagrees. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kernel/arch/apic_id.h"

static void test_register_decoding(void **state)
{
	(void)state;
	assert_int_equal(apic_id_from_register(0x03000000u, false), 3);
	assert_int_equal(apic_id_from_register(0x00000103u, true), 0x103);
}

static void test_agreement(void **state)
{
	(void)state;
	assert_true(apic_id_agrees(3, 3, false));
	assert_true(apic_id_agrees(0x103, 0x03, false)); /* xAPIC shows the low 8 bits */
	assert_false(apic_id_agrees(0x103, 0x03, true));
	assert_true(apic_id_agrees(0x103, 0x103, true));
	assert_false(apic_id_agrees(1, 0x7F, false));    /* a rewritten xAPIC ID */
	assert_false(apic_id_agrees(2, 0, true));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_register_decoding),
		cmocka_unit_test(test_agreement),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
