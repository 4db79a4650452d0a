#!/usr/bin/env bash
# gnu-efi's _relocate (crt0) applies only R_X86_64_RELATIVE relocations; any
# other dynamic relocation in idlebench.so would be left unapplied and crash
# the application on a firmware that loads it elsewhere than address 0. Fail
# the build instead.
set -euo pipefail
so=$1
bad=$(readelf -rW "$so" | awk '/^[0-9a-f]+ +[0-9a-f]+ +R_X86_64_/ && $3 != "R_X86_64_RELATIVE" && $3 != "R_X86_64_NONE" {print}')
if [ -n "$bad" ]; then
	echo "check-efi-relocs: $so has relocations crt0 cannot apply:" >&2
	echo "$bad" | head -20 >&2
	exit 1
fi
