/* From the exception stubs to the kernel's handler. A #GP from one of the
 * safe MSR accessors resumes at its fixup (msr.c); everything else goes to
 * the handler, which reports the fault and ends the run. */
#include "kernel/arch/exception.h"
#include "kernel/arch/msr.h"
#include "kernel/arch/x86.h"

/* Intel SDM Vol. 3A table 6-1. */
static const char *const exception_names[32] = {
	"#DE divide error", "#DB debug", "NMI", "#BP breakpoint", "#OF overflow",
	"#BR bound range exceeded", "#UD invalid opcode", "#NM device not available",
	"#DF double fault", "coprocessor segment overrun", "#TS invalid TSS",
	"#NP segment not present", "#SS stack-segment fault", "#GP general protection",
	"#PF page fault", "reserved 15", "#MF x87 floating-point error", "#AC alignment check",
	"#MC machine check", "#XM SIMD floating-point exception", "#VE virtualization exception",
	"#CP control protection", "reserved 22", "reserved 23", "reserved 24", "reserved 25",
	"reserved 26", "reserved 27", "#HV hypervisor injection", "#VC VMM communication",
	"#SX security exception", "reserved 31",
};

static exception_handler_fn handler;
static exception_nmi_fn nmi_handler;

void exception_set_nmi_handler(exception_nmi_fn fn)
{
	nmi_handler = fn;
}

void exception_set_handler(exception_handler_fn fn)
{
	handler = fn;
}

const char *exception_name(uint64_t vector)
{
	return vector < 32 ? exception_names[vector] : "unknown";
}

static volatile uint32_t nmis;

uint32_t exception_nmi_count(void)
{
	return __atomic_load_n(&nmis, __ATOMIC_ACQUIRE);
}

void exception_dispatch(struct trap_frame *f)
{
	if (msr_fixup_fault(f))
		return;
	if (f->vector == 2)
		__atomic_fetch_add(&nmis, 1, __ATOMIC_SEQ_CST);
	if (f->vector == 2 && nmi_handler && nmi_handler())
		return; /* IRET ends NMI blocking (SDM Vol. 3A 6.7.1) */
	if (handler)
		handler(f);
	/* No handler: kernel_run installs one before our IDT is loaded, so
	 * this CPU can only stop. */
	for (;;) {
		cli();
		hlt();
	}
}
