/*
 * filter_param.c - the syntax of a filter parameter's value and of its declared range
 * (filter_param.h): what `--set name=value` and `-f "name(k=v)"` accept, and what
 * "range LO..HI" in the comment above process declares.
 */
#include "runtime/filter_param.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A decimal number as a user writes one: [sign] digits [. digits] [e [sign] digits], or
 * with the digits after the point only (.5); nothing before or after it. strtod alone
 * would also take blanks in front, hex, inf and nan. *integral says there was no point
 * and no exponent. */
static bool decimal_syntax(const char *s, bool *integral)
{
    const char *p = s;
    bool digits = false;
    *integral = true;
    if (*p == '+' || *p == '-')
        p++;
    while (*p >= '0' && *p <= '9')
        p++, digits = true;
    if (*p == '.') {
        *integral = false;
        p++;
        while (*p >= '0' && *p <= '9')
            p++, digits = true;
    }
    if (!digits)
        return false;
    if (*p == 'e' || *p == 'E') {
        *integral = false;
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!(*p >= '0' && *p <= '9'))
            return false;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    return *p == '\0';
}

bool rt_param_int(const char *s, int64_t *out)
{
    if (!strcmp(s, "true") || !strcmp(s, "false")) {
        *out = s[0] == 't';
        return true;
    }
    bool integral;
    if (!decimal_syntax(s, &integral) || !integral)
        return false;
    errno = 0;
    long long v = strtoll(s, NULL, 10);
    if (errno)
        return false;
    *out = v;
    return true;
}

bool rt_param_real(const char *s, double *out)
{
    bool integral;
    if (!decimal_syntax(s, &integral))
        return false;
    double v = strtod(s, NULL);
    if (!isfinite(v))           /* 1e999 */
        return false;
    *out = v;
    return true;
}

const char *rt_param_expected(RtParamKind k)
{
    switch (k) {
    case RT_PARAM_INT: return "an integer in decimal digits (or true/false)";
    case RT_PARAM_SCALAR: return "a finite decimal number such as 2 or 0.5";
    default: return "a value";
    }
}

/* A bound of "range LO..HI": a decimal number, or nothing (unbounded). */
static bool range_bound(const char *s, size_t n, bool *has, double *v)
{
    *has = n > 0;
    if (!n)
        return true;
    char buf[64];
    if (n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return rt_param_real(buf, v);
}

/* "range LO..HI" in the text p..p+n (after a blank, '(' or ','); false when none. */
static bool range_in(const char *p, size_t n, RtFilterParam *q)
{
    for (const char *r = p + 1; r + 6 < p + n; r++) {
        if (strncmp(r, "range ", 6) || !strchr(" \t(,;", r[-1]))
            continue;
        const char *lo = r + 6, *dots = strstr(lo, "..");
        if (!dots || dots >= p + n)
            continue;
        const char *hi = dots + 2;
        size_t nlo = (size_t)(dots - lo), nhi = strspn(hi, "+-.0123456789eE");
        while (nhi && hi[nhi - 1] == '.')       /* a sentence's full stop */
            nhi--;
        if (range_bound(lo, nlo, &q->has_min, &q->min) && range_bound(hi, nhi, &q->has_max, &q->max) &&
            (q->has_min || q->has_max))
            return true;
        q->has_min = q->has_max = false;
    }
    return false;
}

static size_t indent(const char *line)
{
    return strspn(line, " \t");
}

void rt_param_find_range(const char *doc, RtFilterParam *q)
{
    size_t len = strlen(q->name);
    for (const char *line = doc; *line; ) {
        const char *next = strchr(line, '\n');
        next = next ? next + 1 : line + strlen(line);
        size_t ind = indent(line);
        const char *p = line + ind;
        if (!strncmp(p, q->name, len) && (p[len] == ' ' || p[len] == '\t' || p[len] == ':')) {
            if (range_in(p, strcspn(p, "\n"), q))
                return;
            for (const char *c = next; *c && indent(c) > ind && c[indent(c)] != '\n'; ) {
                if (range_in(c, strcspn(c, "\n"), q))
                    return;
                const char *nl = strchr(c, '\n');
                c = nl ? nl + 1 : c + strlen(c);
            }
        }
        line = next;
    }
}

const char *rt_param_range_text(const RtFilterParam *q, char *buf, size_t len)
{
    char lo[32] = "", hi[32] = "";
    if (q->has_min)
        snprintf(lo, sizeof lo, "%g", q->min);
    if (q->has_max)
        snprintf(hi, sizeof hi, "%g", q->max);
    snprintf(buf, len, "%s..%s", lo, hi);
    return buf;
}
