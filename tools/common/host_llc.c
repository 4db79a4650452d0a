/* The LLC on Linux (tools/common/host_llc.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/cpu/cpuid_native.h"
#include "platform/cpu/cache_info.h"
#include "platform/cpu/cpu_features.h"
#include "platform/cpu/cpu_identity.h"
#include "tools/common/host_llc.h"

/* First line of a sysfs file, without the newline; false if unreadable. */
static bool read_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	bool ok = fgets(buf, (int)size, f) != NULL;
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

/* The highest-level data or unified cache under
 * /sys/devices/system/cpu/cpuN/cache/indexI (Documentation/ABI/testing/
 * sysfs-devices-system-cpu: `size` is like "32768K"). 0 if none. */
static uint64_t sysfs_llc_bytes(int cpu)
{
	uint64_t best = 0;
	int best_level = 0;
	for (int i = 0; i < 16; i++) {
		char path[128], level[16], type[32], size[32];
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/level", cpu, i);
		if (!read_line(path, level, sizeof level))
			break;
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/type", cpu, i);
		if (!read_line(path, type, sizeof type) || !strcmp(type, "Instruction"))
			continue;
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/size", cpu, i);
		if (!read_line(path, size, sizeof size))
			continue;
		char *end;
		uint64_t v = strtoull(size, &end, 10);
		if (*end == 'K')
			v <<= 10;
		else if (*end == 'M')
			v <<= 20;
		else if (*end != '\0')
			continue;
		if (atoi(level) > best_level && v) {
			best_level = atoi(level);
			best = v;
		}
	}
	return best;
}

void host_llc_read(int cpu, bool hypervisor, struct host_llc *out)
{
	if (hypervisor && (out->bytes = sysfs_llc_bytes(cpu)) != 0) {
		out->source = "sysfs";
		return;
	}
	struct cpu_identity id;
	struct cpu_features f;
	struct cache_llc llc;
	cpu_identity_read(cpuid_native, NULL, &id);
	cpu_features_read(cpuid_native, NULL, &id, &f);
	cache_info_read_llc(cpuid_native, NULL, &id, &f, &llc);
	out->bytes = llc.size_bytes;
	out->source = llc.source;
	if (!out->bytes && (out->bytes = sysfs_llc_bytes(cpu)) != 0)
		out->source = "sysfs";
}
