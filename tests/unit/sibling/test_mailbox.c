/* The measured-CPU / parked-CPU mailbox (kernel/sibling/mailbox.c), driven the
 * way kernel/sibling/sibling.c and park.c drive it: the parked side starts with
 * seen = ack_seq, takes a command when cmd_seq differs from seen and
 * acknowledges with the command's seq; the measured side posts and waits until
 * ack_seq equals the posted seq; a command posted while the parked CPU is off
 * waits for the restarted CPU. First the sequence state machine one step at a
 * time, then the cache-line layout MWAIT and polling rely on, then the same
 * protocol between two threads for 100000 commands, with restarts after `off`. */
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <pthread.h>
#include <cmocka.h>

#include "core/sibling/idle_mode.h"
#include "kernel/sibling/mailbox.h"

#define LINE 64
/* Commands in the two-thread run, and the longest a single acknowledgment may
 * take before the test fails instead of hanging (a loaded 2-core host can
 * deschedule either thread for a while; a lost command never arrives). */
#define THREADED_COMMANDS 100000u
#define ACK_TIMEOUT_NS 2000000000LL
#define GIVE_UP_TEST_NS 50000000LL
/* Every OFF_EVERY-th command is `off`: the parked thread ends, and the next
 * command is posted before a new one starts (sibling_set_mode's restart). */
#define OFF_EVERY 997u

/* A mailbox as mailbox_reset leaves it before a CPU starts: zero, C0 unknown. */
static void reset(struct sibling_mailbox *m)
{
	memset(m, 0, sizeof *m);
	m->c0_permille = MAILBOX_C0_UNKNOWN;
}

/* The parked side's first look, as park_main does it. */
static uint32_t parked_start_seen(const struct sibling_mailbox *m)
{
	return __atomic_load_n(&m->ack_seq, __ATOMIC_ACQUIRE);
}

/* ---- layout ---------------------------------------------------------------- */

#define LINE_OF(field) (offsetof(struct sibling_mailbox, field) / LINE)
#define LAST_LINE_OF(field) \
	((offsetof(struct sibling_mailbox, field) + sizeof(((struct sibling_mailbox *)0)->field) - 1) / LINE)

/* The measured CPU's fields share line 0 (MWAIT monitors it: any command store
 * is the wake-up); the parked CPU's share line 1, so polling ack_seq does not
 * pull the command line away from the parked CPU and back. */
static void test_command_and_ack_fields_sit_on_separate_lines(void **state)
{
	(void)state;
	assert_int_equal(LINE_OF(cmd_seq), 0);
	assert_int_equal(LAST_LINE_OF(cmd_seq), 0);
	assert_int_equal(LAST_LINE_OF(cmd_mode), 0);
	assert_int_equal(LAST_LINE_OF(cmd_tsc), 0);
	assert_int_equal(LINE_OF(ack_seq), 1);
	assert_int_equal(LINE_OF(ack_mode), 1);
	assert_int_equal(LINE_OF(ack_tsc), 1);
	assert_int_equal(LINE_OF(wakeups), 1);
	assert_int_equal(LINE_OF(c0_permille), 1);
	assert_int_equal(LAST_LINE_OF(mwait_ecx), 1);
	assert_int_equal(offsetof(struct sibling_mailbox, ack_seq), LINE);
	assert_int_equal(sizeof(struct sibling_mailbox), 2 * LINE);
	assert_int_equal(_Alignof(struct sibling_mailbox), LINE);
}

static void test_every_mailbox_in_an_array_starts_a_line(void **state)
{
	static struct sibling_mailbox boxes[3];

	(void)state;
	for (int i = 0; i < 3; i++)
		assert_int_equal((uintptr_t)&boxes[i] % LINE, 0);
	struct sibling_mailbox local;
	assert_int_equal((uintptr_t)&local % LINE, 0);
}

/* ---- the state machine, one step at a time ----------------------------------- */

static void test_fresh_mailbox_holds_no_command(void **state)
{
	struct sibling_mailbox m;
	struct mailbox_command cmd;

	(void)state;
	reset(&m);
	assert_false(mailbox_take(&m, parked_start_seen(&m), &cmd));
}

static void test_post_take_ack_round_trip(void **state)
{
	struct sibling_mailbox m;
	struct mailbox_command cmd = { 0, 0, 0 };

	(void)state;
	reset(&m);
	uint32_t seen = parked_start_seen(&m);
	uint32_t seq = mailbox_post(&m, IDLE_MWAIT, 0x1111222233334444ull);
	assert_int_equal(seq, 1);
	assert_int_equal(m.cmd_seq, 1);
	assert_int_equal(m.cmd_mode, IDLE_MWAIT);
	assert_int_equal(m.cmd_tsc, 0x1111222233334444ull);
	assert_false(mailbox_acked(&m, seq));

	assert_true(mailbox_take(&m, seen, &cmd));
	assert_int_equal(cmd.seq, seq);
	assert_int_equal(cmd.mode, IDLE_MWAIT);
	assert_int_equal(cmd.tsc, 0x1111222233334444ull);
	assert_false(mailbox_acked(&m, seq)); /* taking is not acknowledging */

	mailbox_ack(&m, &cmd, 0x5555666677778888ull, 734);
	seen = cmd.seq;
	assert_true(mailbox_acked(&m, seq));
	assert_int_equal(m.ack_seq, seq);
	assert_int_equal(m.ack_mode, IDLE_MWAIT);
	assert_int_equal(m.ack_tsc, 0x5555666677778888ull);
	assert_int_equal(m.c0_permille, 734);

	/* seen the command once: it is not taken again */
	assert_false(mailbox_take(&m, seen, &cmd));
	assert_false(mailbox_take(&m, seen, &cmd));

	/* the next command is */
	uint32_t seq2 = mailbox_post(&m, IDLE_SPIN, 99);
	assert_int_equal(seq2, 2);
	assert_false(mailbox_acked(&m, seq2));
	assert_true(mailbox_take(&m, seen, &cmd));
	assert_int_equal(cmd.seq, 2);
	assert_int_equal(cmd.mode, IDLE_SPIN);
	assert_int_equal(cmd.tsc, 99);
}

/* The measured CPU writes only line 0 and the parked CPU only its ack fields:
 * wakeups and mwait_ecx belong to park_main, which writes them directly. */
static void test_each_side_writes_only_its_own_line(void **state)
{
	struct sibling_mailbox m, before;
	struct mailbox_command cmd;

	(void)state;
	reset(&m);
	m.wakeups = 0x0123456789ABCDEFull;
	m.mwait_ecx = 1;
	before = m;
	mailbox_post(&m, IDLE_IOPORT, 7);
	assert_memory_equal((const char *)&m + LINE, (const char *)&before + LINE, LINE);

	before = m;
	assert_true(mailbox_take(&m, 0, &cmd));
	assert_memory_equal(&m, &before, sizeof m); /* take only reads */
	mailbox_ack(&m, &cmd, 8, 500);
	assert_memory_equal(&m, &before, LINE);
	assert_int_equal(m.wakeups, 0x0123456789ABCDEFull);
	assert_int_equal(m.mwait_ecx, 1);
}

/* A second post before the parked CPU looked replaces the first: the taker
 * sees only the latest, with that command's mode and time. */
static void test_two_posts_before_a_take_deliver_the_latest(void **state)
{
	struct sibling_mailbox m;
	struct mailbox_command cmd;

	(void)state;
	reset(&m);
	uint32_t seen = parked_start_seen(&m);
	uint32_t first = mailbox_post(&m, IDLE_HLT, 100);
	uint32_t second = mailbox_post(&m, IDLE_OFF, 200);
	assert_int_equal(second, first + 1);
	assert_true(mailbox_take(&m, seen, &cmd));
	assert_int_equal(cmd.seq, second);
	assert_int_equal(cmd.mode, IDLE_OFF);
	assert_int_equal(cmd.tsc, 200);
	mailbox_ack(&m, &cmd, 300, MAILBOX_C0_UNKNOWN);
	assert_true(mailbox_acked(&m, second));
	assert_false(mailbox_acked(&m, first)); /* acked means exactly this seq */
	assert_false(mailbox_take(&m, cmd.seq, &cmd));
}

/* The parked CPU acknowledges a command after the measured CPU has posted the
 * next one: that stale acknowledgment does not complete the newer command. */
static void test_ack_of_an_older_command_does_not_ack_the_newer(void **state)
{
	struct sibling_mailbox m;
	struct mailbox_command old_cmd, new_cmd;

	(void)state;
	reset(&m);
	uint32_t old_seq = mailbox_post(&m, IDLE_HLT, 1);
	assert_true(mailbox_take(&m, 0, &old_cmd));
	uint32_t new_seq = mailbox_post(&m, IDLE_SPIN, 2);
	mailbox_ack(&m, &old_cmd, 3, 0);
	assert_true(mailbox_acked(&m, old_seq));
	assert_false(mailbox_acked(&m, new_seq));
	assert_int_equal(m.ack_mode, IDLE_HLT);

	assert_true(mailbox_take(&m, old_cmd.seq, &new_cmd));
	assert_int_equal(new_cmd.seq, new_seq);
	assert_int_equal(new_cmd.mode, IDLE_SPIN);
	mailbox_ack(&m, &new_cmd, 4, 0);
	assert_true(mailbox_acked(&m, new_seq));
	assert_int_equal(m.ack_mode, IDLE_SPIN);
}

/* The sequence number is compared for equality, so it may wrap: after
 * UINT32_MAX comes 0, which is still "a new command". */
static void test_sequence_wraps_from_uint32_max_to_zero(void **state)
{
	struct sibling_mailbox m;
	struct mailbox_command cmd;

	(void)state;
	reset(&m);
	m.cmd_seq = UINT32_MAX - 1;
	m.ack_seq = UINT32_MAX - 1;
	uint32_t seen = parked_start_seen(&m);
	for (uint32_t want = UINT32_MAX, n = 0; n < 3; want++, n++) {
		uint32_t seq = mailbox_post(&m, n % 2 ? IDLE_SPIN : IDLE_MWAIT, n);
		assert_int_equal(seq, want);
		assert_false(mailbox_acked(&m, seq));
		assert_true(mailbox_take(&m, seen, &cmd));
		assert_int_equal(cmd.seq, want);
		assert_int_equal(cmd.mode, n % 2 ? IDLE_SPIN : IDLE_MWAIT);
		mailbox_ack(&m, &cmd, n, 0);
		seen = cmd.seq;
		assert_true(mailbox_acked(&m, seq));
		assert_false(mailbox_acked(&m, seq - 1));
		assert_false(mailbox_take(&m, seen, &cmd));
	}
	assert_int_equal(m.cmd_seq, 1); /* UINT32_MAX, 0, 1 */
}

/* sibling_bringup posts HLT into the zeroed mailbox before the first start;
 * the AP begins with seen = ack_seq = 0 and must find it. */
static void test_command_posted_before_first_start_is_taken(void **state)
{
	struct sibling_mailbox m;
	struct mailbox_command cmd;

	(void)state;
	reset(&m);
	uint32_t seq = mailbox_post(&m, IDLE_HLT, 42);
	assert_true(mailbox_take(&m, parked_start_seen(&m), &cmd));
	assert_int_equal(cmd.seq, seq);
	assert_int_equal(cmd.mode, IDLE_HLT);
	mailbox_ack(&m, &cmd, 43, MAILBOX_C0_UNKNOWN);
	assert_true(mailbox_acked(&m, seq));
	assert_int_equal(m.c0_permille, MAILBOX_C0_UNKNOWN);
}

/* Leaving `off`: the AP acknowledged off and was sent INIT; the measured CPU
 * posts the next mode and restarts it. The restarted AP starts over with
 * seen = ack_seq (the off command) and takes the waiting mode, once. */
static void test_command_posted_while_off_is_taken_after_restart(void **state)
{
	struct sibling_mailbox m;
	struct mailbox_command cmd;

	(void)state;
	reset(&m);
	uint32_t seen = parked_start_seen(&m);
	for (int round = 0; round < 3; round++) {
		uint32_t off = mailbox_post(&m, IDLE_OFF, 10);
		assert_true(mailbox_take(&m, seen, &cmd));
		mailbox_ack(&m, &cmd, 11, 0);
		assert_true(mailbox_acked(&m, off));
		/* the AP is gone; its local `seen` with it */
		uint32_t next = mailbox_post(&m, round == 1 ? IDLE_MWAIT : IDLE_HLT, 12);
		assert_false(mailbox_acked(&m, next));
		seen = parked_start_seen(&m);
		assert_int_equal(seen, off);
		assert_true(mailbox_take(&m, seen, &cmd));
		assert_int_equal(cmd.seq, next);
		assert_int_equal(cmd.mode, round == 1 ? IDLE_MWAIT : IDLE_HLT);
		mailbox_ack(&m, &cmd, 13, 0);
		seen = cmd.seq;
		assert_true(mailbox_acked(&m, next));
		assert_false(mailbox_take(&m, seen, &cmd));
	}
}

/* ---- two threads ----------------------------------------------------------- */

/* What the measured side puts in cmd_tsc, and what the parked side puts in
 * ack_tsc and c0_permille, as functions of the sequence number: each side can
 * tell whether the fields it read belong to the seq it read. */
static uint64_t cmd_tsc_for(uint32_t seq, uint32_t mode)
{
	return (uint64_t)seq * 0x9E3779B97F4A7C15ull ^ mode;
}

static uint64_t ack_tsc_for(uint32_t seq)
{
	return ~((uint64_t)seq << 17) ^ 0xC2B2AE3D27D4EB4Full;
}

static uint32_t c0_for(uint32_t seq)
{
	return seq % 1001;
}

struct parked_thread {
	struct sibling_mailbox *m;
	pthread_t tid;
	int stop;         /* set by the measured side when it gives up */
	uint64_t taken;   /* commands taken by this thread */
	uint64_t mismatched; /* commands whose mode/tsc did not belong to their seq */
};

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

/* Wait politely: PAUSE-like spinning, yielding the CPU now and then so the
 * test also progresses when both threads share one core. */
static void relax(unsigned *spins)
{
	if (++*spins % 64 == 0)
		sched_yield();
	else
		cpu_relax();
}

static int64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* park_main without the idle instructions: take, check, acknowledge; `off`
 * ends the thread as INIT ends the AP. */
static void *parked_loop(void *arg)
{
	struct parked_thread *p = arg;
	uint32_t seen = parked_start_seen(p->m);
	unsigned spins = 0;

	while (!__atomic_load_n(&p->stop, __ATOMIC_ACQUIRE)) {
		struct mailbox_command cmd;
		if (!mailbox_take(p->m, seen, &cmd)) {
			relax(&spins);
			continue;
		}
		p->taken++;
		if (cmd.mode >= IDLE_MODE_COUNT || cmd.tsc != cmd_tsc_for(cmd.seq, cmd.mode))
			p->mismatched++;
		mailbox_ack(p->m, &cmd, ack_tsc_for(cmd.seq), c0_for(cmd.seq));
		seen = cmd.seq;
		if (cmd.mode == IDLE_OFF)
			break;
	}
	return NULL;
}

static void start_parked(struct parked_thread *p, struct sibling_mailbox *m)
{
	p->m = m;
	p->stop = 0;
	p->taken = 0;
	p->mismatched = 0;
	assert_int_equal(pthread_create(&p->tid, NULL, parked_loop, p), 0);
}

/* Join the thread and fold its counts into the totals. */
static void join_parked(struct parked_thread *p, uint64_t *taken, uint64_t *mismatched)
{
	assert_int_equal(pthread_join(p->tid, NULL), 0);
	*taken += p->taken;
	*mismatched += p->mismatched;
}

/* The measured side's wait_ack, bounded in wall time. */
static bool wait_acked(const struct sibling_mailbox *m, uint32_t seq, int64_t timeout_ns)
{
	int64_t deadline = now_ns() + timeout_ns;
	unsigned spins = 0;

	while (!mailbox_acked(m, seq)) {
		relax(&spins);
		if (spins % 1024 == 0 && now_ns() > deadline)
			return false;
	}
	return true;
}

/* A mode other than off, varying from command to command (xorshift). */
static uint32_t next_running_mode(uint32_t *rng)
{
	*rng ^= *rng << 13;
	*rng ^= *rng >> 17;
	*rng ^= *rng << 5;
	return *rng % IDLE_OFF; /* hlt, mwait, ioport, spin */
}

static void test_two_threads_every_command_acked_with_its_own_fields(void **state)
{
	static struct sibling_mailbox m;
	struct parked_thread parked;
	uint64_t taken = 0, mismatched = 0, restarts = 0;
	uint32_t rng = 0x2545F491u;
	bool running = true;

	(void)state;
	reset(&m);
	/* Bring-up: the first command waits in the mailbox for the starting AP. */
	uint32_t seq = mailbox_post(&m, IDLE_HLT, cmd_tsc_for(1, IDLE_HLT));
	start_parked(&parked, &m);
	for (uint32_t i = 0; i < THREADED_COMMANDS; i++) {
		uint32_t mode = i == 0 ? IDLE_HLT : i % OFF_EVERY == 0 ? IDLE_OFF : next_running_mode(&rng);
		if (i) {
			seq = mailbox_post(&m, mode, cmd_tsc_for(m.cmd_seq + 1, mode));
			if (!running) {
				start_parked(&parked, &m);
				running = true;
				restarts++;
			}
		}
		if (!wait_acked(&m, seq, ACK_TIMEOUT_NS)) {
			__atomic_store_n(&parked.stop, 1, __ATOMIC_RELEASE);
			join_parked(&parked, &taken, &mismatched);
			fail_msg("command %u (seq %u, mode %s) not acknowledged within %lld ms", i, seq,
				 idle_modes[mode].name, ACK_TIMEOUT_NS / 1000000);
		}
		if (m.ack_mode != mode || m.ack_tsc != ack_tsc_for(seq) || m.c0_permille != c0_for(seq)) {
			__atomic_store_n(&parked.stop, 1, __ATOMIC_RELEASE);
			join_parked(&parked, &taken, &mismatched);
			fail_msg("command %u seq %u: acked mode %u tsc %llx c0 %u, want mode %u tsc %llx c0 %u", i, seq,
				 m.ack_mode, (unsigned long long)m.ack_tsc, m.c0_permille, mode,
				 (unsigned long long)ack_tsc_for(seq), c0_for(seq));
		}
		if (mode == IDLE_OFF) {
			join_parked(&parked, &taken, &mismatched);
			running = false;
		}
	}
	/* End the way a run ends its last parked CPU: off. */
	if (running) {
		seq = mailbox_post(&m, IDLE_OFF, cmd_tsc_for(m.cmd_seq + 1, IDLE_OFF));
		bool ok = wait_acked(&m, seq, ACK_TIMEOUT_NS);
		if (!ok)
			__atomic_store_n(&parked.stop, 1, __ATOMIC_RELEASE);
		join_parked(&parked, &taken, &mismatched);
		assert_true(ok);
	}
	assert_int_equal(mismatched, 0);
	/* one take per command: none lost, none seen twice */
	assert_int_equal(taken, THREADED_COMMANDS + 1);
	assert_int_equal(restarts, (THREADED_COMMANDS - 1) / OFF_EVERY);
	assert_int_equal(m.cmd_seq, THREADED_COMMANDS + 1);
}

/* The bounded wait itself: with nobody on the other side the measured side
 * gives up instead of hanging (ACK_TIMEOUT_US in sibling.c in the kernel). */
static void test_wait_gives_up_when_nobody_acknowledges(void **state)
{
	static struct sibling_mailbox m;

	(void)state;
	reset(&m);
	uint32_t seq = mailbox_post(&m, IDLE_HLT, 0);
	int64_t t0 = now_ns();
	assert_false(wait_acked(&m, seq, GIVE_UP_TEST_NS));
	assert_true(now_ns() - t0 >= GIVE_UP_TEST_NS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_command_and_ack_fields_sit_on_separate_lines),
		cmocka_unit_test(test_every_mailbox_in_an_array_starts_a_line),
		cmocka_unit_test(test_fresh_mailbox_holds_no_command),
		cmocka_unit_test(test_post_take_ack_round_trip),
		cmocka_unit_test(test_each_side_writes_only_its_own_line),
		cmocka_unit_test(test_two_posts_before_a_take_deliver_the_latest),
		cmocka_unit_test(test_ack_of_an_older_command_does_not_ack_the_newer),
		cmocka_unit_test(test_sequence_wraps_from_uint32_max_to_zero),
		cmocka_unit_test(test_command_posted_before_first_start_is_taken),
		cmocka_unit_test(test_command_posted_while_off_is_taken_after_restart),
		cmocka_unit_test(test_two_threads_every_command_acked_with_its_own_fields),
		cmocka_unit_test(test_wait_gives_up_when_nobody_acknowledges),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
