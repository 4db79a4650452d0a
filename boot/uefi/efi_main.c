/* idlebench.efi: the UEFI application front end. It gathers from the
 * firmware what the kernel needs (command line, memory map, ACPI RSDP and
 * SMBIOS through the configuration table, the GOP framebuffer), takes pages
 * for everything the run allocates, then takes the boot CPU over for the
 * run (efi_switch.asm: our GDT/IDT/TSS, IF = 0 throughout, the SMT sibling
 * started with our own INIT-SIPI-SIPI like the multiboot2 kernel does) and
 * runs the same kernel_run as every other front end. When the run ends
 * (end record written, or a fault), the APs are sent INIT, the firmware's
 * CPU and interrupt-controller state is put back, and the stream, kept in
 * memory, is written to \idlebench\results\ on the stick it came from.
 *
 * Why boot services stay alive instead of ExitBootServices + our own code:
 * writing the results needs the firmware's USB/NVMe/AHCI and FAT drivers.
 * The quiet measured CPU is kept the same way as in the multiboot2 kernel
 * (IF = 0, LVT entries and 8259s masked), so firmware timers never run on it
 * during samples; design notes: docs/real-hardware.md, "The UEFI application". */
#include <efi.h>

#include "kernel/arch/cpu_setup64.h"
#include "boot/uefi/efi_cmdline.h"
#include "boot/uefi/efi_files.h"
#include "boot/uefi/efi_fw_console.h"
#include "boot/uefi/efi_hw_state.h"
#include "boot/uefi/efi_mmap.h"
#include "boot/uefi/efi_mp_check.h"
#include "boot/uefi/efi_net.h"
#include "boot/uefi/efi_result_name.h"
#include "boot/uefi/efi_secure_boot.h"
#include "boot/uefi/efi_switch.h"
#include "boot/uefi/efi_text.h"
#include "kernel/boot/boot_info.h"
#include "kernel/console/console.h"
#include "kernel/kernel_run.h"
#include "lib/fmt.h"
#include "lib/mem.h"
#include "kernel/fault/run_end.h"
#include "kernel/arch/lapic.h"
#include "kernel/arch/x86.h"
#include "kernel/smp/smp.h"
#include "kernel/console/screen_ui.h"
#include "kernel/stream/capture.h"
#include "kernel/time/delay.h"
#include "kernel/time/quiet_probe.h"

/* Memory the kernel may allocate (AP stacks, tables, workload arenas). */
#define POOL_BYTES       (64ull << 20)
#define POOL_MIN_BYTES   (16ull << 20)
/* The workload arena's memory, anywhere (the firmware maps all of it): up to
 * 1 GiB, so the probes get 4 x the LLC beside the rest on any machine that
 * has it; halved until the firmware gives it; freed when the run is over. */
#define ARENA_POOL_BYTES     (1ull << 30)
#define ARENA_POOL_MIN_BYTES (32ull << 20)
/* The boot CPU's stack during the run. */
#define STACK_BYTES      (256ull << 10)
/* The in-memory copy of the stream (the full preset writes about 0.6 MB). */
#define CAPTURE_BYTES    (16ull << 20)
#define PAGES(b)         ((UINTN)(((b) + 4095) / 4096))

static EFI_GUID gop_guid = EFI_GRAPHICS_OUTPUT_PROTOCOL_GUID;
static EFI_GUID acpi20_guid = ACPI_20_TABLE_GUID;
static EFI_GUID acpi10_guid = ACPI_TABLE_GUID;
static EFI_GUID loaded_image_guid = EFI_LOADED_IMAGE_PROTOCOL_GUID;
/* EFI_MEMORY_ATTRIBUTE_PROTOCOL (UEFI 2.10, 7.4; gnu-efi 3.0.15 has no header). */
static EFI_GUID memory_attribute_guid = { 0xf4560cf6, 0x40ec, 0x4b4a, { 0xa1, 0x92, 0xbf, 0x1d, 0x57, 0xd0, 0xb1, 0x89 } };
struct memory_attribute_protocol {
	EFI_STATUS (EFIAPI *get)(struct memory_attribute_protocol *self, EFI_PHYSICAL_ADDRESS base, UINT64 len,
				 UINT64 *attributes);
	EFI_STATUS (EFIAPI *set)(struct memory_attribute_protocol *self, EFI_PHYSICAL_ADDRESS base, UINT64 len,
				 UINT64 attributes);
	EFI_STATUS (EFIAPI *clear)(struct memory_attribute_protocol *self, EFI_PHYSICAL_ADDRESS base, UINT64 len,
				   UINT64 attributes);
};
#define EFI_MEMORY_XP_BIT 0x4000ull
#define EFI_MEMORY_RO_BIT 0x20000ull

static struct boot_info bi;
static const char *boot_error;
static struct efi_cpu_state fw_cpu;
static struct stream_capture capture;

static void ascii_from16(char *out, size_t cap, const CHAR16 *in)
{
	size_t i = 0;
	for (; in && in[i] && i + 1 < cap; i++)
		out[i] = in[i] >= 0x20 && in[i] < 0x7F ? (char)in[i] : '?';
	out[i] = 0;
}

static EFI_STATUS take_pages(EFI_BOOT_SERVICES *bs, EFI_ALLOCATE_TYPE how, EFI_MEMORY_TYPE type, uint64_t bytes,
			     uint64_t max, uint64_t *addr)
{
	EFI_PHYSICAL_ADDRESS a = max;
	EFI_STATUS st = uefi_call_wrapper(bs->AllocatePages, 4, how, type, PAGES(bytes), &a);
	*addr = EFI_ERROR(st) ? 0 : a;
	return st;
}

/* The trampoline page runs code on the siblings under the firmware's page
 * tables, and the boot CPU writes it. Firmware with the memory attribute
 * protocol may map even EfiLoaderCode pages non-executable or read-only
 * (W^X policies): clear both. Older firmware has no such protocol and maps
 * loader code executable. Returns false when the page must not be used (a
 * sibling fetching from a non-executable page would triple-fault, which on
 * most boards resets the machine); the run then reports no trampoline page. */
static bool make_trampoline_page_usable(EFI_SYSTEM_TABLE *st, uint64_t page)
{
	struct memory_attribute_protocol *ma = NULL;
	EFI_BOOT_SERVICES *bs = st->BootServices;

	if (EFI_ERROR(uefi_call_wrapper(bs->LocateProtocol, 3, &memory_attribute_guid, NULL, (void **)&ma)) || !ma)
		return true;
	if (!EFI_ERROR(uefi_call_wrapper(ma->clear, 4, ma, page, 4096, EFI_MEMORY_XP_BIT | EFI_MEMORY_RO_BIT)))
		return true;
	uefi_call_wrapper(st->ConOut->OutputString, 2, st->ConOut,
			  L"idlebench: the firmware refused to make the AP start-up page executable; no sibling can be started\r\n");
	return false;
}

/* Text on the firmware's ConOut, before the run (the kernel's consoles are
 * not up yet). */
static void conout_say(EFI_SYSTEM_TABLE *st, const char *text)
{
	CHAR16 out[128];
	size_t len = strlen(text), used;

	while (len && efi_text_crlf(text, len, &used, out, sizeof out / sizeof out[0], sizeof out[0])) {
		uefi_call_wrapper(st->ConOut->OutputString, 2, st->ConOut, out);
		text += used, len -= used;
	}
}

/* Command line: load options, else \idlebench\cmdline.txt (from the stick,
 * or over TFTP from beside the boot file when loaded over the network), else
 * defaults. */
static void read_cmdline(EFI_LOADED_IMAGE *li, EFI_FILE_HANDLE root, const struct efi_net_boot *net, char *where,
			 size_t where_cap)
{
	enum efi_cmdline_status st = EFI_CMDLINE_EMPTY;

	if (li && li->LoadOptions && li->LoadOptionsSize) {
		st = efi_cmdline_from_load_options(li->LoadOptions, li->LoadOptionsSize, bi.cmdline, sizeof bi.cmdline);
		fmt_snprintf(where, where_cap, "load options (%s)", efi_cmdline_status_text(st));
	}
	if (st == EFI_CMDLINE_EMPTY || st == EFI_CMDLINE_NOT_TEXT) {
		static char text[4096];
		char file[160] = "\\idlebench\\cmdline.txt";
		long n = -1;
		if (root) {
			n = efi_read_cmdline_file(root, text, sizeof text);
		} else if (net) {
			char path[128];
			EFI_STATUS failure = EFI_SUCCESS;
			n = efi_net_read_beside(net, "idlebench/cmdline.txt", text, sizeof text, path, sizeof path,
						&failure);
			fmt_snprintf(file, sizeof file, "tftp://%s/%s", net->server_text, path);
			if (n == EFI_NET_READ_FAILED) {
				/* Not the defaults in silence: the options the user wrote were not read. */
				static char why[224];
				fmt_snprintf(why, sizeof why, "%s could not be read over TFTP (EFI status 0x%llx); "
					     "the run would use the defaults instead of its options", file,
					     (unsigned long long)failure);
				boot_error = why;
				fmt_snprintf(where, where_cap, "%s (read failed)", file);
			}
		}
		if (n >= 0) {
			if ((size_t)n == sizeof text)
				st = EFI_CMDLINE_TOO_LONG;
			else
				st = efi_cmdline_from_file(text, (size_t)n, bi.cmdline, sizeof bi.cmdline);
			fmt_snprintf(where, where_cap, "%s (%s)", file, efi_cmdline_status_text(st));
			if (st == EFI_CMDLINE_NOT_TEXT)
				boot_error = root ? "\\idlebench\\cmdline.txt is not plain ASCII text"
						  : "the cmdline.txt read over TFTP is not plain ASCII text";
		} else if (n != EFI_NET_READ_FAILED && (!li || !li->LoadOptionsSize)) {
			fmt_snprintf(where, where_cap, "none (defaults)");
		}
	}
	if (st == EFI_CMDLINE_TOO_LONG)
		bi.cmdline_truncated = true;
	else if (st != EFI_CMDLINE_OK)
		bi.cmdline[0] = 0;
}

static void read_framebuffer(EFI_BOOT_SERVICES *bs)
{
	EFI_GRAPHICS_OUTPUT_PROTOCOL *gop = NULL;

	if (EFI_ERROR(uefi_call_wrapper(bs->LocateProtocol, 3, &gop_guid, NULL, (void **)&gop)) || !gop ||
	    !gop->Mode || !gop->Mode->Info)
		return;
	EFI_GRAPHICS_OUTPUT_MODE_INFORMATION *info = gop->Mode->Info;
	struct boot_framebuffer *fb = &bi.fb;
	/* UEFI 2.10, 12.9 EFI_GRAPHICS_PIXEL_FORMAT. */
	switch (info->PixelFormat) {
	case PixelRedGreenBlueReserved8BitPerColor:
		fb->red_pos = 0, fb->green_pos = 8, fb->blue_pos = 16;
		break;
	case PixelBlueGreenRedReserved8BitPerColor:
		fb->red_pos = 16, fb->green_pos = 8, fb->blue_pos = 0;
		break;
	default:
		return; /* bit masks or BLT only: serial only, as with no GOP */
	}
	fb->red_size = fb->green_size = fb->blue_size = 8;
	fb->present = true;
	fb->type = 1;
	fb->addr = gop->Mode->FrameBufferBase;
	fb->width = info->HorizontalResolution;
	fb->height = info->VerticalResolution;
	fb->pitch = info->PixelsPerScanLine * 4;
	fb->bpp = 32;
}

static void read_config_tables(EFI_SYSTEM_TABLE *st)
{
	bi.efi_system_table = (uintptr_t)st;
	for (int pass = 0; pass < 2 && !bi.rsdp_len; pass++) {
		EFI_GUID *want = pass == 0 ? &acpi20_guid : &acpi10_guid;
		for (UINTN i = 0; i < st->NumberOfTableEntries; i++) {
			EFI_CONFIGURATION_TABLE *t = &st->ConfigurationTable[i];
			if (memcmp(&t->VendorGuid, want, sizeof *want))
				continue;
			const uint8_t *r = t->VendorTable;
			/* ACPI 6.5, 5.2.5.3: revision >= 2 has the 36-byte form. */
			bi.rsdp_len = r[15] >= 2 ? 36 : 20;
			memcpy(bi.rsdp, r, bi.rsdp_len);
			bi.rsdp_phys = (uintptr_t)r;
			break;
		}
	}
}

/* UEFI 2.10, 7.2 GetMemoryMap: ask for the size, allocate it with room for
 * the descriptors the allocation itself adds, then read. */
static EFI_STATUS read_memory_map(EFI_BOOT_SERVICES *bs)
{
	UINTN size = 0, key, desc_size;
	UINT32 desc_version;
	void *map = NULL;
	EFI_STATUS st = uefi_call_wrapper(bs->GetMemoryMap, 5, &size, NULL, &key, &desc_size, &desc_version);

	for (int tries = 0; st == EFI_BUFFER_TOO_SMALL && tries < 4; tries++) {
		size += 8 * desc_size;
		if (EFI_ERROR(uefi_call_wrapper(bs->AllocatePool, 3, EfiLoaderData, size, &map)))
			return EFI_OUT_OF_RESOURCES;
		st = uefi_call_wrapper(bs->GetMemoryMap, 5, &size, (EFI_MEMORY_DESCRIPTOR *)map, &key, &desc_size,
				       &desc_version);
		if (st == EFI_BUFFER_TOO_SMALL) {
			uefi_call_wrapper(bs->FreePool, 1, map);
			map = NULL;
		}
	}
	if (!EFI_ERROR(st))
		bi.mmap_count = efi_mmap_convert(map, size, desc_size, bi.mmap, BOOT_MMAP_MAX, &bi.mmap_dropped);
	if (map)
		uefi_call_wrapper(bs->FreePool, 1, map);
	return st;
}

static void run_entry(void *arg)
{
	(void)arg;
	cpu_enable_machine_checks(); /* the firmware's values come back in efi_hw_restore */
	cpu_enable_simd();
	kernel_run(&bi, boot_error);
}

/* After the hand-back, when no UART carried the stream during the run
 * (console=none, or no UART answered): the whole captured stream again
 * through the firmware's consoles, and from here on everything the app
 * prints goes there too (efi_fw_console.h says which ports, and why each
 * byte goes out once). The screen showed the run already: the stream goes
 * to the firmware's consoles only. */
static void replay_on_firmware_console(EFI_SYSTEM_TABLE *st)
{
	struct efi_fw_console_ports p;

	if (console_has_uart())
		return;
	efi_fw_console_open(st, &p);
	console_set_extra_sink(efi_fw_console_write);
	console_printf("idlebench: no UART carried the stream during the run; the captured stream follows through "
		       "the firmware's console (ConOut%s; serial ports: %u, %u behind ConOut, %u written directly)\n",
		       p.conout ? "" : " missing", p.serial, p.behind_conout, p.direct);
	if (!capture.buf) {
		console_printf("idlebench: ERROR: there is no captured stream to show (no memory for it)\n");
		return;
	}
	efi_fw_console_write(capture.buf, capture.len);
	if (capture.dropped)
		console_printf("idlebench: WARNING: the stream outgrew its %llu MiB buffer: %llu bytes and the end record "
			       "are lost\n", (unsigned long long)(capture.cap >> 20), (unsigned long long)capture.dropped);
	if (efi_fw_console_failed())
		console_printf("idlebench: WARNING: %u serial port(s) stopped taking bytes (write timeout)\n",
			       efi_fw_console_failed());
}

/* Siblings smp_restore_firmware_apic_modes could not put back. */
static size_t aps_not_restored;
/* This CPU's IA32_APIC_BASE as the firmware left it. */
static uint64_t fw_bsp_apic_base;

/* run_end's handler: the end record is out; stop the APs (and put their
 * APIC mode back) while our IDT and APIC mode are still in force, then hand
 * the CPU back. */
static __attribute__((noreturn)) void run_finished(bool ok)
{
	smp_stop_all();
	aps_not_restored = smp_restore_firmware_apic_modes(fw_bsp_apic_base, 1000000);
	efi_leave_kernel(ok ? 1 : 0);
}

/* Did the hand-back work? The firmware's timer (its LAPIC or 8254 tick,
 * whose LVT/8259 state efi_hw_restore put back) must signal a 10 ms timer
 * event again; waited for by TSC, up to 1 s, so a dead tick cannot hang us. */
static void check_firmware_timer(EFI_BOOT_SERVICES *bs)
{
	EFI_EVENT ev;
	uint64_t hz = time_tsc_hz();

	if (EFI_ERROR(uefi_call_wrapper(bs->CreateEvent, 5, EVT_TIMER, 0, NULL, NULL, &ev))) {
		console_printf("idlebench: WARNING: could not create a firmware timer event to check the hand-back\n");
		return;
	}
	/* Uncalibrated (the run ended before platform discovery): 2^32 ticks,
	 * 1.4-4.3 s for a 1-3 GHz TSC. */
	uint64_t t0 = rdtsc(), deadline = t0 + (hz ? hz : 1ull << 32);
	EFI_STATUS st = uefi_call_wrapper(bs->SetTimer, 3, ev, TimerRelative, 100000);
	while (!EFI_ERROR(st) && rdtsc() < deadline) {
		if (uefi_call_wrapper(bs->CheckEvent, 1, ev) == EFI_SUCCESS) {
			if (hz)
				console_printf("idlebench: firmware timer runs again after the hand-back (10 ms event after %llu us)\n",
				    (unsigned long long)((rdtsc() - t0) * 1000000 / hz));
			else
				console_printf("idlebench: firmware timer runs again after the hand-back (10 ms event after %llu TSC ticks)\n",
				    (unsigned long long)(rdtsc() - t0));
			uefi_call_wrapper(bs->CloseEvent, 1, ev);
			return;
		}
	}
	console_printf("idlebench: WARNING: the firmware's timer did not fire within %s after the hand-back\n",
	    hz ? "1 s" : "2^32 TSC ticks");
	uefi_call_wrapper(bs->CloseEvent, 1, ev);
}

static void save_results(EFI_FILE_HANDLE root, EFI_RUNTIME_SERVICES *rt, const char *no_root_why, bool net)
{
	if (net && capture.buf) {
		/* Not an error: there is nothing to write to, by design. */
		console_printf("idlebench: %s\n", no_root_why);
		screen_ui_no_file("loaded over the network, the result is on serial");
		return;
	}
	if (capture.dropped)
		console_printf("idlebench: WARNING: the stream outgrew its %llu MiB buffer: the file is cut short, "
		    "%llu bytes and the end record are only on serial\n",
		    (unsigned long long)(capture.cap >> 20), (unsigned long long)capture.dropped);
	if (!root) {
		console_printf("idlebench: ERROR: results NOT saved to the stick: %s; the stream on serial above is complete\n",
		    no_root_why);
		screen_ui_result_file(NULL);
		return;
	}
	EFI_TIME now;
	struct result_time t, *tp = NULL;
	if (!EFI_ERROR(uefi_call_wrapper(rt->GetTime, 2, &now, NULL))) {
		t = (struct result_time){ now.Year, now.Month, now.Day, now.Hour, now.Minute, now.Second,
					  now.TimeZone == 0 };
		tp = &t;
	}
	struct efi_save_report r;
	EFI_STATUS st = efi_save_results(root, tp, capture.buf, capture.len, &r);
	if (EFI_ERROR(st))
		console_printf("idlebench: ERROR: results NOT saved to the stick (%s, step '%s', %s); "
		    "the stream on serial above is complete\n",
		    r.path[0] ? r.path : "\\idlebench\\results", r.step, efi_status_text(st));
	else
		console_printf("idlebench: results saved to %s (%llu bytes)\n", r.path, (unsigned long long)r.written);
	screen_ui_result_file(EFI_ERROR(st) ? NULL : r.path); /* the result page says where it went */
	uefi_call_wrapper(root->Close, 1, root);
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *st);

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *st)
{
	EFI_BOOT_SERVICES *bs = st->BootServices;
	EFI_LOADED_IMAGE *li = NULL;
	const char *no_root_why = "";
	char cmdline_from[200] = "none";
	static char net_why[200];
	struct efi_net_boot net;
	uint64_t pool = 0, low = 0, stack = 0, cap = 0;

	/* UEFI 2.10, 3.1.2: the boot manager arms a 5-minute watchdog. */
	uefi_call_wrapper(bs->SetWatchdogTimer, 4, 0, 0, 0, NULL);
	uefi_call_wrapper(bs->HandleProtocol, 3, image, &loaded_image_guid, (void **)&li);
	EFI_FILE_HANDLE root = efi_open_boot_volume(bs, image, &no_root_why);
	/* Over the network there is no stick: even where the loader offers a
	 * file system on the NIC (iPXE's read-only one of its downloads), the
	 * results go to serial only, and cmdline.txt comes over TFTP. */
	bool is_net = efi_net_detect(bs, li, &net);
	if (is_net) {
		if (root)
			uefi_call_wrapper(root->Close, 1, root);
		root = NULL;
		fmt_snprintf(net_why, sizeof net_why, "no file system: loaded over the network (TFTP server %s, boot file "
			     "'%s'); results on serial only", net.server_text, net.bootfile);
		no_root_why = net_why;
		conout_say(st, "idlebench: ");
		conout_say(st, net_why);
		conout_say(st, "\n");
	}

	bi.path = BOOT_PATH_EFI_APP;
	read_cmdline(li, root, is_net ? &net : NULL, cmdline_from, sizeof cmdline_from);
	char vendor[40];
	ascii_from16(vendor, sizeof vendor, st->FirmwareVendor);
	fmt_snprintf(bi.bootloader, sizeof bi.bootloader, "UEFI %u.%u %s 0x%x", st->Hdr.Revision >> 16,
		     (st->Hdr.Revision & 0xFFFF) / 10, vendor, st->FirmwareRevision);
	efi_read_secure_boot(st->RuntimeServices, bi.secure_boot, sizeof bi.secure_boot);
	if (li) {
		bi.image_base = (uintptr_t)li->ImageBase;
		bi.image_end = bi.image_base + li->ImageSize;
	}
	read_framebuffer(bs);
	read_config_tables(st);

	/* Everything the run takes comes from here: below 4 GiB for the
	 * allocator (AP stacks, tables, arenas), below 1 MiB for the trampoline
	 * page (code: firmware NX policies must not cover it). */
	take_pages(bs, AllocateMaxAddress, EfiLoaderCode, 4096, 0xFFFFF, &low);
	for (uint64_t b = POOL_BYTES; b >= POOL_MIN_BYTES && !pool; b /= 2)
		if (!EFI_ERROR(take_pages(bs, AllocateMaxAddress, EfiLoaderData, b, 0xFFFFFFFF, &pool)))
			bi.pool[bi.pool_count++] = (struct mem_region){ pool, b, MEM_USABLE };
	if (low && make_trampoline_page_usable(st, low))
		bi.pool[bi.pool_count++] = (struct mem_region){ low, 4096, MEM_USABLE };
	uint64_t arena_pool = 0, arena_pool_bytes = 0;
	for (uint64_t b = ARENA_POOL_BYTES; b >= ARENA_POOL_MIN_BYTES && !arena_pool; b /= 2)
		if (!EFI_ERROR(take_pages(bs, AllocateAnyPages, EfiLoaderData, b, 0, &arena_pool))) {
			arena_pool_bytes = b;
			bi.pool[bi.pool_count++] = (struct mem_region){ arena_pool, b, MEM_USABLE };
		}
	take_pages(bs, AllocateAnyPages, EfiLoaderData, STACK_BYTES, 0, &stack);
	take_pages(bs, AllocateAnyPages, EfiLoaderData, CAPTURE_BYTES, 0, &cap);
	if (!stack || !pool) {
		uefi_call_wrapper(st->ConOut->OutputString, 2, st->ConOut,
				  L"idlebench: the firmware gave no memory for the run\r\n");
		return EFI_OUT_OF_RESOURCES;
	}
	if (cap)
		capture = (struct stream_capture){ (char *)(uintptr_t)cap, CAPTURE_BYTES, 0, 0 };
	else
		no_root_why = "no memory for the in-memory copy of the stream";
	bi.capture = cap ? &capture : NULL;
	bi.firmware_paging = true;
	if (EFI_ERROR(read_memory_map(bs)))
		boot_error = "GetMemoryMap failed: no memory map";

	/* The same probe the run repeats with IF = 0 (kernel_run): here the
	 * firmware's timer and other interrupts are live. */
	quiet_probe_run(&bi.firmware_quiet);
	/* CET on (CR4 bit 23): clearing CR0.WP raises #GP and a stack switch
	 * breaks supervisor shadow stacks (SDM Vol. 1 17, Vol. 3A 2.5). */
	if (read_cr4() & (1ull << 23)) {
		uefi_call_wrapper(st->ConOut->OutputString, 2, st->ConOut,
				  L"idlebench: the firmware runs with CET (CR4.CET) on; idlebench.efi cannot take the CPU over. "
				  L"Use the multiboot2 kernel from the GRUB menu.\r\n");
		return EFI_UNSUPPORTED;
	}
	struct efi_hw_state hw;
	efi_hw_save(&hw);
	fw_bsp_apic_base = hw.apic_base;
	run_end_set_handler(run_finished);
	efi_mp_disable_aps(bs);
	uint64_t if0_from = rdtsc();
	int ok = efi_enter_kernel(&fw_cpu, run_entry, NULL, (void *)(uintptr_t)(stack + STACK_BYTES));
	uint64_t if0_ticks = rdtsc() - if0_from;
	efi_hw_restore(&hw);
	replay_on_firmware_console(st);
	check_firmware_timer(bs);
	if (aps_not_restored)
		console_printf("idlebench: WARNING: %llu sibling(s) could not be put back in the firmware's APIC "
			       "mode (x2apic=on under an xAPIC firmware); reset the machine before booting anything else\n",
			       (unsigned long long)aps_not_restored);

	/* A platform watchdog the firmware services from timer callbacks went
	 * unserviced for this long (docs/real-hardware.md, "Watchdogs"). */
	if (time_tsc_hz())
		console_printf("idlebench: interrupts were off for %llu s (the whole run)\n",
			       (unsigned long long)(if0_ticks / time_tsc_hz()));
	console_printf("idlebench: command line from %s\n", cmdline_from);
	/* The results first: giving the APs back calls firmware code that may
	 * wait without a bound (EDK2's EnableDisableAP re-inits the AP and spins
	 * until it answers). */
	save_results(cap ? root : NULL, st->RuntimeServices, no_root_why, is_net);
	if (aps_not_restored)
		console_printf("idlebench: the APs stay disabled in the firmware's MP services (one is not in the "
			       "firmware's APIC mode: re-enabling it could hang the firmware)\n");
	else
		efi_mp_enable_aps(bs);
	efi_mp_check_siblings(bs);
	/* The arena is the firmware's again (the pool stays: the parked CPUs'
	 * stacks and tables may still be in use where a CPU could not be handed back). */
	if (arena_pool)
		uefi_call_wrapper(bs->FreePages, 2, arena_pool, PAGES(arena_pool_bytes));

	switch (run_end_action()) {
	case EXIT_QEMU:
		run_end_qemu_exit(ok);
		break; /* not QEMU after all */
	case EXIT_REBOOT:
		/* Give a stick's write cache a moment after Flush/Close before the reset. */
		uefi_call_wrapper(bs->Stall, 1, 1000000);
		uefi_call_wrapper(st->RuntimeServices->ResetSystem, 4, EfiResetCold, EFI_SUCCESS, 0, NULL);
		break;
	default:
		break;
	}
	run_end_say_safe();
	console_printf("idlebench: press any key to return to the firmware\n");
	/* The stream replayed through ConOut (no UART carried it) scrolled over
	 * the result page on a GOP screen: the page again, for the person there. */
	if (!console_has_uart())
		screen_ui_redraw();
	UINTN index;
	uefi_call_wrapper(st->ConIn->Reset, 2, st->ConIn, FALSE);
	uefi_call_wrapper(bs->WaitForEvent, 3, 1, &st->ConIn->WaitForKey, &index);
	return ok ? EFI_SUCCESS : EFI_ABORTED;
}
