/* idlebench.efi loaded over the network: the firmware's PXE boot (or iPXE,
 * or GRUB's net chainloader) leaves EFI_PXE_BASE_CODE_PROTOCOL (UEFI 2.10,
 * 24.3) on the device the image came from. There is no writable file system
 * then: results go to serial only, and \idlebench\cmdline.txt is read over
 * TFTP from beside the boot file instead. Only while boot services run. */
#ifndef IDLEBENCH_BOOT_UEFI_EFI_NET_H
#define IDLEBENCH_BOOT_UEFI_EFI_NET_H

#include <efi.h>
#include <stdbool.h>
#include <stddef.h>

struct efi_net_boot {
	EFI_PXE_BASE_CODE *pxe;
	EFI_IP_ADDRESS server;   /* the TFTP server: the DHCP answer's siaddr */
	char server_text[16];    /* dotted quad, "unknown" when there is none */
	char bootfile[129];      /* the DHCP boot file name, "" when none */
};

/* Whether the image at li came over the network: a PXE base code on its
 * device or a parent of it in the device path, started, IPv4. */
bool efi_net_detect(EFI_BOOT_SERVICES *bs, EFI_LOADED_IMAGE *li, struct efi_net_boot *net);
/* efi_net_read_beside's answers other than a byte count. */
#define EFI_NET_NO_FILE     (-1L) /* the server said there is no such file (or no server to ask) */
#define EFI_NET_READ_FAILED (-2L) /* the transfer failed: *failure says how */

/* Read the file `name` beside the boot file (efi_net_path.h) over TFTP into
 * buf (cap bytes); path gets the path asked for. Returns the byte count, cap
 * when the file is larger than buf, EFI_NET_NO_FILE, or EFI_NET_READ_FAILED
 * with the firmware's status in *failure (a timeout, an ICMP error: the
 * firmware's TFTP client times out on its own, its retries are bounded). */
long efi_net_read_beside(const struct efi_net_boot *net, const char *name, char *buf, size_t cap, char *path,
			 size_t path_cap, EFI_STATUS *failure);

#endif
