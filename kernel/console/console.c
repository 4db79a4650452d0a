/* Console fan-out. The UARTs come from console= (console_option.h), the SPCR
 * table and PCI configuration space; the screen is chosen from what the
 * loader left: an EGA text framebuffer tag or no tag (PVH, BIOS) means VGA
 * text at 0xB8000; a direct-colour framebuffer tag (UEFI GOP) means the
 * framebuffer console. */
#include "kernel/mm/paging.h"
#include "kernel/arch/pci_config.h"
#include "kernel/console/console.h"
#include "kernel/console/fb_console.h"
#include "kernel/console/pci_uart.h"
#include "kernel/console/screen_ui.h"
#include "kernel/console/spcr_uart.h"
#include "kernel/console/uart.h"
#include "kernel/console/vga_text.h"
#include "lib/fmt.h"
#include "lib/mem.h"

/* The named items, the SPCR's UART under auto, and COM1. */
#define CONSOLE_MAX_UARTS (CONSOLE_MAX_ITEMS + 2)
#define CONSOLE_NAME_LEN 64
#define CONSOLE_WHY_LEN 128

enum screen { SCREEN_NONE, SCREEN_VGA_TEXT, SCREEN_FRAMEBUFFER };
static enum screen screen;

/* UARTs carrying the stream, each with the names it was asked by. */
static struct uart uarts[CONSOLE_MAX_UARTS];
static char uart_names[CONSOLE_MAX_UARTS][CONSOLE_NAME_LEN];
static unsigned uart_count;

/* Named consoles that could not be used, with why. */
static struct {
	char name[CONSOLE_ITEM_TEXT];
	char why[CONSOLE_WHY_LEN];
} problems[CONSOLE_MAX_UARTS];
static unsigned problem_count;
static bool fell_back;           /* every named UART failed: COM1 started for the report */
static char spcr_text[CONSOLE_WHY_LEN + 32]; /* the `spcr` meta value */
static void (*extra_sink)(const char *s, size_t n);

/* Page tables for a memory-mapped UART above the boot map's 4 GiB, before the
 * allocator exists (memory_setup runs after the console): one PDPT and one
 * PD per distinct GiB, for two such UARTs at most. */
static uint8_t early_tables[4][4096] __attribute__((aligned(4096)));
static struct phys_alloc early_alloc;
static bool early_alloc_ready;

static void problem(const char *name, const char *why)
{
	if (problem_count == CONSOLE_MAX_UARTS)
		return;
	fmt_snprintf(problems[problem_count].name, CONSOLE_ITEM_TEXT, "%s", name);
	fmt_snprintf(problems[problem_count].why, CONSOLE_WHY_LEN, "%s", why);
	problem_count++;
}

static const char *access_name(enum uart_access a)
{
	return a == UART_IO ? "io" : a == UART_MMIO ? "mmio" : "mmio32";
}

/* Make a memory-mapped UART's page reachable: the multiboot2/PVH boot map
 * covers [0, 4 GiB); the UEFI application runs on the firmware's map of all. */
static const char *map_uart(const struct uart_config *c, const struct boot_info *info)
{
	if (c->access == UART_IO || info->firmware_paging || c->base + 64 <= 0x100000000ull)
		return NULL;
	if (!early_alloc_ready) {
		struct mem_region r = { (uint64_t)(uintptr_t)early_tables, sizeof early_tables, MEM_USABLE };
		phys_alloc_init(&early_alloc, &r, 1, NULL, 0);
		early_alloc_ready = true;
	}
	if (paging_identity_map(&early_alloc, c->base & ~0xFFFull, 4096, 1))
		return "no page-table memory left to map its registers";
	return NULL;
}

static uint32_t pci_read(void *ctx, uint8_t offset)
{
	const struct console_item *it = ctx;
	return pci_config_read32(it->pci_bus, it->pci_device, it->pci_function, offset);
}

static void pci_write(void *ctx, uint8_t offset, uint32_t value)
{
	const struct console_item *it = ctx;
	pci_config_write32(it->pci_bus, it->pci_device, it->pci_function, offset, value);
}

/* Start the UART c for the console called name; an already started UART at
 * the same registers only gains the name. */
static void start_uart(const char *name, const struct uart_config *c, const struct boot_info *info)
{
	char why[CONSOLE_WHY_LEN];

	for (unsigned i = 0; i < uart_count; i++)
		if (uarts[i].cfg.access == c->access && uarts[i].cfg.base == c->base) {
			size_t len = strlen(uart_names[i]);
			fmt_snprintf(uart_names[i] + len, CONSOLE_NAME_LEN - len, "/%s", name);
			return;
		}
	if (uart_count == CONSOLE_MAX_UARTS)
		return;
	const char *map_problem = map_uart(c, info);
	if (map_problem) {
		problem(name, map_problem);
		return;
	}
	if (!uart_init(&uarts[uart_count], c)) {
		fmt_snprintf(why, sizeof why, "no UART answered at %s 0x%llx (scratch register)", access_name(c->access),
			     (unsigned long long)c->base);
		problem(name, why);
		return;
	}
	fmt_snprintf(uart_names[uart_count], CONSOLE_NAME_LEN, "%s", name);
	uart_count++;
}

static void describe_spcr(const struct acpi_spcr_info *spcr, bool usable, const struct uart_config *c,
			  const char *why)
{
	if (!spcr)
		fmt_snprintf(spcr_text, sizeof spcr_text, "none (no SPCR table)");
	else if (!usable)
		fmt_snprintf(spcr_text, sizeof spcr_text, "unusable (%s)", why);
	else if (c->baud)
		fmt_snprintf(spcr_text, sizeof spcr_text, "%s:0x%llx:%u", access_name(c->access),
			     (unsigned long long)c->base, c->baud);
	else
		fmt_snprintf(spcr_text, sizeof spcr_text, "%s:0x%llx:firmware", access_name(c->access),
			     (unsigned long long)c->base);
}

static void start_item(const struct console_item *it, const struct acpi_spcr_info *spcr, bool spcr_usable,
		       const struct uart_config *spcr_uart, const char *spcr_why, const struct boot_info *info)
{
	struct uart_config c = it->uart;

	if (it->kind == CONSOLE_SPCR) {
		if (!spcr_usable) {
			problem(it->text, spcr ? spcr_why : "the firmware has no (valid) ACPI SPCR table");
			return;
		}
		c = *spcr_uart;
	} else if (it->kind == CONSOLE_PCI) {
		struct console_item bdf = *it;
		struct pci_function_access pci = { pci_read, pci_write, &bdf };
		const char *why = pci_uart_locate(&pci, &c);
		if (why) {
			problem(it->text, why);
			return;
		}
	}
	start_uart(it->text, &c, info);
}

static void start_uarts(const struct console_request *req, const struct acpi_spcr_info *spcr,
			const struct boot_info *info)
{
	static const struct uart_config com1 = { UART_IO, 0x3F8, 115200, UART_CLOCK_PC };
	struct uart_config spcr_uart;
	char spcr_why[CONSOLE_WHY_LEN] = "";
	bool spcr_usable = spcr && spcr_uart_config(spcr, &spcr_uart, spcr_why, sizeof spcr_why);

	describe_spcr(spcr, spcr_usable, &spcr_uart, spcr_why);
	uart_count = problem_count = 0;
	fell_back = false;
	if (req->automatic) {
		/* The BMC's console when the firmware names one, and COM1 as before. */
		if (spcr_usable)
			start_uart("spcr", &spcr_uart, info);
		start_uart("ttyS0", &com1, info);
		return;
	}
	for (unsigned i = 0; i < req->count; i++)
		start_item(&req->items[i], spcr, spcr_usable, &spcr_uart, spcr_why, info);
	if (req->count && !uart_count) {
		fell_back = true;
		start_uart("ttyS0", &com1, info);
	}
}

/* The UI's styles on each screen: VGA attributes (background << 4 |
 * foreground) and framebuffer colours (foreground, background). */
static const uint8_t vga_attr[SCREEN_STYLE_COUNT] = {
	[SCREEN_STYLE_TEXT] = 0x07, [SCREEN_STYLE_HEADER] = 0x70, [SCREEN_STYLE_EMPH] = 0x0F, [SCREEN_STYLE_BAD] = 0x4F,
};
static const uint32_t fb_colours[SCREEN_STYLE_COUNT][2] = {
	[SCREEN_STYLE_TEXT] = { 0xC0C0C0, 0x000000 }, [SCREEN_STYLE_HEADER] = { 0x000000, 0xC0C0C0 },
	[SCREEN_STYLE_EMPH] = { 0xFFFFFF, 0x000000 }, [SCREEN_STYLE_BAD] = { 0xFFFFFF, 0xA00000 },
};

static void vga_put(uint32_t x, uint32_t y, char c, enum screen_style s)
{
	vga_text_put(x, y, c, vga_attr[s]);
}

static void fb_put(uint32_t x, uint32_t y, char c, enum screen_style s)
{
	fb_console_put(x, y, c, fb_colours[s][0], fb_colours[s][1]);
}

void console_init(const struct console_request *req, const struct acpi_spcr_info *spcr,
		  const struct boot_info *info)
{
	start_uarts(req, spcr, info);
	const struct boot_framebuffer *fb = &info->fb;
	if (fb->present && fb->type == 1) {
		screen = fb_console_init(fb) ? SCREEN_FRAMEBUFFER : SCREEN_NONE;
		uint32_t c, r;
		fb_console_size(&c, &r);
		if (screen == SCREEN_FRAMEBUFFER)
			screen_ui_start(fb_put, c, r);
	} else if (fb->present && fb->type == 2) {
		vga_text_init((uintptr_t)fb->addr, fb->width, fb->height);
		screen = SCREEN_VGA_TEXT;
		screen_ui_start(vga_put, fb->width, fb->height);
	} else if (info->path == BOOT_PATH_PVH || info->path == BOOT_PATH_BIOS) {
		vga_text_init(0xB8000, 80, 25);
		screen = SCREEN_VGA_TEXT;
		screen_ui_start(vga_put, 80, 25);
	} else {
		screen = SCREEN_NONE; /* UEFI without a framebuffer: serial only */
	}
}

void console_report(struct stream *s)
{
	char text[CONSOLE_MAX_UARTS * (CONSOLE_NAME_LEN + 40) + 32];
	size_t len = 0;

	text[0] = '\0';
	for (unsigned i = 0; i < uart_count; i++) {
		const struct uart_config *c = &uarts[i].cfg;
		char baud[16];
		if (c->baud)
			fmt_snprintf(baud, sizeof baud, "%u", c->baud);
		else
			fmt_snprintf(baud, sizeof baud, "firmware");
		len += (size_t)fmt_snprintf(text + len, sizeof text - len, "%s%s=%s:0x%llx:%s", len ? " " : "",
					    uart_names[i], access_name(c->access), (unsigned long long)c->base, baud);
		if (len >= sizeof text)
			len = sizeof text - 1;
	}
	if (screen != SCREEN_NONE)
		fmt_snprintf(text + len, sizeof text - len, "%sscreen=%s", len ? " " : "", console_screen_name());
	stream_meta(s, "consoles", text);
	stream_meta(s, "spcr", spcr_text);
	for (unsigned i = 0; i < problem_count; i++) {
		char msg[CONSOLE_WHY_LEN + 40];
		fmt_snprintf(msg, sizeof msg, "console %s not used: %s", problems[i].name, problems[i].why);
		stream_record(s, "error", "code=CONSOLE console=\"%s\" msg=\"%s\"", problems[i].name, msg);
	}
	if (fell_back)
		stream_text(s, "no console named by console= was usable: COM1 (ttyS0,115200) was started instead%s",
			    uart_count ? "" : ", and it did not answer either");
}

static void uarts_write(const char *s, size_t n)
{
	for (unsigned i = 0; i < uart_count; i++)
		uart_write(&uarts[i], s, n);
}

void console_write(const char *s, size_t n)
{
	uarts_write(s, n);
	if (screen_ui_active())
		screen_ui_message(s, n);
	else if (screen == SCREEN_VGA_TEXT)
		vga_text_write(s, n);
	else if (screen == SCREEN_FRAMEBUFFER)
		fb_console_write(s, n);
	if (extra_sink)
		extra_sink(s, n);
}

void console_write_stream(const char *s, size_t n)
{
	uarts_write(s, n);
	if (screen_ui_active())
		screen_ui_stream(s, n);
	else if (screen == SCREEN_VGA_TEXT)
		vga_text_write(s, n);
	else if (screen == SCREEN_FRAMEBUFFER)
		fb_console_write(s, n);
}

void console_set_extra_sink(void (*sink)(const char *s, size_t n))
{
	extra_sink = sink;
}

bool console_has_uart(void)
{
	return uart_count != 0;
}

const char *console_screen_name(void)
{
	return screen == SCREEN_VGA_TEXT ? "vga-text" : screen == SCREEN_FRAMEBUFFER ? "framebuffer" : "none";
}

void console_printf(const char *format, ...)
{
	char line[256];
	va_list ap;

	va_start(ap, format);
	int n = fmt_vsnprintf(line, sizeof line, format, ap);
	va_end(ap);
	if (n > 0)
		console_write(line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}
