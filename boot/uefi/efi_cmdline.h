/* Where the UEFI application's command line comes from: its load options
 * (UTF-16, from GRUB's `chainloader FILE opts`, the UEFI shell or a boot
 * entry) or the text file \idlebench\cmdline.txt on the stick. Pure code,
 * unit-tested and fuzzed on the host. */
#ifndef IDLEBENCH_BOOT_UEFI_EFI_CMDLINE_H
#define IDLEBENCH_BOOT_UEFI_EFI_CMDLINE_H

#include <stddef.h>

/* Named results. */
enum efi_cmdline_status {
	EFI_CMDLINE_OK = 0,
	EFI_CMDLINE_EMPTY,     /* nothing but the program name or blanks */
	EFI_CMDLINE_NOT_TEXT,  /* a character outside printable ASCII (binary boot-entry data) */
	EFI_CMDLINE_TOO_LONG,  /* out holds what fit; the option parser rejects it */
};

/* Text for a status. */
const char *efi_cmdline_status_text(enum efi_cmdline_status st);
/* Load options (bytes of UTF-16LE, up to the first NUL) to an ASCII line in
 * out (cap bytes, NUL-terminated). A first word ending in ".efi" (any case),
 * or whose last path component is "idlebench" (any case), is the program name
 * GRUB and the UEFI shell put first, and is dropped. */
enum efi_cmdline_status efi_cmdline_from_load_options(const void *opts, size_t bytes, char *out, size_t cap);
/* A cmdline.txt: '#' starts a comment to the end of the line; line breaks
 * and tabs separate options like spaces; blanks are collapsed. */
enum efi_cmdline_status efi_cmdline_from_file(const char *text, size_t len, char *out, size_t cap);

#endif
