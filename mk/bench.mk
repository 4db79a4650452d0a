# bench/: the workloads, the probes and their registry. Freestanding C built
# twice from the same sources with the same BENCH_CFLAGS: for the host (unit
# tests, the checksum generator, the CLI) and for the kernel (KERNEL_CFLAGS,
# which keep SSE2 on, with BENCH_CFLAGS appended below so they win where they
# overlap). The statistics (stats/) and lib/fpmath.c, the other floating-point
# code both builds share, get the same flags.

# -O2 -std=c11: the optimisation level is part of the contract (it changes
#   instruction counts, not results).
# -fno-fast-math -ffp-contract=off: no reassociation, no fused multiply-add
#   contraction even where -march would allow FMA, so each FP operation is
#   one IEEE-754 double operation in source order in both builds.
# -fno-strict-aliasing: the kernel's convention; harmless here.
# -msse2 -mfpmath=sse: the x86-64 defaults, stated so that doubles never go
#   through the x87 (80-bit intermediates would change results), and so a
#   flag set that disables SSE fails to compile instead of miscomputing.
BENCH_CFLAGS := -O2 -std=c11 -fno-fast-math -ffp-contract=off -fno-strict-aliasing \
                -msse2 -mfpmath=sse

# The workloads and the registry: BENCH_SRCS in mk/core.mk (registry order is
# the table in bench/registry.c); STATS_SRCS and LIB_FP_SRCS beside them.

# The generated table of expected checksums (included by bench/expected.c).
BENCH_GEN_HEADER := $(BUILD)/gen/bench/workload_checksums.h

# Host objects (BENCH_HOST_OBJS in $(BUILD)/host/fp/, mk/core.mk), compiled with BENCH_CFLAGS (not
# HOST_CFLAGS) so the tests and the generator exercise exactly the code the
# kernel runs; -MMD -MP as for every host object (the Makefile includes their
# .d files).
BENCH_GEN_OBJS := $(filter-out $(BUILD)/host/fp/bench/expected.o,$(BENCH_HOST_OBJS))

$(BUILD)/host/bench $(BUILD)/gen/bench:
	mkdir -p $@

$(BUILD)/host/fp/%.o: %.c
	@mkdir -p $(dir $@)
	$(HOST_CC) $(BENCH_CFLAGS) -Wall -Wextra -I. -I$(BUILD)/gen -MMD -MP -c -o $@ $<

$(BUILD)/host/fp/bench/expected.o: $(BENCH_GEN_HEADER)

$(BUILD)/host/bench/gen_workload_checksums: $(BUILD)/host/obj/tools/build/gen_workload_checksums.o $(BENCH_GEN_OBJS) \
		| $(BUILD)/host/bench
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $^
-include $(BUILD)/host/obj/tools/build/gen_workload_checksums.d

$(BENCH_GEN_HEADER): $(BUILD)/host/bench/gen_workload_checksums | $(BUILD)/gen/bench
	$< $@

# Proof that lib/, stats/, bench/, platform/ and core/ keep the floors rule
# and are freestanding:
# every file compiles with the kernel's freestanding flags, each includes only
# its own floor and those below, the objects together need nothing from
# outside, and bench/ linked into the generator reproduces the checksum table
# exactly. Part of `make unit`. The host objects stand for the sources and
# every header they include (their .d files).
BENCH_FREESTANDING_STAMP := $(BUILD)/host/bench/freestanding.ok
$(BENCH_FREESTANDING_STAMP): $(CORE_HOST_OBJS) $(BENCH_GEN_HEADER) \
                             $(BUILD)/host/obj/tools/build/gen_workload_checksums.o \
                             tests/unit/bench/check_freestanding.sh | $(BUILD)/host/bench
	sh tests/unit/bench/check_freestanding.sh "$(HOST_CC)" "$(BENCH_CFLAGS)" \
	   $(BUILD)/host/bench/freestanding $(BENCH_GEN_HEADER) $(LIB_KERNEL_SRCS) $(LIB_FP_SRCS) $(STATS_SRCS) \
	   $(BENCH_SRCS) $(PLATFORM_SRCS) $(CORE_SRCS)
	touch $@
unit: $(BENCH_FREESTANDING_STAMP)

UNIT_TESTS += bench_workloads bench_registry bench_probe
bench_workloads_SRCS := tests/unit/bench/test_workloads.c
bench_registry_SRCS := tests/unit/bench/test_registry.c
bench_probe_SRCS := tests/unit/bench/test_probe.c
# test_workloads.c includes the generated table too.
$(BUILD)/host/obj/tests/unit/bench/test_workloads.o: $(BENCH_GEN_HEADER)

# Kernel objects of bench/, stats/ and lib/fpmath.c: BENCH_CFLAGS after the
# kernel's own, and the generated table before expected.o (the .d files only
# know it after a build).
$(BUILD)/kernel/bench/%.o $(BUILD)/kernel/stats/%.o $(BUILD)/kernel/lib/fpmath.o: KERNEL_CFLAGS += $(BENCH_CFLAGS)
$(BUILD)/kernel/bench/expected.o: $(BENCH_GEN_HEADER)

