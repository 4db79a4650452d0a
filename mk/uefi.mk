# idlebench.efi: the UEFI application (boot/uefi/), built with GNU-EFI from
# the same kernel and bench sources as build/idlebench.elf, compiled again as
# position-independent code (the firmware relocates the image wherever it
# loads it; gnu-efi's crt0 applies the relocations, then calls efi_main).
# `make efi` builds build/idlebench.efi: its .sbat section (SBAT metadata for
# shim, scripts/make-sbat-csv.sh) included and marked NX-compatible
# (tools/build/pe_nx_compat.c; scripts/check-efi-image.sh holds the claim to W^X).
# --strip-all: no COFF symbol table after the sections (deprecated in PE
# images, useless next to idlebench.so, and data outside every section that
# sbsign warns about and the Authenticode hash must then cover).
# Signing for Secure Boot: mk/sign.mk.

EFI_INC      := /usr/include/efi
EFI_LDS      := boot/uefi/efi.lds
EFI_CRT0     := /usr/lib/crt0-efi-x86_64.o
EFI_FRONT    := boot/uefi/efi_main.c boot/uefi/efi_files.c boot/uefi/efi_hw_state.c \
                boot/uefi/efi_cmdline.c boot/uefi/efi_mmap.c boot/uefi/efi_result_name.c \
                boot/uefi/efi_mp_check.c boot/uefi/efi_secure_boot.c \
                boot/uefi/efi_secure_boot_text.c boot/uefi/efi_fw_console.c boot/uefi/efi_text.c \
                boot/uefi/efi_net.c boot/uefi/efi_net_path.c
EFI_ASM      := kernel/arch/cpu_setup64.asm boot/uefi/efi_switch.asm kernel/arch/exception_stubs.asm \
                kernel/arch/msr_safe.asm kernel/arch/irq_stubs.asm boot/ap_trampoline_blob.asm \
                boot/uefi/sbat.asm
# vendor_url of the .sbat component line: where users find this build.
SBAT_URL     ?= README.md
# Every kernel source (mk/kernel.mk; the multiboot2/PVH front end is
# BOOT_SRCS, not in it); lib/, stats/, bench/, platform/ and core/ come from
# $(CORE_EFI_A) (mk/core.mk).
EFI_SRCS      = $(KERNEL_SRCS) $(EFI_FRONT)
EFI_OBJS      = $(patsubst %.c,$(BUILD)/efi/%.o,$(sort $(EFI_SRCS))) \
                $(patsubst %.asm,$(BUILD)/efi/%.o,$(EFI_ASM))
EFI_CFLAGS    = $(KERNEL_CFLAGS) -fshort-wchar -DGNU_EFI_USE_MS_ABI \
                -I$(EFI_INC) -I$(EFI_INC)/x86_64

.PHONY: efi
efi: $(BUILD)/idlebench.efi

.SECONDEXPANSION:
$(BUILD)/idlebench.so: $$(EFI_OBJS) $(CORE_EFI_A) $(EFI_LDS) $(EFI_CRT0)
	ld -nostdlib -znocombreloc -shared -Bsymbolic --no-undefined -z noexecstack -T $(EFI_LDS) \
	   -o $@ $(EFI_CRT0) $(EFI_OBJS) $(CORE_EFI_A) /usr/lib/libgnuefi.a $(shell $(KERNEL_CC) -print-libgcc-file-name)

$(BUILD)/idlebench.efi: $(BUILD)/idlebench.so scripts/check-efi-image.sh $(BUILD)/gen/pe_nx_compat
	objcopy -j .text -j .sdata -j .data -j .dynamic -j .dynsym -j .rel -j .rela -j '.rel.*' -j '.rela.*' \
	        -j .reloc -j .sbat --strip-all --target efi-app-x86_64 --subsystem=10 $< $@.tmp
	$(BUILD)/gen/pe_nx_compat $@.tmp
	scripts/check-efi-image.sh $< $@.tmp
	mv $@.tmp $@

$(BUILD)/efi/%.o: %.c $(BUILD)/gen/font_glyphs.h $(BUILD)/gen/bench/workload_checksums.h $(BUILD)/gen/kernel_cflags
	@mkdir -p $(dir $@)
	$(KERNEL_CC) $(EFI_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/efi/%.o: %.asm $(NASM_COMP_DIR)
	@mkdir -p $(dir $@)
	$(NASM) -f elf64 -g -I$(BUILD)/gen/ -o $@.tmp $< && $(NASM_COMP_DIR) $@.tmp && mv $@.tmp $@
$(BUILD)/efi/boot/ap_trampoline_blob.o: $(BUILD)/gen/ap_trampoline.bin
$(BUILD)/efi/boot/uefi/sbat.o: $(BUILD)/gen/sbat.csv

# Rewritten only when its text changes (a new commit changes the version).
# The temporary file is the shell's own ($$$$): two makes at once (make test's
# QEMU lanes run `make run` and `make usb` side by side) never share one.
$(BUILD)/gen/sbat.csv: scripts/make-sbat-csv.sh FORCE | $(BUILD)/gen
	@t=$@.$$$$.tmp; scripts/make-sbat-csv.sh '$(FULL_VERSION)' '$(SBAT_URL)' >$$t && \
		if cmp -s $$t $@; then rm $$t; else mv $$t $@; fi

$(BUILD)/gen/pe_nx_compat: tools/build/pe_nx_compat.c | $(BUILD)/gen
	$(HOST_CC) -O2 -Wall -Wextra -o $@ $<

-include $(EFI_OBJS:.o=.d)

# Host unit tests and a fuzzer for the pure pieces of the front end: load
# options and cmdline.txt to a command line, result file names, the UEFI
# memory map to boot_info regions, the secure_boot metadata value, the stream
# as firmware console text, paths beside a TFTP boot file.
UNIT_TESTS += test_efi_cmdline test_uefi_result_name test_efi_mmap test_efi_secure_boot_text test_efi_text \
              test_efi_net_path
test_efi_text_SRCS := tests/unit/uefi/test_efi_text.c boot/uefi/efi_text.c
test_efi_net_path_SRCS := tests/unit/uefi/test_efi_net_path.c boot/uefi/efi_net_path.c
test_efi_cmdline_SRCS := tests/unit/uefi/test_efi_cmdline.c boot/uefi/efi_cmdline.c
test_uefi_result_name_SRCS := tests/unit/uefi/test_uefi_result_name.c boot/uefi/efi_result_name.c
test_efi_mmap_SRCS := tests/unit/uefi/test_efi_mmap.c boot/uefi/efi_mmap.c
test_efi_secure_boot_text_SRCS := tests/unit/uefi/test_efi_secure_boot_text.c \
                                  boot/uefi/efi_secure_boot_text.c

FUZZERS += fuzz_efi_cmdline
fuzz_efi_cmdline_SRCS := tests/fuzz/fuzz_efi_cmdline.c boot/uefi/efi_cmdline.c
fuzz_efi_cmdline_CORPUS := tests/fuzz/corpus/efi_cmdline
