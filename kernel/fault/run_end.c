/* Run ending. QEMU's isa-debug-exit device exits with status (v << 1) | 1, so
 * 0x10 -> 33 means "stream ended ok" and 0x11 -> 35 means "ended in error".
 * On real hardware port 0xF4 may belong to something else: never touch it
 * there (exit=auto checks the hypervisor signature). */
#include "kernel/arch/lapic.h"
#include "kernel/arch/x86.h"
#include "kernel/console/console.h"
#include "lib/mem.h"
#include "kernel/stream/stream_cpu_lock.h"
#include "kernel/fault/run_end.h"

#define QEMU_EXIT_PORT 0xF4
#define QEMU_EXIT_OK   0x10
#define QEMU_EXIT_FAIL 0x11

struct stream run_stream;
static enum exit_action action = EXIT_AUTO;
static bool on_qemu;
static run_end_handler_fn handler;

void run_end_set_handler(run_end_handler_fn fn)
{
	handler = fn;
}

enum exit_action run_end_action(void)
{
	if (action == EXIT_AUTO)
		return on_qemu ? EXIT_QEMU : EXIT_HALT;
	return action;
}

void run_end_configure(enum exit_action a, bool under_qemu)
{
	action = a;
	on_qemu = under_qemu;
}

void run_end_halt_forever(void)
{
	for (;;) {
		cli();
		hlt();
	}
}

void run_end_reboot(void)
{
	/* Reset Control Register 0xCF9 (PCH/FCH: full reset), then the 8042
	 * keyboard controller's pulse-reset command; if both fail, halt. */
	outb(0xCF9, 0x02);
	outb(0xCF9, 0x06);
	for (int i = 0; i < 100000 && (inb(0x64) & 0x02); i++)
		cpu_pause();
	outb(0x64, 0xFE);
	run_end_halt_forever();
}

void run_end_qemu_exit(bool ok)
{
	outb(QEMU_EXIT_PORT, ok ? QEMU_EXIT_OK : QEMU_EXIT_FAIL);
}

void run_end_say_safe(void)
{
	static const char safe[] = "idlebench: results complete - safe to power off\n";

	console_write(safe, sizeof safe - 1);
}

void run_end(bool ok)
{
	static int ending;

	/* A parked CPU that faulted has printed its report; the boot CPU owns the
	 * ending (it notices the silent sibling by its acknowledgment timeouts).
	 * Whatever holds on the stream it still has go with it.
	 */
	if (!lapic_is_bsp()) {
		stream_cpu_lock_drop();
		run_end_halt_forever();
	}
	/* A fault while ending (in the handler, say) must not loop through here. */
	if (__atomic_exchange_n(&ending, 1, __ATOMIC_SEQ_CST))
		run_end_halt_forever();
	/* Hold the stream first: a takeover in this very acquire (a CPU that
	 * stalled holding it) is then counted in the note. */
	stream_hold(&run_stream);
	if (!stream_has_begun(&run_stream))
		stream_begin(&run_stream, "unknown");
	if (stream_cpu_lock_takeovers())
		stream_text(&run_stream, "note: the stream's lock was taken over %u time(s) from a CPU that wrote "
			    "nothing for 2^32 TSC ticks while holding it; lines written around then may be cut",
			    stream_cpu_lock_takeovers());
	stream_end(&run_stream, ok);
	stream_release(&run_stream);
	if (handler)
		handler(ok);

	switch (run_end_action()) {
	case EXIT_QEMU:
		run_end_qemu_exit(ok);
		break; /* not under QEMU after all: fall through to halt */
	case EXIT_REBOOT:
		run_end_reboot();
	default:
		break;
	}
	/* After the end record, so capture tools are not confused by it. */
	run_end_say_safe();
	run_end_halt_forever();
}
