/* 16550 UART (National Semiconductor PC16550D data sheet): DLAB divisor latch,
 * 8N1, FIFO enable; transmit polls LSR.THRE with a bound so a missing UART
 * (no device at the port reads 0xFF) cannot hang the run. */
#include <stdbool.h>

#include "kernel/arch/x86.h"
#include "kernel/console/serial.h"

#define UART_THR 0 /* transmit holding (DLAB=0) */
#define UART_DLL 0 /* divisor low (DLAB=1) */
#define UART_IER 1
#define UART_DLM 1 /* divisor high (DLAB=1) */
#define UART_FCR 2
#define UART_LCR 3
#define  UART_LCR_8N1  0x03
#define  UART_LCR_DLAB 0x80
#define UART_MCR 4
#define  UART_MCR_DTR_RTS_OUT2 0x0B
#define UART_LSR 5
#define  UART_LSR_THRE 0x20
#define UART_SCR 7

static uint16_t uart_base;
static bool uart_present;

void serial_init(const struct serial_config *cfg)
{
	uart_present = false;
	if (!cfg->enabled)
		return;
	uart_base = cfg->port;
	/* Scratch-register probe: an absent UART floats the bus (reads 0xFF). */
	outb(uart_base + UART_SCR, 0x5A);
	if (inb(uart_base + UART_SCR) != 0x5A)
		return;
	uint16_t divisor = (uint16_t)(115200 / cfg->baud);
	outb(uart_base + UART_IER, 0x00);
	outb(uart_base + UART_LCR, UART_LCR_DLAB);
	outb(uart_base + UART_DLL, divisor & 0xFF);
	outb(uart_base + UART_DLM, divisor >> 8);
	outb(uart_base + UART_LCR, UART_LCR_8N1);
	outb(uart_base + UART_FCR, 0xC7); /* enable, clear, 14-byte trigger */
	outb(uart_base + UART_MCR, UART_MCR_DTR_RTS_OUT2);
	uart_present = true;
}

static void put_byte(char c)
{
	/* At 9600 baud a byte takes ~1 ms; 1e6 polls is far beyond that. */
	for (unsigned spins = 0; spins < 1000000; spins++)
		if (inb(uart_base + UART_LSR) & UART_LSR_THRE)
			break;
	outb(uart_base + UART_THR, (uint8_t)c);
}

void serial_write(const char *s, size_t n)
{
	if (!uart_present)
		return;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n')
			put_byte('\r');
		put_byte(s[i]);
	}
}
