/* Result file names (see efi_result_name.h). */
#include "boot/uefi/efi_result_name.h"

/* The end record is the stream's last line, followed at most by one human
 * sentence ("results complete - safe to power off"). */
#define END_RECORD_WINDOW 512

static bool has_end_record(const char *data, size_t len)
{
	static const char end[] = "\n#! end ";
	size_t from = len > END_RECORD_WINDOW ? len - END_RECORD_WINDOW : 0;
	for (size_t i = from; i + sizeof end - 1 <= len; i++) {
		size_t k = 0;
		while (k < sizeof end - 1 && data[i + k] == end[k])
			k++;
		if (k == sizeof end - 1)
			return true;
	}
	return false;
}

bool result_file_name(char *out, size_t cap, const struct result_time *t, const char *data, size_t len,
		      unsigned attempt)
{
	struct result_name_meta m;
	result_name_meta_scan(&m, data, len);
	return result_name_format(out, cap, &m, t, attempt, has_end_record(data, len));
}
