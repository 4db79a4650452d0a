# The Debian package (`make deb`) and the RPM (`make rpm`): each built,
# linted (lintian: no error or warning; rpmlint with rpm/rpmlint.toml: no
# error or warning), unpacked (dpkg-deb -x; rpm2cpio | cpio), and the
# unpacked CLI run: `idlebench --version` says this tree's version,
# `idlebench report` reads a shipped example, `man -l` renders every page
# without a warning, and the images are there. A build check (tests/build):
# run-all.sh runs it in a lane beside the QEMU tests (each build takes one
# core, JOBS=1). Each rtest_* is one test.

# pk_check_tree ROOT WHAT: the unpacked package at ROOT has what it should
# and its CLI runs.
pk_check_tree() {
	local root=$1 what=$2 want got page n=0 f examples=(docs/examples/*.csv) example
	want="idlebench $(make -s --no-print-directory print-version)"
	got=$("$root/usr/bin/idlebench" --version) || { fail "$what: unpacked idlebench --version failed"; return 1; }
	[ "$got" = "$want" ] || { fail "$what: unpacked idlebench --version says '$got', the tree '$want'"; return 1; }
	example=${examples[0]}
	"$root/usr/bin/idlebench" report "$example" >"$QTEST_LOGS/pk_report.out" 2>&1 ||
		{ fail "$what: unpacked idlebench report $example failed: $(tail -3 "$QTEST_LOGS/pk_report.out")"; return 1; }
	grep -q 'mwait' "$QTEST_LOGS/pk_report.out" ||
		{ fail "$what: unpacked idlebench report printed no mwait row"; return 1; }
	for page in "$root"/usr/share/man/man1/idlebench*.1*; do
		[ -f "$page" ] || continue
		n=$((n + 1))
		got=$(LC_ALL=C MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
		[ -z "$got" ] || { fail "$what: man -l $page: $got"; return 1; }
		[ -n "$(LC_ALL=C MANWIDTH=80 man -l "$page" 2>/dev/null)" ] || { fail "$what: man -l $page is empty"; return 1; }
	done
	# idlebench(1) and one page per command idlebench --help lists
	want=$(($("$root/usr/bin/idlebench" --help | awk '/^commands:$/ { on = 1; next } on && /^  [a-z]/' | wc -l) + 1))
	[ "$n" -eq "$want" ] || { fail "$what: $n man pages, expected $want"; return 1; }
	[ -s "$root/usr/share/bash-completion/completions/idlebench" ] || { fail "$what: no bash completion"; return 1; }
	for f in idlebench.iso idlebench-usb.img idlebench.efi idlebench.elf; do
		[ -s "$root/usr/share/idlebench/$f" ] || { fail "$what: no /usr/share/idlebench/$f"; return 1; }
	done
}

# pk_need COMMAND PACKAGE...: skip (status 77) unless every command is there.
pk_need() {
	while [ $# -gt 0 ]; do
		command -v "$1" >/dev/null || { skip "no $1 (Debian package $2; scripts/install-deps.sh)"; return; }
		shift 2
	done
}

rtest_deb_builds_lints_clean_and_its_cli_runs_unpacked() {
	pk_need dpkg-buildpackage dpkg-dev dh debhelper lintian lintian man man-db || return
	local deb tmp t0=$SECONDS out
	deb=$(JOBS=1 make -s --no-print-directory deb 2>"$QTEST_LOGS/pk_deb.err") ||
		{ fail "make deb failed: $(tail -5 "$QTEST_LOGS/pk_deb.err")"; return 1; }
	echo "make deb: $((SECONDS - t0)) s, $(stat -c %s "$deb") bytes ($deb)" >"$QTEST_LOGS/pk_deb.figures"
	# the .changes covers the source package, the binary and the build info
	out=$(lintian --fail-on error,warning "$BUILD"/pkg/deb-work/*.changes 2>&1) &&
		! grep -qE '^[EW]: ' <<<"$out" || { fail "lintian: $out"; return 1; }
	tmp=$(mktemp -d)
	dpkg-deb -x "$deb" "$tmp" || { fail "dpkg-deb -x $deb failed"; rm -rf "$tmp"; return 1; }
	pk_check_tree "$tmp" "$deb" || { rm -rf "$tmp"; return 1; }
	rm -rf "$tmp"
}

rtest_rpm_builds_lints_clean_and_its_cli_runs_unpacked() {
	pk_need rpmbuild rpm rpmlint rpmlint rpm2cpio rpm2cpio cpio cpio man man-db || return
	local rpm tmp t0=$SECONDS out
	rpm=$(JOBS=1 make -s --no-print-directory rpm 2>"$QTEST_LOGS/pk_rpm.err") ||
		{ fail "make rpm failed: $(tail -5 "$QTEST_LOGS/pk_rpm.err")"; return 1; }
	echo "make rpm: $((SECONDS - t0)) s, $(stat -c %s "$rpm") bytes ($rpm)" >"$QTEST_LOGS/pk_rpm.figures"
	# the binary RPM, the source RPM and the spec they were built from
	out=$(rpmlint -c rpm/rpmlint.toml "$rpm" "$BUILD"/pkg/rpm-work/SRPMS/*.src.rpm \
		"$BUILD"/pkg/rpm-work/SPECS/idlebench.spec 2>&1)
	grep -qE ' 0 errors, 0 warnings' <<<"$out" || { fail "rpmlint: $out"; return 1; }
	tmp=$(mktemp -d)
	(cd "$tmp" && rpm2cpio "$OLDPWD/$rpm" | cpio -idm --quiet) || { fail "rpm2cpio|cpio $rpm failed"; rm -rf "$tmp"; return 1; }
	pk_check_tree "$tmp" "$rpm" || { rm -rf "$tmp"; return 1; }
	rm -rf "$tmp"
}
