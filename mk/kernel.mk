# The kernel build/idlebench.elf (multiboot2 and PVH entries) and the hybrid
# ISO. KERNEL_SRCS below is the one list of kernel/ C sources linked into the
# kernel (beside BOOT_SRCS, the boot/ front end) and into idlebench.efi
# (mk/uefi.mk), beside the shared floors lib/, stats/, bench/, platform/ and
# core/ in $(CORE_KERNEL_A) (mk/core.mk). The
# other fragments take their share of it with $(filter), e.g. mk/cpu.mk's
# kernel/cpu/%, so a new source is named here once and lands in every build
# that uses its folder.

KERNEL_CC  := gcc
NASM       := nasm
# Run on every object NASM writes: its DWARF names the source folder by its
# absolute path (DW_AT_comp_dir; NASM 2.16 has no prefix map), rewritten to
# "." so two build folders give one kernel (tools/build/nasm_comp_dir.c).
NASM_COMP_DIR := $(BUILD)/gen/nasm_comp_dir
# Freestanding, SSE2 code generation allowed (boot/entry64.asm enables it).
# Position-independent (-fpic, hidden symbols: RIP-relative, no GOT) although
# the ELF is linked at 1 MiB: build/idlebench.efi must be PIC, and compiling
# both alike gives the workloads the same instructions under either front end
# (identical rows under QEMU -icount; tests/qemu/test_efi.sh).
KERNEL_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -ffreestanding -fpic -fvisibility=hidden \
                 -mno-red-zone -mcmodel=small -fno-stack-protector -fno-asynchronous-unwind-tables \
                 -msse2 -mfpmath=sse -I. -I$(BUILD)/gen
KERNEL_LDFLAGS := -nostdlib -static -z max-page-size=0x1000 -z noexecstack --no-warn-rwx-segments -T linker.ld
CONSOLE_FONT ?= /usr/share/consolefonts/Lat15-Terminus16.psf.gz

# Entry, CPU set-up, exception and interrupt stubs, the AP trampoline.
KERNEL_ASM := boot/headers.asm boot/entry32.asm boot/entry64.asm kernel/arch/cpu_setup64.asm \
              kernel/arch/exception_stubs.asm kernel/arch/msr_safe.asm kernel/arch/irq_stubs.asm \
              boot/ap_trampoline_blob.asm

# In the order a sample's data flows (the link order is sorted anyway).
KERNEL_SRCS := \
	kernel/kernel_run.c kernel/run_config.c \
	kernel/fault/selftest.c kernel/fault/run_end.c kernel/fault/fault_report.c \
	kernel/boot/boot_info.c kernel/platform/efi_config.c \
	kernel/console/console.c kernel/console/uart.c \
	kernel/console/pci_uart.c kernel/console/spcr_uart.c \
	kernel/console/text_grid.c kernel/console/vga_text.c kernel/console/fb_console.c \
	kernel/console/screen_model.c kernel/console/screen_layout.c kernel/console/screen_ui.c \
	kernel/arch/cpu_tables.c kernel/arch/exception.c kernel/arch/msr.c kernel/mm/paging.c kernel/arch/pci_config.c \
	kernel/arch/hypervisor.c kernel/arch/apic_id.c kernel/arch/tsc.c \
	kernel/arch/lapic.c kernel/arch/amd_eilvt.c kernel/arch/apic_base.c kernel/arch/stray_irq.c kernel/arch/stray_count.c kernel/arch/nmi_credit.c \
	kernel/mm/memory_setup.c kernel/mm/phys_alloc.c \
	kernel/stream/stream_cpu_lock.c \
	kernel/stream/capture.c kernel/stream/stray_record.c \
	kernel/platform/platform.c \
	kernel/cpu/topology.c kernel/cpu/machine_state.c kernel/cpu/pmu.c \
	kernel/time/tsc_calibrate.c kernel/time/hpet_counter.c kernel/time/delay.c kernel/time/quiet_probe.c \
	kernel/smp/smp.c \
	kernel/sibling/mailbox.c kernel/sibling/park.c kernel/sibling/sibling.c \
	kernel/sibling/sibling_check.c kernel/sibling/cpu_roles.c \
	kernel/sibling/others.c kernel/sibling/load.c kernel/sibling/mperf_mwait.c \
	kernel/experiment/measured_cpu.c kernel/experiment/counters.c kernel/experiment/power.c \
	kernel/experiment/experiment.c kernel/console/eta.c kernel/experiment/boot_seed.c \
	kernel/experiment/probes.c

# The multiboot2/PVH front end's C half (boot/): kmain and the loader
# information readers; idlebench.efi has its own front end (mk/uefi.mk).
BOOT_SRCS := boot/kmain.c boot/loader/multiboot2.c boot/loader/pvh.c

KERNEL_OBJS := $(patsubst %.c,$(BUILD)/kernel/%.o,$(sort $(KERNEL_SRCS) $(BOOT_SRCS))) \
               $(patsubst %.asm,$(BUILD)/kernel/%.o,$(KERNEL_ASM))

kernel: $(BUILD)/idlebench.elf

$(BUILD)/idlebench.elf: $(KERNEL_OBJS) $(CORE_KERNEL_A) linker.ld
	ld $(KERNEL_LDFLAGS) -o $@ $(KERNEL_OBJS) $(CORE_KERNEL_A) $(shell $(KERNEL_CC) -print-libgcc-file-name)

# Objects depend on the flags they were built with: a changed flag rebuilds
# them, never a stale mix.
$(BUILD)/gen/kernel_cflags: FORCE | $(BUILD)/gen
	@echo '$(KERNEL_CFLAGS)' | cmp -s - $@ || echo '$(KERNEL_CFLAGS)' >$@
.PHONY: FORCE

# The version string in one generated header, rewritten only when it
# changes: a new commit rebuilds the objects that print it (kernel, UEFI app,
# the host's bench and linux commands), not everything.
VERSION_HEADER := $(BUILD)/gen/version.h
$(VERSION_HEADER): FORCE | $(BUILD)/gen
	@printf '#define IDLEBENCH_VERSION "%s"\n' '$(FULL_VERSION)' | cmp -s - $@ || \
		printf '#define IDLEBENCH_VERSION "%s"\n' '$(FULL_VERSION)' >$@
$(BUILD)/kernel/kernel/kernel_run.o $(BUILD)/efi/kernel/kernel_run.o $(BUILD)/host/obj/tools/cli/cmd_bench.o \
	$(BUILD)/host/obj/tools/linux/linux_run.o: $(VERSION_HEADER)

$(BUILD)/kernel/%.o: %.c $(BUILD)/gen/font_glyphs.h $(BUILD)/gen/kernel_cflags
	@mkdir -p $(dir $@)
	$(KERNEL_CC) $(KERNEL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/kernel/%.o: %.asm $(NASM_COMP_DIR)
	@mkdir -p $(dir $@)
	$(NASM) -f elf64 -g -I$(BUILD)/gen/ -o $@.tmp $< && $(NASM_COMP_DIR) $@.tmp && mv $@.tmp $@

# The AP trampoline is a flat real-mode binary embedded as data.
$(BUILD)/gen/ap_trampoline.bin: boot/ap_trampoline.asm | $(BUILD)/gen
	$(NASM) -f bin -o $@ $<
$(BUILD)/kernel/boot/ap_trampoline_blob.o: $(BUILD)/gen/ap_trampoline.bin

-include $(KERNEL_OBJS:.o=.d)

# The screen font comes from Debian's console-setup-linux at build time.
$(BUILD)/gen/font_glyphs.h: tools/build/gen_font.c $(CONSOLE_FONT) | $(BUILD)/gen
	$(HOST_CC) -O2 -Wall -Wextra -o $(BUILD)/gen/gen_font tools/build/gen_font.c
	gzip -dc $(CONSOLE_FONT) > $(BUILD)/gen/console_font.psf
	$(BUILD)/gen/gen_font $(BUILD)/gen/console_font.psf $@

# Hybrid BIOS+UEFI image (grub-mkrescue: El Torito + GPT/MBR, `dd`-able).
iso: $(BUILD)/idlebench.iso
$(BUILD)/idlebench.iso: $(BUILD)/idlebench.elf grub.cfg scripts/make-iso.sh
	scripts/make-iso.sh $(BUILD)/idlebench.elf grub.cfg $@
