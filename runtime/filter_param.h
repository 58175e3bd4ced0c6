/*
 * filter_param.h - inside runtime/: the text of a filter parameter's value and range
 * (filter_param.c), for filter.c.
 *
 * Values are taken exactly as written (docs/filters.md "Parameter values"): an int is
 * decimal digits with an optional sign, or true/false; a scalar a finite decimal number.
 * strtoll/strtod alone would also take blanks, hex, octal, inf and nan. A range is
 * declared in the doc comment above process: "range LO..HI" on the line that starts with
 * the parameter's name (then a blank or ':') or on the lines below it indented further;
 * either bound may be left out; both are included.
 */
#ifndef RT_FILTER_PARAM_H
#define RT_FILTER_PARAM_H

#include "runtime/rt.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

bool rt_param_int(const char *s, int64_t *out);
bool rt_param_real(const char *s, double *out);
/* What a value of kind k looks like, for messages ("a finite decimal number such as …"). */
const char *rt_param_expected(RtParamKind k);
/* Set q's range from the doc comment (left unset when it declares none). */
void rt_param_find_range(const char *doc, RtFilterParam *q);
/* "0..100", "0.." or "..100", into buf. */
const char *rt_param_range_text(const RtFilterParam *q, char *buf, size_t len);

#endif
