/* Result file names (see result_name.h). */
#include "lib/result_name.h"

#include "lib/fmt.h"
#include "lib/mem.h"

_Static_assert(RESULT_NAME_VENDOR_MAX + 1 + (RESULT_NAME_HEX_DIGITS_MAX + 1) * 2 + 2 + RESULT_NAME_PRODUCT_MAX + 1 +
			       RESULT_NAME_LABEL_MAX + 1 + 16 + 5 + 11 + 4 <=
		       RESULT_NAME_MAX,
	       "the longest name must fit RESULT_NAME_MAX");

/* The metadata keys a name is made of, and where each value is kept. */
static const struct {
	const char *key;
	size_t offset, size;
} meta_keys[] = {
	{ "cpu_vendor", offsetof(struct result_name_meta, vendor), sizeof((struct result_name_meta *)0)->vendor },
	{ "cpu_family", offsetof(struct result_name_meta, family), sizeof((struct result_name_meta *)0)->family },
	{ "cpu_model", offsetof(struct result_name_meta, model), sizeof((struct result_name_meta *)0)->model },
	{ "smbios_product", offsetof(struct result_name_meta, product),
	  sizeof((struct result_name_meta *)0)->product },
	{ "label", offsetof(struct result_name_meta, label), sizeof((struct result_name_meta *)0)->label },
};

bool result_time_plausible(const struct result_time *t)
{
	static const uint8_t days[12] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

	if (t->year < 2000 || t->year > 2099 || t->month < 1 || t->month > 12)
		return false;
	unsigned max = days[t->month - 1];
	if (t->month == 2 && t->year % 4 != 0)
		max = 28; /* 2000 is a leap year; 2100 is outside the range */
	return t->day >= 1 && t->day <= max && t->hour < 24 && t->minute < 60 && t->second < 60;
}

static bool same_key(const char *key, const char *k, size_t klen)
{
	size_t i = 0;
	for (; i < klen && key[i]; i++)
		if (key[i] != k[i])
			return false;
	return i == klen && !key[i];
}

static void set_key(struct result_name_meta *m, const char *key, size_t klen, const char *value, size_t len)
{
	for (size_t i = 0; i < sizeof meta_keys / sizeof meta_keys[0]; i++) {
		if (!same_key(meta_keys[i].key, key, klen))
			continue;
		char *dst = (char *)m + meta_keys[i].offset;
		size_t n = len < meta_keys[i].size - 1 ? len : meta_keys[i].size - 1;
		memcpy(dst, value, n);
		dst[n] = '\0';
	}
}

void result_name_meta_set(struct result_name_meta *m, const char *key, const char *value, size_t len)
{
	size_t klen = 0;
	while (key[klen])
		klen++;
	set_key(m, key, klen, value, len);
}

void result_name_meta_scan(struct result_name_meta *m, const char *text, size_t len)
{
	size_t i = 0;
	memset(m, 0, sizeof *m);
	while (i < len) {
		size_t end = i;
		while (end < len && text[end] != '\n')
			end++;
		size_t e = end;
		while (e > i && text[e - 1] == '\r')
			e--;
		if (e > i && text[i] != '#')
			return; /* the data header: no metadata after it */
		if (e - i > 2 && text[i + 1] == '=') {
			size_t k = i + 2;
			while (k < e && text[k] == ' ')
				k++;
			size_t eq = k;
			while (eq < e && text[eq] != '=')
				eq++;
			if (eq < e)
				set_key(m, text + k, eq - k, text + eq + 1, e - eq - 1);
		}
		i = end + 1;
	}
}

/* A CPUID family or model as written in the stream (`0x18`, `24`) as
 * lower-case hex without leading zeros; "unknown" when it is not a number. */
static void append_hex(char *out, size_t cap, size_t *at, const char *v)
{
	uint64_t x = 0;
	size_t i = 0, digits = 0;
	unsigned base = 10;
	if (v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) {
		base = 16;
		i = 2;
	}
	for (; v[i]; i++, digits++) {
		char c = v[i];
		unsigned d;
		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (base == 16 && c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			break;
		x = x * base + d;
		if (x > 0xFFFFFFFFu)
			break;
	}
	if (v[i] || digits == 0)
		fmt_append(out, cap, at, "unknown");
	else
		fmt_append(out, cap, at, "%xh", (unsigned)x);
}

/* A text part: its safe form, or "unknown" when nothing of it is left. */
static void append_part(char *out, size_t cap, size_t *at, const char *v, size_t max)
{
	if (!safe_name_append(out, cap, at, v, max))
		fmt_append(out, cap, at, "unknown");
}

bool result_name_format(char *out, size_t cap, const struct result_name_meta *m, const struct result_time *t,
			unsigned attempt, bool complete)
{
	char buf[RESULT_NAME_MAX + 1];
	size_t at = 0;

	append_part(buf, sizeof buf, &at, m->vendor, RESULT_NAME_VENDOR_MAX);
	fmt_append(buf, sizeof buf, &at, "-");
	append_hex(buf, sizeof buf, &at, m->family);
	fmt_append(buf, sizeof buf, &at, "-");
	append_hex(buf, sizeof buf, &at, m->model);
	fmt_append(buf, sizeof buf, &at, "-");
	append_part(buf, sizeof buf, &at, m->product, RESULT_NAME_PRODUCT_MAX);
	size_t before_label = at;
	fmt_append(buf, sizeof buf, &at, "-");
	if (!safe_name_append(buf, sizeof buf, &at, m->label, RESULT_NAME_LABEL_MAX)) {
		at = before_label;
		buf[at] = '\0';
	}
	if (t && result_time_plausible(t))
		fmt_append(buf, sizeof buf, &at, "-%04u%02u%02uT%02u%02u%02u%s", t->year, t->month, t->day, t->hour,
			   t->minute, t->second, t->utc ? "Z" : "");
	else
		fmt_append(buf, sizeof buf, &at, "-notime");
	if (attempt)
		fmt_append(buf, sizeof buf, &at, "-%u", attempt + 1);
	fmt_append(buf, sizeof buf, &at, "%s.csv", complete ? "" : "-INCOMPLETE");
	if (attempt >= RESULT_NAME_ATTEMPTS || at + 1 > cap)
		return false;
	memcpy(out, buf, at + 1);
	return true;
}
