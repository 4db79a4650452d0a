/* `idlebench capture` end to end, from files, stdin and a command into a
 * temporary directory: the file name, the saved bytes (byte-equal to the
 * normalized stream), INCOMPLETE naming, nothing saved without a header,
 * no overwrite of an existing result, and a recorded BMC serial-over-LAN
 * session (tests/fixtures/sol/) with a reconnect and with a reboot, and
 * LAVA job logs (tests/fixtures/lava/, --lava-log). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "tests/unit/tools/fd_redirect.h"
#include "tools/common/commands.h"

#define F "tests/fixtures/streams/"
#define CLEAN_BASE "hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-"

struct capture_run {
	char dir[64];
	struct command_output o;
	int files;
	char name[256];        /* the only (or last listed) file in dir */
};

/* Fill r->files and r->name from the directory listing. */
static void list_dir(struct capture_run *r)
{
	r->files = 0;
	r->name[0] = '\0';
	DIR *d = opendir(r->dir);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		r->files++;
		snprintf(r->name, sizeof r->name, "%s", e->d_name);
	}
	closedir(d);
}

static void capture(struct capture_run *r, const char *source, const char *stdin_path, const char *extra)
{
	char *argv[12];
	int argc = 0;
	argv[argc++] = "capture";
	argv[argc++] = "--quiet";
	/* extra: one option, or several separated by single spaces */
	static char extra_copy[256];
	if (extra) {
		snprintf(extra_copy, sizeof extra_copy, "%s", extra);
		for (char *tok = strtok(extra_copy, " "); tok && argc < 8; tok = strtok(NULL, " "))
			argv[argc++] = tok;
	}
	argv[argc++] = "--out";
	argv[argc++] = r->dir;
	argv[argc++] = (char *)source;
	run_command(cmd_capture, argc, argv, stdin_path, &r->o);
	list_dir(r);
}

static void new_dir(struct capture_run *r)
{
	memset(r, 0, sizeof *r);
	strcpy(r->dir, "/tmp/idlebench-capture-XXXXXX");
	assert_non_null(mkdtemp(r->dir));
}

static void remove_dir(struct capture_run *r)
{
	DIR *d = opendir(r->dir);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		char p[512];
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(p, sizeof p, "%s/%s", r->dir, e->d_name);
		unlink(p);
	}
	if (d)
		closedir(d);
	rmdir(r->dir);
}

/* name must be prefix + YYYYMMDDTHHMMSSZ + suffix. */
static void assert_name(const char *name, const char *prefix, const char *suffix)
{
	size_t p = strlen(prefix), s = strlen(suffix);
	assert_int_equal(strlen(name), p + 16 + s);
	assert_memory_equal(name, prefix, p);
	for (size_t i = 0; i < 16; i++) {
		char c = name[p + i];
		if (i == 8)
			assert_int_equal(c, 'T');
		else if (i == 15)
			assert_int_equal(c, 'Z');
		else
			assert_true(c >= '0' && c <= '9');
	}
	assert_string_equal(name + p + 16, suffix);
}

/* The saved file is byte-equal to a fixture, and stdout's last line is its path. */
static void assert_saved_as(struct capture_run *r, const char *fixture)
{
	char path[512], line[600];
	snprintf(path, sizeof path, "%s/%s", r->dir, r->name);
	snprintf(line, sizeof line, "%s\n", path);
	assert_string_equal(r->o.out, line);
	size_t got_len, want_len;
	char *got = read_whole_file(path, &got_len), *want = read_whole_file(fixture, &want_len);
	assert_non_null(got);
	assert_non_null(want);
	assert_int_equal(got_len, want_len);
	assert_memory_equal(got, want, want_len);
	free(got);
	free(want);
}

static void test_clean_stream_is_saved_under_its_machine_name(void **state)
{
	(void)state;
	struct capture_run r;
	new_dir(&r);
	capture(&r, F "clean.csv", NULL, NULL);
	assert_int_equal(r.o.status, 0);
	assert_string_equal(r.o.err, "");
	assert_int_equal(r.files, 1);
	assert_name(r.name, CLEAN_BASE, ".csv");
	assert_saved_as(&r, F "clean.csv");
	remove_dir(&r);
}

static void test_noise_and_crlf_are_dropped_from_the_saved_stream(void **state)
{
	(void)state;
	struct capture_run r;
	new_dir(&r);
	capture(&r, F "noisy.log", NULL, NULL);
	assert_int_equal(r.o.status, 0);
	assert_int_equal(r.files, 1);
	assert_name(r.name, CLEAN_BASE, ".csv");
	assert_saved_as(&r, F "clean.csv");
	remove_dir(&r);
}

static void test_stdin_source_reads_a_pipe_like_input(void **state)
{
	(void)state;
	struct capture_run r;
	new_dir(&r);
	capture(&r, "-", F "noisy.log", NULL);
	assert_int_equal(r.o.status, 0);
	assert_name(r.name, CLEAN_BASE, ".csv");
	assert_saved_as(&r, F "clean.csv");
	remove_dir(&r);
}

static void test_command_source_reads_its_stdout(void **state)
{
	(void)state;
	struct capture_run r;
	new_dir(&r);
	/* The command's own exit status (3) does not decide: the stream does. */
	capture(&r, "cmd:cat " F "noisy.log; exit 3", NULL, NULL);
	assert_int_equal(r.o.status, 0);
	assert_name(r.name, CLEAN_BASE, ".csv");
	assert_saved_as(&r, F "clean.csv");
	remove_dir(&r);
}

static void test_truncated_stream_is_saved_whole_as_incomplete(void **state)
{
	(void)state;
	struct capture_run r;
	new_dir(&r);
	capture(&r, "cmd:cat " F "truncated.csv; exit 5", NULL, "--reconnect 0");
	assert_int_equal(r.o.status, 1);
	assert_int_equal(r.files, 1);
	assert_name(r.name, CLEAN_BASE, "-INCOMPLETE.csv");
	assert_saved_as(&r, F "truncated.csv");
	char want[1024];
	snprintf(want, sizeof want,
		 "idlebench capture: cmd:cat " F "truncated.csv; exit 5: truncated: input ended after 16 complete lines "
		 "and a partial line without the `#! end` record; everything received is saved in %s/%s; "
		 "command exited with status 5\n", r.dir, r.name);
	assert_string_equal(r.o.err, want);
	remove_dir(&r);
}

static void test_interrupt_keeps_what_arrived_and_ends_the_command(void **state)
{
	(void)state;
	struct capture_run r;
	new_dir(&r);
	/* The shell's parent is this test process, where capture runs: a SIGINT
	 * right after a cut-off stream must save it as INCOMPLETE and end the
	 * command's whole group at once rather than wait for `sleep 60`. */
	time_t start = time(NULL);
	capture(&r, "cmd:cat " F "truncated.csv; kill -INT $PPID; sleep 60", NULL, NULL);
	assert_true(time(NULL) - start < 30);
	assert_int_equal(r.o.status, 1);
	assert_int_equal(r.files, 1);
	assert_name(r.name, CLEAN_BASE, "-INCOMPLETE.csv");
	assert_saved_as(&r, F "truncated.csv");
	assert_non_null(strstr(r.o.err, "(interrupted by a signal); everything received is saved in"));
	assert_non_null(strstr(r.o.err, "; command killed by signal 15 (ended by capture)\n"));
	remove_dir(&r);
}

static void test_flipped_byte_is_saved_as_incomplete_with_the_crc_values(void **state)
{
	(void)state;
	struct capture_run r;
	new_dir(&r);
	capture(&r, F "flipped.csv", NULL, NULL);
	assert_int_equal(r.o.status, 1);
	assert_int_equal(r.files, 1);
	assert_name(r.name, CLEAN_BASE, "-INCOMPLETE.csv");
	assert_saved_as(&r, F "flipped.csv");
	assert_non_null(strstr(r.o.err, "CRC-32 mismatch: line 20: end record says crc32=2c591ffb, computed 07a34656"));
	remove_dir(&r);
}

static void test_input_without_header_saves_nothing(void **state)
{
	(void)state;
	static const char *inputs[] = { F "empty.csv", F "no_header.log" };
	for (size_t i = 0; i < 2; i++) {
		struct capture_run r;
		new_dir(&r);
		char sub[128];
		snprintf(sub, sizeof sub, "%s/results", r.dir);
		char *argv[] = { "capture", "--quiet", "--out", sub, (char *)inputs[i] };
		run_command(cmd_capture, 5, argv, NULL, &r.o);
		list_dir(&r);
		assert_int_equal(r.o.status, 1);
		assert_int_equal(r.files, 0); /* not even the results directory */
		assert_string_equal(r.o.out, "");
		char want[512];
		snprintf(want, sizeof want,
			 "idlebench capture: %s: not an idlebench stream: no `#! idlebench` header in the input; nothing saved\n",
			 inputs[i]);
		assert_string_equal(r.o.err, want);
		remove_dir(&r);
	}
}

static void test_stream_ending_in_error_is_saved_and_require_ok_fails_it(void **state)
{
	(void)state;
	struct capture_run r;
	new_dir(&r);
	capture(&r, F "status_error.csv", NULL, NULL);
	assert_int_equal(r.o.status, 0);
	assert_name(r.name, "unknown-unknown-unknown-unknown-", ".csv");
	assert_saved_as(&r, F "status_error.csv");
	remove_dir(&r);

	new_dir(&r);
	capture(&r, F "status_error.csv", NULL, "--require-ok");
	assert_int_equal(r.o.status, 1);
	assert_name(r.name, "unknown-unknown-unknown-unknown-", ".csv");
	remove_dir(&r);
}

static void test_existing_results_are_never_overwritten(void **state)
{
	(void)state;
	struct capture_run r;
	new_dir(&r);
	/* Occupy the names for the next few seconds, so the capture must pick `-2`. */
	time_t now = time(NULL);
	for (int s = 0; s < 5; s++) {
		time_t t = now + s;
		struct tm tm;
		char stamp[32], path[512];
		gmtime_r(&t, &tm);
		strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
		snprintf(path, sizeof path, "%s/" CLEAN_BASE "%s.csv", r.dir, stamp);
		FILE *f = fopen(path, "w");
		assert_non_null(f);
		fputs("precious\n", f);
		fclose(f);
	}
	capture(&r, F "clean.csv", NULL, NULL);
	assert_int_equal(r.o.status, 0);
	assert_int_equal(r.files, 6);
	size_t n = strlen(r.o.out);
	assert_true(n > 7);
	assert_string_equal(r.o.out + n - 7, "-2.csv\n");
	/* Every pre-existing file still holds its own content. */
	DIR *d = opendir(r.dir);
	struct dirent *e;
	int precious = 0;
	while ((e = readdir(d))) {
		char p[512];
		snprintf(p, sizeof p, "%s/%s", r.dir, e->d_name);
		char *c = e->d_name[0] != '.' ? read_whole_file(p, NULL) : NULL;
		precious += c && !strcmp(c, "precious\n");
		free(c);
	}
	closedir(d);
	assert_int_equal(precious, 5);
	remove_dir(&r);
}

/* Simulated sessions stay here for what a real BMC in the tests cannot give
 * (tests/qemu/test_ipmi.sh runs OpenIPMI's ipmi_sim with QEMU): a resumed
 * session with nothing lost (ipmi_sim drops the serial bytes while no session
 * is open, so its resumed file is -INCOMPLETE), an exact known loss, and a
 * real BMC's screen refreshes, cursor moves and NULs, which ipmi_sim does not
 * add. Two boots in one session ipmi_sim reproduces
 * (qtest_ipmi_power_cycle_mid_run_gives_two_files); the replay below also
 * carries firmware noise between the boots, and runs without QEMU. */
#define SOL "tests/fixtures/sol/"
#define REAL_STREAM "tests/fixtures/results/qemu_pvh_tcg.csv"
#define REAL_BASE "hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-"

/* The cmd: source replaying a simulated SOL session (tests/fixtures/sol/generate.py), one part per invocation. */
static void sol_source(char *out, size_t size, const char *state, const char *case_name, int parts)
{
	int n = snprintf(out, size, "cmd:sh " SOL "replay.sh %s", state);
	for (int i = 1; i <= parts; i++)
		n += snprintf(out + n, size - (size_t)n, " " SOL "%s-%d.log", case_name, i);
}

/* How many times replay.sh was started (its state file). */
static int invocations(const char *state)
{
	char *c = read_whole_file(state, NULL);
	int n = c ? atoi(c) : 0;
	free(c);
	return n;
}

/* The clean stream's own verified capture, to compare a session's file with. */
static char *clean_capture(size_t *len)
{
	struct capture_run c;
	new_dir(&c);
	capture(&c, REAL_STREAM, NULL, NULL);
	assert_int_equal(c.o.status, 0);
	char path[512];
	snprintf(path, sizeof path, "%s/%s", c.dir, c.name);
	char *bytes = read_whole_file(path, len);
	assert_non_null(bytes);
	remove_dir(&c);
	return bytes;
}

/* Capture a simulated SOL session (case_name, its first parts) with flags
 * into a new directory; st gets the replay's state file (invocations()). */
static void sol_capture(struct capture_run *r, char *st, size_t st_size, const char *case_name, int parts,
			const char *flags)
{
	char src[512];
	new_dir(r);
	snprintf(st, st_size, "%s.state", r->dir);
	unlink(st);
	sol_source(src, sizeof src, st, case_name, parts);
	capture(r, src, NULL, flags);
}

/* The file at path holds exactly the clean stream's verified capture. */
static void assert_is_the_clean_capture(const char *path)
{
	size_t want_len, got_len;
	char *want = clean_capture(&want_len), *got = read_whole_file(path, &got_len);
	assert_non_null(got);
	assert_int_equal(got_len, want_len);
	assert_memory_equal(got, want, want_len);
	free(got);
	free(want);
}

static void test_sol_session_with_reconnect_gives_the_clean_streams_verified_file(void **state)
{
	(void)state;
	struct capture_run r;
	char st[128];
	sol_capture(&r, st, sizeof st, "resume", 2, "--reconnect-delay 0");
	assert_int_equal(r.o.status, 0);
	assert_int_equal(invocations(st), 2); /* restarted once, stopped at the end record */
	assert_int_equal(r.files, 1);
	assert_name(r.name, REAL_BASE, ".csv");
	char path[512];
	snprintf(path, sizeof path, "%s/%s", r.dir, r.name);
	assert_is_the_clean_capture(path);
	unlink(st);
	remove_dir(&r);
}

static void test_bytes_lost_in_a_reconnect_leave_an_incomplete_file_not_a_verified_one(void **state)
{
	(void)state;
	struct capture_run r;
	char st[128];
	sol_capture(&r, st, sizeof st, "lost", 2, "--reconnect-delay 0 --reconnect 3");
	assert_int_equal(r.o.status, 1);
	assert_int_equal(r.files, 1);
	assert_name(r.name, REAL_BASE, "-INCOMPLETE.csv");
	/* The end record arrived, so capture stopped; the reader's verdict names the damage. */
	assert_int_equal(invocations(st), 2);
	assert_non_null(strstr(r.o.err, "row with wrong field count"));
	unlink(st);
	remove_dir(&r);
}

static void test_two_boots_in_one_session_give_two_files(void **state)
{
	(void)state;
	struct capture_run r;
	char st[128];
	sol_capture(&r, st, sizeof st, "reboot", 2, "--reconnect-delay 0");
	/* The last boot was verified: exit 0, both paths on stdout, the first boot's first. */
	assert_int_equal(r.o.status, 0);
	assert_int_equal(r.files, 2);
	char *nl = strchr(r.o.out, '\n');
	assert_non_null(nl);
	assert_non_null(strstr(r.o.out, "-INCOMPLETE.csv\n"));
	assert_true(strstr(r.o.out, "-INCOMPLETE.csv\n") < nl);
	assert_non_null(strstr(nl + 1, "/" REAL_BASE));
	assert_non_null(strstr(r.o.err, "(a new `#! idlebench` header followed: the machine restarted)"));
	/* The second file is boot B alone, byte for byte. */
	char path[512];
	snprintf(path, sizeof path, "%.*s", (int)(strchr(nl + 1, '\n') - nl - 1), nl + 1);
	assert_is_the_clean_capture(path);
	/* The first holds only boot A: its header once, no trace of boot B. */
	snprintf(path, sizeof path, "%.*s", (int)(nl - r.o.out), r.o.out);
	char *first = read_whole_file(path, NULL);
	assert_non_null(first);
	assert_int_equal(strncmp(first, "#! idlebench 0.2.0 schema=2\n", 28), 0);
	assert_null(strstr(first + 1, "#! idlebench"));
	assert_null(strstr(first, "i440FX"));
	free(first);
	unlink(st);
	remove_dir(&r);
}

static void test_restarts_stop_after_reconnect_n(void **state)
{
	(void)state;
	struct capture_run r;
	char st[128];
	sol_capture(&r, st, sizeof st, "resume", 1, "--reconnect-delay 0 --reconnect 3");
	assert_int_equal(r.o.status, 1);
	assert_int_equal(invocations(st), 4); /* the first start and 3 restarts */
	assert_int_equal(r.files, 1);
	assert_name(r.name, REAL_BASE, "-INCOMPLETE.csv");
	unlink(st);
	remove_dir(&r);
}

static void test_command_without_output_is_not_restarted(void **state)
{
	(void)state;
	struct capture_run r;
	char st[128], src[256];
	new_dir(&r);
	snprintf(st, sizeof st, "%s.state", r.dir);
	unlink(st);
	/* A BMC that refuses at once (wrong password, no SOL): fail fast. */
	snprintf(src, sizeof src, "cmd:sh " SOL "replay.sh %s", st);
	capture(&r, src, NULL, "--reconnect-delay 0");
	assert_int_equal(r.o.status, 1);
	assert_int_equal(invocations(st), 1);
	assert_int_equal(r.files, 0);
	unlink(st);
	remove_dir(&r);
}

static void test_command_stdin_stays_open(void **state)
{
	(void)state;
	struct capture_run r;
	new_dir(&r);
	/* ipmitool's SOL loop ends on EOF from stdin; the command must see none
	 * while capture reads. `read` fails at once at EOF (status 1: then no
	 * stream), and blocks on a silent open pipe until timeout ends it
	 * (status 124: then the clean stream follows). */
	capture(&r, "cmd:timeout 1 sh -c \"read x\"; [ $? = 124 ] || exit 9; cat " F "clean.csv", NULL, "--reconnect 0");
	assert_int_equal(r.o.status, 0);
	assert_int_equal(r.files, 1);
	remove_dir(&r);
}

#define LAVA "tests/fixtures/lava/"
#define LAVA_BASE "hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-"

static void lava_capture(struct capture_run *r, const char *log)
{
	char opt[300];
	snprintf(opt, sizeof opt, "--lava-log=%s", log);
	char *argv[] = { "capture", "--quiet", opt, "--out", r->dir };
	run_command(cmd_capture, 5, argv, NULL, &r->o);
	list_dir(r);
}

/* The fixture log's first max_lines lines (0: all), each after prefix, into path. */
static void lava_copy(const char *path, const char *prefix, size_t max_lines)
{
	size_t len, lines = 0;
	char *log = read_whole_file(LAVA "qemu-job.log", &len);
	assert_non_null(log);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	for (char *line = log; line < log + len && (!max_lines || lines < max_lines); lines++) {
		char *nl = memchr(line, '\n', (size_t)(log + len - line));
		size_t n = nl ? (size_t)(nl - line) + 1 : (size_t)(log + len - line);
		fprintf(f, "%s%.*s", prefix, (int)n, line);
		line += n;
	}
	fclose(f);
	free(log);
}

/* lava-run's log of lava/qemu-job.yaml: the console's stream, verified, is
 * the file saved; the server's output.yaml form ("- " before each record)
 * gives the same bytes. */
static void test_lava_log_gives_the_verified_stream(void **state)
{
	(void)state;
	struct capture_run r;
	new_dir(&r);
	lava_capture(&r, LAVA "qemu-job.log");
	assert_int_equal(r.o.status, 0);
	assert_string_equal(r.o.err, "");
	assert_int_equal(r.files, 1);
	assert_name(r.name, LAVA_BASE, ".csv");
	assert_saved_as(&r, LAVA "qemu-job.csv");
	remove_dir(&r);

	char path[128];
	new_dir(&r);
	snprintf(path, sizeof path, "%s.yaml", r.dir);
	lava_copy(path, "- ", 0);
	lava_capture(&r, path);
	assert_int_equal(r.o.status, 0);
	assert_int_equal(r.files, 1);
	assert_saved_as(&r, LAVA "qemu-job.csv");
	unlink(path);
	remove_dir(&r);
}

/* A run where the monitor action stopped at its end pattern before the end
 * record's newline: LAVA logged that line as `feedback` (a real lava-run log
 * from make test on a loaded machine). The stream is still whole and verified. */
static void test_lava_log_end_record_as_feedback_is_verified(void **state)
{
	(void)state;
	struct capture_run r;
	new_dir(&r);
	lava_capture(&r, LAVA "qemu-job-end-as-feedback.log");
	assert_int_equal(r.o.status, 0);
	assert_string_equal(r.o.err, "");
	assert_int_equal(r.files, 1);
	assert_null(strstr(r.name, "INCOMPLETE"));
	remove_dir(&r);
}

/* A job cut off mid-stream (a LAVA timeout): everything is kept, as INCOMPLETE. */
static void test_lava_log_cut_off_is_incomplete(void **state)
{
	(void)state;
	struct capture_run r;
	char path[128];
	new_dir(&r);
	snprintf(path, sizeof path, "%s.log", r.dir);
	lava_copy(path, "", 200);
	lava_capture(&r, path);
	assert_int_equal(r.o.status, 1);
	assert_int_equal(r.files, 1);
	assert_name(r.name, LAVA_BASE, "-INCOMPLETE.csv");
	assert_non_null(strstr(r.o.err, "(the LAVA log ends here)"));
	/* the message names the log, not a SOURCE there is none of */
	assert_non_null(strstr(r.o.err, path));
	assert_null(strstr(r.o.err, "(null)"));
	unlink(path);
	remove_dir(&r);
}

/* Two jobs' logs one after the other: the first complete stream is saved and
 * the second is said, not dropped in silence (capture takes one per run). */
static void test_lava_log_second_stream_is_said_not_dropped(void **state)
{
	(void)state;
	struct capture_run r;
	char path[128];
	new_dir(&r);
	snprintf(path, sizeof path, "%s.log", r.dir);
	lava_copy(path, "", 0);
	size_t len;
	char *more = read_whole_file(LAVA "qemu-job-end-as-feedback.log", &len);
	assert_non_null(more);
	FILE *f = fopen(path, "a");
	assert_non_null(f);
	assert_int_equal(fwrite(more, 1, len, f), len);
	fclose(f);
	free(more);
	lava_capture(&r, path);
	assert_int_equal(r.o.status, 1);
	assert_int_equal(r.files, 1);
	assert_saved_as(&r, LAVA "qemu-job.csv");
	assert_non_null(strstr(r.o.err, "1 more stream starts after the first complete one, not saved"));
	unlink(path);
	remove_dir(&r);
}

/* A log whose console never printed a stream, and a file that is no LAVA log. */
static void test_lava_log_without_a_stream_says_so(void **state)
{
	(void)state;
	struct capture_run r;
	new_dir(&r);
	lava_capture(&r, LAVA "no-stream.log");
	assert_int_equal(r.o.status, 1);
	assert_int_equal(r.files, 0);
	assert_string_equal(r.o.err, "idlebench capture: " LAVA "no-stream.log: the LAVA job log holds no idlebench stream: none "
				     "of its 18 console (lvl target) lines starts one with `#! idlebench`; nothing saved\n");
	lava_capture(&r, F "clean.csv");
	assert_int_equal(r.o.status, 1);
	assert_int_equal(r.files, 0);
	assert_string_equal(r.o.err, "idlebench capture: " F "clean.csv: not a LAVA job log (no line like {\"dt\": ..., \"lvl\": "
				     "..., \"msg\": ...}); nothing saved\n");
	char *both[] = { "capture", "--lava-log", LAVA "qemu-job.log", F "clean.csv" };
	run_command(cmd_capture, 4, both, NULL, &r.o);
	assert_int_equal(r.o.status, 2);
	remove_dir(&r);
}

static void test_bad_arguments_are_usage_errors(void **state)
{
	(void)state;
	struct capture_run r;
	new_dir(&r);
	capture(&r, "/dev/ttyS0,12345", NULL, NULL);
	assert_int_equal(r.o.status, 2);
	assert_string_equal(r.o.err, "idlebench capture: /dev/ttyS0: bad baud rate '12345' (use 1200 ... 921600, e.g. 115200)\n");
	capture(&r, F "does-not-exist.csv", NULL, NULL);
	assert_int_equal(r.o.status, 1);
	assert_string_equal(r.o.err, "idlebench capture: " F "does-not-exist.csv: No such file or directory\n");
	capture(&r, F "clean.csv", NULL, "--reconnect -1");
	assert_int_equal(r.o.status, 2);
	assert_string_equal(r.o.err, "idlebench capture: --reconnect needs a whole number from 0 to 1000, not '-1' "
				     "(see idlebench capture --help)\n");
	capture(&r, F "clean.csv", NULL, "--timeout 0");
	assert_int_equal(r.o.status, 2);
	capture(&r, F "clean.csv", NULL, "--bogus");
	assert_int_equal(r.o.status, 2);
	assert_int_equal(r.files, 0);
	assert_string_equal(r.o.err, "idlebench capture: unknown option '--bogus' (see idlebench capture --help)\n");
	char *no_dir[] = { "capture", F "clean.csv", "--out" };
	run_command(cmd_capture, 3, no_dir, NULL, &r.o);
	assert_int_equal(r.o.status, 2);
	assert_string_equal(r.o.err, "idlebench capture: option '--out' needs an argument (DIR) "
				     "(see idlebench capture --help)\n");
	char *help[] = { "capture", "--help" };
	run_command(cmd_capture, 2, help, NULL, &r.o);
	assert_int_equal(r.o.status, 0);
	assert_non_null(strstr(r.o.out, "usage: idlebench capture"));
	remove_dir(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clean_stream_is_saved_under_its_machine_name),
		cmocka_unit_test(test_noise_and_crlf_are_dropped_from_the_saved_stream),
		cmocka_unit_test(test_stdin_source_reads_a_pipe_like_input),
		cmocka_unit_test(test_command_source_reads_its_stdout),
		cmocka_unit_test(test_truncated_stream_is_saved_whole_as_incomplete),
		cmocka_unit_test(test_interrupt_keeps_what_arrived_and_ends_the_command),
		cmocka_unit_test(test_flipped_byte_is_saved_as_incomplete_with_the_crc_values),
		cmocka_unit_test(test_input_without_header_saves_nothing),
		cmocka_unit_test(test_stream_ending_in_error_is_saved_and_require_ok_fails_it),
		cmocka_unit_test(test_existing_results_are_never_overwritten),
		cmocka_unit_test(test_sol_session_with_reconnect_gives_the_clean_streams_verified_file),
		cmocka_unit_test(test_bytes_lost_in_a_reconnect_leave_an_incomplete_file_not_a_verified_one),
		cmocka_unit_test(test_two_boots_in_one_session_give_two_files),
		cmocka_unit_test(test_restarts_stop_after_reconnect_n),
		cmocka_unit_test(test_command_without_output_is_not_restarted),
		cmocka_unit_test(test_command_stdin_stays_open),
		cmocka_unit_test(test_lava_log_gives_the_verified_stream),
		cmocka_unit_test(test_lava_log_end_record_as_feedback_is_verified),
		cmocka_unit_test(test_lava_log_cut_off_is_incomplete),
		cmocka_unit_test(test_lava_log_second_stream_is_said_not_dropped),
		cmocka_unit_test(test_lava_log_without_a_stream_says_so),
		cmocka_unit_test(test_bad_arguments_are_usage_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
