/* Text for the ACPI error values (one table, generated from ACPI_ERRORS). */
#include "platform/acpi/acpi_error.h"

#define ACPI_ERROR_TEXT_ITEM(name, text) text,
static const char *const acpi_error_text[] = { ACPI_ERRORS(ACPI_ERROR_TEXT_ITEM) };
#undef ACPI_ERROR_TEXT_ITEM

const char *acpi_strerror(enum acpi_err err)
{
	if ((unsigned)err >= (unsigned)ACPI_ERR_COUNT)
		return "unknown ACPI error";
	return acpi_error_text[err];
}
