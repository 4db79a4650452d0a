#!/usr/bin/env bash
# Boot the kernel in QEMU as `make run` does; the serial console (the result
# stream) goes to stdout. Environment (make variables):
#   BOOT=pvh|bios|uefi|efi|usb  QEMU_CPU  SMP  CMDLINE  QEMU_EXTRA  BUILD (default build)
#   BOOT=efi: idlebench.efi from a FAT disk image under OVMF. EFI_IMG names the
#     image; when unset, scripts/make-efi-img.sh writes $BUILD/efi-run.img with
#     CMDLINE in \idlebench\cmdline.txt. The image is used in place: results the
#     app writes stay in it (copy them out with mcopy).
#   OVMF_SB_VARS (BOOT=efi): boot Debian's Secure Boot OVMF instead
#     (OVMF_CODE_4M.snakeoil.fd on q35 with SMM, flash secure mode on) with
#     this variable store: a writable copy of OVMF_VARS_4M.snakeoil.fd,
#     whose db holds the test key /usr/share/ovmf/PkKek-1-snakeoil.pem.
#   BOOT=usb: USB_IMG (default $BUILD/idlebench-usb.img) as a USB stick on xHCI;
#     USB_FW=uefi (OVMF, default) or bios (SeaBIOS). Used in place as well.
#   BOOT=usb and BOOT=net boot the image's own menu, whose default entry is
#     preset=auto (quick under QEMU); they take no CMDLINE and refuse one.
#   BOOT=net: the firmware's network boot over QEMU's user network, whose DHCP
#     names NET_BOOTFILE and whose TFTP server serves NET_DIR (default
#     $BUILD/netboot, `make netboot`). NET_FW=bios (SeaBIOS and the NIC's iPXE
#     ROM, package ipxe-qemu; bootfile default idlebench.ipxe) or uefi (OVMF;
#     default idlebench.efi). NET_ROM=ipxe (default: the NIC's iPXE ROM, whose
#     EFI driver then does OVMF's network boot too) or none (no option ROM:
#     OVMF's own network stack and PXE; SeaBIOS cannot boot then).
#     NET_NIC: the QEMU NIC (virtio-net-pci).
#   QEMU_TIMEOUT (seconds, default 600)  QEMU_BIN (default qemu-system-x86_64)
# Exit status: 0 when the stream ended status=ok (QEMU exit 33), 1 when it
# ended status=error (35), 124 on timeout, else QEMU's own status.
set -uo pipefail
BUILD=${BUILD:-build}
BOOT=${BOOT:-bios}
QEMU_CPU=${QEMU_CPU:-Dhyana}
SMP=${SMP:-2,sockets=1,cores=1,threads=2}
CMDLINE=${CMDLINE:-}
QEMU_EXTRA=${QEMU_EXTRA:-}
QEMU_TIMEOUT=${QEMU_TIMEOUT:-600}
here=$(cd "$(dirname "$0")" && pwd)

# OVMF as one flash image: variables are not kept between boots.
ovmf_firmware() {
	local fw=/usr/share/ovmf/OVMF.fd
	[ -r "$fw" ] || { echo "qemu-run: $fw missing (package ovmf)" >&2; exit 1; }
	echo "$fw"
}

machine=pc
[ "$BOOT" = efi ] && [ -n "${OVMF_SB_VARS:-}" ] && machine=q35,smm=on
args=(-machine "$machine" -cpu "$QEMU_CPU" -smp "$SMP" -m 512M
      -display none -serial stdio -monitor none -no-reboot
      -device isa-debug-exit,iobase=0xf4,iosize=0x04)

# The stick and the network tree carry their own menus: a CMDLINE would not
# reach the kernel, and a run that ignored it would not be the one asked for.
case "$BOOT" in
usb|net)
	if [ -n "$CMDLINE" ]; then
		echo "qemu-run: BOOT=$BOOT boots its own GRUB menu (default entry preset=auto) and cannot pass" \
			"CMDLINE='$CMDLINE'; use BOOT=bios, uefi, efi or pvh for options" >&2
		exit 2
	fi
	;;
esac

case "$BOOT" in
pvh)
	args+=(-kernel "$BUILD/idlebench.elf" -append "$CMDLINE")
	;;
bios|uefi)
	# A one-entry image with timeout 0 carries CMDLINE through GRUB.
	iso=$("$here/run-iso.sh" "$BUILD" "$CMDLINE") || exit 1
	args+=(-cdrom "$iso" -boot d)
	if [ "$BOOT" = uefi ]; then
		args+=(-bios "$(ovmf_firmware)")
	fi
	;;
efi)
	img=${EFI_IMG:-}
	if [ -z "$img" ]; then
		img="$BUILD/efi-run.img"
		"$here/make-efi-img.sh" "$BUILD/idlebench.efi" "$CMDLINE" "$img" || exit 1
	fi
	if [ -n "${OVMF_SB_VARS:-}" ]; then
		code=/usr/share/OVMF/OVMF_CODE_4M.snakeoil.fd
		[ -r "$code" ] || { echo "qemu-run: $code missing (package ovmf)" >&2; exit 1; }
		[ -w "$OVMF_SB_VARS" ] || { echo "qemu-run: OVMF_SB_VARS=$OVMF_SB_VARS is not a writable file" >&2; exit 1; }
		args+=(-global driver=cfi.pflash01,property=secure,value=on
		       -drive "if=pflash,format=raw,unit=0,readonly=on,file=$code"
		       -drive "if=pflash,format=raw,unit=1,file=$OVMF_SB_VARS")
	else
		args+=(-bios "$(ovmf_firmware)")
	fi
	args+=(-drive "format=raw,file=$img")
	;;
usb)
	img=${USB_IMG:-$BUILD/idlebench-usb.img}
	[ -r "$img" ] || { echo "qemu-run: $img missing (make usb)" >&2; exit 1; }
	args+=(-device qemu-xhci,id=xhci -drive "if=none,id=stick,format=raw,file=$img"
	       -device usb-storage,bus=xhci.0,drive=stick,bootindex=0)
	case "${USB_FW:-uefi}" in
	uefi) args+=(-bios "$(ovmf_firmware)") ;;
	bios) ;;
	*) echo "qemu-run: USB_FW must be uefi or bios (got '$USB_FW')" >&2; exit 2 ;;
	esac
	;;
net)
	dir=${NET_DIR:-$BUILD/netboot}
	[ -d "$dir" ] || { echo "qemu-run: $dir missing (make netboot)" >&2; exit 1; }
	case "${NET_FW:-bios}" in
	bios) file=${NET_BOOTFILE:-idlebench.ipxe} ;;
	uefi) file=${NET_BOOTFILE:-idlebench.efi}; args+=(-bios "$(ovmf_firmware)") ;;
	*) echo "qemu-run: NET_FW must be bios or uefi (got '$NET_FW')" >&2; exit 2 ;;
	esac
	[ -r "$dir/$file" ] || { echo "qemu-run: boot file $dir/$file missing" >&2; exit 1; }
	case "${NET_ROM:-ipxe}" in
	ipxe) rom= ;;
	none) rom=,romfile= ;;
	*) echo "qemu-run: NET_ROM must be ipxe or none (got '$NET_ROM')" >&2; exit 2 ;;
	esac
	# The NIC first in the boot order (SeaBIOS and OVMF both honour bootindex).
	args+=(-netdev "user,id=n0,tftp=$dir,bootfile=$file"
	       -device "${NET_NIC:-virtio-net-pci},netdev=n0,bootindex=0$rom")
	;;
*)
	echo "qemu-run: BOOT must be pvh, bios, uefi, efi, usb or net (got '$BOOT')" >&2
	exit 2
	;;
esac

# shellcheck disable=SC2086 # QEMU_EXTRA is a list of arguments
timeout --foreground -k 5 "$QEMU_TIMEOUT" "${QEMU_BIN:-qemu-system-x86_64}" "${args[@]}" $QEMU_EXTRA </dev/null
rc=$?
case $rc in
33) exit 0 ;;
35) exit 1 ;;
124) echo "qemu-run: no end of run after ${QEMU_TIMEOUT}s" >&2; exit 124 ;;
*) exit $rc ;;
esac
