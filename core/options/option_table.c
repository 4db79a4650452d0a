/* The kernel's option table. Validators of free-text values live with the
 * code that owns their syntax (console=, modes=, workloads=); enum values are
 * listed in the order of the enums run_config.c maps them to. */
#include "core/options/console_option.h"
#include "core/experiment/plan.h"
#include "lib/fmt.h"
#include "lib/safe_name.h"
#include "core/options/option_table.h"
#include "core/sibling/idle_mode.h"
#include "core/stream/stream.h"

static const struct option_def defs[OPTION_COUNT] = {
	[OPTION_HELP] = { "help", OPT_FLAG, "", "", 0, 0,
	  "print this table and end the run", NULL },
	[OPTION_CONSOLE] = { "console", OPT_TEXT, "auto",
	  "auto|none|ITEM[+ITEM...]; ITEM = ttyS0..3[,baud]|spcr|io,0xPORT[,baud]|mmio,0xADDR[,baud]|mmio32,0xADDR[,baud]|pci,BB:DD.F[,baud]", 0, 0,
	  "serial consoles (the screen is always one): auto = the UART the ACPI SPCR names and ttyS0,115200; "
	  "without a baud rate io/mmio/mmio32/pci keep the firmware's", console_option_validate },
	[OPTION_EXIT] = { "exit", OPT_ENUM, "auto", "auto|qemu|halt|reboot", 0, 0,
	  "at the end: qemu = isa-debug-exit port 0xf4; auto = qemu under QEMU, else halt (idlebench.efi: wait for a key, then back to the firmware)", NULL },
	[OPTION_RUN] = { "run", OPT_ENUM, "all", "platform|siblings|all", 0, 0,
	  "how far to go: platform = print what idlebench sees and stop", NULL },
	[OPTION_C2PORT] = { "c2port", OPT_UINT, "", "0x1..0xffff", 1, 0xFFFF,
	  "I/O port whose read enters C2 (overrides the _CST and P_BLK rules, see c2_rule)", NULL },
	[OPTION_C2_UNTRAPPED] = { "c2_untrapped", OPT_ENUM, "refuse", "refuse|run", 0, 0,
	  "a c2port= no core is known to trap: refuse (skip ioport) or run it; an untrapped P_LVL2 read may assert "
	  "STPCLK# until a break event and stop the package (Intel ICH datasheets)", NULL },
	[OPTION_MODES] = { "modes", OPT_TEXT, IDLE_MODES_DEFAULT, "comma list of " IDLE_MODES_DEFAULT, 0, 0,
	  "idle modes for the parked CPUs; hlt2 (A/A) and spike (+1 % work) are controls; the quick "
	  "preset leaves them out unless named", idle_modes_validate },
	[OPTION_PLACEMENT] = { "placement", OPT_ENUM, "sibling", "sibling|other-core|both", 0, 0,
	  "park the SMT sibling(s), a CPU on another core (control), or both", NULL },
	[OPTION_OTHERS] = { "others", OPT_ENUM, "hlt", "leave|hlt|off|load", 0, 0,
	  "the CPUs neither measured nor parked: leave them in the firmware's loop, park them in HLT, "
	  "INIT them (wait-for-SIPI), or run an integer workload on each (all cores busy)", NULL },
	[OPTION_X2APIC] = { "x2apic", OPT_ENUM, "auto", "auto|on|off", 0, 0,
	  "local APIC mode: auto = x2APIC if firmware enabled it or IDs exceed 254", NULL },
	[OPTION_MWAIT_HINT] = { "mwait_hint", OPT_UINT, "0", "0x0..0xff", 0, 0xFF,
	  "MWAIT hint (EAX) for mode mwait: 0x00 = C1", NULL },
	[OPTION_WORKLOADS] = { "workloads", OPT_TEXT, "all", "all|int|fp|<name>,...", 0, 0,
	  "workloads to measure (comma list; help lists names via an error)", plan_workloads_validate },
	[OPTION_PRESET] = { "preset", OPT_ENUM, "auto", "auto|quick|standard|full|mechanism", 0, 0,
	  "sample plan: auto = quick under a hypervisor, standard on hardware; mechanism = the probes", NULL },
	[OPTION_REPS] = { "reps", OPT_UINT, "", "1..255", 1, 255,
	  "measured repetitions per workload and mode (overrides the preset and its precision target)", NULL },
	[OPTION_WARMUP] = { "warmup", OPT_UINT, "", "0..50", 0, 50,
	  "discarded warm-up repetitions (overrides the preset)", NULL },
	[OPTION_SAMPLE_MS] = { "sample_ms", OPT_UINT, "", "1..60000", 1, 60000,
	  "target length of one sample in ms (overrides the preset)", NULL },
	[OPTION_ORDER] = { "order", OPT_ENUM, "interleaved", "interleaved|blocked", 0, 0,
	  "interleaved: every repetition visits every mode, in a Williams-balanced order chosen by seed=; "
	  "a workload's repetitions in a row, a discarded run after each workload change", NULL },
	[OPTION_SEED] = { "seed", OPT_UINT, "", "0..2^64-1", 0, UINT64_MAX,
	  "seed of the mode order (default: a new one each boot, from RDRAND or the TSC; the stream records it)", NULL },
	[OPTION_SETTLE_US] = { "settle_us", OPT_UINT, "500", "0..1000000", 0, 1000000,
	  "wait after the parked CPUs acknowledge a mode, before the timing starts", NULL },
	[OPTION_PRECISION] = { "precision", OPT_TEXT, "", "0.01..100", 0, 0,
	  "stop when the primary result's 95% half-width is this many points (default: the preset's; "
	  "reps= fixes the count instead)", plan_precision_validate },
	[OPTION_BUDGET_S] = { "budget_s", OPT_UINT, "", "1..86400", 1, 86400,
	  "stop sampling after this many seconds at most (default: the preset's)", NULL },
	[OPTION_LABEL] = { "label", OPT_TEXT, "", "1..32 of A-Z a-z 0-9 . _ -", 0, 0,
	  "your name for this run (e.g. bios-1.2-c6off): recorded as meta label and in the result file name",
	  safe_label_validate },
	[OPTION_SELFTEST] = { "selftest", OPT_ENUM, "none", "none|ud|pf|gp|ud-in-report|sibling-ud|sibling-ud-busy|stray-ipi|apic-id|"
	  "sibling-ud-nmi|sibling-deaf|sibling-dead|stray-nmi|early-ud", 0, 0,
	  "raise this CPU exception on purpose (tests the fault report); ud-in-report: #UD, then another "
	  "inside its report; sibling-ud: #UD on the first parked CPU; "
	  "sibling-ud-busy: the same while this CPU writes lines; stray-ipi: an IPI with a vector nothing "
	  "sends (0x41) to the first parked CPU, which must count it and go on; apic-id: this CPU's xAPIC ID "
	  "register rewritten before its cross-check with CPUID (put back after); sibling-ud-nmi: sibling-ud, "
	  "and the faulting CPU sends itself an NMI inside its report; sibling-deaf: parked CPUs halt in hlt "
	  "mode with interrupts off, so only the NMI wakes them; sibling-dead: the first parked CPU ignores "
	  "its first two commands, the wake IPI and the NMI, so only INIT-SIPI-SIPI revives it; stray-nmi: "
	  "an NMI no wake expects sent to the first parked CPU, which must count it as a stray (0x02) and go on; "
	  "early-ud: #UD before the ACPI tables are read, reported on the consoles that need no ACPI",
	  NULL },
};

const struct option_table kernel_options = { defs, OPTION_COUNT };

void option_table_print(struct stream *s)
{
	stream_text(s, "valid options (key=value, separated by spaces):");
	for (size_t i = 0; i < OPTION_COUNT; i++) {
		const struct option_def *d = &defs[i];
		if (d->type == OPT_FLAG)
			stream_text(s, "  %-10s %s", d->name, d->help);
		else
			stream_text(s, "  %s=%s  (default %s)  %s", d->name, d->allowed,
				    *d->def ? d->def : "none", d->help);
	}
}

void option_table_report_error(struct stream *s, const struct options *o)
{
	char msg[300], qmsg[320], qtok[96];

	fmt_snprintf(msg, sizeof msg, "%s: '%s' (%s)", options_status_name(o->status), o->bad_token, o->reason);
	stream_text(s, "command line error: %s", msg);
	option_table_print(s);
	stream_record(s, "error", "code=%s msg=%s token=%s", options_status_code(o->status),
		      stream_quote(qmsg, sizeof qmsg, msg), stream_quote(qtok, sizeof qtok, o->bad_token));
}
