/* Platform discovery glue: hardware access (CPUID, MSRs, memory) here, the
 * decoding in the freestanding parsers of platform/acpi, platform/cpu,
 * platform/smbios, kernel/time. */
#include "platform/acpi/acpi_format.h"
#include "platform/acpi/acpi_rsdp.h"
#include "kernel/arch/apic_id.h"
#include "platform/cpu/cpuid_native.h"
#include "kernel/arch/msr.h"
#include "kernel/arch/x86.h"
#include "kernel/platform/efi_config.h"
#include "lib/fmt.h"
#include "platform/cpu/cache_info.h"
#include "kernel/cpu/machine_state.h"
#include "lib/hash64.h"
#include "lib/mem.h"
#include "core/platform/cpu_identity_meta.h"
#include "core/platform/machine_id.h"
#include "core/platform/hypervisor_name.h"
#include "kernel/platform/platform.h"
#include "kernel/time/delay.h"

#define MSR_AMD_CSTATE_BASE   0xC0010073u
/* The registers platform/acpi/acpi_c2.c judges (sources there). */
#define MSR_AMD_PWR_MGT_MISC  0xC0010292u
#define MSR_AMD_CSTATE_POLICY 0xC0010294u
#define MSR_AMD_CSTATE_CFG    0xC0010296u
/* Intel SDM vol. 4 (the MSR tables; vol. 3C ch. 35 in older editions, e.g.
 * table 35-23 for Ivy Bridge): */
#define MSR_PKG_CST_CONFIG    0xE2u  /* MSR_PKG_CST_CONFIG_CONTROL, bit 10 I/O MWAIT redirection enable */
#define MSR_PMG_IO_CAPTURE    0xE4u  /* MSR_PMG_IO_CAPTURE_BASE: LVL_2 base 15:0, C-state range 18:16 */
/* MSR_POWER_CTL bit 1 C1E enable: Linux drivers/idle/intel_idle.c
 * c1e_promotion_disable() clears 0x2 of MSR_IA32_POWER_CTL (0x1FC); Intel's
 * reference code IdleStates.c sets B_MSR_POWER_CTL_C1E in MSR_POWER_CTL for
 * PPM_C1E. Recorded raw. */
#define MSR_POWER_CTL         0x1FCu
#define MSR_IA32_PM_ENABLE    0x770u /* IA32_PM_ENABLE: bit 0 HWP_ENABLE (vol. 3B 14.4.2) */
#define MSR_IA32_HWP_REQUEST  0x774u /* IA32_HWP_REQUEST, if CPUID.06H:EAX[7] (vol. 3B 14.4.4) */
#define MSR_IA32_BIOS_SIGN_ID 0x8Bu /* microcode revision, Intel: bits 63:32 */
#define MSR_AMD_PATCH_LEVEL   0x8Bu /* AMD/Hygon: bits 31:0 */

/* Firmware tables by physical address; ctx is the boot_info. The multiboot2
 * kernel's boot map covers 4 GiB (RAM above it is mapped later, but firmware
 * tables live below it); under the UEFI application the firmware's page
 * tables map the whole lower canonical half. */
static const void *map_phys(void *ctx, uint64_t phys, uint64_t len)
{
	const struct boot_info *bi = ctx;
	uint64_t limit = bi && bi->firmware_paging ? 1ull << 47 : 1ull << 32;

	if (!phys || phys >= limit || len > limit - phys)
		return NULL;
	return (const void *)(uintptr_t)phys;
}

static const void *map_phys_sz(void *ctx, uint64_t phys, size_t len)
{
	return map_phys(ctx, phys, len);
}

static bool is_amd_like(const struct platform *p)
{
	return p->id.vendor_id == CPU_VENDOR_AMD || p->id.vendor_id == CPU_VENDOR_HYGON;
}

/* LFENCE (set DE_CFG bit 1 if clear, as Linux does, because the timing
 * code's fences rely on it), boost and the current P-state. */
static void discover_machine_state(struct platform *p, struct cpu_msr_value hwcr)
{
	struct cpu_msr_value before = { false, 0 }, after = { false, 0 }, ctl = hwcr;

	if (cpu_lfence_wants_de_cfg(&p->id, &p->feat)) {
		before.present = rdmsr_safe(MSR_AMD_DE_CFG, &before.value) == 0;
		if (before.present && !(before.value & DE_CFG_LFENCE_SERIALIZE) &&
		    wrmsr_safe(MSR_AMD_DE_CFG, before.value | DE_CFG_LFENCE_SERIALIZE) == 0)
			after.present = rdmsr_safe(MSR_AMD_DE_CFG, &after.value) == 0;
	}
	p->lfence = cpu_lfence_decide(&p->id, &p->feat, before, after);
	if (p->id.vendor_id == CPU_VENDOR_INTEL)
		ctl.present = rdmsr_safe(MSR_IA32_MISC_ENABLE, &ctl.value) == 0;
	/* A hypervisor answers these MSRs with its own defaults (QEMU TCG: 0 for
	 * MSRs it does not know; KVM: its emulated HWCR), which say nothing
	 * about the host: not taken as measured. */
	if (p->id.hypervisor)
		ctl.present = false;
	p->boost = cpu_boost_decide(&p->id, &p->feat, ctl);
	p->hwcr = hwcr;
	if (!is_amd_like(p))
		return;
	/* Read whatever CPUID says (a fault is recorded as such): the raw
	 * values are meta for people comparing boots, not decisions. */
	p->pstate_stat.present = rdmsr_safe(MSR_AMD_PSTATE_STATUS, &p->pstate_stat.value) == 0;
	p->pstate_def0.present = rdmsr_safe(MSR_AMD_PSTATE_DEF0, &p->pstate_def0.value) == 0;
	if (p->feat.hw_pstate && p->pstate_stat.present) {
		p->pstate_known = true;
		p->pstate = (unsigned)(p->pstate_stat.value & 7);
	}
}

/* An AMD/Hygon MSR as raw meta: 16 hex digits, "fault" when the read
 * faulted (never a made-up 0), empty on other vendors (not read). */
static void write_raw_msr_meta(const struct platform *p, struct stream *s, const char *key, struct cpu_msr_value v)
{
	if (!is_amd_like(p))
		stream_meta(s, key, "");
	else if (!v.present)
		stream_meta(s, key, "fault");
	else
		stream_metaf(s, key, "0x%016llx", (unsigned long long)v.value);
}

static void discover_cpu(struct platform *p)
{
	cpu_identity_read(cpuid_native, NULL, &p->id);
	cpu_features_read(cpuid_native, NULL, &p->id, &p->feat);
	topology_read(cpuid_native, NULL, &p->id, &p->feat, &p->topo);
	cache_info_read_llc(cpuid_native, NULL, &p->id, &p->feat, &p->llc);
	p->bench_apic = cpu_apic_id();

	struct cpu_msr_value hwcr = { false, 0 };
	if (is_amd_like(p))
		hwcr.present = rdmsr_safe(MSR_AMD_HWCR, &hwcr.value) == 0;
	p->mwait = cpu_mwait_decide(&p->feat, hwcr);
	discover_machine_state(p, hwcr);

	uint64_t v;
	if (p->id.vendor_id == CPU_VENDOR_INTEL) {
		/* SDM Vol. 3A 10.11.7.1: write 0, execute CPUID(1), then read. */
		uint32_t r[4];
		if (wrmsr_safe(MSR_IA32_BIOS_SIGN_ID, 0) == 0) {
			cpuid(1, 0, r);
			if (rdmsr_safe(MSR_IA32_BIOS_SIGN_ID, &v) == 0) {
				p->microcode_known = true;
				p->microcode = v >> 32;
			}
		}
	} else if (is_amd_like(p) && rdmsr_safe(MSR_AMD_PATCH_LEVEL, &v) == 0) {
		p->microcode_known = true;
		p->microcode = (uint32_t)v;
	}
}

/* RSDP: the loader's copy (its address is its identity-mapped location),
 * PVH's pointer, else the BIOS areas (ACPI 6.5, 5.2.5.1: first KiB of the
 * EBDA, then 0xE0000-0xFFFFF). */
static uint64_t find_rsdp(const struct boot_info *bi)
{
	if (bi->rsdp_len)
		return (uint64_t)(uintptr_t)bi->rsdp;
	if (bi->rsdp_phys)
		return bi->rsdp_phys;
	if (bi->path == BOOT_PATH_UEFI)
		return 0;
	/* BDA word 0x40E: EBDA segment. The asm barrier hides the constant
	 * address from GCC's array-bounds analysis. */
	uintptr_t bda = 0x40E;
	__asm__("" : "+r"(bda));
	uint16_t ebda_seg = *(volatile uint16_t *)bda;
	uint64_t ebda = (uint64_t)ebda_seg << 4;
	uint64_t r = 0;
	if (ebda >= 0x80000 && ebda < 0xA0000)
		r = acpi_find_rsdp((const uint8_t *)(uintptr_t)ebda, ebda, 1024);
	if (!r)
		r = acpi_find_rsdp((const uint8_t *)(uintptr_t)0xE0000, 0xE0000, 0x20000);
	return r;
}

void platform_load_acpi(struct platform *p, const struct boot_info *bi)
{
	struct acpi_mem mem = { map_phys, (void *)bi };

	memset(p, 0, sizeof *p);
	acpi_tables_init(&p->tables);
	p->acpi_rsdp = find_rsdp(bi);
	p->acpi_load_status = p->acpi_rsdp ? acpi_tables_load(&p->tables, &mem, p->acpi_rsdp) : ACPI_ERR_NO_RSDP;
	if (p->acpi_load_status == ACPI_OK) {
		p->acpi_found = true;
		acpi_summarize(&p->tables, &p->acpi);
	}
}

const struct acpi_spcr_info *platform_spcr(const struct platform *p)
{
	return p->acpi_found && p->acpi.spcr_status == ACPI_OK ? &p->acpi.spcr : NULL;
}

/* One MSR through the fault-tolerant accessor: a #GP is recorded as such. */
static struct acpi_msr read_msr(uint32_t msr)
{
	struct acpi_msr m = { ACPI_MSR_NOT_READ, 0 };

	m.state = rdmsr_safe(msr, &m.value) == 0 ? ACPI_MSR_READ : ACPI_MSR_FAULTED;
	if (m.state != ACPI_MSR_READ)
		m.value = 0;
	return m;
}

/* The C-state registers of this vendor (none elsewhere; AMD before 17h
 * keeps only the CStateBaseAddr read the port decision made). */
static void read_c2_hw(struct platform *p, const struct acpi_c2_inputs *in)
{
	struct acpi_c2_hw *hw = &p->c2_hw;

	memset(hw, 0, sizeof *hw);
	hw->family = p->id.family;
	hw->hypervisor = p->id.hypervisor;
	if (is_amd_like(p)) {
		hw->vendor = ACPI_C2_VENDOR_AMD;
		if (p->id.family >= 0x10) {
			hw->cstate_base.state = in->msr_present ? ACPI_MSR_READ : ACPI_MSR_FAULTED;
			hw->cstate_base.value = in->msr_present ? in->msr_cstate_base : 0;
		}
		if (p->id.family >= 0x17) {
			hw->pwr_mgt_misc = read_msr(MSR_AMD_PWR_MGT_MISC);
			hw->cstate_policy = read_msr(MSR_AMD_CSTATE_POLICY);
			hw->cstate_cfg = read_msr(MSR_AMD_CSTATE_CFG);
		}
	} else if (p->id.vendor_id == CPU_VENDOR_INTEL) {
		hw->vendor = ACPI_C2_VENDOR_INTEL;
		hw->pkg_cst_config = read_msr(MSR_PKG_CST_CONFIG);
		hw->io_capture_base = read_msr(MSR_PMG_IO_CAPTURE);
		hw->power_ctl = read_msr(MSR_POWER_CTL);
		hw->pm_enable = read_msr(MSR_IA32_PM_ENABLE);
		/* SDM vol. 3B 14.4.2: the other HWP MSRs "may only be accessed
		 * after HWP is enabled"; before that the request is not read. */
		if (hw->pm_enable.state == ACPI_MSR_READ && (hw->pm_enable.value & 1))
			hw->hwp_request = read_msr(MSR_IA32_HWP_REQUEST);
	}
}

/* What platform_load_acpi found, as error records, and the C2 port. */
static void discover_acpi(struct platform *p, uint16_t c2port, bool c2_untrapped_run, struct stream *s)
{
	char msg[160];

	if (!p->acpi_rsdp) {
		stream_error(s, "ACPI_NO_RSDP", "no ACPI RSDP from the loader or the BIOS areas");
	} else {
		if (p->acpi_load_status != ACPI_OK) {
			fmt_snprintf(msg, sizeof msg, "ACPI root table unusable: %s", acpi_strerror(p->acpi_load_status));
			stream_error(s, "ACPI_ROOT", msg);
		}
		for (size_t i = 0; i < p->tables.count; i++) {
			const struct acpi_table *t = &p->tables.tables[i];
			if (t->status == ACPI_OK)
				continue;
			fmt_snprintf(msg, sizeof msg, "ACPI table %s at 0x%llx skipped: %s", t->signature,
				     (unsigned long long)t->phys, acpi_strerror(t->status));
			stream_error(s, "ACPI_BAD_TABLE", msg);
		}
	}

	struct acpi_c2_inputs in = { 0 };
	in.cmdline_present = c2port != 0;
	in.cmdline_port = c2port;
	in.cst = p->acpi_found && p->acpi.cst_status == ACPI_OK ? &p->acpi.cst : NULL;
	in.fadt = p->acpi_found && p->acpi.fadt_status == ACPI_OK ? &p->acpi.fadt : NULL;
	in.enabled_cpus = p->acpi_found && p->acpi.madt_status == ACPI_OK ? p->acpi.madt.cpu_count : 0;
	/* C001_0073 exists on AMD family >= 0x10 and Hygon; TCG reads it as 0,
	 * which the decision treats as "no base" (HARDWARE.md). */
	if (is_amd_like(p) && p->id.family >= 0x10)
		in.msr_present = rdmsr_safe(MSR_AMD_CSTATE_BASE, &in.msr_cstate_base) == 0;
	p->c2 = acpi_decide_c2_port(&in);
	read_c2_hw(p, &in);
	struct acpi_c2_choice choice = { p->c2.source != ACPI_C2_NONE, p->c2.port, p->c2.source == ACPI_C2_CMDLINE,
					 c2_untrapped_run };
	acpi_c2_entry_decide(&p->c2_hw, &choice, &p->c2_entry);
}

static void discover_smbios(struct platform *p, const struct boot_info *bi)
{
	struct smbios_entry e;
	enum smbios_status st = SMBIOS_ERR_NOT_FOUND;

	if (bi->efi_system_table) {
		uint64_t ep = efi_find_config_table(bi->efi_system_table, &EFI_GUID_SMBIOS3, map_phys_sz, (void *)bi);
		if (!ep)
			ep = efi_find_config_table(bi->efi_system_table, &EFI_GUID_SMBIOS, map_phys_sz, (void *)bi);
		const void *m = ep ? map_phys((void *)bi, ep, 32) : NULL;
		if (m)
			st = smbios_entry_parse(m, 32, &e);
	} else {
		st = smbios_entry_scan((const void *)(uintptr_t)0xF0000, 0x10000, &e, NULL);
	}
	if (st == SMBIOS_OK) {
		p->smbios_entry = e;
		st = smbios_read(&e, map_phys, (void *)bi, &p->smbios);
	}
	p->smbios_status = st;
}

static void discover_siblings(struct platform *p)
{
	static uint32_t cpuid_only[1];
	const uint32_t *ids = p->acpi.madt.apic_ids;
	size_t n = p->acpi.madt.cpu_count;

	if (!p->acpi_found || p->acpi.madt_status != ACPI_OK || !n) {
		/* Without a MADT we know only ourselves. */
		cpuid_only[0] = p->bench_apic;
		ids = cpuid_only;
		n = 1;
		p->sibling_note = "no usable MADT: only the boot CPU is known";
	}
	enum topology_status st = topology_siblings(p->bench_apic, p->topo.smt_shift, ids, n, p->siblings,
						    PLATFORM_MAX_SIBLINGS, &p->sibling_count);
	if (st != TOPOLOGY_OK) {
		p->sibling_count = 0;
		p->sibling_note = topology_status_text(st);
	} else if (!p->sibling_count && !p->sibling_note) {
		static char disagree[240];
		char check[200];
		if (p->topo.threads_per_core == 1 && topology_cross_check(&p->topo, check, sizeof check)) {
			/* Bochs's ryzen model with count=1:1:2 (tests/fixtures/cpuid/bochs_ryzen_smt2.txt). */
			fmt_snprintf(disagree, sizeof disagree, "one thread per core by %s, but %s",
				     topology_source_name(p->topo.source), check);
			p->sibling_note = disagree;
		} else {
			p->sibling_note = p->topo.threads_per_core > 1 ? "SMT sibling(s) not enabled in the MADT"
								       : "this core has one thread (no SMT)";
		}
	}
}

static void discover_tsc(struct platform *p, struct stream *s)
{
	struct tsc_refs refs = { 0 };

	if (p->acpi_found && p->acpi.hpet_status == ACPI_OK && p->acpi.hpet.address_space == 0)
		refs.hpet_base = p->acpi.hpet.base;
	if (p->acpi_found && p->acpi.fadt_status == ACPI_OK) {
		refs.pm_timer_port = p->acpi.fadt.pm_timer_port;
		refs.pm_timer_32bit = p->acpi.fadt.pm_timer_32bit;
	}
	p->tsc_ok = tsc_calibrate(&refs, &p->tsc);
	/* TSC delays and timeouts from here on (siblings, the UEFI hand-back check). */
	time_set_tsc_hz(p->tsc_ok ? p->tsc.hz : 0);
	if (!p->tsc_ok)
		stream_error(s, "TSC_CALIBRATION", "no reference timer (HPET, PM timer, PIT) answered");
	p->timer_overhead = tsc_measure_overhead();
}

void platform_discover(struct platform *p, const struct boot_info *bi, uint16_t c2port, bool c2_untrapped_run,
		       struct stream *s)
{
	p->boot_path = bi ? bi->path : BOOT_PATH_UNKNOWN;
	discover_cpu(p);
	discover_acpi(p, c2port, c2_untrapped_run, s);
	discover_siblings(p);
	discover_smbios(p, bi);
	discover_tsc(p, s);
}

/* `smbios_uuid_hash` (the UUID names one board; the stream carries only its
 * FNV-1a hash) and `machine_id`: the hash of what makes two runs the same
 * machine in the same state (CPU signature, microcode, SMBIOS product, UUID,
 * serial number (its hash: the serial is never written), baseboard product,
 * BIOS version, and the hypervisor's signature: under an emulator the rest
 * is generic, and TCG and KVM measure different things). idlebench report
 * pools only runs with equal ids. */
static void write_machine_id(const struct platform *p, struct stream *s)
{
	bool smb = p->smbios_status == SMBIOS_OK;
	bool uuid = smb && p->smbios.have_uuid;
	uint64_t uuid_hash = uuid ? hash64_bytes(HASH64_INIT, p->smbios.uuid, sizeof p->smbios.uuid) : 0;

	if (uuid)
		stream_metaf(s, "smbios_uuid_hash", "%016llx", (unsigned long long)uuid_hash);
	else
		stream_meta(s, "smbios_uuid_hash", "");
	struct machine_id_parts m = {
		.vendor = p->id.vendor,
		.hypervisor = hypervisor_name(p->id.hypervisor, p->id.hv_signature),
		.family = p->id.family, .model = p->id.model, .stepping = p->id.stepping,
		.microcode_known = p->microcode_known, .microcode = p->microcode,
		.product = smb ? p->smbios.system_product : "",
		.uuid_known = uuid, .uuid_hash = uuid_hash,
		.bios_version = smb ? p->smbios.bios_version : "",
		.serial_known = smb && p->smbios.have_serial, .serial_hash = p->smbios.serial_hash,
		.board_product = smb ? p->smbios.board_product : "",
	};
	uint64_t h = machine_id_hash(&m);
	stream_metaf(s, "machine_id", "%016llx", (unsigned long long)h);
}

/* The last-level cache (what the memory probes size their buffers from) and
 * the DIMMs (SMBIOS type 17): empty where CPUID or SMBIOS does not say. */
static void write_memory_meta(const struct platform *p, struct stream *s)
{
	if (p->llc.size_bytes) {
		stream_metaf(s, "llc_bytes", "%llu", (unsigned long long)p->llc.size_bytes);
		stream_metaf(s, "llc_level", "%u", p->llc.level);
	} else {
		stream_meta(s, "llc_bytes", "");
		stream_meta(s, "llc_level", "");
	}
	stream_meta(s, "llc_source", p->llc.source);
	bool dimms = p->smbios_status == SMBIOS_OK && p->smbios.dimms_populated;
	if (!dimms) {
		stream_meta(s, "dimms", "");
		stream_meta(s, "memory_mib", "");
		stream_meta(s, "memory_speed_mts", "");
		stream_meta(s, "memory_type", "");
		return;
	}
	const struct smbios_info *m = &p->smbios;
	stream_metaf(s, "dimms", "%u", m->dimms_populated);
	stream_metaf(s, "memory_mib", "%llu", (unsigned long long)m->memory_total_mib);
	if (!m->memory_speed_max_mts)
		stream_meta(s, "memory_speed_mts", "");
	else if (m->memory_speed_min_mts == m->memory_speed_max_mts)
		stream_metaf(s, "memory_speed_mts", "%u", m->memory_speed_max_mts);
	else
		stream_metaf(s, "memory_speed_mts", "%u-%u", m->memory_speed_min_mts, m->memory_speed_max_mts);
	const char *type = smbios_memory_type_name(m->memory_type);
	if (type)
		stream_meta(s, "memory_type", type);
	else
		stream_metaf(s, "memory_type", "0x%02x", m->memory_type);
}

/* The BMC the firmware describes: SMBIOS type 38 (DSP0134 7.39, the first
 * structure when there are several). Every key empty when SMBIOS was not read
 * (whether there is a BMC is then unknown); `bmc_ipmi=none` only when the
 * table was walked and holds no type 38. */
static const char *const bmc_detail_keys[] = {
	"bmc_ipmi_version", "bmc_base", "bmc_base_space", "bmc_reg_spacing", "bmc_i2c_addr", "bmc_irq",
};

static const char *bmc_space_name(enum smbios_ipmi_space space)
{
	switch (space) {
	case SMBIOS_IPMI_SPACE_IO:
		return "io";
	case SMBIOS_IPMI_SPACE_MEM:
		return "mem";
	case SMBIOS_IPMI_SPACE_SMBUS:
		return "smbus";
	}
	return "";
}

static void write_bmc_meta(const struct platform *p, struct stream *s)
{
	bool smb = p->smbios_status == SMBIOS_OK;
	const struct smbios_ipmi *b = &p->smbios.ipmi;

	if (!smb || !p->smbios.ipmi_devices) {
		stream_meta(s, "bmc_ipmi", smb ? "none" : "");
		for (size_t i = 0; i < sizeof bmc_detail_keys / sizeof bmc_detail_keys[0]; i++)
			stream_meta(s, bmc_detail_keys[i], "");
		return;
	}
	const char *name = smbios_ipmi_interface_name(b->interface);
	/* No interface at Base Address 0 (smbios.h base_zero); the raw fields
	 * stay in the keys below. */
	bool base_zero = b->base_zero;
	if (base_zero)
		stream_meta(s, "bmc_ipmi", "none");
	else if (name)
		stream_meta(s, "bmc_ipmi", name);
	else
		stream_metaf(s, "bmc_ipmi", "0x%02x", b->interface);
	stream_metaf(s, "bmc_ipmi_version", "%u.%u", b->spec_major, b->spec_minor);
	stream_metaf(s, "bmc_base", "0x%llx", (unsigned long long)b->base);
	stream_meta(s, "bmc_base_space", b->space_assumed ? "io_assumed" : bmc_space_name(b->space));
	if (b->reg_spacing)
		stream_metaf(s, "bmc_reg_spacing", "%u", b->reg_spacing);
	else
		stream_meta(s, "bmc_reg_spacing", "");
	stream_metaf(s, "bmc_i2c_addr", "0x%02x", b->i2c_addr);
	if (!b->have_modifier || b->interface == SMBIOS_IPMI_SSIF)
		stream_meta(s, "bmc_irq", "");
	else if (b->irq)
		stream_metaf(s, "bmc_irq", "%u", b->irq);
	else
		stream_meta(s, "bmc_irq", "none");
	if (base_zero)
		stream_text(s, "bmc: SMBIOS type 38 (%s) with Base Address 0: no interface there (Linux ignores such entries)",
			    name ? name : "reserved type");
}

/* A raw MSR as meta: "0x..." when read, "fault" when the read raised #GP,
 * empty when this CPU does not have it (another vendor or family). */
static void write_msr_meta(struct stream *s, const char *key, struct acpi_msr m)
{
	if (m.state == ACPI_MSR_READ)
		stream_metaf(s, key, "0x%llx", (unsigned long long)m.value);
	else
		stream_meta(s, key, m.state == ACPI_MSR_FAULTED ? "fault" : "");
}

/* The C-state registers raw and what the ioport read enters (c2_kind). */
static void write_c2_hw_meta(const struct platform *p, struct stream *s)
{
	const struct acpi_c2_hw *hw = &p->c2_hw;

	write_msr_meta(s, "amd_cstate_base", hw->cstate_base);
	write_msr_meta(s, "amd_pwr_mgt_misc", hw->pwr_mgt_misc);
	write_msr_meta(s, "amd_cstate_policy", hw->cstate_policy);
	write_msr_meta(s, "amd_cstate_cfg", hw->cstate_cfg);
	write_msr_meta(s, "intel_pkg_cst_config", hw->pkg_cst_config);
	write_msr_meta(s, "intel_io_capture_base", hw->io_capture_base);
	write_msr_meta(s, "intel_power_ctl", hw->power_ctl);
	write_msr_meta(s, "intel_pm_enable", hw->pm_enable);
	write_msr_meta(s, "intel_hwp_request", hw->hwp_request);
	stream_meta(s, "c2_kind", acpi_c2_kind_name(p->c2_entry.kind));
	stream_meta(s, "c2_trapped", p->c2.source == ACPI_C2_NONE ? "" : p->c2_entry.trapped ? "yes" : "no");
	stream_meta(s, "c2_note", p->c2_entry.note);
}

void platform_report(const struct platform *p, struct stream *s)
{
	static char text[ACPI_APIC_IDS_TEXT_MAX > ACPI_CSTATES_TEXT_MAX ? ACPI_APIC_IDS_TEXT_MAX : ACPI_CSTATES_TEXT_MAX];
	char buf[200];

	cpu_identity_write_meta(&p->id, s);
	if (p->microcode_known)
		stream_metaf(s, "microcode", "0x%llx", (unsigned long long)p->microcode);
	else
		stream_meta(s, "microcode", "");

	if (p->acpi_found && p->acpi.madt_status == ACPI_OK) {
		acpi_format_cpus(&p->acpi.madt, text, sizeof text);
		stream_meta(s, "acpi_cpus", text);
		acpi_format_apic_ids(&p->acpi.madt, text, sizeof text);
		stream_meta(s, "acpi_apic_ids", text);
	} else {
		stream_meta(s, "acpi_cpus", "");
		stream_meta(s, "acpi_apic_ids", "");
	}
	if (p->acpi_found && p->acpi.cst_status == ACPI_OK)
		acpi_format_cstates(&p->acpi.cst, text, sizeof text);
	else
		text[0] = '\0';
	stream_meta(s, "acpi_cstates", text);
	acpi_format_c2_port(&p->c2, buf, sizeof buf);
	stream_meta(s, "c2_port", buf);
	acpi_format_c2_source(&p->c2, buf, sizeof buf);
	stream_meta(s, "c2_source", buf);
	stream_meta(s, "c2_rule", acpi_c2_rule_name(p->c2.rule));
	if (p->c2.msr_port)
		stream_metaf(s, "c2_msr_port", "0x%x", p->c2.msr_port);
	else
		stream_meta(s, "c2_msr_port", "");
	stream_meta(s, "c2_msr_check", acpi_c2_msr_check_name(p->c2.msr_check));
	write_c2_hw_meta(p, s);

	cpu_mwait_format(p->mwait, buf, sizeof buf);
	stream_meta(s, "mwait", buf);
	stream_metaf(s, "mwait_c1_substates", "%u", cpu_mwait_c1_substates(&p->feat));
	stream_metaf(s, "smt_threads_per_core", "%u", p->topo.threads_per_core);
	stream_meta(s, "smt_source", topology_source_name(p->topo.source));
	stream_meta(s, "smt_check", topology_cross_check_text(&p->topo, buf, sizeof buf));
	stream_metaf(s, "bench_apic", "%u", p->bench_apic);
	topology_format_apic_list(p->siblings, p->sibling_count, buf, sizeof buf);
	stream_meta(s, "sibling_apics", buf);

	stream_metaf(s, "tsc_hz", "%llu", (unsigned long long)(p->tsc_ok ? p->tsc.hz : 0));
	stream_meta(s, "tsc_source", p->tsc_ok ? p->tsc.source : "none");
	if (p->tsc_ok && p->tsc.hpet_bits)
		stream_metaf(s, "hpet_counter_bits", "%u", p->tsc.hpet_bits);
	stream_metaf(s, "tsc_spread_hz", "%llu", (unsigned long long)(p->tsc.max_hz - p->tsc.min_hz));
	stream_meta(s, "tsc_invariant", p->feat.invariant_tsc ? "yes" : "no");
	/* CPUID 0x15 (crystal ratio) cross-check; empty when the CPU does not say. */
	if (p->feat.tsc_hz_cpuid)
		stream_metaf(s, "tsc_hz_cpuid", "%llu", (unsigned long long)p->feat.tsc_hz_cpuid);
	else
		stream_meta(s, "tsc_hz_cpuid", "");
	stream_metaf(s, "timer_overhead_cycles", "%llu", (unsigned long long)p->timer_overhead);

	bool smb = p->smbios_status == SMBIOS_OK;
	stream_meta(s, "smbios_vendor", smb ? p->smbios.system_vendor : "");
	stream_meta(s, "smbios_product", smb ? p->smbios.system_product : "");
	stream_meta(s, "smbios_board_vendor", smb ? p->smbios.board_vendor : "");
	stream_meta(s, "smbios_board", smb ? p->smbios.board_product : "");
	stream_meta(s, "bios_version", smb ? p->smbios.bios_version : "");
	stream_meta(s, "bios_date", smb ? p->smbios.bios_date : "");
	/* Which DSP0134 the table follows (the fields a structure may hold). */
	if (p->smbios_entry.major)
		stream_metaf(s, "smbios_version", "%u.%u", p->smbios_entry.major, p->smbios_entry.minor);
	else
		stream_meta(s, "smbios_version", "");
	write_bmc_meta(p, s);
	write_machine_id(p, s);
	write_memory_meta(p, s);
	stream_meta(s, "lfence_serializing", cpu_lfence_value(p->lfence));
	stream_meta(s, "lfence_source", cpu_lfence_source(p->lfence));
	stream_meta(s, "boost", cpu_boost_name(p->boost));
	if (is_amd_like(p) && p->hwcr.present && !p->id.hypervisor)
		stream_meta(s, "tsc_freq_sel", p->hwcr.value & HWCR_TSC_FREQ_SEL ? "yes" : "no");
	else
		stream_meta(s, "tsc_freq_sel", "");
	if (p->pstate_known)
		stream_metaf(s, "pstate", "%u", p->pstate);
	else
		stream_meta(s, "pstate", "");
	write_raw_msr_meta(p, s, "amd_hwcr", p->hwcr);
	write_raw_msr_meta(p, s, "amd_pstate_stat", p->pstate_stat);
	write_raw_msr_meta(p, s, "amd_pstate_def0", p->pstate_def0);

	/* The same facts for people. */
	stream_text(s, "cpu: %s (%s family 0x%x model 0x%x stepping %u)", p->id.brand, p->id.vendor,
		    p->id.family, p->id.model, p->id.stepping);
	stream_text(s, "smt: %u thread(s) per core (from %s); bench APIC %u; siblings: %s%s%s",
		    p->topo.threads_per_core, topology_source_name(p->topo.source), p->bench_apic,
		    p->sibling_count ? buf : "none", p->sibling_count ? "" : " - ",
		    p->sibling_count ? "" : p->sibling_note);
	char port[16];
	acpi_format_c2_port(&p->c2, port, sizeof port);
	stream_text(s, "acpi: %zu CPUs enabled; C2 port %s (from %s, rule %s; CStateBaseAddr+1 %s)",
		    p->acpi_found ? p->acpi.madt.cpu_count : (size_t)0, port, acpi_c2_source_name(p->c2.source),
		    acpi_c2_rule_name(p->c2.rule), acpi_c2_msr_check_name(p->c2.msr_check));
	if (p->c2.source != ACPI_C2_NONE)
		stream_text(s, "ioport: c2_kind %s, %s%s%s", acpi_c2_kind_name(p->c2_entry.kind),
			    p->c2_entry.trapped ? "the trapped port" : "not a port known to be trapped",
			    p->c2_entry.note[0] ? "; " : "", p->c2_entry.note);
	if (p->tsc_ok)
		stream_text(s, "tsc: %llu.%03llu MHz from %s over %d x %d ms (spread %llu Hz), %s, overhead %llu cycles",
			    (unsigned long long)(p->tsc.hz / 1000000), (unsigned long long)(p->tsc.hz / 1000 % 1000),
			    p->tsc.source, TSC_CALIBRATION_ROUNDS, TSC_CALIBRATION_MS,
			    (unsigned long long)(p->tsc.max_hz - p->tsc.min_hz),
			    p->feat.invariant_tsc ? "invariant" : "not invariant",
			    (unsigned long long)p->timer_overhead);
	if (smb)
		stream_text(s, "system: %s %s, BIOS %s %s", p->smbios.system_vendor, p->smbios.system_product,
			    p->smbios.bios_version, p->smbios.bios_date);
	else
		stream_text(s, "system: SMBIOS not read (%s)", smbios_status_text(p->smbios_status));
	const char *bmc = smbios_ipmi_interface_name(p->smbios.ipmi.interface);
	if (smb && p->smbios.ipmi_devices)
		stream_text(s, "bmc: IPMI %s %u.%u at %s 0x%llx (SMBIOS type 38)", bmc ? bmc : "(reserved type)",
			    p->smbios.ipmi.spec_major, p->smbios.ipmi.spec_minor, bmc_space_name(p->smbios.ipmi.space),
			    (unsigned long long)p->smbios.ipmi.base);
	else if (smb)
		stream_text(s, "bmc: none (no SMBIOS type 38)");
}
