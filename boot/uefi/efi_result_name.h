/* Names of the UEFI application's result files, \idlebench\results\NAME:
 * the firmware clock's date and time, or a counter when the clock is not
 * plausible. Pure code, unit-tested on the host. */
#ifndef IDLEBENCH_BOOT_UEFI_EFI_RESULT_NAME_H
#define IDLEBENCH_BOOT_UEFI_EFI_RESULT_NAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The fields of EFI_TIME that matter here (UEFI 2.10, 8.3 GetTime). */
struct result_time {
	uint16_t year;
	uint8_t month, day, hour, minute, second;
};

/* Attempts before giving up (a directory full of same-second names). */
#define RESULT_NAME_ATTEMPTS 1000

/* A real calendar date from 2000 to 2099 and a valid time of day. */
bool result_time_plausible(const struct result_time *t);
/* Candidate number attempt (0, 1, ...) for a new file: "YYYYMMDD-HHMMSS.csv",
 * then "YYYYMMDD-HHMMSS-2.csv", ...; with t NULL or implausible "run-0001.csv",
 * "run-0002.csv", .... The caller tries candidates until one does not exist
 * (results are never overwritten). Returns false when out is too small. */
bool result_file_name(char *out, size_t cap, const struct result_time *t, unsigned attempt);

#endif
