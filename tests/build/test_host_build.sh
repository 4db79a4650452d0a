# `make host` (the CLI alone) in a build folder of its own, with warnings as
# errors (HOST_EXTRA_CFLAGS=-Werror) under gcc and under clang, with only a C
# compiler, binutils, make, git and the shell on PATH: no NASM, GRUB, xorriso,
# mtools or gnu-efi tool can be reached (scripts/install-deps.sh's HOST_PACKAGES).
# Sourced by tests/run-all.sh; each rtest_* is one test (a build check, in a QEMU lane), run from the
# repository root.

# hb_path DIR: DIR holds links to the only commands `make host` may use.
hb_path() {
	local t p
	mkdir -p "$1"
	for t in make sh gcc clang as ld ar mkdir rm cmp cat touch git; do
		p=$(command -v "$t") || continue
		ln -sf "$(readlink -f "$p")" "$1/$t"
	done
}

# hb_build CC: builds, checks, says what failed; the build folder is removed.
hb_build() {
	local cc=$1 tmp out rc
	tmp=$(mktemp -d)
	hb_path "$tmp/bin"
	out=$(env -i HOME="$tmp" PATH="$tmp/bin" LC_ALL=C make -j2 --no-print-directory BUILD="$tmp/build" \
		HOST_CC="$cc" HOST_EXTRA_CFLAGS=-Werror host 2>&1)
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "make host with $cc -Werror failed (exit $rc):"
		grep -m20 -E 'error|not found|No rule' <<<"$out"
		rm -rf "$tmp"
		return 1
	fi
	# every compile and link of the CLI ran with -Werror under this compiler
	local n_cc n_werror
	n_cc=$(grep -cE "^$cc " <<<"$out")
	n_werror=$(grep -E "^$cc .* -c " <<<"$out" | grep -c -- '-Werror')
	if [ "$n_cc" -lt 50 ] || [ "$n_werror" -ne "$(grep -cE "^$cc .* -c " <<<"$out")" ]; then
		echo "make host with $cc: $n_cc compiler calls, $n_werror compiles with -Werror (each compile needs it)"
		rm -rf "$tmp"
		return 1
	fi
	if ! [[ $("$tmp/build/host/idlebench" --version) =~ ^idlebench\ [0-9]+\.[0-9]+\.[0-9]+ ]]; then
		echo "the $cc-built CLI does not print its version"
		rm -rf "$tmp"
		return 1
	fi
	rm -rf "$tmp"
}

rtest_make_host_builds_with_gcc_and_werror_from_a_compiler_alone() {
	command -v gcc >/dev/null || { echo "skipped: no gcc"; return 0; }
	hb_build gcc
}

rtest_make_host_builds_with_clang_and_werror_from_a_compiler_alone() {
	command -v clang >/dev/null || { echo "skipped: no clang (Debian package clang)"; return 0; }
	hb_build clang
}
