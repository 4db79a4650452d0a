/* The run sequence of the boot CPU, shared by every front end (kmain.c for
 * multiboot2/PVH, boot/uefi/efi_main.c for the UEFI application). Each step
 * is one call; the work lives in the callees. */
#include <stdbool.h>
#include <stdint.h>

#include "kernel/arch/apic_id.h"
#include "kernel/arch/cpu_tables.h"
#include "platform/cpu/cpuid_native.h"
#include "kernel/arch/hypervisor.h"
#include "kernel/arch/lapic.h"
#include "kernel/arch/tsc.h"
#include "kernel/arch/x86.h"
#include "kernel/boot/boot_info.h"
#include "kernel/console/console.h"
#include "platform/cpu/cpu_identity.h"
#include "kernel/experiment/boot_seed.h"
#include "kernel/experiment/experiment.h"
#include "kernel/experiment/measured_cpu.h"
#include "kernel/fault/fault_report.h"
#include "kernel/kernel_run.h"
#include "kernel/mm/memory_setup.h"
#include "kernel/mm/phys_alloc.h"
#include "core/options/option_table.h"
#include "kernel/platform/platform.h"
#include "kernel/run_config.h"
#include "kernel/fault/run_end.h"
#include "kernel/fault/selftest.h"
#include "kernel/sibling/others.h"
#include "kernel/sibling/sibling.h"
#include "kernel/smp/smp.h"
#include "kernel/stream/capture.h"
#include "core/stream/schema.h"
#include "core/platform/hypervisor_name.h"
#include "kernel/stream/stray_record.h"
#include "kernel/stream/stream_cpu_lock.h"
#include "kernel/time/quiet_probe.h"

#include "version.h" /* IDLEBENCH_VERSION, generated (mk/kernel.mk) */

static struct boot_info boot_info;
static struct options options;
static struct run_config cfg;
static struct cpu_tables bsp_tables;
static struct phys_alloc phys;
static struct platform platform;

static void console_sink(void *ctx, const char *bytes, size_t len)
{
	(void)ctx;
	console_write_stream(bytes, len);
	if (boot_info.capture)
		stream_capture_append(boot_info.capture, bytes, len);
}

static void emit_run_metadata(struct stream *s, const char *hypervisor)
{
	stream_meta(s, "version", IDLEBENCH_VERSION);
	stream_metaf(s, "schema", "%d", STREAM_SCHEMA_VERSION);
	stream_meta(s, "boot", boot_path_name(boot_info.path));
	stream_meta(s, "bootloader", boot_info.bootloader[0] ? boot_info.bootloader : "unknown");
	if (boot_info.secure_boot[0])
		stream_meta(s, "secure_boot", boot_info.secure_boot);
	stream_meta(s, "cmdline", boot_info.cmdline);
	stream_meta(s, "label", cfg.label); /* label=: the user's name for the run, "" when not given */
	stream_meta(s, "hypervisor", hypervisor);
	stream_meta(s, "screen", console_screen_name());
	console_report(s); /* consoles, spcr, and the named consoles that failed */
	const struct boot_framebuffer *fb = &boot_info.fb;
	if (fb->present)
		stream_text(s, "screen: %s, %ux%u, %u bpp, at 0x%llx", console_screen_name(),
			    fb->width, fb->height, fb->bpp, (unsigned long long)fb->addr);
}

/* Quietness as the samples will see it (IF = 0, LVTs and 8259s masked),
 * after the firmware's as the UEFI front end measured it. */
static void report_quietness(struct stream *s)
{
	struct quiet_probe q;

	quiet_probe_report(s, "firmware", &boot_info.firmware_quiet);
	quiet_probe_run(&q);
	quiet_probe_report(s, "run", &q);
}

/* The measured CPU's APIC ID came from CPUID (platform discovery); the IPIs
 * that reach it and the MADT use the local APIC's own ID register. Firmware
 * can rewrite an xAPIC ID, so compare them once the APIC is set up; a
 * mismatch is an error record (the run goes on: the siblings were chosen by
 * CPUID's topology, which is what the report describes). */
static void check_bench_apic_id(const struct platform *p, enum selftest selftest, struct stream *s)
{
	uint32_t saved = selftest_skew_apic_id(selftest); /* selftest=apic-id: a rewritten ID */
	uint32_t lapic = lapic_id();

	selftest_restore_apic_id(selftest, saved);
	if (apic_id_agrees(p->bench_apic, lapic, lapic_x2apic()))
		return;
	stream_record(s, "error",
		      "code=APIC_ID_MISMATCH msg=\"the local APIC ID register disagrees with CPUID\" cpuid_apic=%u "
		      "lapic_apic=%u x2apic=%s",
		      p->bench_apic, lapic, lapic_x2apic() ? "on" : "off");
}

/* Whether every CPU we run can take a machine check (CR4.MCE; without it a
 * broadcast #MC shuts the machine down) and reports x87 errors as #MF
 * (CR0.NE): this CPU and each AP started, as kernel/arch/cpu_setup64.asm left them. */
static void report_machine_check_setup(struct stream *s)
{
	unsigned aps, mce, ne;

	smp_control_bits(&aps, &mce, &ne);
	mce += (read_cr4() & CR4_MCE) != 0;
	ne += (read_cr0() & CR0_NE) != 0;
	stream_metaf(s, "cr4_mce", "%u/%u", mce, aps + 1);
	stream_metaf(s, "cr0_ne", "%u/%u", ne, aps + 1);
}

void kernel_run(const struct boot_info *bi, const char *boot_error)
{
	boot_info = *bi;
	/* Command line first, read once into cfg: console= applies to the first byte. */
	enum options_status opt_status =
		options_parse(&options, &kernel_options, boot_info.cmdline, boot_info.cmdline_truncated);
	run_config_resolve(&cfg, &options);

	/* Our IDT, with the fault report as the handler of every exception, before
	 * any console: a fault while setting one up is then reported (under the
	 * UEFI app it would otherwise land in the firmware's handler). No step
	 * before this loads an IDT of ours, so none could reach the handler. */
	fault_report_install();
	cpu_tables_load(&bsp_tables);
	/* The exit action needs to know whether QEMU runs us (CPUID only), even
	 * for a fault before anything else. */
	struct cpu_identity id;
	cpu_identity_read(cpuid_native, NULL, &id);
	const char *hv = hypervisor_name(id.hypervisor, id.hv_signature);
	run_end_configure(cfg.exit, hypervisor_is_qemu(hv));
	/* The consoles that need no ACPI (COM1, console= ports, the screen) and
	 * the stream's sink, so that a fault while the tables are read is seen;
	 * then again with the SPCR, which names the BMC's console. */
	console_init(&cfg.console, NULL, &boot_info);
	struct stream *s = &run_stream;
	stream_init(s, console_sink, NULL);
	stream_cpu_lock_install(s);
	selftest_raise_early(cfg.selftest);   /* selftest=early-ud: fault here on purpose */
	platform_load_acpi(&platform, &boot_info);
	console_init(&cfg.console, platform_spcr(&platform), &boot_info);
	tsc_detect();

	/* The stream: header and run metadata, one writer at a time across CPUs. */
	stream_begin(s, IDLEBENCH_VERSION);
	emit_run_metadata(s, hv);

	/* Nothing runs on a bad boot or a bad command line. */
	if (boot_error) {
		stream_error(s, "BOOT_INFO", boot_error);
		run_end(false);
	}
	if (opt_status != OPTIONS_OK) {
		option_table_report_error(s, &options);
		run_end(false);
	}
	if (cfg.help) {
		option_table_print(s);
		run_end(true);
	}

	stream_text(s, "idlebench %s booted via %s (%s)", IDLEBENCH_VERSION, boot_path_name(boot_info.path),
		    boot_info.bootloader);
	memory_setup(&phys, &boot_info, s);   /* allocator, high identity map, ram_bytes */
	selftest_raise(cfg.selftest);           /* selftest=ud|pf|gp: fault here on purpose */

	/* What the machine is: CPU, ACPI, C2 port, SMT siblings, SMBIOS, TSC. */
	platform_discover(&platform, &boot_info, cfg.c2port, cfg.c2_untrapped_run, s);
	platform_report(&platform, s);
	if (cfg.run == RUN_PLATFORM)
		run_end(true);

	/* Quiet the measured CPU, then park the others and check every mode. */
	if (!measured_cpu_quiet(&platform, cfg.x2apic, s))
		run_end(false);
	check_bench_apic_id(&platform, cfg.selftest, s); /* CPUID's APIC ID against the APIC's own */
	struct sibling_config sib = { cfg.placement, cfg.mwait_hint, cfg.selftest, (cfg.modes >> IDLE_BUSY) & 1u };
	if (!sibling_bringup(&platform, &sib, &phys, s))
		run_end(false);
	others_bringup(&platform, cfg.others, &phys, s); /* the rest of the machine in a known state */
	report_machine_check_setup(s);          /* CR4.MCE, CR0.NE on every CPU we run */
	selftest_send_stray(cfg.selftest, s); /* selftest=stray-ipi|stray-nmi: one on purpose */
	stray_record_write(s, "bringup");         /* interrupts nothing of ours sent, so far */
	uint32_t usable = 0;
	bool ok = sibling_check_modes(cfg.modes, s, &usable);
	ok &= sibling_bringup_failures() == 0;    /* a CPU restarted or faulted before its first command */

	/* The experiment, over the modes that passed. */
	if (ok && cfg.run == RUN_ALL) {
		report_quietness(s);
		struct plan plan;
		plan_resolve(&plan, &cfg.plan, platform.id.hypervisor, usable);
		if (!plan.seed_given)
			plan.seed = boot_seed(platform.feat.rdrand, &plan.seed_source);
		struct plan_conditions cond = { placement_name(cfg.placement), cfg.mwait_hint,
						platform.c2.source == ACPI_C2_NONE ? 0 : platform.c2.port, lapic_x2apic(),
						others_mode_name(cfg.others) };
		ok = experiment_run(&plan, &platform, &cond, &phys, s);
	}
	ok &= others_finish(s); /* stop others=load, check its checksums */
	others_release(s);                      /* held and others=hlt CPUs: extended LVTs back, then INIT */
	ok &= sibling_release(s) == 0;          /* parked CPUs: the same */
	stray_record_write(s, "end");           /* strays since the mode checks (the experiment's) */
	run_end(ok);
}
