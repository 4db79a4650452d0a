/* A foreign command timed once per sample (`idlebench linux -- COMMAND
 * [ARGS...]`): spawned with its argv as given (posix_spawnp, no shell),
 * pinned to the measured CPU (its children inherit the affinity), in a process group
 * of its own so that a timeout, a signal to idlebench or the end of the
 * sample kills everything it started; its stdout and stderr go into one
 * pipe that idlebench reads (never into the stream). Timed from just before
 * the spawn to its exit (pidfd readable: no polling delay), with wait4's rusage.
 * The judgement of a sample (exit status, the --metric score, the CPU-time
 * guard, 3 bad samples in a row) is here too, apart from the running, so
 * the tests can drive it. */
#ifndef IDLEBENCH_TOOLS_LINUX_COMMAND_H
#define IDLEBENCH_TOOLS_LINUX_COMMAND_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Output kept per sample: the last this many bytes (the metric is searched in them). */
#define LINUX_OUTPUT_MAX (1u << 20)
/* CPU time (user + system) above the wall time by more than this % means
 * the command ran on more than one CPU: its other threads or children ran
 * elsewhere (they inherit the affinity, but may change it). */
#define LINUX_MULTI_CPU_PCT 5
/* Bad samples in a row that stop the run. */
#define LINUX_BAD_IN_A_ROW 3
/* Longest score text kept (the `score` cell); a longer capture is not a number. */
#define LINUX_SCORE_TEXT_MAX 40

/* One run of the command. */
struct linux_command_result {
	uint64_t ns;           /* wall time, CLOCK_MONOTONIC_RAW, spawn to exit */
	uint64_t tsc_cycles;   /* the same window in TSC cycles */
	uint64_t user_ns, sys_ns, ctx_switches; /* wait4: the command and its waited-for children */
	int status;            /* wait4's status */
	bool timed_out;        /* killed at --timeout-s */
	const char *output;    /* its stdout and stderr, the last LINUX_OUTPUT_MAX bytes, NUL-terminated */
	size_t output_len;
};

/* Run argv (argv[0] looked up in PATH) pinned to cpu (the calling thread
 * is pinned there too, the command inheriting its affinity), killed with
 * its process group after timeout_s seconds (0: never); *r filled. False
 * when it could not be started at all (why says; a failed exec is a run
 * that exits 127 with the reason as its output, as a shell says it). */
bool linux_command_run(char *const *argv, int cpu, unsigned timeout_s, struct linux_command_result *r, char *why,
		       size_t why_size);
/* From a signal handler: kill the running command's process group (async-signal-safe). */
void linux_command_kill_running(void);

/* Compile --metric=REGEX (POSIX extended, REG_NEWLINE: ^ and $ at lines);
 * false with why when it does not compile or has no capture group. */
bool linux_metric_compile(regex_t *re, const char *pattern, char *why, size_t why_size);

/* What the metric found in an output. */
enum linux_metric_status {
	LINUX_METRIC_OK,
	LINUX_METRIC_NO_MATCH,   /* the regex matched nowhere */
	LINUX_METRIC_NOT_A_NUMBER, /* its first group is empty or not a decimal number */
};

/* The score: the first capture group of re's first match in output (NUL
 * bytes read as spaces), a decimal number with '.' as the point whatever
 * the locale ([+-]digits[.digits][e[+-]digits]); its text into text. */
enum linux_metric_status linux_metric_find(const regex_t *re, const char *output, size_t len, double *score,
					   char *text, size_t text_size);

/* The exit status as the `exit_status` cell: "0", "3", "SIGSEGV", "timeout". */
void linux_command_status_text(const struct linux_command_result *r, char *buf, size_t size);
/* The last non-empty line of output, printable ASCII only (others '?'), at most size - 1 bytes. */
void linux_command_last_line(const char *output, size_t len, char *buf, size_t size);
/* The CPU-time guard: user + system more than LINUX_MULTI_CPU_PCT % over the wall time. */
bool linux_command_multi_cpu(uint64_t user_ns, uint64_t sys_ns, uint64_t wall_ns);

/* Consecutive bad samples. */
struct linux_bad_streak {
	unsigned in_a_row;
};
/* Count one sample; true when it makes LINUX_BAD_IN_A_ROW bad ones in a row (the run stops). */
bool linux_bad_streak_note(struct linux_bad_streak *s, bool bad);

#endif
