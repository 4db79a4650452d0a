/* Holding a state beyond `disable` (tools/linux/linux_hold.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/linux/linux_hold.h"

const char *linux_hold_qos(const struct linux_cpuidle *ci, int k, const char *found)
{
	if (k < 0 || (size_t)k >= ci->count)
		return NULL;
	if (ci->state[k].mode == IDLE_POLL)
		return strcmp(found, "n/a") ? "n/a" : NULL;
	if (!strcmp(found, "n/a"))
		return "0";
	char *end;
	unsigned long long limit = strtoull(found, &end, 10);
	if (end == found || *end)
		return "0"; /* not a value sysfs shows: the limit is not known to allow k */
	return limit && limit < ci->state[k].latency_us ? "0" : NULL;
}

bool linux_hold_governor_holds(const char *governor, int k, long long halt_poll_ns)
{
	if (!strcmp(governor, "haltpoll"))
		return k == 0 || (k == 1 && halt_poll_ns == 0);
	if (!strcmp(governor, "ladder"))
		return k <= 1;
	return true;
}

/* Whether word is one of the space-separated words of list. */
static bool listed(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list; (p = strstr(p, word)) != NULL; p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0' || p[n] == '\n'))
			return true;
	return false;
}

/* The first state of mask governor cannot hold, -1 when it holds them all. */
static int first_unheld(const char *governor, uint32_t mask, long long halt_poll_ns)
{
	for (int k = 0; k < 32; k++)
		if ((mask & (1u << k)) && !linux_hold_governor_holds(governor, k, halt_poll_ns))
			return k;
	return -1;
}

const char *linux_hold_governor(const char *governor, const char *available, uint32_t mask, long long halt_poll_ns,
				char *why, size_t size)
{
	static const char *const candidates[] = { "menu", "teo", "ladder" };
	int k = first_unheld(governor, mask, halt_poll_ns);

	if (k < 0)
		return NULL;
	for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++)
		if (listed(available, candidates[i]) && first_unheld(candidates[i], mask, halt_poll_ns) < 0) {
			snprintf(why, size, "the %s governor cannot hold state%d (it does not honour disable there): "
				 "%s does", governor, k, candidates[i]);
			return candidates[i];
		}
	snprintf(why, size, "the %s governor cannot hold state%d (it does not honour disable there) and no governor "
		 "that does is available (%s); such samples are excluded", governor, k,
		 available[0] ? available : "none listed");
	return NULL;
}
