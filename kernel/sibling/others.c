/* The other CPUs' state. Held siblings and others=hlt run the parked CPUs'
 * own loop (park.c) with HLT as their first and only command; others=off is
 * one INIT each, which leaves the CPU in wait-for-SIPI (Intel SDM Vol. 3A
 * 8.4.1 / 10.6.1; AMD APM Vol. 2 16.5): no INIT level de-assert follows,
 * since Pentium 4 and later ignore it, x2APIC mode removed it (SDM 10.12.9),
 * and on AMD it resynchronises every APIC's arbitration ID, which nothing
 * here needs. others=load runs OTHERS_LOAD_WORKLOAD on a private arena in a
 * loop, checking each round's checksum against the build's, until the
 * measured CPU posts a command; then it parks in HLT like the others. */
#include "bench/workload.h"
#include "kernel/arch/lapic.h"
#include "kernel/arch/tsc.h"
#include "kernel/arch/x86.h"
#include "lib/fmt.h"
#include "lib/mem.h"
#include "kernel/sibling/load.h"
#include "kernel/sibling/others.h"
#include "kernel/sibling/park.h"
#include "kernel/sibling/parked.h"
#include "kernel/sibling/sibling.h"
#include "kernel/smp/smp.h"
#include "kernel/time/delay.h"

/* As for the parked CPUs (sibling.c): generous for QEMU TCG on a busy host. */
#define START_TIMEOUT_US 2000000
/* A load CPU finishes its round before it sees the stop: a round of the
 * workload's check_iterations is milliseconds on hardware, longer under TCG. */
#define STOP_TIMEOUT_US 10000000
/* ap->index of these CPUs: apart from the parked CPUs' 0.. (the sibling-ud
 * self-test faults on index 0). */
#define INDEX_BASE 0x10000u

struct other_cpu {
	struct parked_cpu cpu;     /* first: load_main finds o from cpu.ap */
	bool held;                 /* an own sibling held in HLT (else an other) */
	bool up;                   /* running our code (hlt or load) */
	struct load_work load;     /* others=load: its workload, arena and rounds */
} __attribute__((aligned(64)));

static struct other_cpu *cpus;
static size_t cpu_count;
static enum others_mode others_mode = OTHERS_LEAVE;
/* others=off: the CPUs one INIT left in wait-for-SIPI (CR4 = 0). */
static size_t inited;
static bool left_cr4_unknown; /* others=leave left CPUs to a legacy BIOS */
static uint32_t others_ids[SMP_TRACKED_MAX], held_ids[PLATFORM_MAX_SIBLINGS];

/* others=load, on the CPU: the workload in a loop until a command arrives. */
static void load_main(struct ap_cpu *ap)
{
	struct other_cpu *o = (struct other_cpu *)parked_cpu_of(ap);
	struct sibling_mailbox *m = &o->cpu.mailbox;
	struct mailbox_command cmd;

	while (!mailbox_take(m, __atomic_load_n(&m->ack_seq, __ATOMIC_ACQUIRE), &cmd))
		cpu_pause();
	mailbox_ack(m, &cmd, rdtsc(), MAILBOX_C0_UNKNOWN); /* the load runs */
	while (__atomic_load_n(&m->cmd_seq, __ATOMIC_ACQUIRE) == cmd.seq)
		load_round(&o->load);
	park_main(ap); /* takes the stop command, acknowledges it, idles in HLT */
}

/* Start o with main, its first command first_mode waiting in the mailbox;
 * wait for the acknowledgment. On failure: an error record, and INIT. */
static bool start(struct other_cpu *o, struct phys_alloc *phys, uint32_t id, uint32_t index,
		  void (*main)(struct ap_cpu *), enum idle_mode first_mode, struct stream *s)
{
	struct ap_cpu *ap = &o->cpu.ap;
	enum smp_status st = smp_prepare(ap, phys, id, index, main);

	if (st == SMP_OK) {
		mailbox_reset(&o->cpu.mailbox);
		uint32_t seq = mailbox_post(&o->cpu.mailbox, first_mode, rdtsc());
		st = smp_start(ap, START_TIMEOUT_US);
		if (st == SMP_OK && !parked_wait_ack(&o->cpu, seq, PARKED_ACK_TIMEOUT_US)) {
			smp_stop(ap);
			parked_error(s, "ACK_TIMEOUT", id, "started but did not acknowledge its first command");
			return false;
		}
	}
	if (st != SMP_OK) {
		if (st == SMP_ERR_AP_TIMEOUT)
			smp_stop(ap);
		parked_error(s, st == SMP_ERR_AP_TIMEOUT ? "AP_TIMEOUT" : "AP_START", id, smp_status_text(st));
		return false;
	}
	o->up = true;
	return true;
}

/* others=load: the arena and the expected checksum for o. */
static bool prepare_load(struct other_cpu *o, struct phys_alloc *phys, uint32_t id, struct stream *s)
{
	const char *why = load_prepare(&o->load, phys);

	if (why)
		parked_error(s, "AP_START", id, why);
	return why == NULL;
}

/* Apply others= to one CPU; false when it did not get there. */
static bool apply(struct other_cpu *o, struct phys_alloc *phys, uint32_t id, uint32_t index, struct stream *s)
{
	switch (others_mode) {
	case OTHERS_LEAVE:
		return true;
	case OTHERS_HLT:
		return start(o, phys, id, index, park_main, IDLE_HLT, s);
	case OTHERS_OFF:
		if (lapic_send_init(id) == LAPIC_OK) {
			inited++;
			return true;
		}
		parked_error(s, "INIT_FAILED", id, "the local APIC did not deliver INIT");
		return false;
	case OTHERS_LOAD:
		return prepare_load(o, phys, id, s) && start(o, phys, id, index, load_main, IDLE_SPIN, s);
	case OTHERS_MODE_COUNT:
		break;
	}
	return false;
}

void others_bringup(const struct platform *p, enum others_mode mode, struct phys_alloc *phys, struct stream *s)
{
	size_t held_n = 0, others_n = 0, held_failed = 0, failed = 0;

	others_mode = mode;
	cpu_count = 0;
	inited = 0;
	bool madt = p->acpi_found && p->acpi.madt_status == ACPI_OK;
	left_cr4_unknown = false;
	if (madt) {
		struct cpu_roles_input in = { p->bench_apic, p->siblings, p->sibling_count, NULL, 0,
					      p->acpi.madt.apic_ids, p->acpi.madt.cpu_count };
		in.parked_count = sibling_chosen_apic_ids(&in.parked);
		if (!cpu_roles_split(&in, held_ids, PLATFORM_MAX_SIBLINGS, &held_n, others_ids, SMP_TRACKED_MAX,
				     &others_n))
			stream_text(s, "other CPUs: more than %u; the rest are left as the firmware left them",
				    SMP_TRACKED_MAX);
	}
	size_t n = held_n + others_n;
	bool others_start = mode == OTHERS_HLT || mode == OTHERS_LOAD;
	uint64_t mem = 0;
	enum smp_status st = SMP_OK;
	if (held_n || (others_n && others_start)) {
		mem = phys_alloc_take(phys, n * sizeof *cpus, 64, 0x100000000ull);
		st = mem ? smp_init(phys) : SMP_ERR_NO_MEMORY;
	}
	if (st != SMP_OK)
		stream_error(s, "AP_TRAMPOLINE", smp_status_text(st));
	cpus = st == SMP_OK && mem ? (struct other_cpu *)(uintptr_t)mem : NULL;
	if (cpus)
		memset(cpus, 0, n * sizeof *cpus);
	for (size_t i = 0; i < n; i++) {
		bool held = i < held_n;
		uint32_t id = held ? held_ids[i] : others_ids[i - held_n];
		/* Without start-up code only leave and off can still be applied. */
		if (!cpus && (held || others_start)) {
			held_failed += held;
			failed += !held;
			continue;
		}
		struct other_cpu *o = cpus ? &cpus[cpu_count++] : NULL;
		if (o)
			o->held = held;
		if (held)
			held_failed += !start(o, phys, id, INDEX_BASE + (uint32_t)i, park_main, IDLE_HLT, s);
		else
			failed += !apply(o, phys, id, INDEX_BASE + (uint32_t)i, s);
	}

	/* A legacy BIOS wakes the APs to count them and may leave them in
	 * wait-for-SIPI (CR4 = 0, no CR4.MCE) or in its own loop: nothing
	 * documents which (unverified), so their exposure is unknown; without a
	 * MADT the other CPUs are not even counted. */
	left_cr4_unknown = mode == OTHERS_LEAVE && p->boot_path == BOOT_PATH_BIOS && (others_n || !madt);
	const char *own = held_n ? "hlt" : p->sibling_count ? "parked" : "none";
	stream_meta(s, "own_sibling", own);
	stream_metaf(s, "own_sibling_failed", "%zu", held_failed);
	stream_meta(s, "others", others_mode_name(mode));
	stream_metaf(s, "others_cpus", "%zu", others_n);
	stream_metaf(s, "others_failed", "%zu", failed);
	stream_meta(s, "others_workload", mode == OTHERS_LOAD ? OTHERS_LOAD_WORKLOAD : "");
	if (!madt)
		stream_text(s, "other CPUs: unknown without a MADT; left as the firmware left them");
	stream_text(s, "other CPUs: %zu, others=%s (%zu failed); the measured CPU's own sibling: %s%s", others_n,
		    others_mode_name(mode), failed, own,
		    held_n ? " (held in HLT: placement=other-core parks another core)" : "");
}

void others_release(struct stream *s)
{
	for (size_t i = 0; i < cpu_count; i++) {
		struct other_cpu *o = &cpus[i];
		if (!o->up || !o->cpu.ap.running)
			continue;
		enum wake_path path;
		uint32_t seq = parked_command(&o->cpu, IDLE_OFF, NULL, &path);
		/* park_main writes its extended LVTs back before it acknowledges */
		if (parked_wake_wait(&o->cpu, seq, path, PARKED_ACK_TIMEOUT_US) > WAKE_PATH_NMI)
			parked_error(s, "ACK_TIMEOUT", o->cpu.ap.apic_id, "did not take the release command; sent INIT");
		smp_stop(&o->cpu.ap);
		o->up = false;
	}
}

size_t others_in_wait_for_sipi(void)
{
	return inited;
}

bool others_cr4_unknown(void)
{
	return left_cr4_unknown;
}

bool others_finish(struct stream *s)
{
	size_t cpus_up = 0, stopped = 0;
	uint64_t rounds = 0, bad = 0;

	if (others_mode != OTHERS_LOAD)
		return true;
	for (size_t i = 0; i < cpu_count; i++) {
		struct other_cpu *o = &cpus[i];
		if (o->held || !o->up)
			continue;
		cpus_up++;
		uint32_t seq = mailbox_post(&o->cpu.mailbox, IDLE_HLT, rdtsc());
		if (!parked_wait_ack(&o->cpu, seq, STOP_TIMEOUT_US)) {
			smp_stop(&o->cpu.ap); /* never left running our code half-way */
			parked_error(s, "ACK_TIMEOUT", o->cpu.ap.apic_id, "a load CPU did not stop; sent INIT");
			continue;
		}
		stopped++;
		rounds += __atomic_load_n(&o->load.rounds, __ATOMIC_RELAXED);
		uint64_t b = __atomic_load_n(&o->load.bad_rounds, __ATOMIC_RELAXED);
		if (b) {
			char msg[96];
			fmt_snprintf(msg, sizeof msg, "%s computed a wrong checksum in %llu rounds", o->load.wl->name,
				     (unsigned long long)b);
			parked_error(s, "LOAD_CHECKSUM", o->cpu.ap.apic_id, msg);
		}
		bad += b;
	}
	stream_record(s, "others_load", "workload=%s cpus=%zu stopped=%zu rounds=%llu bad_rounds=%llu",
		      OTHERS_LOAD_WORKLOAD, cpus_up, stopped, (unsigned long long)rounds, (unsigned long long)bad);
	others_mode = OTHERS_HLT; /* they idle in HLT now */
	return bad == 0;
}
