/* FNV-1a 64 against the published test vectors (draft-eastlake-fnv, and
 * the FNV reference code's test suite), and the field separator. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "lib/hash64.h"

static void test_fnv1a64_matches_published_vectors(void **state)
{
	(void)state;
	assert_true(hash64_bytes(HASH64_INIT, "", 0) == 0xcbf29ce484222325ull);
	assert_true(hash64_bytes(HASH64_INIT, "a", 1) == 0xaf63dc4c8601ec8cull);
	assert_true(hash64_bytes(HASH64_INIT, "foobar", 6) == 0x85944171f73967e8ull);
}

static void test_fields_are_separated_so_shifted_boundaries_differ(void **state)
{
	(void)state;
	uint64_t ab_c = hash64_field(hash64_field(HASH64_INIT, "ab"), "c");
	uint64_t a_bc = hash64_field(hash64_field(HASH64_INIT, "a"), "bc");
	assert_true(ab_c != a_bc);
	assert_true(hash64_field(HASH64_INIT, "foobar") == hash64_bytes(HASH64_INIT, "foobar\x1f", 7));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fnv1a64_matches_published_vectors),
		cmocka_unit_test(test_fields_are_separated_so_shifted_boundaries_differ),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
