/* The run's configuration: the command line resolved once, in kernel_run,
 * into typed fields. Each module gets only the fields it needs; no code after
 * kernel_run reads an option by name. */
#ifndef IDLEBENCH_KERNEL_RUN_CONFIG_H
#define IDLEBENCH_KERNEL_RUN_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/arch/lapic.h"
#include "core/options/console_option.h"
#include "lib/safe_name.h"
#include "core/experiment/plan.h"
#include "core/options/options.h"
#include "kernel/fault/run_end.h"
#include "kernel/fault/selftest.h"
#include "kernel/sibling/cpu_roles.h"
#include "core/sibling/placement.h"

/* How far a run goes (the `run=` option, values in this order). */
enum run_scope {
	RUN_PLATFORM, /* print what idlebench sees and stop */
	RUN_SIBLINGS, /* also park the CPUs and check every mode */
	RUN_ALL,      /* also the experiment */
};

/* Every option, typed. */
struct run_config {
	bool help;                     /* help: print the option table and stop */
	struct console_request console; /* console= (auto when unusable) */
	enum exit_action exit;         /* exit= */
	enum run_scope run;            /* run= */
	uint16_t c2port;               /* c2port=, 0 when not given */
	bool c2_untrapped_run;         /* c2_untrapped=run: a c2port= no core is known to trap is read anyway */
	uint32_t modes;                /* modes=, bit = enum idle_mode */
	enum placement placement;      /* placement= */
	enum others_mode others;       /* others= */
	enum lapic_request x2apic;     /* x2apic= */
	uint32_t mwait_hint;           /* mwait_hint= (MWAIT EAX) */
	struct plan_request plan;      /* workloads=, preset=, reps=, warmup=, sample_ms=, order=, seed=,
					  settle_us=, precision=, budget_s= (and whether modes= was given) */
	char label[SAFE_LABEL_MAX + 1]; /* label= (valid), "" when not given */
	enum selftest selftest;        /* selftest= */
};

/* Resolve o (parsed against kernel_options, core/options/option_table.h) into c.
 * Works on a line that failed to parse too: each field comes from the value
 * given before the error, else the default (so console= and exit= apply to
 * the error report). */
void run_config_resolve(struct run_config *c, const struct options *o);

#endif
