/* Byte-level `_CST` and `Processor()` decoder.
 *
 * `_CST` (ACPI 6.5 §8.4.1.1) evaluates to
 *   Package { Count, Package { Buffer(Register), Type, Latency, Power }, ... }
 * and most firmware writes it as a Name whose value is that literal package,
 * which we can read without executing anything. Register is a Generic
 * Register Descriptor (§6.4.3.7: tag 0x82, length 12, space, width, offset,
 * access size, 64-bit address). */
#include "platform/acpi/acpi_cst.h"
#include "platform/acpi/acpi_aml.h"
#include "platform/acpi/acpi_table.h"
#include "lib/mem.h"

#define GENERIC_REGISTER_TAG 0x82
#define GENERIC_REGISTER_BODY_LEN 12
#define CST_ENTRY_ELEMENTS 4
/* ProcessorOp fixed fields after the name: ProcID, PblkAddr (4), PblkLen. */
#define PROCESSOR_FIXED_LEN 6

void acpi_cst_init(struct acpi_cst_info *info)
{
	memset(info, 0, sizeof *info);
}

const char *acpi_space_name(uint8_t space)
{
	switch (space) {
	case ACPI_SPACE_FFIXEDHW: return "ffh";
	case ACPI_SPACE_SYSTEM_IO: return "io";
	case ACPI_SPACE_SYSTEM_MEMORY: return "mem";
	default: return "other";
	}
}

static bool seg_is(const uint8_t *aml, size_t seg, const char *name)
{
	return seg != SIZE_MAX && !memcmp(aml + seg, name, 4);
}

/* Order of the metadata list: type, then address, then the rest so equal
 * entries compare equal and the order is total. */
static int cstate_cmp(const struct acpi_cstate *a, const struct acpi_cstate *b)
{
	if (a->type != b->type)
		return a->type < b->type ? -1 : 1;
	if (a->address != b->address)
		return a->address < b->address ? -1 : 1;
	if (a->space != b->space)
		return a->space < b->space ? -1 : 1;
	if (a->latency_us != b->latency_us)
		return a->latency_us < b->latency_us ? -1 : 1;
	return 0;
}

/* Insert unless an entry with the same type/space/address/latency exists
 * (every processor scope repeats the same _CST). */
static enum acpi_err merge_state(struct acpi_cst_info *info, const struct acpi_cstate *s)
{
	size_t i = 0;

	while (i < info->count && cstate_cmp(&info->states[i], s) < 0)
		i++;
	if (i < info->count && cstate_cmp(&info->states[i], s) == 0)
		return ACPI_OK;
	if (info->count >= ACPI_MAX_CSTATES)
		return ACPI_ERR_TOO_MANY_CSTATES;
	memmove(&info->states[i + 1], &info->states[i], (info->count - i) * sizeof info->states[0]);
	info->states[i] = *s;
	info->count++;
	return ACPI_OK;
}

/* Opcode plus PkgLength at pos; the object must end within limit. */
static bool read_sized(const uint8_t *aml, size_t limit, size_t pos, uint8_t op, size_t *body, size_t *end)
{
	uint32_t plen;
	if (pos >= limit || aml[pos] != op || !aml_read_pkglength(aml, limit, pos + 1, &plen, body))
		return false;
	/* PkgLength counts itself but not the opcode byte. */
	if (plen > limit - pos - 1 || pos + 1 + plen < *body)
		return false;
	*end = pos + 1 + plen;
	return true;
}

/* Buffer { ResourceTemplate { Register(...) } } */
static bool decode_register(const uint8_t *aml, size_t limit, size_t pos, struct acpi_cstate *s, size_t *next)
{
	size_t body, end;
	uint64_t size;
	if (!read_sized(aml, limit, pos, AML_BUFFER_OP, &body, &end) ||
	    !aml_read_integer(aml, end, body, &size, &body))
		return false;
	const uint8_t *r = aml + body;
	if (end - body < 3 + GENERIC_REGISTER_BODY_LEN || size < 3 + GENERIC_REGISTER_BODY_LEN ||
	    r[0] != GENERIC_REGISTER_TAG || acpi_le16(r + 1) < GENERIC_REGISTER_BODY_LEN)
		return false;
	s->space = r[3];
	s->bit_width = r[4];
	s->bit_offset = r[5];
	s->address = acpi_le64(r + 7);
	*next = end;
	return true;
}

/* Package { Register, Type, Latency, Power } */
static bool decode_entry(const uint8_t *aml, size_t limit, size_t pos, struct acpi_cstate *s, size_t *next)
{
	size_t p, end;
	uint64_t type, latency, power;
	if (!read_sized(aml, limit, pos, AML_PACKAGE_OP, &p, &end) || p >= end || aml[p] != CST_ENTRY_ELEMENTS)
		return false;
	if (!decode_register(aml, end, p + 1, s, &p) || !aml_read_integer(aml, end, p, &type, &p) ||
	    !aml_read_integer(aml, end, p, &latency, &p) || !aml_read_integer(aml, end, p, &power, &p))
		return false;
	if (type > 0xFF || latency > UINT32_MAX || power > UINT32_MAX)
		return false;
	s->type = (uint8_t)type;
	s->latency_us = (uint32_t)latency;
	s->power_mw = (uint32_t)power;
	*next = end;
	return true;
}

/* The _CST package at aml[pos]: all entries decode, or none are used. */
static bool decode_cst_package(const uint8_t *aml, size_t len, size_t pos, struct acpi_cstate *out, size_t *n)
{
	size_t p, end;
	uint64_t elements, count;
	if (aml[pos] == AML_PACKAGE_OP) {
		if (!read_sized(aml, len, pos, AML_PACKAGE_OP, &p, &end) || p >= end)
			return false;
		elements = aml[p++];
	} else if (!read_sized(aml, len, pos, AML_VAR_PACKAGE_OP, &p, &end) ||
		   !aml_read_integer(aml, end, p, &elements, &p)) {
		return false;
	}
	/* Element 0 is the state count; the entries follow. */
	if (elements == 0 || !aml_read_integer(aml, end, p, &count, &p))
		return false;
	*n = 0;
	for (uint64_t i = 1; i < elements && p < end; i++) {
		if (*n >= ACPI_MAX_CSTATES || !decode_entry(aml, end, p, &out[*n], &p))
			return false;
		(*n)++;
	}
	return *n > 0;
}

static enum acpi_err scan_name(const uint8_t *aml, size_t len, size_t pos, struct acpi_cst_info *info)
{
	size_t seg, p;
	if (!aml_read_namestring(aml, len, pos + 1, &seg, &p) || !seg_is(aml, seg, "_CST") || p >= len)
		return ACPI_OK;
	struct acpi_cstate found[ACPI_MAX_CSTATES];
	size_t n;
	if ((aml[p] != AML_PACKAGE_OP && aml[p] != AML_VAR_PACKAGE_OP) || !decode_cst_package(aml, len, p, found, &n)) {
		info->cst_undecoded++;
		return ACPI_OK;
	}
	info->cst_packages++;
	for (size_t i = 0; i < n; i++) {
		enum acpi_err err = merge_state(info, &found[i]);
		if (err != ACPI_OK)
			return err;
	}
	return ACPI_OK;
}

static void scan_method(const uint8_t *aml, size_t len, size_t pos, struct acpi_cst_info *info)
{
	size_t body, end, seg, p;
	if (read_sized(aml, len, pos, AML_METHOD_OP, &body, &end) && aml_read_namestring(aml, end, body, &seg, &p) &&
	    p < end && seg_is(aml, seg, "_CST"))
		info->cst_methods++;
}

/* Processor (Name, ProcID, PblkAddr, PblkLen) {...}: ExtOpPrefix 0x5B 0x83,
 * PkgLength, NameString, ProcID byte, PblkAddr dword, PblkLen byte (§20.2.5.2). */
static void scan_processor(const uint8_t *aml, size_t len, size_t pos, struct acpi_cst_info *info)
{
	size_t body, end, seg, p;
	if (!read_sized(aml, len, pos + 1, AML_PROCESSOR_OP, &body, &end) ||
	    !aml_read_namestring(aml, end, body, &seg, &p) || seg == SIZE_MAX || end - p < PROCESSOR_FIXED_LEN)
		return;
	info->processors++;
	uint32_t pblk = acpi_le32(aml + p + 1);
	if (!pblk)
		return;
	if (!info->pblk_nonzero++) {
		info->pblk_address = pblk;
		info->pblk_length = aml[p + 5];
	}
}

enum acpi_err acpi_cst_scan(const uint8_t *aml, size_t len, struct acpi_cst_info *info)
{
	for (size_t pos = 0; pos < len; pos++) {
		switch (aml[pos]) {
		case AML_NAME_OP: {
			enum acpi_err err = scan_name(aml, len, pos, info);
			if (err != ACPI_OK)
				return err;
			break;
		}
		case AML_METHOD_OP:
			scan_method(aml, len, pos, info);
			break;
		case AML_EXT_OP_PREFIX:
			scan_processor(aml, len, pos, info);
			break;
		default:
			break;
		}
	}
	return ACPI_OK;
}
