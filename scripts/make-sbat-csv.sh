#!/usr/bin/env bash
# make-sbat-csv.sh VERSION URL: the SBAT metadata of idlebench.efi (its
# .sbat section, boot/uefi/sbat.asm) on stdout. Format: shim's SBAT.md
# (https://github.com/rhboot/shim/blob/main/SBAT.md): one CSV line per
# component, component_name,component_generation,vendor_name,
# vendor_package_name,vendor_version,vendor_url; the first line is the
# format's own. shim (15.3 and later) refuses an image without .sbat, and
# revokes images by raising the minimum generation of a component in its
# SbatLevel variable: bump IDLEBENCH_GENERATION when a release fixes a
# Secure Boot bypass, so the older signed images can be revoked.
set -euo pipefail
IDLEBENCH_GENERATION=1
[ $# -eq 2 ] || { echo "usage: $0 VERSION URL" >&2; exit 2; }
version=$1 url=$2
for v in "$version" "$url"; do
	# SBAT fields are plain printable ASCII without commas (a comma would
	# shift the fields, a quote or newline break the CSV).
	if [ -z "$v" ] || ! LC_ALL=C grep -qx '[ -~]*' <<<"$v" || [[ $v == *[,\"]* ]]; then
		echo "make-sbat-csv: '$v' cannot be an SBAT field (printable ASCII, no comma or quote, not empty)" >&2
		exit 1
	fi
done
printf 'sbat,1,SBAT Version,sbat,1,https://github.com/rhboot/shim/blob/main/SBAT.md\n'
printf 'idlebench,%s,idlebench,idlebench,%s,%s\n' "$IDLEBENCH_GENERATION" "$version" "$url"
