/* The RT bandwidth limit and the measured thread's pace (tools/linux/linux_rt.h). */
#include "tools/linux/linux_rt.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RT_DEFAULT_RUNTIME_NS 950000000ull
#define RT_DEFAULT_PERIOD_NS 1000000000ull

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

void linux_rt_budget_parse(const char *runtime_us, const char *period_us, const char *why_missing,
			   struct linux_rt_budget *b)
{
	long long r, p;

	*b = (struct linux_rt_budget){ .kind = LINUX_RT_UNKNOWN };
	if (!runtime_us || !period_us) {
		snprintf(b->text, sizeof b->text, "unknown (%s)", why_missing ? why_missing : "not readable");
		return;
	}
	if (!parse_long(runtime_us, &r) || !parse_long(period_us, &p) || p <= 0 || r < -1 || r > p) {
		snprintf(b->text, sizeof b->text, "unknown (not a runtime/period pair: '%.*s' / '%.*s')",
			 (int)strcspn(runtime_us, "\n"), runtime_us, (int)strcspn(period_us, "\n"), period_us);
		return;
	}
	if (r == -1) {
		b->kind = LINUX_RT_UNLIMITED;
		snprintf(b->text, sizeof b->text, "unlimited");
		return;
	}
	if (r == p) { /* sched_rt_runtime_exceeded(): runtime >= period never throttles */
		b->kind = LINUX_RT_UNLIMITED;
		snprintf(b->text, sizeof b->text, "unlimited (%lld/%lld us: runtime = period)", r, p);
		return;
	}
	b->kind = LINUX_RT_LIMITED;
	b->runtime_ns = (uint64_t)r * 1000u;
	b->period_ns = (uint64_t)p * 1000u;
	snprintf(b->text, sizeof b->text, "%lld/%lld us", r, p);
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

void linux_rt_budget_read(struct linux_rt_budget *b)
{
	char r[32], p[32], why[128] = "";
	const char *rt = read_small("/proc/sys/kernel/sched_rt_runtime_us", r, sizeof r, why, sizeof why);
	const char *pt = rt ? read_small("/proc/sys/kernel/sched_rt_period_us", p, sizeof p, why, sizeof why) : NULL;
	linux_rt_budget_parse(rt, pt, why, b);
}

uint64_t linux_rt_pace_ns(const struct linux_rt_budget *b, uint64_t awake_ns)
{
	if (b->kind == LINUX_RT_UNLIMITED)
		return 0;
	uint64_t R = b->kind == LINUX_RT_LIMITED ? b->runtime_ns : RT_DEFAULT_RUNTIME_NS;
	uint64_t P = b->kind == LINUX_RT_LIMITED ? b->period_ns : RT_DEFAULT_PERIOD_NS;
	if (awake_ns >= R)
		return P;
	/* d (P - R + d) / (R - d), rounded up; in long double: d*(P-R+d) can pass 2^64 */
	long double d = (long double)awake_ns;
	long double s = d * ((long double)(P - R) + d) / ((long double)R - d);
	uint64_t ns = (uint64_t)s;
	return (long double)ns < s ? ns + 1 : ns;
}

bool linux_rt_fifo_fits(const struct linux_rt_budget *b, unsigned sample_ms, char *why, size_t size)
{
	uint64_t d = (uint64_t)sample_ms * 1000000u;
	uint64_t R = b->kind == LINUX_RT_LIMITED ? b->runtime_ns : RT_DEFAULT_RUNTIME_NS;
	uint64_t pace = linux_rt_pace_ns(b, d);
	if (b->kind == LINUX_RT_UNLIMITED || (d < R && pace * 4 <= d))
		return true;
	if (d >= R) {
		snprintf(why, size, "samples of %u ms outlast SCHED_FIFO's RT limit (%s)", sample_ms,
			 b->kind == LINUX_RT_UNKNOWN ? "taken as 950000/1000000 us" : b->text);
		return false;
	}
	snprintf(why, size, "samples of %u ms under SCHED_FIFO's RT limit (%s) would need a %" PRIu64
			    " ms pause each to stay unthrottled", sample_ms,
		 b->kind == LINUX_RT_UNKNOWN ? "taken as 950000/1000000 us" : b->text, (pace + 999999) / 1000000);
	return false;
}
