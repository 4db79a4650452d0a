/* Number parsing: decimal, or hexadecimal after 0x/0X; no sign, no spaces. */
#include "lib/parse.h"

int parse_hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

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
		int h = parse_hex_digit(*t);
		if (h < 0 || (unsigned)h >= base)
			return false;
		unsigned d = (unsigned)h;
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
