/* interp: a stack-machine bytecode interpreter running a word-frequency count
 * over seeded text and a sieve of Eratosthenes -- the dispatch loop of
 * 500.perlbench_r (and of UnixBench's shell/awk-heavy tests): an indirect
 * branch per bytecode, operand-stack traffic, small loads and stores.
 * The program is written below in an assembly notation with symbolic labels
 * and assembled into the arena by setup. Iteration i scans 256 symbols of the
 * text from offset i mod 256. The interpreter bounds the stack, the memory
 * (addresses are masked) and the step count, and reports overruns through
 * the checksum.
 * Working set: VM memory 2048 x 8 B = 16 KiB + code 1 KiB (L1). */
#include "bench/common.h"
#include "bench/workload.h"

enum vm_op {
	OP_HALT, OP_PUSH, OP_LD, OP_ST, OP_INC, OP_LDM, OP_STM, OP_ADD, OP_SUB, OP_MUL,
	OP_AND, OP_LT, OP_DUP, OP_DROP, OP_JMP, OP_JZ, OP_JNZ,
	OP_LABEL, /* assembler pseudo-op: defines label `arg`, emits nothing */
};

struct vm_insn {
	uint8_t op;
	uint8_t local;  /* OP_INC: which local; arg is the increment */
	int32_t arg;    /* immediate, local index or code address */
};

#define VM_CODE_MAX  160
#define VM_LABELS    16
#define VM_MEM       2048 /* words; a power of two: addresses are masked */
#define VM_STACK     32
#define VM_LOCALS    8
#define VM_STEP_MAX  200000
#define VM_TEXT      512  /* mem[0, 512): text symbols, 0 separates words */
#define VM_TABLE     512  /* mem[512, 768): word-hash counts */
#define VM_SIEVE     1024 /* mem[1024, 1536): sieve flags */
#define VM_PRIMES    512  /* sieve bound */
#define VM_SCAN      256

/* Status folded into the checksum when the interpreter stops a program. */
#define VM_ERR_STACK UINT64_C(0x5AC0)
#define VM_ERR_STEPS UINT64_C(0x57E9)
#define VM_ERR_LABEL UINT64_C(0x1ABE)

struct interp_arena {
	int64_t mem[VM_MEM];
	struct vm_insn code[VM_CODE_MAX];
	uint32_t code_len;
	uint32_t assembled_ok;
};

#define I(o, a)    { OP_##o, 0, (a) }
#define INC(l, k)  { OP_INC, (l), (k) }
#define L(n)       { OP_LABEL, 0, (n) }

/* Locals: 0 start, 1 i, 2 end/m, 3 word hash, 4 accumulator, 5 prime count. */
static const struct vm_insn program[] = {
	/* clear the count table */
	I(PUSH, VM_TABLE), I(ST, 1),
	L(0), I(LD, 1), I(PUSH, 0), I(STM, 0), INC(1, 1), I(LD, 1), I(PUSH, VM_TABLE + 256), I(LT, 0), I(JNZ, 0),
	/* scan: h = h*31 + c inside a word; at a separator count it and fold it */
	I(LD, 0), I(ST, 1), I(LD, 0), I(PUSH, VM_SCAN), I(ADD, 0), I(ST, 2), I(PUSH, 0), I(ST, 3), I(PUSH, 0), I(ST, 4),
	L(1), I(LD, 1), I(LDM, 0), I(DUP, 0), I(JZ, 2),
	I(LD, 3), I(PUSH, 31), I(MUL, 0), I(ADD, 0), I(ST, 3), I(JMP, 3),
	L(2), I(DROP, 0), I(LD, 3), I(PUSH, 255), I(AND, 0), I(PUSH, VM_TABLE), I(ADD, 0),
	I(DUP, 0), I(LDM, 0), I(PUSH, 1), I(ADD, 0), I(STM, 0),
	I(LD, 4), I(LD, 3), I(ADD, 0), I(ST, 4), I(PUSH, 0), I(ST, 3),
	L(3), INC(1, 1), I(LD, 1), I(LD, 2), I(LT, 0), I(JNZ, 1),
	/* fold the table: acc = acc*3 + count[j]*j */
	I(PUSH, 0), I(ST, 1),
	L(4), I(LD, 4), I(PUSH, 3), I(MUL, 0), I(LD, 1), I(PUSH, VM_TABLE), I(ADD, 0), I(LDM, 0),
	I(LD, 1), I(MUL, 0), I(ADD, 0), I(ST, 4), INC(1, 1), I(LD, 1), I(PUSH, 256), I(LT, 0), I(JNZ, 4),
	/* sieve of Eratosthenes below VM_PRIMES */
	I(PUSH, 0), I(ST, 1),
	L(5), I(LD, 1), I(PUSH, VM_SIEVE), I(ADD, 0), I(PUSH, 0), I(STM, 0), INC(1, 1), I(LD, 1), I(PUSH, VM_PRIMES), I(LT, 0), I(JNZ, 5),
	I(PUSH, 2), I(ST, 1), I(PUSH, 0), I(ST, 5),
	L(6), I(LD, 1), I(PUSH, VM_SIEVE), I(ADD, 0), I(LDM, 0), I(JNZ, 8),
	INC(5, 1), I(LD, 1), I(LD, 1), I(MUL, 0), I(ST, 2),
	L(7), I(LD, 2), I(PUSH, VM_PRIMES), I(LT, 0), I(JZ, 8),
	I(LD, 2), I(PUSH, VM_SIEVE), I(ADD, 0), I(PUSH, 1), I(STM, 0), I(LD, 2), I(LD, 1), I(ADD, 0), I(ST, 2), I(JMP, 7),
	L(8), INC(1, 1), I(LD, 1), I(PUSH, VM_PRIMES), I(LT, 0), I(JNZ, 6),
	/* result */
	I(LD, 4), I(PUSH, 1000003), I(MUL, 0), I(LD, 5), I(ADD, 0), I(HALT, 0),
};

/* Operands each op pops (the interpreter checks them before executing). */
static const uint8_t operands[OP_LABEL + 1] = {
	[OP_HALT] = 1, [OP_ST] = 1, [OP_LDM] = 1, [OP_STM] = 2, [OP_ADD] = 2, [OP_SUB] = 2,
	[OP_MUL] = 2, [OP_AND] = 2, [OP_LT] = 2, [OP_DUP] = 1, [OP_DROP] = 1, [OP_JZ] = 1, [OP_JNZ] = 1,
};

static bool is_jump(uint8_t op)
{
	return op == OP_JMP || op == OP_JZ || op == OP_JNZ;
}

/* Two passes: label addresses, then code with jump targets resolved. */
static bool assemble(struct interp_arena *a)
{
	int32_t label_at[VM_LABELS];
	uint32_t n = 0;

	for (int l = 0; l < VM_LABELS; l++)
		label_at[l] = -1;
	for (size_t i = 0; i < sizeof program / sizeof program[0]; i++) {
		if (program[i].op == OP_LABEL) {
			if (program[i].arg < 0 || program[i].arg >= VM_LABELS)
				return false;
			label_at[program[i].arg] = (int32_t)n;
		} else {
			n++;
		}
	}
	if (n > VM_CODE_MAX)
		return false;
	n = 0;
	for (size_t i = 0; i < sizeof program / sizeof program[0]; i++) {
		struct vm_insn in = program[i];
		if (in.op == OP_LABEL)
			continue;
		if (is_jump(in.op)) {
			if (in.arg < 0 || in.arg >= VM_LABELS || label_at[in.arg] < 0)
				return false;
			in.arg = label_at[in.arg];
		}
		a->code[n++] = in;
	}
	a->code_len = n;
	return true;
}

static void interp_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct interp_arena *a = arena;
	struct rng rng = rng_init(seed, 6);

	memset(a->mem, 0, sizeof a->mem);
	for (int i = 0; i < VM_TEXT; i++) /* words of 2-7 symbols from a 26-letter alphabet */
		a->mem[i] = rng_below(&rng, 6) == 0 ? 0 : 1 + (int64_t)rng_below(&rng, 26);
	a->assembled_ok = assemble(a);
}

/* Runs the program with local 0 = start; returns its result or an error code
 * mixed with VM_ERR_* so a fault cannot look like a valid result. */
static uint64_t vm_execute(struct interp_arena *a, int64_t start)
{
	int64_t stack[VM_STACK], local[VM_LOCALS] = { start };
	int sp = 0;
	uint32_t pc = 0;

	for (uint32_t steps = 0; steps < VM_STEP_MAX; steps++) {
		const struct vm_insn in = a->code[pc++];
		/* one bounds test per op: operands present and room for one push */
		if (sp < operands[in.op] || sp >= VM_STACK - 1)
			return VM_ERR_STACK;
		switch (in.op) {
		case OP_HALT: return (uint64_t)stack[sp - 1];
		case OP_PUSH: stack[sp++] = in.arg; break;
		case OP_LD:   stack[sp++] = local[in.arg & (VM_LOCALS - 1)]; break;
		case OP_ST:   local[in.arg & (VM_LOCALS - 1)] = stack[--sp]; break;
		case OP_INC:  local[in.local & (VM_LOCALS - 1)] += in.arg; break;
		case OP_LDM:  stack[sp - 1] = a->mem[stack[sp - 1] & (VM_MEM - 1)]; break;
		case OP_STM:  a->mem[stack[sp - 2] & (VM_MEM - 1)] = stack[sp - 1]; sp -= 2; break;
		case OP_ADD:  sp--; stack[sp - 1] = (int64_t)((uint64_t)stack[sp - 1] + (uint64_t)stack[sp]); break;
		case OP_SUB:  sp--; stack[sp - 1] = (int64_t)((uint64_t)stack[sp - 1] - (uint64_t)stack[sp]); break;
		case OP_MUL:  sp--; stack[sp - 1] = (int64_t)((uint64_t)stack[sp - 1] * (uint64_t)stack[sp]); break;
		case OP_AND:  sp--; stack[sp - 1] &= stack[sp]; break;
		case OP_LT:   sp--; stack[sp - 1] = stack[sp - 1] < stack[sp]; break;
		case OP_DUP:  stack[sp] = stack[sp - 1]; sp++; break;
		case OP_DROP: sp--; break;
		case OP_JMP:  pc = (uint32_t)in.arg; break;
		case OP_JZ:   if (stack[--sp] == 0) pc = (uint32_t)in.arg; break;
		case OP_JNZ:  if (stack[--sp] != 0) pc = (uint32_t)in.arg; break;
		default:      return VM_ERR_LABEL; /* OP_LABEL never reaches the code */
		}
		if (pc >= a->code_len)
			return VM_ERR_LABEL;
	}
	return VM_ERR_STEPS;
}

static uint64_t interp_run(void *arena, uint64_t iterations)
{
	struct interp_arena *a = arena;
	uint64_t h = BENCH_CHECK_INIT;

	if (!a->assembled_ok)
		return bench_mix(h, VM_ERR_LABEL);
	for (uint64_t it = 0; it < iterations; it++)
		h = bench_mix(h, vm_execute(a, (int64_t)(it % (VM_TEXT - VM_SCAN))));
	return h;
}

const struct workload workload_interp = {
	.name = "interp",
	.class = WORKLOAD_INT,
	.summary = "stack bytecode interpreter: word-hash counting + prime sieve (perlbench-like)",
	.working_set = VM_MEM * sizeof(int64_t) + VM_CODE_MAX * sizeof(struct vm_insn),
	.arena_bytes = sizeof(struct interp_arena),
	.setup = interp_setup,
	.run = interp_run,
	.check_iterations = 16,
	.uniform_iterations = true,
};
