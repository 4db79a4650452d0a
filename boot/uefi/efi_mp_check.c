/* Firmware use of the siblings after the hand-back (see efi_mp_check.h).
 * idlebench starts the siblings with its own INIT-SIPI-SIPI and sends them
 * INIT at the end, outside the firmware's multiprocessor bookkeeping. Before
 * the run the APs are marked disabled in the MP services (EnableDisableAP),
 * so nothing dispatches firmware work to them; re-enabling them after the
 * hand-back makes the firmware reset each one to its own idle loop (EDK2:
 * INIT-SIPI-SIPI, then a wait without a bound for the AP to answer, which is
 * why the results are saved first and an AP left in another APIC mode is not
 * re-enabled). The check then runs a procedure on each, with a timeout: a
 * firmware that cannot use them again is reported, not hung on. */
#include <efi.h>

#include "boot/uefi/efi_mp_check.h"
#include "kernel/arch/lapic.h"
#include "kernel/console/console.h"
#include "lib/mem.h"
#include "kernel/smp/smp.h"

/* EFI_MP_SERVICES_PROTOCOL GUID 3fdda605-a76e-4f46-ad29-12f4531b3d08
 * (gnu-efi 3.0.15 has no header for it). */
static EFI_GUID mp_services_guid = { 0x3fdda605, 0xa76e, 0x4f46, { 0xad, 0x29, 0x12, 0xf4, 0x53, 0x1b, 0x3d, 0x08 } };

/* EFI_PROCESSOR_INFORMATION: PI 1.7 appended ExtendedInformation (24 bytes);
 * the buffer leaves room for it whatever revision the firmware implements. */
struct processor_info {
	UINT64 processor_id; /* the APIC ID */
	UINT32 status_flag;
	UINT32 location[3];
	UINT32 extended[6];
	UINT8 spare[32];
};

struct mp_services {
	EFI_STATUS (EFIAPI *get_number_of_processors)(struct mp_services *self, UINTN *total, UINTN *enabled);
	EFI_STATUS (EFIAPI *get_processor_info)(struct mp_services *self, UINTN number, struct processor_info *info);
	void *startup_all_aps;
	EFI_STATUS (EFIAPI *startup_this_ap)(struct mp_services *self, void (EFIAPI *procedure)(void *arg),
					     UINTN number, EFI_EVENT wait_event, UINTN timeout_us, void *arg,
					     BOOLEAN *finished);
	void *switch_bsp;
	EFI_STATUS (EFIAPI *enable_disable_ap)(struct mp_services *self, UINTN number, BOOLEAN enable,
					       UINT32 *health_flag);
	void *who_am_i;
};

#define PROCESSOR_AS_BSP_BIT 0x1 /* StatusFlag bit 0 */
#define PROCESSOR_ENABLED_BIT 0x2 /* StatusFlag bit 1 */
#define CHECK_TIMEOUT_US     1000000

/* What the procedure reports from the AP. */
struct ap_report {
	volatile UINT32 ran;
	volatile UINT64 apic_base; /* its IA32_APIC_BASE: the mode it is in */
};

static void EFIAPI ap_procedure(void *arg)
{
	struct ap_report *r = arg;

	r->apic_base = lapic_get_base();
	__atomic_add_fetch(&r->ran, 1, __ATOMIC_SEQ_CST);
}


/* The APs efi_mp_disable_aps disabled (processor numbers), for efi_mp_enable_aps. */
static UINTN disabled[SMP_TRACKED_MAX];
static size_t disabled_count, refused;
static bool no_mp;

static struct mp_services *locate_mp(EFI_BOOT_SERVICES *bs)
{
	struct mp_services *mp = NULL;
	if (EFI_ERROR(uefi_call_wrapper(bs->LocateProtocol, 3, &mp_services_guid, NULL, (void **)&mp)))
		return NULL;
	return mp;
}

void efi_mp_disable_aps(EFI_BOOT_SERVICES *bs)
{
	struct mp_services *mp = locate_mp(bs);
	UINTN total = 0, enabled = 0;

	disabled_count = refused = 0;
	no_mp = !mp || EFI_ERROR(uefi_call_wrapper(mp->get_number_of_processors, 3, mp, &total, &enabled));
	if (no_mp)
		return;
	for (UINTN i = 0; i < total && disabled_count < SMP_TRACKED_MAX; i++) {
		struct processor_info info = { 0 };
		if (EFI_ERROR(uefi_call_wrapper(mp->get_processor_info, 3, mp, i, &info)) ||
		    (info.status_flag & PROCESSOR_AS_BSP_BIT) || !(info.status_flag & PROCESSOR_ENABLED_BIT))
			continue;
		if (EFI_ERROR(uefi_call_wrapper(mp->enable_disable_ap, 4, mp, i, FALSE, NULL)))
			refused++;
		else
			disabled[disabled_count++] = i;
	}
}

void efi_mp_enable_aps(EFI_BOOT_SERVICES *bs)
{
	struct mp_services *mp = locate_mp(bs);
	size_t back = 0;

	/* Said after the run: the console is the kernel's, set up inside it. */
	if (no_mp) {
		console_printf("idlebench: no EFI_MP_SERVICES_PROTOCOL: the firmware was not told which APs the run took\n");
		return;
	}
	for (size_t k = 0; mp && k < disabled_count; k++)
		back += !EFI_ERROR(uefi_call_wrapper(mp->enable_disable_ap, 4, mp, disabled[k], TRUE, NULL));
	console_printf("idlebench: %zu AP(s) were disabled in the firmware's MP services for the run (%zu refused); "
		       "%zu enabled again\n", disabled_count, refused, back);
	disabled_count = 0;
}

void efi_mp_check_siblings(EFI_BOOT_SERVICES *bs)
{
	struct mp_services *mp = NULL;
	static uint32_t ids[SMP_TRACKED_MAX]; /* static: 4 KiB, off the firmware's stack */
	size_t n = smp_started_apic_ids(ids, SMP_TRACKED_MAX);
	UINTN total = 0, enabled = 0;

	if (!n)
		return;
	if (EFI_ERROR(uefi_call_wrapper(bs->LocateProtocol, 3, &mp_services_guid, NULL, (void **)&mp)) || !mp ||
	    EFI_ERROR(uefi_call_wrapper(mp->get_number_of_processors, 3, mp, &total, &enabled))) {
		console_printf("idlebench: no EFI_MP_SERVICES_PROTOCOL: cannot check that the firmware can use the siblings again\n");
		return;
	}
	for (size_t k = 0; k < n; k++) {
		UINTN number = total;
		for (UINTN i = 0; i < total; i++) {
			struct processor_info info = { 0 };
			if (!EFI_ERROR(uefi_call_wrapper(mp->get_processor_info, 3, mp, i, &info)) &&
			    info.processor_id == ids[k] && !(info.status_flag & PROCESSOR_AS_BSP_BIT))
				number = i;
		}
		if (number == total) {
			console_printf("idlebench: the firmware does not list APIC %u as an AP\n", ids[k]);
			continue;
		}
		struct ap_report r = { 0, 0 };
		EFI_STATUS st = uefi_call_wrapper(mp->startup_this_ap, 7, mp, ap_procedure, number, NULL,
						  (UINTN)CHECK_TIMEOUT_US, (void *)&r, NULL);
		const char *ap_mode = lapic_base_mode_name(r.apic_base);
		const char *bsp_mode = lapic_base_mode_name(lapic_get_base());
		if (EFI_ERROR(st) || r.ran != 1)
			console_printf("idlebench: WARNING: the firmware could not run code on sibling APIC %u again "
				       "(status 0x%llx, ran %u): reset the machine before booting anything else\n",
				       ids[k], (unsigned long long)st, (unsigned)r.ran);
		else if (strcmp(ap_mode, bsp_mode))
			console_printf("idlebench: WARNING: sibling APIC %u runs firmware code again but its local APIC "
				       "is in %s mode, the boot CPU's in %s mode: reset the machine before booting "
				       "anything else\n", ids[k], ap_mode, bsp_mode);
		else
			console_printf("idlebench: the firmware runs code on sibling APIC %u again (MP services); "
				       "its local APIC is in %s mode like the boot CPU's\n", ids[k], ap_mode);
	}
}
