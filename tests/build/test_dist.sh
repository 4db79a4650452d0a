# make dist (mk/dist.mk, scripts/make-dist.sh), sourced by tests/run-all.sh;
# each rtest_* is one test, run in the QEMU tier's lanes after the build.

# Two `make dist` of one build, under another umask and zone, into two
# folders: the same tarball, byte for byte; it holds what a lab needs, its
# checksums verify, every entry is root's and dated SOURCE_DATE_EPOCH.
rtest_dist() {
	local tmp v a b sde name want f listing re
	command -v xz >/dev/null 2>&1 || { skip "xz not installed (Debian package xz-utils)"; return; }
	tmp=$(mktemp -d)
	a=$tmp/a b=$tmp/b
	if ! make -s dist DIST_DIR="$a" >"$tmp/a.log" 2>&1; then
		fail "make dist failed"
		tail -20 "$tmp/a.log" >&2
		rm -rf "$tmp"
		return 1
	fi
	if ! (umask 077 && TZ=Pacific/Kiritimati LC_ALL=C make -s dist DIST_DIR="$b") >"$tmp/b.log" 2>&1; then
		fail "the second make dist failed (umask 077, TZ=Pacific/Kiritimati, LC_ALL=C)"
		tail -20 "$tmp/b.log" >&2
		rm -rf "$tmp"
		return 1
	fi
	name=$(cd "$a" && ls -- *.tar.xz)
	name=${name%.tar.xz}
	v=${name#idlebench-}
	if ! cmp -s "$a/$name.tar.xz" "$b/$name.tar.xz"; then
		fail "two make dist of one build gave two tarballs ($a, $b kept)"
		cmp "$a/$name.tar.xz" "$b/$name.tar.xz" >&2
		return 1
	fi
	# the version: the kernel's string, -dirty exactly when tracked files differ
	grep -F "\"${v%-dirty}\"" "${BUILD:-build}/gen/version.h" >/dev/null ||
		{ rm -rf "$tmp"; fail "version $v is not the kernel's ($(cat "${BUILD:-build}/gen/version.h"))"; return 1; }
	if [ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
		[[ $v != *-dirty ]] || { rm -rf "$tmp"; fail "clean tree, yet version $v"; return 1; }
	else
		[[ $v == *-dirty ]] || { rm -rf "$tmp"; fail "tracked files differ from HEAD, yet version $v"; return 1; }
	fi
	if ! { mkdir "$tmp/x" && tar -C "$tmp/x" -xJf "$a/$name.tar.xz"; }; then
		rm -rf "$tmp"
		fail "tar -x failed"
		return 1
	fi
	want="README.txt SHA256SUMS idlebench.iso idlebench-usb.img idlebench.efi idlebench.elf
		netboot/idlebench.efi netboot/idlebench.ipxe netboot/boot/grub/grub.cfg lava/README.md
		lava/x86-ipxe-job.yaml docs/real-hardware.md docs/cli.md"
	for f in $want; do
		[ -s "$tmp/x/$name/$f" ] || { rm -rf "$tmp"; fail "$name.tar.xz has no $name/$f"; return 1; }
	done
	cmp -s "$tmp/x/$name/idlebench.iso" "${BUILD:-build}/idlebench.iso" ||
		{ rm -rf "$tmp"; fail "the tarball's ISO is not ${BUILD:-build}/idlebench.iso"; return 1; }
	(cd "$tmp/x/$name" && sha256sum --quiet -c SHA256SUMS) >&2 || { rm -rf "$tmp"; fail "sha256sum -c SHA256SUMS failed"; return 1; }
	[ "$(grep -c . "$tmp/x/$name/SHA256SUMS")" -eq "$(cd "$tmp/x/$name" && find . -type f ! -name SHA256SUMS | wc -l)" ] ||
		{ rm -rf "$tmp"; fail "SHA256SUMS does not list every file"; return 1; }
	sde=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
	# (make-dist.sh allows only [A-Za-z0-9.+~_-] in a version: . and + escaped)
	re=${name//./\\.}
	re=${re//+/\\+}
	listing=$(TZ=UTC tar --full-time -tvJf "$a/$name.tar.xz")
	if grep -v -E "^[-d]rw[-x]r-[-x]r-[-x] 0/0 .* $(TZ=UTC date -d "@$sde" '+%Y-%m-%d %H:%M:%S') $re/" <<<"$listing" >&2; then
		rm -rf "$tmp"
		fail "entries above: not root's, not 644/755, or not dated SOURCE_DATE_EPOCH ($sde)"
		return 1
	fi
	rm -rf "$tmp"
}

# A changed tracked file marks the version -dirty, a clean tree does not
# (make -n: nothing built). The tree as it is, committed in a clone.
rtest_dist_dirty() {
	local tmp line rev
	command -v git >/dev/null 2>&1 || { skip "git not installed"; return; }
	git rev-parse --verify -q HEAD >/dev/null || { skip "not a git checkout"; return; }
	tmp=$(mktemp -d)
	if ! { git clone -q --shared "$PWD" "$tmp/src" && git -C "$tmp/src" checkout -q --detach "$(git rev-parse HEAD)" &&
		git ls-files -z -c -o -m --exclude-standard --deduplicate |
		tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -C "$tmp/src" -xf - &&
		git -C "$tmp/src" add -A && git -C "$tmp/src" -c user.name=test -c user.email=test@invalid \
			commit -q --allow-empty -m snapshot; } >&2; then
		rm -rf "$tmp"
		fail "could not snapshot the tree in a clone"
		return 1
	fi
	rev=$(git -C "$tmp/src" rev-parse --short HEAD)
	line=$(make -C "$tmp/src" -n dist 2>&1 | grep 'make-dist.sh') || true
	[[ $line == *"+g$rev' "* ]] || { rm -rf "$tmp"; fail "clean tree at $rev: make dist's version line is '$line'"; return 1; }
	echo >>"$tmp/src/README.md"
	line=$(make -C "$tmp/src" -n dist 2>&1 | grep 'make-dist.sh') || true
	rm -rf "$tmp"
	[[ $line == *"+g$rev-dirty' "* ]] || fail "README.md changed, yet make dist's version line is '$line'"
}
