/* HPET main counter arithmetic (hpet_counter.h). */
#include "kernel/time/hpet_counter.h"

bool hpet_counter_is_64bit(uint64_t cap)
{
	return (cap & HPET_CAP_COUNT_SIZE_64) != 0;
}

uint64_t hpet_counter_delta(uint64_t earlier, uint64_t later, bool is_64bit)
{
	return is_64bit ? later - earlier : (uint32_t)((uint32_t)later - (uint32_t)earlier);
}
