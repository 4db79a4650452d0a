# The version string (Makefile FULL_VERSION -> build/gen/version.h): what
# `idlebench --version` and `idlebench version` print is what the streams
# record and what the kernel carries; a tree with a modified tracked file
# says -dirty, an untracked file does not count; without git the version
# comes from .tarball-version, else VERSION+unknown; a bad override stops
# make. Sourced by tests/run-all.sh; each stest_* is one test, run from the
# repository root.

VT_BIN="${BUILD:-build}/host/idlebench"

stest_version_is_the_one_the_streams_and_the_kernel_carry() {
	local v out
	v=$(make -s --no-print-directory print-version) || { echo "make print-version failed"; return 1; }
	[ "$("$VT_BIN" --version)" = "idlebench $v" ] || { echo "--version says '$("$VT_BIN" --version)', make '$v'"; return 1; }
	[ "$("$VT_BIN" version)" = "idlebench $v" ] || { echo "idlebench version says '$("$VT_BIN" version)'"; return 1; }
	"$VT_BIN" --version extra >/dev/null 2>&1 && { echo "--version took an operand"; return 1; }
	out=$("$VT_BIN" bench --workloads=hash --reps=1 --sample-ms=1 2>/dev/null) || true
	grep -qx "#! idlebench $v schema=[0-9]*" <<<"$out" || { echo "the bench stream's header is not 'idlebench $v'"; return 1; }
	grep -qx "#= version=$v" <<<"$out" || { echo "the bench stream's version meta is not $v"; return 1; }
	[ ! -f "${BUILD:-build}/idlebench.elf" ] || grep -qaF "$v" "${BUILD:-build}/idlebench.elf" ||
		{ echo "${BUILD:-build}/idlebench.elf does not carry $v"; return 1; }
}

# vt_repo DIR: a git repository of the build files alone, one commit.
vt_repo() {
	mkdir -p "$1" && cp -r Makefile mk "$1/" && (cd "$1" && git init -q && git add -A &&
		git -c user.name=t -c user.email=t@t.invalid commit -qm one)
}

stest_version_says_dirty_and_works_without_git() {
	local tmp v rev
	tmp=$(mktemp -d)
	vt_repo "$tmp/r" || { echo "no test repository"; rm -rf "$tmp"; return 1; }
	rev=$(git -C "$tmp/r" rev-parse --short=7 HEAD)
	v=$(make -s -C "$tmp/r" --no-print-directory print-version)
	[[ $v =~ ^[0-9]+\.[0-9]+\.[0-9]+\+g$rev$ ]] || { echo "a clean tree says '$v'"; rm -rf "$tmp"; return 1; }
	touch "$tmp/r/untracked.c"
	[ "$(make -s -C "$tmp/r" --no-print-directory print-version)" = "$v" ] ||
		{ echo "an untracked file made it '$(make -s -C "$tmp/r" --no-print-directory print-version)'"; rm -rf "$tmp"; return 1; }
	echo "# edited" >>"$tmp/r/mk/pkg.mk"
	[ "$(make -s -C "$tmp/r" --no-print-directory print-version)" = "$v-dirty" ] ||
		{ echo "an edited tracked file gave '$(make -s -C "$tmp/r" --no-print-directory print-version)', not $v-dirty"; rm -rf "$tmp"; return 1; }
	# a tree without git of its own, inside the repository: .tarball-version, else +unknown
	mkdir "$tmp/r/inner" && cp -r Makefile mk "$tmp/r/inner/"
	[[ $(make -s -C "$tmp/r/inner" --no-print-directory print-version) =~ ^[0-9.]+\+unknown$ ]] ||
		{ echo "no git, no .tarball-version: '$(make -s -C "$tmp/r/inner" --no-print-directory print-version)'"; rm -rf "$tmp"; return 1; }
	echo "0.9.9+gabcdef0-dirty" >"$tmp/r/inner/.tarball-version"
	[ "$(make -s -C "$tmp/r/inner" --no-print-directory print-version)" = "0.9.9+gabcdef0-dirty" ] ||
		{ echo ".tarball-version not read"; rm -rf "$tmp"; return 1; }
	[ "$(make -s -C "$tmp/r" --no-print-directory print-version FULL_VERSION=2.0+x)" = "2.0+x" ] ||
		{ echo "FULL_VERSION= did not override"; rm -rf "$tmp"; return 1; }
	make -s -C "$tmp/r" --no-print-directory print-version "FULL_VERSION=2.0 x" >/dev/null 2>&1 &&
		{ echo "a version with a space was taken"; rm -rf "$tmp"; return 1; }
	rm -rf "$tmp"
}
