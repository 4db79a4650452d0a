# Reproducible builds: two builds of one commit, in other folders, at other
# times, under another umask, locale or time zone, give the same bytes
# (tests/scripts/test_reproducible.sh builds a second copy and compares).
# SOURCE_DATE_EPOCH (reproducible-builds.org/specs/source-date-epoch) is the
# one time every image tool writes: the commit's time unless the caller sets
# it; outside a git checkout, the Makefile's mtime. Exported, so xorriso
# (volume dates, GPT GUIDs: man xorrisofs, "SOURCE_DATE_EPOCH") and mtools
# (FAT dates) read it; scripts/make-iso.sh and scripts/make-usb.sh derive
# what those tools take from the clock or chance (the ISO's UUID, the FAT
# volume serials) from it too. The UEFI app's PE header needs nothing:
# Debian 12's objcopy writes TimeDateStamp 0 (checked: build/idlebench.efi).
SOURCE_DATE_EPOCH ?= $(shell git -C '$(CURDIR)' log -1 --format=%ct 2>/dev/null)
ifeq ($(strip $(SOURCE_DATE_EPOCH)),)
SOURCE_DATE_EPOCH := $(shell stat -c %Y '$(CURDIR)/Makefile')
endif
export SOURCE_DATE_EPOCH

# The build folder in the debug info (DW_AT_comp_dir, DW_AT_name) and in
# __FILE__ becomes "." (GCC manual, -ffile-prefix-map). No source uses
# __DATE__ or __TIME__; GCC would take SOURCE_DATE_EPOCH for them anyway.
REPRO_CFLAGS := -ffile-prefix-map=$(CURDIR)=.
KERNEL_CFLAGS += $(REPRO_CFLAGS)
HOST_CFLAGS += $(REPRO_CFLAGS)
FUZZ_CFLAGS += $(REPRO_CFLAGS)


# The assembly's DWARF: mk/kernel.mk's NASM_COMP_DIR, run on each object.
$(NASM_COMP_DIR): tools/build/nasm_comp_dir.c | $(BUILD)/gen
	$(HOST_CC) -O2 -Wall -Wextra -o $@ $<
