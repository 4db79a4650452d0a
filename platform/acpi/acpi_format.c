/* Text for the ACPI metadata values. Freestanding: a tiny appender instead of
 * snprintf, which the kernel does not have. */
#include "platform/acpi/acpi_format.h"
#include "lib/mem.h"

struct out {
	char *buf;
	size_t cap, len;
	bool overflow;
};

static void put_char(struct out *o, char c)
{
	if (o->len + 1 >= o->cap) {
		o->overflow = true;
		return;
	}
	o->buf[o->len++] = c;
}

static void put_str(struct out *o, const char *s)
{
	while (*s)
		put_char(o, *s++);
}

static void put_dec(struct out *o, uint64_t v)
{
	char tmp[20];
	int n = 0;

	do
		tmp[n++] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	while (n)
		put_char(o, tmp[--n]);
}

static void put_hex(struct out *o, uint64_t v)
{
	char tmp[16];
	int n = 0;

	put_str(o, "0x");
	do
		tmp[n++] = "0123456789abcdef"[v & 15];
	while ((v >>= 4) != 0);
	while (n)
		put_char(o, tmp[--n]);
}

static struct out start(char *buf, size_t cap)
{
	struct out o = { buf, cap, 0, cap == 0 };
	if (cap)
		buf[0] = '\0';
	return o;
}

static enum acpi_err finish(struct out *o)
{
	if (o->overflow) {
		if (o->cap)
			o->buf[0] = '\0';
		return ACPI_ERR_BUFFER_TOO_SMALL;
	}
	o->buf[o->len] = '\0';
	return ACPI_OK;
}

enum acpi_err acpi_format_cpus(const struct acpi_madt_info *madt, char *buf, size_t cap)
{
	struct out o = start(buf, cap);
	put_dec(&o, madt->cpu_count);
	return finish(&o);
}

enum acpi_err acpi_format_apic_ids(const struct acpi_madt_info *madt, char *buf, size_t cap)
{
	struct out o = start(buf, cap);
	for (size_t i = 0; i < madt->cpu_count; i++) {
		if (i)
			put_char(&o, ',');
		put_dec(&o, madt->apic_ids[i]);
	}
	return finish(&o);
}

enum acpi_err acpi_format_cstates(const struct acpi_cst_info *cst, char *buf, size_t cap)
{
	struct out o = start(buf, cap);
	for (size_t i = 0; i < cst->count; i++) {
		const struct acpi_cstate *s = &cst->states[i];
		if (i)
			put_char(&o, ';');
		put_char(&o, 'C');
		put_dec(&o, s->type);
		put_char(&o, ':');
		put_str(&o, acpi_space_name(s->space));
		put_char(&o, ':');
		put_hex(&o, s->address);
		put_char(&o, ':');
		put_dec(&o, s->latency_us);
	}
	return finish(&o);
}

enum acpi_err acpi_format_c2_port(const struct acpi_c2_decision *c2, char *buf, size_t cap)
{
	struct out o = start(buf, cap);
	if (c2->source == ACPI_C2_NONE)
		put_str(&o, "none");
	else
		put_hex(&o, c2->port);
	return finish(&o);
}

enum acpi_err acpi_format_c2_source(const struct acpi_c2_decision *c2, char *buf, size_t cap)
{
	struct out o = start(buf, cap);
	put_str(&o, acpi_c2_source_name(c2->source));
	return finish(&o);
}
