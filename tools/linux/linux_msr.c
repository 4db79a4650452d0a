/* APERF/MPERF through the msr driver (tools/linux/linux_msr.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "platform/cpu/cpuid_native.h"
#include "tools/linux/linux_msr.h"

#define MSR_APERF 0xE8
#define MSR_MPERF 0xE7

void linux_msr_open(struct linux_msr *m, const struct linux_root *r, int cpu)
{
	char path[64], full[LINUX_PATH_MAX];
	uint32_t regs[4];
	uint64_t v;

	m->fd = -1;
	cpuid_native(NULL, 6, 0, regs);
	if (!(regs[2] & 1)) {
		snprintf(m->why, sizeof m->why, "none (CPUID.06H:ECX[0] = 0: no APERF/MPERF)");
		return;
	}
	snprintf(path, sizeof path, "/dev/cpu/%d/msr", cpu);
	if (!linux_path(r, path, full) || (m->fd = open(full, O_RDONLY | O_CLOEXEC)) < 0) {
		snprintf(m->why, sizeof m->why, "none (%s: %s; `modprobe msr` as root)", path, strerror(errno));
		return;
	}
	if (pread(m->fd, &v, 8, MSR_MPERF) != 8) {
		snprintf(m->why, sizeof m->why, "none (reading MPERF through %s: %s)", path, strerror(errno));
		close(m->fd);
		m->fd = -1;
	}
}

bool linux_msr_read(const struct linux_msr *m, uint64_t *aperf, uint64_t *mperf)
{
	return m->fd >= 0 && pread(m->fd, aperf, 8, MSR_APERF) == 8 && pread(m->fd, mperf, 8, MSR_MPERF) == 8;
}
