/* CPU choice from sysfs topology (tools/linux/linux_topology.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/linux/linux_topology.h"

bool linux_cpulist_parse(const char *text, struct linux_cpuset *out)
{
	const char *p = text;

	memset(out, 0, sizeof *out);
	while (*p == ' ')
		p++;
	if (!*p)
		return true;
	for (;;) {
		char *end;
		long lo = strtol(p, &end, 10), hi;
		if (end == p || lo < 0 || lo >= LINUX_CPUS_MAX)
			return false;
		p = end;
		hi = lo;
		if (*p == '-') {
			hi = strtol(p + 1, &end, 10);
			if (end == p + 1 || hi < lo || hi >= LINUX_CPUS_MAX)
				return false;
			p = end;
		}
		for (long c = lo; c <= hi; c++)
			out->bits[c / 64] |= 1ull << (c % 64);
		if (*p == ',') {
			p++;
			continue;
		}
		return *p == '\0' || *p == '\n';
	}
}

bool linux_cpuset_has(const struct linux_cpuset *s, int cpu)
{
	return cpu >= 0 && cpu < LINUX_CPUS_MAX && (s->bits[cpu / 64] >> (cpu % 64) & 1);
}

int linux_cpuset_next(const struct linux_cpuset *s, int after)
{
	for (int c = after + 1; c < LINUX_CPUS_MAX; c++)
		if (linux_cpuset_has(s, c))
			return c;
	return -1;
}

/* cpu's core (itself included) from core_cpus_list, else thread_siblings_list. */
static bool core_of(const struct linux_root *r, int cpu, struct linux_cpuset *core, struct linux_topology *t)
{
	static const char *const files[] = { "core_cpus_list", "thread_siblings_list" };
	char path[128], text[1024];

	for (size_t i = 0; i < 2; i++) {
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/%s", cpu, files[i]);
		if (linux_read_line(r, path, text, sizeof text)) {
			snprintf(t->siblings_file, sizeof t->siblings_file, "%s", files[i]);
			return linux_cpulist_parse(text, core);
		}
	}
	return false;
}

/* Online SMT siblings of cpu (itself excluded), the first in *first. */
static int siblings_of(const struct linux_root *r, int cpu, const struct linux_cpuset *online, int *first,
		       struct linux_topology *t)
{
	struct linux_cpuset core;
	int n = 0;

	*first = -1;
	if (!core_of(r, cpu, &core, t))
		return 0;
	for (int c = linux_cpuset_next(&core, -1); c >= 0; c = linux_cpuset_next(&core, c))
		if (c != cpu && linux_cpuset_has(online, c)) {
			if (*first < 0)
				*first = c;
			n++;
		}
	return n;
}

/* Why cpu has no online sibling, from smt/control (kernel
 * Documentation/admin-guide/hw-vuln/l1tf.rst, "SMT control"). */
static void no_sibling_reason(const struct linux_topology *t, char *why, size_t size)
{
	const char *c = t->smt_control, *what;

	if (!strcmp(c, "off"))
		what = "SMT is switched off (smt/control=off: `nosmt` on the kernel command line or a write "
		       "to it); as root: echo on > /sys/devices/system/cpu/smt/control";
	else if (!strcmp(c, "forceoff"))
		what = "SMT is forced off (nosmt=force on the kernel command line): reboot without it";
	else if (!strcmp(c, "notsupported"))
		what = "the CPU shows no SMT (smt/control=notsupported: no SMT, SMT off in the firmware, "
		       "or a VM whose vCPUs are not siblings); placement=other-core still runs";
	else if (!strcmp(c, "notimplemented"))
		what = "this kernel does not implement SMT control and lists no sibling";
	else if (!strcmp(c, "on"))
		what = "its sibling threads are offline (echo 1 > /sys/devices/system/cpu/cpuN/online for them)";
	else
		what = "the topology lists no online sibling (SMT off in the firmware?)";
	snprintf(why, size, "cpu%d has no online SMT sibling: %s", t->measured, what);
}

bool linux_topology_pick(const struct linux_root *r, int cpu, enum placement placement, struct linux_topology *t)
{
	char text[1024];
	struct linux_cpuset online;
	int first;

	memset(t, 0, sizeof *t);
	t->measured = t->parked = -1;
	if (!linux_read_line(r, "/sys/devices/system/cpu/online", text, sizeof text) ||
	    !linux_cpulist_parse(text, &online)) {
		snprintf(t->why, sizeof t->why, "cannot read %.200s/sys/devices/system/cpu/online", r->dir);
		return false;
	}
	if (!linux_read_line(r, "/sys/devices/system/cpu/smt/control", t->smt_control, sizeof t->smt_control))
		t->smt_control[0] = '\0';
	if (cpu >= 0) {
		if (!linux_cpuset_has(&online, cpu)) {
			snprintf(t->why, sizeof t->why, "cpu%d is not online (online: %.200s)", cpu, text);
			return false;
		}
		t->measured = cpu;
	} else {
		for (int c = linux_cpuset_next(&online, -1); c >= 0 && t->measured < 0; c = linux_cpuset_next(&online, c))
			if (siblings_of(r, c, &online, &first, t))
				t->measured = c;
		if (t->measured < 0)
			t->measured = linux_cpuset_next(&online, -1);
	}
	t->siblings = siblings_of(r, t->measured, &online, &first, t);
	if (placement != PLACEMENT_OTHER_CORE) {
		if (!t->siblings) {
			int n = placement == PLACEMENT_BOTH
					? snprintf(t->why, sizeof t->why, "placement=both parks the sibling and another core's CPU: ")
					: 0;
			no_sibling_reason(t, t->why + n, sizeof t->why - (size_t)n);
			return true;
		}
		t->parked_cpus[t->parked_count++] = first;
		if (placement == PLACEMENT_SIBLING) {
			t->parked = first;
			return true;
		}
	}
	struct linux_cpuset core;
	if (!core_of(r, t->measured, &core, t))
		memset(&core, 0, sizeof core);
	for (int c = linux_cpuset_next(&online, -1); c >= 0; c = linux_cpuset_next(&online, c))
		if (c != t->measured && !linux_cpuset_has(&core, c)) {
			t->parked_cpus[t->parked_count++] = c;
			t->parked = t->parked_cpus[0];
			return true;
		}
	t->parked_count = 0;
	snprintf(t->why, sizeof t->why, "no online CPU outside cpu%d's core for placement=%s", t->measured,
		 placement_name(placement));
	return true;
}

void linux_topology_parked_text(const struct linux_topology *t, char *out, size_t size)
{
	size_t n = 0;

	out[0] = '\0';
	for (size_t k = 0; k < t->parked_count && n < size; k++)
		n += (size_t)snprintf(out + n, size - n, "%s%d", k ? "," : "", t->parked_cpus[k]);
}
