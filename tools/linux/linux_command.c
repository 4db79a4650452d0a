/* A foreign command per sample (tools/linux/linux_command.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <sched.h>
#include <spawn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tools/common/host_timing.h"
#include "tools/linux/linux_command.h"

/* The process group of the command running now (0: none), for the signal handler. */
static volatile sig_atomic_t running_pgid;

void linux_command_kill_running(void)
{
	pid_t g = (pid_t)running_pgid;
	if (g > 0)
		kill(-g, SIGKILL);
}

static uint64_t raw_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC_RAW, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static uint64_t tv_ns(struct timeval tv)
{
	return (uint64_t)tv.tv_sec * 1000000000u + (uint64_t)tv.tv_usec * 1000u;
}

/* Start argv: posix_spawnp (glibc: clone(CLONE_VM | CLONE_VFORK), so the
 * cost does not grow with idlebench's locked memory as fork's page-table
 * copy does), its own process group, stdin /dev/null, stdout and stderr
 * the pipe, SIGPIPE as a program expects it (idlebench ignores it, and an
 * ignored signal stays ignored across exec), SCHED_OTHER; the affinity is
 * idlebench's (pinned to the measured CPU before the run). 0 or an errno. */
static int spawn(char *const *argv, int out, pid_t *pid)
{
	extern char **environ;
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t def;
	int rc;

	sigemptyset(&def);
	sigaddset(&def, SIGPIPE);
	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&at);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out, 1);
	posix_spawn_file_actions_adddup2(&fa, out, 2);
	/* SCHED_OTHER, not idlebench's SCHED_FIFO: one run can outlast the
	 * kernel's RT limit and be throttled, and a child it forks on this CPU
	 * would wait behind it (tools/linux/linux_rt.h). Asked for only when
	 * this thread is not SCHED_OTHER already: a sandbox may forbid the call. */
	struct sched_param other = { .sched_priority = 0 };
	short flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF;
	if (sched_getscheduler(0) != SCHED_OTHER) {
		flags |= POSIX_SPAWN_SETSCHEDULER;
		posix_spawnattr_setschedpolicy(&at, SCHED_OTHER);
		posix_spawnattr_setschedparam(&at, &other);
	}
	posix_spawnattr_setflags(&at, flags);
	posix_spawnattr_setpgroup(&at, 0);
	posix_spawnattr_setsigdefault(&at, &def);
	rc = posix_spawnp(pid, argv[0], &fa, &at, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	return rc;
}

/* Append what the pipe holds now to the kept output (its last LINUX_OUTPUT_MAX bytes); false at EOF or error. */
static bool drain(int fd, char *buf, size_t *len)
{
	char chunk[16384];
	ssize_t n = read(fd, chunk, sizeof chunk);
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return true;
	if (n <= 0)
		return false;
	if (*len + (size_t)n > LINUX_OUTPUT_MAX) { /* keep the tail: a score is usually printed last */
		size_t drop = *len + (size_t)n - LINUX_OUTPUT_MAX;
		drop = drop > *len ? *len : drop;
		memmove(buf, buf + drop, *len - drop);
		*len -= drop;
	}
	size_t take = (size_t)n > LINUX_OUTPUT_MAX ? LINUX_OUTPUT_MAX : (size_t)n;
	memcpy(buf + *len, chunk + (size_t)n - take, take);
	*len += take;
	return true;
}

bool linux_command_run(char *const *argv, int cpu, unsigned timeout_s, struct linux_command_result *r, char *why,
		       size_t why_size)
{
	static char output[LINUX_OUTPUT_MAX + 1];
	int p[2];
	size_t len = 0;

	*r = (struct linux_command_result){ .output = output };
	output[0] = '\0';
	/* the command inherits this thread's affinity (posix_spawn has no attribute for it) */
	cpu_set_t set, want;
	CPU_ZERO(&want);
	CPU_SET(cpu, &want);
	if ((sched_getaffinity(0, sizeof set, &set) != 0 || !CPU_EQUAL(&set, &want)) &&
	    sched_setaffinity(0, sizeof want, &want) != 0) {
		snprintf(why, why_size, "cannot pin to cpu%d: %s", cpu, strerror(errno));
		return false;
	}
	if (pipe2(p, O_CLOEXEC) != 0) {
		snprintf(why, why_size, "pipe: %s", strerror(errno));
		return false;
	}
	pid_t pid;
	uint64_t ns0 = raw_ns(), c0 = tsc_begin();
	int err = spawn(argv, p[1], &pid);
	close(p[1]);
	if (err) { /* as a shell says it: a run that exits 127 with the reason as its output */
		uint64_t c1 = tsc_end(), ns1 = raw_ns();
		close(p[0]);
		len = (size_t)snprintf(output, sizeof output, "idlebench linux: cannot run %s: %s\n", argv[0], strerror(err));
		r->output_len = len;
		r->ns = ns1 - ns0;
		r->tsc_cycles = c1 - c0;
		r->status = 127 << 8; /* WIFEXITED, WEXITSTATUS 127 */
		return true;
	}
	running_pgid = pid;
	/* pidfd_open (Linux 5.3): readable at the exit, so the window closes then, not at a poll tick */
	int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	if (pidfd < 0) {
		err = errno;
		kill(-pid, SIGKILL);
		waitpid(pid, NULL, 0);
		running_pgid = 0;
		close(p[0]);
		snprintf(why, why_size, "pidfd_open: %s (timing a command needs Linux 5.3 or later)", strerror(err));
		return false;
	}
	uint64_t deadline = timeout_s ? ns0 + (uint64_t)timeout_s * 1000000000u : 0;
	bool open_pipe = true, exited = false;
	while (!exited) {
		struct pollfd fds[2] = { { pidfd, POLLIN, 0 }, { p[0], POLLIN, 0 } };
		int wait_ms = -1;
		if (deadline) {
			uint64_t now = raw_ns();
			wait_ms = now >= deadline ? 0 : (int)((deadline - now + 999999) / 1000000);
		}
		int k = poll(fds, open_pipe ? 2 : 1, wait_ms);
		if (k < 0 && errno != EINTR)
			break;
		if (k == 0 && deadline && raw_ns() >= deadline) {
			kill(-pid, SIGKILL);
			r->timed_out = true;
			break;
		}
		if (open_pipe && (fds[1].revents & (POLLIN | POLLHUP)))
			open_pipe = drain(p[0], output, &len);
		exited = fds[0].revents & POLLIN;
	}
	uint64_t c1 = tsc_end(), ns1 = raw_ns();
	struct rusage ru;
	int status = 0;
	while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR)
		;
	kill(-pid, SIGKILL); /* whatever it left running in its group would run into the next sample */
	running_pgid = 0;
	close(pidfd);
	/* what it wrote before it ended (a grandchild outside the group may hold the pipe: no blocking) */
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	while (open_pipe && drain(p[0], output, &len)) {
		struct pollfd f = { p[0], POLLIN, 0 };
		if (poll(&f, 1, 0) <= 0)
			break;
	}
	close(p[0]);
	output[len] = '\0';
	r->output_len = len;
	r->ns = ns1 - ns0;
	r->tsc_cycles = c1 - c0;
	r->status = status;
	r->user_ns = tv_ns(ru.ru_utime);
	r->sys_ns = tv_ns(ru.ru_stime);
	r->ctx_switches = (uint64_t)ru.ru_nvcsw + (uint64_t)ru.ru_nivcsw;
	return true;
}

bool linux_metric_compile(regex_t *re, const char *pattern, char *why, size_t why_size)
{
	int rc = regcomp(re, pattern, REG_EXTENDED | REG_NEWLINE);
	if (rc) {
		char msg[160];
		regerror(rc, re, msg, sizeof msg);
		snprintf(why, why_size, "--metric '%s' is not a POSIX extended regex: %s", pattern, msg);
		return false;
	}
	if (re->re_nsub < 1) {
		regfree(re);
		snprintf(why, why_size, "--metric '%s' has no capture group: put the number in ( )", pattern);
		return false;
	}
	return true;
}

/* [+-]digits[.digits] or [+-].digits, then [eE][+-]digits: C's decimal
 * notation with '.', never the locale's comma, no inf/nan/hex. */
static bool decimal_number(const char *s)
{
	size_t k = 0, digits = 0;
	if (s[k] == '+' || s[k] == '-')
		k++;
	for (; s[k] >= '0' && s[k] <= '9'; k++)
		digits++;
	if (s[k] == '.')
		for (k++; s[k] >= '0' && s[k] <= '9'; k++)
			digits++;
	if (!digits)
		return false;
	if (s[k] == 'e' || s[k] == 'E') {
		size_t e = 0;
		k++;
		if (s[k] == '+' || s[k] == '-')
			k++;
		for (; s[k] >= '0' && s[k] <= '9'; k++)
			e++;
		if (!e)
			return false;
	}
	return s[k] == '\0';
}

enum linux_metric_status linux_metric_find(const regex_t *re, const char *output, size_t len, double *score,
					   char *text, size_t text_size)
{
	static char copy[LINUX_OUTPUT_MAX + 1];
	regmatch_t m[2];

	len = len > LINUX_OUTPUT_MAX ? LINUX_OUTPUT_MAX : len;
	for (size_t k = 0; k < len; k++)
		copy[k] = output[k] ? output[k] : ' ';
	copy[len] = '\0';
	if (text_size)
		text[0] = '\0';
	if (regexec(re, copy, 2, m, 0) != 0)
		return LINUX_METRIC_NO_MATCH;
	size_t n = m[1].rm_so < 0 ? 0 : (size_t)(m[1].rm_eo - m[1].rm_so);
	char number[LINUX_SCORE_TEXT_MAX + 1];
	if (!n || n > LINUX_SCORE_TEXT_MAX)
		return LINUX_METRIC_NOT_A_NUMBER;
	memcpy(number, copy + m[1].rm_so, n);
	number[n] = '\0';
	snprintf(text, text_size, "%s", number);
	if (!decimal_number(number))
		return LINUX_METRIC_NOT_A_NUMBER;
	/* strtod_l in the C locale: the point is '.' whatever LC_NUMERIC says */
	static locale_t c_locale;
	if (!c_locale)
		c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	*score = c_locale ? strtod_l(number, NULL, c_locale) : strtod(number, NULL);
	return LINUX_METRIC_OK;
}

void linux_command_status_text(const struct linux_command_result *r, char *buf, size_t size)
{
	if (r->timed_out)
		snprintf(buf, size, "timeout");
	else if (WIFEXITED(r->status))
		snprintf(buf, size, "%d", WEXITSTATUS(r->status));
	else if (WIFSIGNALED(r->status) && sigabbrev_np(WTERMSIG(r->status)))
		snprintf(buf, size, "SIG%s", sigabbrev_np(WTERMSIG(r->status)));
	else
		snprintf(buf, size, "status%d", r->status);
}

void linux_command_last_line(const char *output, size_t len, char *buf, size_t size)
{
	size_t end = len;
	while (end > 0 && (output[end - 1] == '\n' || output[end - 1] == '\r' || output[end - 1] == ' '))
		end--;
	size_t start = end;
	while (start > 0 && output[start - 1] != '\n')
		start--;
	size_t n = 0;
	for (size_t k = start; k < end && n + 1 < size; k++)
		buf[n++] = output[k] >= 0x20 && output[k] < 0x7f ? output[k] : '?';
	if (size)
		buf[n] = '\0';
}

bool linux_command_multi_cpu(uint64_t user_ns, uint64_t sys_ns, uint64_t wall_ns)
{
	return (user_ns + sys_ns) * 100 > wall_ns * (100 + LINUX_MULTI_CPU_PCT);
}

bool linux_bad_streak_note(struct linux_bad_streak *s, bool bad)
{
	s->in_a_row = bad ? s->in_a_row + 1 : 0;
	return s->in_a_row >= LINUX_BAD_IN_A_ROW;
}
