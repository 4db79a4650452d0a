/* Bounded string formatting for freestanding code (a printf subset). */
#ifndef IDLEBENCH_KERNEL_LIB_FMT_H
#define IDLEBENCH_KERNEL_LIB_FMT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Format into buf (always NUL-terminated when size > 0); returns the length the
 * full output would have had, like C99 vsnprintf. Conversions: %s %c %d %i %u
 * %x %X %p %% with flags '-' '0', a width (or *), a precision for %s (or .*),
 * and length modifiers l, ll, z. */
int fmt_vsnprintf(char *buf, size_t size, const char *format, va_list ap);

/* fmt_vsnprintf with variadic arguments. */
int fmt_snprintf(char *buf, size_t size, const char *format, ...)
	__attribute__((format(printf, 3, 4)));

/* Append to the text of buf (size bytes) at *at, then advance *at, but never
 * past size - 1: a line built piece by piece is cut, not overrun, when its
 * pieces do not fit. Returns true when everything fitted. */
bool fmt_append(char *buf, size_t size, size_t *at, const char *format, ...)
	__attribute__((format(printf, 4, 5)));

/* Write v with exactly `decimals` (0..9) digits after the point, rounded half
 * away from zero ("12.35", "-0.50"); "" for NaN, infinities or |v| >= 9.2e18
 * / 10^decimals. Returns the length like fmt_snprintf. */
int fmt_fixed(char *buf, size_t size, double v, int decimals);

#endif
