/*
 * check.h - the reporting of unit tests (docs/testing.md): one line per check, `ok NAME`
 * or `not ok NAME: REASON`; main returns non-zero when any check failed (`failures`);
 * why() formats a reason.
 */
#ifndef TESTS_UNIT_CHECK_H
#define TESTS_UNIT_CHECK_H

#include <stdarg.h>
#include <stdio.h>

static int failures;

/* A reason for report(), formatted; valid until the next call. */
static inline const char *why(const char *fmt, ...)
{
    static char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

static void report(const char *name, const char *why)
{
    if (!why) {
        printf("ok %s\n", name);
    } else {
        printf("not ok %s: %s\n", name, why);
        failures++;
    }
}

#endif
