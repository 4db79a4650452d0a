/* Result file names, one scheme for every producer (`idlebench capture`,
 * the UEFI application, `idlebench linux --out-dir`):
 *
 *   <vendor>-<family>h-<model>h-<product>[-<label>]-<time>[-N][-INCOMPLETE].csv
 *
 * from the stream's metadata cpu_vendor, cpu_family, cpu_model,
 * smbios_product and label; <time> is YYYYMMDDTHHMMSSZ in UTC,
 * YYYYMMDDTHHMMSS (no Z) when the clock's zone is unknown, `notime` when
 * there is no plausible clock. Parts hold only safe_name characters
 * (lib/safe_name.h), each cut to its own length, so a name never
 * exceeds RESULT_NAME_MAX. Freestanding: the kernel side, the UEFI app and
 * the host build the same names. */
#ifndef IDLEBENCH_KERNEL_LIB_RESULT_NAME_H
#define IDLEBENCH_KERNEL_LIB_RESULT_NAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/safe_name.h"

/* Longest part of each kind in a name. CPUID vendor strings are 12 bytes;
 * a display family is at most 0x10E and a model 0xFF (8 hex digits allowed). */
#define RESULT_NAME_VENDOR_MAX 16
#define RESULT_NAME_HEX_DIGITS_MAX 8
#define RESULT_NAME_PRODUCT_MAX 40
#define RESULT_NAME_LABEL_MAX SAFE_LABEL_MAX

/* Names tried before giving up: `-2` … `-1000` after the first. */
#define RESULT_NAME_ATTEMPTS 1000

/* Longest name, ".csv" included: 16+1+9+1+9+1+40+1+32+1+16 + "-1000" +
 * "-INCOMPLETE" + ".csv" = 147. Far below FAT's 255-character long names
 * and ext4's 255 bytes, and short enough that the stick's
 * \idlebench\results\NAME (19 + 150) leaves room under Windows' 260-character
 * MAX_PATH for the folder it is copied into. */
#define RESULT_NAME_MAX 150

/* A wall-clock time. utc: the clock is known to run in UTC (the host's
 * clock; firmware whose EFI_TIME.TimeZone is 0); else its zone is unknown. */
struct result_time {
	uint16_t year;
	uint8_t month, day, hour, minute, second;
	bool utc;
};

/* The metadata values a name is made of, as they appeared in the stream
 * (cut to the array size; "" when absent). */
struct result_name_meta {
	char vendor[24], family[16], model[16], product[64], label[40];
};

/* A real calendar date from 2000 to 2099 and a valid time of day. */
bool result_time_plausible(const struct result_time *t);

/* Keep value (len bytes) when key is one of the metadata keys a name uses. */
void result_name_meta_set(struct result_name_meta *m, const char *key, const char *value, size_t len);

/* Fill m from a stream's text: every `#= key=value` line before the data
 * header (the first line not starting with '#'); `\r` is ignored. */
void result_name_meta_scan(struct result_name_meta *m, const char *text, size_t len);

/* Candidate name number attempt (0 = no `-N`; 1 = `-2`, …) for a stream
 * with metadata m written at time t (NULL: no clock); complete = verified
 * (else `-INCOMPLETE`). The caller tries candidates until one does not
 * exist: results are never overwritten. False when out (cap bytes) is too
 * small; nothing is written past cap. */
bool result_name_format(char *out, size_t cap, const struct result_name_meta *m, const struct result_time *t,
			unsigned attempt, bool complete);

#endif
