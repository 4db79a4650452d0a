/* The machine_id recipe (core/platform/machine_id.h). */
#include "lib/fmt.h"
#include "lib/hash64.h"
#include "core/platform/machine_id.h"

uint64_t machine_id_hash(const struct machine_id_parts *m)
{
	char buf[40];
	uint64_t h = hash64_field(HASH64_INIT, m->vendor);

	h = hash64_field(h, m->hypervisor);
	fmt_snprintf(buf, sizeof buf, "%x:%x:%x", m->family, m->model, m->stepping);
	h = hash64_field(h, buf);
	fmt_snprintf(buf, sizeof buf, m->microcode_known ? "%llx" : "unknown", (unsigned long long)m->microcode);
	h = hash64_field(h, buf);
	h = hash64_field(h, m->product);
	fmt_snprintf(buf, sizeof buf, m->uuid_known ? "%016llx" : "none", (unsigned long long)m->uuid_hash);
	h = hash64_field(h, buf);
	h = hash64_field(h, m->bios_version);
	fmt_snprintf(buf, sizeof buf, m->serial_known ? "%016llx" : "none", (unsigned long long)m->serial_hash);
	h = hash64_field(h, buf);
	return hash64_field(h, m->board_product ? m->board_product : "");
}
