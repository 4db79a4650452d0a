#!/usr/bin/env bash
# run-iso.sh BUILD CMDLINE -> prints the path of a one-entry, timeout-0 image
# that boots BUILD/idlebench.elf with CMDLINE (cached by command line).
set -euo pipefail
build=$1 cmdline=$2
here=$(cd "$(dirname "$0")" && pwd)
key=$(printf '%s' "$cmdline" | cksum | cut -d' ' -f1)
dir="$build/run-iso"
iso="$dir/idlebench-$key.iso"
mkdir -p "$dir"
# Built under names of this process's own and renamed into place: two runs
# with one command line at once (two test lanes) must never boot, or write
# into, an image the other is still writing.
if [ ! -e "$iso" ] || [ "$iso" -ot "$build/idlebench.elf" ]; then
	cfg="$dir/grub-$key.cfg.$$"
	tmp="$dir/.idlebench-$key.iso.$$"
	trap 'rm -f "$cfg" "$tmp"' EXIT
	{
		sed -n '/^serial /,/^fi$/p' "$here/../grub.cfg"
		echo 'set timeout=0'
		echo 'menuentry "idlebench" {'
		printf '\tmultiboot2 /boot/idlebench.elf %s\n' "$cmdline"
		echo '	boot'
		echo '}'
	} >"$cfg"
	"$here/make-iso.sh" "$build/idlebench.elf" "$cfg" "$tmp"
	mv -f "$tmp" "$iso"
fi
echo "$iso"
