/* perf_event_open cycles and instructions (tools/linux/linux_perf.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tools/linux/linux_perf.h"

static int open_event(uint64_t config, int cpu, int group)
{
	struct perf_event_attr a;
	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = PERF_TYPE_HARDWARE;
	a.config = config;
	a.disabled = group < 0; /* the leader starts the group */
	a.exclude_hv = 1;
	a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	return (int)syscall(SYS_perf_event_open, &a, 0, cpu, group, PERF_FLAG_FD_CLOEXEC);
}

static void say(struct linux_perf *p, const char *what, int err)
{
	const char *hint = err == EACCES || err == EPERM ? " (not permitted: root, CAP_PERFMON or "
							     "kernel.perf_event_paranoid <= 1 for kernel counts)"
			 : err == ENOENT || err == EOPNOTSUPP || err == ENODEV ? " (no hardware PMU event here, e.g. a VM "
										"without a virtual PMU)"
			 : err == ENOSYS ? " (a kernel without perf events)" : "";
	snprintf(p->why, sizeof p->why, "none (perf_event_open %s: %s%s)", what, strerror(err), hint);
}

bool linux_perf_open(struct linux_perf *p, int cpu)
{
	p->cycles_fd = p->instr_fd = -1;
	p->why[0] = '\0';
	if ((p->cycles_fd = open_event(PERF_COUNT_HW_CPU_CYCLES, cpu, -1)) < 0) {
		say(p, "cycles", errno);
		return false;
	}
	if ((p->instr_fd = open_event(PERF_COUNT_HW_INSTRUCTIONS, cpu, p->cycles_fd)) < 0) {
		say(p, "instructions", errno);
		linux_perf_close(p);
		return false;
	}
	struct linux_perf_reading r;
	if (ioctl(p->cycles_fd, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP) != 0 || !linux_perf_read(p, &r)) {
		say(p, "enable/read", errno);
		linux_perf_close(p);
		return false;
	}
	return true;
}

bool linux_perf_read(const struct linux_perf *p, struct linux_perf_reading *r)
{
	uint64_t v[5]; /* nr, time_enabled, time_running, cycles, instructions */
	if (p->cycles_fd < 0 || read(p->cycles_fd, v, sizeof v) != (ssize_t)sizeof v || v[0] != 2)
		return false;
	*r = (struct linux_perf_reading){ .enabled_ns = v[1], .running_ns = v[2], .cycles = v[3], .instructions = v[4] };
	return true;
}

bool linux_perf_delta(const struct linux_perf_reading *a, const struct linux_perf_reading *b, uint64_t *cycles,
		      uint64_t *instructions)
{
	if (b->enabled_ns - a->enabled_ns != b->running_ns - a->running_ns || b->cycles <= a->cycles)
		return false;
	*cycles = b->cycles - a->cycles;
	*instructions = b->instructions - a->instructions;
	return true;
}

void linux_perf_close(struct linux_perf *p)
{
	if (p->instr_fd >= 0)
		close(p->instr_fd);
	if (p->cycles_fd >= 0)
		close(p->cycles_fd);
	p->cycles_fd = p->instr_fd = -1;
}
