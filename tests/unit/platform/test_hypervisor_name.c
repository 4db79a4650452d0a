/* hypervisor_name (core/platform/hypervisor_name.c): the name the stream's
 * `hypervisor` meta, machine_id and the busy control's caveat carry. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "core/platform/hypervisor_name.h"

/* Bare metal: CPUID.01H:ECX[31] clear names no hypervisor, whatever the
 * signature buffer holds (leaf 40000000H is not read then). */
static void bit_clear_is_none(void **state)
{
	(void)state;
	assert_string_equal(hypervisor_name(false, ""), "none");
	assert_string_equal(hypervisor_name(false, "KVMKVMKVM"), "none");
	assert_string_equal(hypervisor_name(false, NULL), "none");
}

/* The signatures QEMU gives: TCG and KVM, returned as read. */
static void bit_set_names_the_signature(void **state)
{
	(void)state;
	const char tcg[] = "TCGTCGTCGTCG", kvm[] = "KVMKVMKVM";
	assert_ptr_equal(hypervisor_name(true, tcg), tcg);
	assert_string_equal(hypervisor_name(true, kvm), "KVMKVMKVM");
	assert_string_equal(hypervisor_name(true, "Microsoft Hv"), "Microsoft Hv");
}

/* A hypervisor that leaves leaf 40000000H empty is still one. */
static void bit_set_without_signature_is_unknown(void **state)
{
	(void)state;
	assert_string_equal(hypervisor_name(true, ""), "unknown");
	assert_string_equal(hypervisor_name(true, NULL), "unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bit_clear_is_none),
		cmocka_unit_test(bit_set_names_the_signature),
		cmocka_unit_test(bit_set_without_signature_is_unknown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
