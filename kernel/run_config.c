/* Command line -> struct run_config. The option table validated every value
 * already; what fails here anyway falls back to the option's default meaning
 * and is a bug the unit tests would show (tests/unit/options). */
#include "lib/mem.h"
#include "lib/parse.h"
#include "core/options/option_table.h"
#include "kernel/run_config.h"

/* A number option, or PLAN_FROM_PRESET when it was not given. */
static unsigned plan_number(const struct options *o, enum option_id id)
{
	return options_given(o, id) ? (unsigned)options_uint(o, id) : PLAN_FROM_PRESET;
}

void run_config_resolve(struct run_config *c, const struct options *o)
{
	char err[160];

	memset(c, 0, sizeof *c);
	c->help = options_given(o, OPTION_HELP);
	if (!console_option_parse(options_value(o, OPTION_CONSOLE), &c->console))
		console_option_parse("auto", &c->console);
	c->exit = (enum exit_action)options_enum_index(o, OPTION_EXIT);
	c->run = (enum run_scope)options_enum_index(o, OPTION_RUN);
	c->c2port = (uint16_t)options_uint(o, OPTION_C2PORT);
	c->c2_untrapped_run = options_enum_index(o, OPTION_C2_UNTRAPPED) == 1; /* refuse|run */
	if (idle_modes_parse(options_value(o, OPTION_MODES), &c->modes, err, sizeof err))
		c->modes = 0;
	c->placement = (enum placement)options_enum_index(o, OPTION_PLACEMENT);
	c->others = (enum others_mode)options_enum_index(o, OPTION_OTHERS);
	c->x2apic = (enum lapic_request)options_enum_index(o, OPTION_X2APIC);
	c->mwait_hint = (uint32_t)options_uint(o, OPTION_MWAIT_HINT);
	c->plan.preset = (enum plan_preset_id)options_enum_index(o, OPTION_PRESET);
	c->plan.reps = plan_number(o, OPTION_REPS);
	c->plan.warmup = plan_number(o, OPTION_WARMUP);
	c->plan.sample_ms = plan_number(o, OPTION_SAMPLE_MS);
	c->plan.seed = options_uint(o, OPTION_SEED);
	c->plan.seed_given = options_given(o, OPTION_SEED);
	c->plan.modes_given = options_given(o, OPTION_MODES);
	c->plan.workloads_given = options_given(o, OPTION_WORKLOADS);
	c->plan.settle_us = (unsigned)options_uint(o, OPTION_SETTLE_US);
	c->plan.budget_s = plan_number(o, OPTION_BUDGET_S);
	uint64_t centi;
	c->plan.precision_centi = options_given(o, OPTION_PRECISION) &&
					  parse_hundredths(options_value(o, OPTION_PRECISION), &centi)
				  ? (unsigned)centi
				  : PLAN_FROM_PRESET;
	c->plan.order = (enum plan_order)options_enum_index(o, OPTION_ORDER);
	if (workload_select(options_value(o, OPTION_WORKLOADS), &c->plan.workloads, err, sizeof err) !=
	    WORKLOAD_SELECT_OK)
		memset(&c->plan.workloads, 0, sizeof c->plan.workloads);
	const char *label = options_value(o, OPTION_LABEL);
	if (options_given(o, OPTION_LABEL) && !safe_label_validate(label))
		memcpy(c->label, label, strlen(label) + 1);
	c->selftest = (enum selftest)options_enum_index(o, OPTION_SELFTEST);
}
