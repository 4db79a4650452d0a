# `make deb` and `make rpm`: build/pkg/idlebench_VERSION_amd64.deb (debian/,
# debhelper) and build/pkg/idlebench-VERSION-1.x86_64.rpm (rpm/idlebench.spec.in,
# rpmbuild), each built from a copy of the tree by scripts/make-package.sh
# (the project's `make all` and `make install` inside). VERSION is
# FULL_VERSION with '-' read as '+'. tests/build/test_packages.sh lints,
# unpacks and runs them.
.PHONY: deb rpm
deb:
	@JOBS=$(or $(patsubst -j%,%,$(filter -j%,$(MAKEFLAGS))),2) scripts/make-package.sh deb $(BUILD) '$(FULL_VERSION)'
rpm:
	@JOBS=$(or $(patsubst -j%,%,$(filter -j%,$(MAKEFLAGS))),2) scripts/make-package.sh rpm $(BUILD) '$(FULL_VERSION)'
