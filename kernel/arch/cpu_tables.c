/* GDT/TSS/IDT setup (Intel SDM Vol. 3A 3.4.5 segment descriptors, 6.14.1
 * 64-bit IDT gate descriptors, 6.14.5 interrupt stack table). */
#include <stdbool.h>

#include "kernel/arch/cpu_tables.h"
#include "kernel/arch/lapic.h"
#include "kernel/arch/stray_irq.h"
#include "kernel/arch/x86.h"
#include "lib/mem.h"

struct idt_gate {
	uint16_t offset_lo;
	uint16_t selector;
	uint8_t ist;
	uint8_t type_attr;
	uint16_t offset_mid;
	uint32_t offset_hi;
	uint32_t zero;
} __attribute__((packed));

struct table_ptr {
	uint16_t limit;
	uint64_t base;
} __attribute__((packed));

#define SEL_CODE 0x08
#define SEL_DATA 0x10
#define SEL_TSS  0x18
#define GATE_INTERRUPT 0x8E /* present, DPL0, 64-bit interrupt gate */

extern const uint64_t exception_stub_table[32];
extern const char wake_irq_stub[], spurious_irq_stub[];

static struct idt_gate idt[256] __attribute__((aligned(16)));

static struct idt_gate gate(uint64_t a, uint8_t ist)
{
	return (struct idt_gate){
		.offset_lo = (uint16_t)a,
		.selector = SEL_CODE,
		.ist = ist,
		.type_attr = GATE_INTERRUPT,
		.offset_mid = (uint16_t)(a >> 16),
		.offset_hi = (uint32_t)(a >> 32),
	};
}
static bool idt_built;

static void build_idt(void)
{
	/* Exceptions on an IST: a corrupt stack pointer still gets a report.
	 * NMI, #DF and #MC on their own, since they can interrupt a handler
	 * already on IST1 (a parked CPU's fault report when the escalation NMI
	 * comes; a safe-MSR fixup). */
	for (int v = 0; v < 32; v++)
		idt[v] = gate(exception_stub_table[v], IST_EXCEPTION);
	idt[2] = gate(exception_stub_table[2], IST_NMI);
	idt[8] = gate(exception_stub_table[8], IST_FATAL);
	idt[18] = gate(exception_stub_table[18], IST_FATAL);
	/* Every interrupt vector present: an empty gate would turn an interrupt
	 * the firmware left aimed at a CPU into #NP (SDM Vol. 3A 6.15, interrupt
	 * 11: present flag clear; QEMU TCG checks the gate type first and raises
	 * #GP with the IDT entry as error code).
	 * Strays first, then the two vectors we send over them. */
	for (int v = STRAY_IRQ_FIRST; v <= STRAY_IRQ_LAST; v++)
		idt[v] = gate(stray_irq_stub_table[v - STRAY_IRQ_FIRST], 0);
	idt[LAPIC_WAKE_VECTOR] = gate((uintptr_t)wake_irq_stub, 0);
	idt[LAPIC_SPURIOUS_VECTOR] = gate((uintptr_t)spurious_irq_stub, 0);
	idt_built = true;
}

void cpu_tables_load(struct cpu_tables *t)
{
	if (!idt_built)
		build_idt();
	memset(&t->tss, 0, sizeof t->tss);
	t->tss.ist[IST_EXCEPTION - 1] = (uint64_t)(uintptr_t)(t->exception_stack + EXCEPTION_STACK_SIZE);
	t->tss.ist[IST_NMI - 1] = (uint64_t)(uintptr_t)(t->nmi_stack + NMI_STACK_SIZE);
	t->tss.ist[IST_FATAL - 1] = (uint64_t)(uintptr_t)(t->fatal_stack + FATAL_STACK_SIZE);
	t->tss.iomap_base = sizeof t->tss; /* no I/O bitmap */

	uint64_t base = (uint64_t)(uintptr_t)&t->tss, limit = sizeof t->tss - 1;
	t->gdt[0] = 0;
	t->gdt[1] = 0x00AF9A000000FFFFull; /* 64-bit code */
	t->gdt[2] = 0x00CF92000000FFFFull; /* data */
	t->gdt[3] = (limit & 0xFFFF) | ((base & 0xFFFFFF) << 16) | (0x89ull << 40) |
		    (((limit >> 16) & 0xF) << 48) | (((base >> 24) & 0xFF) << 56);
	t->gdt[4] = base >> 32;

	struct table_ptr gdtr = { sizeof t->gdt - 1, (uint64_t)(uintptr_t)t->gdt };
	struct table_ptr idtr = { sizeof idt - 1, (uint64_t)(uintptr_t)idt };
	lgdt(&gdtr);
	load_segments(SEL_CODE, SEL_DATA);
	ltr(SEL_TSS);
	lidt(&idtr);
}
