/* 16550 UART (National Semiconductor PC16550D data sheet): DLAB divisor latch,
 * 8N1, FIFO enable; transmit polls LSR.THRE with a bound so a missing UART
 * (no device at the port reads 0xFF) cannot hang the run. Register n sits at
 * base + n (I/O, mmio) or base + 4n with 32-bit accesses (mmio32, as
 * DesignWare APB UARTs such as AMD's FCH UARTs need). */
#include "kernel/arch/x86.h"
#include "kernel/console/uart.h"

#define UART_THR 0 /* transmit holding (DLAB=0) */
#define UART_DLL 0 /* divisor low (DLAB=1) */
#define UART_IER 1
#define UART_DLM 1 /* divisor high (DLAB=1) */
#define UART_FCR 2
#define  UART_FCR_ENABLE_CLEAR_14 0xC7 /* enable, clear both FIFOs, 14-byte trigger */
#define UART_LCR 3
#define  UART_LCR_8N1  0x03
#define  UART_LCR_DLAB 0x80
#define UART_MCR 4
#define  UART_MCR_DTR_RTS_OUT2 0x0B
#define UART_LSR 5
#define  UART_LSR_THRE 0x20
#define UART_SCR 7

static uint8_t reg_read(const struct uart *u, unsigned reg)
{
	switch (u->cfg.access) {
	case UART_MMIO:
		return mmio_read8((uintptr_t)u->cfg.base + reg);
	case UART_MMIO32:
		return (uint8_t)mmio_read32((uintptr_t)u->cfg.base + 4 * reg);
	default:
		return inb((uint16_t)(u->cfg.base + reg));
	}
}

static void reg_write(const struct uart *u, unsigned reg, uint8_t v)
{
	switch (u->cfg.access) {
	case UART_MMIO:
		mmio_write8((uintptr_t)u->cfg.base + reg, v);
		break;
	case UART_MMIO32:
		mmio_write32((uintptr_t)u->cfg.base + 4 * reg, v);
		break;
	default:
		outb((uint16_t)(u->cfg.base + reg), v);
		break;
	}
}

bool uart_init(struct uart *u, const struct uart_config *cfg)
{
	u->cfg = *cfg;
	u->present = false;
	/* Scratch-register probe: an absent UART floats the bus (reads 0xFF). */
	reg_write(u, UART_SCR, 0x5A);
	if (reg_read(u, UART_SCR) != 0x5A)
		return false;
	reg_write(u, UART_SCR, 0xA5);
	if (reg_read(u, UART_SCR) != 0xA5)
		return false;
	reg_write(u, UART_IER, 0x00);
	uint32_t clock = cfg->clock_hz ? cfg->clock_hz : UART_CLOCK_PC;
	uint32_t divisor = cfg->baud ? clock / (16u * cfg->baud) : 0;
	if (divisor && divisor <= 0xFFFF) {
		reg_write(u, UART_LCR, UART_LCR_DLAB);
		reg_write(u, UART_DLL, divisor & 0xFF);
		reg_write(u, UART_DLM, (uint8_t)(divisor >> 8));
	}
	/* baud 0 (or a rate this clock cannot make): the divisor stays as the
	 * firmware programmed it; only the frame format and FIFOs are set. */
	reg_write(u, UART_LCR, UART_LCR_8N1);
	reg_write(u, UART_FCR, UART_FCR_ENABLE_CLEAR_14);
	reg_write(u, UART_MCR, UART_MCR_DTR_RTS_OUT2);
	u->present = true;
	return true;
}

static void put_byte(const struct uart *u, char c)
{
	/* At 9600 baud a byte takes ~1 ms; 1e6 polls is far beyond that. */
	for (unsigned spins = 0; spins < 1000000; spins++)
		if (reg_read(u, UART_LSR) & UART_LSR_THRE)
			break;
	reg_write(u, UART_THR, (uint8_t)c);
}

void uart_write(struct uart *u, const char *s, size_t n)
{
	if (!u->present)
		return;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n')
			put_byte(u, '\r');
		put_byte(u, s[i]);
	}
}
