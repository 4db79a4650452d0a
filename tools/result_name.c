/* Result file names: see tools/result_name.h. */
#include "tools/result_name.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void result_name_sanitize(const char *s, char *out)
{
	size_t n = 0;
	for (; s && *s && n < RESULT_NAME_COMPONENT_MAX; s++) {
		char c = *s;
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.'))
			c = '-';
		if (c == '-' && (n == 0 || out[n - 1] == '-'))
			continue; /* collapse runs, and no leading '-' */
		if (c == '.' && n == 0)
			continue; /* no hidden files */
		out[n++] = c;
	}
	while (n > 0 && (out[n - 1] == '-' || out[n - 1] == '.'))
		n--;
	out[n] = '\0';
	if (n == 0)
		strcpy(out, "unknown");
}

void result_name_hex_field(const char *s, char *out)
{
	char *end;
	if (!s || !*s || *s == '-' || *s == '+' || *s == ' ') {
		strcpy(out, "unknown");
		return;
	}
	unsigned long v = strtoul(s, &end, 0);
	if (*end != '\0') {
		strcpy(out, "unknown");
		return;
	}
	snprintf(out, RESULT_NAME_COMPONENT_MAX + 1, "%lxh", v);
}

bool result_name_base(const struct stream_reader *r, time_t when, char *out, size_t size)
{
	char vendor[RESULT_NAME_COMPONENT_MAX + 1], family[RESULT_NAME_COMPONENT_MAX + 1];
	char model[RESULT_NAME_COMPONENT_MAX + 1], product[RESULT_NAME_COMPONENT_MAX + 1];
	char stamp[32];
	struct tm tm;

	result_name_sanitize(stream_reader_meta(r, "cpu_vendor"), vendor);
	result_name_hex_field(stream_reader_meta(r, "cpu_family"), family);
	result_name_hex_field(stream_reader_meta(r, "cpu_model"), model);
	result_name_sanitize(stream_reader_meta(r, "smbios_product"), product);
	if (!gmtime_r(&when, &tm) || !strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm))
		return false;
	int n = snprintf(out, size, "%s-%s-%s-%s-%s", vendor, family, model, product, stamp);
	return n > 0 && (size_t)n < size;
}
