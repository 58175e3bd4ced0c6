/*
 * parser.c - tokens to syntax tree, by recursive descent.
 *
 * Each parse function has its grammar rule in a comment above it. Errors longjmp to the
 * innermost statement, which skips to the end of the line (the lexer already made a
 * bracketed region one line) and goes on, so one run reports several errors. Blocks
 * know which closing keywords belong to them and to their enclosing blocks, so a
 * forgotten `endfor` is reported at the `endfunction` that exposed it instead of
 * swallowing the rest of the file.
 *
 * Precedence, lowest first (MATLAB's, with Quasar's additions):
 *   = op= <-  (right)     assignment, compound assignment, atomic exchange
 *   ->        (right)     lambda (its body is an assignment-level expression)
 *   ? :       (right)     conditional
 *   ||  &&                logical
 *   == != < > <= >=       comparison
 *   a..b  a..s..b         range
 *   + -                   additive
 *   * / .* ./             multiplicative
 *   - + !                 unary prefix
 *   ^ .^      (left)      power; its right operand may carry a unary sign: 2^-1
 *   f() a[] a.b a'mod     postfix
 */
#include "lang/ast.h"
#include "lang/limits.h"

#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct Parser {
    LangModule *m;
    LangDiag *d;
    Token *t;
    int pos;
    jmp_buf *env;           /* innermost statement's recovery point */
    int depth;              /* nesting, bounded by LANG_MAX_NESTING */
    int errors_at_start;
    bool give_up;
    TokKind open[LANG_MAX_NESTING + 8];   /* enclosing block constructs */
    int nopen;
    int end_style;          /* 0 none yet, 1 `end`, 2 `endif`-style */
    int end_style_line;
    bool in_pattern;        /* match patterns: `_ ->` is not a lambda */
} Parser;

/* ---------------------------------------------------------------- tokens */

static Token *peek(Parser *p) { return &p->t[p->pos]; }
static Token *peek_at(Parser *p, int k)
{
    int i = p->pos + k, last = p->m->toks.n - 1;    /* the last token is T_EOF */
    return &p->t[i > last ? last : i];
}
static bool check(Parser *p, TokKind k) { return peek(p)->kind == k; }
static Token *advance(Parser *p)
{
    Token *t = peek(p);
    if (t->kind != T_EOF)
        p->pos++;
    return t;
}
static bool accept(Parser *p, TokKind k)
{
    if (!check(p, k))
        return false;
    advance(p);
    return true;
}
static bool is_ident(const Token *t, const char *name)
{
    return t->kind == T_IDENT && (int)strlen(name) == t->len && !memcmp(t->text, name, (size_t)t->len);
}

/* How a token is named in a message: 'endif', 'x', end of line, "string". */
static const char *describe(Parser *p, const Token *t)
{
    switch (t->kind) {
    case T_EOF: return "end of file";
    case T_NEWLINE: return "end of line";
    case T_STRING: return "a string";
    case T_INT: case T_REAL: case T_IMAG: return "a number";
    case T_PRAGMA: return "'#pragma'";
    default: break;
    }
    int n = t->len > 40 ? 40 : t->len;
    char *s = lang_arena_alloc(&p->m->arena, (size_t)n + 3);
    if (!s)
        return "token";
    s[0] = '\'';
    memcpy(s + 1, t->text, (size_t)n);
    s[n + 1] = '\'';
    return s;
}

/* ---------------------------------------------------------------- errors */

static void stop_if_too_many(Parser *p)
{
    if (lang_diag_errors(p->d) - p->errors_at_start >= LANG_MAX_ERRORS && !p->give_up) {
        p->give_up = true;
        lang_diag_report(p->d, &p->m->src, peek(p)->loc, LANG_NOTE,
                         "too many errors; giving up on this file");
    }
}

static void report(Parser *p, LangLoc loc, LangDiagKind kind, const char *fmt, va_list ap)
{
    if (!p->give_up)
        lang_diag_vreport(p->d, &p->m->src, loc, kind, fmt, ap);
}

/* Report an error at `loc` and unwind to the innermost statement. */
static _Noreturn void __attribute__((format(printf, 3, 4)))
fail_at(Parser *p, LangLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(p, loc, LANG_ERROR, fmt, ap);
    va_end(ap);
    stop_if_too_many(p);
    longjmp(*p->env, 1);
}

/* Report an error and go on parsing. */
static void __attribute__((format(printf, 3, 4))) error_at(Parser *p, LangLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(p, loc, LANG_ERROR, fmt, ap);
    va_end(ap);
    stop_if_too_many(p);
}

static void __attribute__((format(printf, 3, 4))) note_at(Parser *p, LangLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(p, loc, LANG_NOTE, fmt, ap);
    va_end(ap);
}

static void __attribute__((format(printf, 3, 4))) warn_at(Parser *p, LangLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(p, loc, LANG_WARNING, fmt, ap);
    va_end(ap);
}

static _Noreturn void fail_expected(Parser *p, const char *what)
{
    Token *t = peek(p);
    fail_at(p, t->loc, "expected %s, found %s", what, describe(p, t));
}

static Token *expect(Parser *p, TokKind k, const char *what)
{
    if (!check(p, k))
        fail_expected(p, what);
    return advance(p);
}

/* Expect the bracket that closes `open`, naming where it was opened. */
static void expect_close(Parser *p, const Token *open, TokKind k)
{
    if (accept(p, k))
        return;
    Token *t = peek(p);
    error_at(p, t->loc, "expected '%s' to close '%.*s' from line %d, found %s", lang_tok_name(k),
             open->len, open->text, open->loc.line, describe(p, t));
    note_at(p, open->loc, "'%.*s' opened here", open->len, open->text);
    longjmp(*p->env, 1);
}

static void enter(Parser *p)
{
    if (++p->depth > LANG_MAX_NESTING) {
        p->depth = 0;       /* the unwinding below resets it properly */
        fail_at(p, peek(p)->loc, "nesting too deep (more than %d levels)", LANG_MAX_NESTING);
    }
}
static void leave(Parser *p) { p->depth--; }

/* ---------------------------------------------------------------- nodes */

static _Noreturn void out_of_memory(Parser *p)
{
    lang_diag_plain(p->d, LANG_INTERNAL, "out of memory while parsing %s", p->m->src.name);
    p->give_up = true;
    longjmp(*p->env, 1);
}

static void *alloc(Parser *p, size_t size)
{
    void *x = lang_arena_alloc(&p->m->arena, size);
    if (!x)
        out_of_memory(p);
    return x;
}

static Node *node(Parser *p, NodeKind kind, LangLoc loc)
{
    Node *n = alloc(p, sizeof *n);
    n->kind = kind;
    n->loc = loc;
    return n;
}

static const char *tok_str(Parser *p, const Token *t)
{
    char *s = lang_arena_strndup(&p->m->arena, t->text, (size_t)t->len);
    if (!s)
        out_of_memory(p);
    return s;
}

/* A growable list built in the arena (the waste of doubling is bounded by 2x). */
typedef struct Vec {
    void **items;
    int n, cap;
} Vec;

static void vec_push(Parser *p, Vec *v, void *x)
{
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 4;
        void **items = alloc(p, (size_t)cap * sizeof *items);
        if (v->n)
            memcpy(items, v->items, (size_t)v->n * sizeof *items);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->n++] = x;
}

static NodeList to_list(Vec v) { return (NodeList){(Node **)v.items, v.n}; }

/* ---------------------------------------------------------------- forward */

static Node *parse_assign(Parser *p);
static Node *parse_ternary(Parser *p);
static Node *parse_unary(Parser *p);
static LangType *parse_type(Parser *p);
static NodeList parse_block(Parser *p, TokKind construct);
static Node *parse_statement(Parser *p);

/* ================================================================= types */

static LangType *type_new(Parser *p, TypeKind kind, LangLoc loc)
{
    LangType *t = alloc(p, sizeof *t);
    t->kind = kind;
    t->loc = loc;
    return t;
}

static void type_push(Parser *p, LangType ***arr, int *n, LangType *x)
{
    LangType **a = alloc(p, (size_t)(*n + 1) * sizeof *a);
    if (*n)
        memcpy(a, *arr, (size_t)*n * sizeof *a);
    a[(*n)++] = x;
    *arr = a;
}

static void parse_modifiers(Parser *p, LangType *t)
{
    while (check(p, T_MODIFIER)) {
        Token *m = advance(p);
        const char *text = m->v.str;
        Token *open = peek(p);
        if (open->kind == T_LPAREN && !open->space_before && open->match > 0) {
            /* 'hwtex_nearest(4): the modifier keeps its argument text */
            Token *close = &p->t[open->match];
            size_t len = strlen(text) + (size_t)(close->text + close->len - open->text);
            char *s = alloc(p, len + 1);
            snprintf(s, len + 1, "%s%.*s", text, (int)(close->text + close->len - open->text), open->text);
            text = s;
            p->pos = open->match + 1;
        }
        const char **mods = alloc(p, (size_t)(t->nmods + 1) * sizeof *mods);
        if (t->nmods)
            memcpy(mods, t->mods, (size_t)t->nmods * sizeof *mods);
        mods[t->nmods++] = text;
        t->mods = mods;
    }
}

static LangType *parse_type_alt(Parser *p);

/* union_or_alt := alt ('|' alt)*   -- inside [ ] of a bracket type or an element list */
static LangType *parse_type_union(Parser *p)
{
    LangType *first = parse_type_alt(p);
    if (!check(p, T_PIPE))
        return first;
    LangType *u = type_new(p, TY_UNION, first->loc);
    type_push(p, &u->elems, &u->nelems, first);
    while (accept(p, T_PIPE))
        type_push(p, &u->elems, &u->nelems, parse_type_alt(p));
    return u;
}

/* elems := '[' union (',' union)* ']', written at most once */
static void parse_elem_types(Parser *p, LangType *t)
{
    if (t->has_elems || !check(p, T_LBRACKET) || peek(p)->space_before)
        return;
    Token *open = advance(p);
    t->has_elems = true;
    do
        type_push(p, &t->elems, &t->nelems, parse_type_union(p));
    while (accept(p, T_COMMA));
    expect_close(p, open, T_RBRACKET);
}

/* name_type := IDENT ('[' union (',' union)* ']')? ('{' (expr | ':') '}')? ('(' size (',' size)* ')')? */
static LangType *parse_name_type(Parser *p)
{
    Token *name = advance(p);
    LangType *t = type_new(p, TY_NAME, name->loc);
    t->name = tok_str(p, name);
    parse_elem_types(p, t);
    if (check(p, T_LBRACE) && !peek(p)->space_before) {
        Token *open = advance(p);
        t->has_dim = true;
        if (!accept(p, T_COLON))
            t->dim = parse_ternary(p);
        expect_close(p, open, T_RBRACE);
    }
    parse_elem_types(p, t);     /* or after the dimension: cube{4}[int] */
    if (check(p, T_LPAREN) && !peek(p)->space_before) {
        Token *open = advance(p);
        t->has_sizes = true;
        Vec sizes = {0};
        do {
            if (check(p, T_COLON) && (peek_at(p, 1)->kind == T_COMMA || peek_at(p, 1)->kind == T_RPAREN)) {
                advance(p);
                vec_push(p, &sizes, NULL);
            } else {
                vec_push(p, &sizes, parse_ternary(p));
            }
        } while (accept(p, T_COMMA));
        expect_close(p, open, T_RPAREN);
        t->sizes = (Node **)sizes.items;
        t->nsizes = sizes.n;
    }
    return t;
}

/* type_atom := '??' | '^' type_atom | '[' union ']' | '(' types? ')' | MODIFIER | name_type
 *              followed by modifiers ('mod)* */
static LangType *parse_type_atom(Parser *p)
{
    enter(p);
    Token *tok = peek(p);
    LangType *t;
    switch (tok->kind) {
    case T_UNKNOWN_TYPE:
        advance(p);
        t = type_new(p, TY_UNKNOWN, tok->loc);
        break;
    case T_CARET:
        advance(p);
        t = type_new(p, TY_POINTER, tok->loc);
        t->target = parse_type_atom(p);
        if (t->target->kind == TY_POINTER)
            error_at(p, tok->loc, "multiple indirections (^^T) are not allowed");
        else if (t->target->kind != TY_NAME)
            error_at(p, tok->loc, "a pointer must point to a named class type");
        break;
    case T_LBRACKET: {
        Token *open = advance(p);
        t = parse_type_union(p);
        expect_close(p, open, T_RBRACKET);
        break;
    }
    case T_LPAREN: {
        Token *open = advance(p);
        t = type_new(p, TY_TUPLE, tok->loc);
        if (!check(p, T_RPAREN))
            do
                type_push(p, &t->elems, &t->nelems, parse_type_union(p));
            while (accept(p, T_COMMA));
        expect_close(p, open, T_RPAREN);
        break;
    }
    case T_MODIFIER:
        t = type_new(p, TY_MODS, tok->loc);
        break;
    case T_IDENT:
    case T_FUNCTION:    /* `c : function` (Table 2.3) */
        t = parse_name_type(p);
        break;
    default:
        fail_expected(p, "a type");
    }
    parse_modifiers(p, t);
    leave(p);
    return t;
}

static void set_func_side(Parser *p, LangType *side, LangType ***arr, int *n)
{
    if (side->kind == TY_TUPLE && !side->nmods) {
        *arr = side->elems;
        *n = side->nelems;
    } else {
        type_push(p, arr, n, side);
    }
}

/* alt := ('__device__' | '__kernel__')? ('...')? type_atom ('->' alt)? */
static LangType *parse_type_alt(Parser *p)
{
    enter(p);
    Token *start = peek(p);
    int flags = 0;
    if (accept(p, T_DEVICE))
        flags = NODE_DEVICE;
    else if (accept(p, T_KERNEL))
        flags = NODE_KERNEL;
    bool variadic = accept(p, T_ELLIPSIS);
    LangType *lhs = parse_type_atom(p);
    if (!check(p, T_ARROW)) {
        if (flags || variadic)
            fail_expected(p, "'->' in a function type");
        leave(p);
        return lhs;
    }
    advance(p);
    LangType *f = type_new(p, TY_FUNC, start->loc);
    f->fn_flags = flags;
    f->variadic = variadic;
    set_func_side(p, lhs, &f->elems, &f->nelems);
    LangType *rhs = parse_type_alt(p);
    set_func_side(p, rhs, &f->results, &f->nresults);
    leave(p);
    return f;
}

/* type := type_atom. A function type needs brackets (`[int -> int]`), so a type never
 * takes the `->` of `(x : int -> 2*x)`, which belongs to the lambda. */
static LangType *parse_type(Parser *p)
{
    return parse_type_atom(p);
}

/* ================================================================= expressions */

static bool is_assign_op(TokKind k)
{
    switch (k) {
    case T_EQ: case T_PLUSEQ: case T_MINUSEQ: case T_STAREQ: case T_SLASHEQ: case T_CARETEQ:
    case T_DOTSTAREQ: case T_DOTSLASHEQ: case T_DOTCARETEQ: case T_ANDEQ: case T_OREQ:
    case T_TILDEEQ: case T_MAXEQ: case T_MINEQ:
        return true;
    default:
        return false;
    }
}

/* param := '...'? IDENT (':' type)? ('=' ternary)? */
static Node *parse_param(Parser *p, bool allow_default)
{
    Token *start = peek(p);
    int flags = accept(p, T_ELLIPSIS) ? NODE_VARIADIC : 0;
    Token *name = peek(p);
    if (name->kind != T_IDENT)
        fail_expected(p, "a parameter name");
    advance(p);
    Node *n = node(p, N_PARAM, start->loc);
    n->name = tok_str(p, name);
    n->flags = flags;
    if (accept(p, T_COLON))
        n->type = parse_type(p);
    if (check(p, T_EQ)) {
        if (!allow_default)
            fail_at(p, peek(p)->loc, "a default value is not allowed here");
        advance(p);
        n->a = parse_ternary(p);
    }
    return n;
}

/* params := '(' (param (',' param)*)? ')' */
static NodeList parse_params(Parser *p, bool allow_default)
{
    Token *open = expect(p, T_LPAREN, "'(' before the parameters");
    Vec v = {0};
    if (!check(p, T_RPAREN))
        do
            vec_push(p, &v, parse_param(p, allow_default));
        while (accept(p, T_COMMA));
    expect_close(p, open, T_RPAREN);
    return to_list(v);
}

/* lambda := ('__device__' | '__kernel__')? (IDENT | params) '->' assign */
static Node *parse_lambda(Parser *p, int flags, LangLoc loc)
{
    Node *n = node(p, N_LAMBDA, loc);
    n->flags = flags;
    if (check(p, T_IDENT)) {
        Vec v = {0};
        vec_push(p, &v, parse_param(p, false));
        n->args = to_list(v);
    } else {
        n->args = parse_params(p, true);
    }
    expect(p, T_ARROW, "'->' after the lambda's parameters");
    n->a = parse_assign(p);
    return n;
}

/* arg := ':' | '...' ternary | IDENT (':=' | '=') ternary | ternary (':' type)?
   `name = value` is a named argument by syntax, as in real programs: an argument is never
   an assignment (`f(a == b)` compares). */
static Node *parse_arg(Parser *p, bool allow_colon)
{
    Token *t = peek(p);
    TokKind next = peek_at(p, 1)->kind;
    if (allow_colon && t->kind == T_COLON && (next == T_COMMA || next == T_RBRACKET || next == T_RPAREN)) {
        advance(p);
        return node(p, N_COLON_ALL, t->loc);
    }
    if (accept(p, T_ELLIPSIS)) {
        Node *n = node(p, N_SPREAD, t->loc);
        n->a = parse_ternary(p);
        return n;
    }
    if (t->kind == T_IDENT && (next == T_COLONEQ || next == T_EQ)) {
        advance(p);
        advance(p);
        Node *n = node(p, N_NAMED_ARG, t->loc);
        n->name = tok_str(p, t);
        n->a = parse_ternary(p);
        return n;
    }
    Node *e = parse_ternary(p);
    if (check(p, T_COLON)) {
        Token *c = advance(p);
        Node *n = node(p, N_TYPED, c->loc);
        n->a = e;
        n->type = parse_type(p);
        return n;
    }
    return e;
}

/* args := (arg (',' arg)*)? ';'? closer
 * A ';' just before a call's ')' is accepted, as Quasar does: research code writes
 * handlers as  slider.onchange.add(() -> (params.a = slider.value);) */
static NodeList parse_args(Parser *p, const Token *open, TokKind closer, bool allow_colon)
{
    Vec v = {0};
    if (!check(p, closer)) {
        do
            vec_push(p, &v, parse_arg(p, allow_colon));
        while (accept(p, T_COMMA));
    }
    if (closer == T_RPAREN && check(p, T_SEMI) && peek_at(p, 1)->kind == T_RPAREN)
        advance(p);
    expect_close(p, open, closer);
    return to_list(v);
}

/* paren := '(' ')' | '(' IDENT ':' type '->' assign ')' | '(' item ((';' | ',') item)* ')'
 * item  := assign (':' type)? */
static Node *parse_paren(Parser *p)
{
    Token *open = advance(p);
    if (check(p, T_RPAREN)) {
        advance(p);
        return node(p, N_TUPLE, open->loc);
    }
    Vec v = {0};
    TokKind sep = T_EOF;
    for (;;) {
        Node *e = parse_assign(p);
        if (check(p, T_COLON)) {
            Token *c = advance(p);
            LangType *ty = parse_type(p);
            if (check(p, T_ARROW) && e->kind == N_IDENT && !v.n) {
                /* (x : int -> 2*x): a lambda with one typed parameter */
                advance(p);
                Node *param = node(p, N_PARAM, e->loc);
                param->name = e->name;
                param->type = ty;
                Node *lam = node(p, N_LAMBDA, e->loc);
                Vec pv = {0};
                vec_push(p, &pv, param);
                lam->args = to_list(pv);
                lam->a = parse_assign(p);
                e = lam;
            } else {
                Node *n = node(p, N_TYPED, c->loc);
                n->a = e;
                n->type = ty;
                e = n;
            }
        }
        vec_push(p, &v, e);
        TokKind k = peek(p)->kind;
        if (k != T_SEMI && k != T_COMMA)
            break;
        if (sep != T_EOF && sep != k)
            fail_at(p, peek(p)->loc, "cannot mix ';' and ',' inside parentheses");
        sep = k;
        advance(p);
        if (check(p, T_RPAREN) && sep == T_SEMI)
            break;      /* (a; b;) */
    }
    expect_close(p, open, T_RPAREN);
    if (v.n == 1)
        return (Node *)v.items[0];
    Node *n = node(p, sep == T_SEMI ? N_SEQ : N_TUPLE, open->loc);
    n->args = to_list(v);
    return n;
}

/* A '(' whose matching ')' is followed by '->' starts a lambda's parameter list. */
static bool paren_starts_lambda_at(Parser *p, int k)
{
    Token *t = peek_at(p, k);
    if (p->in_pattern)
        return false;
    return t->kind == T_LPAREN && t->match > 0 && p->t[t->match + 1].kind == T_ARROW;
}

static bool paren_starts_lambda(Parser *p) { return paren_starts_lambda_at(p, 0); }

/* primary := number | string | IDENT | '_' | paren | lambda | '[' args ']' | cell */
static Node *parse_primary(Parser *p)
{
    Token *t = peek(p);
    Node *n;
    switch (t->kind) {
    case T_INT:
        advance(p);
        n = node(p, N_INT, t->loc);
        n->ival = t->v.ival;
        return n;
    case T_REAL:
    case T_IMAG:
        advance(p);
        n = node(p, t->kind == T_REAL ? N_REAL : N_IMAG, t->loc);
        n->rval = t->v.rval;
        return n;
    case T_STRING:
        advance(p);
        n = node(p, N_STRING, t->loc);
        n->name = t->v.str ? t->v.str : "";
        return n;
    case T_IDENT:
        if (peek_at(p, 1)->kind == T_ARROW && !p->in_pattern)
            return parse_lambda(p, 0, t->loc);
        advance(p);
        if (t->len == 1 && t->text[0] == '_')
            return node(p, N_PLACEHOLDER, t->loc);
        n = node(p, N_IDENT, t->loc);
        n->name = tok_str(p, t);
        return n;
    case T_UNKNOWN_TYPE:
        advance(p);
        n = node(p, N_IDENT, t->loc);
        n->name = "??";
        return n;
    case T_KERNEL:
    case T_DEVICE:
        advance(p);
        if (!check(p, T_LPAREN) && !check(p, T_IDENT))
            fail_expected(p, "a parameter list after the function kind");
        return parse_lambda(p, t->kind == T_KERNEL ? NODE_KERNEL : NODE_DEVICE, t->loc);
    case T_LPAREN:
        if (paren_starts_lambda(p))
            return parse_lambda(p, 0, t->loc);
        return parse_paren(p);
    case T_LBRACKET:
        advance(p);
        n = node(p, N_MATRIX, t->loc);
        n->args = parse_args(p, t, T_RBRACKET, false);
        return n;
    case T_CELL_OPEN:
    case T_LBRACE:
        advance(p);
        n = node(p, N_CELL, t->loc);
        n->args = parse_args(p, t, t->kind == T_LBRACE ? T_RBRACE : T_CELL_CLOSE, false);
        return n;
    default:
        fail_expected(p, "an expression");
    }
}

/* postfix := primary ( '(' args ')' | '[' args ']' | '.' IDENT | MODIFIER | '{' dim '}' )* */
static Node *parse_postfix(Parser *p)
{
    Node *e = parse_primary(p);
    for (;;) {
        Token *t = peek(p);
        Node *n;
        if (t->kind == T_LPAREN) {
            advance(p);
            n = node(p, N_CALL, t->loc);
            n->a = e;
            n->args = parse_args(p, t, T_RPAREN, true);
        } else if (t->kind == T_LBRACKET) {
            advance(p);
            n = node(p, N_INDEX, t->loc);
            n->a = e;
            n->args = parse_args(p, t, T_RBRACKET, true);
        } else if (t->kind == T_DOT) {
            advance(p);
            Token *name = peek(p);
            if (name->kind != T_IDENT && name->kind < T_IF)
                fail_expected(p, "a field name after '.'");
            advance(p);
            n = node(p, N_FIELD, t->loc);
            n->a = e;
            n->name = tok_str(p, name);
        } else if (t->kind == T_MODIFIER) {
            advance(p);
            n = node(p, N_MODIFIED, t->loc);
            n->a = e;
            n->name = t->v.str;
        } else if (t->kind == T_LBRACE && !t->space_before) {
            advance(p);
            n = node(p, N_TYPE_DIMS, t->loc);
            n->a = e;
            if (!accept(p, T_COLON))
                n->b = parse_ternary(p);
            expect_close(p, t, T_RBRACE);
        } else {
            return e;
        }
        e = n;
    }
}

static Node *unary(Parser *p, Token *op, Node *a)
{
    Node *n = node(p, N_UNARY, op->loc);
    n->op = op->kind;
    n->a = a;
    return n;
}

static Node *binary(Parser *p, Token *op, Node *a, Node *b)
{
    Node *n = node(p, N_BINARY, op->loc);
    n->op = op->kind;
    n->a = a;
    n->b = b;
    return n;
}

/* pow_operand := ('-' | '+' | '!') pow_operand | postfix */
static Node *parse_pow_operand(Parser *p)
{
    Token *t = peek(p);
    if (t->kind == T_MINUS || t->kind == T_PLUS || t->kind == T_BANG) {
        enter(p);
        advance(p);
        Node *n = unary(p, t, parse_pow_operand(p));
        leave(p);
        return n;
    }
    return parse_postfix(p);
}

/* power := postfix (('^' | '.^') pow_operand)* */
static Node *parse_power(Parser *p)
{
    Node *e = parse_postfix(p);
    while (check(p, T_CARET) || check(p, T_DOTCARET)) {
        Token *op = advance(p);
        e = binary(p, op, e, parse_pow_operand(p));
    }
    return e;
}

/* unary := ('-' | '+' | '!') unary | power */
static Node *parse_unary(Parser *p)
{
    Token *t = peek(p);
    if (t->kind == T_MINUS || t->kind == T_PLUS || t->kind == T_BANG) {
        enter(p);
        advance(p);
        Node *n = unary(p, t, parse_unary(p));
        leave(p);
        return n;
    }
    return parse_power(p);
}

/* mul := unary (('*' | '/' | '.*' | './') unary)* */
static Node *parse_mul(Parser *p)
{
    Node *e = parse_unary(p);
    for (TokKind k; (k = peek(p)->kind) == T_STAR || k == T_SLASH || k == T_DOTSTAR || k == T_DOTSLASH;) {
        Token *op = advance(p);
        e = binary(p, op, e, parse_unary(p));
    }
    return e;
}

/* add := mul (('+' | '-') mul)* */
static Node *parse_add(Parser *p)
{
    Node *e = parse_mul(p);
    while (check(p, T_PLUS) || check(p, T_MINUS)) {
        Token *op = advance(p);
        e = binary(p, op, e, parse_mul(p));
    }
    return e;
}

/* range := add ('..' add ('..' add)?)? */
static Node *parse_range(Parser *p)
{
    Node *e = parse_add(p);
    if (!check(p, T_DOTDOT))
        return e;
    Token *op = advance(p);
    Node *n = node(p, N_RANGE, op->loc);
    n->a = e;
    n->c = parse_add(p);
    if (accept(p, T_DOTDOT)) {
        n->b = n->c;
        n->c = parse_add(p);
    }
    return n;
}

/* compare := range (('==' | '!=' | '<' | '>' | '<=' | '>=') range)* */
static Node *parse_compare(Parser *p)
{
    Node *e = parse_range(p);
    for (TokKind k; (k = peek(p)->kind) == T_EQEQ || k == T_NOTEQ || k == T_LT || k == T_GT ||
                    k == T_LE || k == T_GE;) {
        Token *op = advance(p);
        e = binary(p, op, e, parse_range(p));
    }
    return e;
}

/* and := compare ('&&' compare)* */
static Node *parse_and(Parser *p)
{
    Node *e = parse_compare(p);
    while (check(p, T_ANDAND)) {
        Token *op = advance(p);
        e = binary(p, op, e, parse_compare(p));
    }
    return e;
}

/* or := and ('||' and)* */
static Node *parse_or(Parser *p)
{
    Node *e = parse_and(p);
    while (check(p, T_OROR)) {
        Token *op = advance(p);
        e = binary(p, op, e, parse_and(p));
    }
    return e;
}

/* ternary := or ('?' ternary ':' ternary)? */
static Node *parse_ternary(Parser *p)
{
    enter(p);
    Node *e = parse_or(p);
    if (check(p, T_QUESTION)) {
        Token *q = advance(p);
        Node *n = node(p, N_TERNARY, q->loc);
        n->a = e;
        n->b = parse_ternary(p);
        expect(p, T_COLON, "':' of the conditional expression");
        n->c = parse_ternary(p);
        e = n;
    }
    leave(p);
    return e;
}

/* Assignment targets: names, indexing, fields, typed names, and [a, _, b]. */
static void check_target(Parser *p, Node *e, bool in_list)
{
    switch (e->kind) {
    case N_IDENT: case N_INDEX: case N_FIELD:
        return;
    case N_PLACEHOLDER:
        if (in_list)
            return;
        break;
    case N_TYPED:
        if (e->a->kind == N_IDENT)
            return;
        break;
    case N_MATRIX:
        if (!in_list) {
            for (int i = 0; i < e->args.n; i++)
                check_target(p, e->args.items[i], true);
            return;
        }
        break;
    default:
        break;
    }
    const char *what = lang_node_what(e->kind);
    fail_at(p, e->loc, "cannot assign to %s %s", strchr("aeiou", what[0]) ? "an" : "a", what);
}

/* assign := ternary (assign_op assign | '<-' ternary)? */
static Node *parse_assign(Parser *p)
{
    enter(p);
    Node *e = parse_ternary(p);
    Token *t = peek(p);
    if (is_assign_op(t->kind)) {
        advance(p);
        check_target(p, e, false);
        if (t->kind != T_EQ && e->kind == N_MATRIX)
            fail_at(p, t->loc, "'%s' needs a single target", lang_tok_name(t->kind));
        Node *n = node(p, N_ASSIGN, t->loc);
        n->op = t->kind;
        n->a = e;
        n->b = parse_assign(p);
        e = n;
    } else if (t->kind == T_LARROW) {
        advance(p);
        if (e->kind != N_INDEX && e->kind != N_IDENT)
            fail_at(p, e->loc, "the target of '<-' must be an array element");
        Node *n = node(p, N_EXCHANGE, t->loc);
        n->a = e;
        n->b = parse_ternary(p);
        e = n;
    }
    leave(p);
    return e;
}

/* ================================================================= statements */

static bool at_statement_end(Parser *p)
{
    TokKind k = peek(p)->kind;
    return k == T_NEWLINE || k == T_SEMI || k == T_EOF;
}

/* A statement may end in `,` as in MATLAB (`x = 3,`): the comma separates it from the next
   one like `;` (the lexer has joined the next line to it). */
static void expect_statement_end(Parser *p)
{
    if (check(p, T_COMMA)) {
        advance(p);
        return;
    }
    if (!at_statement_end(p))
        fail_expected(p, "end of statement");
}

static void skip_newlines(Parser *p)
{
    while (check(p, T_NEWLINE) || check(p, T_SEMI))
        advance(p);
}

/* Closing keywords and where they belong. */
static bool is_terminator(TokKind k)
{
    switch (k) {
    case T_END: case T_ENDIF: case T_ENDFOR: case T_ENDWHILE: case T_ENDFUNCTION:
    case T_ENDTYPE: case T_ENDMATCH: case T_ENDTRY: case T_ELSE: case T_ELSEIF:
    case T_CATCH: case T_UNTIL: case T_PIPE: case T_EOF:
        return true;
    default:
        return false;
    }
}

static TokKind end_keyword_of(TokKind construct)
{
    switch (construct) {
    case T_IF: return T_ENDIF;
    case T_FOR: return T_ENDFOR;
    case T_WHILE: return T_ENDWHILE;
    case T_FUNCTION: return T_ENDFUNCTION;
    case T_MATCH: return T_ENDMATCH;
    case T_TRY: case T_CATCH: return T_ENDTRY;
    case T_ENDTYPE: return T_ENDTYPE;
    default: return T_EOF;
    }
}

/* Does block construct `c` (T_IF, T_FOR, ..., T_CATCH for a catch body) end at `k`? */
static bool construct_accepts(TokKind c, TokKind k)
{
    if (k == T_EOF)
        return true;
    switch (c) {
    case T_IF: return k == T_ELSEIF || k == T_ELSE || k == T_ENDIF || k == T_END;
    case T_REPEAT: return k == T_UNTIL;
    case T_MATCH: return k == T_PIPE || k == T_ENDMATCH || k == T_END;
    case T_TRY: return k == T_CATCH || k == T_ENDTRY || k == T_END;
    case T_EOF: return false;   /* the file itself */
    default: return k == end_keyword_of(c) || k == T_END;
    }
}

static bool end_keyword_name(TokKind k)
{
    switch (k) {
    case T_ENDIF: case T_ENDFOR: case T_ENDWHILE: case T_ENDFUNCTION: case T_ENDTYPE:
    case T_ENDMATCH: case T_ENDTRY:
        return true;
    default:
        return false;
    }
}

static bool enclosing_accepts(Parser *p, TokKind k)
{
    for (int i = p->nopen - 1; i >= 0; i--)
        if (construct_accepts(p->open[i], k))
            return true;
    return false;
}

static const char *construct_name(TokKind c)
{
    switch (c) {
    case T_CATCH: return "try";
    case T_ENDTYPE: return "type";
    default: return lang_tok_name(c);
    }
}

/* One file, one style: `end` everywhere or `endif`/`endfor`/... everywhere. */
static void note_end_style(Parser *p, const Token *t)
{
    if (t->kind == T_ENDIF)
        return;     /* `endif` belongs to both styles (the legacy one closed only `if` so) */
    int style = t->kind == T_END ? 1 : 2;
    if (!p->end_style) {
        p->end_style = style;
        p->end_style_line = t->loc.line;
    } else if (style != p->end_style) {
        error_at(p, t->loc, "'%.*s' mixes end-keyword styles: this file closed a block with %s at line %d"
                 " (use 'end' everywhere or 'endif'/'endfor'/... everywhere)", t->len, t->text,
                 p->end_style == 1 ? "'end'" : "a specific keyword", p->end_style_line);
    }
}

/* Consume the end keyword of `construct` opened by `opener`. A missing one is reported
 * at the token that showed it missing; that token is left for the enclosing block. */
static void expect_end(Parser *p, TokKind construct, const Token *opener)
{
    Token *t = peek(p);
    TokKind want = end_keyword_of(construct);
    if (t->kind == T_END || t->kind == want) {
        note_end_style(p, t);
        advance(p);
        return;
    }
    error_at(p, t->loc, "expected '%s' (or 'end') to close '%s' from line %d, found %s",
             lang_tok_name(want), construct_name(construct), opener->loc.line, describe(p, t));
    note_at(p, opener->loc, "'%s' opened here", construct_name(construct));
    if (!enclosing_accepts(p, t->kind) && t->kind != T_EOF)
        advance(p);     /* a stray closer nobody wants: drop it */
}

static void push_construct(Parser *p, TokKind c)
{
    if (p->nopen >= LANG_MAX_NESTING)
        fail_at(p, peek(p)->loc, "blocks nested too deeply (more than %d levels)", LANG_MAX_NESTING);
    p->open[p->nopen++] = c;
}

/* block := (statement (NEWLINE | ';'))*  up to a closing keyword of `construct` or of an
 * enclosing block. Closing keywords that belong to nobody are reported and skipped. */
static NodeList parse_block(Parser *p, TokKind construct)
{
    Vec v = {0};
    for (;;) {
        skip_newlines(p);
        if (p->give_up) {
            while (!check(p, T_EOF))
                advance(p);
            break;
        }
        Token *t = peek(p);
        if (is_terminator(t->kind)) {
            if (construct_accepts(construct, t->kind) || enclosing_accepts(p, t->kind))
                break;
            bool end_family = t->kind == T_END || (t->kind >= T_ENDIF && end_keyword_name(t->kind));
            if (end_family && construct != T_EOF && construct != T_REPEAT)
                break;      /* `endwhile` closing a `for`: expect_end names both */
            const char *owner = t->kind == T_ELSE || t->kind == T_ELSEIF ? "'if'"
                              : t->kind == T_CATCH ? "'try'" : t->kind == T_UNTIL ? "'repeat'"
                              : t->kind == T_PIPE ? "'match'" : "block";
            error_at(p, t->loc, "%s without a matching %s", describe(p, t), owner);
            advance(p);
            continue;
        }
        Node *s = parse_statement(p);
        if (s)
            vec_push(p, &v, s);
    }
    return to_list(v);
}

/* The header of a block must end its line: `if a == 2; f(); endif` is not allowed. */
static void expect_header_end(Parser *p, const char *what)
{
    Token *t = peek(p);
    if (t->kind == T_NEWLINE || t->kind == T_EOF)
        return;
    if (t->kind == T_SEMI || t->kind == T_COMMA) {
        /* 004 §2.1 forbids this for `if` only; other blocks accept `;` as a line break */
        if (!strcmp(what, "if") || !strcmp(what, "elseif"))
            error_at(p, t->loc, "'%s' and its body must be on separate lines", what);
        advance(p);
        return;
    }
    error_at(p, t->loc, "expected end of line after the '%s' header, found %s", what, describe(p, t));
    while (!check(p, T_NEWLINE) && !check(p, T_EOF))
        advance(p);     /* keep the block, so its body and end still match */
}

/* Parse an expression in a block header; on error, skip the rest of the line and keep
 * the block, so its body and end are still matched. */
static Node *parse_header_expr(Parser *p)
{
    jmp_buf env, *outer = p->env;
    int depth = p->depth;
    Node *e;
    p->env = &env;
    if (!setjmp(env)) {
        e = parse_assign(p);
    } else {
        p->depth = depth;
        e = node(p, N_BAD, peek(p)->loc);
        while (!check(p, T_NEWLINE) && !check(p, T_EOF))
            advance(p);
    }
    p->env = outer;
    return e;
}

/* if := 'if' expr NL block ('elseif' expr NL block)* ('else' block)? end */
static Node *parse_if(Parser *p)
{
    Token *opener = advance(p);
    Node *n = node(p, N_IF, opener->loc);
    Vec arms = {0};
    push_construct(p, T_IF);
    Token *kw = opener;
    for (;;) {
        Node *arm = node(p, N_IF_ARM, kw->loc);
        arm->a = parse_header_expr(p);
        expect_header_end(p, kw->kind == T_IF ? "if" : "elseif");
        arm->body = parse_block(p, T_IF);
        vec_push(p, &arms, arm);
        if (!check(p, T_ELSEIF))
            break;
        kw = advance(p);
    }
    if (check(p, T_ELSE)) {
        Token *e = advance(p);
        Node *arm = node(p, N_IF_ARM, e->loc);
        arm->body = parse_block(p, T_IF);
        vec_push(p, &arms, arm);
        if (check(p, T_ELSE) || check(p, T_ELSEIF)) {
            Token *x = peek(p);
            error_at(p, x->loc, "%s after 'else'", describe(p, x));
        }
    }
    p->nopen--;
    n->args = to_list(arms);
    expect_end(p, T_IF, opener);
    return n;
}

/* for := 'for' IDENT '=' expr NL block end */
static Node *parse_for(Parser *p, const char *label)
{
    Token *opener = advance(p);
    Node *n = node(p, N_FOR, opener->loc);
    n->label = label;
    Token *var = peek(p);
    if (var->kind != T_IDENT) {
        n->name = "?";
        error_at(p, var->loc, "expected the loop variable after 'for', found %s", describe(p, var));
        n->a = parse_header_expr(p);
    } else {
        advance(p);
        n->name = tok_str(p, var);
        if (!accept(p, T_EQ)) {
            error_at(p, peek(p)->loc, "expected '=' after the loop variable, found %s", describe(p, peek(p)));
            n->a = node(p, N_BAD, peek(p)->loc);
            while (!check(p, T_NEWLINE) && !check(p, T_EOF))
                advance(p);
        } else {
            n->a = parse_header_expr(p);
        }
    }
    expect_header_end(p, "for");
    push_construct(p, T_FOR);
    n->body = parse_block(p, T_FOR);
    p->nopen--;
    expect_end(p, T_FOR, opener);
    return n;
}

/* while := 'while' expr NL block end */
static Node *parse_while(Parser *p, const char *label)
{
    Token *opener = advance(p);
    Node *n = node(p, N_WHILE, opener->loc);
    n->label = label;
    n->a = parse_header_expr(p);
    expect_header_end(p, "while");
    push_construct(p, T_WHILE);
    n->body = parse_block(p, T_WHILE);
    p->nopen--;
    expect_end(p, T_WHILE, opener);
    return n;
}

/* repeat := 'repeat' NL block 'until' expr */
static Node *parse_repeat(Parser *p, const char *label)
{
    Token *opener = advance(p);
    Node *n = node(p, N_REPEAT, opener->loc);
    n->label = label;
    push_construct(p, T_REPEAT);
    n->body = parse_block(p, T_REPEAT);
    p->nopen--;
    if (!accept(p, T_UNTIL)) {
        Token *t = peek(p);
        error_at(p, t->loc, "expected 'until' to close 'repeat' from line %d, found %s", opener->loc.line,
                 describe(p, t));
        note_at(p, opener->loc, "'repeat' opened here");
        n->a = node(p, N_BAD, t->loc);
        return n;
    }
    n->a = parse_assign(p);
    return n;
}

/* match := 'match' expr 'with' NL ('|' pattern (',' pattern)* '->' block)* end
 * pattern := '_' | ternary; '(' p1, p2 ')' lists several */
static Node *parse_match(Parser *p)
{
    Token *opener = advance(p);
    Node *n = node(p, N_MATCH, opener->loc);
    n->a = parse_header_expr(p);
    if (is_ident(peek(p), "with"))
        advance(p);
    else
        error_at(p, peek(p)->loc, "expected 'with' after the match expression, found %s", describe(p, peek(p)));
    expect_header_end(p, "match");
    push_construct(p, T_MATCH);
    Vec cases = {0};
    skip_newlines(p);
    while (check(p, T_PIPE)) {
        Token *bar = advance(p);
        Node *c = node(p, N_CASE, bar->loc);
        jmp_buf env, *outer = p->env;
        p->env = &env;
        if (!setjmp(env)) {
            p->in_pattern = true;
            Node *pat = parse_ternary(p);
            Vec pats = {0};
            if (pat->kind == N_TUPLE && pat->args.n)
                for (int i = 0; i < pat->args.n; i++)
                    vec_push(p, &pats, pat->args.items[i]);
            else
                vec_push(p, &pats, pat);
            while (accept(p, T_COMMA))
                vec_push(p, &pats, parse_ternary(p));
            c->args = to_list(pats);
            p->in_pattern = false;
            expect(p, T_ARROW, "'->' after the match pattern");
        } else {
            p->in_pattern = false;
            while (!check(p, T_NEWLINE) && !check(p, T_EOF))
                advance(p);
        }
        p->env = outer;
        c->body = parse_block(p, T_MATCH);
        vec_push(p, &cases, c);
    }
    p->nopen--;
    n->args = to_list(cases);
    expect_end(p, T_MATCH, opener);
    return n;
}

/* try := 'try' NL block 'catch' IDENT? NL block end */
static Node *parse_try(Parser *p)
{
    Token *opener = advance(p);
    Node *n = node(p, N_TRY, opener->loc);
    expect_header_end(p, "try");
    push_construct(p, T_TRY);
    n->body = parse_block(p, T_TRY);
    p->nopen--;
    if (accept(p, T_CATCH)) {
        if (check(p, T_IDENT))
            n->name = tok_str(p, advance(p));
        expect_header_end(p, "catch");
        push_construct(p, T_CATCH);
        n->args2 = parse_block(p, T_CATCH);
        p->nopen--;
    }
    expect_end(p, T_TRY, opener);
    return n;
}

/* generics := '[' param (',' param)* ']' */
static NodeList parse_generics(Parser *p)
{
    Vec v = {0};
    if (check(p, T_LBRACKET) && !peek(p)->space_before) {
        Token *open = advance(p);
        do
            vec_push(p, &v, parse_param(p, false));
        while (accept(p, T_COMMA));
        expect_close(p, open, T_RBRACKET);
    }
    return to_list(v);
}

/* output := IDENT (':' type)? */
static Node *parse_output(Parser *p)
{
    Token *name = peek(p);
    if (name->kind != T_IDENT)
        fail_expected(p, "an output name");
    advance(p);
    Node *n = node(p, N_PARAM, name->loc);
    n->name = tok_str(p, name);
    if (accept(p, T_COLON))
        n->type = parse_type(p);
    return n;
}

/* function := 'function' (outputs '=')? kind? IDENT generics? params NL block end
 * outputs  := output | '[' (output (',' output)*)? ']' */
static Node *parse_function(Parser *p)
{
    Token *opener = advance(p);
    Node *n = node(p, N_FUNCTION, opener->loc);
    jmp_buf env, *outer = p->env;
    p->env = &env;
    int depth = p->depth;
    if (!setjmp(env)) {
        Vec outs = {0};
        if (check(p, T_LBRACKET)) {
            Token *open = advance(p);
            if (!check(p, T_RBRACKET))
                do
                    vec_push(p, &outs, parse_output(p));
                while (accept(p, T_COMMA));
            expect_close(p, open, T_RBRACKET);
            if (!(outs.n == 0 && (check(p, T_KERNEL) || check(p, T_DEVICE))))
                expect(p, T_EQ, "'=' after the outputs");   /* `function [] __kernel__ f` is generated code's form */
        } else if (check(p, T_IDENT) && peek_at(p, 1)->kind != T_LPAREN &&
                   peek_at(p, 1)->kind != T_LBRACKET) {
            TokKind after = peek_at(p, 1)->kind;
            if (after == T_NEWLINE || after == T_SEMI || after == T_EOF)
                fail_at(p, peek_at(p, 1)->loc, "expected '(' and the parameters after the function name");
            vec_push(p, &outs, parse_output(p));
            expect(p, T_EQ, "'=' after the output");
        }
        n->args2 = to_list(outs);
        if (accept(p, T_KERNEL))
            n->flags |= NODE_KERNEL;
        else if (accept(p, T_DEVICE))
            n->flags |= NODE_DEVICE;
        Token *name = peek(p);
        if (name->kind != T_IDENT)
            fail_expected(p, "the function name");
        advance(p);
        n->name = tok_str(p, name);
        n->args3 = parse_generics(p);
        n->args = parse_params(p, true);
        if (check(p, T_EQ) && is_ident(peek_at(p, 1), "static")) {
            advance(p);     /* `f(...)=static`: how the compiler prints generated functions */
            advance(p);
        }
        expect_header_end(p, "function");
    } else {
        p->depth = depth;
        if (!n->name)
            n->name = "?";
        while (!check(p, T_NEWLINE) && !check(p, T_EOF))
            advance(p);
    }
    p->env = outer;
    push_construct(p, T_FUNCTION);
    n->body = parse_block(p, T_FUNCTION);
    p->nopen--;
    expect_end(p, T_FUNCTION, opener);
    return n;
}

/* typedef := 'type' IDENT generics? ':' ( class_kind NL (field NL)* end | type )
 * class_kind := 'class' | 'mutable' 'class' | 'dynamic' 'class'
 * field := IDENT ':' type ('=' ternary)? */
static Node *parse_typedef(Parser *p)
{
    Token *opener = advance(p);
    Node *n = node(p, N_TYPEDEF, opener->loc);
    Token *name = expect(p, T_IDENT, "the name of the type");
    n->name = tok_str(p, name);
    n->args3 = parse_generics(p);
    expect(p, T_COLON, "':' after the type name");
    Token *t = peek(p);
    int kind = CLASS_NONE;
    if (is_ident(t, "class") && peek_at(p, 1)->kind == T_NEWLINE)
        kind = CLASS_IMMUTABLE;
    else if ((is_ident(t, "mutable") || is_ident(t, "dynamic")) && is_ident(peek_at(p, 1), "class"))
        kind = is_ident(t, "mutable") ? CLASS_MUTABLE : CLASS_DYNAMIC;
    n->op = kind;
    if (kind == CLASS_NONE) {
        n->type = parse_type(p);
        return n;
    }
    advance(p);
    if (kind != CLASS_IMMUTABLE)
        advance(p);
    expect_header_end(p, "type");
    Vec fields = {0};
    for (;;) {
        skip_newlines(p);
        TokKind k = peek(p)->kind;
        if (k == T_ENDTYPE || k == T_END || k == T_EOF || k >= T_IF)
            break;      /* a statement keyword: the type's end is missing */
        jmp_buf env, *outer = p->env;
        p->env = &env;
        if (!setjmp(env)) {
            Node *f = parse_param(p, true);
            if (!f->type)
                fail_at(p, f->loc, "field '%s' needs a type ('%s : scalar')", f->name, f->name);
            vec_push(p, &fields, f);
            expect_statement_end(p);
        } else {
            while (!check(p, T_NEWLINE) && !check(p, T_EOF))
                advance(p);
        }
        p->env = outer;
    }
    n->args = to_list(fields);
    expect_end(p, T_ENDTYPE, opener);
    return n;
}

/* reduction := 'reduction' params '->' ternary '=' ternary ('where' ternary)? */
static Node *parse_reduction(Parser *p)
{
    Token *kw = advance(p);
    Node *n = node(p, N_REDUCTION, kw->loc);
    if (check(p, T_IDENT)) {
        Vec v = {0};
        vec_push(p, &v, parse_param(p, false));
        n->args = to_list(v);
    } else {
        n->args = parse_params(p, false);
    }
    expect(p, T_ARROW, "'->' after the reduction's parameters");
    n->a = parse_ternary(p);
    if (!accept(p, T_ARROW))    /* the CUDA guide writes `reduction x -> pattern -> replacement` */
        expect(p, T_EQ, "'=' between the pattern and its replacement");
    n->b = parse_ternary(p);
    if (is_ident(peek(p), "where")) {
        advance(p);
        n->c = parse_ternary(p);
    }
    return n;
}

/* attribute := '{!' word (word ('=' ternary)? (';' | ',')?)* '}' */
static Node *parse_attribute(Parser *p)
{
    /* The compiler's own attributes, and the documentation attributes of Quasar's
     * library files ({!author name="…"}, {!doc category="…"}), which only tools read. */
    static const char *const known[] = {
        "parallel", "serial", "kernel", "kernel_transform", "kernel_tiling", "kernel_fusion",
        "unroll", "sched", "tuning_param", "specialize", "inline", "noinline",
        "author", "doc",
    };
    Token *open = advance(p);
    Node *n = node(p, N_ATTRIBUTE, open->loc);
    Token *name = peek(p);
    if (name->kind != T_IDENT)
        fail_expected(p, "an attribute name after '{!'");
    advance(p);
    n->name = tok_str(p, name);
    Vec items = {0};
    while (!check(p, T_RBRACE) && !check(p, T_EOF) && !check(p, T_NEWLINE)) {
        Token *w = peek(p);
        if (w->kind != T_IDENT && w->kind < T_IF)
            fail_expected(p, "an attribute setting");
        advance(p);
        Node *it = node(p, N_ATTR_ITEM, w->loc);
        it->name = tok_str(p, w);
        if (accept(p, T_EQ))
            it->a = parse_ternary(p);
        vec_push(p, &items, it);
        if (!accept(p, T_SEMI))
            accept(p, T_COMMA);
    }
    expect_close(p, open, T_RBRACE);
    n->args = to_list(items);
    bool ok = false;
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        ok |= !strcmp(known[i], n->name);
    if (!ok)
        warn_at(p, name->loc, "unknown code attribute '{!%s}' is ignored", n->name);
    return n;
}

/* print := 'print' (ternary (',' ternary)*)?     likewise 'error' */
static Node *parse_print(Parser *p, NodeKind kind)
{
    Token *kw = advance(p);
    Node *n = node(p, kind, kw->loc);
    Vec v = {0};
    Token *open = peek(p);
    if (open->kind == T_LPAREN && open->match > 0 && (p->t[open->match + 1].kind == T_NEWLINE ||
                                                      p->t[open->match + 1].kind == T_SEMI ||
                                                      p->t[open->match + 1].kind == T_EOF)) {
        advance(p);     /* print(a, b): the parentheses hold the argument list */
        n->args = parse_args(p, open, T_RPAREN, false);
        return n;
    }
    if (!at_statement_end(p))
        do
            vec_push(p, &v, parse_arg(p, false));
        while (accept(p, T_COMMA));
    n->args = to_list(v);
    return n;
}

/* syncthreads := 'syncthreads' ('(' granularity ')')? */
static Node *parse_syncthreads(Parser *p)
{
    static const char *const kinds[] = {"block", "warp", "grid", "multi_grid", "host"};
    Token *kw = advance(p);
    Node *n = node(p, N_SYNCTHREADS, kw->loc);
    if (check(p, T_LPAREN)) {
        Token *open = advance(p);
        Token *g = expect(p, T_IDENT, "block, warp, grid, multi_grid or host");
        n->name = tok_str(p, g);
        bool ok = false;
        for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
            ok |= !strcmp(kinds[i], n->name);
        if (!ok)
            error_at(p, g->loc, "unknown synchronization '%s' (expected block, warp, grid, multi_grid or host)",
                     n->name);
        expect_close(p, open, T_RPAREN);
    }
    return n;
}

/* memfence := 'memfence' '(' ('grid' | 'block' | 'system') ')'. The scope is a keyword; the
 * statement becomes a call of the builtin with the scope as a string, memfence("grid"). */
static Node *parse_memfence(Parser *p)
{
    static const char *const kinds[] = {"grid", "block", "system"};
    Token *kw = advance(p);
    Node *n = node(p, N_CALL, kw->loc);
    n->a = node(p, N_IDENT, kw->loc);
    n->a->name = tok_str(p, kw);
    Token *open = advance(p);
    Token *g = expect(p, T_IDENT, "grid, block or system");
    Node *arg = node(p, N_STRING, g->loc);
    arg->name = tok_str(p, g);
    bool ok = false;
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        ok |= !strcmp(kinds[i], arg->name);
    if (!ok)
        error_at(p, g->loc, "unknown memory fence '%s' (expected grid, block or system)", arg->name);
    expect_close(p, open, T_RPAREN);
    Vec v = {0};
    vec_push(p, &v, arg);
    n->args = to_list(v);
    return n;
}

/* A name followed by one of these is used as a variable, not as a statement keyword. */
static bool used_as_variable(Parser *p)
{
    TokKind k = peek_at(p, 1)->kind;
    /* `print[0] = 1` indexes a variable; `print [1, 2]` prints a matrix */
    return is_assign_op(k) || k == T_COLON || k == T_LARROW || k == T_DOT ||
           (k == T_LBRACKET && !peek_at(p, 1)->space_before);
}

static Node *parse_loop(Parser *p, const char *label)
{
    switch (peek(p)->kind) {
    case T_FOR: return parse_for(p, label);
    case T_WHILE: return parse_while(p, label);
    default: return parse_repeat(p, label);
    }
}

/* label := IDENT ':' NL? loop */
static Node *parse_labelled(Parser *p)
{
    Token *name = advance(p);
    advance(p);     /* ':' */
    skip_newlines(p);
    TokKind k = peek(p)->kind;
    if (k != T_FOR && k != T_WHILE && k != T_REPEAT)
        fail_at(p, name->loc, "label '%.*s' must be followed by a for, while or repeat loop", name->len,
                name->text);
    return parse_loop(p, tok_str(p, name));
}

/* IDENT ('.' IDENT)+ ':' starts a typed field assignment (`o.f : scalar = 1.5`). */
static bool field_declaration_ahead(Parser *p)
{
    int i = 1;
    while (peek_at(p, i)->kind == T_DOT && peek_at(p, i + 1)->kind == T_IDENT)
        i += 2;
    return i > 1 && peek_at(p, i)->kind == T_COLON;
}

/* declaration := (IDENT | field) ':' type ('=' assign)? */
static Node *parse_declaration(Parser *p)
{
    Node *id = parse_postfix(p);
    Token *colon = advance(p);
    Node *typed = node(p, N_TYPED, colon->loc);
    typed->a = id;
    typed->type = parse_type(p);
    Token *t = peek(p);
    if (!is_assign_op(t->kind))
        return typed;
    advance(p);
    Node *n = node(p, N_ASSIGN, t->loc);
    n->op = t->kind;
    n->a = typed;
    n->b = parse_assign(p);
    return n;
}

static Node *parse_statement_inner(Parser *p)
{
    Token *t = peek(p);
    Node *n;
    switch (t->kind) {
    case T_IF: return parse_if(p);
    case T_FOR: case T_WHILE: case T_REPEAT: return parse_loop(p, NULL);
    case T_MATCH: return parse_match(p);
    case T_TRY: return parse_try(p);
    case T_FUNCTION: return parse_function(p);
    case T_ATTR: n = parse_attribute(p); break;
    case T_BREAK:
    case T_CONTINUE:
        advance(p);
        n = node(p, t->kind == T_BREAK ? N_BREAK : N_CONTINUE, t->loc);
        if (check(p, T_IDENT))
            n->label = tok_str(p, advance(p));
        break;
    case T_RETURN:
        advance(p);
        n = node(p, N_RETURN, t->loc);
        break;
    case T_IMPORT: {
        advance(p);
        Token *s = expect(p, T_STRING, "a file name in quotes after 'import'");
        n = node(p, N_IMPORT, t->loc);
        n->name = s->v.str ? s->v.str : "";
        break;
    }
    case T_PRAGMA:
        advance(p);
        n = node(p, N_PRAGMA, t->loc);
        n->name = t->v.str ? t->v.str : "";
        break;
    case T_IDENT: {
        TokKind next = peek_at(p, 1)->kind;
        if (next == T_COLON && (peek_at(p, 2)->kind == T_NEWLINE || peek_at(p, 2)->kind == T_FOR ||
                                peek_at(p, 2)->kind == T_WHILE || peek_at(p, 2)->kind == T_REPEAT))
            return parse_labelled(p);
        if (is_ident(t, "type") && next == T_IDENT)
            return parse_typedef(p);
        if (is_ident(t, "reduction") && ((next == T_LPAREN && paren_starts_lambda_at(p, 1)) ||
                                          (next == T_IDENT && (peek_at(p, 2)->kind == T_ARROW ||
                                                               peek_at(p, 2)->kind == T_COLON)))) {
            n = parse_reduction(p);
            break;
        }
        if (is_ident(t, "print") && !used_as_variable(p)) {
            n = parse_print(p, N_PRINT);
            break;
        }
        if (is_ident(t, "error") && !used_as_variable(p)) {
            n = parse_print(p, N_ERROR_STMT);
            break;
        }
        if (is_ident(t, "syncthreads") && !used_as_variable(p)) {
            n = parse_syncthreads(p);
            break;
        }
        if (is_ident(t, "memfence") && next == T_LPAREN && peek_at(p, 2)->kind == T_IDENT &&
            peek_at(p, 3)->kind == T_RPAREN) {
            n = parse_memfence(p);
            break;
        }
        if (next == T_COLON || (next == T_DOT && field_declaration_ahead(p))) {
            n = parse_declaration(p);
            break;
        }
        n = parse_assign(p);
        break;
    }
    default:
        n = parse_assign(p);
        break;
    }
    expect_statement_end(p);
    return n;
}

/* statement: parsed with its own recovery point. On error, skip to the end of the line;
 * the statement is dropped and parsing goes on with the next one. */
static Node *parse_statement(Parser *p)
{
    jmp_buf env, *outer = p->env;
    int depth = p->depth, nopen = p->nopen;
    Node *volatile n = NULL;
    p->env = &env;
    if (!setjmp(env)) {
        enter(p);
        n = parse_statement_inner(p);
        leave(p);
    } else {
        p->depth = depth;
        p->nopen = nopen;
        while (!check(p, T_NEWLINE) && !check(p, T_SEMI) && !check(p, T_EOF))
            advance(p);
    }
    p->env = outer;
    return n;
}

/* ================================================================= entry points */

static void parse_module(Parser *p)
{
    jmp_buf env;
    p->env = &env;
    if (!setjmp(env))
        p->m->body = parse_block(p, T_EOF);
}

LangModule *lang_parse(const char *name, const char *src, size_t len, LangDiag *d)
{
    LangModule *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    lang_arena_init(&m->arena);
    m->text = malloc(len + 1);
    char *nm = lang_arena_strndup(&m->arena, name, strlen(name));
    if (!m->text || !nm) {
        lang_module_free(m);
        return NULL;
    }
    memcpy(m->text, src, len);
    m->text[len] = '\0';
    m->src = (LangSource){nm, m->text, len};
    lang_diag_hold(d);
    if (lang_lex(&m->src, &m->arena, d, &m->toks) < 0) {
        lang_diag_release(d);
        lang_module_free(m);
        return NULL;
    }
    Parser p = {.m = m, .d = d, .t = m->toks.tok, .errors_at_start = lang_diag_errors(d)};
    parse_module(&p);
    lang_diag_release(d);
    m->end_style_line = p.end_style_line;
    m->end_style_new = p.end_style == 2;
    return m;
}

LangModule *lang_parse_file(const char *path, LangDiag *d)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        lang_diag_plain(d, LANG_ERROR, "cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        lang_diag_plain(d, LANG_ERROR, "cannot read '%s': it is a directory", path);
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (len < cap)
            break;
        if (cap >= LANG_MAX_SOURCE_BYTES) {
            free(buf);
            buf = NULL;
            fclose(f);
            lang_diag_plain(d, LANG_ERROR, "'%s' is too large to be a program", path);
            return NULL;
        }
        char *nb = realloc(buf, cap * 2);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    int err = ferror(f);
    fclose(f);
    if (!buf || err) {
        free(buf);
        lang_diag_plain(d, LANG_ERROR, "cannot read '%s'", path);
        return NULL;
    }
    LangModule *m = lang_parse(path, buf, len, d);
    free(buf);
    return m;
}

void lang_module_free(LangModule *m)
{
    if (!m)
        return;
    free(m->toks.tok);
    free(m->text);
    lang_arena_free(&m->arena);
    free(m);
}

const char *lang_node_what(NodeKind k)
{
    static const char *const what[] = {
#define NODE(name, what) what,
#include "lang/ast.def"
#undef NODE
    };
    return k < N__COUNT ? what[k] : "node";
}
