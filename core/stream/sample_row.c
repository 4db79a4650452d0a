/* The data row's text, cell by cell as STREAM_COLUMNS says (core/stream/schema.h). */
#include "lib/fmt.h"
#include "core/stream/sample_row.h"

/* One writer per column kind; decimals is the column's, used by the fixed kinds. */
static int cell_text(char *buf, size_t size, sample_cell_text v, int decimals)
{
	(void)decimals;
	return fmt_snprintf(buf, size, "%s", v ? v : "");
}

static int cell_u64(char *buf, size_t size, sample_cell_u64 v, int decimals)
{
	(void)decimals;
	return fmt_snprintf(buf, size, "%llu", (unsigned long long)v);
}

static int cell_u64_opt(char *buf, size_t size, sample_cell_u64_opt v, int decimals)
{
	return v.known ? cell_u64(buf, size, v.value, decimals) : cell_text(buf, size, "", decimals);
}

/* fmt_fixed writes "" for NaN, infinities and values too large for it. */
static int cell_fixed(char *buf, size_t size, sample_cell_fixed v, int decimals)
{
	return fmt_fixed(buf, size, v, decimals);
}

static int cell_fixed_opt(char *buf, size_t size, sample_cell_fixed_opt v, int decimals)
{
	return v.known ? cell_fixed(buf, size, v.value, decimals) : cell_text(buf, size, "", decimals);
}

static int cell_ok_bad(char *buf, size_t size, sample_cell_ok_bad v, int decimals)
{
	return cell_text(buf, size, v ? "ok" : "bad", decimals);
}

int sample_row_cell(const struct sample_row *r, enum stream_column col, char *buf, size_t size)
{
	switch (col) {
#define SAMPLE_ROW_CELL_(name, kind, decimals) \
	case STREAM_COLUMN_##name:             \
		return cell_##kind(buf, size, r->name, decimals);
	STREAM_COLUMNS(SAMPLE_ROW_CELL_)
#undef SAMPLE_ROW_CELL_
	case STREAM_COLUMN_COUNT:
		break;
	}
	return cell_text(buf, size, "", 0);
}

/* Where the next text goes: buf from len on, or nowhere (size 0: fmt_snprintf
 * only counts) once len has reached the end of buf. */
static char *next_at(char *buf, size_t size, size_t len)
{
	return len < size ? buf + len : NULL;
}

static size_t room_at(size_t size, size_t len)
{
	return len < size ? size - len : 0;
}

int sample_row_format(const struct sample_row *r, char *buf, size_t size)
{
	size_t len = 0;

	for (int col = 0; col < STREAM_COLUMN_COUNT; col++) {
		if (col)
			len += (size_t)cell_text(next_at(buf, size, len), room_at(size, len), ",", 0);
		len += (size_t)sample_row_cell(r, (enum stream_column)col, next_at(buf, size, len), room_at(size, len));
	}
	return (int)len;
}

void sample_row_write(struct stream *s, const struct sample_row *r)
{
	char text[SAMPLE_ROW_TEXT_MAX];

	sample_row_format(r, text, sizeof text);
	stream_row(s, text);
}

double sample_score_cost(double score, bool higher_is_better)
{
	if (!(score > 0))
		return 0; /* a slowdown is a ratio (log differences, stats/analysis.c) */
	return higher_is_better ? SAMPLE_SCORE_SCALE / score : score * SAMPLE_SCORE_SCALE;
}
