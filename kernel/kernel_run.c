/* The run sequence of the boot CPU, shared by every front end (kmain.c for
 * multiboot2/PVH, boot/uefi/efi_main.c for the UEFI application): command
 * line -> consoles -> CPU tables -> stream header and metadata -> memory ->
 * platform -> siblings -> experiment -> end record. */
#include <stdbool.h>
#include <stdint.h>

#include "kernel/arch/cpu_tables.h"
#include "kernel/arch/cpuid_native.h"
#include "kernel/arch/hypervisor.h"
#include "kernel/arch/paging.h"
#include "kernel/arch/tsc.h"
#include "kernel/boot/boot_info.h"
#include "kernel/console/console.h"
#include "kernel/cpu/cpu_identity.h"
#include "kernel/lib/fmt.h"
#include "kernel/lib/mem.h"
#include "kernel/mm/phys_alloc.h"
#include "kernel/options.h"
#include "kernel/platform/platform.h"
#include "kernel/run_end.h"
#include "kernel/selftest.h"
#include "kernel/stream/stream_cpu_lock.h"
#include "kernel/sibling/sibling.h"
#include "kernel/experiment/experiment.h"
#include "kernel/kernel_run.h"
#include "kernel/stream/capture.h"
#include "kernel/time/delay.h"
#include "kernel/time/quiet_probe.h"

#ifndef IDLEBENCH_VERSION
#define IDLEBENCH_VERSION "0.0.0-unknown"
#endif

static struct boot_info boot_info;
static struct options options;
static struct cpu_tables bsp_tables;
static struct phys_alloc phys;
static struct platform platform;

static void console_sink(void *ctx, const char *bytes, size_t len)
{
	(void)ctx;
	console_write(bytes, len);
	if (boot_info.capture)
		stream_capture_append(boot_info.capture, bytes, len);
}

static void print_option_table(struct stream *s)
{
	stream_text(s, "valid options (key=value, separated by spaces):");
	for (size_t i = 0; i < option_count; i++) {
		const struct option_def *d = &option_table[i];
		if (d->type == OPT_FLAG)
			stream_text(s, "  %-10s %s", d->name, d->help);
		else
			stream_text(s, "  %s=%s  (default %s)  %s", d->name, d->allowed,
				    *d->def ? d->def : "none", d->help);
	}
}

static void emit_run_metadata(struct stream *s, const char *hypervisor)
{
	stream_meta(s, "version", IDLEBENCH_VERSION);
	stream_metaf(s, "schema", "%d", 1);
	stream_meta(s, "boot", boot_path_name(boot_info.path));
	stream_meta(s, "bootloader", boot_info.bootloader[0] ? boot_info.bootloader : "unknown");
	stream_meta(s, "cmdline", boot_info.cmdline);
	stream_meta(s, "hypervisor", hypervisor);
	stream_meta(s, "screen", console_screen_name());
	const struct boot_framebuffer *fb = &boot_info.fb;
	if (fb->present)
		stream_text(s, "screen: %s, %ux%u, %u bpp, at 0x%llx", console_screen_name(),
			    fb->width, fb->height, fb->bpp, (unsigned long long)fb->addr);
}

static void report_quiet(struct stream *s, const char *when, const struct quiet_probe *q)
{
	uint64_t hz = time_tsc_hz();
	if (!q->done || !hz)
		return;
	uint64_t ns = q->ticks * 1000000000ull / hz;
	stream_record(s, "quiet", "when=%s if=%u duration_us=%llu threshold_ns=%llu reads=%llu gaps=%llu gap_us=%llu max_gap_ns=%llu",
		      when, q->interrupts_enabled ? 1u : 0u, (unsigned long long)(ns / 1000),
		      (unsigned long long)(QUIET_PROBE_THRESHOLD * 1000000000ull / hz), (unsigned long long)q->reads,
		      (unsigned long long)q->gaps, (unsigned long long)(q->gap_ticks * 1000000ull / hz),
		      (unsigned long long)(q->max_gap * 1000000000ull / hz));
}

static void setup_memory(struct stream *s)
{
	struct phys_range kernel = { boot_info.image_base, boot_info.image_end };
	uint64_t ram = 0, top = 0;

	if (boot_info.pool_count)
		phys_alloc_init(&phys, boot_info.pool, boot_info.pool_count, &kernel, 1);
	else
		phys_alloc_init(&phys, boot_info.mmap, boot_info.mmap_count, &kernel, 1);
	for (size_t i = 0; i < boot_info.mmap_count; i++) {
		const struct mem_region *r = &boot_info.mmap[i];
		if (r->type == MEM_USABLE) {
			ram += r->length;
			if (r->base + r->length > top)
				top = r->base + r->length;
		}
		/* RAM and ACPI regions above the boot map's 4 GiB. */
		if (!boot_info.firmware_paging &&
		    (r->type == MEM_USABLE || r->type == MEM_ACPI_RECLAIMABLE || r->type == MEM_ACPI_NVS) &&
		    r->base + r->length > 0x100000000ull) {
			uint64_t b = r->base < 0x100000000ull ? 0x100000000ull : r->base;
			if (paging_identity_map(&phys, b, r->base + r->length - b, 0))
				stream_error(s, "PAGING", "out of memory for page tables; RAM above 4 GiB partly unmapped");
		}
	}
	const struct boot_framebuffer *fb = &boot_info.fb;
	if (!boot_info.firmware_paging && fb->present && fb->addr + (uint64_t)fb->pitch * fb->height > 0x100000000ull)
		paging_identity_map(&phys, fb->addr, (uint64_t)fb->pitch * fb->height, 1);
	stream_metaf(s, "ram_bytes", "%llu", (unsigned long long)ram);
	stream_text(s, "memory: %llu MiB usable in %zu regions, highest address 0x%llx",
		    (unsigned long long)(ram >> 20), boot_info.mmap_count, (unsigned long long)top);
	if (boot_info.mmap_dropped)
		stream_error(s, "MEMORY_MAP_TRUNCATED", "memory map has more regions than idlebench keeps");
}

void kernel_run(const struct boot_info *bi, const char *boot_error)
{
	boot_info = *bi;
	/* Read everything before printing anything: console= must apply to the first byte. */
	enum options_status opt_status = options_parse(&options, boot_info.cmdline);
	if (boot_info.cmdline_truncated && opt_status == OPTIONS_OK) {
		opt_status = OPTIONS_ERR_TOO_LONG;
		options.status = opt_status;
		fmt_snprintf(options.bad_token, sizeof options.bad_token, "%.40s", boot_info.cmdline);
		fmt_snprintf(options.reason, sizeof options.reason, "longer than 1024 bytes");
	}

	struct serial_config serial;
	if (!serial_console_parse(options_get(&options, "console"), &serial))
		serial_console_parse("ttyS0,115200", &serial);
	/* Our IDT first: a fault while setting up a console is then reported
	 * (under the UEFI app it would otherwise land in the firmware's handler). */
	cpu_tables_load(&bsp_tables);
	console_init(&serial, &boot_info);
	tsc_detect();

	struct cpu_identity id;
	cpu_identity_read(cpuid_native, NULL, &id);
	const char *hv = !id.hypervisor ? "none" : id.hv_signature[0] ? id.hv_signature : "unknown";
	run_end_configure(exit_action_from_name(options_get(&options, "exit")), hypervisor_is_qemu(hv));

	struct stream *s = &run_stream;
	stream_init(s, console_sink, NULL);
	stream_cpu_lock_install(s);
	stream_begin(s, IDLEBENCH_VERSION);
	emit_run_metadata(s, hv);

	if (boot_error) {
		stream_error(s, "BOOT_INFO", boot_error);
		run_end(false);
	}
	if (opt_status != OPTIONS_OK) {
		char msg[300];
		fmt_snprintf(msg, sizeof msg, "%s: '%s' (%s)", options_status_name(opt_status),
			     options.bad_token, options.reason);
		char qmsg[320], qtok[96];
		stream_text(s, "command line error: %s", msg);
		print_option_table(s);
		stream_record(s, "error", "code=%s msg=%s token=%s", options_status_code(opt_status),
			      stream_quote(qmsg, sizeof qmsg, msg),
			      stream_quote(qtok, sizeof qtok, options.bad_token));
		run_end(false);
	}
	if (options_given(&options, "help")) {
		print_option_table(s);
		run_end(true);
	}

	stream_text(s, "idlebench %s booted via %s (%s)", IDLEBENCH_VERSION, boot_path_name(boot_info.path),
		    boot_info.bootloader);
	setup_memory(s);
	selftest_raise(options_get(&options, "selftest"));

	platform_discover(&platform, &boot_info, &options, s);
	platform_report(&platform, s);
	if (options_is(&options, "run", "platform"))
		run_end(true);

	if (!sibling_bringup(&platform, &options, &phys, s))
		run_end(false);
	uint32_t usable = 0;
	bool ok = sibling_check_modes(&options, s, &usable);
	if (ok && options_is(&options, "run", "all")) {
		/* Quietness as the samples will see it: IF = 0, LVTs and 8259s masked. */
		struct quiet_probe q;
		report_quiet(s, "firmware", &boot_info.firmware_quiet);
		quiet_probe_run(&q);
		report_quiet(s, "run", &q);
		struct plan plan;
		plan_from_options(&plan, &options, platform.id.hypervisor, usable);
		ok = experiment_run(&plan, &platform, options_get(&options, "placement"), &phys, s);
	}
	run_end(ok);
}
