/* The text grid both screen consoles write through (kernel/console/text_grid.c),
 * driven into a character array by fake put/scroll callbacks: text runs left
 * to right, '\n' starts the next row and '\r' is dropped, a row of exactly
 * `cols` characters wraps only when the next character comes, and at the
 * bottom the text moves up by the console's jump (1 for VGA text, half the
 * rows for the framebuffer) with the cursor on the first blank row. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/console/text_grid.h"

#define COLS 5
#define ROWS 4

static char screen[ROWS][COLS + 1]; /* each row a string, for assert_string_equal */
static unsigned scrolls, last_scroll;

static void fake_put(uint32_t x, uint32_t y, unsigned char c)
{
	assert_true(x < COLS && y < ROWS);
	screen[y][x] = (char)c;
}

static void fake_scroll(uint32_t rows)
{
	memmove(screen[0], screen[rows], (size_t)(ROWS - rows) * sizeof screen[0]);
	for (uint32_t y = ROWS - rows; y < ROWS; y++)
		memset(screen[y], ' ', COLS);
	scrolls++;
	last_scroll = rows;
}

static struct text_grid grid;

static void start(uint32_t jump)
{
	for (int y = 0; y < ROWS; y++) {
		memset(screen[y], ' ', COLS);
		screen[y][COLS] = '\0';
	}
	scrolls = last_scroll = 0;
	text_grid_init(&grid, COLS, ROWS, jump, fake_put, fake_scroll);
}

static void write_str(const char *s)
{
	text_grid_write(&grid, s, strlen(s));
}

static void test_text_runs_right_and_newline_starts_the_next_row_at_column_0(void **state)
{
	(void)state;
	start(1);
	write_str("ab\ncd\r\ne");
	assert_string_equal(screen[0], "ab   ");
	assert_string_equal(screen[1], "cd   ");
	assert_string_equal(screen[2], "e    ");
	assert_int_equal(grid.col, 1);
	assert_int_equal(grid.row, 2);
	assert_int_equal(scrolls, 0);
}

static void test_carriage_return_is_dropped_not_a_return_to_column_0(void **state)
{
	(void)state;
	start(1);
	write_str("abc\rd");
	assert_string_equal(screen[0], "abcd ");
}

static void test_a_full_row_and_its_newline_take_one_row(void **state)
{
	(void)state;
	start(1);
	write_str("12345\nx");
	assert_string_equal(screen[0], "12345");
	assert_string_equal(screen[1], "x    ");
	assert_string_equal(screen[2], "     ");
	/* full, the cursor waits past the edge for the next character */
	write_str("bcde");
	assert_int_equal(grid.col, COLS);
	assert_int_equal(grid.row, 1);
}

static void test_the_character_after_a_full_row_wraps_to_the_next(void **state)
{
	(void)state;
	start(1);
	write_str("123456");
	assert_string_equal(screen[0], "12345");
	assert_string_equal(screen[1], "6    ");
	assert_int_equal(grid.col, 1);
	assert_int_equal(grid.row, 1);
}

static void test_newline_on_the_last_row_moves_the_text_up_by_one(void **state)
{
	(void)state;
	start(1);
	write_str("a\nb\nc\nd");
	assert_int_equal(scrolls, 0);
	write_str("\ne");
	assert_int_equal(scrolls, 1);
	assert_int_equal(last_scroll, 1);
	assert_string_equal(screen[0], "b    ");
	assert_string_equal(screen[3], "e    ");
	assert_int_equal(grid.row, ROWS - 1);
}

static void test_wrap_on_the_last_row_moves_the_text_up_too(void **state)
{
	(void)state;
	start(1);
	write_str("a\nb\nc\n123456");
	assert_int_equal(scrolls, 1);
	assert_string_equal(screen[2], "12345");
	assert_string_equal(screen[3], "6    ");
}

static void test_a_jump_of_half_the_rows_leaves_the_cursor_on_the_first_blank_row(void **state)
{
	(void)state;
	start(ROWS / 2);
	write_str("a\nb\nc\nd\ne");
	assert_int_equal(scrolls, 1);
	assert_int_equal(last_scroll, ROWS / 2);
	assert_string_equal(screen[0], "c    ");
	assert_string_equal(screen[1], "d    ");
	assert_string_equal(screen[2], "e    ");
	assert_string_equal(screen[3], "     ");
	/* the next jump only when the bottom row is left again */
	write_str("\nf");
	assert_int_equal(scrolls, 1);
	write_str("\ng");
	assert_int_equal(scrolls, 2);
	assert_string_equal(screen[0], "e    ");
	assert_string_equal(screen[2], "g    ");
}

static void test_bytes_other_than_newline_and_return_reach_put_unchanged(void **state)
{
	(void)state;
	start(1);
	text_grid_write(&grid, "\x01\xc3\xa9\t", 4);
	assert_int_equal((unsigned char)screen[0][0], 0x01);
	assert_int_equal((unsigned char)screen[0][1], 0xc3);
	assert_int_equal((unsigned char)screen[0][2], 0xa9);
	assert_int_equal((unsigned char)screen[0][3], '\t');
}

static void test_contains_is_the_grid_and_nothing_past_it(void **state)
{
	(void)state;
	start(1);
	assert_true(text_grid_contains(&grid, 0, 0));
	assert_true(text_grid_contains(&grid, COLS - 1, ROWS - 1));
	assert_false(text_grid_contains(&grid, COLS, 0));
	assert_false(text_grid_contains(&grid, 0, ROWS));
	assert_false(text_grid_contains(&grid, UINT32_MAX, UINT32_MAX));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_runs_right_and_newline_starts_the_next_row_at_column_0),
		cmocka_unit_test(test_carriage_return_is_dropped_not_a_return_to_column_0),
		cmocka_unit_test(test_a_full_row_and_its_newline_take_one_row),
		cmocka_unit_test(test_the_character_after_a_full_row_wraps_to_the_next),
		cmocka_unit_test(test_newline_on_the_last_row_moves_the_text_up_by_one),
		cmocka_unit_test(test_wrap_on_the_last_row_moves_the_text_up_too),
		cmocka_unit_test(test_a_jump_of_half_the_rows_leaves_the_cursor_on_the_first_blank_row),
		cmocka_unit_test(test_bytes_other_than_newline_and_return_reach_put_unchanged),
		cmocka_unit_test(test_contains_is_the_grid_and_nothing_past_it),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
