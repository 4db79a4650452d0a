; The .sbat section of idlebench.efi: the CSV scripts/make-sbat-csv.sh wrote
; for this build. shim reads it by section name (SBAT.md); it is read-only
; data, never executed (alloc: loaded with the image, as shim expects).
section .sbat progbits alloc noexec nowrite align=1
	incbin "sbat.csv"
