/* The idle-mode table and the `modes=` list parser (freestanding). */
#include "kernel/lib/fmt.h"
#include "kernel/lib/mem.h"
#include "kernel/sibling/idle_mode.h"

const struct idle_mode_info idle_modes[IDLE_MODE_COUNT] = {
	[IDLE_HLT] = { "hlt", IDLE_WAKE_IPI, "HLT with interrupts enabled", IDLE_HLT, 0, true },
	[IDLE_MWAIT] = { "mwait", IDLE_WAKE_STORE, "MONITOR/MWAIT on the mailbox line (mwait_hint=)", IDLE_MWAIT, 0, true },
	[IDLE_IOPORT] = { "ioport", IDLE_WAKE_IPI, "read of the ACPI C2 I/O port", IDLE_IOPORT, 0, true },
	[IDLE_SPIN] = { "spin", IDLE_WAKE_STORE, "PAUSE loop (busy sibling)", IDLE_SPIN, 0, false },
	[IDLE_OFF] = { "off", IDLE_WAKE_RESTART, "not running (INIT, wait-for-SIPI)", IDLE_OFF, 0, false },
	[IDLE_HLT2] = { "hlt2", IDLE_WAKE_IPI, "control: a second hlt arm (A/A test, expect 0 %)", IDLE_HLT, 0, true },
	[IDLE_SPIKE] = { "spike", IDLE_WAKE_IPI, "control: hlt, workload does 1 % more work (expect +1.00 %)", IDLE_HLT, 1, true },
};

enum idle_mode idle_mode_from_name(const char *name, size_t len)
{
	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		if (strlen(idle_modes[m].name) == len && !memcmp(idle_modes[m].name, name, len))
			return (enum idle_mode)m;
	return IDLE_MODE_COUNT;
}

static const char *fail(char *err, size_t size, const char *what, const char *item, size_t len)
{
	char names[64];
	size_t n = 0;

	for (int m = 0; m < IDLE_MODE_COUNT && n < sizeof names; m++)
		n += (size_t)fmt_snprintf(names + n, sizeof names - n, "%s%s", m ? "," : "", idle_modes[m].name);
	fmt_snprintf(err, size, "%s '%.*s'; valid modes: %s", what, (int)len, item, names);
	return err;
}

const char *idle_modes_parse(const char *list, uint32_t *mask, char *err, size_t err_size)
{
	uint32_t m = 0;
	const char *p = list;

	for (;;) {
		const char *end = p;
		while (*end && *end != ',')
			end++;
		size_t len = (size_t)(end - p);
		if (!len)
			return fail(err, err_size, "empty item in", list, strlen(list));
		enum idle_mode mode = idle_mode_from_name(p, len);
		if (mode == IDLE_MODE_COUNT)
			return fail(err, err_size, "unknown mode", p, len);
		if (m & (1u << mode))
			return fail(err, err_size, "mode given twice:", p, len);
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
