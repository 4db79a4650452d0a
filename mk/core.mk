# The shared floors: lib/ (freestanding support), bench/ (workloads,
# probes, statistics) and core/ (stream, plan/harness/summary, options, the
# idle-mode and placement tables, machine_id), compiled unchanged into each of
# the three targets and kept in one archive per target:
#   $(BUILD)/kernel/libcore.a   KERNEL_CFLAGS (build/idlebench.elf)
#   $(BUILD)/efi/libcore.a      EFI_CFLAGS    (build/idlebench.efi)
#   $(BUILD)/host/libcore.a     HOST_CFLAGS   (the CLI and every unit test)
#   $(BUILD)/host/libcore-fuzz.a FUZZ_CFLAGS  (every fuzzer)
# bench/ objects are always compiled with BENCH_CFLAGS on top (mk/bench.mk).
# The host archives also hold the kernel parsers the host tool reads
# (KERNEL_HOST_SRCS below, the one list of kernel/ sources the host names), as
# xv6's mkfs reads kernel/fs.h. The floors rule (docs/DEVELOPING.md), checked
# by tests/unit/bench/check_freestanding.sh: lib/ includes nothing above it,
# bench/ only lib/ and itself, core/ only core/, lib/ and bench/.

# lib/mem.c is the kernel's memcpy/memset/strlen: never on the host, where
# libc has them (an archive member defining memcpy would replace glibc's).
LIB_SRCS := lib/fmt.c lib/crc32.c lib/sort.c lib/parse.c lib/owner_lock.c lib/hash64.c lib/safe_name.c \
            lib/result_name.c
LIB_KERNEL_SRCS := lib/mem.c $(LIB_SRCS)

# Registry order is the table in bench/registry.c.
BENCH_SRCS := \
	bench/lz.c bench/hash.c bench/sort.c bench/shortest_path.c bench/alphabeta.c bench/interp.c \
	bench/sudoku.c bench/bignum.c bench/pointer_chase.c bench/matmul.c bench/stencil.c bench/nbody.c \
	bench/fft.c bench/lbm.c bench/raytrace.c bench/lu.c bench/montecarlo.c bench/whetstone.c \
	bench/probe.c bench/probe_chase.c bench/probe_rob.c bench/probe_mlp.c bench/probe_stream.c bench/probe_sq.c \
	bench/fpmath.c bench/registry.c bench/expected.c \
	bench/stats.c bench/student_t.c bench/inference.c bench/planning.c bench/order.c bench/analysis.c

CORE_SRCS := \
	core/stream/stream.c core/stream/sample_row.c core/stream/probe_record.c \
	core/experiment/plan.c core/experiment/harness.c core/experiment/summary.c \
	core/options/options.c core/options/option_table.c core/options/console_option.c \
	core/sibling/idle_mode.c core/sibling/placement.c core/sibling/load_round.c \
	core/platform/machine_id.c

# The kernel parsers the host tool and its tests read (`inspect`, `bench`,
# `linux`): the ACPI tables, CPU identity, features and caches from CPUID.
KERNEL_HOST_SRCS := $(sort $(wildcard kernel/acpi/*.c)) \
	kernel/arch/cpuid_native.c kernel/cpu/cpu_identity.c kernel/cpu/cpu_features.c kernel/cpu/cache_info.c

# The hypervisor's name, one rule for the kernel and the Linux mode.
CORE_SRCS += core/platform/hypervisor_name.c
UNIT_TESTS += test_hypervisor_name
test_hypervisor_name_SRCS := tests/unit/platform/test_hypervisor_name.c

# Host objects of bench/, compiled with BENCH_CFLAGS (mk/bench.mk).
BENCH_HOST_OBJS := $(patsubst bench/%.c,$(BUILD)/host/bench/%.o,$(BENCH_SRCS))

CORE_KERNEL_OBJS := $(patsubst %.c,$(BUILD)/kernel/%.o,$(LIB_KERNEL_SRCS) $(BENCH_SRCS) $(CORE_SRCS))
CORE_EFI_OBJS    := $(patsubst %.c,$(BUILD)/efi/%.o,$(LIB_KERNEL_SRCS) $(BENCH_SRCS) $(CORE_SRCS))
CORE_HOST_OBJS   := $(patsubst %.c,$(BUILD)/host/obj/%.o,$(LIB_SRCS) $(CORE_SRCS) $(KERNEL_HOST_SRCS)) \
                    $(BENCH_HOST_OBJS)
CORE_FUZZ_OBJS   := $(patsubst %.c,$(BUILD)/host/fuzz-obj/%.o,$(LIB_SRCS) $(CORE_SRCS) $(KERNEL_HOST_SRCS)) \
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
