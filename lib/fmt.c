/* A printf subset with C99 snprintf semantics, enough for the stream and the
 * consoles; tested against the host libc in tests/unit/lib/test_fmt.c. */
#include <stdbool.h>
#include <stdint.h>

#include "lib/fmt.h"

struct out {
	char *buf;
	size_t size;
	size_t len;
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void put_padded(struct out *o, const char *s, size_t n, int width, bool left, char pad)
{
	int fill = width > (int)n ? width - (int)n : 0;

	if (!left && pad == '0' && n && (*s == '-')) {
		put(o, *s++);
		n--;
	}
	if (!left)
		while (fill-- > 0)
			put(o, pad);
	while (n--)
		put(o, *s++);
	if (left)
		while (fill-- > 0)
			put(o, ' ');
}

static size_t utoa(char *tmp, unsigned long long v, unsigned base, bool upper)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char rev[24];
	size_t n = 0, i = 0;

	do {
		rev[n++] = digits[v % base];
		v /= base;
	} while (v);
	while (n)
		tmp[i++] = rev[--n];
	return i;
}

int fmt_vsnprintf(char *buf, size_t size, const char *f, va_list ap)
{
	struct out o = { buf, size, 0 };

	for (; *f; f++) {
		if (*f != '%') {
			put(&o, *f);
			continue;
		}
		f++;
		bool left = false;
		char pad = ' ';
		for (;; f++) {
			if (*f == '-')
				left = true;
			else if (*f == '0')
				pad = '0';
			else
				break;
		}
		int width = 0;
		if (*f == '*') {
			width = va_arg(ap, int);
			if (width < 0) {
				left = true;
				width = -width;
			}
			f++;
		} else {
			while (*f >= '0' && *f <= '9')
				width = width * 10 + (*f++ - '0');
		}
		int prec = -1;
		if (*f == '.') {
			f++;
			prec = 0;
			if (*f == '*') {
				prec = va_arg(ap, int);
				f++;
			} else {
				while (*f >= '0' && *f <= '9')
					prec = prec * 10 + (*f++ - '0');
			}
		}
		int lng = 0;
		while (*f == 'l' || *f == 'z') {
			lng += (*f == 'z') ? 2 : 1;
			f++;
		}
		if (left)
			pad = ' ';

		char tmp[32];
		size_t n;
		unsigned long long u;
		switch (*f) {
		case 's': {
			const char *s = va_arg(ap, const char *);
			if (!s)
				s = "(null)";
			n = 0;
			while (s[n] && (prec < 0 || (int)n < prec))
				n++;
			put_padded(&o, s, n, width, left, ' ');
			break;
		}
		case 'c':
			tmp[0] = (char)va_arg(ap, int);
			put_padded(&o, tmp, 1, width, left, ' ');
			break;
		case 'd':
		case 'i': {
			long long v = lng >= 2 ? va_arg(ap, long long) : lng == 1 ? va_arg(ap, long) : va_arg(ap, int);
			n = 0;
			if (v < 0) {
				tmp[n++] = '-';
				u = (unsigned long long)(-(v + 1)) + 1;
			} else {
				u = (unsigned long long)v;
			}
			n += utoa(tmp + n, u, 10, false);
			put_padded(&o, tmp, n, width, left, pad);
			break;
		}
		case 'u':
		case 'x':
		case 'X':
			u = lng >= 2 ? va_arg(ap, unsigned long long) : lng == 1 ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int);
			n = utoa(tmp, u, *f == 'u' ? 10 : 16, *f == 'X');
			put_padded(&o, tmp, n, width, left, pad);
			break;
		case 'p':
			tmp[0] = '0';
			tmp[1] = 'x';
			n = 2 + utoa(tmp + 2, (uintptr_t)va_arg(ap, void *), 16, false);
			put_padded(&o, tmp, n, width, left, ' ');
			break;
		case '%':
			put(&o, '%');
			break;
		case '\0':
			f--;
			break;
		default:
			put(&o, '%');
			put(&o, *f);
			break;
		}
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}

int fmt_snprintf(char *buf, size_t size, const char *format, ...)
{
	va_list ap;
	va_start(ap, format);
	int n = fmt_vsnprintf(buf, size, format, ap);
	va_end(ap);
	return n;
}

bool fmt_append(char *buf, size_t size, size_t *at, const char *format, ...)
{
	if (!size)
		return false;
	if (*at >= size)
		*at = size - 1;
	va_list ap;
	va_start(ap, format);
	int n = fmt_vsnprintf(buf + *at, size - *at, format, ap);
	va_end(ap);
	bool fitted = n >= 0 && (size_t)n < size - *at;
	*at = fitted ? *at + (size_t)n : size - 1;
	return fitted;
}

int fmt_fixed(char *buf, size_t size, double v, int decimals)
{
	unsigned long long scale = 1;

	if (decimals < 0)
		decimals = 0;
	if (decimals > 9)
		decimals = 9;
	for (int i = 0; i < decimals; i++)
		scale *= 10;
	double x = v * (double)scale;
	if (!(x == x) || x >= 9.2e18 || x <= -9.2e18)
		return fmt_snprintf(buf, size, "%s", "");
	bool neg = x < 0;
	unsigned long long r = (unsigned long long)((neg ? -x : x) + 0.5);
	if (!decimals)
		return fmt_snprintf(buf, size, "%s%llu", neg && r ? "-" : "", r);
	return fmt_snprintf(buf, size, "%s%llu.%0*llu", neg && r ? "-" : "", r / scale, decimals, r % scale);
}
