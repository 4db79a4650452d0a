# Network boot: `make netboot` builds build/netboot/, a directory to serve as
# a TFTP/HTTP root (scripts/make-netboot.sh lists its files): the UEFI app,
# an iPXE script, and a GRUB network-boot tree for BIOS and UEFI whose menu is
# grub.cfg, the ISO's own.
.PHONY: netboot
netboot: $(BUILD)/netboot/idlebench.efi

$(BUILD)/netboot/idlebench.efi: scripts/make-netboot.sh grub.cfg $(BUILD)/idlebench.elf $(BUILD)/idlebench.efi
	scripts/make-netboot.sh $(BUILD)/idlebench.elf $(BUILD)/idlebench.efi grub.cfg $(BUILD)/netboot
