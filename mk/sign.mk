# `make sign KEY=db.key CERT=db.crt`: build/idlebench-signed.efi, the UEFI
# application signed for Secure Boot (scripts/sign-efi.sh: sbsign, then
# sbverify against CERT; no file at all when either fails). Enrolling CERT
# (db or MOK): docs/real-hardware.md, "Secure Boot".

SIGNED_EFI := $(BUILD)/idlebench-signed.efi

ifneq ($(filter sign,$(MAKECMDGOALS)),)
ifeq ($(and $(KEY),$(CERT)),)
$(error make sign needs the signing key and its certificate (PEM): make sign KEY=db.key CERT=db.crt)
endif
endif

.PHONY: sign
sign: $(BUILD)/idlebench.efi scripts/sign-efi.sh
	scripts/sign-efi.sh '$(KEY)' '$(CERT)' $(BUILD)/idlebench.efi $(SIGNED_EFI)
