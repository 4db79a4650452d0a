/* cpuidle enumeration and the state -> mode mapping (tools/linux/linux_cpuidle.h).
 * The strings come from the drivers: drivers/cpuidle/poll_state.c ("POLL",
 * "CPUIDLE CORE POLL IDLE"), drivers/acpi/processor_idle.c ("ACPI HLT",
 * "ACPI IOPORT 0x%x", and "ACPI FFH MWAIT 0x%x" from
 * arch/x86/kernel/acpi/cstate.c), drivers/idle/intel_idle.c ("MWAIT 0x%02x"),
 * drivers/cpuidle/cpuidle-haltpoll.c ("haltpoll idle"). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/linux/linux_cpuidle.h"

/* The MWAIT hint in a desc ("MWAIT 0x20", "ACPI FFH MWAIT 0x0"); false when there is none. */
static bool mwait_hint(const char *desc, unsigned long *hint)
{
	const char *p = strstr(desc, "MWAIT 0x");
	char *end;

	if (!p)
		return false;
	*hint = strtoul(p + 6, &end, 16);
	return end != p + 6;
}

enum idle_mode linux_idle_state_mode(const char *driver, const char *name, const char *desc, bool seen_ioport,
				     char *why, size_t why_size)
{
	unsigned long hint;
	char lower[32];

	why[0] = '\0';
	if (!strcmp(name, "POLL"))
		return IDLE_POLL;
	if (mwait_hint(desc, &hint)) {
		if (hint == 0x00)
			return IDLE_MWAIT;
		if (hint == 0x01)
			return IDLE_C1E;
	}
	if (strstr(desc, "ACPI HLT"))
		return IDLE_HLT;
	if (!strcmp(driver, "haltpoll") && !strncmp(name, "haltpoll", 8))
		return IDLE_HLT;
	if (!strncmp(desc, "ACPI IOPORT 0x", 14) && !seen_ioport)
		return IDLE_IOPORT;
	size_t n = 0;
	for (; name[n] && n + 1 < sizeof lower; n++)
		lower[n] = (char)tolower((unsigned char)name[n]);
	lower[n] = '\0';
	enum idle_mode m = idle_mode_from_name(lower, n);
	if (m == IDLE_C1E || m == IDLE_C3 || m == IDLE_C6)
		return m;
	snprintf(why, why_size, "no idlebench mode for %s state %s (%s)", driver, name, desc);
	return IDLE_MODE_COUNT;
}

/* The idle= word of a kernel command line (Documentation/admin-guide/kernel-parameters.txt). */
static void idle_override(const char *cmdline, char *out, size_t size)
{
	out[0] = '\0';
	for (const char *p = cmdline; (p = strstr(p, "idle=")); p += 5)
		if (p == cmdline || p[-1] == ' ') {
			size_t n = strcspn(p + 5, " ");
			snprintf(out, size, "%.*s", (int)n, p + 5);
			return;
		}
}

/* Whether the command line holds word (a whole space-separated word). */
static bool has_word(const char *cmdline, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = cmdline; (p = strstr(p, word)); p += n)
		if ((p == cmdline || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

static bool state_file(const struct linux_root *r, int cpu, size_t k, const char *file, char *buf, size_t size)
{
	char path[128];
	snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpuidle/state%zu/%s", cpu, k, file);
	return linux_read_line(r, path, buf, size);
}

static bool state_u64(const struct linux_root *r, int cpu, size_t k, const char *file, uint64_t *v)
{
	char path[128];
	snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpuidle/state%zu/%s", cpu, k, file);
	return linux_read_u64(r, path, v);
}

bool linux_cpuidle_read(const struct linux_root *r, int cpu, struct linux_cpuidle *ci)
{
	char path[128];

	memset(ci, 0, sizeof *ci);
	ci->cpu = cpu;
	if (!linux_read_line(r, "/proc/cmdline", ci->cmdline, sizeof ci->cmdline))
		ci->cmdline[0] = '\0';
	idle_override(ci->cmdline, ci->idle_override, sizeof ci->idle_override);
	if (!linux_read_line(r, "/sys/devices/system/cpu/cpuidle/current_driver", ci->driver, sizeof ci->driver))
		snprintf(ci->driver, sizeof ci->driver, "none");
	if (!linux_read_line(r, "/sys/devices/system/cpu/cpuidle/current_governor", ci->governor, sizeof ci->governor) &&
	    !linux_read_line(r, "/sys/devices/system/cpu/cpuidle/current_governor_ro", ci->governor, sizeof ci->governor))
		ci->governor[0] = '\0';
	if (!linux_read_line(r, "/sys/devices/system/cpu/cpuidle/available_governors", ci->available_governors,
			     sizeof ci->available_governors))
		ci->available_governors[0] = '\0';
	snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpuidle", cpu);
	if (!linux_exists(r, path)) {
		if (has_word(ci->cmdline, "cpuidle.off=1"))
			snprintf(ci->why, sizeof ci->why, "cpuidle is off (cpuidle.off=1 on the kernel command line): "
				 "reboot without it to choose idle states");
		else if (ci->idle_override[0])
			snprintf(ci->why, sizeof ci->why, "cpu%d has no cpuidle states: idle=%s on the kernel command line "
				 "bypasses cpuidle; reboot without it", cpu, ci->idle_override);
		else
			snprintf(ci->why, sizeof ci->why, "cpu%d has no cpuidle states (driver %s): the kernel idles it "
				 "with its default routine, which sysfs cannot choose", cpu, ci->driver);
		return true;
	}
	ci->present = true;
	bool seen_ioport = false;
	for (size_t k = 0; k < LINUX_IDLE_STATES_MAX; k++) {
		struct linux_idle_state *s = &ci->state[k];
		uint64_t disable;
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpuidle/state%zu", cpu, k);
		if (!linux_exists(r, path))
			break;
		if (!state_file(r, cpu, k, "name", s->name, sizeof s->name) ||
		    !state_file(r, cpu, k, "desc", s->desc, sizeof s->desc) ||
		    !state_u64(r, cpu, k, "latency", &s->latency_us) || !state_u64(r, cpu, k, "disable", &disable) ||
		    !state_u64(r, cpu, k, "usage", &s->usage) || !state_u64(r, cpu, k, "time", &s->time_us)) {
			snprintf(ci->why, sizeof ci->why, "cannot read %.100s%.60s (name, desc, latency, disable, usage, time)", r->dir,
				 path);
			return false;
		}
		if (!state_u64(r, cpu, k, "residency", &s->residency_us))
			s->residency_us = 0;
		s->disabled = disable != 0;
		s->mode = linux_idle_state_mode(ci->driver, s->name, s->desc, seen_ioport, s->unmapped, sizeof s->unmapped);
		seen_ioport = seen_ioport || s->mode == IDLE_IOPORT;
		ci->count = k + 1;
	}
	return true;
}

bool linux_cpuidle_counters(const struct linux_root *r, int cpu, uint64_t usage[], uint64_t time_us[], size_t count)
{
	for (size_t k = 0; k < count; k++)
		if (!state_u64(r, cpu, k, "usage", &usage[k]) || !state_u64(r, cpu, k, "time", &time_us[k]))
			return false;
	return true;
}

int linux_cpuidle_state_of(const struct linux_cpuidle *ci, enum idle_mode mode)
{
	for (size_t k = 0; k < ci->count; k++)
		if (ci->state[k].mode == mode)
			return (int)k;
	return -1;
}

const char *linux_mode_unavailable(const struct linux_root *r, const struct linux_cpuidle *ci, enum idle_mode mode,
				   char *why, size_t size)
{
	const char *d = ci->driver;
	char path[128];

	if (mode < IDLE_MODE_COUNT)
		mode = idle_modes[mode].parks_as;
	if (mode >= IDLE_MODE_COUNT || !(idle_modes[mode].where & IDLE_IN_LINUX)) {
		snprintf(why, size, "not a mode of idlebench linux");
		return why;
	}
	if (mode == IDLE_BUSY)
		return NULL; /* a thread on the CPU (linux_busy.h): no cpuidle state needed */
	if (mode == IDLE_OFFLINE) {
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/online", ci->cpu);
		if (linux_exists(r, path))
			return NULL;
		snprintf(why, size, "cpu%d cannot be taken offline (it has no online file: the boot CPU, or "
			 "CONFIG_HOTPLUG_CPU is off)", ci->cpu);
		return why;
	}
	if (!ci->present) {
		snprintf(why, size, "%s", ci->why);
		return why;
	}
	if (linux_cpuidle_state_of(ci, mode) >= 0)
		return NULL;
	bool acpi = !strcmp(d, "acpi_idle"), intel = !strcmp(d, "intel_idle"), haltpoll = !strcmp(d, "haltpoll");
	switch (mode) {
	case IDLE_HLT:
		if (acpi && linux_cpuidle_state_of(ci, IDLE_MWAIT) >= 0)
			snprintf(why, size, "C1 is MWAIT under acpi_idle (the firmware's _CST asks for FFH MWAIT); HLT "
				 "needs idle=nomwait on the kernel command line, which needs a reboot");
		else if (intel)
			snprintf(why, size, "intel_idle enters C1 with MWAIT and has no HLT state; idle=nomwait on the "
				 "kernel command line (a reboot) makes Linux use acpi_idle and HLT");
		else
			snprintf(why, size, "driver %s offers no HLT state", d);
		break;
	case IDLE_MWAIT:
		if (haltpoll)
			snprintf(why, size, "the haltpoll driver (a KVM guest) offers only POLL and the guest's halt; "
				 "MWAIT in a guest needs the hypervisor to pass it through (e.g. KVM's "
				 "-overcommit cpu-pm=on) and a reboot");
		else if (acpi && linux_cpuidle_state_of(ci, IDLE_HLT) >= 0)
			snprintf(why, size, "acpi_idle enters C1 with HLT here (idle=nomwait, an old kernel that prefers "
				 "HLT on this vendor, or a _CST without FFH); MWAIT C1 needs a kernel without idle=nomwait "
				 "and a reboot");
		else
			snprintf(why, size, "driver %s offers no MWAIT C1 state", d);
		break;
	case IDLE_IOPORT:
		if (intel)
			snprintf(why, size, "intel_idle enters C-states with MWAIT; the firmware's I/O-port C-states are "
				 "used by acpi_idle only (intel_idle.max_cstate=0 on the kernel command line, a reboot)");
		else
			snprintf(why, size, "driver %s offers no I/O-port C-state (acpi_idle takes one from the "
				 "firmware's _CST or P_BLK: see `idlebench inspect` on an acpidump)", d);
		break;
	case IDLE_POLL:
		snprintf(why, size, "driver %s has no POLL state", d);
		break;
	default:
		snprintf(why, size, "driver %s has no state named %s", d, idle_modes[mode].name);
		break;
	}
	return why;
}

bool linux_cpuidle_same_states(const struct linux_cpuidle *a, const struct linux_cpuidle *b, char *why, size_t size)
{
	if (a->present != b->present || a->count != b->count) {
		snprintf(why, size, "cpu%d has %zu cpuidle states and cpu%d %zu: the parked CPUs must offer the same ones",
			 a->cpu, a->present ? a->count : 0, b->cpu, b->present ? b->count : 0);
		return false;
	}
	for (size_t k = 0; k < a->count; k++)
		if (strcmp(a->state[k].name, b->state[k].name) || strcmp(a->state[k].desc, b->state[k].desc)) {
			snprintf(why, size, "state%zu is %s (%s) on cpu%d but %s (%s) on cpu%d: the parked CPUs must offer "
				 "the same states", k, a->state[k].name, a->state[k].desc, a->cpu, b->state[k].name,
				 b->state[k].desc, b->cpu);
			return false;
		}
	return true;
}

const char *linux_c1_entry(const struct linux_cpuidle *ci)
{
	unsigned long hint;

	if (!ci->present)
		return "none";
	if (linux_cpuidle_state_of(ci, IDLE_MWAIT) >= 0)
		return "mwait";
	/* A C1 the firmware's _CST enters with another hint ("ACPI FFH MWAIT
	 * 0x1": mode c1e, not mwait) is still MWAIT: the boot's C1 is no HLT. */
	for (size_t k = 0; k < ci->count; k++)
		if (!strcmp(ci->state[k].name, "C1") && mwait_hint(ci->state[k].desc, &hint))
			return "mwait";
	return linux_cpuidle_state_of(ci, IDLE_HLT) >= 0 ? "hlt" : "none";
}
