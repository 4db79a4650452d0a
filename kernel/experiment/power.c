/* Power per idle mode from the RAPL sums (freestanding). */
#include "kernel/experiment/power.h"
#include "lib/fmt.h"

bool power_sample_reliable(uint64_t ns)
{
	return ns >= (uint64_t)POWER_RELIABLE_UPDATES * POWER_RAPL_UPDATE_US * 1000;
}

double power_watts(double uj, uint64_t ns)
{
	return ns ? uj * 1e3 / (double)ns : __builtin_nan("");
}

void power_account(struct power_table *t, enum idle_mode m, uint64_t ns, double package_uj, double core_uj)
{
	struct power_mode *p = &t->mode[m];

	if (!t->package && !t->core)
		return;
	p->samples++;
	if (!power_sample_reliable(ns)) {
		p->short_samples++;
		return;
	}
	p->ns += ns;
	p->package_uj += t->package ? package_uj : 0;
	p->core_uj += t->core ? core_uj : 0;
}

/* Watts with 2 decimals, or "" (fmt_fixed's empty output for NaN). */
static const char *watts(char *buf, size_t size, bool have, double uj, uint64_t ns)
{
	fmt_fixed(buf, size, have ? power_watts(uj, ns) : __builtin_nan(""), 2);
	return buf;
}

void power_write(const struct power_table *t, uint32_t modes, struct stream *s)
{
	char line[320], pkg[24], core[24], note[120], qnote[128];
	size_t n = 0;

	fmt_append(line, sizeof line, &n, "power per mode, W (package/core):");
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		if (!(modes & (1u << m)))
			continue;
		const struct power_mode *p = &t->mode[m];
		bool have = p->ns > 0;
		watts(pkg, sizeof pkg, have && t->package, p->package_uj, p->ns);
		watts(core, sizeof core, have && t->core, p->core_uj, p->ns);
		note[0] = '\0';
		if (!t->package && !t->core)
			fmt_snprintf(note, sizeof note, "%s", t->why_none ? t->why_none : "no RAPL");
		else if (!have && p->samples)
			fmt_snprintf(note, sizeof note, "all %u samples shorter than %u RAPL updates (%u ms)", p->samples,
				     POWER_RELIABLE_UPDATES, POWER_RELIABLE_UPDATES * POWER_RAPL_UPDATE_US / 1000);
		else if (p->short_samples)
			fmt_snprintf(note, sizeof note, "%u samples shorter than %u ms left out", p->short_samples,
				     POWER_RELIABLE_UPDATES * POWER_RAPL_UPDATE_US / 1000);
		else if (!t->core)
			fmt_snprintf(note, sizeof note, "no core energy (RAPL core MSR C001_029A unreadable)");
		stream_record(s, "power", "mode=%s samples=%u reliable_samples=%u package_w=%s core_w=%s note=%s",
			      idle_modes[m].name, p->samples, p->samples - p->short_samples, pkg, core,
			      stream_quote(qnote, sizeof qnote, note));
		fmt_append(line, sizeof line, &n, " %s %s/%s", idle_modes[m].name, *pkg ? pkg : "n/a",
			   *core ? core : "n/a");
	}
	if (!t->package && !t->core)
		fmt_append(line, sizeof line, &n, " (%s)", t->why_none ? t->why_none : "no RAPL");
	stream_text(s, "%s", line);
}
