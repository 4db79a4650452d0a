#!/usr/bin/env bash
# check-efi-image.sh IMAGE.so IMAGE.efi: fail the build on an idlebench.efi
# that would load wrongly on some firmware.
# - gnu-efi's _relocate (crt0) applies only R_X86_64_RELATIVE relocations;
#   any other dynamic relocation in the .so would be left unapplied and crash
#   the application wherever the firmware loads it.
# - Every PE section must start on a 4 KiB boundary (the section alignment):
#   EDK2's image protection, for one, refuses images where one does not.
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
