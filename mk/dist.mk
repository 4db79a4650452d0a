# `make dist`: build/dist/idlebench-VERSION/ and its tarball, the release a
# lab downloads (scripts/make-dist.sh lists the files). VERSION is the
# version string the kernel prints, with -dirty when tracked files differ
# from the commit (added here unless the string says so already). Two
# `make dist` of one commit give the same tarball (tests/build/test_dist.sh).
DIST_DIR ?= $(BUILD)/dist
# Asked only when `make dist` runs (= and ?=, not :=): git status compares
# contents where the index's stat data is stale, without needing its lock.
DIST_DIRTY = $(if $(GIT_REV),$(if $(shell git -C '$(CURDIR)' status --porcelain --untracked-files=no 2>/dev/null),-dirty))
DIST_VERSION ?= $(if $(filter %-dirty,$(FULL_VERSION)),$(FULL_VERSION),$(FULL_VERSION)$(DIST_DIRTY))

.PHONY: dist
dist: $(BUILD)/idlebench.iso $(BUILD)/idlebench-usb.img $(BUILD)/idlebench.efi $(BUILD)/idlebench.elf \
      $(BUILD)/netboot/idlebench.efi scripts/make-dist.sh
	scripts/make-dist.sh $(BUILD) '$(DIST_VERSION)' $(DIST_DIR)
