/* The host tools' growth rule (tools/common/grow.h). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "tools/common/grow.h"

void *grow(void *p, size_t *cap, size_t need, size_t elem, size_t first)
{
	if (need <= *cap)
		return p;
	size_t ncap = *cap ? *cap : (first ? first : 1);
	while (ncap < need) {
		if (ncap > SIZE_MAX / 2) {
			errno = ENOMEM;
			return NULL;
		}
		ncap *= 2;
	}
	if (!elem || ncap > SIZE_MAX / elem) {
		errno = ENOMEM;
		return NULL;
	}
	void *q = realloc(p, ncap * elem);
	if (!q) {
		errno = ENOMEM;
		return NULL;
	}
	*cap = ncap;
	return q;
}
