/* Files beside the boot file on a TFTP server: when the firmware's PXE boot
 * loaded idlebench.efi from DIR/FILE, \idlebench\cmdline.txt of a stick is
 * DIR/idlebench/cmdline.txt there. Pure code, unit-tested on the host. */
#ifndef IDLEBENCH_BOOT_UEFI_EFI_NET_PATH_H
#define IDLEBENCH_BOOT_UEFI_EFI_NET_PATH_H

#include <stdbool.h>
#include <stddef.h>

/* out = the directory part of the DHCP boot file name (bootfile, at most
 * bootfile_cap bytes, NUL-terminated or not; '/' separates directories, as
 * TFTP servers take them) followed by name. A boot file without a '/' is in
 * the server's root. false when out (cap bytes) is too small or the boot
 * file name holds a byte outside printable ASCII; out is then "". */
bool efi_net_sibling_path(char *out, size_t cap, const char *bootfile, size_t bootfile_cap, const char *name);

#endif
