/* The RT limit and the measured thread's pace (tools/linux/linux_rt.h). */
#include "tools/linux/linux_rt.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The kernel's defaults (kernel/sched/rt.c: sysctl_sched_rt_runtime, sysctl_sched_rt_period). */
#define RT_DEFAULT_RUNTIME_US 950000ull
#define RT_DEFAULT_PERIOD_US 1000000ull

/* A decimal integer with nothing but a newline after it. */
static bool parse_long(const char *s, long long *v)
{
	char *end;
	if (!s || !*s)
		return false;
	errno = 0;
	*v = strtoll(s, &end, 10);
	return errno == 0 && end != s && (*end == '\0' || (*end == '\n' && end[1] == '\0'));
}

void linux_rt_limit_parse(const char *runtime_us, const char *period_us, const char *why_missing,
			  struct linux_rt_limit *l)
{
	long long r, p;

	*l = (struct linux_rt_limit){ .kind = LINUX_RT_UNKNOWN };
	if (!runtime_us || !period_us) {
		snprintf(l->text, sizeof l->text, "unknown (%s)", why_missing ? why_missing : "not readable");
		return;
	}
	if (!parse_long(runtime_us, &r) || !parse_long(period_us, &p) || p <= 0 || r < -1 || r > p) {
		snprintf(l->text, sizeof l->text, "unknown (not a runtime/period pair: '%.*s' / '%.*s')",
			 (int)strcspn(runtime_us, "\n"), runtime_us, (int)strcspn(period_us, "\n"), period_us);
		return;
	}
	if (r == -1 || r == p) { /* sched_rt_runtime_exceeded(): runtime >= period never throttles */
		l->kind = LINUX_RT_UNLIMITED;
		snprintf(l->text, sizeof l->text, "%s", r == -1 ? "unlimited" : "unlimited (runtime = period)");
		return;
	}
	l->kind = LINUX_RT_LIMITED;
	l->runtime_ns = (uint64_t)r * 1000u;
	l->period_ns = (uint64_t)p * 1000u;
	snprintf(l->text, sizeof l->text, "%lld/%lld us", r, p);
}

/* The file's first line, or NULL with *why set. */
static const char *read_small(const char *path, char *buf, size_t size, char *why, size_t why_size)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(why, why_size, "%s: %s", path, strerror(errno));
		return NULL;
	}
	bool ok = fgets(buf, (int)size, f) != NULL;
	fclose(f);
	if (!ok) {
		snprintf(why, why_size, "%s: empty", path);
		return NULL;
	}
	return buf;
}

void linux_rt_limit_read(struct linux_rt_limit *l)
{
	char r[32], p[32], why[128] = "";
	const char *rt = read_small("/proc/sys/kernel/sched_rt_runtime_us", r, sizeof r, why, sizeof why);
	const char *pt = rt ? read_small("/proc/sys/kernel/sched_rt_period_us", p, sizeof p, why, sizeof why) : NULL;
	linux_rt_limit_parse(rt, pt, why, l);
}

/* R and P in ns: the limit's, or the default's when it is unknown. */
static void runtime_period(const struct linux_rt_limit *l, uint64_t *R, uint64_t *P)
{
	*R = l->kind == LINUX_RT_LIMITED ? l->runtime_ns : RT_DEFAULT_RUNTIME_US * 1000u;
	*P = l->kind == LINUX_RT_LIMITED ? l->period_ns : RT_DEFAULT_PERIOD_US * 1000u;
}

uint64_t linux_rt_pause_ns(const struct linux_rt_limit *l, uint64_t d)
{
	uint64_t R, P;
	if (l->kind == LINUX_RT_UNLIMITED)
		return 0;
	runtime_period(l, &R, &P);
	if (d >= R)
		return P;
	if (2 * d >= R)
		return P - d;
	/* d (P - R + d) / (R - d), rounded up; below R/2 it is under P - d, so no overflow */
	long double s = (long double)d * ((long double)(P - R) + (long double)d) / ((long double)R - (long double)d);
	uint64_t ns = (uint64_t)s;
	return (long double)ns < s ? ns + 1 : ns;
}

/* The limit as the reasons name it. */
static void limit_text(const struct linux_rt_limit *l, char *out, size_t size)
{
	if (l->kind == LINUX_RT_UNKNOWN)
		snprintf(out, size, "taken as %llu/%llu us", RT_DEFAULT_RUNTIME_US, RT_DEFAULT_PERIOD_US);
	else
		snprintf(out, size, "%s", l->text);
}

bool linux_rt_fifo_fits(const struct linux_rt_limit *l, unsigned sample_ms, char *why, size_t size)
{
	uint64_t R, P, d = (uint64_t)sample_ms * 1000000u;
	char lt[sizeof l->text + 16];

	if (l->kind == LINUX_RT_UNLIMITED)
		return true;
	runtime_period(l, &R, &P);
	uint64_t pause = linux_rt_pause_ns(l, d);
	if (d < R && pause * 4 <= d)
		return true;
	limit_text(l, lt, sizeof lt);
	if (d >= R)
		snprintf(why, size, "samples of %u ms outlast SCHED_FIFO's RT limit (%s)", sample_ms, lt);
	else
		snprintf(why, size, "samples of %u ms under SCHED_FIFO's RT limit (%s) would need a %" PRIu64
				    " ms pause each to stay unthrottled", sample_ms, lt, (pause + 999999) / 1000000);
	return false;
}

static uint64_t thread_cpu_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

void linux_rt_pacer_start(struct linux_rt_pacer *p)
{
	p->on = true;
	p->cpu_since = thread_cpu_ns();
}

void linux_rt_pacer_pause(struct linux_rt_pacer *p, unsigned asleep_us)
{
	if (!p->on)
		return;
	uint64_t need = linux_rt_pause_ns(&p->limit, thread_cpu_ns() - p->cpu_since);
	uint64_t after = (uint64_t)asleep_us * 1000u;
	if (need > after) {
		uint64_t extra = need - after;
		struct timespec ts = { (time_t)(extra / 1000000000u), (long)(extra % 1000000000u) };
		nanosleep(&ts, NULL); /* a signal cuts it short: the run is ending */
	}
	if (!asleep_us)
		linux_rt_pacer_rested(p);
}

void linux_rt_pacer_rested(struct linux_rt_pacer *p)
{
	p->cpu_since = thread_cpu_ns();
}
