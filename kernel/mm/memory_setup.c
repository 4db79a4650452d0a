/* Memory set-up of a run (memory_setup.h). */
#include "kernel/mm/paging.h"
#include "kernel/mm/memory_setup.h"

void memory_setup(struct phys_alloc *phys, const struct boot_info *bi, struct stream *s)
{
	struct phys_range kernel = { bi->image_base, bi->image_end };
	uint64_t ram = 0, top = 0;
	bool mapped = true;

	if (bi->pool_count)
		phys_alloc_init(phys, bi->pool, bi->pool_count, &kernel, 1);
	else
		phys_alloc_init(phys, bi->mmap, bi->mmap_count, &kernel, 1);
	for (size_t i = 0; i < bi->mmap_count; i++) {
		const struct mem_region *r = &bi->mmap[i];
		if (r->type == MEM_USABLE) {
			ram += r->length;
			if (r->base + r->length > top)
				top = r->base + r->length;
		}
		/* RAM and ACPI regions above the boot map's 4 GiB. */
		if (!bi->firmware_paging &&
		    (r->type == MEM_USABLE || r->type == MEM_ACPI_RECLAIMABLE || r->type == MEM_ACPI_NVS) &&
		    r->base + r->length > 0x100000000ull) {
			uint64_t b = r->base < 0x100000000ull ? 0x100000000ull : r->base;
			if (paging_identity_map(phys, b, r->base + r->length - b, 0)) {
				stream_error(s, "PAGING", "out of memory for page tables; RAM above 4 GiB partly unmapped");
				mapped = false;
			}
		}
	}
	/* The UEFI front end runs on the firmware's identity map of everything. */
	if (mapped)
		phys->mapped_limit = UINT64_MAX;
	const struct boot_framebuffer *fb = &bi->fb;
	if (!bi->firmware_paging && fb->present && fb->addr + (uint64_t)fb->pitch * fb->height > 0x100000000ull)
		paging_identity_map(phys, fb->addr, (uint64_t)fb->pitch * fb->height, 1);
	stream_metaf(s, "ram_bytes", "%llu", (unsigned long long)ram);
	stream_text(s, "memory: %llu MiB usable in %zu regions, highest address 0x%llx",
		    (unsigned long long)(ram >> 20), bi->mmap_count, (unsigned long long)top);
	if (bi->mmap_dropped)
		stream_error(s, "MEMORY_MAP_TRUNCATED", "memory map has more regions than idlebench keeps");
}
