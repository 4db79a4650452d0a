/* Test helper: a fixture stream with lines added, its end record's CRC-32
 * recomputed, so the readers take it as a verified stream. */
#ifndef IDLEBENCH_TESTS_UNIT_TOOLS_FIXTURE_EDIT_H
#define IDLEBENCH_TESTS_UNIT_TOOLS_FIXTURE_EDIT_H

/* Writes fixture to a new temporary file (path: a mkstemp template, the
 * name lands there) with extra written after its first line that starts
 * with after (e.g. "#= machine_id="), the CRC recomputed. Fails the test
 * on any error. */
void fixture_with_lines_after(const char *fixture, const char *after, const char *extra, char *path);

#endif
