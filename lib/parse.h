/* Number parsing shared by the command line and the option validators
 * (freestanding, host-tested). */
#ifndef IDLEBENCH_KERNEL_LIB_PARSE_H
#define IDLEBENCH_KERNEL_LIB_PARSE_H

#include <stdbool.h>
#include <stdint.h>

/* Parse a decimal or 0x-hex unsigned integer (the whole string); false on
 * junk, an empty string or overflow, and *out is then untouched. */
bool parse_uint(const char *text, uint64_t *out);
/* Parse a decimal with at most two digits after the point ("1", "0.3",
 * "12.50") into hundredths (100, 30, 1250); false on junk, an empty string,
 * a lone point, a third decimal or overflow, and *out is then untouched. */
bool parse_hundredths(const char *text, uint64_t *out);
/* The value of one hex digit (0-9, a-f, A-F), or -1. */
int parse_hex_digit(char c);

#endif
