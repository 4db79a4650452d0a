#!/usr/bin/env bash
# The one list of Debian packages idlebench needs to build, run and test.
# As root: installs what is missing (apt-get update once first) and says what.
# Otherwise: prints the exact apt-get line and fails.
set -euo pipefail

PACKAGES=(
	make gcc binutils nasm            # kernel and host build
	clang libclang-rt-14-dev          # libFuzzer targets
	libcmocka-dev                     # host unit tests
	qemu-system-x86                   # smoke tests and `make run`
	grub-pc-bin grub-efi-amd64-bin grub-common xorriso mtools   # hybrid ISO
	ovmf                              # UEFI firmware for QEMU
	console-setup-linux               # the console font rendered on framebuffers
	acpica-tools                      # iasl: the test SSDT with a _CST
	gzip git
)

missing=()
for p in "${PACKAGES[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing+=("$p")
	fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "idlebench: missing packages: ${missing[*]}" >&2
	echo "idlebench: run as root:  apt-get install -y ${missing[*]}" >&2
	exit 1
fi
echo "idlebench: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
echo "idlebench: installed ${missing[*]}"
