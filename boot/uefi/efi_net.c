/* Loaded over the network (see efi_net.h). */
#include <efi.h>

#include "boot/uefi/efi_net.h"
#include "boot/uefi/efi_net_path.h"
#include "lib/fmt.h"
#include "lib/mem.h"

static EFI_GUID pxe_guid = EFI_PXE_BASE_CODE_PROTOCOL_GUID;
static EFI_GUID device_path_guid = EFI_DEVICE_PATH_PROTOCOL_GUID;

static bool nonzero4(const UINT8 *a)
{
	return a[0] | a[1] | a[2] | a[3];
}

/* The DHCP packet that named the boot server: a PXE server's reply, a
 * proxyDHCP offer, or the plain DHCP ACK (QEMU's user network, dnsmasq). */
static const EFI_PXE_BASE_CODE_DHCPV4_PACKET *boot_packet(const EFI_PXE_BASE_CODE_MODE *m)
{
	if (m->PxeReplyReceived && nonzero4(m->PxeReply.Dhcpv4.BootpSiAddr))
		return &m->PxeReply.Dhcpv4;
	if (m->ProxyOfferReceived && nonzero4(m->ProxyOffer.Dhcpv4.BootpSiAddr))
		return &m->ProxyOffer.Dhcpv4;
	if (m->DhcpAckReceived)
		return &m->DhcpAck.Dhcpv4;
	return NULL;
}

bool efi_net_detect(EFI_BOOT_SERVICES *bs, EFI_LOADED_IMAGE *li, struct efi_net_boot *net)
{
	EFI_DEVICE_PATH *dp = NULL;
	EFI_HANDLE h = NULL;

	memset(net, 0, sizeof *net);
	if (!li || !li->DeviceHandle)
		return false;
	if (EFI_ERROR(uefi_call_wrapper(bs->HandleProtocol, 3, li->DeviceHandle, &pxe_guid, (void **)&net->pxe)) ||
	    !net->pxe) {
		/* The PXE base code may sit on a parent (the NIC) of the handle. */
		net->pxe = NULL;
		if (EFI_ERROR(uefi_call_wrapper(bs->HandleProtocol, 3, li->DeviceHandle, &device_path_guid, (void **)&dp)) ||
		    !dp || EFI_ERROR(uefi_call_wrapper(bs->LocateDevicePath, 3, &pxe_guid, &dp, &h)) || !h ||
		    EFI_ERROR(uefi_call_wrapper(bs->HandleProtocol, 3, h, &pxe_guid, (void **)&net->pxe)) || !net->pxe)
			return false;
	}
	const EFI_PXE_BASE_CODE_MODE *m = net->pxe->Mode;
	if (!m || !m->Started || m->UsingIpv6)
		return false;
	fmt_snprintf(net->server_text, sizeof net->server_text, "unknown");
	const EFI_PXE_BASE_CODE_DHCPV4_PACKET *p = boot_packet(m);
	if (p) {
		memcpy(net->server.v4.Addr, p->BootpSiAddr, 4);
		if (nonzero4(p->BootpSiAddr))
			fmt_snprintf(net->server_text, sizeof net->server_text, "%u.%u.%u.%u", p->BootpSiAddr[0],
				     p->BootpSiAddr[1], p->BootpSiAddr[2], p->BootpSiAddr[3]);
		size_t i = 0;
		for (; i < sizeof p->BootpBootFile && p->BootpBootFile[i]; i++)
			net->bootfile[i] = (char)p->BootpBootFile[i];
		net->bootfile[i] = 0;
	}
	return true;
}

/* The size comes first (TFTP's tsize option, RFC 2349), then the file into a
 * buffer of exactly that size, as EDK2's own PXE boot reads the boot file:
 * READ_FILE need not report the length received (the PXE base code of
 * Debian's iPXE ROM, 1.0.0+git-20190125, returned success with BufferSize
 * left at 4096 for a 35-byte file under QEMU). A server without tsize: the
 * file into a zeroed buffer, its text up to the first NUL (a cmdline.txt
 * holds no NUL). */
/* Whether status st of a TFTP request means the server has no such file:
 * EFI_NOT_FOUND, or a TFTP error packet with code 1, "File not found"
 * (RFC 1350), or one whose code the PXE base code does not keep (iPXE's
 * may not: then it cannot be told apart). Any other error packet (access
 * violation...) is a failure to read a file that may hold the user's options. */
static bool tftp_no_such_file(const struct efi_net_boot *net, EFI_STATUS st)
{
	if (st == EFI_NOT_FOUND)
		return true;
	const EFI_PXE_BASE_CODE_MODE *mode = net->pxe->Mode;
	return st == EFI_TFTP_ERROR && (!mode || !mode->TftpErrorReceived || mode->TftpError.ErrorCode == 1);
}

long efi_net_read_beside(const struct efi_net_boot *net, const char *name, char *buf, size_t cap, char *path,
			 size_t path_cap, EFI_STATUS *failure)
{
	EFI_IP_ADDRESS server = net->server;
	UINT64 size = 0;

	if (!efi_net_sibling_path(path, path_cap, net->bootfile, sizeof net->bootfile, name) ||
	    !nonzero4(net->server.v4.Addr) || !cap)
		return EFI_NET_NO_FILE;
	EFI_STATUS st = uefi_call_wrapper(net->pxe->Mtftp, 10, net->pxe, EFI_PXE_BASE_CODE_TFTP_GET_FILE_SIZE, NULL,
					  FALSE, &size, NULL, &server, (UINT8 *)path, NULL, FALSE);
	bool sized = !EFI_ERROR(st);
	if (tftp_no_such_file(net, st))
		return EFI_NET_NO_FILE; /* the server answered: no such file */
	if (sized && size >= cap)
		return (long)cap;
	if (!sized) {
		memset(buf, 0, cap);
		size = cap - 1;
	}
	if (sized && !size)
		return 0;
	st = uefi_call_wrapper(net->pxe->Mtftp, 10, net->pxe, EFI_PXE_BASE_CODE_TFTP_READ_FILE, buf, FALSE, &size, NULL,
			       &server, (UINT8 *)path, NULL, FALSE);
	if (st == EFI_BUFFER_TOO_SMALL)
		return (long)cap;
	if (tftp_no_such_file(net, st))
		return EFI_NET_NO_FILE;
	if (EFI_ERROR(st)) {
		*failure = st;
		return EFI_NET_READ_FAILED;
	}
	return sized ? (long)size : (long)strlen(buf);
}
