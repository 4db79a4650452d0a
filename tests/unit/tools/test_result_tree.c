/* The result-tree walker on a tree built from the report fixtures
 * (tests/fixtures/results/, CRCs from Python's zlib): what it takes, in which
 * order, and that every file it does not use is named once with its reason. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "tests/unit/tools/fd_redirect.h"
#include "tools/common/result_tree.h"

#define FIXTURES "tests/fixtures/results/"

struct seen {
	char path[16][512];
	size_t rows[16];
	size_t count;
	const char *refuse; /* a path suffix the callback refuses */
	bool fail;          /* return RESULT_TREE_FATAL */
};

static enum result_tree_verdict record(const char *path, struct stream_reader *stream, void *ctx)
{
	struct seen *s = ctx;
	if (s->fail)
		return RESULT_TREE_FATAL;
	size_t n = strlen(path), k = s->refuse ? strlen(s->refuse) : 0;
	if (s->refuse && n >= k && !strcmp(path + n - k, s->refuse))
		return RESULT_TREE_REFUSED;
	assert_true(s->count < 16);
	snprintf(s->path[s->count], sizeof s->path[0], "%s", path);
	s->rows[s->count++] = stream_reader_row_count(stream);
	return RESULT_TREE_TAKEN;
}

static char root[64];

static void put(const char *rel, const char *text, size_t len)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static void copy(const char *fixture, const char *rel)
{
	size_t len;
	char *text = read_whole_file(fixture, &len);
	assert_non_null(text);
	put(rel, text, len);
	free(text);
}

static void sub(const char *rel)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	assert_int_equal(mkdir(path, 0755), 0);
}

/* Run the walk over paths (relative to root), err captured into errbuf. */
static int walk(const char *const *rel, int n, struct seen *s, char *errbuf, size_t size)
{
	char *paths[8], buf[8][256];
	for (int i = 0; i < n; i++) {
		snprintf(buf[i], sizeof buf[i], "%s%s%s", *rel[i] == '-' ? "" : root, *rel[i] == '-' ? "" : "/", rel[i]);
		paths[i] = buf[i];
	}
	FILE *err = tmpfile();
	assert_non_null(err);
	int taken = result_tree_walk(paths, n, record, s, err);
	rewind(err);
	size_t got = fread(errbuf, 1, size - 1, err);
	errbuf[got] = '\0';
	fclose(err);
	return taken;
}

/* How many lines of text contain needle. */
static size_t lines_with(const char *text, const char *needle)
{
	size_t n = 0;
	for (const char *line = text; *line;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		char one[1024];
		snprintf(one, sizeof one, "%.*s", (int)len, line);
		n += strstr(one, needle) != NULL;
		line += len + (end != NULL);
	}
	return n;
}

static void expect_once(const char *err, const char *rel, const char *reason)
{
	char needle[512];
	snprintf(needle, sizeof needle, "%s/%s: skipped, %s", root, rel, reason);
	if (lines_with(err, needle) != 1)
		fail_msg("expected one line '%s' in:\n%s", needle, err);
}

static int make_tree(void **state)
{
	(void)state;
	snprintf(root, sizeof root, "/tmp/test_result_tree.XXXXXX");
	assert_non_null(mkdtemp(root));
	sub("a");
	sub("b");
	sub("c");
	copy(FIXTURES "plan_a_boot1.csv", "a/plan_a_boot1.csv");
	put("a/notes.txt", "not a result\n", 13);
	copy(FIXTURES "plan_a_boot2.csv", "b/plan_a_boot2.csv");
	copy(FIXTURES "plan_a_boot1.csv", "b/copy.csv");
	copy(FIXTURES "known.csv", "b/run-INCOMPLETE.csv");
	size_t len;
	char *known = read_whole_file(FIXTURES "known.csv", &len);
	assert_non_null(known);
	put("c/truncated.csv", known, len / 2);
	char *schema = strstr(known, "schema=1");
	assert_non_null(schema);
	schema[7] = '9';
	put("c/schema9.csv", known, len);
	free(known);
	copy(FIXTURES "known.csv", "known.txt");
	put("c/text.csv", "seq,workload\n0,lz\n", 18);
	char path[256];
	/* Unreadable even as root (chmod 000 is not): a dangling symlink. */
	snprintf(path, sizeof path, "%s/c/dangling.csv", root);
	assert_int_equal(symlink("/nonexistent/idlebench-result.csv", path), 0);
	snprintf(path, sizeof path, "%s/c/loop", root);
	assert_int_equal(symlink("..", path), 0);
	snprintf(path, sizeof path, "%s/c/pipe.csv", root);
	assert_int_equal(mkfifo(path, 0644), 0);
	return 0;
}

static int remove_tree(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	return system(cmd);
}

static void test_takes_verified_streams_in_name_order_and_names_each_other_file_once(void **state)
{
	(void)state;
	struct seen s = { .count = 0 };
	char err[8192];
	const char *paths[] = { ".", "known.txt" };
	/* "." then the explicit known.txt: the tree holds known.txt too, but not as a .csv */
	assert_int_equal(walk(paths, 2, &s, err, sizeof err), 3);
	char want[512];
	snprintf(want, sizeof want, "%s/./a/plan_a_boot1.csv", root);
	assert_string_equal(s.path[0], want);
	snprintf(want, sizeof want, "%s/./b/plan_a_boot2.csv", root);
	assert_string_equal(s.path[1], want);
	snprintf(want, sizeof want, "%s/known.txt", root);
	assert_string_equal(s.path[2], want);
	assert_int_equal(s.rows[2], 19);
	expect_once(err, "./b/copy.csv", "duplicate: the same boot as ");
	assert_non_null(strstr(err, "/./a/plan_a_boot1.csv (end record crc32="));
	expect_once(err, "./b/run-INCOMPLETE.csv", "INCOMPLETE: the name idlebench capture gives");
	expect_once(err, "./c/truncated.csv", "INCOMPLETE: ");
	expect_once(err, "./c/schema9.csv", "another schema: ");
	expect_once(err, "./c/text.csv", "not a stream: ");
	expect_once(err, "./c/dangling.csv", "unreadable: No such file or directory");
	expect_once(err, "./c/pipe.csv", "unreadable: not a regular file");
	/* a directory reached twice is a note, not a skipped file: it leaves no
	 * file out (export --sqlite's exit status counts the skipped ones) */
	char needle[512];
	snprintf(needle, sizeof needle, "%s/./c/loop: note, a directory already searched", root);
	assert_int_equal(lines_with(err, needle), 1);
	/* nothing else: seven lines, the notes.txt beside the results not among them */
	assert_int_equal(lines_with(err, ": skipped, "), 7);
	assert_null(strstr(err, "notes.txt"));
}

static void test_a_boot_refused_by_the_callback_is_no_original_for_duplicates(void **state)
{
	(void)state;
	struct seen s = { .refuse = "a/plan_a_boot1.csv" };
	char err[8192];
	const char *paths[] = { "a", "b" };
	/* a's copy refused: b/copy.csv is then the first of that boot, taken */
	assert_int_equal(walk(paths, 2, &s, err, sizeof err), 2);
	char want[512];
	snprintf(want, sizeof want, "%s/b/copy.csv", root);
	assert_string_equal(s.path[0], want);
	assert_int_equal(lines_with(err, "duplicate"), 0);
}

static void test_a_fatal_callback_stops_the_walk(void **state)
{
	(void)state;
	struct seen s = { .fail = true };
	char err[8192];
	const char *paths[] = { "a", "b" };
	assert_int_equal(walk(paths, 2, &s, err, sizeof err), -1);
}

static void test_stdin_and_a_missing_operand_are_named(void **state)
{
	(void)state;
	struct seen s = { .count = 0 };
	char err[8192];
	const char *paths[] = { "-", "no-such-dir" };
	assert_int_equal(walk(paths, 2, &s, err, sizeof err), 0);
	assert_int_equal(lines_with(err, "-: skipped, stdin: these commands read files"), 1);
	expect_once(err, "no-such-dir", "unreadable: No such file or directory");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_takes_verified_streams_in_name_order_and_names_each_other_file_once),
		cmocka_unit_test(test_a_boot_refused_by_the_callback_is_no_original_for_duplicates),
		cmocka_unit_test(test_a_fatal_callback_stops_the_walk),
		cmocka_unit_test(test_stdin_and_a_missing_operand_are_named),
	};
	return cmocka_run_group_tests(tests, make_tree, remove_tree);
}
