/* console= parsing (console_option.h). Ports are the PC standard COM1..COM4
 * bases that Linux's ttyS0..3 use; item names follow Linux's earlycon
 * (io, mmio, mmio32) and lspci's bus:device.function. */
#include "core/options/console_option.h"
#include "lib/mem.h"
#include "lib/parse.h"

static const uint16_t com_ports[4] = { 0x3F8, 0x2F8, 0x3E8, 0x2E8 };

static const char *const baud_reason = "baud rate must divide 115200 (e.g. 9600, 38400, 57600, 115200)";

/* Copy the n bytes at s into a NUL-terminated buffer of size cap; false when
 * they do not fit. */
static bool copy_part(char *dst, size_t cap, const char *s, size_t n)
{
	if (n >= cap)
		return false;
	memcpy(dst, s, n);
	dst[n] = '\0';
	return true;
}

static bool parse_baud(const char *text, uint32_t *baud)
{
	uint64_t b;

	if (!parse_uint(text, &b) || b == 0 || b > 115200 || 115200 % b)
		return false;
	*baud = (uint32_t)b;
	return true;
}

/* One hex field of a BDF: 1..2 digits, at most max. */
static const char *hex_field(const char *p, unsigned max, uint8_t *out)
{
	unsigned v = 0, digits = 0;

	for (; digits < 2; p++, digits++) {
		char c = *p;
		unsigned d;
		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			break;
		v = v * 16 + d;
	}
	if (!digits || v > max)
		return NULL;
	*out = (uint8_t)v;
	return p;
}

/* BB:DD.F (bus 0-ff, device 0-1f, function 0-7, hex) and nothing after. */
static bool parse_bdf(const char *s, struct console_item *it)
{
	const char *p = hex_field(s, 0xFF, &it->pci_bus);
	if (!p || *p++ != ':')
		return false;
	p = hex_field(p, 0x1F, &it->pci_device);
	if (!p || *p++ != '.')
		return false;
	p = hex_field(p, 7, &it->pci_function);
	return p && !*p;
}

/* One item of n bytes at s (not NUL-terminated there). */
static const char *parse_item(const char *s, size_t n, struct console_item *it)
{
	char text[CONSOLE_ITEM_TEXT], head[CONSOLE_ITEM_TEXT], *arg = NULL, *baud = NULL;

	memset(it, 0, sizeof *it);
	if (!copy_part(text, sizeof text, s, n) || !copy_part(head, sizeof head, s, n))
		return "console item too long";
	memcpy(it->text, text, n + 1);
	/* head = kind, arg = what follows the first comma, baud = after the second. */
	for (char *p = head; *p; p++)
		if (*p == ',') {
			*p = '\0';
			if (!arg)
				arg = p + 1;
			else if (!baud)
				baud = p + 1;
			else
				return "too many commas: expected KIND[,ADDRESS][,baud]";
		}
	it->uart.clock_hz = UART_CLOCK_PC;

	if (!strncmp(head, "ttyS", 4) && head[4] >= '0' && head[4] <= '3' && !head[5]) {
		if (baud)
			return "expected ttySN or ttySN,baud";
		it->kind = CONSOLE_TTYS;
		it->uart.access = UART_IO;
		it->uart.base = com_ports[head[4] - '0'];
		it->uart.baud = 115200;
		if (arg && !parse_baud(arg, &it->uart.baud))
			return baud_reason;
		return NULL;
	}
	if (!strcmp(head, "spcr")) {
		it->kind = CONSOLE_SPCR;
		return arg ? "spcr takes no address or baud rate (the table gives them)" : NULL;
	}

	uint64_t addr;
	if (!strcmp(head, "pci")) {
		it->kind = CONSOLE_PCI;
		if (!arg || !parse_bdf(arg, it))
			return "expected pci,BB:DD.F[,baud] (hex bus:device.function, as lspci prints it)";
	} else if (!strcmp(head, "io") || !strcmp(head, "mmio") || !strcmp(head, "mmio32")) {
		it->kind = head[0] == 'i' ? CONSOLE_IO : head[4] ? CONSOLE_MMIO32 : CONSOLE_MMIO;
		it->uart.access = it->kind == CONSOLE_IO ? UART_IO : it->kind == CONSOLE_MMIO ? UART_MMIO : UART_MMIO32;
		if (!arg || !parse_uint(arg, &addr) || addr == 0)
			return it->kind == CONSOLE_IO ? "expected io,0xPORT[,baud]" : "expected mmio,0xADDR[,baud] or mmio32,0xADDR[,baud]";
		if (it->kind == CONSOLE_IO && addr > 0xFFF8)
			return "I/O port must leave room for 8 registers below 0x10000";
		if (it->kind != CONSOLE_IO && addr >= (1ull << 47))
			return "address beyond the 47-bit identity map";
		it->uart.base = addr;
	} else {
		return "expected auto, none, or ttyS0..3[,baud], spcr, io,0xPORT, mmio,0xADDR, mmio32,0xADDR, "
		       "pci,BB:DD.F joined by +";
	}
	if (baud && !parse_baud(baud, &it->uart.baud))
		return baud_reason;
	return NULL;
}

static const char *parse(const char *value, struct console_request *out)
{
	struct console_request r;

	memset(&r, 0, sizeof r);
	if (!strcmp(value, "auto")) {
		r.automatic = true;
		*out = r;
		return NULL;
	}
	if (!strcmp(value, "none")) {
		*out = r;
		return NULL;
	}
	const char *s = value;
	for (;;) {
		size_t n = 0;
		while (s[n] && s[n] != '+')
			n++;
		if (!n)
			return "empty console item (expected ITEM+ITEM...)";
		if (r.count == CONSOLE_MAX_ITEMS)
			return "more than 4 consoles";
		const char *why = parse_item(s, n, &r.items[r.count]);
		if (why)
			return why;
		for (unsigned i = 0; i < r.count; i++)
			if (!strcmp(r.items[i].text, r.items[r.count].text))
				return "the same console twice";
		r.count++;
		if (!s[n])
			break;
		s += n + 1;
	}
	*out = r;
	return NULL;
}

bool console_option_parse(const char *value, struct console_request *out)
{
	return parse(value, out) == NULL;
}

const char *console_option_validate(const char *value)
{
	struct console_request scratch;

	return parse(value, &scratch);
}
