/* NMI credits (nmi_credit.h): one counter, any CPU may add or take. */
#include <stdint.h>

#include "kernel/arch/nmi_credit.h"

static volatile uint32_t nmi_credits;

void nmi_credit_expect(void)
{
	__atomic_fetch_add(&nmi_credits, 1, __ATOMIC_SEQ_CST);
}

void nmi_credit_forget(void)
{
	__atomic_store_n(&nmi_credits, 0, __ATOMIC_SEQ_CST);
}

bool nmi_credit_take(void)
{
	uint32_t c = __atomic_load_n(&nmi_credits, __ATOMIC_SEQ_CST);
	while (c && !__atomic_compare_exchange_n(&nmi_credits, &c, c - 1, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
		;
	return c != 0;
}
