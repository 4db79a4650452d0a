/* The chart of `idlebench report --png`: slowdown vs hlt per workload and class
 * geomean, one bar per mode with its 95 % interval as whiskers (the report's
 * estimate: across boots, or within the one boot; no whisker where there is
 * no interval), one panel per comparable set, drawn by
 * gnuplot (Debian package gnuplot-nox; terminal pngcairo, or png where cairo
 * is missing). The data file and script go to a private temporary directory;
 * the PNG is checked for its signature before it replaces OUT. */
#ifndef IDLEBENCH_TOOLS_REPORT_PNG_H
#define IDLEBENCH_TOOLS_REPORT_PNG_H

#include <stddef.h>

#include "tools/report/report_pool.h"
#include "tools/report/report_summary.h"

/* Outcome of drawing the chart. */
enum report_png_result {
	REPORT_PNG_OK = 0,
	REPORT_PNG_NO_GNUPLOT,     /* no `gnuplot` executable on PATH */
	REPORT_PNG_NOTHING_TO_PLOT, /* no set has a slowdown vs hlt */
	REPORT_PNG_TEMP,           /* the temporary directory or its files could not be written */
	REPORT_PNG_GNUPLOT_FAILED, /* gnuplot could not be started or exited non-zero */
	REPORT_PNG_NOT_PNG,        /* gnuplot's output does not start with the PNG signature */
	REPORT_PNG_WRITE,          /* OUT could not be written */
};

/* Draw the chart of the pool's sets (set i with its summary s[i]) into out_path. */
enum report_png_result report_png_write(const char *out_path, const struct report_pool *pool,
					const struct report_summary *const *s);

/* A one-phrase description of a result, e.g. "gnuplot exited with an error". */
const char *report_png_result_text(enum report_png_result r);

#endif
