/* A fresh seed for the mode order of each boot, so two boots of the same
 * plan run different orders unless `seed=` asks for a repeat. */
#ifndef IDLEBENCH_KERNEL_EXPERIMENT_BOOT_SEED_H
#define IDLEBENCH_KERNEL_EXPERIMENT_BOOT_SEED_H

#include <stdbool.h>
#include <stdint.h>

/* A 64-bit seed: RDRAND when the CPU has it (have_rdrand) and it answers
 * with something other than 0 or all ones within 10 tries, else the TSC mixed through SplitMix64. *source names which
 * ("rdrand" or "tsc"; the `seed_source` meta). Under QEMU -icount the TSC is
 * deterministic, so is the seed: tests that need a repeat give seed= anyway. */
uint64_t boot_seed(bool have_rdrand, const char **source);

#endif
