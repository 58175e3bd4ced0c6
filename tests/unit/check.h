/*
 * check.h - the reporting of unit tests (docs/testing.md): one line per check, `ok NAME`
 * or `not ok NAME: REASON`; main returns non-zero when any check failed (`failures`).
 */
#ifndef TESTS_UNIT_CHECK_H
#define TESTS_UNIT_CHECK_H

#include <stdio.h>

static int failures;

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
