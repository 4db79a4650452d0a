/* The idle-mode table and the `modes=` list parser (freestanding). */
#include "lib/fmt.h"
#include "lib/mem.h"
#include "core/sibling/idle_mode.h"

const struct idle_mode_info idle_modes[IDLE_MODE_COUNT] = {
#define BOTH (IDLE_IN_KERNEL | IDLE_IN_LINUX)
	[IDLE_HLT] = { "hlt", IDLE_WAKE_IPI, "HLT with interrupts enabled", IDLE_HLT, 0, true, BOTH },
	[IDLE_MWAIT] = { "mwait", IDLE_WAKE_STORE, "MONITOR/MWAIT on the mailbox line (mwait_hint=)", IDLE_MWAIT, 0, true, BOTH },
	[IDLE_IOPORT] = { "ioport", IDLE_WAKE_IPI, "read of the ACPI C2 I/O port", IDLE_IOPORT, 0, true, BOTH },
	[IDLE_SPIN] = { "spin", IDLE_WAKE_STORE, "PAUSE loop (busy sibling)", IDLE_SPIN, 0, false, IDLE_IN_KERNEL },
	[IDLE_OFF] = { "off", IDLE_WAKE_RESTART, "not running (INIT, wait-for-SIPI)", IDLE_OFF, 0, false, IDLE_IN_KERNEL },
	[IDLE_HLT2] = { "hlt2", IDLE_WAKE_IPI, "control: a second hlt arm (A/A test, expect 0 %)", IDLE_HLT, 0, true, BOTH },
	[IDLE_SPIKE] = { "spike", IDLE_WAKE_IPI, "control: hlt, workload does 1 % more work (expect +1.00 %)", IDLE_HLT, 1, true, BOTH },
	[IDLE_BUSY] = { "busy", IDLE_WAKE_STORE, "control: the parked CPU runs an integer workload (expect a marked slowdown)", IDLE_BUSY, 0, false, BOTH },
	[IDLE_POLL] = { "poll", IDLE_WAKE_IPI, "cpuidle POLL (poll_idle: a PAUSE loop in the Linux kernel)", IDLE_POLL, 0, false, IDLE_IN_LINUX },
	[IDLE_C1E] = { "c1e", IDLE_WAKE_IPI, "cpuidle C1E (intel_idle MWAIT 0x01)", IDLE_C1E, 0, true, IDLE_IN_LINUX },
	[IDLE_C3] = { "c3", IDLE_WAKE_IPI, "cpuidle C3", IDLE_C3, 0, true, IDLE_IN_LINUX },
	[IDLE_C6] = { "c6", IDLE_WAKE_IPI, "cpuidle C6 (intel_idle MWAIT 0x20)", IDLE_C6, 0, true, IDLE_IN_LINUX },
	[IDLE_OFFLINE] = { "offline", IDLE_WAKE_RESTART, "Linux CPU offline (cpuS/online = 0)", IDLE_OFFLINE, 0, false, IDLE_IN_LINUX },
#undef BOTH
};

uint32_t idle_modes_offered(unsigned where)
{
	uint32_t mask = 0;

	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		if (idle_modes[m].where & where)
			mask |= 1u << m;
	return mask;
}

enum idle_mode idle_mode_from_name(const char *name, size_t len)
{
	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		if (strlen(idle_modes[m].name) == len && !memcmp(idle_modes[m].name, name, len))
			return (enum idle_mode)m;
	return IDLE_MODE_COUNT;
}

static const char *fail(char *err, size_t size, unsigned where, const char *what, const char *item, size_t len)
{
	char names[96];
	size_t n = 0;

	for (int m = 0; m < IDLE_MODE_COUNT && n < sizeof names; m++)
		if (idle_modes[m].where & where)
			n += (size_t)fmt_snprintf(names + n, sizeof names - n, "%s%s", n ? "," : "", idle_modes[m].name);
	fmt_snprintf(err, size, "%s '%.*s'; valid modes: %s", what, (int)len, item, names);
	return err;
}

const char *idle_modes_parse(const char *list, uint32_t *mask, char *err, size_t err_size)
{
	return idle_modes_parse_in(list, IDLE_IN_KERNEL, mask, err, err_size);
}

const char *idle_modes_parse_in(const char *list, unsigned where, uint32_t *mask, char *err, size_t err_size)
{
	uint32_t m = 0;
	const char *p = list;

	for (;;) {
		const char *end = p;
		while (*end && *end != ',')
			end++;
		size_t len = (size_t)(end - p);
		if (!len)
			return fail(err, err_size, where, "empty item in", list, strlen(list));
		enum idle_mode mode = idle_mode_from_name(p, len);
		if (mode == IDLE_MODE_COUNT || !(idle_modes[mode].where & where))
			return fail(err, err_size, where, "unknown mode", p, len);
		if (m & (1u << mode))
			return fail(err, err_size, where, "mode given twice:", p, len);
		m |= 1u << mode;
		if (!*end)
			break;
		p = end + 1;
	}
	*mask = m;
	return NULL;
}

const char *idle_modes_validate(const char *value)
{
	static char err[160];
	uint32_t mask;

	return idle_modes_parse(value, &mask, err, sizeof err);
}

const char *idle_modes_validate_linux(const char *value)
{
	static char err[200];
	uint32_t mask;

	return idle_modes_parse_in(value, IDLE_IN_LINUX, &mask, err, sizeof err);
}
