/*
 * diag.c - printing diagnostics with the source line and a caret; see diag.h.
 */
#include "lang/diag.h"

#include <stdlib.h>
#include <string.h>

/* While a file is parsed, messages are held and printed in source order when it is done:
 * the lexer runs over the whole file before the parser, and its messages would otherwise
 * come first. A note stays with the message before it. */
typedef struct Held {
    int line, col, seq;
    char *text;
    size_t len;
} Held;

struct LangDiag {
    FILE *out;
    int errors, warnings;
    int holding;
    Held *held;
    int nheld, cap;
};

LangDiag *lang_diag_new(FILE *out)
{
    LangDiag *d = calloc(1, sizeof *d);
    if (d)
        d->out = out;
    return d;
}

void lang_diag_free(LangDiag *d)
{
    if (!d)
        return;
    for (int i = 0; i < d->nheld; i++)
        free(d->held[i].text);
    free(d->held);
    free(d);
}

int lang_diag_errors(const LangDiag *d) { return d->errors; }
int lang_diag_warnings(const LangDiag *d) { return d->warnings; }
void lang_diag_hold(LangDiag *d) { d->holding++; }

static int held_cmp(const void *a, const void *b)
{
    const Held *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    if (x->col != y->col)
        return x->col < y->col ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void lang_diag_release(LangDiag *d)
{
    if (--d->holding > 0)
        return;
    if (d->nheld)
        qsort(d->held, (size_t)d->nheld, sizeof *d->held, held_cmp);
    for (int i = 0; i < d->nheld; i++) {
        if (d->out)
            fwrite(d->held[i].text, 1, d->held[i].len, d->out);
        free(d->held[i].text);
    }
    d->nheld = 0;
}

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

static void print_diag(FILE *out, const LangSource *src, LangLoc loc, LangDiagKind kind,
                       const char *fmt, va_list ap)
{
    fprintf(out, "%s:%d:%d: %s: ", src->name, loc.line, loc.col, kind_name(kind));
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    if (loc.line > 0)
        show_line(out, src, loc.line, loc.col);
}

static void hold(LangDiag *d, LangLoc loc, LangDiagKind kind, char *text, size_t len)
{
    if (kind == LANG_NOTE && d->nheld) {
        Held *h = &d->held[d->nheld - 1];
        char *t = realloc(h->text, h->len + len);
        if (t) {
            memcpy(t + h->len, text, len);
            h->text = t;
            h->len += len;
        }
        free(text);
        return;
    }
    if (d->nheld == d->cap) {
        int cap = d->cap ? d->cap * 2 : 16;
        Held *h = realloc(d->held, (size_t)cap * sizeof *h);
        if (!h) {
            fwrite(text, 1, len, d->out);
            free(text);
            return;
        }
        d->held = h;
        d->cap = cap;
    }
    d->held[d->nheld] = (Held){loc.line, loc.col, d->nheld, text, len};
    d->nheld++;
}

void lang_diag_vreport(LangDiag *d, const LangSource *src, LangLoc loc, LangDiagKind kind,
                       const char *fmt, va_list ap)
{
    count(d, kind);
    if (!d->out)
        return;
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = d->holding ? open_memstream(&buf, &len) : NULL;
    if (!mem) {
        print_diag(d->out, src, loc, kind, fmt, ap);
        return;
    }
    print_diag(mem, src, loc, kind, fmt, ap);
    fclose(mem);
    hold(d, loc, kind, buf, len);
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

/* ---------------------------------------------------------------- source text */

size_t lang_source_item(const char *text, LangLoc at, const char **start)
{
    const char *p = text;
    for (int l = 1; l < at.line && p; l++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    *start = NULL;
    if (!p || at.col < 1 || (size_t)(at.col - 1) > strcspn(p, "\n"))
        return 0;
    p += at.col - 1;
    const char *q = p;
    int depth = 0;
    bool str = false;
    for (; *q && *q != '\n'; q++) {
        if (*q == '"')
            str = !str;
        if (str)
            continue;
        if (*q == '(' || *q == '[' || *q == '{')
            depth++;
        else if ((*q == ')' || *q == ']' || *q == '}') && depth-- == 0)
            break;
        else if (*q == ',' && depth == 0)
            break;
    }
    while (q > p && (q[-1] == ' ' || q[-1] == '\t'))
        q--;
    *start = p;
    return (size_t)(q - p);
}
