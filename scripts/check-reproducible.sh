#!/usr/bin/env bash
# check-reproducible.sh [BUILD]   (run from the repository root)
# Builds this checkout a second time in another folder, under another umask,
# locale and time zone, and compares what it made with BUILD (default build)
# byte for byte: idlebench.elf, idlebench.efi, idlebench.iso,
# idlebench-usb.img, every file of netboot/ and host/idlebench.
# The copy is a clone of HEAD with the working tree's uncommitted and
# untracked (not ignored) files laid over it: the same sources, the same
# version string. SOURCE_DATE_EPOCH, when set, reaches both builds alike.
# Env: REPRO_TARGETS (make targets of the copy, default `all`), REPRO_JOBS
# (default 2), REPRO_KEEP=1 keeps the copy.
# Exit 0: identical. 1: a file differs or is missing; each is named, with
# diffoscope's first differences (cmp's where diffoscope is not installed).
# 2: the copy could not be made or built.
set -euo pipefail
build=${1:-build}
read -r -a targets <<<"${REPRO_TARGETS:-all}"
jobs=${REPRO_JOBS:-2}
root=$(pwd)
die() { echo "check-reproducible: $*" >&2; exit 2; }

command -v git >/dev/null 2>&1 || die "git not found"
git -C "$root" rev-parse --verify -q HEAD >/dev/null || die "$root is not a git checkout with a commit"
[ -d "$build" ] || die "no build folder $build (make all first)"

copy=$(mktemp -d "${TMPDIR:-/tmp}/idlebench-repro-second.XXXXXX")
if [ "${REPRO_KEEP:-0}" = 1 ]; then
	echo "check-reproducible: the copy stays in $copy"
else
	trap 'rm -rf "$copy"' EXIT
fi
src=$copy/src
git clone -q --shared --no-checkout "$root" "$src" || die "git clone failed"
git -C "$src" checkout -q --detach "$(git -C "$root" rev-parse HEAD)" || die "checkout failed"
# the working tree as it is: changed and untracked files, deletions
(cd "$root" && git ls-files -z -c -o -m --exclude-standard --deduplicate |
	tar --null -T - --ignore-failed-read -cf - 2>/dev/null) | tar -C "$src" -xf - ||
	die "copying the working tree failed"
(cd "$root" && git ls-files -z -d) | (cd "$src" && xargs -0 -r rm -f --)

# Another umask, locale and zone than this shell's: any of them leaking into
# an output shows as a difference.
if [ "$(umask)" = 0077 ]; then um=022; else um=077; fi
case "${LC_ALL:-${LANG:-C}}" in
C.UTF-8 | C.utf8) loc=C ;;
*) loc=C.UTF-8 ;;
esac
zone=Pacific/Kiritimati
[ "${TZ:-}" != "$zone" ] || zone=America/Adak
log=$copy/build.log
t0=$SECONDS
if ! (cd "$src" && umask "$um" &&
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u BUILD TZ="$zone" LC_ALL="$loc" LANG="$loc" \
		make -j"$jobs" "${targets[@]}") >"$log" 2>&1; then
	tail -30 "$log" >&2
	die "the second build failed (make ${targets[*]} in $src, umask $um, LC_ALL=$loc, TZ=$zone)"
fi
echo "second build: $src (umask $um, LC_ALL=$loc, TZ=$zone), $((SECONDS - t0)) s"

# the files to compare: every one the second build made of the list
files=()
for f in idlebench.elf idlebench.efi idlebench.iso idlebench-usb.img host/idlebench; do
	[ -e "$src/build/$f" ] && files+=("$f")
done
if [ -d "$src/build/netboot" ] || [ -d "$build/netboot" ]; then
	while IFS= read -r f; do files+=("$f"); done < <(
		{ (cd "$src/build" && find netboot -type f 2>/dev/null); (cd "$build" && find netboot -type f 2>/dev/null); } | LC_ALL=C sort -u)
fi
[ ${#files[@]} -gt 0 ] || die "the second build made none of the files to compare"

# diffoscope's report on two files, its first lines. Its libguestfs path
# (a VM per FAT/ext image) is turned off: it fails where no kernel image is
# readable, and the images' bytes are compared all the same.
first_differences() { # first_differences A B
	local dfs py out=$copy/diffoscope.txt
	dfs=$(command -v diffoscope || true)
	if [ -z "$dfs" ]; then
		echo "  (diffoscope not installed: Debian package diffoscope-minimal; cmp's first differing bytes instead)"
		cmp -l "$1" "$2" 2>&1 | sed -n 's/^/  /;1,10p' || true
		return 0
	fi
	py=$(sed -n '1s/^#! *\([^ ]*\).*/\1/p' "$dfs")
	timeout 300 "${py:-python3}" -c 'import sys; sys.modules["guestfs"] = None
from diffoscope.main import main
sys.argv[0] = "diffoscope"
main()' --no-progress --text "$out" "$1" "$2" >/dev/null 2>&1 || true
	# where each difference is (├── lines) and the lines that differ
	if [ -s "$out" ]; then
		grep -E '^(│ )*([-+]|├──)' "$out" | sed -n 's/^/  /;1,40p' || true
	else
		echo "  (diffoscope gave no report; cmp's first differing bytes)"
		cmp -l "$1" "$2" 2>&1 | sed -n 's/^/  /;1,10p' || true
	fi
	rm -f "$out"
}

bad=()
for f in "${files[@]}"; do
	if [ ! -e "$build/$f" ]; then
		bad+=("$f")
		echo "MISSING $build/$f (the second build made it)"
	elif [ ! -e "$src/build/$f" ]; then
		bad+=("$f")
		echo "MISSING in the second build: $f"
	elif ! cmp -s "$build/$f" "$src/build/$f"; then
		bad+=("$f")
		echo "DIFFERS $f: $build/$f vs $src/build/$f"
		first_differences "$build/$f" "$src/build/$f"
	fi
done
if [ ${#bad[@]} -gt 0 ]; then
	echo "not reproducible: ${#bad[@]} of ${#files[@]} files differ: ${bad[*]}"
	exit 1
fi
net=$(printf '%s\n' "${files[@]}" | grep -c '^netboot/' || true)
echo "reproducible: ${#files[@]} files identical: $(printf '%s\n' "${files[@]}" | grep -v '^netboot/' | tr '\n' ' ')and $net files of netboot/"
