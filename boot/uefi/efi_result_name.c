/* Result file names (see efi_result_name.h). */
#include "boot/uefi/efi_result_name.h"
#include "kernel/lib/fmt.h"

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

bool result_file_name(char *out, size_t cap, const struct result_time *t, unsigned attempt)
{
	int n;

	if (t && result_time_plausible(t)) {
		if (attempt == 0)
			n = fmt_snprintf(out, cap, "%04u%02u%02u-%02u%02u%02u.csv", t->year, t->month, t->day,
					 t->hour, t->minute, t->second);
		else
			n = fmt_snprintf(out, cap, "%04u%02u%02u-%02u%02u%02u-%u.csv", t->year, t->month,
					 t->day, t->hour, t->minute, t->second, attempt + 1);
	} else {
		n = fmt_snprintf(out, cap, "run-%04u.csv", attempt + 1);
	}
	return n >= 0 && (size_t)n < cap;
}
