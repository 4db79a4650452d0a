/* The C library's memory and string primitives, for code that must build both
 * freestanding (kernel: implemented in lib/mem.c) and hosted (host tools
 * and tests: the C library provides them). Same names and signatures as libc,
 * because the compiler itself emits calls to memcpy/memset/memmove/memcmp. */
#ifndef IDLEBENCH_KERNEL_LIB_MEM_H
#define IDLEBENCH_KERNEL_LIB_MEM_H

#include <stddef.h>

/* Copy n bytes; the regions must not overlap. */
void *memcpy(void *dst, const void *src, size_t n);
/* Copy n bytes; the regions may overlap. */
void *memmove(void *dst, const void *src, size_t n);
/* Fill n bytes with the byte c. */
void *memset(void *dst, int c, size_t n);
/* Compare n bytes: <0, 0 or >0 like libc. */
int memcmp(const void *a, const void *b, size_t n);
/* Length of a NUL-terminated string. */
size_t strlen(const char *s);
/* Compare two NUL-terminated strings. */
int strcmp(const char *a, const char *b);
/* Compare at most n characters of two strings. */
int strncmp(const char *a, const char *b, size_t n);

#endif
