# `make install` / `make uninstall` and what they install beside the CLI:
# the man pages (build/man/: idlebench.1 and idlebench-CMD.1) and the bash
# completion (build/completion/idlebench), both written by the CLI itself from
# its option tables (`idlebench __generate`, tools/cli/cli_docs.h), so they
# say what --help says. The images are installed when they are built (`make
# host install` needs no NASM or GRUB and installs the CLI, its pages and the
# completion alone).
PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/idlebench
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
INSTALL ?= install

# Warnings as errors on request (CI: tests/build/test_host_build.sh builds
# `make host` with gcc and clang and HOST_EXTRA_CFLAGS=-Werror).
HOST_EXTRA_CFLAGS ?=
HOST_CFLAGS += $(HOST_EXTRA_CFLAGS)
$(BUILD)/host/fp/%.o: BENCH_CFLAGS += $(HOST_EXTRA_CFLAGS)

# FULL_VERSION goes into C strings, file names and package versions: only
# letters, digits and . + ~ _ - (a `make FULL_VERSION=...` with a quote or a
# space stops here, not halfway through a package).
version_space := $(subst ,, )
version_rest := $(subst $(version_space),?,$(FULL_VERSION))
$(foreach c,a b c d e f g h i j k l m n o p q r s t u v w x y z A B C D E F G H I J K L M N O P Q R S T U V W X Y Z \
	0 1 2 3 4 5 6 7 8 9 . + ~ _ -,$(eval version_rest := $(subst $(c),,$(version_rest))))
ifneq ($(version_rest)$(if $(strip $(FULL_VERSION)),,empty),)
$(error FULL_VERSION '$(FULL_VERSION)': only letters, digits and . + ~ _ - (and not empty))
endif

# The CLI prints the version (`idlebench --version`) and puts it in its pages.
$(BUILD)/host/obj/tools/cli/cmd_version.o $(BUILD)/host/obj/tools/cli/cli_man.o \
	$(BUILD)/host/obj/tools/cli/cli_completion.o: $(VERSION_HEADER)

# The images installed under DATADIR when present.
INSTALL_IMAGES := idlebench.iso idlebench-usb.img idlebench.efi idlebench.elf

MAN_STAMP := $(BUILD)/man/.stamp
.PHONY: man completion install uninstall
man: $(MAN_STAMP)
$(MAN_STAMP): $(BUILD)/host/idlebench
	@rm -rf $(BUILD)/man && mkdir -p $(BUILD)/man
	$(BUILD)/host/idlebench __generate man $(BUILD)/man
	@touch $@
completion: $(BUILD)/completion/idlebench
$(BUILD)/completion/idlebench: $(BUILD)/host/idlebench
	@mkdir -p $(dir $@)
	$(BUILD)/host/idlebench __generate bash-completion $@
all: man completion

install: $(BUILD)/host/idlebench man completion
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASH_COMPLETION_DIR)
	$(INSTALL) -m 755 $(BUILD)/host/idlebench $(DESTDIR)$(BINDIR)/idlebench
	$(INSTALL) -m 644 $(BUILD)/man/*.1 $(DESTDIR)$(MANDIR)/man1/
	$(INSTALL) -m 644 $(BUILD)/completion/idlebench $(DESTDIR)$(BASH_COMPLETION_DIR)/idlebench
	@set -e; for f in $(INSTALL_IMAGES); do \
		if [ -f $(BUILD)/$$f ]; then \
			$(INSTALL) -d $(DESTDIR)$(DATADIR); \
			echo "$(INSTALL) -m 644 $(BUILD)/$$f $(DESTDIR)$(DATADIR)/$$f"; \
			$(INSTALL) -m 644 $(BUILD)/$$f $(DESTDIR)$(DATADIR)/$$f; \
		else echo "idlebench: $(BUILD)/$$f not built, not installed"; fi; \
	done

# Removes what install puts there (every page the CLI makes now, every image
# name), then DATADIR if empty.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/idlebench $(DESTDIR)$(BASH_COMPLETION_DIR)/idlebench
	rm -f $(DESTDIR)$(MANDIR)/man1/idlebench.1 $(DESTDIR)$(MANDIR)/man1/idlebench-*.1
	rm -f $(addprefix $(DESTDIR)$(DATADIR)/,$(INSTALL_IMAGES))
	-rmdir $(DESTDIR)$(DATADIR) 2>/dev/null

# The version string, for scripts (tests/build/test_packages.sh, releases).
.PHONY: print-version
print-version:
	@echo '$(FULL_VERSION)'
