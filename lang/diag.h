/*
 * diag.h - the one diagnostic engine of the front end (STYLE.md §7).
 *
 * A diagnostic names a source and a location and prints as
 *     file:line:col: error: message
 *         the source line
 *         ^
 * Notes add context ("'(' opened here"). Errors in the user's program and internal
 * errors (a compiler bug) are different kinds. Counts are kept per LangDiag; the parser
 * asks lang_diag_errors to decide when to stop.
 */
#ifndef LANG_DIAG_H
#define LANG_DIAG_H

#include "lang/lang.h"

#include <stdarg.h>

typedef struct LangSource {
    const char *name;   /* file name as given */
    const char *text;   /* whole text, NUL-terminated */
    size_t len;
} LangSource;

typedef struct LangLoc {
    int line, col;      /* 1-based; col counts bytes */
} LangLoc;

typedef enum LangDiagKind {
    LANG_ERROR,
    LANG_WARNING,
    LANG_NOTE,
    LANG_INTERNAL       /* a bug in qpipe, not in the program */
} LangDiagKind;

void lang_diag_report(LangDiag *d, const LangSource *src, LangLoc loc, LangDiagKind kind,
                      const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void lang_diag_vreport(LangDiag *d, const LangSource *src, LangLoc loc, LangDiagKind kind,
                       const char *fmt, va_list ap);

/* The text of a list item as written (an argument, a parameter's type or default) that
 * starts at `at` in the NUL-terminated `text`: up to the ',' or closing bracket at nesting
 * depth 0 on that line, strings skipped, trailing blanks dropped. Sets *start (NULL when
 * `at` lies outside the text) and returns the item's length. */
size_t lang_source_item(const char *text, LangLoc at, const char **start);

/* Hold messages and print them in source order at the matching release (nestable). */
void lang_diag_hold(LangDiag *d);
void lang_diag_release(LangDiag *d);

/* A diagnostic without a location (a file that cannot be opened). */
void lang_diag_plain(LangDiag *d, LangDiagKind kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
