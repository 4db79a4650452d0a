#!/usr/bin/env bash
# check-efi-image.sh IMAGE.so IMAGE.efi: fail the build on an idlebench.efi
# that would load wrongly on some firmware.
# - gnu-efi's _relocate (crt0) applies only R_X86_64_RELATIVE relocations;
#   any other dynamic relocation in the .so would be left unapplied and crash
#   the application wherever the firmware loads it.
# - Every PE section must start on a 4 KiB boundary (the section alignment):
#   EDK2's image protection, for one, refuses images where one does not.
# - shim refuses an image without SBAT metadata: a .sbat section starting
#   with the format's own line (SBAT.md; scripts/make-sbat-csv.sh).
# - An image that claims IMAGE_DLLCHARACTERISTICS_NX_COMPAT (0x0100) may get
#   its code mapped read-only and everything else non-executable (shim
#   15.8, EDK2 with NX policies): then no section may be both writable and
#   executable, and every relocation crt0 applies at run time must land in
#   a writable section.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 IMAGE.so IMAGE.efi" >&2; exit 2; }
so=$1 efi=$2
bad=$(readelf -rW "$so" | awk '/^[0-9a-f]+ +[0-9a-f]+ +R_X86_64_/ && $3 != "R_X86_64_RELATIVE" && $3 != "R_X86_64_NONE" {print}')
if [ -n "$bad" ]; then
	echo "check-efi-image: $so has relocations crt0 cannot apply:" >&2
	echo "$bad" | sed -n 1,20p >&2
	exit 1
fi
unaligned=$(objdump -h "$efi" | while read -r idx name _size vma _rest; do
	[[ $idx =~ ^[0-9]+$ ]] || continue
	(( 0x$vma % 4096 == 0 )) || echo "$name at 0x$vma"
done)
if [ -n "$unaligned" ]; then
	echo "check-efi-image: $efi has sections off the 4 KiB section alignment:" >&2
	echo "$unaligned" >&2
	exit 1
fi

# objdump -h: "IDX NAME SIZE VMA LMA OFF ALGN", then the flags line.
sections=$(objdump -h "$efi" | awk '
	$1 ~ /^[0-9]+$/ { name = $2; size = $3; vma = $4; next }
	name != "" { print name, vma, size, ($0 ~ /READONLY/ ? "r" : "w") ($0 ~ /CODE/ ? "x" : "-"); name = "" }')
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
sbat=$(objcopy -O binary -j .sbat "$efi" "$tmp" 2>/dev/null && cat "$tmp")
if ! grep -q '^\.sbat ' <<<"$sections" || [[ $sbat != "sbat,1,SBAT Version,sbat,1,"* ]]; then
	echo "check-efi-image: $efi has no .sbat section with SBAT metadata (shim refuses it)" >&2
	exit 1
fi
dll=$(objdump -p "$efi" | awk '$1 == "DllCharacteristics" {print $2}')
[ -n "$dll" ] || { echo "check-efi-image: objdump -p shows no DllCharacteristics for $efi" >&2; exit 1; }
if (( 0x$dll & 0x100 )); then
	wx=$(awk '$4 == "wx" {print $1}' <<<"$sections")
	if [ -n "$wx" ]; then
		echo "check-efi-image: $efi claims NX_COMPAT but these sections are writable and executable:" $wx >&2
		exit 1
	fi
	# Relocation offsets (readelf -rW: the first column, hex) outside every writable section.
	ro=$(readelf -rW "$so" | awk -v secs="$(awk '$4 ~ /^w/ {print $2, $3}' <<<"$sections")" '
		function hex(s,  i, n) { n = 0; for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return n }
		BEGIN { n = split(secs, f, /[ \n]/); for (i = 1; i < n; i += 2) { lo[++k] = hex(f[i]); hi[k] = lo[k] + hex(f[i + 1]) } }
		/^[0-9a-f]+ +[0-9a-f]+ +R_X86_64_RELATIVE/ {
			off = hex($1); ok = 0
			for (j = 1; j <= k; j++) if (off >= lo[j] && off + 8 <= hi[j]) ok = 1
			if (!ok) print $1
		}')
	if [ -n "$ro" ]; then
		echo "check-efi-image: $efi claims NX_COMPAT but relocations patch read-only memory at:" >&2
		echo "$ro" | sed -n 1,20p >&2
		exit 1
	fi
fi
