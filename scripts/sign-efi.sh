#!/usr/bin/env bash
# sign-efi.sh KEY CERT IN.efi OUT.efi: IN signed for UEFI Secure Boot with
# sbsign (Authenticode signature, package sbsigntool), checked with
# `sbverify --cert CERT`, then moved to OUT. OUT is either the whole signed
# image or absent: a failed signing or check leaves no file behind.
# KEY: PEM private key (sbsign asks for its passphrase when it is
# encrypted); CERT: its PEM X.509 certificate, the one enrolled in db or as
# a MOK (docs/real-hardware.md, "Secure Boot").
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: $0 KEY CERT IN.efi OUT.efi" >&2; exit 2; }
key=$1 cert=$2 in=$3 out=$4
for t in sbsign sbverify; do
	command -v "$t" >/dev/null || { echo "sign-efi: $t missing (package sbsigntool)" >&2; exit 1; }
done
for f in "$key" "$cert" "$in"; do
	[ -r "$f" ] || { echo "sign-efi: cannot read $f" >&2; exit 1; }
done
rm -f "$out"
tmp="$out.tmp"
trap 'rm -f "$tmp"' EXIT
sbsign --key "$key" --cert "$cert" --output "$tmp" "$in" >/dev/null ||
	{ echo "sign-efi: sbsign failed for $in with KEY=$key CERT=$cert" >&2; exit 1; }
sbverify --cert "$cert" "$tmp" >/dev/null ||
	{ echo "sign-efi: the signed image does not verify against $cert (is $key the key of that certificate?)" >&2; exit 1; }
mv "$tmp" "$out"
echo "sign-efi: $out signed with $cert"
