/*
 * lexer.c - Quasar source to tokens; the rules of the line structure live here.
 *
 * See lexer.h for what the parser can rely on. Everything is decided with at most the
 * previous token and a few characters of lookahead, so lexing is linear in the input.
 */
#include "lang/lexer.h"
#include "lang/limits.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const char *const tok_names[] = {
#define TOK(name, spelling) spelling,
#define KW(name, spelling) spelling,
#include "lang/token.def"
#undef TOK
#undef KW
};

const char *lang_tok_name(TokKind k)
{
    return k < T__COUNT ? tok_names[k] : "?";
}

typedef struct Lexer {
    const LangSource *src;
    LangArena *arena;
    LangDiag *d;
    const char *p, *end, *line_start;
    int line;
    bool space;             /* blank seen since the previous token */
    Token *tok;
    int n, cap;
    int *open;              /* token indices of the open brackets */
    int depth, open_cap;
    bool oom;
} Lexer;

/* ---------------------------------------------------------------- helpers */

static bool is_ident_start(int c) { return isalpha(c) || c == '_' || c == '$'; }
static bool is_ident_char(int c) { return isalnum(c) || c == '_' || c == '$'; }

static LangLoc here(const Lexer *lx, const char *at)
{
    return (LangLoc){lx->line, (int)(at - lx->line_start) + 1};
}

static void lex_error(Lexer *lx, const char *at, const char *fmt, const char *arg)
{
    if (lang_diag_errors(lx->d) >= LANG_MAX_ERRORS)
        return;
    lang_diag_report(lx->d, lx->src, here(lx, at), LANG_ERROR, fmt, arg);
}

static Token *last(Lexer *lx) { return lx->n ? &lx->tok[lx->n - 1] : NULL; }

static Token *emit(Lexer *lx, TokKind kind, const char *start, const char *stop)
{
    if (lx->n == lx->cap) {
        int cap = lx->cap ? lx->cap * 2 : 256;
        Token *t = realloc(lx->tok, (size_t)cap * sizeof *t);
        if (!t) {
            lx->oom = true;
            return NULL;
        }
        lx->tok = t;
        lx->cap = cap;
    }
    Token *t = &lx->tok[lx->n++];
    memset(t, 0, sizeof *t);
    t->kind = kind;
    t->loc = here(lx, start);
    t->text = start;
    t->len = (int)(stop - start);
    t->match = -1;
    t->space_before = lx->space;
    lx->space = false;
    return t;
}

/* A token after which an apostrophe is a postfix (modifier or cell end), not a string. */
static bool is_value_end(const Token *t)
{
    if (!t)
        return false;
    switch (t->kind) {
    case T_IDENT: case T_INT: case T_REAL: case T_IMAG: case T_STRING:
    case T_RPAREN: case T_RBRACKET: case T_RBRACE: case T_CELL_CLOSE:
    case T_MODIFIER: case T_UNKNOWN_TYPE:
        return true;
    default:
        return false;
    }
}

/* Tokens that continue the statement on the next line when they end a line. */
static bool continues_line(const Token *t)
{
    if (!t)
        return false;
    switch (t->kind) {
    case T_COMMA: case T_PLUS: case T_MINUS: case T_STAR: case T_SLASH: case T_CARET:
    case T_DOTSTAR: case T_DOTSLASH: case T_DOTCARET: case T_EQEQ: case T_NOTEQ:
    case T_LT: case T_GT: case T_LE: case T_GE: case T_ANDAND: case T_OROR: case T_BANG:
    case T_EQ: case T_PLUSEQ: case T_MINUSEQ: case T_STAREQ: case T_SLASHEQ:
    case T_CARETEQ: case T_DOTSTAREQ: case T_DOTSLASHEQ: case T_DOTCARETEQ: case T_ANDEQ:
    case T_OREQ: case T_TILDEEQ: case T_MAXEQ: case T_MINEQ: case T_LARROW:
    case T_DOTDOT: case T_QUESTION: case T_ARROW: case T_COLONEQ:
        return true;
    default:
        return false;
    }
}

/* ---------------------------------------------------------------- brackets */

static void push_open(Lexer *lx)
{
    if (lx->depth == lx->open_cap) {
        int cap = lx->open_cap ? lx->open_cap * 2 : 32;
        int *o = realloc(lx->open, (size_t)cap * sizeof *o);
        if (!o) {
            lx->oom = true;
            return;
        }
        lx->open = o;
        lx->open_cap = cap;
    }
    lx->open[lx->depth++] = lx->n - 1;
}

static TokKind top_kind(const Lexer *lx)
{
    return lx->depth ? lx->tok[lx->open[lx->depth - 1]].kind : T_EOF;
}

static bool closes(TokKind open, TokKind close)
{
    return (open == T_LPAREN && close == T_RPAREN) ||
           (open == T_LBRACKET && close == T_RBRACKET) ||
           ((open == T_LBRACE || open == T_ATTR) && close == T_RBRACE) ||
           (open == T_CELL_OPEN && close == T_CELL_CLOSE);
}

/* A closing bracket pops the innermost open one. A mismatch is left for the parser to
 * report (it knows what it expected); the tokens then simply have no match. */
static void pop_open(Lexer *lx)
{
    if (!lx->depth)
        return;
    int o = lx->open[--lx->depth], c = lx->n - 1;
    if (closes(lx->tok[o].kind, lx->tok[c].kind)) {
        lx->tok[o].match = c;
        lx->tok[c].match = o;
    }
}

/* ---------------------------------------------------------------- line structure */

/* Keywords that can only begin a statement. When a line inside an unclosed bracket
 * begins with one, the bracket was never closed: forget it, so one missing `)` yields
 * one error instead of swallowing the rest of the file. */
static bool starts_statement_only(const char *p, const char *end)
{
    static const char *const words[] = {
        "function", "endfunction", "end", "endif", "endfor", "endwhile", "endmatch",
        "endtry", "endtype", "if", "elseif", "else", "for", "while", "repeat", "until",
        "match", "try", "catch", "return", "break", "continue", "import",
    };
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    const char *q = p;
    while (q < end && is_ident_char((unsigned char)*q))
        q++;
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if ((size_t)(q - p) == strlen(words[i]) && !memcmp(p, words[i], (size_t)(q - p)))
            return true;
    return false;
}

static void newline(Lexer *lx)
{
    const char *at = lx->p;
    lx->p++;
    bool keyword_line = starts_statement_only(lx->p, lx->end);
    if (lx->depth && keyword_line)
        lx->depth = 0;
    Token *t = last(lx);
    if (!lx->depth && t && t->kind != T_NEWLINE && t->kind != T_SEMI && (!continues_line(t) || keyword_line))
        emit(lx, T_NEWLINE, at, at + 1);
    lx->line++;
    lx->line_start = lx->p;
    lx->space = true;
}

/* `_` with nothing but blanks or a comment after it continues the line. */
static bool is_continuation(const Lexer *lx)
{
    const char *q = lx->p + 1;
    if (q < lx->end && is_ident_char((unsigned char)*q))
        return false;
    while (q < lx->end && (*q == ' ' || *q == '\t' || *q == '\r'))
        q++;
    return q == lx->end || *q == '\n' || *q == '%';
}

static void skip_continuation(Lexer *lx)
{
    while (lx->p < lx->end && *lx->p != '\n')
        lx->p++;
    if (lx->p < lx->end) {
        lx->p++;
        lx->line++;
        lx->line_start = lx->p;
    }
    lx->space = true;
}

/* ---------------------------------------------------------------- tokens */

static void lex_ident(Lexer *lx)
{
    static const struct { const char *word; TokKind kind; } kw[] = {
#define TOK(name, spelling)
#define KW(name, spelling) {spelling, T_##name},
#include "lang/token.def"
#undef TOK
#undef KW
    };
    const char *s = lx->p;
    while (lx->p < lx->end && is_ident_char((unsigned char)*lx->p))
        lx->p++;
    size_t len = (size_t)(lx->p - s);
    TokKind kind = T_IDENT;
    for (size_t i = 0; i < sizeof kw / sizeof *kw; i++)
        if (strlen(kw[i].word) == len && !memcmp(kw[i].word, s, len))
            kind = kw[i].kind;
    emit(lx, kind, s, lx->p);
}

static int digit_value(int c)
{
    if (isdigit(c))
        return c - '0';
    if (isxdigit(c))
        return tolower(c) - 'a' + 10;
    return 99;
}

/* `1011b`, `17o`, `1Fh`, `0ECD3Fh`: the whole alphanumeric run ends in the radix letter.
 * Returns true if the run was consumed as such a literal. */
static bool lex_radix(Lexer *lx)
{
    const char *s = lx->p, *q = s;
    while (q < lx->end && isalnum((unsigned char)*q))
        q++;
    if (q - s < 2 || (q < lx->end && (*q == '.' && q + 1 < lx->end && isdigit((unsigned char)q[1]))))
        return false;
    int base;
    switch (q[-1]) {
    case 'b': case 'B': base = 2; break;
    case 'o': case 'O': base = 8; break;
    case 'h': case 'H': base = 16; break;
    default: return false;
    }
    if (base != 16)
        for (const char *c = s; c < q - 1; c++)
            if (!isdigit((unsigned char)*c))
                return false;   /* `1ab`: not a binary literal; the decimal path reports it */
    uint64_t v = 0;
    bool overflow = false;
    for (const char *c = s; c < q - 1; c++) {
        int dv = digit_value((unsigned char)*c);
        if (dv >= base) {
            char bad[2] = {*c, 0};
            lx->p = q;
            lex_error(lx, c, base == 2 ? "invalid digit '%s' in binary literal"
                           : base == 8 ? "invalid digit '%s' in octal literal"
                                       : "invalid digit '%s' in hexadecimal literal", bad);
            emit(lx, T_INT, s, q);
            return true;
        }
        if (v > (UINT64_MAX - (uint64_t)dv) / (uint64_t)base)
            overflow = true;
        v = v * (uint64_t)base + (uint64_t)dv;
    }
    lx->p = q;
    if (overflow || v > INT64_MAX)
    {
        char lit[80];
        snprintf(lit, sizeof lit, "%.*s", (int)(q - s) < 70 ? (int)(q - s) : 70, s);
        lex_error(lx, s, "integer literal '%s' does not fit in 64 bits", lit);
    }
    Token *t = emit(lx, T_INT, s, q);
    if (t)
        t->v.ival = (int64_t)v;
    return true;
}

static void lex_number(Lexer *lx)
{
    const char *s = lx->p, *e = lx->end;
    if (isdigit((unsigned char)*s) && lex_radix(lx))
        return;
    const char *q = s;
    bool real = false;
    while (q < e && isdigit((unsigned char)*q))
        q++;
    /* A dot belongs to the number unless it starts `..`, `.*`, `./` or `.^`. */
    if (q < e && *q == '.' && !(q + 1 < e && strchr(".*/^", q[1]))) {
        real = true;
        q++;
        while (q < e && isdigit((unsigned char)*q))
            q++;
    }
    if (q < e && (*q == 'e' || *q == 'E')) {
        const char *x = q + 1;
        if (x < e && (*x == '+' || *x == '-'))
            x++;
        if (x < e && isdigit((unsigned char)*x)) {
            real = true;
            q = x;
            while (q < e && isdigit((unsigned char)*q))
                q++;
        }
    }
    char buf[128];
    size_t n = (size_t)(q - s) < sizeof buf - 1 ? (size_t)(q - s) : sizeof buf - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    bool imag = q < e && (*q == 'i' || *q == 'j') && !(q + 1 < e && is_ident_char((unsigned char)q[1]));
    const char *stop = imag ? q + 1 : q;
    if (stop < e && is_ident_char((unsigned char)*stop)) {
        const char *x = stop;
        while (x < e && is_ident_char((unsigned char)*x))
            x++;
        char suf[64];
        size_t sn = (size_t)(x - stop) < sizeof suf - 1 ? (size_t)(x - stop) : sizeof suf - 1;
        memcpy(suf, stop, sn);
        suf[sn] = '\0';
        lex_error(lx, stop, "invalid suffix '%s' on number", suf);
        stop = x;
    }
    lx->p = stop;
    Token *t;
    if (imag) {
        if ((t = emit(lx, T_IMAG, s, stop)))
            t->v.rval = strtod(buf, NULL);
    } else if (real) {
        if ((t = emit(lx, T_REAL, s, stop)))
            t->v.rval = strtod(buf, NULL);
    } else {
        errno = 0;
        unsigned long long v = strtoull(buf, NULL, 10);
        if (errno == ERANGE || v > (unsigned long long)INT64_MAX || n >= sizeof buf - 1) {
            if ((t = emit(lx, T_REAL, s, stop)))    /* too large for int: a real, as in MATLAB */
                t->v.rval = strtod(buf, NULL);
        } else if ((t = emit(lx, T_INT, s, stop))) {
            t->v.ival = (int64_t)v;
        }
    }
}

/* Strings have no escapes: "C:\data\" is a whole string. They end on the same line. */
static void lex_string(Lexer *lx, char quote)
{
    const char *s = lx->p++;
    while (lx->p < lx->end && *lx->p != quote && *lx->p != '\n')
        lx->p++;
    Token *t;
    if (lx->p >= lx->end || *lx->p != quote) {
        lex_error(lx, s, "unterminated string%s", "");
        t = emit(lx, T_STRING, s, lx->p);
        if (t)
            t->v.str = lang_arena_strndup(lx->arena, s + 1, (size_t)(lx->p - s - 1));
        return;
    }
    lx->p++;
    t = emit(lx, T_STRING, s, lx->p);
    if (t)
        t->v.str = lang_arena_strndup(lx->arena, s + 1, (size_t)(lx->p - s - 2));
}

static void lex_modifier(Lexer *lx)
{
    const char *s = lx->p++;
    const char *name = lx->p;
    while (lx->p < lx->end && is_ident_char((unsigned char)*lx->p))
        lx->p++;
    Token *t = emit(lx, T_MODIFIER, s, lx->p);
    if (t)
        t->v.str = lang_arena_strndup(lx->arena, name, (size_t)(lx->p - name));
}

/* Real programs write `cube' clamped` with blanks after the apostrophe: the blanks are
   skipped when a word follows them on the same line. */
static const char *blank_then_word(const Lexer *lx)
{
    const char *q = lx->p + 1;
    while (q < lx->end && (*q == ' ' || *q == '\t'))
        q++;
    if (q == lx->p + 1 || q >= lx->end || !is_ident_start((unsigned char)*q) || *q == '$')
        return NULL;
    return q;
}

static void lex_spaced_modifier(Lexer *lx, const char *word)
{
    const char *s = lx->p;
    lx->p = word;
    while (lx->p < lx->end && is_ident_char((unsigned char)*lx->p))
        lx->p++;
    Token *t = emit(lx, T_MODIFIER, s, lx->p);
    if (t)
        t->v.str = lang_arena_strndup(lx->arena, word, (size_t)(lx->p - word));
}

/* `'word'` is a quoted word (a single-quoted string), `'word` alone a modifier. */
static bool quoted_word(const Lexer *lx)
{
    const char *q = lx->p + 1;
    while (q < lx->end && is_ident_char((unsigned char)*q))
        q++;
    /* `'shared'unchecked` is a modifier chain, `'a'` a string */
    return q < lx->end && *q == '\'' && !(q + 1 < lx->end && is_ident_start((unsigned char)q[1]));
}

/* The apostrophe: modifier, end of a cell literal, or a single-quoted string. */
static void lex_apostrophe(Lexer *lx)
{
    Token *prev = last(lx);
    bool adjacent = prev && !lx->space;
    bool letter = lx->p + 1 < lx->end && is_ident_start((unsigned char)lx->p[1]) && lx->p[1] != '$';
    bool in_cell = top_kind(lx) == T_CELL_OPEN;
    const char *word = blank_then_word(lx);
    if (adjacent && is_value_end(prev) && letter) {
        lex_modifier(lx);
    } else if (adjacent && !in_cell && is_value_end(prev) && word) {
        lex_spaced_modifier(lx, word);
    } else if (in_cell && (is_value_end(prev) || (prev && prev->kind == T_CELL_OPEN))) {
        const char *s = lx->p++;
        emit(lx, T_CELL_CLOSE, s, lx->p);
        pop_open(lx);
    } else if (prev && prev->kind == T_COLON && letter && !quoted_word(lx)) {
        lex_modifier(lx);
    } else if (adjacent && is_value_end(prev)) {
        lex_error(lx, lx->p, "unexpected \"'\": Quasar has no postfix transpose; use transpose(x)%s", "");
        lx->p++;
    } else {
        lex_string(lx, '\'');
    }
}

static void lex_pragma(Lexer *lx)
{
    const char *s = lx->p;
    const char *q = s;
    while (q < lx->end && *q != '\n')
        q++;
    if (q - s < 7 || memcmp(s, "#pragma", 7) || (q - s > 7 && is_ident_char((unsigned char)s[7]))) {
        lex_error(lx, s, "unexpected '#': only '#pragma' lines may start with '#'%s", "");
        lx->p = q;
        return;
    }
    const char *a = s + 7, *b = q;
    while (a < b && (*a == ' ' || *a == '\t'))
        a++;
    while (b > a && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\r'))
        b--;
    lx->p = q;
    Token *t = emit(lx, T_PRAGMA, s, q);
    if (t)
        t->v.str = lang_arena_strndup(lx->arena, a, (size_t)(b - a));
}

/* Operators and punctuation: longest match first. */
static const struct { const char *text; TokKind kind; } ops[] = {
    {"...", T_ELLIPSIS}, {".*=", T_DOTSTAREQ}, {"./=", T_DOTSLASHEQ}, {".^=", T_DOTCARETEQ},
    {"^^=", T_MAXEQ}, {"..", T_DOTDOT}, {".*", T_DOTSTAR}, {"./", T_DOTSLASH},
    {".^", T_DOTCARET}, {":=", T_COLONEQ}, {"->", T_ARROW}, {"-=", T_MINUSEQ},
    {"<=", T_LE}, {">=", T_GE}, {"==", T_EQEQ}, {"!=", T_NOTEQ}, {"&&", T_ANDAND},
    {"&=", T_ANDEQ}, {"||", T_OROR}, {"|=", T_OREQ}, {"+=", T_PLUSEQ}, {"*=", T_STAREQ},
    {"/=", T_SLASHEQ}, {"^=", T_CARETEQ}, {"~=", T_TILDEEQ}, {"??", T_UNKNOWN_TYPE},
    {"{!", T_ATTR}, {".", T_DOT}, {":", T_COLON}, {"-", T_MINUS}, {"<", T_LT},
    {">", T_GT}, {"=", T_EQ}, {"!", T_BANG}, {"|", T_PIPE}, {"+", T_PLUS}, {"*", T_STAR},
    {"/", T_SLASH}, {"^", T_CARET}, {"?", T_QUESTION}, {"(", T_LPAREN}, {")", T_RPAREN},
    {"[", T_LBRACKET}, {"]", T_RBRACKET}, {"{", T_LBRACE}, {"}", T_RBRACE},
    {",", T_COMMA}, {";", T_SEMI}, {"`", T_CELL_OPEN},
};

static void lex_operator(Lexer *lx)
{
    const char *s = lx->p;
    size_t avail = (size_t)(lx->end - s);
    /* `<-` is exchange only when a blank or `(` follows: `A<-0.1` compares. */
    if (avail >= 3 && s[0] == '<' && s[1] == '-' &&
        (s[2] == ' ' || s[2] == '\t' || s[2] == '\n' || s[2] == '\r' || s[2] == '(')) {
        lx->p += 2;
        emit(lx, T_LARROW, s, lx->p);
        return;
    }
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
        if (ops[i].text[0] != s[0])     /* most entries: one compare, no strlen */
            continue;
        size_t n = strlen(ops[i].text);
        if (n <= avail && !memcmp(s, ops[i].text, n)) {
            lx->p += n;
            Token *t = emit(lx, ops[i].kind, s, lx->p);
            if (!t)
                return;
            switch (ops[i].kind) {
            case T_LPAREN: case T_LBRACKET: case T_LBRACE: case T_ATTR: case T_CELL_OPEN:
                push_open(lx);
                break;
            case T_RPAREN: case T_RBRACKET: case T_RBRACE:
                pop_open(lx);
                break;
            default:
                break;
            }
            return;
        }
    }
    unsigned char c = (unsigned char)*s;
    if (c == 0xE2 && avail >= 3 && (unsigned char)s[1] == 0x80 &&
        ((unsigned char)s[2] >= 0x98 && (unsigned char)s[2] <= 0x9D)) {
        lex_error(lx, s, "typographic quote: use an ASCII ' or \" instead%s", "");
        lx->p += 3;
        return;
    }
    char shown[16];
    if (c == '&' || c == '~')
        snprintf(shown, sizeof shown, "%c", c);
    else if (c >= 0x21 && c < 0x7f)
        snprintf(shown, sizeof shown, "%c", c);
    else
        snprintf(shown, sizeof shown, "\\x%02X", c);
    lex_error(lx, s, c == '&' ? "unexpected '%s': logical and is '&&', bitwise and is and(a, b)"
                   : c == '~' ? "unexpected '%s': logical not is '!'"
                              : "unexpected character '%s'", shown);
    lx->p++;
    /* go on as the operator that was meant: `a & b` as `&&`, `~x` as `!x` (one error, not two) */
    bool after_value = is_value_end(last(lx));
    if ((c == '&' && after_value) || (c == '~' && !after_value)) {
        emit(lx, c == '&' ? T_ANDAND : T_BANG, s, lx->p);
        return;
    }
    /* one error for a run of bytes that cannot start a token (binary junk, UTF-8) */
    while (lx->p < lx->end) {
        unsigned char b = (unsigned char)*lx->p;
        if (!(b >= 0x80 || (b < 0x20 && b != '\n' && b != '\t' && b != '\r')) ||
            (b == 0xC2 && lx->p + 1 < lx->end && (unsigned char)lx->p[1] == 0xB4))
            break;
        lx->p++;
    }
}

int lang_lex(const LangSource *src, LangArena *arena, LangDiag *d, TokenList *out)
{
    Lexer lx = {.src = src, .arena = arena, .d = d, .p = src->text,
                .end = src->text + src->len, .line_start = src->text, .line = 1};
    while (!lx.oom) {
        while (lx.p < lx.end && (*lx.p == ' ' || *lx.p == '\t' || *lx.p == '\r' || *lx.p == '\f')) {
            lx.p++;
            lx.space = true;
        }
        if (lx.p >= lx.end)
            break;
        unsigned char c = (unsigned char)*lx.p;
        if (c == '%') {
            while (lx.p < lx.end && *lx.p != '\n')
                lx.p++;
        } else if (c == '\n') {
            newline(&lx);
        } else if (c == '#') {
            lex_pragma(&lx);
        } else if (c == '_' && lx.p + 3 < lx.end && lx.p[1] == '_' && lx.p[2] == '=' && lx.p[3] != '=') {
            emit(&lx, T_MINEQ, lx.p, lx.p + 3);
            lx.p += 3;
        } else if (c == '_' && is_continuation(&lx)) {
            skip_continuation(&lx);
        } else if (is_ident_start(c)) {
            lex_ident(&lx);
        } else if (isdigit(c) || (c == '.' && lx.p + 1 < lx.end && isdigit((unsigned char)lx.p[1]) &&
                                  !is_value_end(last(&lx)))) {
            lex_number(&lx);
        } else if (c == '"') {
            lex_string(&lx, '"');
        } else if (c == '\'') {
            lex_apostrophe(&lx);
        } else if (c == 0xC2 && lx.p + 1 < lx.end && (unsigned char)lx.p[1] == 0xB4) {
            /* the acute accent closes a cell literal, as the apostrophe does */
            if (top_kind(&lx) == T_CELL_OPEN) {
                emit(&lx, T_CELL_CLOSE, lx.p, lx.p + 2);
                pop_open(&lx);
            } else {
                lex_error(&lx, lx.p, "'\xC2\xB4' outside a cell literal%s", "");
            }
            lx.p += 2;
        } else {
            lex_operator(&lx);
        }
    }
    if (!lx.oom) {
        /* the end of the file is placed at the end of its last line, not on the empty line
         * after the final newline, so "found end of file" points at real text */
        LangLoc end = here(&lx, lx.p);
        if (lx.p > src->text && lx.p[-1] == '\n' && lx.line > 1) {
            const char *b = lx.p - 1;
            while (b > src->text && b[-1] != '\n')
                b--;
            end = (LangLoc){lx.line - 1, (int)(lx.p - 1 - b) + 1};
        }
        Token *t = last(&lx);
        if (t && t->kind != T_NEWLINE && (t = emit(&lx, T_NEWLINE, lx.p, lx.p)))
            t->loc = end;
        if ((t = emit(&lx, T_EOF, lx.p, lx.p)))
            t->loc = end;
    }
    free(lx.open);
    if (lx.oom) {
        free(lx.tok);
        out->tok = NULL;
        out->n = 0;
        return -1;
    }
    out->tok = lx.tok;
    out->n = lx.n;
    return 0;
}
