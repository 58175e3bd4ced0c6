/*
 * diag.c - printing diagnostics with the source line and a caret; see diag.h.
 */
#include "lang/diag.h"

#include <stdlib.h>
#include <string.h>

struct LangDiag {
    FILE *out;
    int errors, warnings;
};

LangDiag *lang_diag_new(FILE *out)
{
    LangDiag *d = calloc(1, sizeof *d);
    if (d)
        d->out = out;
    return d;
}

void lang_diag_free(LangDiag *d) { free(d); }
int lang_diag_errors(const LangDiag *d) { return d->errors; }
int lang_diag_warnings(const LangDiag *d) { return d->warnings; }

static const char *kind_name(LangDiagKind k)
{
    switch (k) {
    case LANG_ERROR: return "error";
    case LANG_WARNING: return "warning";
    case LANG_NOTE: return "note";
    case LANG_INTERNAL: return "internal error";
    }
    return "error";
}

static void count(LangDiag *d, LangDiagKind kind)
{
    if (kind == LANG_ERROR || kind == LANG_INTERNAL)
        d->errors++;
    else if (kind == LANG_WARNING)
        d->warnings++;
}

/* Print source line `line` with a caret under column `col`. Tabs are kept so that the
 * caret lines up in a terminal. */
static void show_line(FILE *out, const LangSource *src, int line, int col)
{
    const char *p = src->text, *end = src->text + src->len;
    for (int l = 1; l < line && p < end; p++)
        if (*p == '\n')
            l++;
    const char *eol = p;
    while (eol < end && *eol != '\n' && *eol != '\r')
        eol++;
    fprintf(out, "    %.*s\n    ", (int)(eol - p), p);
    for (int i = 1; i < col && p + i - 1 < eol; i++)
        fputc(p[i - 1] == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
}

void lang_diag_vreport(LangDiag *d, const LangSource *src, LangLoc loc, LangDiagKind kind,
                       const char *fmt, va_list ap)
{
    count(d, kind);
    if (!d->out)
        return;
    fprintf(d->out, "%s:%d:%d: %s: ", src->name, loc.line, loc.col, kind_name(kind));
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    if (loc.line > 0)
        show_line(d->out, src, loc.line, loc.col);
}

void lang_diag_report(LangDiag *d, const LangSource *src, LangLoc loc, LangDiagKind kind,
                      const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lang_diag_vreport(d, src, loc, kind, fmt, ap);
    va_end(ap);
}

void lang_diag_plain(LangDiag *d, LangDiagKind kind, const char *fmt, ...)
{
    count(d, kind);
    if (!d->out)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(d->out, "qpipe: %s: ", kind_name(kind));
    vfprintf(d->out, fmt, ap);
    va_end(ap);
    fputc('\n', d->out);
}
