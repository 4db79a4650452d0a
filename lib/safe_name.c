/* Safe names (see safe_name.h). */
#include "lib/safe_name.h"

bool safe_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
	       c == '-';
}

const char *safe_label_validate(const char *v)
{
	size_t n = 0;

	if (!v[0])
		return "empty: a label is 1 to 32 characters A-Z a-z 0-9 . _ -";
	if (v[0] == '.' || v[0] == '-')
		return "must not start with '.' or '-'";
	for (; v[n]; n++) {
		if (!safe_name_char(v[n]))
			return "only A-Z a-z 0-9 . _ - are allowed in a label";
		if (n == SAFE_LABEL_MAX)
			return "longer than 32 characters";
	}
	return 0;
}

size_t safe_name_append(char *dst, size_t size, size_t *at, const char *src, size_t max)
{
	size_t added = 0;
	bool gap = false;

	for (const char *p = src; *p && added < max; p++) {
		char c = *p;
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		/* A part never starts with '.': no hidden files, no `..`. */
		if (!safe_name_char(c) || c == '-' || (c == '.' && added == 0)) {
			gap = added > 0;
			continue;
		}
		if (gap) {
			if (added + 1 >= max || *at + 2 >= size)
				break;
			dst[(*at)++] = '-';
			added++;
			gap = false;
		}
		if (*at + 1 >= size)
			break;
		dst[(*at)++] = c;
		added++;
	}
	if (size)
		dst[*at < size ? *at : size - 1] = '\0';
	return added;
}
