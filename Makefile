# idlebench build. `make` builds the kernel, the ISO and the host tools;
# `make run` boots it in QEMU; `make test` runs every test. See README.md.
# This file holds the shared settings, the host build (unit tests, fuzzers,
# the CLI) and the front door; each component has its fragment in mk/
# (mk/README.md).

BUILD      := build
HOST_CC    ?= gcc
FUZZ_CC    ?= clang
HOST_CFLAGS = -std=c11 -O2 -g -Wall -Wextra -D_DEFAULT_SOURCE -I. -I$(BUILD)/gen
FUZZ_CFLAGS := -std=c11 -O1 -g -Wall -Wextra -D_DEFAULT_SOURCE -I. -I$(BUILD)/gen \
               -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_SECONDS ?= 15

# The version every artefact carries (the stream's `version`, `idlebench
# --version`, the packages): VERSION+gCOMMIT, then -dirty when a tracked file
# differs from the commit (git describe's rule; no time, host or user, so a
# rebuild gives the same string). Git only counts when this folder is the top
# of its own repository (a tree unpacked inside another one is not it). A
# source tree without git reads .tarball-version (written into the packages'
# source tarballs); else VERSION+unknown. `make FULL_VERSION=...` overrides.
VERSION    := 0.1.0
GIT_REV    := $(if $(filter $(CURDIR),$(shell git rev-parse --show-toplevel 2>/dev/null)),$(shell git rev-parse --short=7 HEAD 2>/dev/null))
GIT_DIRTY  := $(if $(GIT_REV),$(if $(shell git --no-optional-locks status --porcelain --untracked-files=no 2>/dev/null),-dirty))
FULL_VERSION ?= $(or $(if $(GIT_REV),$(VERSION)+g$(GIT_REV)$(GIT_DIRTY)),$(shell cat .tarball-version 2>/dev/null),$(VERSION)+unknown)

# `make` alone builds everything (fragments below define targets of their own).
.DEFAULT_GOAL := all

# ---- component fragments -------------------------------------------------
# mk/core.mk first: lib/, stats/, bench/, platform/ and core/ into one archive per target (the
# host tool and every unit test link $(CORE_HOST_A), every fuzzer
# $(CORE_FUZZ_A)); then mk/kernel.mk, the one list of kernel sources. Each
# mk/<component>.mk appends to these lists (see mk/README.md).
UNIT_TESTS    :=
FUZZERS       :=
# The host CLI: every source of its four tools (tools/build/ holds the
# build-time generators, not part of it; tools/common/ holds what more than
# one tool uses); lib/, stats/, bench/, platform/ and core/ come from $(CORE_HOST_A).
HOST_CLI_SRCS := $(sort $(wildcard tools/common/*.c tools/cli/*.c tools/report/*.c tools/linux/*.c tools/capture/*.c))
include mk/core.mk mk/kernel.mk
include $(filter-out mk/core.mk mk/kernel.mk,$(sort $(wildcard mk/*.mk)))

.PHONY: all kernel iso host unit fuzz clean deps run test
all: kernel iso host efi usb netboot

# ---- host: unit tests, fuzzers, the CLI -------------------------------------
# One object per source: build/host/obj/ with HOST_CFLAGS (tests, CLI),
# build/host/fuzz-obj/ with FUZZ_CFLAGS (fuzzers). Objects named in a list
# (mk/bench.mk's) are used as they are. -MMD -MP writes each object's header
# dependencies beside it, so an edited header rebuilds exactly what includes it.
# $(call host_objs,LIST) / $(call fuzz_objs,LIST): the objects of a source
# list, in sorted source order (the link order of one compiler call before).
host_objs = $(foreach s,$(sort $(1)),$(if $(filter %.c,$(s)),$(BUILD)/host/obj/$(s:.c=.o),$(s)))
fuzz_objs = $(foreach s,$(sort $(1)),$(if $(filter %.c,$(s)),$(BUILD)/host/fuzz-obj/$(s:.c=.o),$(s)))

$(BUILD)/host/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/host/fuzz-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<

host: $(BUILD)/host/idlebench

$(BUILD)/host/idlebench: $(call host_objs,$(HOST_CLI_SRCS)) $(CORE_HOST_A) | $(BUILD)/host
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $(call host_objs,$(HOST_CLI_SRCS)) $(CORE_HOST_A) -lm $(HOST_CLI_LDLIBS)

$(BUILD)/host $(BUILD)/host/tests $(BUILD)/host/fuzz $(BUILD)/gen:
	mkdir -p $@

define unit_test_rule
$(BUILD)/host/tests/$(1): $$(call host_objs,$$($(1)_SRCS)) $(CORE_HOST_A) | $(BUILD)/host/tests
	$$(HOST_CC) $$(HOST_CFLAGS) -o $$@ $$(call host_objs,$$($(1)_SRCS)) $(CORE_HOST_A) -lcmocka -lm $$($(1)_LDLIBS)
endef
$(foreach t,$(UNIT_TESTS),$(eval $(call unit_test_rule,$(t))))

define fuzzer_rule
$(BUILD)/host/fuzz/$(1): $$(call fuzz_objs,$$($(1)_SRCS)) $(CORE_FUZZ_A) | $(BUILD)/host/fuzz
	$$(FUZZ_CC) $$(FUZZ_CFLAGS) -o $$@ $$(call fuzz_objs,$$($(1)_SRCS)) $(CORE_FUZZ_A) -lm
	echo "$$($(1)_CORPUS)" > $$@.corpus
endef
$(foreach f,$(FUZZERS),$(eval $(call fuzzer_rule,$(f))))

unit: $(addprefix $(BUILD)/host/tests/,$(UNIT_TESTS))
fuzz: $(addprefix $(BUILD)/host/fuzz/,$(FUZZERS))

HOST_OBJS := $(sort $(call host_objs,$(HOST_CLI_SRCS) $(foreach t,$(UNIT_TESTS),$($(t)_SRCS))) $(CORE_HOST_OBJS))
FUZZ_OBJS := $(sort $(call fuzz_objs,$(foreach f,$(FUZZERS),$($(f)_SRCS))) $(CORE_FUZZ_OBJS))
-include $(HOST_OBJS:.o=.d) $(FUZZ_OBJS:.o=.d)

# ---- front door -------------------------------------------------------------
BOOT       ?= bios
QEMU_CPU   ?= Dhyana
SMP        ?= 2,sockets=1,cores=1,threads=2
CMDLINE    ?=
QEMU_EXTRA ?=
RESULTS_DIR ?= results
export BOOT QEMU_CPU SMP CMDLINE QEMU_EXTRA

deps:
	@scripts/install-deps.sh

# The stream shows live (capture echoes it) and is saved, verified, under
# RESULTS_DIR; then the report and its chart. The exit status is the kernel's
# verdict (0 = status=ok).
run: deps
	@$(MAKE) --no-print-directory all
	@scripts/make-run.sh "$(BUILD)" "$(RESULTS_DIR)"

test: deps
	@$(MAKE) --no-print-directory all unit fuzz
	@FUZZ_SECONDS=$(FUZZ_SECONDS) tests/run-all.sh

clean:
	rm -rf $(BUILD)
