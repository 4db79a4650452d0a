/* Safe names: the characters a run's label and a result file name may hold,
 * defined once for the kernel's `label=` option, the UEFI app's file names
 * and the host's (`capture`): [A-Za-z0-9._-], which every file system
 * (FAT's long and short names included), shell and URL takes as is. */
#ifndef IDLEBENCH_KERNEL_LIB_SAFE_NAME_H
#define IDLEBENCH_KERNEL_LIB_SAFE_NAME_H

#include <stdbool.h>
#include <stddef.h>

/* Longest `label=` value. */
#define SAFE_LABEL_MAX 32

/* Whether c may appear in a label or a file name part: A-Z a-z 0-9 . _ - */
bool safe_name_char(char c);

/* NULL when v is a valid label (1..SAFE_LABEL_MAX safe characters, not
 * starting with '.' or '-': no hidden files, no option-like words), else the
 * reason, for the CMDLINE_BAD_VALUE error. */
const char *safe_label_validate(const char *v);

/* Append src to dst (size bytes, NUL-terminated, *at its length) as a file
 * name part: letters lowered, every run of other characters (spaces,
 * slashes, quotes, bytes >= 0x80) one '-', no '-' at either end, no '.'
 * at the start; at most
 * max characters of src's result. Returns how many characters were added. */
size_t safe_name_append(char *dst, size_t size, size_t *at, const char *src, size_t max);

#endif
