/* Console fan-out. The screen is chosen from what the loader left: an EGA
 * text framebuffer tag or no tag (PVH, BIOS) means VGA text at 0xB8000; a
 * direct-colour framebuffer tag (UEFI GOP) means the framebuffer console. */
#include "kernel/console/console.h"
#include "kernel/console/fb_console.h"
#include "kernel/console/serial.h"
#include "kernel/console/vga_text.h"
#include "kernel/lib/fmt.h"

enum screen { SCREEN_NONE, SCREEN_VGA_TEXT, SCREEN_FRAMEBUFFER };
static enum screen screen;

void console_init(const struct serial_config *serial, const struct boot_info *info)
{
	serial_init(serial);
	const struct boot_framebuffer *fb = &info->fb;
	if (fb->present && fb->type == 1) {
		screen = fb_console_init(fb) ? SCREEN_FRAMEBUFFER : SCREEN_NONE;
	} else if (fb->present && fb->type == 2) {
		vga_text_init((uintptr_t)fb->addr, fb->width, fb->height);
		screen = SCREEN_VGA_TEXT;
	} else if (info->path == BOOT_PATH_PVH || info->path == BOOT_PATH_BIOS) {
		vga_text_init(0xB8000, 80, 25);
		screen = SCREEN_VGA_TEXT;
	} else {
		screen = SCREEN_NONE; /* UEFI without a framebuffer: serial only */
	}
}

void console_write(const char *s, size_t n)
{
	serial_write(s, n);
	if (screen == SCREEN_VGA_TEXT)
		vga_text_write(s, n);
	else if (screen == SCREEN_FRAMEBUFFER)
		fb_console_write(s, n);
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
