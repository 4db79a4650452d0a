# The shared floors: lib/ (freestanding support), stats/ (the statistics),
# bench/ (workloads, probes and their registry), platform/ (the parsers the
# kernel and the host share: ACPI, CPUID identity/features/cache, SMBIOS, the
# residency rule) and core/ (stream, plan/harness/summary, options, the
# idle-mode and placement tables, machine_id), compiled unchanged into each of
# the three targets and kept in one archive per target:
#   $(BUILD)/kernel/libcore.a   KERNEL_CFLAGS (build/idlebench.elf)
#   $(BUILD)/efi/libcore.a      EFI_CFLAGS    (build/idlebench.efi)
#   $(BUILD)/host/libcore.a     HOST_CFLAGS   (the CLI and every unit test)
#   $(BUILD)/host/libcore-fuzz.a FUZZ_CFLAGS  (every fuzzer)
# lib/fpmath.c, stats/ and bench/ objects are always compiled with
# BENCH_CFLAGS on top (mk/bench.mk): the kernel's summary and the host's
# report compute the same bits. The floors rule (docs/DEVELOPING.md), checked
# by tests/unit/bench/check_freestanding.sh: lib/ includes nothing above it,
# stats/ only lib/, bench/ and platform/ only lib/, stats/ and themselves,
# core/ only those below it and itself.

# lib/mem.c is the kernel's memcpy/memset/strlen: never on the host, where
# libc has them (an archive member defining memcpy would replace glibc's).
LIB_SRCS := lib/fmt.c lib/crc32.c lib/sort.c lib/parse.c lib/owner_lock.c lib/hash64.c lib/safe_name.c \
            lib/result_name.c
# The floating-point sources, built with BENCH_CFLAGS everywhere (mk/bench.mk).
LIB_FP_SRCS := lib/fpmath.c
LIB_KERNEL_SRCS := lib/mem.c $(LIB_SRCS)

# Registry order is the table in bench/registry.c.
BENCH_SRCS := \
	bench/lz.c bench/hash.c bench/sort.c bench/shortest_path.c bench/alphabeta.c bench/interp.c \
	bench/sudoku.c bench/bignum.c bench/pointer_chase.c bench/matmul.c bench/stencil.c bench/nbody.c \
	bench/fft.c bench/lbm.c bench/raytrace.c bench/lu.c bench/montecarlo.c bench/whetstone.c \
	bench/probe.c bench/probe_chase.c bench/probe_rob.c bench/probe_mlp.c bench/probe_stream.c bench/probe_sq.c \
	bench/registry.c bench/expected.c

STATS_SRCS := stats/stats.c stats/student_t.c stats/inference.c stats/planning.c stats/order.c stats/analysis.c

# The parsers the kernel and the host tool both read (`inspect`, `bench`,
# `linux`): the ACPI tables, CPU identity, features and caches from CPUID,
# SMBIOS, the residency rule. Fed raw bytes or register values.
PLATFORM_SRCS := $(sort $(wildcard platform/acpi/*.c)) \
	platform/cpu/cpuid_native.c platform/cpu/cpu_identity.c platform/cpu/cpu_features.c platform/cpu/cache_info.c \
	platform/smbios/smbios_entry.c platform/smbios/smbios_table.c \
	platform/sibling/residency.c

CORE_SRCS := \
	core/stream/stream.c core/stream/sample_row.c core/stream/probe_record.c \
	core/experiment/plan.c core/experiment/harness.c core/experiment/summary.c \
	core/options/options.c core/options/option_table.c core/options/console_option.c \
	core/sibling/idle_mode.c core/sibling/placement.c core/sibling/load_round.c \
	core/platform/machine_id.c core/platform/cpu_identity_meta.c

# Host objects of lib/fpmath.c, stats/ and bench/, compiled with BENCH_CFLAGS
# (mk/bench.mk) into $(BUILD)/host/fp/.
FP_FLOOR_SRCS := $(LIB_FP_SRCS) $(STATS_SRCS) $(BENCH_SRCS)
BENCH_HOST_OBJS := $(patsubst %.c,$(BUILD)/host/fp/%.o,$(FP_FLOOR_SRCS))

# The hypervisor's name, one rule for the kernel and the Linux mode.
CORE_SRCS += core/platform/hypervisor_name.c
UNIT_TESTS += test_hypervisor_name
test_hypervisor_name_SRCS := tests/unit/platform/test_hypervisor_name.c

SHARED_SRCS      := $(LIB_FP_SRCS) $(STATS_SRCS) $(BENCH_SRCS) $(PLATFORM_SRCS) $(CORE_SRCS)
CORE_KERNEL_OBJS := $(patsubst %.c,$(BUILD)/kernel/%.o,$(LIB_KERNEL_SRCS) $(SHARED_SRCS))
CORE_EFI_OBJS    := $(patsubst %.c,$(BUILD)/efi/%.o,$(LIB_KERNEL_SRCS) $(SHARED_SRCS))
CORE_HOST_OBJS   := $(patsubst %.c,$(BUILD)/host/obj/%.o,$(LIB_SRCS) $(CORE_SRCS) $(PLATFORM_SRCS)) \
                    $(BENCH_HOST_OBJS)
CORE_FUZZ_OBJS   := $(patsubst %.c,$(BUILD)/host/fuzz-obj/%.o,$(LIB_SRCS) $(CORE_SRCS) $(PLATFORM_SRCS)) \
                    $(BENCH_HOST_OBJS)

CORE_KERNEL_A := $(BUILD)/kernel/libcore.a
CORE_EFI_A    := $(BUILD)/efi/libcore.a
CORE_HOST_A   := $(BUILD)/host/libcore.a
CORE_FUZZ_A   := $(BUILD)/host/libcore-fuzz.a

# rcs from scratch (rm first): a member whose source left the list must not
# linger in the archive.
$(CORE_KERNEL_A): $(CORE_KERNEL_OBJS)
	@rm -f $@
	ar rcs $@ $^
$(CORE_EFI_A): $(CORE_EFI_OBJS)
	@rm -f $@
	ar rcs $@ $^
$(CORE_HOST_A): $(CORE_HOST_OBJS)
	@rm -f $@
	ar rcs $@ $^
$(CORE_FUZZ_A): $(CORE_FUZZ_OBJS)
	@rm -f $@
	ar rcs $@ $^

-include $(CORE_KERNEL_OBJS:.o=.d) $(CORE_EFI_OBJS:.o=.d)
