#!/usr/bin/env bash
# The one list of Debian packages idlebench needs to build, run and test.
# As root: installs what is missing (apt-get update once first) and says what.
# Otherwise: prints the exact apt-get line and fails.
# Then provides a QEMU that emulates x2APIC under TCG for the x2APIC tests
# (scripts/fetch-qemu-x2apic.sh: QEMU from <codename>-backports unpacked in
# QEMU_X2APIC_PREFIX, default /opt/idlebench-qemu; the system QEMU is left
# alone). Without one those tests skip and say why, so failing to fetch it
# is a warning, not an error.
#
# What each target needs (the comment beside each package says the same):
#   make host (the CLI alone):   make gcc binutils libsqlite3-dev; git for the
#                                version string (without it: .tarball-version)
#   make man completion install: the CLI's
#   make kernel iso efi usb netboot (make all): the CLI's and nasm gnu-efi
#                                grub-pc-bin grub-efi-amd64-bin grub-common
#                                xorriso mtools fdisk console-setup-linux
#   make deb: make all's and debhelper (dpkg-dev, fakeroot); make rpm: make
#             all's and rpm; their checks: lintian rpmlint rpm2cpio cpio man-db
#   make run / make test:        everything below
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

PACKAGES=(
	make gcc binutils                 # make host (with libsqlite3-dev, below), the kernel
	nasm                              # the kernel's and the UEFI app's boot code (make all, not make host)
	clang libclang-rt-14-dev          # libFuzzer targets; make host with clang -Werror (tests/build/test_host_build.sh)
	libcmocka-dev                     # host unit tests
	qemu-system-x86                   # smoke tests and `make run`
	bochs bochsbios vgabios           # a second x86 implementation (tests/bochs)
	grub-pc-bin grub-efi-amd64-bin grub-common xorriso mtools   # hybrid ISO
	ovmf                              # UEFI firmware for QEMU
	ipxe-qemu                         # the NICs' iPXE ROMs: SeaBIOS network boot (tests/qemu/test_netboot.sh)
	gnu-efi                           # build/idlebench.efi (crt0, relocation, headers)
	sbsigntool openssl                # make sign (sbsign, sbverify); the Secure Boot test's key
	fdisk                             # sfdisk: GPT of build/idlebench-usb.img without root
	console-setup-linux               # the console font rendered on framebuffers
	acpica-tools                      # iasl: the test SSDT with a _CST
	python3                           # the CSV-readability test, the Markdown link check
	python3-scipy                     # tests/fixtures/results/generate.py: independent reference figures
	gnuplot-nox                       # idlebench report --png
	chromium                          # tests/host/test_html.sh: the --html page in a real browser
	busybox-static                    # tests/qemu/test_linux_guest.sh: idlebench linux on a real kernel in QEMU
	debhelper dpkg-dev fakeroot       # make deb (dpkg-buildpackage, dh)
	lintian                           # tests/build/test_packages.sh: the .deb and its source linted
	rpm rpm2cpio cpio rpmlint         # make rpm (rpmbuild); the test lints and unpacks it
	man-db                            # man -l: the generated man pages' tests
	gzip git                          # git: the version string (VERSION+gCOMMIT[-dirty])
)
# Installed without their Recommends (lava-dispatcher's pull in NFS and
# libguestfs servers none of our tests use).
LEAN_PACKAGES=(
	lava-dispatcher                   # lava/: lava-run runs the QEMU job offline (tests/scripts/test_lava.sh)
	openipmi ipmitool                 # ipmi_sim as a QEMU machine's BMC, ipmitool -I lanplus (tests/qemu/test_ipmi.sh)
	sqlite3 libsqlite3-dev            # make host (export --sqlite links libsqlite3), and the test's queries
	faketime                          # scripts/make-iso.sh: grub-mkrescue's clock stopped at SOURCE_DATE_EPOCH
	diffoscope-minimal xz-utils       # the reproducibility check's report; make dist's tarball
)

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep 'install ok installed' >/dev/null; }
missing=()
lean_missing=()
for p in "${PACKAGES[@]}"; do
	installed "$p" || missing+=("$p")
done
for p in "${LEAN_PACKAGES[@]}"; do
	installed "$p" || lean_missing+=("$p")
done
if [ $((${#missing[@]} + ${#lean_missing[@]})) -gt 0 ] && [ "$(id -u)" -ne 0 ]; then
	echo "idlebench: missing packages: ${missing[*]} ${lean_missing[*]}" >&2
	[ ${#missing[@]} -eq 0 ] || echo "idlebench: run as root:  apt-get install -y ${missing[*]}" >&2
	[ ${#lean_missing[@]} -eq 0 ] || echo "idlebench: run as root:  apt-get install -y --no-install-recommends ${lean_missing[*]}" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if [ $((${#missing[@]} + ${#lean_missing[@]})) -gt 0 ]; then
	echo "idlebench: installing ${missing[*]} ${lean_missing[*]}"
	apt-get update -qq
fi
if [ ${#missing[@]} -gt 0 ]; then
	apt-get install -y -qq "${missing[@]}" >/dev/null
	echo "idlebench: installed ${missing[*]}"
fi
if [ ${#lean_missing[@]} -gt 0 ]; then
	apt-get install -y -qq --no-install-recommends "${lean_missing[@]}" >/dev/null
	echo "idlebench: installed ${lean_missing[*]}"
fi

# Quick and offline once done: the fetch script returns at once when the
# prefix (or the system QEMU) already keeps +x2apic under TCG.
x2prefix=${QEMU_X2APIC_PREFIX:-/opt/idlebench-qemu}
if [ "$(id -u)" -eq 0 ] || [ -w "$(dirname "$x2prefix")" ]; then
	"$here/fetch-qemu-x2apic.sh" "$x2prefix" ||
		echo "idlebench: warning: no x2APIC-capable QEMU (see above); the x2APIC tests will skip" >&2
elif [ ! -x "$x2prefix/bin/qemu-system-x86_64" ]; then
	echo "idlebench: warning: no x2APIC-capable QEMU; the x2APIC tests will skip. As root:  $here/fetch-qemu-x2apic.sh $x2prefix" >&2
fi

# A Debian kernel for tests/qemu/test_linux_guest.sh, unpacked from its
# package into a cache rather than installed: installing linux-image-amd64
# would run initramfs hooks and change this machine's default boot kernel.
# Without one that test skips and says why, so this is a warning, not an error.
guest_kernel_dir=${IDLEBENCH_GUEST_KERNEL_DIR:-/var/cache/idlebench/guest-kernel}
if ! ls "$guest_kernel_dir"/boot/vmlinuz-*-amd64 >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
	# Under set -e and pipefail: apt-cache fails without package lists, apt-get
	# update fails offline; neither may end this script (the test skips).
	kernel_package() {
		apt-cache depends linux-image-amd64 2>/dev/null |
			sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-amd64\)$/\1/p' || true
	}
	pkg=$(kernel_package)
	work=$(mktemp -d)
	if [ -z "$pkg" ]; then
		apt-get update -qq || true
		pkg=$(kernel_package)
	fi
	if [ -n "$pkg" ] && (cd "$work" && apt-get download -qq "$pkg" >/dev/null 2>&1) &&
		mkdir -p "$guest_kernel_dir" && dpkg-deb -x "$work"/*.deb "$guest_kernel_dir"; then
		echo "idlebench: unpacked $pkg into $guest_kernel_dir (for the Linux guest test)"
	else
		echo "idlebench: warning: no Debian kernel unpacked into $guest_kernel_dir; tests/qemu/test_linux_guest.sh will skip" >&2
	fi
	rm -rf "$work"
fi
