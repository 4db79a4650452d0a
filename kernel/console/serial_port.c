/* console= parsing. Ports are the PC standard COM1..COM4 bases that Linux's
 * ttyS0..3 use; the baud rate must divide the 16550's 115200 base clock. */
#include "kernel/console/serial_port.h"
#include "kernel/lib/mem.h"
#include "kernel/lib/parse.h"

static const uint16_t com_ports[4] = { 0x3F8, 0x2F8, 0x3E8, 0x2E8 };

static const char *parse(const char *value, struct serial_config *out)
{
	struct serial_config c = { 0 };

	if (!strcmp(value, "none")) {
		*out = c;
		return NULL;
	}
	if (strncmp(value, "ttyS", 4) || value[4] < '0' || value[4] > '3')
		return "expected ttyS0, ttyS1, ttyS2, ttyS3 or none";
	c.enabled = true;
	c.port = com_ports[value[4] - '0'];
	memcpy(c.name, value, 5);
	c.baud = 115200;
	if (value[5] == ',') {
		uint64_t baud;
		if (!parse_uint(value + 6, &baud) || baud == 0 || baud > 115200 || 115200 % baud)
			return "baud rate must divide 115200 (e.g. 9600, 38400, 57600, 115200)";
		c.baud = (uint32_t)baud;
	} else if (value[5]) {
		return "expected ttySN or ttySN,baud";
	}
	*out = c;
	return NULL;
}

bool serial_console_parse(const char *value, struct serial_config *out)
{
	return parse(value, out) == NULL;
}

const char *serial_console_validate(const char *value)
{
	struct serial_config c;

	return parse(value, &c);
}
