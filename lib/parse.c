/* Number parsing: decimal, or hexadecimal after 0x/0X; no sign, no spaces. */
#include "lib/parse.h"

bool parse_uint(const char *t, uint64_t *out)
{
	uint64_t v = 0;
	unsigned base = 10;

	if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
		base = 16;
		t += 2;
	}
	if (!*t)
		return false;
	for (; *t; t++) {
		unsigned d;
		if (*t >= '0' && *t <= '9')
			d = (unsigned)(*t - '0');
		else if (base == 16 && *t >= 'a' && *t <= 'f')
			d = (unsigned)(*t - 'a' + 10);
		else if (base == 16 && *t >= 'A' && *t <= 'F')
			d = (unsigned)(*t - 'A' + 10);
		else
			return false;
		if (v > (UINT64_MAX - d) / base)
			return false;
		v = v * base + d;
	}
	*out = v;
	return true;
}

bool parse_hundredths(const char *t, uint64_t *out)
{
	uint64_t v = 0;
	unsigned digits = 0, decimals = 0;
	bool point = false;

	for (; *t; t++) {
		if (*t == '.' && !point) {
			point = true;
			continue;
		}
		if (*t < '0' || *t > '9' || (point && ++decimals > 2))
			return false;
		if (v > (UINT64_MAX - 9) / 10)
			return false;
		v = v * 10 + (uint64_t)(*t - '0');
		digits++;
	}
	if (!digits)
		return false;
	for (; decimals < 2; decimals++) {
		if (v > UINT64_MAX / 10)
			return false;
		v *= 10;
	}
	*out = v;
	return true;
}
