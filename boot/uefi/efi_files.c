/* The boot stick's file system (see efi_files.h). EFI_FILE_PROTOCOL: UEFI
 * 2.10, 13.5. Open with EFI_FILE_MODE_CREATE opens an existing file too, so
 * existence is tested with a read-only open first. */
#include <efi.h>

#include "boot/uefi/efi_files.h"
#include "lib/fmt.h"
#include "lib/mem.h"

static EFI_GUID loaded_image_guid = EFI_LOADED_IMAGE_PROTOCOL_GUID;
static EFI_GUID simple_fs_guid = EFI_SIMPLE_FILE_SYSTEM_PROTOCOL_GUID;

const char *efi_status_text(EFI_STATUS st)
{
	switch (st) {
	case EFI_SUCCESS:
		return "success";
	case EFI_VOLUME_FULL:
		return "EFI_VOLUME_FULL: the stick's file system is full";
	case EFI_WRITE_PROTECTED:
		return "EFI_WRITE_PROTECTED: the stick or file system is read-only";
	case EFI_ACCESS_DENIED:
		return "EFI_ACCESS_DENIED";
	case EFI_NO_MEDIA:
		return "EFI_NO_MEDIA: the stick is gone";
	case EFI_MEDIA_CHANGED:
		return "EFI_MEDIA_CHANGED: the stick was swapped";
	case EFI_DEVICE_ERROR:
		return "EFI_DEVICE_ERROR: the stick reported an error";
	case EFI_VOLUME_CORRUPTED:
		return "EFI_VOLUME_CORRUPTED: the FAT file system is damaged";
	case EFI_NOT_FOUND:
		return "EFI_NOT_FOUND";
	case EFI_OUT_OF_RESOURCES:
		return "EFI_OUT_OF_RESOURCES";
	case EFI_UNSUPPORTED:
		return "EFI_UNSUPPORTED";
	case EFI_INVALID_PARAMETER:
		return "EFI_INVALID_PARAMETER";
	default:
		return "EFI error";
	}
}

EFI_FILE_HANDLE efi_open_boot_volume(EFI_BOOT_SERVICES *bs, EFI_HANDLE image, const char **why)
{
	EFI_LOADED_IMAGE *li = NULL;
	EFI_FILE_IO_INTERFACE *fs = NULL;
	EFI_FILE_HANDLE root = NULL;

	if (EFI_ERROR(uefi_call_wrapper(bs->HandleProtocol, 3, image, &loaded_image_guid, (void **)&li)) || !li) {
		*why = "no EFI_LOADED_IMAGE_PROTOCOL on our own image";
		return NULL;
	}
	if (EFI_ERROR(uefi_call_wrapper(bs->HandleProtocol, 3, li->DeviceHandle, &simple_fs_guid, (void **)&fs)) ||
	    !fs) {
		*why = "the device idlebench.efi was loaded from has no file system protocol";
		return NULL;
	}
	if (EFI_ERROR(uefi_call_wrapper(fs->OpenVolume, 2, fs, &root)) || !root) {
		*why = "OpenVolume failed on the boot device";
		return NULL;
	}
	return root;
}

/* ASCII path to CHAR16 (our paths are ASCII). */
static void to_char16(CHAR16 *out, size_t cap, const char *in)
{
	size_t i = 0;
	for (; in[i] && i + 1 < cap; i++)
		out[i] = (CHAR16)(unsigned char)in[i];
	out[i] = 0;
}

static EFI_STATUS open_path(EFI_FILE_HANDLE dir, EFI_FILE_HANDLE *out, const char *path, UINT64 mode, UINT64 attr)
{
	CHAR16 p[24 + RESULT_NAME_MAX]; /* \idlebench\results\ and the longest name */
	to_char16(p, sizeof p / sizeof p[0], path);
	return uefi_call_wrapper(dir->Open, 5, dir, out, p, mode, attr);
}

static void close_file(EFI_FILE_HANDLE f)
{
	uefi_call_wrapper(f->Close, 1, f);
}

long efi_read_cmdline_file(EFI_FILE_HANDLE root, char *buf, size_t cap)
{
	EFI_FILE_HANDLE f;

	if (EFI_ERROR(open_path(root, &f, "\\idlebench\\cmdline.txt", EFI_FILE_MODE_READ, 0)))
		return -1;
	UINTN n = cap;
	EFI_STATUS st = uefi_call_wrapper(f->Read, 3, f, &n, buf);
	close_file(f);
	return EFI_ERROR(st) ? -1 : (long)n;
}

static EFI_STATUS make_dir(EFI_FILE_HANDLE root, const char *path)
{
	EFI_FILE_HANDLE d;
	EFI_STATUS st = open_path(root, &d, path, EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE | EFI_FILE_MODE_CREATE,
				  EFI_FILE_DIRECTORY);
	if (!EFI_ERROR(st))
		close_file(d);
	return st;
}

EFI_STATUS efi_save_results(EFI_FILE_HANDLE root, const struct result_time *t, const char *data, size_t len,
			    struct efi_save_report *r)
{
	static const char dir[] = "\\idlebench\\results\\";
	EFI_FILE_HANDLE f;
	EFI_STATUS st;

	memset(r, 0, sizeof *r);
	r->step = "create \\idlebench";
	st = make_dir(root, "\\idlebench");
	if (EFI_ERROR(st))
		goto fail;
	r->step = "create \\idlebench\\results";
	st = make_dir(root, "\\idlebench\\results");
	if (EFI_ERROR(st))
		goto fail;

	r->step = "choose a new file name";
	st = EFI_ACCESS_DENIED;
	for (unsigned attempt = 0; attempt < RESULT_NAME_ATTEMPTS; attempt++) {
		char name[RESULT_NAME_MAX + 1];
		if (!result_file_name(name, sizeof name, t, data, len, attempt))
			break;
		fmt_snprintf(r->path, sizeof r->path, "%s%s", dir, name);
		EFI_FILE_HANDLE probe;
		EFI_STATUS ps = open_path(root, &probe, r->path, EFI_FILE_MODE_READ, 0);
		if (!EFI_ERROR(ps)) {
			close_file(probe);
			continue; /* exists: never overwrite */
		}
		if (ps != EFI_NOT_FOUND) {
			st = ps;
			goto fail;
		}
		st = EFI_SUCCESS;
		break;
	}
	if (EFI_ERROR(st))
		goto fail;

	r->step = "create the file";
	st = open_path(root, &f, r->path, EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE | EFI_FILE_MODE_CREATE, 0);
	if (EFI_ERROR(st))
		goto fail;
	r->step = "write";
	UINTN n = len;
	st = uefi_call_wrapper(f->Write, 3, f, &n, (void *)data);
	r->written = n;
	if (!EFI_ERROR(st) && n != len)
		st = EFI_VOLUME_FULL; /* a short write without a status: treat as full */
	if (!EFI_ERROR(st)) {
		r->step = "flush";
		st = uefi_call_wrapper(f->Flush, 1, f);
	}
	if (EFI_ERROR(st)) {
		/* No half file that could pass for a result: Delete also closes. */
		uefi_call_wrapper(f->Delete, 1, f);
		goto fail;
	}
	r->step = "close";
	st = uefi_call_wrapper(f->Close, 1, f);
	if (EFI_ERROR(st))
		goto fail;
	r->step = NULL;
	return EFI_SUCCESS;
fail:
	r->status = st;
	return st;
}
