# idlebench build. `make` builds the kernel, the ISO and the host tools;
# `make run` boots it in QEMU; `make test` runs every test. See README.md.

BUILD      := build
HOST_CC    ?= gcc
FUZZ_CC    ?= clang
HOST_CFLAGS = -std=c11 -O2 -g -Wall -Wextra -D_DEFAULT_SOURCE -I. -I$(BUILD)/gen -DIDLEBENCH_VERSION='"$(FULL_VERSION)"'
FUZZ_CFLAGS := -std=c11 -O1 -g -Wall -Wextra -D_DEFAULT_SOURCE -I. -I$(BUILD)/gen \
               -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_SECONDS ?= 15

VERSION    := 0.1.0
GIT_REV    := $(shell git rev-parse --short HEAD 2>/dev/null)
FULL_VERSION := $(VERSION)$(if $(GIT_REV),+g$(GIT_REV))

# Kernel: freestanding, SSE2 code generation allowed (boot/entry64.asm enables it).
CC         ?= gcc
KERNEL_CC  := gcc
NASM       := nasm
# Position-independent (-fpic, hidden symbols: RIP-relative, no GOT) although
# the ELF is linked at 1 MiB: build/idlebench.efi must be PIC, and compiling
# both alike gives the workloads the same instructions under either front end
# (identical rows under QEMU -icount; tests/qemu/test_efi.sh).
KERNEL_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -ffreestanding -fpic -fvisibility=hidden \
                 -mno-red-zone -mcmodel=small -fno-stack-protector -fno-asynchronous-unwind-tables \
                 -msse2 -mfpmath=sse -I. -I$(BUILD)/gen -DIDLEBENCH_VERSION='"$(FULL_VERSION)"'
KERNEL_LDFLAGS := -nostdlib -static -z max-page-size=0x1000 -z noexecstack --no-warn-rwx-segments -T linker.ld
KERNEL_ASM := boot/headers.asm boot/entry32.asm boot/entry64.asm boot/cpu_setup64.asm \
              kernel/arch/exception_stubs.asm kernel/arch/msr_safe.asm kernel/arch/irq_stubs.asm \
              boot/ap_trampoline_blob.asm
CONSOLE_FONT ?= /usr/share/consolefonts/Lat15-Terminus16.psf.gz

# `make` alone builds everything (fragments below define targets of their own).
.DEFAULT_GOAL := all

# ---- component fragments -------------------------------------------------
# Each mk/<component>.mk appends to these lists (see mk/README.md).
UNIT_TESTS    :=
FUZZERS       :=
HOST_CLI_SRCS := tools/idlebench.c tools/cmd_crc32.c kernel/lib/crc32.c
KERNEL_SRCS   := kernel/kmain.c kernel/kernel_run.c kernel/stream/capture.c kernel/options.c kernel/option_table.c \
                 kernel/run_config.c kernel/selftest.c kernel/run_end.c kernel/fault_report.c kernel/lib/parse.c kernel/lib/hash64.c kernel/mm/memory_setup.c \
                 kernel/lib/mem.c kernel/lib/fmt.c kernel/lib/crc32.c kernel/lib/sort.c \
                 kernel/stream/stream.c kernel/stream/sample_row.c kernel/stream/stream_cpu_lock.c kernel/lib/owner_lock.c kernel/boot/boot_info.c kernel/boot/multiboot2.c kernel/boot/pvh.c \
                 kernel/console/console.c kernel/console/serial.c kernel/console/serial_port.c \
                 kernel/console/vga_text.c kernel/console/fb_console.c \
                 kernel/arch/cpu_tables.c kernel/arch/exception.c kernel/arch/msr.c \
                 kernel/arch/paging.c kernel/arch/hypervisor.c kernel/arch/apic_id.c kernel/arch/cpuid_native.c kernel/mm/phys_alloc.c \
                 kernel/boot/efi_config.c kernel/platform/platform.c kernel/time/tsc_calibrate.c \
                 kernel/time/delay.c kernel/time/quiet_probe.c kernel/arch/tsc.c kernel/arch/lapic.c kernel/smp/smp.c \
                 kernel/sibling/idle_mode.c kernel/sibling/mailbox.c kernel/sibling/park.c kernel/sibling/sibling.c \
                 kernel/sibling/sibling_check.c kernel/sibling/placement.c kernel/experiment/measured_cpu.c \
                 kernel/experiment/plan.c kernel/experiment/counters.c kernel/experiment/experiment.c \
                 kernel/experiment/summary.c kernel/experiment/boot_seed.c
include $(sort $(wildcard mk/*.mk))

.PHONY: all kernel iso host unit fuzz clean deps run test
all: kernel iso host efi usb

# ---- kernel -----------------------------------------------------------------
KERNEL_OBJS := $(patsubst %.c,$(BUILD)/kernel/%.o,$(sort $(KERNEL_SRCS))) \
               $(patsubst %.asm,$(BUILD)/kernel/%.o,$(KERNEL_ASM))

kernel: $(BUILD)/idlebench.elf

$(BUILD)/idlebench.elf: $(KERNEL_OBJS) linker.ld
	ld $(KERNEL_LDFLAGS) -o $@ $(KERNEL_OBJS) $(shell $(KERNEL_CC) -print-libgcc-file-name)

# Objects depend on the flags they were built with (the version string is one
# of them): a changed flag or a new commit rebuilds them, never a stale mix.
$(BUILD)/gen/kernel_cflags: FORCE | $(BUILD)/gen
	@echo '$(KERNEL_CFLAGS)' | cmp -s - $@ || echo '$(KERNEL_CFLAGS)' >$@
.PHONY: FORCE

$(BUILD)/kernel/%.o: %.c $(BUILD)/gen/font_glyphs.h $(BUILD)/gen/kernel_cflags
	@mkdir -p $(dir $@)
	$(KERNEL_CC) $(KERNEL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/kernel/%.o: %.asm
	@mkdir -p $(dir $@)
	$(NASM) -f elf64 -g -I$(BUILD)/gen/ -o $@ $<

# The AP trampoline is a flat real-mode binary embedded as data.
$(BUILD)/gen/ap_trampoline.bin: boot/ap_trampoline.asm | $(BUILD)/gen
	$(NASM) -f bin -o $@ $<
$(BUILD)/kernel/boot/ap_trampoline_blob.o: $(BUILD)/gen/ap_trampoline.bin

-include $(KERNEL_OBJS:.o=.d)

# The screen font comes from Debian's console-setup-linux at build time.
$(BUILD)/gen/font_glyphs.h: tools/gen_font.c $(CONSOLE_FONT) | $(BUILD)/gen
	$(HOST_CC) -O2 -Wall -Wextra -o $(BUILD)/gen/gen_font tools/gen_font.c
	gzip -dc $(CONSOLE_FONT) > $(BUILD)/gen/console_font.psf
	$(BUILD)/gen/gen_font $(BUILD)/gen/console_font.psf $@

# Hybrid BIOS+UEFI image (grub-mkrescue: El Torito + GPT/MBR, `dd`-able).
iso: $(BUILD)/idlebench.iso
$(BUILD)/idlebench.iso: $(BUILD)/idlebench.elf grub.cfg tools/make-iso.sh
	tools/make-iso.sh $(BUILD)/idlebench.elf grub.cfg $@

host: $(BUILD)/host/idlebench

$(BUILD)/host/idlebench: $(sort $(HOST_CLI_SRCS)) $(wildcard tools/*.h) | $(BUILD)/host
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $(sort $(HOST_CLI_SRCS)) -lm

$(BUILD)/host $(BUILD)/host/tests $(BUILD)/host/fuzz $(BUILD)/gen:
	mkdir -p $@

define unit_test_rule
$(BUILD)/host/tests/$(1): $$(sort $$($(1)_SRCS)) | $(BUILD)/host/tests
	$$(HOST_CC) $$(HOST_CFLAGS) -o $$@ $$(sort $$($(1)_SRCS)) -lcmocka -lm $$($(1)_LDLIBS)
endef
$(foreach t,$(UNIT_TESTS),$(eval $(call unit_test_rule,$(t))))

define fuzzer_rule
$(BUILD)/host/fuzz/$(1): $$(sort $$($(1)_SRCS)) | $(BUILD)/host/fuzz
	$$(FUZZ_CC) $$(FUZZ_CFLAGS) -o $$@ $$(sort $$($(1)_SRCS)) -lm
	echo "$$($(1)_CORPUS)" > $$@.corpus
endef
$(foreach f,$(FUZZERS),$(eval $(call fuzzer_rule,$(f))))

unit: $(addprefix $(BUILD)/host/tests/,$(UNIT_TESTS))
fuzz: $(addprefix $(BUILD)/host/fuzz/,$(FUZZERS))

# ---- front door -------------------------------------------------------------
BOOT       ?= bios
QEMU_CPU   ?= Dhyana
SMP        ?= 2,sockets=1,cores=1,threads=2
CMDLINE    ?=
QEMU_EXTRA ?=
RESULTS_DIR ?= results
export BOOT QEMU_CPU SMP CMDLINE QEMU_EXTRA

deps:
	@tools/install-deps.sh

# The stream shows live (capture echoes it) and is saved, verified, under
# RESULTS_DIR; then the report and its chart. The exit status is the kernel's
# verdict (0 = status=ok).
run: deps
	@$(MAKE) --no-print-directory all
	@tools/make-run.sh "$(BUILD)" "$(RESULTS_DIR)"

test: deps
	@$(MAKE) --no-print-directory all unit fuzz
	@FUZZ_SECONDS=$(FUZZ_SECONDS) tests/run-all.sh

clean:
	rm -rf $(BUILD)
