/*
 * lexer.h - Quasar source to tokens.
 *
 * The whole file is lexed up front into an array, which gives the parser unbounded
 * lookahead (lambdas are recognised by the `->` after a closing parenthesis) and lets
 * it find matching brackets in O(1). The lexer also settles the context-dependent
 * parts of the line structure, so the parser sees a clean stream:
 *   - NEWLINE tokens end statements; none is produced inside ( [ { ` {! brackets,
 *     after a trailing binary operator or comma, or after a `_` continuation;
 *   - an apostrophe is a type modifier (`cube'mirror`, `y : 'unchecked`), the end of a
 *     backquote cell literal, or a single-quoted string, decided by what precedes it;
 *   - `<-` is atomic exchange when followed by a blank or `(`, and otherwise `<` then
 *     unary minus, so the spec's `A[A<-0.1 || A>0.1]` compares.
 */
#ifndef LANG_LEXER_H
#define LANG_LEXER_H

#include "lang/arena.h"
#include "lang/diag.h"

#include <stdint.h>

typedef enum TokKind {
#define TOK(name, spelling) T_##name,
#define KW(name, spelling) T_##name,
#include "lang/token.def"
#undef TOK
#undef KW
    T__COUNT
} TokKind;

typedef struct Token {
    TokKind kind;
    LangLoc loc;
    const char *text;       /* points into the source; not NUL-terminated */
    int len;
    int match;              /* index of the matching bracket token, or -1 */
    unsigned space_before : 1;  /* blank or line break before this token */
    union {
        int64_t ival;       /* T_INT */
        double rval;        /* T_REAL, T_IMAG */
        const char *str;    /* T_STRING, T_MODIFIER, T_PRAGMA: NUL-terminated, arena */
    } v;
} Token;

typedef struct TokenList {
    Token *tok;
    int n;
} TokenList;

/* Lex the whole source. Errors go to `d`; the list always ends with T_EOF. Returns 0,
 * or -1 if memory ran out. */
int lang_lex(const LangSource *src, LangArena *arena, LangDiag *d, TokenList *out);

const char *lang_tok_name(TokKind k);

#endif
