/* The stack frame exception_stubs.asm builds before calling C. */
#ifndef IDLEBENCH_KERNEL_ARCH_TRAP_FRAME_H
#define IDLEBENCH_KERNEL_ARCH_TRAP_FRAME_H

#include <stdint.h>

/* Saved registers (push order reversed), then what the stub and CPU pushed. */
struct trap_frame {
	uint64_t r15, r14, r13, r12, r11, r10, r9, r8;
	uint64_t rbp, rdi, rsi, rdx, rcx, rbx, rax;
	uint64_t vector, error_code;
	uint64_t rip, cs, rflags, rsp, ss;
};

#endif
