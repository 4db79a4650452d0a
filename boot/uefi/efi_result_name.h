/* Names of the UEFI application's result files, \idlebench\results\NAME:
 * the one scheme of lib/result_name.h, from the metadata of the
 * stream the application holds in memory and the firmware clock (UTC when
 * EFI_TIME.TimeZone is 0, else the clock's own unknown zone). Pure code,
 * unit-tested on the host. */
#ifndef IDLEBENCH_BOOT_UEFI_EFI_RESULT_NAME_H
#define IDLEBENCH_BOOT_UEFI_EFI_RESULT_NAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/result_name.h"

/* Candidate number attempt (0, 1, …) for the stream data[0..len) saved at
 * time t (NULL: GetTime failed): result_name_format with the stream's
 * metadata, `-INCOMPLETE` when its last bytes hold no `#! end` record (the
 * buffer overflowed or the run was cut). The caller tries candidates until
 * one does not exist. Returns false when out is too small. */
bool result_file_name(char *out, size_t cap, const struct result_time *t, const char *data, size_t len,
		      unsigned attempt);

#endif
