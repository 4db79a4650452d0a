# Writable USB stick image: GPT, a FAT partition with GRUB EFI as
# \EFI\BOOT\BOOTX64.EFI, the multiboot2 kernel, idlebench.efi and
# \idlebench\results\, plus GRUB i386-pc in a BIOS boot partition. Built
# without root, loop devices or mounting (scripts/make-usb.sh says how).
# USB_IMG_MB sets the image size in MiB (>= 8); the image is not rebuilt when
# only USB_IMG_MB changes: remove it first (`make -B` would rebuild everything).
USB_IMG_MB ?= 64

.PHONY: usb
usb: $(BUILD)/idlebench-usb.img

$(BUILD)/idlebench-usb.img: scripts/make-usb.sh grub-usb.cfg $(BUILD)/idlebench.elf $(BUILD)/idlebench.efi
	USB_IMG_MB=$(USB_IMG_MB) scripts/make-usb.sh $(BUILD)/idlebench.elf $(BUILD)/idlebench.efi grub-usb.cfg $@
