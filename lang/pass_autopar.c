/*
 * pass_autopar.c - automatic parallelization of host `for` loops (spec 004 §2.3, 000
 * "kernel functions generated automatically", 001 "Parallel reduction patterns").
 *
 * For each host `for` nest the pass proves the iterations independent by the form of the
 * code, without types (those are checked by the runtime when the loop runs):
 *   - the grid is the longest chain of perfectly nested loops (up to 4) over ranges whose
 *     bounds do not depend on the chain's variables or on what the nest assigns;
 *   - every array the nest writes is written and read only at positions where each grid
 *     variable stands alone in one index position with a non-zero literal coefficient
 *     (`y[m, n, c]`, `y[2*i + 1]`), the same positions in every access, so two iterations
 *     never touch the same element; when the writes do not cover every grid variable the
 *     grid shrinks to the loops they cover and the rest runs inside the kernel;
 *   - scalars assigned in the nest are kernel locals when each iteration assigns them
 *     before reading them and nothing outside the loop reads them; a scalar only
 *     accumulated (`s += e`, `s = s * e`, `s = max(s, e)`, `s __= e` …) is a reduction:
 *     one partial per grid position, combined by the runtime in a fixed order;
 *   - calls are to pure builtins, to __device__ functions, or to host functions that are
 *     pure themselves (their device copies are made here).
 * Everything else (print, I/O, random numbers, errors, break/return, cells, fields,
 * strings, closures, data-dependent or overlapping writes, carried values) keeps the loop
 * serial with its reason. The kernel is the innermost grid loop's body, with each grid
 * variable replaced by `start + pos[k]*step` (literally `pos[k]` for 0..n-1 loops, so the
 * kernel compiler sees the `pos + constant` form it splits into interior and border).
 */
#include "lang/autopar.h"
#include "lang/build.h"
#include "lang/lang.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NAMES 256       /* distinct names of one nest; more: serial */
#define MAX_ACCESS 128      /* indexed accesses of one nest; more: serial */
#define MAX_CALLEES 32      /* host functions copied as device functions per module */
#define CALL_DEPTH 8        /* host functions called through host functions */

typedef struct Access {
    const char *name;
    Node *idx;              /* the INDEX node (args are the indices) */
    bool write;
} Access;

typedef struct Nest {
    /* what the scan found */
    const char *reason;     /* first structural reason to stay serial (cannot be forced) */
    bool quiet;             /* the reason is host-only work (closures, strings, cells,
                               objects): not worth a warning */
    const char *names[MAX_NAMES];
    int nassign[MAX_NAMES]; /* IDENT assignment targets */
    int nuse[MAX_NAMES];    /* IDENT occurrences of any kind */
    int nacc[MAX_NAMES];    /* occurrences inside accumulation statements */
    int accop[MAX_NAMES];   /* LANG_RED_* of its accumulations, -1 when mixed */
    bool whole[MAX_NAMES];  /* used whole (not indexed, not in size/numel) */
    bool private_arr[MAX_NAMES];   /* assigned only creations (zeros, [..]): a private array */
    bool other_assign[MAX_NAMES];  /* assigned something else */
    Node *ident[MAX_NAMES]; /* an IDENT occurrence outside lambdas */
    int nnames;
    Access acc[MAX_ACCESS];
    int naccess;
    struct { const char *name; Node *inc; } incs[MAX_ACCESS];
    int nincs;
    const char *loop_vars[MAX_NAMES];
    int nloop_vars;
    const char *def_names[MAX_ACCESS];
    Node *def_rhs[MAX_ACCESS];
    int ndefs;
    int loop_depth;         /* inner loops around the node being scanned */
} Nest;

typedef struct Pass {
    LangModule *m;
    LangModule *const *from;
    int nfrom;
    LangDiag *d;
    Node **added;           /* kernels and device copies for the top level */
    int nadded, cap;
    const char *stem;       /* the module's file name as a C identifier */
    bool warn;              /* report serial loops (the program's own module) */
    int made;
    /* the scope of the loop being analysed */
    Node *fn;               /* enclosing host FUNCTION, NULL at the top level */
    NodeList *scope_body;
} Pass;

/* ---------------------------------------------------------------- small helpers */

static void *alloc(Pass *P, size_t n) { return lang_arena_alloc(&P->m->arena, n); }

static const char *fmt(Pass *P, const char *f, ...) __attribute__((format(printf, 2, 3)));
static const char *fmt(Pass *P, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    const char *s = lang_arena_vprintf(&P->m->arena, f, ap);
    va_end(ap);
    return s;
}

static Node *mk(Pass *P, NodeKind k, LangLoc loc) { return lang_node_new(&P->m->arena, k, loc); }

static Node *mk_ident(Pass *P, const char *name, LangLoc loc) { return lang_node_ident(&P->m->arena, name, loc); }

static Node *mk_int(Pass *P, int64_t v, LangLoc loc)
{
    Node *n = mk(P, N_INT, loc);
    if (n)
        n->ival = v;
    return n;
}

static Node *mk_bin(Pass *P, int op, Node *a, Node *b, LangLoc loc)
{
    Node *n = mk(P, N_BINARY, loc);
    if (n) {
        n->op = op;
        n->a = a;
        n->b = b;
    }
    return n;
}

static Node *mk_assign(Pass *P, Node *target, Node *value, LangLoc loc)
{
    Node *n = mk(P, N_ASSIGN, loc);
    if (n) {
        n->op = T_EQ;
        n->a = target;
        n->b = value;
    }
    return n;
}

static bool list_push(Pass *P, NodeList *l, Node *x) { return lang_list_push(&P->m->arena, l, x); }

static bool is_call_of(const Node *n, const char *name)
{
    return n && n->kind == N_CALL && n->a && n->a->kind == N_IDENT && !strcmp(n->a->name, name);
}

/* Does the expression or statement mention name (outside lambdas too)? */
static bool mentions(const Node *n, const char *name)
{
    if (!n)
        return false;
    if ((n->kind == N_IDENT && !strcmp(n->name, name)) || (n->kind == N_FOR && !strcmp(n->name, name)))
        return true;
    if (mentions(n->a, name) || mentions(n->b, name) || mentions(n->c, name))
        return true;
    const NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++)
            if (mentions(lists[k]->items[i], name))
                return true;
    return false;
}

static bool same_expr(const Node *a, const Node *b)
{
    if (!a || !b)
        return a == b;
    if (a->kind != b->kind || a->op != b->op || a->args.n != b->args.n)
        return false;
    switch (a->kind) {
    case N_INT: return a->ival == b->ival;
    case N_REAL: return a->rval == b->rval;
    case N_IDENT: return !strcmp(a->name, b->name);
    default: break;
    }
    if (!same_expr(a->a, b->a) || !same_expr(a->b, b->b) || !same_expr(a->c, b->c))
        return false;
    for (int i = 0; i < a->args.n; i++)
        if (!same_expr(a->args.items[i], b->args.items[i]))
            return false;
    return a->kind != N_LAMBDA && a->kind != N_STRING;
}

/* The expression as text, for messages (the common forms; others as '…'). */
static void expr_text(const Node *n, char *out, size_t len)
{
    char a[120], b[120];
    if (!n) {
        snprintf(out, len, "…");
        return;
    }
    switch (n->kind) {
    case N_INT: snprintf(out, len, "%lld", (long long)n->ival); return;
    case N_REAL: snprintf(out, len, "%g", n->rval); return;
    case N_IDENT: snprintf(out, len, "%s", n->name); return;
    case N_COLON_ALL: snprintf(out, len, ":"); return;
    case N_UNARY:
        expr_text(n->a, a, sizeof a);
        if (snprintf(out, len, "%s%s", lang_tok_name(n->op), a) >= (int)len)
            return;     /* cut: messages only */
        return;
    case N_BINARY: {
        expr_text(n->a, a, sizeof a);
        expr_text(n->b, b, sizeof b);
        bool pa = n->a && n->a->kind == N_BINARY, pb = n->b && n->b->kind == N_BINARY;
        if (snprintf(out, len, "%s%s%s %s %s%s%s", pa ? "(" : "", a, pa ? ")" : "", lang_tok_name(n->op), pb ? "(" : "",
                     b, pb ? ")" : "") >= (int)len)
            return;
        return;
    }
        return;
    case N_RANGE:
        expr_text(n->a, a, sizeof a);
        expr_text(n->c, b, sizeof b);
        if (snprintf(out, len, "%s..%s", a, b) >= (int)len)
            return;
        return;
    case N_INDEX:
    case N_CALL: {
        expr_text(n->a, a, sizeof a);
        size_t k = (size_t)snprintf(out, len, "%s%c", a, n->kind == N_INDEX ? '[' : '(');
        for (int i = 0; i < n->args.n && k < len; i++) {
            expr_text(n->args.items[i], b, sizeof b);
            k += (size_t)snprintf(out + k, len - k, "%s%s", i ? ", " : "", b);
        }
        if (k < len)
            snprintf(out + k, len - k, "%c", n->kind == N_INDEX ? ']' : ')');
        return;
    }
    default: snprintf(out, len, "…"); return;
    }
}

/* ---------------------------------------------------------------- names of the scope */

typedef struct NameSet {
    const char *v[1024];
    int n;
    bool overflow;
} NameSet;

static bool ns_has(const NameSet *s, const char *name)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->v[i], name))
            return true;
    return false;
}

static void ns_add_cb(void *ctx, const char *name, bool fixed)
{
    NameSet *s = ctx;
    if (fixed || ns_has(s, name))
        return;
    if (s->n == (int)(sizeof s->v / sizeof *s->v)) {
        s->overflow = true;
        return;
    }
    s->v[s->n++] = name;
}

/* The variables of the loop's scope: parameters, outputs and what its body declares. */
static void scope_names(Pass *P, NameSet *s)
{
    s->n = 0;
    s->overflow = false;
    if (P->fn) {
        for (int i = 0; i < P->fn->args.n; i++)
            ns_add_cb(s, ((Node *)P->fn->args.items[i])->name, false);
        for (int i = 0; i < P->fn->args2.n; i++)
            ns_add_cb(s, ((Node *)P->fn->args2.items[i])->name, false);
        for (int i = 0; i < P->fn->args3.n; i++)
            ns_add_cb(s, ((Node *)P->fn->args3.items[i])->name, false);
    }
    for (int i = 0; i < P->scope_body->n; i++)
        lang_declarations(P->scope_body->items[i], ns_add_cb, s);
}

/* ---------------------------------------------------------------- functions */

static Node *find_fn_in(LangModule *m, const char *name)
{
    for (int i = 0; m && i < m->body.n; i++) {
        Node *n = m->body.items[i];
        if (n->kind == N_FUNCTION && n->name && !strcmp(n->name, name))
            return n;
    }
    return NULL;
}

/* How many functions of that name m and its imports define (more: overloads, chosen by
 * the argument types at run time, which a device copy cannot follow). */
static int fn_count(Pass *P, const char *name)
{
    int k = 0;
    for (int j = -1; j < P->nfrom; j++) {
        LangModule *m = j < 0 ? P->m : P->from[j];
        for (int i = 0; m && i < m->body.n; i++) {
            Node *n = m->body.items[i];
            k += n->kind == N_FUNCTION && n->name && !strcmp(n->name, name);
        }
    }
    return k;
}

static Node *find_fn(Pass *P, const char *name)
{
    Node *f = find_fn_in(P->m, name);
    for (int i = 0; !f && i < P->nfrom; i++)
        f = find_fn_in(P->from[i], name);
    return f;
}

/* Builtins a parallel loop may call: pure functions of their arguments, which the kernel
 * compiler knows (codegen_c.c) or the kernel interpreter runs without side effects. */
static bool pure_builtin(const char *name)
{
    static const char *const names[] = {
        "sqrt", "exp", "exp2", "log", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
        "sinh", "cosh", "tanh", "floor", "ceil", "round", "abs", "sign", "frac", "saturate", "sinc",
        "real", "imag", "conj", "angle", "complex", "int", "float", "min", "max", "mod", "atan2", "pow",
        "periodize", "mirror_ext", "clamp", "lerp", "and", "or", "xor", "shl", "shr", "not", "zeros",
        "ones", "sum", "prod", "dotprod", "numel", "size", "isnan", "isinf", "isfinite", "erf", "erfc",
        "asinh", "acosh", "atanh", "ind2pos", "pos2ind",
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(names[i], name))
            return true;
    return false;
}

static bool with_side_effects(const char *name)
{
    static const char *const names[] = {"print", "printf", "fprintf", "disp", "imshow", "imwrite", "imread",
                                        "plot", "rand", "randn", "randi", "tic", "toc", "save", "load",
                                        "fopen", "fclose", "csvwrite", "csvread", "error", "pause",
                                        "vidwrite", "vidreadframe", "eval", "assert", "hold", "sprintf"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(names[i], name))
            return true;
    return false;
}

static const char *fn_device_reason(Pass *P, Node *fn, int depth);

/* Why a host function cannot run as a device function, or NULL: it must be a plain
 * function of its arguments (no globals, no output to the world, no closures, no writes to
 * array arguments) calling only what is allowed in a loop. */
static const char *body_device_reason(Pass *P, Node *fn, const NameSet *locals, Node *n, int depth)
{
    if (!n)
        return NULL;
    switch (n->kind) {
    case N_PRINT: return "prints";
    case N_ERROR_STMT: return "raises an error";
    case N_LAMBDA:
    case N_FUNCTION: return "makes a closure";
    case N_STRING: return "uses strings";
    case N_CELL: return "makes a cell";
    case N_FIELD: return "reads fields of objects";
    case N_TRY: return "has a try block";
    case N_SYNCTHREADS: return "synchronises threads";
    case N_ASSIGN:
    case N_EXCHANGE: {
        const Node *t = n->a && n->a->kind == N_TYPED ? n->a->a : n->a;
        if (t && t->kind == N_INDEX && t->a->kind == N_IDENT) {
            for (int i = 0; i < fn->args.n; i++)
                if (!strcmp(((Node *)fn->args.items[i])->name, t->a->name))
                    return "writes to an array argument";
        }
        break;
    }
    case N_IDENT:
        if (!ns_has(locals, n->name) && !find_fn(P, n->name) && !lang_in_prelude(n->name))
            return "reads a global variable";
        return NULL;
    case N_CALL:
        if (n->a->kind == N_IDENT) {
            const char *name = n->a->name;
            if (ns_has(locals, name))
                return "calls a function value";
            Node *g = find_fn(P, name);
            if (g) {
                const char *why = fn_device_reason(P, g, depth + 1);
                if (why)
                    return why;
            } else if (!pure_builtin(name)) {
                return "calls a builtin with side effects";
            }
            for (int i = 0; i < n->args.n; i++) {
                const char *why = body_device_reason(P, fn, locals, n->args.items[i], depth);
                if (why)
                    return why;
            }
            return NULL;
        }
        break;
    default: break;
    }
    const Node *kids[] = {n->a, n->b, n->c};
    for (int i = 0; i < 3; i++) {
        const char *why = body_device_reason(P, fn, locals, (Node *)kids[i], depth);
        if (why)
            return why;
    }
    const NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++) {
            Node *x = lists[k]->items[i];
            if (n->kind == N_IF && k == 0) {    /* arms: condition and body */
                const char *why = body_device_reason(P, fn, locals, x->a, depth);
                for (int j = 0; !why && j < x->body.n; j++)
                    why = body_device_reason(P, fn, locals, x->body.items[j], depth);
                if (why)
                    return why;
                continue;
            }
            const char *why = body_device_reason(P, fn, locals, x, depth);
            if (why)
                return why;
        }
    return NULL;
}

static const char *fn_device_reason(Pass *P, Node *fn, int depth)
{
    if (fn->flags & NODE_DEVICE)
        return NULL;
    if (fn->flags & NODE_KERNEL)
        return "is a kernel function";
    if (depth > CALL_DEPTH)
        return "calls too deeply (or itself)";
    if (fn->args3.n)
        return "is generic";
    for (int i = 0; i < fn->args.n; i++) {
        Node *p = fn->args.items[i];
        if (p->a || (p->flags & NODE_VARIADIC))
            return "has optional or variadic parameters";
    }
    NameSet *locals = calloc(1, sizeof *locals);
    if (!locals)
        return "is too large";
    for (int i = 0; i < fn->args.n; i++)
        ns_add_cb(locals, ((Node *)fn->args.items[i])->name, false);
    for (int i = 0; i < fn->args2.n; i++)
        ns_add_cb(locals, ((Node *)fn->args2.items[i])->name, false);
    for (int i = 0; i < fn->body.n; i++)
        lang_declarations(fn->body.items[i], ns_add_cb, locals);
    const char *why = locals->overflow ? "is too large" : NULL;
    for (int i = 0; i < fn->body.n && !why; i++)
        why = body_device_reason(P, fn, locals, fn->body.items[i], depth);
    free(locals);
    return why;
}

static Node *copy_node(Pass *P, const Node *n);

/* The device copy of host function fn (made once per module), named opt__dev_<name>. */
static Node *device_copy(Pass *P, Node *fn)
{
    const char *name = fmt(P, "opt__dev_%s", fn->name);
    for (int i = 0; i < P->nadded; i++)
        if (!strcmp(P->added[i]->name, name))
            return P->added[i];
    Node *c = copy_node(P, fn);
    if (!c)
        return NULL;
    c->name = name;
    c->flags |= NODE_DEVICE;
    return c;
}

/* ---------------------------------------------------------------- scanning the nest */

static int name_index(Nest *N, const char *name)
{
    for (int i = 0; i < N->nnames; i++)
        if (!strcmp(N->names[i], name))
            return i;
    if (N->nnames == MAX_NAMES) {
        if (!N->reason)
            N->reason = "the loop uses too many names";
        return -1;
    }
    N->names[N->nnames] = name;
    N->accop[N->nnames] = 0;
    return N->nnames++;
}

static void note_use(Nest *N, Node *id)
{
    int k = name_index(N, id->name);
    if (k < 0)
        return;
    N->nuse[k]++;
    if (!N->ident[k])
        N->ident[k] = id;
}

static void add_access(Nest *N, Node *idx, bool write)
{
    if (N->naccess == MAX_ACCESS) {
        if (!N->reason)
            N->reason = "the loop has too many indexed accesses";
        return;
    }
    N->acc[N->naccess++] = (Access){idx->a->name, idx, write};
}

static void scan(Pass *P, Nest *N, const NameSet *scope, Node *n);

static void scan_list(Pass *P, Nest *N, const NameSet *scope, NodeList *l)
{
    for (int i = 0; i < l->n; i++)
        scan(P, N, scope, l->items[i]);
}

static void serial(Pass *P, Nest *N, const char *why)
{
    (void)P;
    if (!N->reason)
        N->reason = why;
}

/* A reason that says the loop builds host values rather than computing on arrays. */
static void serial_quiet(Pass *P, Nest *N, const char *why)
{
    if (!N->reason)
        N->quiet = true;
    serial(P, N, why);
}

/* An accumulation statement of a plain variable: `s += e`, `s = s + e`, `s = max(s, e)`:
 * its operator (LANG_RED_*), the variable and the increment; 0 when it is not one. */
static int accumulation(const Node *n, const Node **var, const Node **inc)
{
    if (n->kind != N_ASSIGN || !n->a || n->a->kind != N_IDENT)
        return 0;
    const char *s = n->a->name;
    *var = n->a;
    switch (n->op) {
    case T_PLUSEQ: case T_MINUSEQ: *inc = n->b; return LANG_RED_SUM;
    case T_STAREQ: *inc = n->b; return LANG_RED_PROD;
    case T_MAXEQ: *inc = n->b; return LANG_RED_MAX;
    case T_MINEQ: *inc = n->b; return LANG_RED_MIN;
    case T_EQ: break;
    default: return 0;
    }
    const Node *e = n->b;
    if (e->kind == N_BINARY && (e->op == T_PLUS || e->op == T_STAR || e->op == T_MINUS || e->op == T_ANDAND ||
                                e->op == T_OROR)) {
        bool left = e->a->kind == N_IDENT && !strcmp(e->a->name, s);
        bool right = e->b->kind == N_IDENT && !strcmp(e->b->name, s) && e->op != T_MINUS;
        if (left || right) {
            *inc = left ? e->b : e->a;
            return e->op == T_STAR ? LANG_RED_PROD : e->op == T_ANDAND ? LANG_RED_AND
                 : e->op == T_OROR ? LANG_RED_OR : LANG_RED_SUM;
        }
    }
    if ((is_call_of(e, "max") || is_call_of(e, "min")) && e->args.n == 2) {
        const Node *x = e->args.items[0], *y = e->args.items[1];
        bool left = x->kind == N_IDENT && !strcmp(x->name, s);
        bool right = y->kind == N_IDENT && !strcmp(y->name, s);
        if (left || right) {
            *inc = left ? y : x;
            return !strcmp(e->a->name, "max") ? LANG_RED_MAX : LANG_RED_MIN;
        }
    }
    return 0;
}

static bool is_creation(const Node *e)
{
    return e && (e->kind == N_MATRIX || is_call_of(e, "zeros") || is_call_of(e, "ones") ||
                 is_call_of(e, "uninit"));
}

static void scan_call(Pass *P, Nest *N, const NameSet *scope, Node *n)
{
    if (!n->a || n->a->kind != N_IDENT) {
        serial(P, N, "it calls a computed function");
        return;
    }
    const char *name = n->a->name;
    bool dims_only = (!strcmp(name, "size") || !strcmp(name, "numel")) && n->args.n >= 1 &&
                     ((Node *)n->args.items[0])->kind == N_IDENT;
    if (ns_has(scope, name)) {
        serial(P, N, fmt(P, "it calls the function value '%s'", name));
    } else if (find_fn(P, name)) {
        Node *f = find_fn(P, name);
        const char *why = fn_count(P, name) > 1 ? "is overloaded" : fn_device_reason(P, f, 0);
        if (why)
            serial(P, N, fmt(P, "it calls '%s', which %s", name, why));
        for (int i = 0; i < n->args.n; i++) {
            Node *a = n->args.items[i];
            if (a->kind == N_IDENT) {
                int k = name_index(N, a->name);
                if (k >= 0)
                    N->whole[k] = true;     /* passed whole: may be read anywhere */
            }
        }
    } else if (with_side_effects(name)) {
        serial(P, N, fmt(P, "it calls '%s', which has side effects", name));
    } else if (!pure_builtin(name)) {
        serial(P, N, fmt(P, "it calls '%s', which cannot run in a kernel", name));
    }
    for (int i = 0; i < n->args.n; i++) {
        Node *a = n->args.items[i];
        if (i == 0 && dims_only) {
            note_use(N, a);         /* the dims of an array, never its elements */
            continue;
        }
        scan(P, N, scope, a);
    }
}

static void scan_target(Pass *P, Nest *N, const NameSet *scope, Node *stmt, Node *t)
{
    bool typed = t->kind == N_TYPED;
    if (typed)
        t = t->a;
    if (t->kind == N_IDENT && N->ndefs < MAX_ACCESS) {
        N->def_names[N->ndefs] = t->name;
        N->def_rhs[N->ndefs++] = stmt && stmt->op == T_EQ && !typed ? stmt->b : NULL;
    }
    if (t->kind == N_IDENT) {
        note_use(N, t);
        int k = name_index(N, t->name);
        if (k < 0)
            return;
        N->nassign[k]++;
        if (stmt && stmt->kind == N_ASSIGN && stmt->op == T_EQ && is_creation(stmt->b))
            N->private_arr[k] = true;
        else
            N->other_assign[k] = true;
        return;
    }
    if (t->kind == N_INDEX && t->a && t->a->kind == N_IDENT) {
        note_use(N, t->a);
        add_access(N, t, true);
        if (stmt && stmt->op != T_EQ)
            add_access(N, t, false);
        scan_list(P, N, scope, &t->args);
        return;
    }
    if (t->kind == N_MATRIX) {
        for (int i = 0; i < t->args.n; i++) {
            Node *x = t->args.items[i];
            if (x->kind == N_IDENT || x->kind == N_TYPED)
                scan_target(P, N, scope, NULL, x);
            else if (x->kind != N_PLACEHOLDER)
                serial(P, N, "it assigns to an expression");
        }
        return;
    }
    serial_quiet(P, N, t->kind == N_FIELD ? "it writes fields of objects" : "it assigns to an expression");
}

static void scan(Pass *P, Nest *N, const NameSet *scope, Node *n)
{
    if (!n)
        return;
    switch (n->kind) {
    case N_INT: case N_REAL: case N_IMAG: case N_COLON_ALL: case N_PLACEHOLDER:
    case N_PRAGMA: case N_ATTRIBUTE: case N_ATTR_ITEM:
        return;
    case N_IDENT: {
        note_use(N, n);
        int k = name_index(N, n->name);
        if (k >= 0)
            N->whole[k] = true;
        return;
    }
    case N_STRING: serial_quiet(P, N, "it uses strings"); return;
    case N_CELL: serial_quiet(P, N, "it makes a cell"); return;
    case N_FIELD: serial_quiet(P, N, "it uses fields of objects"); return;
    case N_LAMBDA: case N_FUNCTION: serial_quiet(P, N, "it makes a closure"); return;
    case N_SPREAD: serial_quiet(P, N, "it spreads arguments"); return;
    case N_NAMED_ARG: serial_quiet(P, N, "it passes named arguments"); return;
    case N_PRINT: serial(P, N, "it prints"); return;
    case N_ERROR_STMT: serial(P, N, "it raises an error"); return;
    case N_RETURN: serial(P, N, "it returns from the function"); return;
    case N_TRY: serial(P, N, "it has a try block"); return;
    case N_SYNCTHREADS: serial(P, N, "it synchronises threads"); return;
    case N_EXCHANGE: serial(P, N, "it exchanges values atomically"); return;
    case N_IMPORT: case N_TYPEDEF: case N_REDUCTION: case N_BAD:
        serial_quiet(P, N, "it declares something");
        return;
    case N_BREAK:
    case N_CONTINUE:
        if (n->label || N->loop_depth == 0)
            serial(P, N, n->kind == N_BREAK ? "it leaves the loop with break" : "it uses continue");
        return;
    case N_CALL:
        scan_call(P, N, scope, n);
        return;
    case N_INDEX:
        if (n->a && n->a->kind == N_IDENT) {
            note_use(N, n->a);
            add_access(N, n, false);
            scan_list(P, N, scope, &n->args);
            return;
        }
        break;
    case N_ASSIGN: {
        const Node *var, *inc;
        int op = accumulation(n, &var, &inc);
        if (op) {
            int k = name_index(N, var->name);
            if (k >= 0) {
                N->accop[k] = N->accop[k] == 0 || N->accop[k] == op ? op : -1;
                N->nacc[k] += n->op == T_EQ ? 2 : 1;
            }
            if (N->nincs < MAX_ACCESS) {
                N->incs[N->nincs].name = var->name;
                N->incs[N->nincs++].inc = (Node *)inc;
            } else {
                serial(P, N, "the loop accumulates too often");
            }
        }
        scan_target(P, N, scope, n, n->a);
        if (n->op != T_EQ && n->a->kind == N_IDENT) {
            /* s += e reads s (counted as one use already, by its target) */
        }
        scan(P, N, scope, n->b);
        return;
    }
    case N_FOR:
    case N_WHILE:
    case N_REPEAT:
        if (n->label)
            serial(P, N, "it has a labelled loop");
        if (n->kind == N_FOR) {
            if (N->nloop_vars < MAX_NAMES)
                N->loop_vars[N->nloop_vars++] = n->name;
            int k = name_index(N, n->name);
            if (k >= 0) {
                N->nuse[k]++;
                N->nassign[k]++;
                N->other_assign[k] = true;
            }
        }
        scan(P, N, scope, n->a);
        N->loop_depth++;
        scan_list(P, N, scope, &n->body);
        N->loop_depth--;
        return;
    case N_IF:
        for (int i = 0; i < n->args.n; i++) {
            Node *arm = n->args.items[i];
            scan(P, N, scope, arm->a);
            scan_list(P, N, scope, &arm->body);
        }
        return;
    case N_MATCH:
        scan(P, N, scope, n->a);
        for (int i = 0; i < n->args.n; i++) {
            Node *c = n->args.items[i];
            scan_list(P, N, scope, &c->args);
            scan_list(P, N, scope, &c->body);
        }
        return;
    default:
        break;
    }
    scan(P, N, scope, n->a);
    scan(P, N, scope, n->b);
    scan(P, N, scope, n->c);
    scan_list(P, N, scope, &n->args);
    scan_list(P, N, scope, &n->args2);
    scan_list(P, N, scope, &n->body);
}

/* ---------------------------------------------------------------- dependencies */

typedef struct Grid {
    const char *var[LANG_PAR_MAX_RANK];
    int rank;
} Grid;

static int grid_index(const Grid *G, const char *name)
{
    for (int k = 0; k < G->rank; k++)
        if (!strcmp(G->var[k], name))
            return k;
    return -1;
}

/* Does e mention a grid variable, or a name the nest assigns? */
static bool varies(const Nest *N, const Grid *G, const Node *e)
{
    for (int k = 0; k < G->rank; k++)
        if (mentions(e, G->var[k]))
            return true;
    for (int i = 0; i < N->nnames; i++)
        if (N->nassign[i] && mentions(e, N->names[i]))
            return true;
    return false;
}

static bool nonzero_literal(const Node *e)
{
    return (e->kind == N_INT && e->ival != 0) || (e->kind == N_REAL && e->rval != 0);
}

/* Is e = c*g + d with c a non-zero literal and d invariant? */
static bool affine_in(const Nest *N, const Grid *G, const Node *e, const char *g)
{
    if (!e)
        return false;
    if (e->kind == N_IDENT)
        return !strcmp(e->name, g);
    if (e->kind == N_UNARY && e->op == T_MINUS)
        return affine_in(N, G, e->a, g);
    if (e->kind != N_BINARY)
        return false;
    switch (e->op) {
    case T_PLUS:
        return (affine_in(N, G, e->a, g) && !varies(N, G, e->b)) ||
               (affine_in(N, G, e->b, g) && !varies(N, G, e->a));
    case T_MINUS:
        return (affine_in(N, G, e->a, g) && !varies(N, G, e->b)) ||
               (affine_in(N, G, e->b, g) && !varies(N, G, e->a));
    case T_STAR:
        return (affine_in(N, G, e->a, g) && nonzero_literal(e->b)) ||
               (affine_in(N, G, e->b, g) && nonzero_literal(e->a));
    default:
        return false;
    }
}

/* For one access: the index position of each grid variable, or false when some grid
 * variable is missing, shares a position, or is not alone and affine in it. */
static bool positions(const Nest *N, const Grid *G, const Node *idx, int *pos)
{
    for (int k = 0; k < G->rank; k++) {
        pos[k] = -1;
        for (int j = 0; j < idx->args.n; j++) {
            const Node *e = idx->args.items[j];
            if (!mentions(e, G->var[k]))
                continue;
            if (pos[k] >= 0)
                return false;   /* in two positions */
            pos[k] = j;
        }
        if (pos[k] < 0)
            return false;
        const Node *e = idx->args.items[pos[k]];
        for (int q = 0; q < G->rank; q++)
            if (q != k && mentions(e, G->var[q]))
                return false;
        if (!affine_in(N, G, e, G->var[k]))
            return false;
    }
    return true;
}

static bool has_index(const Node *n)
{
    if (!n)
        return false;
    if (n->kind == N_INDEX || (n->kind == N_CALL && !pure_builtin(n->a->kind == N_IDENT ? n->a->name : "")))
        return true;
    if (has_index(n->a) || has_index(n->b) || has_index(n->c))
        return true;
    for (int i = 0; i < n->args.n; i++)
        if (has_index(n->args.items[i]))
            return true;
    return false;
}

static const char *access_text(Pass *P, const Node *idx)
{
    char buf[320];
    expr_text(idx, buf, sizeof buf);
    return fmt(P, "%s", buf);
}

/* Why the arrays that the nest writes make grid G unsafe, or NULL. */
static const char *array_reason(Pass *P, Nest *N, const Grid *G)
{
    for (int i = 0; i < N->naccess; i++) {
        Access *w = &N->acc[i];
        if (!w->write)
            continue;
        int k = name_index(N, w->name);
        if (k < 0)
            return "the loop uses too many names";
        if (N->nassign[k]) {
            if (N->other_assign[k])
                return fmt(P, "'%s' is written at %s but may share memory with another array", w->name,
                           access_text(P, w->idx));
            continue;   /* a private array of the iteration: zeros(3), [0, 0, 0] */
        }
        if (N->whole[k])
            return fmt(P, "'%s' is written at %s and used as a whole in the loop", w->name, access_text(P, w->idx));
        int pw[LANG_PAR_MAX_RANK];
        if (!positions(N, G, w->idx, pw)) {
            bool data = false;
            for (int j = 0; j < w->idx->args.n; j++) {
                const Node *e = w->idx->args.items[j];
                data |= has_index(e);
                for (int q = 0; q < N->nnames && !data; q++)
                    data = N->nassign[q] && grid_index(G, N->names[q]) < 0 && mentions(e, N->names[q]);
            }
            if (data)
                return fmt(P, "data-dependent write: '%s' is written at %s", w->name, access_text(P, w->idx));
            for (int g = 0; g < G->rank; g++)
                if (!mentions(w->idx, G->var[g]))
                    return fmt(P, "'%s' is written at %s, which does not depend on '%s'", w->name,
                               access_text(P, w->idx), G->var[g]);
            return fmt(P, "'%s' is written at %s, which may repeat or depend on data", w->name,
                       access_text(P, w->idx));
        }
        for (int j = 0; j < N->naccess; j++) {
            Access *r = &N->acc[j];
            if (j == i || strcmp(r->name, w->name))
                continue;
            int pr[LANG_PAR_MAX_RANK];
            bool same = r->idx->args.n == w->idx->args.n && positions(N, G, r->idx, pr);
            for (int g = 0; same && g < G->rank; g++)
                same = pr[g] == pw[g] && same_expr(r->idx->args.items[pr[g]], w->idx->args.items[pw[g]]);
            if (!same)
                return fmt(P, "loop-carried dependency: '%s' is written at %s and %s at %s", w->name,
                           access_text(P, w->idx), r->write ? "written" : "read", access_text(P, r->idx));
        }
    }
    return NULL;
}

/* ---------------------------------------------------------------- locals */

typedef struct Defs {
    const char *v[MAX_NAMES];
    int n;
} Defs;

static bool defs_has(const Defs *d, const char *name)
{
    for (int i = 0; i < d->n; i++)
        if (!strcmp(d->v[i], name))
            return true;
    return false;
}

static void defs_add(Defs *d, const char *name)
{
    if (!defs_has(d, name) && d->n < MAX_NAMES)
        d->v[d->n++] = name;
}

typedef struct Locals {
    const char *const *names;
    int nnames;
    const bool *is_local;   /* per name */
    const char *bad;        /* a local read before this iteration assigned it */
} Locals;

static void reads_before(Locals *L, const Defs *d, const Node *n)
{
    if (!n || L->bad)
        return;
    if (n->kind == N_IDENT) {
        for (int i = 0; i < L->nnames; i++)
            if (L->is_local[i] && !strcmp(L->names[i], n->name) && !defs_has(d, n->name))
                L->bad = n->name;
        return;
    }
    reads_before(L, d, n->a);
    reads_before(L, d, n->b);
    reads_before(L, d, n->c);
    const NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++)
            reads_before(L, d, lists[k]->items[i]);
}

static void defs_list(Locals *L, Defs *d, const NodeList *l);

/* Follow one statement: reads must find the local assigned earlier in the iteration. */
static void defs_stmt(Locals *L, Defs *d, const Node *n)
{
    if (L->bad)
        return;
    switch (n->kind) {
    case N_ASSIGN: {
        const Node *t = n->a->kind == N_TYPED ? n->a->a : n->a;
        reads_before(L, d, n->b);
        if (t->kind == N_IDENT) {
            if (n->op != T_EQ)
                reads_before(L, d, t);
            defs_add(d, t->name);
        } else if (t->kind == N_INDEX) {
            reads_before(L, d, t->a);
            for (int i = 0; i < t->args.n; i++)
                reads_before(L, d, t->args.items[i]);
        } else if (t->kind == N_MATRIX) {
            for (int i = 0; i < t->args.n; i++) {
                const Node *x = t->args.items[i];
                x = x->kind == N_TYPED ? x->a : x;
                if (x->kind == N_IDENT)
                    defs_add(d, x->name);
            }
        }
        return;
    }
    case N_IF:
        for (int i = 0; i < n->args.n; i++) {
            const Node *arm = n->args.items[i];
            reads_before(L, d, arm->a);
            Defs inner = *d;
            defs_list(L, &inner, &arm->body);
        }
        return;
    case N_MATCH: {
        reads_before(L, d, n->a);
        for (int i = 0; i < n->args.n; i++) {
            const Node *c = n->args.items[i];
            Defs inner = *d;
            defs_list(L, &inner, &c->body);
        }
        return;
    }
    case N_FOR: {
        reads_before(L, d, n->a);
        Defs inner = *d;
        defs_add(&inner, n->name);
        defs_list(L, &inner, &n->body);
        return;
    }
    case N_WHILE: {
        reads_before(L, d, n->a);
        Defs inner = *d;
        defs_list(L, &inner, &n->body);
        return;
    }
    case N_REPEAT: {
        Defs inner = *d;
        defs_list(L, &inner, &n->body);
        reads_before(L, &inner, n->a);
        return;
    }
    default:
        reads_before(L, d, n);
        return;
    }
}

static void defs_list(Locals *L, Defs *d, const NodeList *l)
{
    for (int i = 0; i < l->n; i++)
        defs_stmt(L, d, l->items[i]);
}

/* Does n mention name outside the subtree `skip`? */
static bool mentions_except(const Node *n, const char *name, const Node *skip)
{
    if (!n || n == skip)
        return false;
    if (n->kind == N_FOR && !strcmp(n->name, name))
        return mentions_except(n->a, name, skip);      /* the loop assigns it before its body */
    if (n->kind == N_IDENT && !strcmp(n->name, name))
        return true;
    if (mentions_except(n->a, name, skip) || mentions_except(n->b, name, skip) || mentions_except(n->c, name, skip))
        return true;
    const NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++)
            if (mentions_except(lists[k]->items[i], name, skip))
                return true;
    return false;
}

/* Is name declared with a type (`c : int = 0`, a typed parameter or output)? The host
 * converts every value assigned to it, which a reduction's combine would not. */
static bool typed_decl(const Node *n, const char *name)
{
    if (!n || n->kind == N_LAMBDA || n->kind == N_FUNCTION)
        return false;
    if (n->kind == N_TYPED && n->a && n->a->kind == N_IDENT && !strcmp(n->a->name, name))
        return true;
    if (typed_decl(n->a, name) || typed_decl(n->b, name) || typed_decl(n->c, name))
        return true;
    const NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++)
            if (typed_decl(lists[k]->items[i], name))
                return true;
    return false;
}

static bool typed_in_scope(Pass *P, const char *name)
{
    if (P->fn) {
        const NodeList *lists[] = {&P->fn->args, &P->fn->args2};
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < lists[k]->n; i++) {
                const Node *q = lists[k]->items[i];
                if (!strcmp(q->name, name) && q->type)
                    return true;
            }
    }
    for (int i = 0; i < P->scope_body->n; i++)
        if (typed_decl(P->scope_body->items[i], name))
            return true;
    return false;
}

static bool contains(const Node *n, const Node *x)
{
    if (!n)
        return false;
    if (n == x)
        return true;
    if (contains(n->a, x) || contains(n->b, x) || contains(n->c, x))
        return true;
    const NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++)
            if (contains(lists[k]->items[i], x))
                return true;
    return false;
}

/* Can the scope read, after the nest, the value the nest leaves in `name`? Statements
 * before the nest run before it; a statement around it (a loop) may run it again, so any
 * mention there counts; statements after it count when they read the name before they
 * assign it. */
static bool used_outside(Pass *P, const Node *nest, const char *name)
{
    int at = -1;
    for (int i = 0; i < P->scope_body->n && at < 0; i++)
        if (contains(P->scope_body->items[i], nest))
            at = i;
    if (at < 0)
        return true;
    const Node *around = P->scope_body->items[at];
    if (around != nest && mentions_except(around, name, nest))
        return true;
    const char *names[1] = {name};
    bool local[1] = {true};
    Locals L = {.names = names, .nnames = 1, .is_local = local};
    Defs d = {0};
    for (int i = at + 1; i < P->scope_body->n && !L.bad; i++) {
        const Node *s = P->scope_body->items[i];
        if (s->kind == N_FUNCTION || s->kind == N_LAMBDA)
            continue;       /* a nested function reads its own copy when it is made */
        if (mentions(s, name))
            defs_stmt(&L, &d, s);
    }
    if (L.bad)
        return true;
    if (!P->fn) {
        /* top-level variables are globals: the module's functions may read them */
        for (int i = 0; i < P->m->body.n; i++) {
            const Node *s = P->m->body.items[i];
            if (s->kind == N_FUNCTION && mentions(s, name))
                return true;
        }
    }
    return false;
}

/* ---------------------------------------------------------------- copying and rewriting */

typedef struct Rewrite {
    Pass *P;
    const Grid *G;
    Node *subst[LANG_PAR_MAX_RANK];     /* the expression of each grid variable */
    const Nest *N;
    const int *red_of;                  /* per name of N: reduction index or -1 */
    const char *acc_name[LANG_PAR_MAX_REDS];
    bool plain_compound;                /* a[i] += e → a[i] = a[i] + e (no atomics) */
    bool failed;
} Rewrite;

static Node *copy_node(Pass *P, const Node *n)
{
    if (!n)
        return NULL;
    Node *c = alloc(P, sizeof *c);
    if (!c)
        return NULL;
    *c = *n;
    c->slot = 0;
    c->bind = 0;
    c->rt = NULL;
    c->par = NULL;
    c->a = copy_node(P, n->a);
    c->b = copy_node(P, n->b);
    c->c = copy_node(P, n->c);
    NodeList *lists[] = {&c->args, &c->args2, &c->args3, &c->body};
    for (int k = 0; k < 4; k++) {
        NodeList *l = lists[k];
        if (!l->n)
            continue;
        Node **items = alloc(P, (size_t)l->n * sizeof *items);
        if (!items)
            return NULL;
        for (int i = 0; i < l->n; i++)
            items[i] = copy_node(P, l->items[i]);
        l->items = items;
    }
    return c;
}

static Node *rewrite(Rewrite *R, const Node *n);

/* A name of the loop in the kernel: the kernel's special parameters are bound by name
 * (pos, blkpos … spec 004 §2.4.1), so a host variable of that name is renamed. */
static const char *kname(Pass *P, const char *name)
{
    static const char *const special[] = {"pos", "blkpos", "blkidx", "blkdim", "blkcnt", "warpsize", "warpSize",
                                          "coalesced_threads", "this_thread_block", "this_grid",
                                          "this_multi_grid"};
    for (size_t i = 0; i < sizeof special / sizeof *special; i++)
        if (!strcmp(special[i], name))
            return fmt(P, "%s_host_", name);
    return name;
}

static void rewrite_list(Rewrite *R, NodeList *dst, const NodeList *src)
{
    dst->n = 0;
    dst->items = NULL;
    if (!src->n)
        return;
    dst->items = alloc(R->P, (size_t)src->n * sizeof *dst->items);
    if (!dst->items) {
        R->failed = true;
        return;
    }
    for (int i = 0; i < src->n; i++)
        dst->items[dst->n++] = rewrite(R, src->items[i]);
}

static int red_index(const Rewrite *R, const char *name)
{
    for (int i = 0; i < R->N->nnames; i++)
        if (!strcmp(R->N->names[i], name))
            return R->red_of[i];
    return -1;
}

/* The copy of n in the kernel: grid variables replaced, accumulations into the
 * per-thread accumulator, calls of host functions to their device copies. */
static Node *rewrite(Rewrite *R, const Node *n)
{
    Pass *P = R->P;
    if (!n)
        return NULL;
    if (n->kind == N_IDENT) {
        int k = grid_index(R->G, n->name);
        if (k >= 0)
            return copy_node(P, R->subst[k]);
    }
    if (n->kind == N_ASSIGN && n->a->kind == N_IDENT) {
        const Node *var, *inc;
        int op = accumulation(n, &var, &inc);
        int r = op ? red_index(R, var->name) : -1;
        if (r >= 0) {
            const char *acc = R->acc_name[r];
            Node *e = rewrite(R, inc);
            Node *v;
            if (op == LANG_RED_MAX || op == LANG_RED_MIN) {
                v = mk(P, N_CALL, n->loc);
                if (v) {
                    v->a = mk_ident(P, op == LANG_RED_MAX ? "max" : "min", n->loc);
                    list_push(P, &v->args, mk_ident(P, acc, n->loc));
                    list_push(P, &v->args, e);
                }
            } else {
                bool minus = n->op == T_MINUSEQ || (n->op == T_EQ && n->b->op == T_MINUS);
                int bop = op == LANG_RED_PROD ? T_STAR : op == LANG_RED_AND ? T_ANDAND : op == LANG_RED_OR ? T_OROR
                        : minus ? T_MINUS : T_PLUS;
                v = mk_bin(P, bop, mk_ident(P, acc, n->loc), e, n->loc);
            }
            return mk_assign(P, mk_ident(P, acc, n->loc), v, n->loc);
        }
    }
    if (n->kind == N_ASSIGN && n->op != T_EQ && R->plain_compound && n->a->kind == N_INDEX) {
        /* the element belongs to this iteration: read, compute, write (no atomic) */
        static const struct { int from, to; } ops[] = {
            {T_PLUSEQ, T_PLUS}, {T_MINUSEQ, T_MINUS}, {T_STAREQ, T_STAR}, {T_SLASHEQ, T_SLASH},
            {T_CARETEQ, T_CARET}, {T_DOTSTAREQ, T_DOTSTAR}, {T_DOTSLASHEQ, T_DOTSLASH}, {T_DOTCARETEQ, T_DOTCARET},
        };
        for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
            if (ops[i].from == n->op) {
                Node *t = rewrite(R, n->a);
                Node *v = mk_bin(P, ops[i].to, rewrite(R, n->a), rewrite(R, n->b), n->loc);
                return mk_assign(P, t, v, n->loc);
            }
    }
    Node *c = alloc(P, sizeof *c);
    if (!c) {
        R->failed = true;
        return NULL;
    }
    *c = *n;
    c->slot = 0;
    c->bind = 0;
    c->rt = NULL;
    c->par = NULL;
    c->a = rewrite(R, n->a);
    c->b = rewrite(R, n->b);
    c->c = rewrite(R, n->c);
    rewrite_list(R, &c->args, &n->args);
    rewrite_list(R, &c->args2, &n->args2);
    rewrite_list(R, &c->body, &n->body);
    if (c->kind == N_IDENT || c->kind == N_FOR)
        c->name = kname(P, c->name);
    if (n->kind == N_CALL && n->a->kind == N_IDENT) {
        Node *f = find_fn(P, n->a->name);
        if (f && !(f->flags & NODE_DEVICE)) {
            Node *dev = device_copy(P, f);
            if (!dev) {
                R->failed = true;
                return c;
            }
            bool known = false;
            for (int i = 0; i < P->nadded; i++)
                known |= P->added[i] == dev;
            if (!known) {
                if (P->nadded == MAX_CALLEES * 4) {
                    R->failed = true;
                    return c;
                }
                P->added[P->nadded++] = dev;
                /* its own calls of host functions go to their copies too */
                static const Grid no_grid;
                static const Nest no_nest;
                Rewrite inner = {.P = P, .G = &no_grid, .N = &no_nest, .red_of = NULL};
                rewrite_list(&inner, &dev->body, &f->body);
                R->failed |= inner.failed;
            }
            c->a = mk_ident(P, dev->name, n->a->loc);
        }
    }
    return c;
}

/* ---------------------------------------------------------------- the nest */

static bool is_range(const Node *r) { return r && r->kind == N_RANGE; }

static bool int_literal(const Node *e, int64_t *v)
{
    if (e && e->kind == N_INT) {
        *v = e->ival;
        return true;
    }
    if (e && e->kind == N_UNARY && e->op == T_MINUS && e->a->kind == N_INT) {
        *v = -e->a->ival;
        return true;
    }
    return false;
}

static Node *mk_param(Pass *P, const char *name, LangType *type, LangLoc loc)
{
    Node *p = mk(P, N_PARAM, loc);
    if (p) {
        p->name = name;
        p->type = type;
    }
    return p;
}

/* The declared type of a parameter of the loop's function named `name` (keeps its access
 * mode: `x : cube'clamped`), or NULL. */
static LangType *declared_type(Pass *P, const char *name)
{
    if (!P->fn)
        return NULL;
    for (int i = 0; i < P->fn->args.n; i++) {
        Node *p = P->fn->args.items[i];
        if (strcmp(p->name, name) || !p->type || !p->type->nmods)
            continue;
        /* the modifiers only: the variable may hold another type by the time the loop runs */
        LangType *t = alloc(P, sizeof *t);
        if (!t)
            return NULL;
        t->kind = TY_MODS;
        t->loc = p->type->loc;
        t->mods = p->type->mods;
        t->nmods = p->type->nmods;
        return t;
    }
    return NULL;
}

static const char *file_stem(Pass *P)
{
    const char *s = P->m->src.name ? P->m->src.name : "module";
    const char *slash = strrchr(s, '/');
    if (slash)
        s = slash + 1;
    char buf[64];
    size_t k = 0;
    for (; *s && *s != '.' && k + 1 < sizeof buf; s++)
        buf[k++] = (char)((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ? *s : '_');
    buf[k] = 0;
    return fmt(P, "%s", buf);
}

/* Build the kernel of a nest proven parallel over grid G (the first G.rank loops). */
static bool make_kernel(Pass *P, Nest *N, Node **loops, const Grid *G, LangAutopar *par, const NameSet *scope,
                        const bool *is_local, const int *red_of)
{
    Node *inner = loops[G->rank - 1];
    LangLoc loc = loops[0]->loc;
    Node *fn = mk(P, N_FUNCTION, loc);
    if (!fn)
        return false;
    fn->name = fmt(P, "opt__for_%s_L%d_C%d", P->stem, loc.line, loc.col);
    fn->flags = NODE_KERNEL;
    par->kernel = fn;
    par->rank = G->rank;
    /* pos */
    LangType *ivec = alloc(P, sizeof *ivec);
    if (!ivec)
        return false;
    ivec->kind = TY_NAME;
    ivec->name = G->rank == 1 ? "int" : fmt(P, "ivec%d", G->rank);
    ivec->loc = loc;
    list_push(P, &fn->args, mk_param(P, "pos", ivec, loc));
    /* host values */
    int nargs = 0;
    par->args = alloc(P, (size_t)(N->nnames + 1) * sizeof *par->args);
    par->written = alloc(P, (size_t)(N->nnames + 1) * sizeof *par->written);
    if (!par->args || !par->written)
        return false;
    for (int i = 0; i < N->nnames; i++) {
        const char *name = N->names[i];
        if (grid_index(G, name) >= 0 || is_local[i] || red_of[i] >= 0)
            continue;
        /* a free name: a variable of the scope or a global; builtins and functions stay */
        if (!ns_has(scope, name) && (lang_in_prelude(name) || find_fn(P, name)))
            continue;
        if (!N->ident[i])
            continue;
        par->args[nargs] = N->ident[i];
        bool w = false;
        for (int j = 0; j < N->naccess; j++)
            w |= N->acc[j].write && !strcmp(N->acc[j].name, name);
        par->written[nargs] = w;
        nargs++;
        list_push(P, &fn->args, mk_param(P, kname(P, name), declared_type(P, name), loc));
    }
    par->nargs = nargs;
    /* grid variables: start + pos[k] * step */
    Rewrite R = {.P = P, .G = G, .N = N, .red_of = red_of, .plain_compound = !par->forced};
    for (int k = 0; k < G->rank; k++) {
        Node *r = loops[k]->a;
        Node *posk = mk_ident(P, "pos", loops[k]->loc);
        if (G->rank > 1) {
            Node *ix = mk(P, N_INDEX, loops[k]->loc);
            if (!ix)
                return false;
            ix->a = posk;
            list_push(P, &ix->args, mk_int(P, k, loops[k]->loc));
            posk = ix;
        }
        int64_t start = 0, step = 1;
        bool lit_start = int_literal(r->a, &start);
        bool lit_step = !r->b || int_literal(r->b, &step);
        par->start_arg[k] = !lit_start;
        par->step_arg[k] = !lit_step;
        Node *s = lit_start ? mk_int(P, start, r->loc) : mk_ident(P, fmt(P, "par_s%d_", k), r->loc);
        Node *t = lit_step ? mk_int(P, step, r->loc) : mk_ident(P, fmt(P, "par_t%d_", k), r->loc);
        Node *e;
        if (lit_step && step == 1)
            e = lit_start && start == 0 ? posk : mk_bin(P, T_PLUS, posk, s, r->loc);
        else if (lit_step && step == -1)
            e = mk_bin(P, T_MINUS, s, posk, r->loc);
        else
            e = mk_bin(P, T_PLUS, s, mk_bin(P, T_STAR, posk, t, r->loc), r->loc);
        R.subst[k] = e;
    }
    LangType *int_t = alloc(P, sizeof *int_t);
    if (!int_t)
        return false;
    int_t->kind = TY_NAME;
    int_t->name = "int";
    for (int k = 0; k < G->rank; k++)
        if (par->start_arg[k])
            list_push(P, &fn->args, mk_param(P, fmt(P, "par_s%d_", k), int_t, loc));
    for (int k = 0; k < G->rank; k++)
        if (par->step_arg[k])
            list_push(P, &fn->args, mk_param(P, fmt(P, "par_t%d_", k), int_t, loc));
    /* reductions */
    NodeList body = {0};
    for (int r = 0; r < par->nreds; r++) {
        R.acc_name[r] = fmt(P, "par_acc%d_", r);
        list_push(P, &fn->args, mk_param(P, fmt(P, "par_id%d_", r), NULL, loc));
        list_push(P, &fn->args, mk_param(P, fmt(P, "par_part%d_", r), NULL, loc));
        list_push(P, &body, mk_assign(P, mk_ident(P, R.acc_name[r], loc), mk_ident(P, fmt(P, "par_id%d_", r), loc), loc));
    }
    for (int i = 0; i < inner->body.n; i++)
        list_push(P, &body, rewrite(&R, inner->body.items[i]));
    for (int r = 0; r < par->nreds; r++) {
        Node *ix = mk(P, N_INDEX, loc);
        if (!ix)
            return false;
        ix->a = mk_ident(P, fmt(P, "par_part%d_", r), loc);
        list_push(P, &ix->args, mk_ident(P, "pos", loc));
        list_push(P, &body, mk_assign(P, ix, mk_ident(P, R.acc_name[r], loc), loc));
    }
    fn->body = body;
    for (int k = 0; k < G->rank; k++)
        par->loops[k] = loops[k];
    return !R.failed;
}

/* The attribute or pragma just before statement i of l: force parallel (1), serial (-1). */
static int forcing(const NodeList *l, int i)
{
    for (int j = i - 1; j >= 0; j--) {
        const Node *s = l->items[j];
        if (s->kind == N_ATTRIBUTE) {
            bool for_item = false;
            for (int k = 0; k < s->args.n; k++)
                for_item |= !strcmp(((Node *)s->args.items[k])->name, "for");
            if (for_item && !strcmp(s->name, "parallel"))
                return 1;
            if (for_item && !strcmp(s->name, "serial"))
                return -1;
            continue;
        }
        if (s->kind == N_PRAGMA) {
            if (!strcmp(s->name, "force_parallel"))
                return 1;
            if (!strcmp(s->name, "force_serial"))
                return -1;
            continue;
        }
        break;
    }
    return 0;
}

/* ---------------------------------------------------------------- 32-bit ints */

typedef struct Ints {
    Pass *P;
    const Nest *N;
    const char *real_local[MAX_NAMES];  /* locals only ever assigned reals */
    int nreal;
    LangAutopar *par;
    int cap;
} Ints;

static bool is_loop_var(const Nest *N, const LangAutopar *par, const char *name)
{
    for (int i = 0; i < par->nloop_vars; i++)
        if (!strcmp(par->loop_vars[i], name))
            return true;
    (void)N;
    return false;
}

/* Can e be an int? No when it holds a real literal, an array element, or a call of
 * something other than the int-valued builtins. */
static bool int_possible(const Ints *I, const Node *e)
{
    if (!e)
        return true;
    switch (e->kind) {
    case N_REAL: case N_IMAG: case N_INDEX: case N_STRING: case N_MATRIX: return false;
    case N_IDENT:
        for (int i = 0; i < I->nreal; i++)
            if (!strcmp(I->real_local[i], e->name))
                return false;
        return true;
    case N_BINARY:
        if (e->op == T_SLASH || e->op == T_DOTSLASH)
            return false;
        return int_possible(I, e->a) && int_possible(I, e->b);
    case N_CALL: {
        const char *f = e->a->kind == N_IDENT ? e->a->name : "";
        if (strcmp(f, "int") && strcmp(f, "size") && strcmp(f, "numel") && strcmp(f, "abs") && strcmp(f, "min") &&
            strcmp(f, "max") && strcmp(f, "mod"))
            return false;
        return true;
    }
    default:
        return int_possible(I, e->a) && int_possible(I, e->b) && int_possible(I, e->c);
    }
}

static void real_locals(Ints *I, const Node *n, bool *int_assigned, bool *assigned)
{
    if (!n)
        return;
    if (n->kind == N_ASSIGN) {
        const Node *t = n->a->kind == N_TYPED ? n->a->a : n->a;
        if (t->kind == N_IDENT) {
            for (int i = 0; i < I->N->nnames; i++)
                if (!strcmp(I->N->names[i], t->name)) {
                    assigned[i] = true;
                    if (int_possible(I, n->b) || n->op != T_EQ)
                        int_assigned[i] = true;
                }
        }
    }
    if (n->kind == N_FOR)
        for (int i = 0; i < I->N->nnames; i++)
            if (!strcmp(I->N->names[i], n->name))
                int_assigned[i] = assigned[i] = true;
    real_locals(I, n->a, int_assigned, assigned);
    real_locals(I, n->b, int_assigned, assigned);
    real_locals(I, n->c, int_assigned, assigned);
    const NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++)
            real_locals(I, lists[k]->items[i], int_assigned, assigned);
}

static void find_products(Ints *I, Node *n)
{
    if (!n)
        return;
    if (n->kind == N_FOR && I->par->inner_loops && I->par->ninner < I->cap)
        I->par->inner_loops[I->par->ninner++] = n;
    if (n->kind == N_BINARY && (n->op == T_STAR || n->op == T_DOTSTAR || n->op == T_CARET || n->op == T_DOTCARET) &&
        int_possible(I, n->a) && int_possible(I, n->b)) {
        bool loopy = false;
        for (int i = 0; i < I->par->nloop_vars && !loopy; i++)
            loopy = mentions(n, I->par->loop_vars[i]);
        if (loopy && I->par->nint < I->cap) {
            char buf[160];
            expr_text(n, buf, sizeof buf);
            I->par->int_products[I->par->nint] = n;
            I->par->int_texts[I->par->nint++] = fmt(I->P, "%s", buf);
            return;     /* its operands are bounded with it */
        }
    }
    find_products(I, n->a);
    find_products(I, n->b);
    find_products(I, n->c);
    NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++)
            find_products(I, lists[k]->items[i]);
}

/* Record the int products of the nest and its inner loops for the runtime's bounds. */
static void int_arith(Pass *P, const Nest *N, Node *top, LangAutopar *par)
{
    Ints *I = calloc(1, sizeof *I);
    bool *int_assigned = calloc(MAX_NAMES, sizeof *int_assigned);
    bool *assigned = calloc(MAX_NAMES, sizeof *assigned);
    if (!I || !int_assigned || !assigned)
        goto done;
    I->P = P;
    I->N = N;
    I->par = par;
    I->cap = 64;
    for (int pass = 0; pass < 3; pass++) {      /* a real local can make another real */
        memset(int_assigned, 0, MAX_NAMES * sizeof *int_assigned);
        memset(assigned, 0, MAX_NAMES * sizeof *assigned);
        for (int i = 0; i < top->body.n; i++)
            real_locals(I, top->body.items[i], int_assigned, assigned);
        I->nreal = 0;
        for (int i = 0; i < N->nnames; i++)
            if (assigned[i] && !int_assigned[i] && !is_loop_var(N, par, N->names[i]))
                I->real_local[I->nreal++] = N->names[i];
    }
    par->inner_loops = alloc(P, (size_t)I->cap * sizeof *par->inner_loops);
    par->int_products = alloc(P, (size_t)I->cap * sizeof *par->int_products);
    par->int_texts = alloc(P, (size_t)I->cap * sizeof *par->int_texts);
    if (par->inner_loops && par->int_products && par->int_texts)
        for (int i = 0; i < top->body.n; i++)
            find_products(I, top->body.items[i]);
done:
    free(I);
    free(int_assigned);
    free(assigned);
}

/* Does the nest compute something a user would expect to be parallel: write an array
 * element, or accumulate? (Loops that only print or call functions are left quietly.) */
static bool looks_parallel(const Nest *N)
{
    for (int i = 0; i < N->naccess; i++)
        if (N->acc[i].write)
            return true;
    for (int i = 0; i < N->nnames; i++)
        if (N->nacc[i])
            return true;
    return false;
}

static void analyse_stmts(Pass *P, NodeList *l);

/* Decide one nest starting at FOR `top` (statement i of list l). Returns whether it was
 * made parallel (inner loops of a serial nest are analysed on their own). */
static bool nest_verdict(Pass *P, NodeList *l, int i, Nest *N, NameSet *scope)
{
    Node *top = l->items[i];
    LangAutopar *par = alloc(P, sizeof *par);
    if (!par)
        return false;
    top->par = par;
    par->warn = P->warn;
    int force = forcing(l, i);
    par->forced = force > 0;
    par->serial_forced = force < 0;
    if (force < 0) {
        par->reason = "marked serial ({!serial for} or #pragma force_serial)";
        return false;
    }
    scope_names(P, scope);
    /* the chain of perfectly nested loops */
    Node *loops[LANG_PAR_MAX_RANK];
    int depth = 0;
    for (Node *f = top; f && f->kind == N_FOR && depth < LANG_PAR_MAX_RANK;) {
        if (!is_range(f->a) || f->label)
            break;
        bool dep = false;
        for (int k = 0; k < depth; k++)
            dep |= mentions(f->a, loops[k]->name);
        if (dep)
            break;
        loops[depth++] = f;
        f = f->body.n == 1 ? f->body.items[0] : NULL;
    }
    if (!depth) {
        par->reason = top->label ? "it is a labelled loop" : "it does not run over a range a..b";
        return false;
    }
    scan_list(P, N, scope, &top->body);
    if (scope->overflow && !N->reason)
        N->reason = "its function has too many names";
    /* the chain's bounds must not depend on what the nest assigns */
    for (int k = 1; k < depth; k++)
        for (int j = 0; j < N->nnames; j++)
            if (N->nassign[j] && mentions(loops[k]->a, N->names[j])) {
                bool is_chain_var = false;
                for (int q = 0; q < depth; q++)
                    is_chain_var |= !strcmp(loops[q]->name, N->names[j]);
                if (!is_chain_var) {
                    depth = k;
                    break;
                }
            }
    if (N->reason) {
        par->reason = N->reason;
        return false;
    }
    /* names: loop variables of the grid, reductions, locals, free values */
    bool is_local[MAX_NAMES] = {0};
    int red_of[MAX_NAMES];
    const char *dep_reason = NULL, *outside_reason = NULL;
    bool quiet = false;
    for (int j = 0; j < N->nnames; j++) {
        red_of[j] = -1;
        const char *name = N->names[j];
        bool chain = false;
        for (int k = 0; k < depth; k++)
            chain |= !strcmp(loops[k]->name, name);
        if (chain)
            continue;       /* checked below */
        if (!N->nassign[j])
            continue;
        bool accumulates = N->nacc[j] && N->nacc[j] == N->nuse[j] && N->accop[j] > 0 && !N->private_arr[j];
        if (accumulates && typed_in_scope(P, name)) {
            /* the host converts each step (c : int = 0; c += 0.5): not a reduction, and
             * a declared accumulator is a deliberate serial loop, not worth a warning */
            if (!dep_reason)
                dep_reason = fmt(P, "the accumulator '%s' is declared with a type", name);
            quiet = true;
            continue;
        }
        if (accumulates) {
            if (par->nreds == LANG_PAR_MAX_REDS) {
                dep_reason = "it accumulates into too many variables";
                continue;
            }
            red_of[j] = par->nreds;
            LangParRed *red = &par->reds[par->nreds++];
            *red = (LangParRed){N->ident[j], N->accop[j], NULL, 0};
            red->incs = alloc(P, (size_t)(N->nincs + 1) * sizeof *red->incs);
            for (int q = 0; red->incs && q < N->nincs; q++)
                if (!strcmp(N->incs[q].name, name))
                    red->incs[red->ninc++] = N->incs[q].inc;
            continue;
        }
        is_local[j] = true;
        if (!outside_reason && used_outside(P, top, name) && ns_has(scope, name))
            outside_reason = fmt(P, "'%s' is assigned in the loop and used outside it", name);
    }
    /* a chain variable assigned in the body (inner chain loops assign theirs once) */
    for (int j = 0; j < N->nnames && !dep_reason; j++)
        for (int k = 0; k < depth; k++)
            if (!strcmp(loops[k]->name, N->names[j]) && N->nassign[j] > (k > 0))
                dep_reason = fmt(P, "it assigns its loop variable '%s'", N->names[j]);
    if (!dep_reason) {
        Locals L = {.names = N->names, .nnames = N->nnames, .is_local = is_local};
        Defs d = {0};
        for (int k = 0; k < depth; k++)
            defs_add(&d, loops[k]->name);
        /* the inner chain loops are part of the body seen from the top */
        defs_list(&L, &d, &top->body);
        if (L.bad)
            dep_reason = fmt(P, "loop-carried dependency: '%s' is read before the iteration assigns it", L.bad);
    }
    if (!dep_reason)
        dep_reason = outside_reason;
    /* the grid: the longest prefix of the chain the array writes cover */
    Grid G = {0};
    const char *arr_reason = NULL;
    for (int r = depth; r >= 1; r--) {
        G.rank = r;
        for (int k = 0; k < r; k++)
            G.var[k] = loops[k]->name;
        const char *why = array_reason(P, N, &G);
        if (!why)
            break;
        if (r == depth || !arr_reason)
            arr_reason = why;
        if (r == 1)
            G.rank = 0;
    }
    if (!dep_reason && !G.rank) {
        dep_reason = arr_reason;
        /* writing through a reference taken in the loop (b = bands[k]; b[:, :] = …) is
         * host work on containers, not an array computation: listed, not warned */
        quiet |= strstr(arr_reason, "may share memory") != NULL;
    }
    if (dep_reason && !par->forced) {
        par->reason = dep_reason;
        par->quiet = quiet;
        return false;
    }
    if (dep_reason) {
        par->reason = dep_reason;      /* forced: the whole chain, the programmer's call */
        G.rank = depth;
        for (int k = 0; k < depth; k++)
            G.var[k] = loops[k]->name;
        /* carried scalars come in from the host as arguments */
        for (int j = 0; j < N->nnames; j++)
            if (is_local[j] && ns_has(scope, N->names[j]))
                is_local[j] = false;
    }
    /* chain loops inside the kernel: their variables are kernel locals */
    for (int k = G.rank; k < depth; k++)
        for (int j = 0; j < N->nnames; j++)
            if (!strcmp(loops[k]->name, N->names[j])) {
                is_local[j] = true;
                if (!par->forced && used_outside(P, top, N->names[j]) && ns_has(scope, N->names[j])) {
                    par->reason = fmt(P, "'%s' is assigned in the loop and used outside it", N->names[j]);
                    return false;
                }
            }
    par->def_names = alloc(P, (size_t)(N->ndefs + 1) * sizeof *par->def_names);
    par->def_rhs = alloc(P, (size_t)(N->ndefs + 1) * sizeof *par->def_rhs);
    if (par->def_names && par->def_rhs) {
        memcpy(par->def_names, N->def_names, (size_t)N->ndefs * sizeof *par->def_names);
        memcpy(par->def_rhs, N->def_rhs, (size_t)N->ndefs * sizeof *par->def_rhs);
        par->ndefs = N->ndefs;
    }
    par->loop_vars = alloc(P, (size_t)(N->nloop_vars + depth + 1) * sizeof *par->loop_vars);
    if (par->loop_vars) {
        for (int k = 0; k < depth; k++)
            par->loop_vars[par->nloop_vars++] = loops[k]->name;
        for (int k = 0; k < N->nloop_vars; k++)
            par->loop_vars[par->nloop_vars++] = N->loop_vars[k];
    }
    int_arith(P, N, top, par);
    if (par->nint == 64) {
        par->reason = "it has too many int products to bound";
        return false;
    }
    if (!make_kernel(P, N, loops, &G, par, scope, is_local, red_of)) {
        par->reason = "the kernel could not be made (out of memory)";
        return false;
    }
    if (P->nadded == P->cap) {
        par->reason = "too many parallel loops in one module";
        par->kernel = NULL;
        return false;
    }
    P->added[P->nadded++] = par->kernel;
    par->parallel = true;
    P->made++;
    return true;
}

/* The scratch of one nest lives only while it is decided (the verdict keeps nodes and
 * arena strings, never pointers into it). */
static bool analyse_nest(Pass *P, NodeList *l, int i)
{
    Nest *N = calloc(1, sizeof *N);
    NameSet *scope = calloc(1, sizeof *scope);
    bool ok = N && scope && nest_verdict(P, l, i, N, scope);
    free(N);
    free(scope);
    return ok;
}

static void report_serial(Pass *P, Node *f, bool candidate)
{
    LangAutopar *par = f->par;
    if (!par || par->parallel || par->serial_forced)
        return;
    if (par->forced) {
        lang_diag_report(P->d, &P->m->src, f->loc, LANG_ERROR, "{!parallel for}: the loop cannot be parallelized: %s",
                         par->reason);
        return;
    }
    if (candidate && P->warn && !par->quiet)
        lang_diag_report(P->d, &P->m->src, f->loc, LANG_WARNING, "loop not parallelized: %s", par->reason);
}

/* Does a statement list (of a loop body) contain a loop made parallel? */
static bool has_parallel(const Node *n)
{
    if (!n)
        return false;
    if (n->kind == N_FOR && n->par && n->par->parallel)
        return true;
    if (n->kind == N_FUNCTION || n->kind == N_LAMBDA)
        return false;
    if (has_parallel(n->a) || has_parallel(n->b) || has_parallel(n->c))
        return true;
    const NodeList *lists[] = {&n->args, &n->args2, &n->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++)
            if (has_parallel(lists[k]->items[i]))
                return true;
    return false;
}

static void analyse_function(Pass *P, Node *fn)
{
    if (fn->flags & (NODE_KERNEL | NODE_DEVICE))
        return;
    Node *saved_fn = P->fn;
    NodeList *saved_body = P->scope_body;
    P->fn = fn;
    P->scope_body = &fn->body;
    analyse_stmts(P, &fn->body);
    P->fn = saved_fn;
    P->scope_body = saved_body;
}

static void analyse_in(Pass *P, Node *n)
{
    if (!n)
        return;
    if (n->kind == N_FUNCTION) {
        analyse_function(P, n);
        return;
    }
    if (n->kind == N_LAMBDA)
        return;
    if (n->kind == N_IF) {
        for (int i = 0; i < n->args.n; i++)
            analyse_stmts(P, &((Node *)n->args.items[i])->body);
        return;
    }
    if (n->kind == N_MATCH) {
        for (int i = 0; i < n->args.n; i++)
            analyse_stmts(P, &((Node *)n->args.items[i])->body);
        return;
    }
    if (n->kind == N_WHILE || n->kind == N_REPEAT || n->kind == N_TRY) {
        analyse_stmts(P, &n->body);
        if (n->kind == N_TRY)
            analyse_stmts(P, &n->args2);
        return;
    }
}

static void analyse_stmts(Pass *P, NodeList *l)
{
    for (int i = 0; i < l->n; i++) {
        Node *s = l->items[i];
        if (s->kind != N_FOR) {
            analyse_in(P, s);
            continue;
        }
        if (analyse_nest(P, l, i)) {
            if (s->par->forced && s->par->reason)
                lang_diag_report(P->d, &P->m->src, s->loc, LANG_WARNING,
                                 "{!parallel for}: parallelized although %s (the programmer's responsibility)",
                                 s->par->reason);
            continue;
        }
        /* serial: its inner loops may still be parallel */
        analyse_stmts(P, &s->body);
        Nest *N = calloc(1, sizeof *N);
        NameSet *scope = calloc(1, sizeof *scope);
        if (N && scope) {
            scope_names(P, scope);
            scan_list(P, N, scope, &s->body);
            /* warned: loops that compute on arrays, and loops kept serial only by a
             * dependency; not those doing host-only work (closures, strings, cells) */
            report_serial(P, s, (looks_parallel(N) || !N->reason) && !has_parallel(s) && !N->quiet);
        }
        free(N);
        free(scope);
    }
}

int lang_autopar(LangModule *m, LangModule *const *from, int nfrom, bool warn, LangDiag *d)
{
    Pass P = {.m = m, .from = from, .nfrom = nfrom, .d = d, .scope_body = &m->body, .warn = warn};
    P.cap = 256;
    P.added = alloc(&P, (size_t)P.cap * sizeof *P.added);
    if (!P.added)
        return 0;
    P.stem = file_stem(&P);
    int n0 = m->body.n;
    for (int i = 0; i < n0; i++)
        if (((Node *)m->body.items[i])->kind == N_FUNCTION)
            analyse_function(&P, m->body.items[i]);
    /* the top level: its loops, and its compound statements' loops */
    NodeList top = {0};
    for (int i = 0; i < n0; i++)
        if (((Node *)m->body.items[i])->kind != N_FUNCTION)
            list_push(&P, &top, m->body.items[i]);
    P.fn = NULL;
    P.scope_body = &m->body;
    analyse_stmts(&P, &top);
    for (int i = 0; i < P.nadded; i++)
        list_push(&P, &m->body, P.added[i]);
    return P.made;
}
