/* The measured CPU's APIC and interrupt masks (measured_cpu.h). */
#include "kernel/experiment/measured_cpu.h"

bool measured_cpu_quiet(const struct platform *p, enum lapic_request x2apic, struct stream *s)
{
	uint32_t max_id = p->bench_apic;
	const char *why = "";

	if (p->acpi_found && p->acpi.madt_status == ACPI_OK && p->acpi.madt.cpu_count)
		max_id = p->acpi.madt.apic_ids[p->acpi.madt.cpu_count - 1];
	enum lapic_status ls = lapic_init_bsp(x2apic, max_id, &why);
	if (ls != LAPIC_OK) {
		stream_error(s, "LAPIC", lapic_status_text(ls));
		return false;
	}
	lapic_mask_all();
	stream_meta(s, "x2apic", lapic_x2apic() ? "on" : "off");
	/* IF = 0 does not hold back an extended LVT's SMI or NMI delivery. */
	char eilvt[160];
	eilvt_meta(lapic_eilvt_mask(p->id.vendor_id == CPU_VENDOR_AMD || p->id.vendor_id == CPU_VENDOR_HYGON), eilvt,
		   sizeof eilvt);
	stream_meta(s, "amd_eilvt", eilvt);
	stream_text(s, "apic: %s mode (%s)", lapic_x2apic() ? "x2APIC" : "xAPIC", why);
	return true;
}
