/* HTML escaping for the report's page and its charts (tools/report/report_html.c,
 * tools/report/report_html_charts.c), in a file of its own so neither includes the other. */
#ifndef IDLEBENCH_TOOLS_REPORT_HTML_ESCAPE_H
#define IDLEBENCH_TOOLS_REPORT_HTML_ESCAPE_H

#include <stdio.h>

/* Write s escaped for HTML text and attribute values (& < > " ' become
 * entities; bytes are otherwise kept: the page is UTF-8). */
void report_html_escape(FILE *out, const char *s);

#endif
