/* grow (tools/common/grow.c): the growth rule of every host tool's array. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tools/common/grow.h"

/* From empty: the first size, then doubled; the contents survive each move. */
static void grows_from_first_by_doubling_and_keeps_contents(void **state)
{
	(void)state;
	int *a = NULL;
	size_t cap = 0, seen[8] = { 0 }, nseen = 0;

	for (int i = 0; i < 100; i++) {
		int *b = grow(a, &cap, (size_t)i + 1, sizeof *a, 16);
		assert_non_null(b);
		a = b;
		a[i] = i * 7;
		if (!nseen || seen[nseen - 1] != cap)
			seen[nseen++] = cap;
	}
	assert_int_equal(nseen, 4);
	assert_int_equal(seen[0], 16);
	assert_int_equal(seen[1], 32);
	assert_int_equal(seen[2], 64);
	assert_int_equal(seen[3], 128);
	for (int i = 0; i < 100; i++)
		assert_int_equal(a[i], i * 7);
	free(a);
}

/* A need that fits returns p unmoved and leaves the capacity alone. */
static void a_need_that_fits_changes_nothing(void **state)
{
	(void)state;
	size_t cap = 0;
	char *p = grow(NULL, &cap, 10, 1, 64);
	assert_non_null(p);
	assert_int_equal(cap, 64);
	assert_ptr_equal(grow(p, &cap, 64, 1, 64), p);
	assert_int_equal(cap, 64);
	free(p);
}

/* A jump past twice the capacity doubles until it fits (acpidump's appends). */
static void a_large_need_doubles_until_it_fits(void **state)
{
	(void)state;
	size_t cap = 0;
	unsigned char *p = grow(NULL, &cap, 5000, 1, 4096);
	assert_non_null(p);
	assert_int_equal(cap, 8192);
	memset(p, 0xab, 5000);
	p = grow(p, &cap, 40000, 1, 4096);
	assert_non_null(p);
	assert_int_equal(cap, 65536);
	assert_int_equal(p[4999], 0xab);
	free(p);
}

/* A size past SIZE_MAX is ENOMEM, the array and capacity untouched. */
static void overflow_fails_with_enomem_and_keeps_the_array(void **state)
{
	(void)state;
	size_t cap = 0;
	long *p = grow(NULL, &cap, 4, sizeof *p, 4);
	assert_non_null(p);
	p[3] = 42;
	errno = 0;
	assert_null(grow(p, &cap, SIZE_MAX / sizeof *p + 1, sizeof *p, 4));
	assert_int_equal(errno, ENOMEM);
	assert_int_equal(cap, 4);
	errno = 0;
	assert_null(grow(p, &cap, SIZE_MAX, 1, 4)); /* the doubling itself would wrap */
	assert_int_equal(errno, ENOMEM);
	assert_int_equal(cap, 4);
	assert_int_equal(p[3], 42);
	free(p);
}

/* realloc refusing (a size no allocator gives) is ENOMEM, nothing changed. */
static void a_refused_allocation_fails_with_enomem(void **state)
{
	(void)state;
	size_t cap = 0;
	errno = 0;
	assert_null(grow(NULL, &cap, SIZE_MAX / 4, 2, 16));
	assert_int_equal(errno, ENOMEM);
	assert_int_equal(cap, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(grows_from_first_by_doubling_and_keeps_contents),
		cmocka_unit_test(a_need_that_fits_changes_nothing),
		cmocka_unit_test(a_large_need_doubles_until_it_fits),
		cmocka_unit_test(overflow_fails_with_enomem_and_keeps_the_array),
		cmocka_unit_test(a_refused_allocation_fails_with_enomem),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
