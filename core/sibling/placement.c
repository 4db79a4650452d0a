/* Placement names: the contract on the command line and in the stream. */
#include "core/sibling/placement.h"

static const char *const names[PLACEMENT_COUNT] = {
	[PLACEMENT_SIBLING] = "sibling",
	[PLACEMENT_OTHER_CORE] = "other-core",
	[PLACEMENT_BOTH] = "both",
};

const char *placement_name(enum placement p)
{
	return (unsigned)p < PLACEMENT_COUNT ? names[p] : "?";
}
