/*
 * test_lexer.c - the lexer's decisions (docs/language.md "Lexical structure" and "Line
 * structure"): token kinds and values, the meanings of '.', the apostrophe and '<-',
 * where NEWLINE tokens are and are not produced, and matching bracket indices.
 *
 * Each check lexes a small string and prints `ok NAME` or `not ok NAME: REASON`
 * (docs/testing.md "Unit tests"); the exit status is non-zero if any check failed.
 */
#include "lang/arena.h"
#include "lang/diag.h"
#include "lang/lang.h"
#include "lang/lexer.h"

#include "tests/unit/check.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* ---------------------------------------------------------------- lexing */

typedef struct Lexed {
    LangArena arena;
    LangDiag *d;
    LangSource src;
    TokenList toks;
    int rc;
} Lexed;

static void lex(Lexed *x, const char *text)
{
    memset(x, 0, sizeof *x);
    lang_arena_init(&x->arena);
    x->d = lang_diag_new(NULL);     /* silent: the checks count errors instead */
    x->src = (LangSource){"test.q", text, strlen(text)};
    x->rc = x->d ? lang_lex(&x->src, &x->arena, x->d, &x->toks) : -1;
}

static void unlex(Lexed *x)
{
    free(x->toks.tok);
    lang_arena_free(&x->arena);
    lang_diag_free(x->d);
}

static int errors(const Lexed *x) { return x->d ? lang_diag_errors(x->d) : -1; }

/* The kinds of all tokens as one string: "integer .. integer newline end of file". */
static void kinds_text(const Lexed *x, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < x->toks.n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? " " : "",
                                 lang_tok_name(x->toks.tok[i].kind));
}


/* Check that `text` lexes without errors into exactly `kinds` (terminated by T__COUNT),
 * which lists every token including the final NEWLINE and EOF. On success the lexed
 * result stays in `x` for further checks; the caller calls unlex. Returns the reason of
 * a failure or NULL. */
static const char *expect_kinds(Lexed *x, const char *text, const TokKind *kinds)
{
    lex(x, text);
    if (x->rc != 0)
        return "lang_lex failed";
    if (errors(x) != 0)
        return why("%d unexpected error(s)", errors(x));
    int n = 0;
    while (kinds[n] != T__COUNT)
        n++;
    char got[512];
    kinds_text(x, got, sizeof got);
    if (x->toks.n != n)
        return why("expected %d tokens, got %d: %s", n, x->toks.n, got);
    for (int i = 0; i < n; i++)
        if (x->toks.tok[i].kind != kinds[i])
            return why("token %d: expected '%s', got '%s' (all: %s)", i, lang_tok_name(kinds[i]),
                       lang_tok_name(x->toks.tok[i].kind), got);
    return NULL;
}

#define KINDS(...) ((const TokKind[]){__VA_ARGS__, T__COUNT})

/* A check of kinds only. */
static void check_kinds(const char *name, const char *text, const TokKind *kinds)
{
    Lexed x;
    report(name, expect_kinds(&x, text, kinds));
    unlex(&x);
}

static const char *int_is(const Lexed *x, int i, long long want)
{
    const Token *t = &x->toks.tok[i];
    if (t->kind != T_INT)
        return why("token %d is '%s', not an integer", i, lang_tok_name(t->kind));
    if (t->v.ival != want)
        return why("token %d: expected %lld, got %lld", i, want, (long long)t->v.ival);
    return NULL;
}

static const char *real_is(const Lexed *x, int i, TokKind kind, double want)
{
    const Token *t = &x->toks.tok[i];
    if (t->kind != kind)
        return why("token %d is '%s', not '%s'", i, lang_tok_name(t->kind), lang_tok_name(kind));
    if (fabs(t->v.rval - want) > 1e-12 * fmax(1.0, fabs(want)))
        return why("token %d: expected %g, got %g", i, want, t->v.rval);
    return NULL;
}

static const char *str_is(const Lexed *x, int i, const char *want)
{
    const Token *t = &x->toks.tok[i];
    if (!t->v.str)
        return why("token %d has no text", i);
    if (strcmp(t->v.str, want))
        return why("token %d: expected \"%s\", got \"%s\"", i, want, t->v.str);
    return NULL;
}

static const char *line_is(const Lexed *x, int i, int line, int col)
{
    const Token *t = &x->toks.tok[i];
    if (t->loc.line != line || (col && t->loc.col != col))
        return why("token %d ('%s') at %d:%d, expected %d:%d", i, lang_tok_name(t->kind),
                   t->loc.line, t->loc.col, line, col);
    return NULL;
}

/* ---------------------------------------------------------------- numbers */

static void test_numbers(void)
{
    Lexed x;
    const char *r;

    r = expect_kinds(&x, "0..3", KINDS(T_INT, T_DOTDOT, T_INT, T_NEWLINE, T_EOF));
    if (!r) r = int_is(&x, 0, 0);
    if (!r) r = int_is(&x, 2, 3);
    report("range 0..3 is INT DOTDOT INT", r);
    unlex(&x);

    check_kinds("1./x is INT DOTSLASH IDENT", "1./x",
                KINDS(T_INT, T_DOTSLASH, T_IDENT, T_NEWLINE, T_EOF));
    check_kinds("x.^2 is IDENT DOTCARET INT", "x.^2",
                KINDS(T_IDENT, T_DOTCARET, T_INT, T_NEWLINE, T_EOF));
    check_kinds("2.*x is INT DOTSTAR IDENT", "2.*x",
                KINDS(T_INT, T_DOTSTAR, T_IDENT, T_NEWLINE, T_EOF));

    r = expect_kinds(&x, "0.0..0.1..1.0",
                     KINDS(T_REAL, T_DOTDOT, T_REAL, T_DOTDOT, T_REAL, T_NEWLINE, T_EOF));
    if (!r) r = real_is(&x, 0, T_REAL, 0.0);
    if (!r) r = real_is(&x, 2, T_REAL, 0.1);
    if (!r) r = real_is(&x, 4, T_REAL, 1.0);
    report("0.0..0.1..1.0 is a range of three reals", r);
    unlex(&x);

    static const struct { const char *text; long long value; const char *name; } radix[] = {
        {"1Fh", 31, "hexadecimal 1Fh is 31"},
        {"0ECD3Fh", 0xECD3F, "hexadecimal 0ECD3Fh is 970047"},
        {"0ffH", 255, "hexadecimal suffix in either case: 0ffH is 255"},
        {"1011b", 11, "binary 1011b is 11"},
        {"17o", 15, "octal 17o is 15"},
        {"7FFFFFFFFFFFFFFFh", 0x7FFFFFFFFFFFFFFFLL, "largest hexadecimal literal fits"},
    };
    for (size_t i = 0; i < sizeof radix / sizeof *radix; i++) {
        r = expect_kinds(&x, radix[i].text, KINDS(T_INT, T_NEWLINE, T_EOF));
        if (!r) r = int_is(&x, 0, radix[i].value);
        report(radix[i].name, r);
        unlex(&x);
    }

    r = expect_kinds(&x, "1j", KINDS(T_IMAG, T_NEWLINE, T_EOF));
    if (!r) r = real_is(&x, 0, T_IMAG, 1.0);
    report("1j is imaginary 1", r);
    unlex(&x);

    r = expect_kinds(&x, "2.5i", KINDS(T_IMAG, T_NEWLINE, T_EOF));
    if (!r) r = real_is(&x, 0, T_IMAG, 2.5);
    report("2.5i is imaginary 2.5", r);
    unlex(&x);

    r = expect_kinds(&x, "1 + 2i*x", KINDS(T_INT, T_PLUS, T_IMAG, T_STAR, T_IDENT, T_NEWLINE, T_EOF));
    report("2i*x: the i belongs to the number", r);
    unlex(&x);

    r = expect_kinds(&x, "5. 5.678 1.9e4 1e-10",
                     KINDS(T_REAL, T_REAL, T_REAL, T_REAL, T_NEWLINE, T_EOF));
    if (!r) r = real_is(&x, 0, T_REAL, 5.0);
    if (!r) r = real_is(&x, 1, T_REAL, 5.678);
    if (!r) r = real_is(&x, 2, T_REAL, 19000.0);
    if (!r) r = real_is(&x, 3, T_REAL, 1e-10);
    report("real literals 5. 5.678 1.9e4 1e-10", r);
    unlex(&x);

    r = expect_kinds(&x, "x = .5", KINDS(T_IDENT, T_EQ, T_REAL, T_NEWLINE, T_EOF));
    if (!r) r = real_is(&x, 2, T_REAL, 0.5);
    report(".5 is a real where a value may start", r);
    unlex(&x);

    check_kinds("s.5 after a value is '.' then a number (a field access error later)", "s.5",
                KINDS(T_IDENT, T_DOT, T_INT, T_NEWLINE, T_EOF));

    r = expect_kinds(&x, "99999999999999999999", KINDS(T_REAL, T_NEWLINE, T_EOF));
    if (!r) r = real_is(&x, 0, T_REAL, 1e20);
    report("a decimal integer beyond 64 bits becomes a real", r);
    unlex(&x);

    static const struct { const char *text; const char *name; } bad[] = {
        {"3x", "3x is an error (invalid suffix)"},
        {"1e", "1e is an error (exponent without digits)"},
        {"1021b", "1021b is an error (digit 2 in binary)"},
        {"18o", "18o is an error (digit 8 in octal)"},
        {"1FFFFFFFFFFFFFFFFh", "hexadecimal literal beyond 64 bits is an error"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        lex(&x, bad[i].text);
        r = x.rc != 0 ? "lang_lex failed"
          : errors(&x) != 1 ? why("expected 1 error, got %d", errors(&x)) : NULL;
        /* the number is still one token, so the parser sees a value */
        if (!r && (x.toks.n != 3 || x.toks.tok[0].kind != T_INT))
            r = why("expected one INT token then NEWLINE and EOF, got %d tokens", x.toks.n);
        report(bad[i].name, r);
        unlex(&x);
    }
}

/* ---------------------------------------------------------------- strings and apostrophes */

static void test_strings(void)
{
    Lexed x;
    const char *r;

    r = expect_kinds(&x, "\"C:\\data\\\"", KINDS(T_STRING, T_NEWLINE, T_EOF));
    if (!r) r = str_is(&x, 0, "C:\\data\\");
    report("\"C:\\data\\\" is one string (no escapes)", r);
    unlex(&x);

    r = expect_kinds(&x, "s = '50% off'", KINDS(T_IDENT, T_EQ, T_STRING, T_NEWLINE, T_EOF));
    if (!r) r = str_is(&x, 2, "50% off");
    report("single-quoted string after '=' (and '%' inside it is no comment)", r);
    unlex(&x);

    r = expect_kinds(&x, "type(x, '?\?')",
                     KINDS(T_IDENT, T_LPAREN, T_IDENT, T_COMMA, T_STRING, T_RPAREN, T_NEWLINE, T_EOF));
    if (!r) r = str_is(&x, 4, "??");
    report("single-quoted string as an argument", r);
    unlex(&x);

    lex(&x, "s = \"abc\nt = 1");
    r = x.rc ? "lang_lex failed" : errors(&x) != 1 ? why("expected 1 error, got %d", errors(&x)) : NULL;
    if (!r && (x.toks.n < 3 || x.toks.tok[2].kind != T_STRING || x.toks.tok[3].kind != T_NEWLINE))
        r = "the unterminated string should end at the end of its line";
    report("unterminated string is an error and stops at the line end", r);
    unlex(&x);

    r = expect_kinds(&x, "cube'mirror'unchecked", KINDS(T_IDENT, T_MODIFIER, T_MODIFIER, T_NEWLINE, T_EOF));
    if (!r) r = str_is(&x, 1, "mirror");
    if (!r) r = str_is(&x, 2, "unchecked");
    report("cube'mirror'unchecked is IDENT MODIFIER MODIFIER", r);
    unlex(&x);

    r = expect_kinds(&x, "y : 'unchecked", KINDS(T_IDENT, T_COLON, T_MODIFIER, T_NEWLINE, T_EOF));
    if (!r) r = str_is(&x, 2, "unchecked");
    report("y : 'unchecked is a modifier after ':'", r);
    unlex(&x);

    r = expect_kinds(&x, "`1, 2'",
                     KINDS(T_CELL_OPEN, T_INT, T_COMMA, T_INT, T_CELL_CLOSE, T_NEWLINE, T_EOF));
    if (!r && (x.toks.tok[0].match != 4 || x.toks.tok[4].match != 0))
        r = why("cell brackets should match each other (got %d and %d)", x.toks.tok[0].match,
                x.toks.tok[4].match);
    report("`1, 2' is CELL_OPEN ... CELL_CLOSE", r);
    unlex(&x);

    r = expect_kinds(&x, "c = `x, y'", KINDS(T_IDENT, T_EQ, T_CELL_OPEN, T_IDENT, T_COMMA, T_IDENT,
                                             T_CELL_CLOSE, T_NEWLINE, T_EOF));
    report("a cell ends at the apostrophe after a name", r);
    unlex(&x);

    check_kinds("the acute accent closes a cell", "`1\xC2\xB4",
                KINDS(T_CELL_OPEN, T_INT, T_CELL_CLOSE, T_NEWLINE, T_EOF));

    lex(&x, "y = x'");
    r = x.rc ? "lang_lex failed" : errors(&x) != 1 ? why("expected 1 error, got %d", errors(&x)) : NULL;
    if (!r && (x.toks.n != 5 || x.toks.tok[2].kind != T_IDENT || x.toks.tok[3].kind != T_NEWLINE))
        r = "the apostrophe should be dropped, leaving y = x";
    report("x' (MATLAB transpose) is an error", r);
    unlex(&x);
}

/* ---------------------------------------------------------------- operators */

static void test_operators(void)
{
    check_kinds("A<-0.1 is IDENT LT MINUS REAL", "A<-0.1",
                KINDS(T_IDENT, T_LT, T_MINUS, T_REAL, T_NEWLINE, T_EOF));
    check_kinds("a[0] <- v is an atomic exchange", "a[0] <- v",
                KINDS(T_IDENT, T_LBRACKET, T_INT, T_RBRACKET, T_LARROW, T_IDENT, T_NEWLINE, T_EOF));
    check_kinds("a[0] <- (e, n) is an exchange with a tuple", "a[0] <- (e, n)",
                KINDS(T_IDENT, T_LBRACKET, T_INT, T_RBRACKET, T_LARROW, T_LPAREN, T_IDENT, T_COMMA,
                      T_IDENT, T_RPAREN, T_NEWLINE, T_EOF));
    check_kinds("a __= b is the atomic minimum token", "a __= b",
                KINDS(T_IDENT, T_MINEQ, T_IDENT, T_NEWLINE, T_EOF));
    check_kinds("a ^^= b is the atomic maximum token", "a ^^= b",
                KINDS(T_IDENT, T_MAXEQ, T_IDENT, T_NEWLINE, T_EOF));
    check_kinds("compound assignments", "a += 1; a .*= b; a ~= c",
                KINDS(T_IDENT, T_PLUSEQ, T_INT, T_SEMI, T_IDENT, T_DOTSTAREQ, T_IDENT, T_SEMI,
                      T_IDENT, T_TILDEEQ, T_IDENT, T_NEWLINE, T_EOF));
    check_kinds("... ?? -> := are single tokens", "... ?? -> :=",
                KINDS(T_ELLIPSIS, T_UNKNOWN_TYPE, T_ARROW, T_COLONEQ, T_NEWLINE, T_EOF));
    check_kinds("keywords and names that start like keywords", "endfor endfunction_x __kernel__ ifx",
                KINDS(T_ENDFOR, T_IDENT, T_KERNEL, T_IDENT, T_NEWLINE, T_EOF));
    check_kinds("$ is an identifier character", "sh$x = $bins",
                KINDS(T_IDENT, T_EQ, T_IDENT, T_NEWLINE, T_EOF));

    Lexed x;
    const char *r = expect_kinds(&x, "#pragma force_parallel  \nx = 1",
                                 KINDS(T_PRAGMA, T_NEWLINE, T_IDENT, T_EQ, T_INT, T_NEWLINE, T_EOF));
    if (!r) r = str_is(&x, 0, "force_parallel");
    report("#pragma keeps its text, trimmed", r);
    unlex(&x);

    lex(&x, "a & b");
    r = x.rc ? "lang_lex failed" : errors(&x) != 1 ? why("expected 1 error, got %d", errors(&x)) : NULL;
    report("a lone '&' is an error", r);
    unlex(&x);
}

/* ---------------------------------------------------------------- line structure */

static void test_lines(void)
{
    Lexed x;
    const char *r;

    check_kinds("newline ends a statement, ';' separates", "a = 1\nb = 2; c",
                KINDS(T_IDENT, T_EQ, T_INT, T_NEWLINE, T_IDENT, T_EQ, T_INT, T_SEMI, T_IDENT,
                      T_NEWLINE, T_EOF));
    check_kinds("blank and comment lines give one NEWLINE", "a\n\n% comment\n\nb\n",
                KINDS(T_IDENT, T_NEWLINE, T_IDENT, T_NEWLINE, T_EOF));
    check_kinds("no NEWLINE inside ( )", "f(1,\n2\n)",
                KINDS(T_IDENT, T_LPAREN, T_INT, T_COMMA, T_INT, T_RPAREN, T_NEWLINE, T_EOF));
    check_kinds("no NEWLINE inside [ ]", "A = [1, 2\n 3, 4]",
                KINDS(T_IDENT, T_EQ, T_LBRACKET, T_INT, T_COMMA, T_INT, T_INT, T_COMMA, T_INT,
                      T_RBRACKET, T_NEWLINE, T_EOF));
    check_kinds("no NEWLINE inside {! }", "{!sched\ncpu}",
                KINDS(T_ATTR, T_IDENT, T_IDENT, T_RBRACE, T_NEWLINE, T_EOF));
    check_kinds("a line starting with a statement keyword ends an open '{!'", "{!parallel\nfor",
                KINDS(T_ATTR, T_IDENT, T_NEWLINE, T_FOR, T_NEWLINE, T_EOF));

    r = expect_kinds(&x, "x = 1 +\n2", KINDS(T_IDENT, T_EQ, T_INT, T_PLUS, T_INT, T_NEWLINE, T_EOF));
    if (!r) r = line_is(&x, 4, 2, 1);
    report("no NEWLINE after a trailing operator", r);
    unlex(&x);

    check_kinds("no NEWLINE after a trailing comma", "print a,\nb",
                KINDS(T_IDENT, T_IDENT, T_COMMA, T_IDENT, T_NEWLINE, T_EOF));
    check_kinds("no NEWLINE after a trailing '='", "x =\n1",
                KINDS(T_IDENT, T_EQ, T_INT, T_NEWLINE, T_EOF));
    check_kinds("no NEWLINE after a trailing '->'", "f = x ->\nx",
                KINDS(T_IDENT, T_EQ, T_IDENT, T_ARROW, T_IDENT, T_NEWLINE, T_EOF));
    check_kinds("a trailing ':' ends the line (loop label)", "outer:\nfor",
                KINDS(T_IDENT, T_COLON, T_NEWLINE, T_FOR, T_NEWLINE, T_EOF));

    r = expect_kinds(&x, "y = a _\n+ 1", KINDS(T_IDENT, T_EQ, T_IDENT, T_PLUS, T_INT, T_NEWLINE, T_EOF));
    if (!r) r = line_is(&x, 3, 2, 1);
    report("'_' at the end of a line continues it", r);
    unlex(&x);

    check_kinds("'_' then a comment continues the line", "y = a _ % more below\n+ 1",
                KINDS(T_IDENT, T_EQ, T_IDENT, T_PLUS, T_INT, T_NEWLINE, T_EOF));
    check_kinds("'_' inside a name is no continuation", "_x = a_\n_",
                KINDS(T_IDENT, T_EQ, T_IDENT, T_NEWLINE, T_EOF));

    /* an unclosed bracket ends at a line that starts with a statement keyword */
    r = expect_kinds(&x, "f(1\nend", KINDS(T_IDENT, T_LPAREN, T_INT, T_NEWLINE, T_END, T_NEWLINE, T_EOF));
    if (!r && x.toks.tok[1].match != -1)
        r = "the unclosed '(' should have no match";
    report("an unclosed '(' ends before a line starting with 'end'", r);
    unlex(&x);

    r = expect_kinds(&x, "a\n  b", KINDS(T_IDENT, T_NEWLINE, T_IDENT, T_NEWLINE, T_EOF));
    if (!r) r = line_is(&x, 0, 1, 1);
    if (!r) r = line_is(&x, 2, 2, 3);
    report("token locations are line and byte column", r);
    unlex(&x);
}

/* ---------------------------------------------------------------- brackets */

static void test_brackets(void)
{
    Lexed x;
    /* 0 f  1 (  2 a  3 [  4 1  5 ]  6 ,  7 {  8 2  9 }  10 )  11 NEWLINE  12 EOF */
    const char *r = expect_kinds(&x, "f(a[1], {2})",
                                 KINDS(T_IDENT, T_LPAREN, T_IDENT, T_LBRACKET, T_INT, T_RBRACKET, T_COMMA,
                                       T_LBRACE, T_INT, T_RBRACE, T_RPAREN, T_NEWLINE, T_EOF));
    static const int want[] = {-1, 10, -1, 5, -1, 3, -1, 9, -1, 7, 1, -1, -1};
    for (int i = 0; !r && i < 13; i++)
        if (x.toks.tok[i].match != want[i])
            r = why("token %d: match %d, expected %d", i, x.toks.tok[i].match, want[i]);
    report("bracket match indices in f(a[1], {2})", r);
    unlex(&x);

    r = expect_kinds(&x, "{!kernel}", KINDS(T_ATTR, T_IDENT, T_RBRACE, T_NEWLINE, T_EOF));
    if (!r && (x.toks.tok[0].match != 2 || x.toks.tok[2].match != 0))
        r = "'{!' and '}' should match";
    report("'{!' matches its '}'", r);
    unlex(&x);

    r = expect_kinds(&x, "(]", KINDS(T_LPAREN, T_RBRACKET, T_NEWLINE, T_EOF));
    if (!r && (x.toks.tok[0].match != -1 || x.toks.tok[1].match != -1))
        r = "mismatched brackets should have no match";
    report("mismatched brackets have no match", r);
    unlex(&x);

    /* the lambda test of the parser: the token after the matching ')' is '->' */
    r = expect_kinds(&x, "(a, b) -> a", KINDS(T_LPAREN, T_IDENT, T_COMMA, T_IDENT, T_RPAREN, T_ARROW,
                                              T_IDENT, T_NEWLINE, T_EOF));
    if (!r && x.toks.tok[x.toks.tok[0].match + 1].kind != T_ARROW)
        r = "the token after the matching ')' should be '->'";
    report("lambda parameters: '->' follows the matching ')'", r);
    unlex(&x);
}

int main(void)
{
    test_numbers();
    test_strings();
    test_operators();
    test_lines();
    test_brackets();
    return failures ? 1 : 0;
}
