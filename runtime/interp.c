/*
 * interp.c - the host interpreter: evaluates a bound syntax tree (interp.h).
 *
 * Two entry points per node: eval (expressions, result into a stack slot) and exec
 * (statements, returning how control leaves: normally, by break/continue, by return).
 * The hot paths of a scalar loop (local variables, int/scalar arithmetic, calls of
 * Quasar functions with positional arguments, `for` over an integer range) are handled
 * before the general cases, which go to ops.c, index.c and types.c.
 */
#include "runtime/interp.h"
#include "lang/autopar.h"
#include "runtime/autopar.h"
#include "lang/fuse.h"
#include "runtime/fuse_kernel.h"
#include "runtime/lib.h"
#include "runtime/lib_fft.h"
#include "runtime/lib_data.h"
#include "runtime/mem.h"
#include "runtime/cpu/jit.h"
#include "runtime/residency.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

typedef enum Flow {
    FLOW_NORMAL = RT_FLOW_NORMAL,
    FLOW_BREAK = RT_FLOW_BREAK,
    FLOW_CONTINUE = RT_FLOW_CONTINUE,
    FLOW_RETURN = RT_FLOW_RETURN,
} Flow;

static Flow exec_list(Rt *rt, NodeList *l);
static void assign(Rt *rt, Node *target, Value *v, Node *stmt);

/* ---------------------------------------------------------------- errors */

typedef struct RtWarned {
    struct RtWarned *next;
    const void *where;
} RtWarned;

static void report(Rt *rt, LangDiagKind kind, const char *msg)
{
    RtModule *mod = rt->cur_mod;
    Node *at = rt->cur;
    if (mod && at)
        lang_diag_report(rt->diag, &mod->m->src, at->loc, kind, "%s", msg);
    else
        lang_diag_plain(rt->diag, kind, "%s", msg);
}

/* The chain of calls that led to an error, innermost first, as notes. A run of calls from
 * one site (deep recursion) is shown once with its count. */
static void report_calls(Rt *rt)
{
    for (RtCall *c = rt->call; c;) {
        RtCall *d = c->up;
        int same = 0;
        while (d && d->site == c->site && d->site_mod == c->site_mod) {
            d = d->up;
            same++;
        }
        if (c->site && c->site_mod) {
            lang_diag_report(rt->diag, &c->site_mod->m->src, c->site->loc, LANG_NOTE,
                             "in '%s', called from here", c->name);
            if (same)
                lang_diag_plain(rt->diag, LANG_NOTE, "(the call above repeated %d more time%s)", same,
                                same == 1 ? "" : "s");
        }
        c = d;
    }
}

/* Raise the error whose message is in rt->errmsg. */
_Noreturn static void raise_message(Rt *rt)
{
    if (rt->try_top) {
        rt_kernel_unwind(rt, rt->try_top->kernel);
        longjmp(rt->try_top->jb, 1);
    }
    report(rt, LANG_ERROR, rt->errmsg.s ? rt->errmsg.s : "error");
    report_calls(rt);
    rt_kernel_unwind(rt, NULL);
    longjmp(*rt->top, 1);
}

/* rt_verror, for a missing library (unavailable) or any other error */
_Noreturn static void verror_as(Rt *rt, bool unavailable, const char *fmt, va_list ap)
{
    rt->unavailable = unavailable;
    rt->errmsg.len = 0;
    if (rt->kernel)
        sb_printf(&rt->errmsg, "(parallel_do) %s - ", rt->kernel->name);
    char buf[512];
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(buf, sizeof buf, fmt, aq);
    va_end(aq);
    if (n >= (int)sizeof buf) {
        char *big = malloc((size_t)n + 1);
        if (big) {
            vsnprintf(big, (size_t)n + 1, fmt, ap);
            sb_puts(&rt->errmsg, big);
            free(big);
        }
    } else {
        sb_puts(&rt->errmsg, buf);
    }
    raise_message(rt);
}

_Noreturn void rt_verror(Rt *rt, const char *fmt, va_list ap)
{
    verror_as(rt, false, fmt, ap);
}

_Noreturn void rt_error(Rt *rt, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rt_verror(rt, fmt, ap);
}

_Noreturn void rt_error_unavailable(Rt *rt, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror_as(rt, true, fmt, ap);
}

int rt_unwound_code(Rt *rt)
{
    int code = rt->interrupted ? RT_EX_INTERRUPTED : rt->unavailable ? RT_EX_UNAVAILABLE : RT_EX_PROGRAM;
    rt->interrupted = rt->unavailable = false;
    return code;
}

_Noreturn void rt_out_of_memory(Rt *rt) { rt_error(rt, "out of memory"); }

/* An interrupt is not an error of the program: no `try` catches it and nothing is printed
 * here (the caller says what was not written); the top handler returns RT_EX_INTERRUPTED. */
_Noreturn void rt_raise_interrupt(Rt *rt)
{
    rt->errmsg.len = 0;
    sb_puts(&rt->errmsg, "interrupted");
    rt->try_top = NULL;
    rt->interrupted = true;
    rt_kernel_unwind(rt, NULL);
    longjmp(*rt->top, 1);
}

void rt_warn(Rt *rt, const char *fmt, ...)
{
    for (RtWarned *w = rt->warned; w; w = w->next)
        if (w->where == rt->cur)
            return;
    RtWarned *w = malloc(sizeof *w);
    if (w) {
        w->where = rt->cur;
        w->next = rt->warned;
        rt->warned = w;
    }
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    report(rt, LANG_WARNING, buf);
}

void rt_pop_to(Rt *rt, Value *to)
{
    while (rt->sp > to) {
        rt->sp--;
        rt_release(*rt->sp);
        rt->sp->kind = V_UNDEF;
    }
}

/* ---------------------------------------------------------------- conversions */

double rt_to_real(Rt *rt, Value v, const char *what)
{
    switch (v.kind) {
    case V_INT: return (double)v.i;
    case V_SCALAR: return v.r;
    case V_ARRAY:
        if (v.a->n == 1 && !rt_elem_is_complex(v.a->elem) && v.a->elem != RT_VALUE)
            return rt_get_real(v.a, 0);
        break;
    default: break;
    }
    StrBuf sb = {0};
    const char *t = rt_type_name(rt, v, &sb);
    char name[128];
    snprintf(name, sizeof name, "%s", t);
    sb_free(&sb);
    rt_error(rt, "%s must be a real number, not '%s'", what, name);
}

int64_t rt_to_int(Rt *rt, Value v, const char *what)
{
    if (v.kind == V_INT)
        return v.i;
    double x = rt_to_real(rt, v, what);
    if (x != x || fabs(x) > 9.2e18)
        rt_error(rt, "%s must be an integer, not %g", what, x);
    return (int64_t)x;
}

RtC64 rt_to_cplx(Rt *rt, Value v, const char *what)
{
    if (v.kind == V_COMPLEX)
        return rt_cget(v);
    if (v.kind == V_ARRAY && v.a->n == 1 && rt_elem_is_complex(v.a->elem))
        return rt_get_cplx(v.a, 0);
    return (RtC64){rt_to_real(rt, v, what), 0};
}

Value rt_number(Rt *rt, RtC64 z, bool cplx)
{
    if (!cplx)
        return rt_real(rt_round(rt, z.re));
    Value v = rt_cplx(rt_round(rt, z.re), rt_round(rt, z.im));
    if (v.kind == V_UNDEF)
        rt_out_of_memory(rt);
    return v;
}

bool rt_truth(Rt *rt, Value v)
{
    switch (v.kind) {
    case V_INT: return v.i != 0;
    case V_SCALAR: return v.r != 0;
    case V_COMPLEX: return rt_cget(v).re != 0 || rt_cget(v).im != 0;
    case V_NULL: return false;
    case V_ARRAY:       /* MATLAB: true when non-empty and all elements are non-zero */
        if (v.a->elem == RT_VALUE)
            break;
        for (int64_t i = 0; i < v.a->n; i++) {
            RtC64 c = rt_get_cplx(v.a, i);
            if (c.re == 0 && c.im == 0)
                return false;
        }
        return v.a->n > 0;
    case V_STRING: return v.s->len > 0;
    case V_OBJECT:
    case V_FUNC:
    case V_BUILTIN:
    case V_TYPE: return true;
    default: break;
    }
    rt_error(rt, "a condition must be a number");
}

const char *rt_to_cstr(Rt *rt, Value v, const char *what)
{
    if (v.kind != V_STRING)
        rt_error(rt, "%s must be a string", what);
    return v.s->text;
}

int rt_canon_dims(int rank, int64_t *dims)
{
    /* Only a vector hides its leading singletons (zeros(1,5) and zeros([1,1,4]) are vecs,
     * spec 001); zeros(1,5,6) stays a 1x5x6 cube, which real programs index as
     * y[0, m, n]. Trailing ones stay too (zeros(M, N, 1) is a cube, as Quasar types it);
     * such a cube is a mat where one is declared (types.c rt_type_trailing_ones). */
    int skip = 0;
    while (skip < rank - 1 && dims[skip] == 1)
        skip++;
    if (skip < rank - 1)
        return rank;
    if (skip)
        memmove(dims, dims + skip, (size_t)(rank - skip) * sizeof *dims);
    return rank - skip;
}

int rt_dims_arg(Rt *rt, int argc, const Value *argv, int64_t *dims)
{
    int rank = 0;
    if (argc == 1 && argv[0].kind == V_ARRAY) {
        RtArray *a = argv[0].a;
        if (a->n > RT_MAX_DIMS || a->elem == RT_VALUE || rt_elem_is_complex(a->elem))
            rt_error(rt, "dimensions must be a vector of at most %d integers", RT_MAX_DIMS);
        for (int64_t i = 0; i < a->n; i++)
            dims[rank++] = (int64_t)rt_get_real(a, i);
    } else {
        if (argc > RT_MAX_DIMS)
            rt_error(rt, "at most %d dimensions", RT_MAX_DIMS);
        for (int i = 0; i < argc; i++)
            dims[rank++] = rt_to_int(rt, argv[i], "a dimension");
    }
    if (!rank)
        dims[rank++] = 1;
    for (int i = 0; i < rank; i++)
        if (dims[i] < 0)
            rt_error(rt, "negative dimension %lld", (long long)dims[i]);
    return rank;
}

/* ---------------------------------------------------------------- closures */

static Value make_closure(Rt *rt, Node *fn)
{
    FnInfo *fi = fn->rt;
    RtFunc *f = calloc(1, sizeof *f + (size_t)fi->ncaps * sizeof(Value));
    if (!f)
        rt_out_of_memory(rt);
    f->hdr = (RtObj){1, V_FUNC};
    f->node = fn;
    f->mod = fi->mod;
    f->ncaps = fi->ncaps;
    for (int i = 0; i < fi->ncaps; i++) {
        Value v = fi->cap_from_bind[i] == RT_BIND_GLOBAL ? rt->globals[fi->cap_from[i]]
                                                         : rt->frame[fi->cap_from[i]];
        rt_retain(v);
        f->caps[i] = v;
    }
    return (Value){.kind = V_FUNC, .f = f};
}

/* ---------------------------------------------------------------- calls */

/* Deep recursion ends in an error, not a crash: both the number of calls and the C stack
 * the evaluator has used are bounded (sanitizer builds use much larger frames). */
static void check_depth(Rt *rt)
{
    rt_poll_interrupt(rt);
    char here;
    size_t used = rt->stack_base ? (size_t)(rt->stack_base - &here) : 0;
    if (rt->depth >= RT_MAX_CALL_DEPTH || used > rt->stack_budget)
        rt_error(rt, "recursion too deep (%d calls)", rt->depth);
}

static const char *fn_name(const RtFunc *f)
{
    if (f->node->kind == N_FUNCTION)
        return f->node->name;
    return f->node->label ? f->node->label : "lambda";     /* f = x -> …: named after f */
}

/* Does overload f accept these arguments (count, names, declared types)? */
static bool overload_fits(Rt *rt, RtFunc *f, int argc, Value *argv, const char **names)
{
    Node *fn = f->node;
    int np = fn->args.n;
    bool variadic = np && (((Node *)fn->args.items[np - 1])->flags & NODE_VARIADIC);
    int required = 0;
    for (int i = 0; i < np; i++) {
        Node *p = fn->args.items[i];
        if (!p->a && !(p->flags & NODE_VARIADIC))
            required = i + 1;
    }
    int positional = 0;
    for (int i = 0; i < argc; i++)
        if (!names || !names[i])
            positional++;
    if (positional > np && !variadic)
        return false;
    if (argc < required && !names)
        return false;
    for (int i = 0; i < positional && i < np; i++) {
        Node *p = fn->args.items[i];
        if ((p->flags & NODE_VARIADIC) || !p->type || fn->args3.n)
            continue;
        if (!rt_type_matches(rt, argv[i], p->type))
            return false;
    }
    return true;
}

/* How closely a declared type fits a value: an exact type (int for an int, a mat for a
 * 2-D array) beats a wider one (scalar for an int, cube for a mat), which beats no type. */
static int type_fit(LangType *t, Value v)
{
    if (!t || t->kind != TY_NAME)
        return t ? 1 : 0;
    const char *n = t->name;
    if (v.kind == V_INT)
        return !strcmp(n, "int") ? 4 : 2;
    if (v.kind == V_ARRAY) {
        int rank = !strncmp(n, "vec", 3) || !strncmp(n + 1, "vec", 3) ? 1
                 : !strncmp(n, "mat", 3) || !strncmp(n + 1, "mat", 3) ? 2
                 : 3;
        return rank == v.a->rank || t->has_dim ? 4 : 3;
    }
    return 3;
}

/* The overload that fits the arguments best; among equals, the program's own (a function
 * of the root module shadows an imported one of the same signature, as a function in
 * MATLAB's current folder shadows one on the path), then the one defined first. */
static RtFunc *pick_overload(Rt *rt, RtFunc *f, int argc, Value *argv, const char **names)
{
    if (!f->next)
        return f;
    RtFunc *best = NULL;
    int best_score = -1;
    for (RtFunc *g = f; g; g = g->next) {       /* newest first */
        if (!overload_fits(rt, g, argc, argv, names))
            continue;
        int score = 0;
        for (int i = 0; i < argc && i < g->node->args.n && (!names || !names[i]); i++)
            score += type_fit(((Node *)g->node->args.items[i])->type, argv[i]);
        bool keep_own = best && best->mod == rt->modules && g->mod != rt->modules;
        if (score > best_score || (score == best_score && !keep_own)) {
            best = g;
            best_score = score;
        }
    }
    if (best)
        return best;
    rt_error(rt, "no overload of '%s' takes %d argument%s%s", fn_name(f), argc, argc == 1 ? "" : "s",
             names ? " with these names" : " of these types");
}

static int param_index(Node *fn, const char *name)
{
    for (int i = 0; i < fn->args.n; i++)
        if (!strcmp(((Node *)fn->args.items[i])->name, name))
            return i;
    return -1;
}

/* Where the sizes of a declared type name `name` (P in cube(:, :, P)), or -1. */
static int size_param_at(const LangType *t, const char *name)
{
    for (int i = 0; t->has_sizes && i < t->nsizes; i++)
        if (t->sizes[i] && t->sizes[i]->kind == N_IDENT && !strcmp(t->sizes[i]->name, name))
            return i;
    return -1;
}

/* Spec 004 §2.2.4: the sizes that generic parameters give (cube(:, :, P) on two arguments)
 * must agree. False with a message naming the first argument that disagrees. */
static bool generic_sizes_agree(Node *fn, FnInfo *fi, const Value *frame, char *msg, size_t len)
{
    for (int g = 0; g < fn->args3.n; g++) {
        const char *tname = ((Node *)fn->args3.items[g])->name;
        Value want = frame[fi->param_slot[g]];
        if (want.kind != V_INT)
            continue;
        for (int i = 0; i < fn->args.n; i++) {
            Node *p = fn->args.items[i];
            Value a = frame[fi->param_slot[fi->ngenerics + i]];
            int k = p->type && p->type->kind == TY_NAME && a.kind == V_ARRAY ? size_param_at(p->type, tname) : -1;
            int64_t have = k < 0 ? want.i : k < a.a->rank ? a.a->dims[k] : 1;
            if (have == want.i)
                continue;
            int n = snprintf(msg, len, "type check failed: argument '%s' of '%s' has size %lld in dimension %d, not %s = %lld (%s(",
                             p->name, fn->name ? fn->name : "lambda", (long long)have, k, tname, (long long)want.i,
                             p->type->name);
            for (int j = 0; j < p->type->nsizes && n > 0 && (size_t)n < len; j++) {
                Node *sz = p->type->sizes[j];
                char one[64];
                if (!sz)
                    snprintf(one, sizeof one, ":");
                else if (sz->kind == N_IDENT)
                    snprintf(one, sizeof one, "%s", sz->name);
                else if (sz->kind == N_INT)
                    snprintf(one, sizeof one, "%lld", (long long)sz->ival);
                else
                    snprintf(one, sizeof one, "…");
                n += snprintf(msg + n, len - (size_t)n, "%s%s", j ? "," : "", one);
            }
            if (n > 0 && (size_t)n < len)
                snprintf(msg + n, len - (size_t)n, "))");
            return false;
        }
    }
    return true;
}

/* Bind generic parameters [T] from the declared types of the arguments. */
static void bind_generics(Rt *rt, Node *fn, FnInfo *fi, Value *frame)
{
    for (int g = 0; g < fn->args3.n; g++) {
        const char *tname = ((Node *)fn->args3.items[g])->name;
        Value *slot = &frame[fi->param_slot[g]];
        for (int i = 0; i < fn->args.n && slot->kind == V_UNDEF; i++) {
            Node *p = fn->args.items[i];
            Value a = frame[fi->param_slot[fi->ngenerics + i]];
            LangType *t = p->type;
            if (!t || t->kind != TY_NAME || a.kind == V_UNDEF)
                continue;
            if (!strcmp(t->name, tname)) {
                StrBuf sb = {0};
                RtType *ty = rt_builtin_type(rt, rt_type_name(rt, a, &sb));
                sb_free(&sb);
                if (ty) {
                    ty->hdr.refs++;
                    *slot = (Value){.kind = V_TYPE, .t = ty};
                }
            } else if (t->has_sizes && a.kind == V_ARRAY && size_param_at(t, tname) >= 0) {
                int k = size_param_at(t, tname);      /* cube(:, :, P): P is that size */
                *slot = rt_int(k < a.a->rank ? a.a->dims[k] : 1);
            } else if (t->nelems == 1 && t->elems[0]->kind == TY_NAME &&
                       !strcmp(t->elems[0]->name, tname) && a.kind == V_ARRAY) {
                RtType *ty = rt_builtin_type(rt, a.a->elem == RT_F32 || a.a->elem == RT_F64 ? "scalar"
                                                 : a.a->elem == RT_C32 || a.a->elem == RT_C64 ? "cscalar"
                                                                                              : rt_elem_name(a.a->elem));
                if (ty) {
                    ty->hdr.refs++;
                    *slot = (Value){.kind = V_TYPE, .t = ty};
                }
            }
        }
    }
}

/* An output never assigned: reported at the call, as the function's contract failed there. */
_Noreturn static void unassigned_output(Rt *rt, RtCall *call, RtModule *caller, Node *site, const char *out,
                                        const char *fn)
{
    rt->call = call->up;
    rt->cur_mod = caller;
    rt->cur = site;
    rt_error(rt, "output '%s' of '%s' was not assigned", out, fn);
}

static RtMode mode_of(LangType *t);

/* A numeric array that the declared array type converts (ivec2 given [1, 2], vec given
 * an int vector): rank and length fit, only the element type differs. */
/* An integer scalar type name: int, int8 … uint64. */
static bool int_type_name(const char *n)
{
    static const char *const names[] = {"int", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(n, names[i]))
            return true;
    return false;
}

static bool numeric_convertible(Value v, LangType *t)
{
    /* a scalar where an int is declared converts, with rt_type_coerce's warning, as a typed
       assignment does: Quasar programs pass floor(...) or mod(...) of scalars to int
       parameters (docs/runtime.md "Typed parameters") */
    if (v.kind == V_SCALAR && t && t->kind == TY_NAME && !t->has_dim && !t->has_sizes && t->name &&
        int_type_name(t->name))
        return true;
    bool number = v.kind == V_INT || v.kind == V_SCALAR || v.kind == V_COMPLEX;
    if ((!number && (v.kind != V_ARRAY || v.a->elem == RT_VALUE)) || !t || t->kind != TY_NAME)
        return false;
    const char *n = t->name;
    if (*n == 'i' || *n == 'c')
        n++;
    int rank = !strncmp(n, "vec", 3) ? 1 : !strncmp(n, "mat", 3) ? 2 : !strncmp(n, "cube", 4) ? 3 : 0;
    if (!rank || t->has_dim || t->has_sizes)
        return false;
    /* a number where an array is declared: a 1x1 array, as the manual's my_func(2) passes
       2 for `b : mat` (004 §2.1 "Optional function arguments") */
    if (number)
        return !n[rank == 3 ? 4 : 3] && (v.kind != V_COMPLEX || t->name[0] == 'c');
    if (v.a->rank > rank && !rt_type_trailing_ones(&v, t) && !rt_type_leading_ones(&v, t))
        return false;
    const char *digits = n + (rank == 3 ? 4 : 3);
    if (*digits && (rank != 1 || atoi(digits) != v.a->n))
        return false;
    if (rt_elem_is_complex(v.a->elem) && t->name[0] != 'c')
        return false;
    return true;
}

static void check_call_rule(Rt *rt, const RtFunc *f);

/* Call Quasar function f. The arguments at argv are consumed (moved into the frame). */
static void call_func(Rt *rt, RtFunc *f, int argc, Value *argv, const char **names, int nout, Value *out,
                      Node *site)
{
    f = pick_overload(rt, f, argc, argv, names);
    Node *fn = f->node;
    FnInfo *fi = fn->rt;
    check_depth(rt);
    check_call_rule(rt, f);
    int np = fn->args.n;
    bool variadic = np && (((Node *)fn->args.items[np - 1])->flags & NODE_VARIADIC);
    if (!names && argc > np && !variadic) {
        if (f->node->kind == N_LAMBDA)
            rt_error(rt, "the lambda takes %d argument%s, %d given", np, np == 1 ? "" : "s", argc);
        rt_error(rt, "'%s' takes %d argument%s, %d given", fn_name(f), np, np == 1 ? "" : "s", argc);
    }
    int nouts = fn->kind == N_FUNCTION ? fn->args2.n : 1;
    if (nout > nouts && !(nout == 1 && nouts == 0))
        rt_error(rt, "'%s' returns %d value%s, %d requested", fn_name(f), nouts, nouts == 1 ? "" : "s", nout);

    Value *frame = rt_push(rt, fi->nslots);
    /* captures, then arguments */
    for (int i = 0; i < fi->ncaps; i++) {
        Value c = f->caps[i];
        if (c.kind == V_UNDEF && fi->self_name && !strcmp(fi->cap_names[i], fi->self_name))
            c = (Value){.kind = V_FUNC, .f = f};
        rt_retain(c);
        frame[fi->cap_slot[i]] = c;
    }
    rt_bind_instance(f, fi, frame);
    int pos = 0;
    for (int i = 0; i < argc; i++) {
        int k;
        if (names && names[i]) {
            k = param_index(fn, names[i]);
            if (k < 0)
                rt_error(rt, "'%s' has no parameter named '%s'", fn_name(f), names[i]);
        } else {
            k = pos++;
        }
        if (variadic && k >= np - 1) {
            /* ...rest: the remaining positional arguments as a cell vector */
            int rest = argc - i;
            bool numbers = true;
            for (int j = 0; j < rest; j++)
                if (argv[i + j].kind != V_INT && argv[i + j].kind != V_SCALAR)
                    numbers = false;
            /* numbers arrive as a vector ([...scalar -> scalar]), anything else as a cell */
            Value cellv = rt_array_vec(numbers ? rt_scalar_elem(rt) : RT_VALUE, rest);
            if (cellv.kind == V_UNDEF)
                rt_out_of_memory(rt);
            for (int j = 0; j < rest; j++) {
                if (numbers)
                    rt_set_value(cellv.a, j, argv[i + j], false);
                else
                    ((Value *)cellv.a->data)[j] = argv[i + j];
                argv[i + j] = rt_undef();
            }
            rt_store(&frame[fi->param_slot[fi->ngenerics + np - 1]], cellv);
            break;
        }
        Value *slot = &frame[fi->param_slot[fi->ngenerics + k]];
        if (slot->kind != V_UNDEF)
            rt_error(rt, "argument '%s' of '%s' is given twice", ((Node *)fn->args.items[k])->name, fn_name(f));
        *slot = argv[i];
        argv[i] = rt_undef();
    }
    if (variadic && frame[fi->param_slot[fi->ngenerics + np - 1]].kind == V_UNDEF) {
        Value empty = rt_array_vec(rt_scalar_elem(rt), 0);
        if (empty.kind == V_UNDEF)
            rt_out_of_memory(rt);
        frame[fi->param_slot[fi->ngenerics + np - 1]] = empty;
    }

    RtCall call = {.up = rt->call, .name = fn_name(f), .fn = fn, .mod = f->mod, .site = site, .site_mod = rt->cur_mod};
    Value *saved_frame = rt->frame;
    RtModule *saved_mod = rt->cur_mod;
    Node *saved_cur = rt->cur;
    rt->call = &call;
    rt->frame = frame;
    rt->cur_mod = f->mod;
    rt->depth++;

    /* defaults in order, then declared types */
    for (int i = 0; i < np; i++) {
        Node *p = fn->args.items[i];
        Value *slot = &frame[fi->param_slot[fi->ngenerics + i]];
        if (slot->kind == V_UNDEF) {
            if (!p->a) {
                rt->cur = site ? site : fn;
                rt->cur_mod = saved_mod;
                rt_error(rt, "'%s' needs argument '%s'", fn_name(f), p->name);
            }
            rt->cur = p->a;
            rt_eval(rt, p->a, slot);
        }
    }
    if (fn->args3.n) {
        bind_generics(rt, fn, fi, frame);
        char msg[320];
        if (!generic_sizes_agree(fn, fi, frame, msg, sizeof msg)) {
            rt->cur = site ? site : fn;
            rt->cur_mod = saved_mod;
            rt->call = call.up;
            rt_error(rt, "%s", msg);
        }
    }
    for (int i = 0; i < np; i++) {
        Node *p = fn->args.items[i];
        if (!p->type || (p->flags & NODE_VARIADIC))
            continue;
        Value *slot = &frame[fi->param_slot[fi->ngenerics + i]];
        if (!rt_type_matches(rt, *slot, p->type) && !numeric_convertible(*slot, p->type)) {
            StrBuf a = {0}, b = {0};
            const char *have = rt_type_name(rt, *slot, &a);
            char want[128];
            snprintf(want, sizeof want, "%s", p->type->name ? p->type->name : "the declared type");
            char msg[256];
            snprintf(msg, sizeof msg, "type check failed: argument '%s' of '%s' is '%s', not '%s'", p->name,
                     fn_name(f), have, want);
            sb_free(&a);
            sb_free(&b);
            rt->cur = site ? site : p;
            rt->cur_mod = saved_mod;
            rt->call = call.up;
            rt_error(rt, "%s", msg);
        }
        rt_type_coerce(rt, p->type, slot, p->name);
        RtMode pm = mode_of(p->type);
        if (pm && slot->kind == V_ARRAY)
            slot->mode = (uint32_t)pm;      /* x : vec'clamped: the parameter's access mode */
    }

    if (fn->kind == N_LAMBDA) {
        rt_eval(rt, fn->a, &out[0]);
    } else {
        Flow fl = exec_list(rt, &fn->body);
        if (fl == FLOW_BREAK || fl == FLOW_CONTINUE)
            rt_error(rt, "'%s' outside a loop", fl == FLOW_BREAK ? "break" : "continue");
        for (int i = 0; i < nouts; i++) {
            Value *o = &frame[fi->output_slot[i]];
            if (o->kind == V_UNDEF)
                unassigned_output(rt, &call, saved_mod, site ? site : fn, ((Node *)fn->args2.items[i])->name, fn->name);
            if (i < nout) {
                Node *on = fn->args2.items[i];
                if (on->type)
                    rt_type_coerce(rt, on->type, o, on->name);
                rt_store(&out[i], *o);
                *o = rt_undef();
            }
        }
    }
    rt->depth--;
    rt->call = call.up;
    rt->frame = saved_frame;
    rt->cur_mod = saved_mod;
    rt->cur = saved_cur;
    rt_pop_to(rt, frame);
}

static void call_builtin(Rt *rt, const RtBuiltin *b, int argc, Value *argv, int nout, Value *out);

/* An elementwise builtin with cell arguments: applied to each element (cells of one
 * structure; other arguments broadcast), giving a cell of the results. */
static void call_on_cells(Rt *rt, const RtBuiltin *b, int argc, Value *argv, Value *out)
{
    RtArray *shape = NULL;
    for (int i = 0; i < argc; i++)
        if (argv[i].kind == V_ARRAY && argv[i].a->elem == RT_VALUE) {
            RtArray *c = argv[i].a;
            if (shape && (c->rank != shape->rank || memcmp(c->dims, shape->dims, (size_t)c->rank * sizeof *c->dims)))
                rt_error(rt, "'%s' on cells of different structure", b->name);
            shape = c;
        }
    out[0] = rt_array_new(RT_VALUE, shape->rank, shape->dims);
    if (out[0].kind == V_UNDEF)
        rt_out_of_memory(rt);
    Value *args = rt_push(rt, argc + 1);
    for (int64_t k = 0; k < shape->n; k++) {
        for (int i = 0; i < argc; i++) {
            if (argv[i].kind == V_ARRAY && argv[i].a->elem == RT_VALUE)
                args[i] = rt_get_value(argv[i].a, k);
            else {
                rt_retain(argv[i]);
                args[i] = argv[i];
            }
        }
        call_builtin(rt, b, argc, args, 1, &args[argc]);
        ((Value *)out[0].a->data)[k] = args[argc];
        args[argc] = rt_undef();
        for (int i = 0; i < argc; i++)
            rt_store(&args[i], rt_undef());
    }
    rt_pop_to(rt, args);
}

static void call_builtin(Rt *rt, const RtBuiltin *b, int argc, Value *argv, int nout, Value *out)
{
    if (argc < b->min_args || (b->max_args >= 0 && argc > b->max_args))
        rt_error(rt, "'%s%s' takes %s%d argument%s, %d given", b->name, b->sig,
                 b->max_args < 0 ? "at least " : b->min_args != b->max_args ? "at most " : "",
                 argc < b->min_args || b->max_args < 0 ? b->min_args : b->max_args,
                 (argc < b->min_args || b->max_args < 0 ? b->min_args : b->max_args) == 1 ? "" : "s", argc);
    if (nout > b->max_out && !(nout == 1 && b->max_out == 0))
        rt_error(rt, "'%s' returns %d value%s, %d requested", b->name, b->max_out, b->max_out == 1 ? "" : "s",
                 nout);
    /* builtins work on host memory (the kernel launchers and header readers excepted):
     * device copies newer than the host's come back, and, as a builtin may write its
     * arguments, the device copies become stale (residency.h) */
    if (b->flags & RT_LIB_OUTPUT)
        rt_kernels_settle(rt, true);    /* output after the failure of a kernel still running */
    else if (!(b->flags & RT_LIB_HOSTLESS))
        rt_kernels_settle_for(rt, argv, argc);     /* a launch still running: its status first */
    if (!(b->flags & RT_LIB_HOSTLESS) && !rt_values_host(argv, argc, true))
        rt_error(rt, "'%s': an argument could not be copied back from the GPU", b->name);
    if (b->flags & RT_LIB_CELLMAP) {
        for (int i = 0; i < argc; i++)
            if (argv[i].kind == V_ARRAY && argv[i].a->elem == RT_VALUE) {
                call_on_cells(rt, b, argc, argv, out);
                return;
            }
    }
    b->fn(rt, argc, argv, nout, out);
}

void rt_call_named(Rt *rt, Value fn, int argc, Value *argv, const char **names, int nout, Value *out)
{
    if (fn.kind != V_FUNC)
        rt_error(rt, "this value is not a Quasar function");
    call_func(rt, fn.f, argc, argv, names, nout, out, NULL);
}

void rt_call_value(Rt *rt, Value fn, int argc, Value *argv, int nout, Value *out)
{
    switch (fn.kind) {
    case V_FUNC: call_func(rt, fn.f, argc, argv, NULL, nout, out, rt->cur); return;
    case V_BUILTIN: call_builtin(rt, fn.b, argc, argv, nout, out); return;
    case V_TYPE: rt_type_construct(rt, fn.t, argc, argv, NULL, out); return;
    default: break;
    }
    rt_error(rt, "this value is not a function");
}

/* Evaluate call arguments onto the stack: spreads expand, named arguments record names. */
static int eval_args(Rt *rt, NodeList *l, Value **argv_out, const char ***names_out)
{
    Value *argv = rt->sp;
    const char **names = NULL;
    int argc = 0;
    for (int i = 0; i < l->n; i++) {
        Node *a = l->items[i];
        if (a->kind == N_SPREAD) {
            Value *tmp = rt_push(rt, 1);
            rt_eval(rt, a->a, tmp);
            Value v = *tmp;
            rt->sp--;
            if (v.kind != V_ARRAY) {
                rt_release(v);
                *tmp = rt_undef();
                rt->cur = a;
                rt_error(rt, "'...' spreads a vector");
            }
            int64_t n = v.a->n;
            if (argc + n > RT_MAX_ARGS) {
                rt_release(v);
                rt_error(rt, "too many arguments (more than %d)", RT_MAX_ARGS);
            }
            /* the vector is kept above its elements until they are copied out */
            Value *dst = rt_push(rt, (int)n + 1);
            dst[n] = v;
            for (int64_t k = 0; k < n; k++)
                dst[k] = rt_get_value(v.a, k);
            rt_release(dst[n]);
            dst[n] = rt_undef();
            rt->sp--;
            argc += (int)n;
            continue;
        }
        if (argc >= RT_MAX_ARGS)
            rt_error(rt, "too many arguments (more than %d)", RT_MAX_ARGS);
        Value *slot = rt_push(rt, 1);
        if (a->kind == N_NAMED_ARG) {
            if (!names) {
                names = calloc(RT_MAX_ARGS, sizeof *names);
                if (!names)
                    rt_out_of_memory(rt);
            }
            names[argc] = a->name;
            rt_eval(rt, a->a, slot);
        } else {
            rt_eval(rt, a, slot);
        }
        argc++;
    }
    *argv_out = argv;
    *names_out = names;
    return argc;
}

static const char *expr_text(Rt *rt, Node *n, StrBuf *sb);

/* assert(cond[, message]): the message shows the expression as written. */
static void do_assert(Rt *rt, Node *call)
{
    if (call->args.n < 1 || call->args.n > 2)
        rt_error(rt, "'assert(condition[, message])' takes 1 or 2 arguments");
    Value *v = rt_push(rt, 1);
    rt_eval(rt, call->args.items[0], v);
    rt->cur = call;
    if (rt_truth(rt, *v)) {
        rt_pop_to(rt, v);
        return;
    }
    if (rt->kernel)     /* the kernel form: (parallel_do) name - assertion failed: file:line */
        rt_error(rt, "assertion failed: %s:%d", rt->cur_mod->m->src.name, call->loc.line);
    if (call->args.n == 2) {
        Value *m = rt_push(rt, 1);
        rt_eval(rt, call->args.items[1], m);
        StrBuf sb = {0};
        rt_format(rt, *m, &sb);
        char msg[512];
        snprintf(msg, sizeof msg, "%s", sb.s ? sb.s : "");
        sb_free(&sb);
        rt_error(rt, "assertion failed: %s", msg);
    }
    StrBuf sb = {0};
    const char *text = expr_text(rt, call->args.items[0], &sb);
    char msg[512];
    snprintf(msg, sizeof msg, "%s", text);
    sb_free(&sb);
    rt_error(rt, "assertion failed: %s", msg);
}

/* The source text of an expression: from its first token to the end of the call's
 * argument (found by bracket depth on the source line). */
static const char *expr_text(Rt *rt, Node *n, StrBuf *sb)
{
    const LangSource *src = &rt->cur_mod->m->src;
    const char *p = src->text;
    for (int line = 1; line < n->loc.line && *p; p++)
        if (*p == '\n')
            line++;
    /* the expression starts at or before its node's column (binary nodes sit at their
     * operator): start right after the call's '(' instead */
    const char *start = p + rt->cur->loc.col - 1;
    while (*start && *start != '(' && *start != '\n')
        start++;
    if (*start == '(')
        start++;
    int depth = 0;
    const char *e = start;
    for (; *e && *e != '\n'; e++) {
        if (*e == '(' || *e == '[')
            depth++;
        else if (*e == ')' || *e == ']') {
            if (!depth)
                break;
            depth--;
        } else if (*e == ',' && !depth)
            break;
    }
    while (start < e && (*start == ' ' || *start == '\t'))
        start++;
    while (e > start && (e[-1] == ' ' || e[-1] == '\t'))
        e--;
    sb->len = 0;
    for (const char *q = start; q < e; q++)
        sb_putc(sb, *q);
    return sb->s ? sb->s : "";
}

/* Spec 001 "Functions in Quasar": kernel and device functions are low-level code that
 * may call device functions only; a kernel is launched with parallel_do (from a kernel,
 * that is dynamic parallelism), never called. Lambdas and builtins are exempt. */
static void check_call_rule(Rt *rt, const RtFunc *f)
{
    const Node *fn = f->node;
    if (fn->kind != N_FUNCTION || (fn->flags & NODE_DEVICE))
        return;
    const Node *caller = rt->call ? rt->call->fn : NULL;
    bool low = rt->kernel || (caller && caller->kind == N_FUNCTION && (caller->flags & (NODE_DEVICE | NODE_KERNEL)));
    if (!low)
        return;
    if (fn->flags & NODE_KERNEL)
        rt_error(rt, "the kernel function '%s' cannot be called from a kernel or device function; launch it with "
                 "parallel_do (dynamic parallelism)", fn->name);
    rt_error(rt, "the host function '%s' cannot be called from a kernel or device function (declare it __device__)",
             fn->name);
}

/* f(a, b) where f is a variable holding a plain Quasar function (FnInfo.simple) called
 * with as many positional arguments as it has parameters: the arguments are evaluated
 * straight into the new frame. Returns false when the call does not qualify. */
static bool call_fast(Rt *rt, Node *n, Value *dst)
{
    Node *callee = n->a;
    if (callee->kind != N_IDENT || (callee->bind != RT_BIND_LOCAL && callee->bind != RT_BIND_GLOBAL))
        return false;
    Value fv = callee->bind == RT_BIND_LOCAL ? rt->frame[callee->slot] : rt->globals[callee->slot];
    if (fv.kind != V_FUNC || fv.f->next)
        return false;
    RtFunc *f = fv.f;
    Node *fn = f->node;
    FnInfo *fi = fn->rt;
    if (!fi->simple || fn->args.n != n->args.n)
        return false;
    if (rt->kernel || rt->call)
        check_call_rule(rt, f);
    for (int i = 0; i < n->args.n; i++) {
        int k = ((Node *)n->args.items[i])->kind;
        if (k == N_NAMED_ARG || k == N_SPREAD)
            return false;
    }
    check_depth(rt);
    Value *hold = rt_push(rt, 1 + fi->nslots);
    f->hdr.refs++;
    *hold = fv;     /* the function stays alive even if its variable is reassigned */
    Value *frame = hold + 1;
    for (int i = 0; i < n->args.n; i++)
        rt_eval(rt, n->args.items[i], &frame[fi->param_slot[i]]);
    for (int i = 0; i < fi->ncaps; i++) {
        Value c = f->caps[i];
        if (c.kind == V_UNDEF && fi->self_name && !strcmp(fi->cap_names[i], fi->self_name))
            c = fv;
        rt_retain(c);
        frame[fi->cap_slot[i]] = c;
    }
    RtCall call = {.up = rt->call, .name = fn_name(f), .fn = fn, .mod = f->mod, .site = n, .site_mod = rt->cur_mod};
    Value *saved_frame = rt->frame;
    RtModule *saved_mod = rt->cur_mod;
    rt->call = &call;
    rt->frame = frame;
    rt->cur_mod = f->mod;
    rt->depth++;
    if (fn->kind == N_LAMBDA) {
        rt_eval(rt, fn->a, dst);
    } else {
        Flow fl = exec_list(rt, &fn->body);
        if (fl == FLOW_BREAK || fl == FLOW_CONTINUE)
            rt_error(rt, "'%s' outside a loop", fl == FLOW_BREAK ? "break" : "continue");
        if (fn->args2.n) {
            Value *o = &frame[fi->output_slot[0]];
            if (o->kind == V_UNDEF)
                unassigned_output(rt, &call, saved_mod, n, ((Node *)fn->args2.items[0])->name, fn->name);
            rt_vcopy(dst, o);
            o->kind = V_UNDEF;
        }
    }
    rt->depth--;
    rt->call = call.up;
    rt->frame = saved_frame;
    rt->cur_mod = saved_mod;
    rt_pop_to(rt, hold);
    return true;
}

static void field_of(Rt *rt, Node *n, Value base, Value *dst);

static void eval_call(Rt *rt, Node *n, Value *dst, int nout, Value *outs)
{
    if (nout <= 1 && !outs && dst && call_fast(rt, n, dst))
        return;
    if (rt->kernel && n->a->kind == N_FIELD && nout <= 1) {
        Value tmp;
        if (rt_kernel_method(rt, n, dst ? dst : &tmp)) {
            if (!dst)
                rt_release(tmp);
            return;
        }
    }
    Node *callee = n->a;
    Value *base = rt->sp;
    Value fnv, *self = NULL;
    if (callee->kind == N_IDENT && callee->bind == RT_BIND_BUILTIN) {
        const RtBuiltin *b = callee->rt;
        if (b->fn == lib_assert) {
            do_assert(rt, n);
            if (dst)
                *dst = rt_undef();
            return;
        }
        fnv = (Value){.kind = V_BUILTIN, .b = b};
    } else if (callee->kind == N_INDEX && callee->a->kind == N_IDENT && callee->a->bind == RT_BIND_BUILTIN &&
               (((const RtBuiltin *)callee->a->rt)->fn == lib_shared ||
                ((const RtBuiltin *)callee->a->rt)->fn == lib_shared_zeros) && callee->args.n == 1) {
        /* shared[T](dims): the element type for the allocation */
        Value *t = rt_push(rt, 1);
        rt_eval(rt, callee->args.items[0], t);
        RtType *ty = t->kind == V_TYPE ? t->t : t->kind == V_BUILTIN ? rt_builtin_type(rt, t->b->name) : NULL;
        if (!ty || ty->rank != 0 || (int)ty->elem < 0)
            rt_error(rt, "shared[T]: T must be a number type");
        rt->shared_elem = (int)(!strcmp(ty->name, "scalar") ? rt_scalar_elem(rt) : ty->elem) + 1;
        fnv = (Value){.kind = V_BUILTIN, .b = callee->a->rt};
    } else if (callee->kind == N_FIELD) {
        /* obj.f(args): obj is evaluated once; a builtin method receives it first */
        Value *f = rt_push(rt, 2);
        rt_eval(rt, callee->a, &f[1]);
        field_of(rt, callee, f[1], &f[0]);
        fnv = f[0];
        if (fnv.kind == V_BUILTIN && (fnv.b->flags & RT_LIB_METHOD))
            self = &f[1];
    } else {
        Value *f = rt_push(rt, 1);
        rt_eval(rt, callee, f);
        fnv = *f;
    }
    Value *argv;
    const char **names;
    int argc = eval_args(rt, &n->args, &argv, &names);
    if (self) {
        /* the receiver before the arguments, in a frame of their own */
        Value *with = rt_push(rt, argc + 1);
        for (int i = 0; i < argc + 1; i++) {
            with[i] = i ? argv[i - 1] : *self;
            rt_retain(with[i]);
        }
        argv = with;
        argc++;
    }
    rt->cur = n;
    Value *out = outs ? outs : rt_push(rt, nout > 0 ? nout : 1);
    int want = nout > 0 ? nout : 1;
    switch (fnv.kind) {
    case V_FUNC: call_func(rt, fnv.f, argc, argv, names, nout, out, n); break;
    case V_BUILTIN:
        if (names) {
            free(names);
            rt_error(rt, "'%s' does not take named arguments", fnv.b->name);
        }
        call_builtin(rt, fnv.b, argc, argv, !nout && (fnv.b->flags & RT_LIB_STATEMENT) ? 0 : want, out);
        break;
    case V_TYPE: rt_type_construct(rt, fnv.t, argc, argv, names, out); break;
    default: {
        free(names);
        if (callee->kind == N_IDENT)
            rt_error(rt, "'%s' is not a function", callee->name);
        rt_error(rt, "this value is not a function");
    }
    }
    free(names);
    if (dst) {
        *dst = out[0];
        out[0] = rt_undef();
    }
    rt_pop_to(rt, base);        /* caller-given outs lie below base and stay */
}

/* ---------------------------------------------------------------- expressions */

static void eval_matrix(Rt *rt, Node *n, Value *dst);
static void eval_range(Rt *rt, Node *n, Value *dst);
static void eval_exchange(Rt *rt, Node *n, Value *dst);
static void eval_index(Rt *rt, Node *n, Value *dst);
static void eval_field(Rt *rt, Node *n, Value *dst);

_Noreturn static void unassigned(Rt *rt, Node *n)
{
    rt->cur = n;
    if (n->bind == RT_BIND_GLOBAL && lang_in_prelude(n->name) && !rt_find_builtin(rt, n->name))
        rt_error(rt, "'%s' is not defined (a Quasar builtin that qpipe does not provide yet)", n->name);
    rt_error(rt, "'%s' is used before it is assigned", n->name);
}

static inline void load_slot(Rt *rt, Node *n, const Value *v, Value *dst)
{
    if (v->kind == V_UNDEF)
        unassigned(rt, n);
    if (rt_counted(v))
        v->o->refs++;
    rt_vcopy(dst, v);
}

static inline __attribute__((always_inline)) bool arith_fast(Rt *rt, int op, Value a, Value b, Value *dst)
{
    if (a.kind == V_INT && b.kind == V_INT) {
        switch (op) {
        /* two's complement wrap, as the kernels' ints do (no undefined overflow in C) */
        case T_PLUS: *dst = rt_int((int64_t)((uint64_t)a.i + (uint64_t)b.i)); return true;
        case T_MINUS: *dst = rt_int((int64_t)((uint64_t)a.i - (uint64_t)b.i)); return true;
        case T_STAR: case T_DOTSTAR: *dst = rt_int((int64_t)((uint64_t)a.i * (uint64_t)b.i)); return true;
        case T_LT: *dst = rt_int(a.i < b.i); return true;
        case T_GT: *dst = rt_int(a.i > b.i); return true;
        case T_LE: *dst = rt_int(a.i <= b.i); return true;
        case T_GE: *dst = rt_int(a.i >= b.i); return true;
        case T_EQEQ: *dst = rt_int(a.i == b.i); return true;
        case T_NOTEQ: *dst = rt_int(a.i != b.i); return true;
        default: return false;
        }
    }
    double x, y;
    if (a.kind == V_SCALAR)
        x = a.r;
    else if (a.kind == V_INT)
        x = (double)a.i;
    else
        return false;
    if (b.kind == V_SCALAR)
        y = b.r;
    else if (b.kind == V_INT)
        y = (double)b.i;
    else
        return false;
    switch (op) {
    case T_PLUS: *dst = rt_real(rt_round(rt, x + y)); return true;
    case T_MINUS: *dst = rt_real(rt_round(rt, x - y)); return true;
    case T_STAR: case T_DOTSTAR: *dst = rt_real(rt_round(rt, x * y)); return true;
    case T_SLASH: case T_DOTSLASH: *dst = rt_real(rt_round(rt, x / y)); return true;
    case T_LT: *dst = rt_int(x < y); return true;
    case T_GT: *dst = rt_int(x > y); return true;
    case T_LE: *dst = rt_int(x <= y); return true;
    case T_GE: *dst = rt_int(x >= y); return true;
    case T_EQEQ: *dst = rt_int(x == y); return true;
    case T_NOTEQ: *dst = rt_int(x != y); return true;
    default: return false;
    }
}

/* The value of a number literal or of a variable holding a number, without touching
 * the stack or reference counts; false for anything else. */
static inline bool quick_number(Rt *rt, Node *n, Value *out)
{
    const Value *v;
    switch (n->kind) {
    case N_INT: *out = rt_int(n->ival); return true;
    case N_REAL: *out = rt_real(rt_round(rt, n->rval)); return true;
    case N_IDENT:
        if (n->bind == RT_BIND_LOCAL)
            v = &rt->frame[n->slot];
        else if (n->bind == RT_BIND_GLOBAL)
            v = &rt->globals[n->slot];
        else
            return false;
        if (v->kind != V_INT && v->kind != V_SCALAR)
            return false;
        rt_vcopy(out, v);
        return true;
    default:
        return false;
    }
}

static void eval_binary(Rt *rt, Node *n, Value *dst)
{
    if (n->op == T_ANDAND || n->op == T_OROR) {
        rt_eval(rt, n->a, dst);
        if (dst->kind != V_ARRAY) {
            rt->cur = n;
            bool l = rt_truth(rt, *dst);
            rt_store(dst, rt_undef());
            if (n->op == T_ANDAND ? !l : l) {
                *dst = rt_int(l);
                return;
            }
            rt_eval(rt, n->b, dst);
            if (dst->kind != V_ARRAY) {
                rt->cur = n;
                bool r = rt_truth(rt, *dst);
                rt_store(dst, rt_int(r));
                return;
            }
            /* scalar && array: elementwise with the scalar */
            Value *t = rt_push(rt, 1);
            *t = *dst;
            *dst = rt_undef();
            rt_binary(rt, n->op, rt_int(l), *t, dst);
            rt_pop_to(rt, t);
            return;
        }
        Value *b = rt_push(rt, 1);
        rt_eval(rt, n->b, b);
        rt->cur = n;
        Value *res = rt_push(rt, 1);
        rt_binary(rt, n->op, *dst, *b, res);
        rt_store(dst, *res);
        *res = rt_undef();
        rt_pop_to(rt, b);
        return;
    }
    if (n->slot != 1 && rt_fuse_eval(rt, n, dst))
        return;
    Value a, b, *t = NULL;
    if (!quick_number(rt, n->a, &a)) {
        t = rt_push(rt, 2);
        rt_eval(rt, n->a, &t[0]);
        a = t[0];
    }
    if (!quick_number(rt, n->b, &b)) {
        if (!t)
            t = rt_push(rt, 2);
        rt_eval(rt, n->b, &t[1]);
        b = t[1];
    }
    if (arith_fast(rt, n->op, a, b, dst)) {
        if (t)
            rt->sp = t;     /* numbers: nothing to release */
        return;
    }
    rt->cur = n;
    rt_binary(rt, n->op, a, b, dst);
    if (t)
        rt_pop_to(rt, t);
}

static Value make_type_value(Rt *rt, Node *def);

void rt_eval(Rt *rt, Node *n, Value *dst)
{
    if (__builtin_expect(n->fuse != NULL, 0) && rt_fuse_kernel(rt, n, dst))
        return;                 /* a fused elementwise kernel (lang/pass_fuse.c) */
    switch (n->kind) {
    case N_INT: *dst = rt_int(n->ival); return;
    case N_REAL: *dst = rt_real(rt_round(rt, n->rval)); return;
    case N_IMAG: *dst = rt_cplx(0, rt_round(rt, n->rval)); return;
    case N_STRING:
        *dst = rt_string_cstr(n->name ? n->name : "");
        if (dst->kind == V_UNDEF)
            rt_out_of_memory(rt);
        return;
    case N_IDENT:
        switch (n->bind) {
        case RT_BIND_LOCAL: load_slot(rt, n, &rt->frame[n->slot], dst); return;
        case RT_BIND_GLOBAL: load_slot(rt, n, &rt->globals[n->slot], dst); return;
        case RT_BIND_BUILTIN: *dst = (Value){.kind = V_BUILTIN, .b = n->rt}; return;
        case RT_BIND_CONST: *dst = rt_constant(rt, n->slot); return;
        case RT_BIND_TYPE:
            ((RtType *)n->rt)->hdr.refs++;
            *dst = (Value){.kind = V_TYPE, .t = n->rt};
            return;
        default:
            rt->cur = n;
            rt_error(rt, "'%s' is not defined", n->name);
        }
    case N_BINARY: eval_binary(rt, n, dst); return;
    case N_UNARY: {
        rt_eval(rt, n->a, dst);
        if (n->op == T_MINUS && dst->kind == V_INT) {
            dst->i = -dst->i;
            return;
        }
        if (n->op == T_MINUS && dst->kind == V_SCALAR) {
            dst->r = -dst->r;
            return;
        }
        if (n->op == T_PLUS && dst->kind != V_STRING)
            return;
        rt->cur = n;
        Value *t = rt_push(rt, 1);
        *t = *dst;
        *dst = rt_undef();
        rt_unary(rt, n->op, *t, dst);
        rt_pop_to(rt, t);
        return;
    }
    case N_TERNARY: {
        rt_eval(rt, n->a, dst);
        rt->cur = n;
        bool c = rt_truth(rt, *dst);
        rt_store(dst, rt_undef());
        rt_eval(rt, c ? n->b : n->c, dst);
        return;
    }
    case N_RANGE: eval_range(rt, n, dst); return;
    case N_CALL:
        rt->cur = n;
        eval_call(rt, n, dst, 1, NULL);
        return;
    case N_INDEX: eval_index(rt, n, dst); return;
    case N_FIELD: eval_field(rt, n, dst); return;
    case N_MATRIX: eval_matrix(rt, n, dst); return;
    case N_CELL: {
        Value *items = rt_push(rt, n->args.n);
        for (int i = 0; i < n->args.n; i++)
            rt_eval(rt, n->args.items[i], &items[i]);
        Value c = rt_array_vec(RT_VALUE, n->args.n);
        if (c.kind == V_UNDEF)
            rt_out_of_memory(rt);
        for (int i = 0; i < n->args.n; i++) {
            ((Value *)c.a->data)[i] = items[i];
            items[i] = rt_undef();
        }
        rt_pop_to(rt, items);
        *dst = c;
        return;
    }
    case N_LAMBDA: *dst = make_closure(rt, n); return;
    case N_SEQ:
        for (int i = 0; i < n->args.n; i++) {
            rt_store(dst, rt_undef());
            rt_eval(rt, n->args.items[i], dst);
        }
        return;
    case N_TYPED: {
        rt_eval(rt, n->a, dst);
        rt->cur = n;
        if (!rt_type_matches(rt, *dst, n->type)) {
            StrBuf sb = {0};
            const char *have = rt_type_name(rt, *dst, &sb);
            char msg[256];
            snprintf(msg, sizeof msg, "type check failed: '%s' is not '%s'", have,
                     n->type->name ? n->type->name : "the declared type");
            sb_free(&sb);
            rt_error(rt, "%s", msg);
        }
        return;
    }
    case N_MODIFIED:
        rt_eval(rt, n->a, dst);
        return;
    case N_ASSIGN: {
        Value *v = rt_push(rt, 1);
        if (n->op == T_EQ) {
            rt_eval(rt, n->b, v);
        } else {
            rt_eval(rt, n->a, v);
            Value *r = rt_push(rt, 1);
            rt_eval(rt, n->b, r);
            rt->cur = n;
            Value *res = rt_push(rt, 1);
            static const int base_op[][2] = {
                {T_PLUSEQ, T_PLUS}, {T_MINUSEQ, T_MINUS}, {T_STAREQ, T_STAR}, {T_SLASHEQ, T_SLASH},
                {T_CARETEQ, T_CARET}, {T_DOTSTAREQ, T_DOTSTAR}, {T_DOTSLASHEQ, T_DOTSLASH},
                {T_DOTCARETEQ, T_DOTCARET},
            };
            int op = 0;
            for (size_t i = 0; i < sizeof base_op / sizeof *base_op; i++)
                if (base_op[i][0] == n->op)
                    op = base_op[i][1];
            RtBuiltinFn bfn = n->op == T_MAXEQ ? lib_max : n->op == T_MINEQ ? lib_min : n->op == T_ANDEQ ? lib_and
                              : n->op == T_OREQ ? lib_or : n->op == T_TILDEEQ ? lib_xor : NULL;
            if (bfn) {
                /* ^^= __= &= |= ~=: maximum, minimum, bitwise and, or, xor (spec 000) */
                Value *argv = rt_push(rt, 2);
                rt_retain(*v);
                rt_retain(*r);
                argv[0] = *v;
                argv[1] = *r;
                bfn(rt, 2, argv, 1, res);
            } else if (!op) {
                rt_error(rt, "'%s' is only defined inside kernel functions", rt_op_name(n->op));
            } else if (!arith_fast(rt, op, *v, *r, res)) {
                rt_binary(rt, op, *v, *r, res);
            }
            rt_store(v, *res);
            *res = rt_undef();
        }
        assign(rt, n->a, v, n);
        *dst = *v;
        *v = rt_undef();
        rt_pop_to(rt, v);
        return;
    }
    case N_TUPLE:
        if (!n->args.n) {
            *dst = rt_undef();
            return;
        }
        rt->cur = n;
        rt_error(rt, "a tuple is not a value here");
    case N_COLON_ALL:
        rt->cur = n;
        rt_error(rt, "':' is only allowed inside an index");
    case N_NAMED_ARG:
        rt->cur = n;
        rt_error(rt, "a named argument ':=' is only allowed in a call");
    case N_SPREAD:
        rt->cur = n;
        rt_error(rt, "'...' is only allowed in a call or an index");
    case N_EXCHANGE:
        eval_exchange(rt, n, dst);
        return;
    case N_TYPE_DIMS: {
        /* cube{4}: a type value, called as a constructor (cube{4}(2, 2, 2, 2)) */
        Value *t = rt_push(rt, 2);
        rt_eval(rt, n->a, &t[0]);
        if (t[0].kind == V_BUILTIN) {
            RtType *bt = rt_builtin_type(rt, t[0].b->name);
            if (bt)
                bt->hdr.refs++;
            rt_store(&t[0], bt ? (Value){.kind = V_TYPE, .t = bt} : rt_undef());
        }
        rt->cur = n;
        if (t[0].kind != V_TYPE)
            rt_error(rt, "a dimension parameter {…} follows an array type (cube{4})");
        int64_t dims = -1;
        if (n->b) {
            rt_eval(rt, n->b, &t[1]);
            rt->cur = n;
            if (t[1].kind != V_INT)
                rt_error(rt, "the dimension parameter of '%s{…}' must be an integer", t[0].t->name);
            dims = t[1].i;
        }
        *dst = rt_type_dims(rt, t[0].t, dims);
        rt_pop_to(rt, t);
        return;
    }
    default:
        rt->cur = n;
        rt_error(rt, "%s cannot be evaluated here", lang_node_what(n->kind));
    }
}

/* old = (a[i] <- new) and old = (a[i] <- (expected, new)): atomic exchange and
 * compare-and-exchange (spec 000); the value is the old one. */
static void eval_exchange(Rt *rt, Node *n, Value *dst)
{
    rt->cur = n;
    if (!rt->kernel)
        rt_error(rt, "atomic exchange '<-' is only allowed inside kernel functions");
    Value *v = rt_push(rt, 3);
    rt_eval(rt, n->a, &v[0]);           /* the old value */
    bool cas = n->b->kind == N_TUPLE && n->b->args.n == 2;
    if (cas) {
        rt_eval(rt, n->b->args.items[0], &v[1]);
        rt_eval(rt, n->b->args.items[1], &v[2]);
    } else {
        rt_eval(rt, n->b, &v[2]);
    }
    rt->cur = n;
    bool swap = true;
    if (cas) {
        Value *eq = rt_push(rt, 1);
        rt_binary(rt, T_EQEQ, v[0], v[1], eq);
        swap = rt_truth(rt, *eq);
    }
    if (swap)
        assign(rt, n->a, &v[2], n);
    *dst = v[0];
    v[0] = rt_undef();
    rt_pop_to(rt, v);
}

static void eval_range(Rt *rt, Node *n, Value *dst)
{
    Value *v = rt_push(rt, 3);
    rt_eval(rt, n->a, &v[0]);
    if (n->b)
        rt_eval(rt, n->b, &v[1]);
    else
        v[1] = rt_int(1);
    rt_eval(rt, n->c, &v[2]);
    rt->cur = n;
    double a = rt_to_real(rt, v[0], "the start of a range");
    double s = rt_to_real(rt, v[1], "the step of a range");
    double b = rt_to_real(rt, v[2], "the end of a range");
    rt_pop_to(rt, v);
    if (s == 0 || s != s || a != a || b != b)
        rt_error(rt, "a range needs a non-zero step and finite bounds");
    double cnt = floor((b - a) / s + 1e-9) + 1;
    if (cnt < 0)
        cnt = 0;
    if (cnt > 1e10)
        rt_error(rt, "range too long");
    int64_t k = (int64_t)cnt;
    *dst = rt_array_uninit(rt_scalar_elem(rt), 1, &k);
    if (dst->kind == V_UNDEF)
        rt_out_of_memory(rt);
    for (int64_t i = 0; i < k; i++)
        rt_set_real(dst->a, i, a + (double)i * s, false);
}

/* [a, b, c]: scalars make a vector; arrays of one shape are stacked along a new first
 * dimension ([[1,2],[3,4]] is 2x2); scalars and vectors mixed are concatenated. */
static void eval_matrix(Rt *rt, Node *n, Value *dst)
{
    int k = n->args.n;
    if (!k) {
        *dst = rt_array_vec(rt_scalar_elem(rt), 0);
        return;
    }
    Value *it = rt_push(rt, k);
    for (int i = 0; i < k; i++) {
        Node *e = n->args.items[i];
        if (e->kind == N_SPREAD)
            rt_eval(rt, e->a, &it[i]);
        else
            rt_eval(rt, e, &it[i]);
    }
    rt->cur = n;
    bool any_array = false, all_array = true, cplx = false, any_str = false;
    for (int i = 0; i < k; i++) {
        switch (it[i].kind) {
        case V_INT: case V_SCALAR: all_array = false; break;
        case V_COMPLEX: all_array = false; cplx = true; break;
        case V_ARRAY:
            any_array = true;
            if (rt_elem_is_complex(it[i].a->elem))
                cplx = true;
            if (it[i].a->elem == RT_VALUE)
                rt_error(rt, "a matrix cannot hold cells; use a cell literal `…'");
            break;
        case V_STRING: any_str = true; all_array = false; break;
        default: {
            StrBuf sb = {0};
            char t[128];
            snprintf(t, sizeof t, "%s", rt_type_name(rt, it[i], &sb));
            sb_free(&sb);
            rt_error(rt, "a matrix cannot hold a value of type '%s'", t);
        }
        }
    }
    if (any_str) {
        /* ["ab", "cd"] concatenates text */
        StrBuf sb = {0};
        for (int i = 0; i < k; i++)
            rt_format(rt, it[i], &sb);
        Value s = rt_string_new(sb.s ? sb.s : "", sb.len);
        sb_free(&sb);
        rt_pop_to(rt, it);
        *dst = s;
        return;
    }
    RtElem e = cplx ? rt_complex_elem(rt) : rt_scalar_elem(rt);
    if (all_array) {
        RtArray *f = it[0].a;
        bool same_int = rt_elem_is_int(f->elem);
        for (int i = 1; i < k; i++) {
            RtArray *a = it[i].a;
            if (a->rank != f->rank || memcmp(a->dims, f->dims, (size_t)f->rank * sizeof *f->dims))
                goto concat;
            if (a->elem != f->elem)
                same_int = false;
        }
        if (f->rank >= RT_MAX_DIMS)
            rt_error(rt, "more than %d dimensions", RT_MAX_DIMS);
        if (same_int)
            e = f->elem;
        int64_t dims[RT_MAX_DIMS];
        dims[0] = k;
        memcpy(dims + 1, f->dims, (size_t)f->rank * sizeof *dims);
        Value m = rt_array_uninit(e, f->rank + 1, dims);
        if (m.kind == V_UNDEF)
            rt_out_of_memory(rt);
        int64_t off = 0;
        for (int i = 0; i < k; i++) {
            RtArray *a = it[i].a;
            rt_kernels_settle_for(rt, &it[i], 1);
            if (!rt_buf_host(a->buf, false))
                rt_error(rt, "an array could not be copied back from the GPU");
            if (a->elem == e) {
                memcpy((char *)m.a->data + off * rt_elem_size(e), a->data, (size_t)a->n * rt_elem_size(e));
            } else {
                for (int64_t j = 0; j < a->n; j++)
                    if (cplx)
                        rt_set_cplx(m.a, off + j, rt_get_cplx(a, j));
                    else
                        rt_set_real(m.a, off + j, rt_get_real(a, j), false);
            }
            off += a->n;
        }
        rt_pop_to(rt, it);
        *dst = m;
        return;
    }
concat:;
    int64_t total = 0;
    for (int i = 0; i < k; i++) {
        if (it[i].kind == V_ARRAY) {
            if (it[i].a->rank > 1 && it[i].a->n != 1 && any_array && !all_array)
                rt_error(rt, "cannot put a %d-D array next to numbers in a matrix literal", it[i].a->rank);
            if (all_array && it[i].a->rank > 1)
                rt_error(rt, "the rows of a matrix literal must have the same size");
            total += it[i].a->n;
        } else {
            total++;
        }
    }
    Value m = rt_array_uninit(e, 1, &total);
    if (m.kind == V_UNDEF)
        rt_out_of_memory(rt);
    int64_t o = 0;
    for (int i = 0; i < k; i++) {
        Value v = it[i];
        if (v.kind == V_ARRAY) {
            for (int64_t j = 0; j < v.a->n; j++, o++)
                if (cplx)
                    rt_set_cplx(m.a, o, rt_get_cplx(v.a, j));
                else
                    rt_set_real(m.a, o, rt_get_real(v.a, j), false);
        } else if (v.kind == V_COMPLEX) {
            rt_set_cplx(m.a, o++, rt_cget(v));
        } else {
            rt_set_real(m.a, o++, v.kind == V_INT ? (double)v.i : v.r, false);
        }
    }
    rt_pop_to(rt, it);
    *dst = m;
}

/* Evaluate index arguments: ':' becomes V_UNDEF, spreads expand. Returns the count. */
static int eval_indices(Rt *rt, NodeList *l, Value **out)
{
    Value *idx = rt->sp;
    int k = 0;
    for (int i = 0; i < l->n; i++) {
        Node *e = l->items[i];
        if (e->kind == N_COLON_ALL) {
            rt_push(rt, 1);
            k++;
        } else if (e->kind == N_SPREAD) {
            Value *t = rt_push(rt, 1);
            rt_eval(rt, e->a, t);
            Value v = *t;
            if (v.kind != V_ARRAY) {
                k++;    /* a scalar spreads to itself */
                continue;
            }
            rt->sp--;
            *t = rt_undef();
            int64_t n = v.a->n;
            if (k + n > RT_MAX_DIMS) {
                rt_release(v);
                rt_error(rt, "too many indices");
            }
            Value *d = rt_push(rt, (int)n + 1);
            d[n] = v;
            for (int64_t j = 0; j < n; j++)
                d[j] = rt_get_value(v.a, j);
            rt_release(d[n]);
            d[n] = rt_undef();
            rt->sp--;
            k += (int)n;
        } else {
            Value *t = rt_push(rt, 1);
            rt_eval(rt, e, t);
            k++;
        }
    }
    *out = idx;
    return k;
}

/* f[N, T]: the generic function f with its generic parameters given (spec 000's
 * gaussian_filter[2]); a function value like f, that binds them when called. */
static Value instantiate(Rt *rt, Node *n, RtFunc *f, const Value *params)
{
    if (n->args.n > f->node->args3.n)
        rt_error(rt, "'%s' has %d generic parameter%s, %d given", fn_name(f), f->node->args3.n,
                 f->node->args3.n == 1 ? "" : "s", n->args.n);
    RtFunc *g = calloc(1, sizeof *g + (size_t)f->ncaps * sizeof(Value));
    Value *gen = calloc((size_t)n->args.n + 1, sizeof *gen);
    if (!g || !gen) {
        free(g);
        free(gen);
        rt_out_of_memory(rt);
    }
    g->hdr = (RtObj){1, V_FUNC};
    g->node = f->node;
    g->mod = f->mod;
    g->ncaps = f->ncaps;
    for (int i = 0; i < f->ncaps; i++) {
        rt_retain(f->caps[i]);
        g->caps[i] = f->caps[i];
    }
    g->gen = gen;
    g->ngen = n->args.n;
    for (int i = 0; i < n->args.n; i++) {
        rt_retain(params[i]);
        gen[i] = params[i];
    }
    return (Value){.kind = V_FUNC, .f = g};
}

/* The generic values of an instance f[N] into a new frame. */
void rt_bind_instance(const RtFunc *f, const FnInfo *fi, Value *frame)
{
    for (int i = 0; i < f->ngen && i < fi->ngenerics; i++) {
        rt_retain(f->gen[i]);
        rt_store(&frame[fi->param_slot[i]], f->gen[i]);
    }
}

static void eval_index(Rt *rt, Node *n, Value *dst)
{
    Value *base = rt_push(rt, 1);
    rt_eval(rt, n->a, base);
    bool generic = base->kind == V_FUNC && base->f->node->kind == N_FUNCTION && base->f->node->args3.n;
    if (generic || base->kind == V_TYPE) {
        /* f[N] instantiates a generic function; T[…] applies a type's parameters */
        Value *params = rt_push(rt, n->args.n);
        for (int i = 0; i < n->args.n; i++)
            rt_eval(rt, n->args.items[i], &params[i]);
        rt->cur = n;
        *dst = generic ? instantiate(rt, n, base->f, params) : rt_type_apply(rt, base->t, n->args.n, params);
        rt_pop_to(rt, base);
        return;
    }
    Value *idx;
    int k = eval_indices(rt, &n->args, &idx);
    rt->cur = n;
    rt_index_get(rt, *base, k, idx, n, dst);
    rt_pop_to(rt, base);
}

/* Field n->name of base, the value of n->a (a new reference). */
static void field_of(Rt *rt, Node *n, Value base, Value *dst)
{
    rt->cur = n;
    if (base.kind == V_OBJECT) {
        Value *f = rt_object_field(base.obj, n->name);
        if (f && f->kind != V_UNDEF) {
            rt_retain(*f);
            *dst = *f;
            return;
        }
    }
    if (n->a->kind == N_IDENT)
        rt_error(rt, "'%s' has no field '%s'", n->a->name, n->name);
    rt_error(rt, "this value has no field '%s'", n->name);
}

static void eval_field(Rt *rt, Node *n, Value *dst)
{
    Value *base = rt_push(rt, 1);
    rt_eval(rt, n->a, base);
    field_of(rt, n, *base, dst);
    rt_pop_to(rt, base);
}

/* ---------------------------------------------------------------- assignment */

/* An int variable that receives a real scalar becomes a scalar: real programs start
 * accumulators with `s = 0` (docs/language.md, "Integer accumulators"). */
static RtMode mode_of(LangType *t);

/* Does n declare `name : int…` (a typed declaration), outside nested functions? */
static bool typed_int_decl(const Node *n, const char *name)
{
    if (!n || n->kind == N_FUNCTION || n->kind == N_LAMBDA)
        return false;
    if (n->kind == N_TYPED && n->a && n->a->kind == N_IDENT && !strcmp(n->a->name, name) && n->type &&
        n->type->kind == TY_NAME && strstr(n->type->name, "int"))
        return true;
    if (typed_int_decl(n->a, name) || typed_int_decl(n->b, name) || typed_int_decl(n->c, name))
        return true;
    const NodeList *lists[] = {&n->args, &n->body};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < lists[k]->n; i++)
            if (typed_int_decl(lists[k]->items[i], name))
                return true;
    return false;
}

/* Was the variable declared `x : int` in the running function (or the module's top level)?
 * Only such a variable keeps truncating reals (as compiled kernels do). */
static bool declared_int(Rt *rt, const char *name)
{
    const Node *fn = rt->call ? rt->call->fn : NULL;
    if (fn && fn->kind == N_FUNCTION) {
        for (int i = 0; i < fn->body.n; i++)
            if (typed_int_decl(fn->body.items[i], name))
                return true;
        return false;
    }
    if (fn)
        return typed_int_decl(fn->a, name);
    const LangModule *m = rt->cur_mod ? rt->cur_mod->m : NULL;
    for (int i = 0; m && i < m->body.n; i++)
        if (typed_int_decl(m->body.items[i], name))
            return true;
    return false;
}

static void store_var(Rt *rt, Value *slot, Value *v, Node *target, Node *stmt)
{
    if (target->type && rt_type_leading_ones(v, target->type)) {
        /* a 1 x M x N cube in an output declared mat: kept as it is until the function
         * returns (research code reshapes it before), then its leading singletons go */
    } else if (target->type) {
        /* an output declared with a type (function y : mat[uint8'sat] = …) */
        rt->cur = stmt;
        rt_type_coerce(rt, target->type, v, target->name);
        if (v->kind == V_ARRAY)
            v->mode = mode_of(target->type);
    } else if (slot->kind == V_INT && v->kind == V_SCALAR && declared_int(rt, target->name)) {
        Node *saved = rt->cur;
        rt->cur = stmt;
        rt_warn(rt, "conversion from 'scalar' to 'int' for '%s' (it was declared an integer)", target->name);
        rt->cur = saved;
        double x = v->r;
        *v = rt_int(x == x && fabs(x) < 9.2e18 ? (int64_t)x : 0);
    }
    rt_retain(*v);
    rt_store(slot, *v);
}

static Value *var_slot(Rt *rt, Node *id)
{
    switch (id->bind) {
    case RT_BIND_LOCAL: return &rt->frame[id->slot];
    case RT_BIND_GLOBAL: return &rt->globals[id->slot];
    default: break;
    }
    rt->cur = id;
    rt_error(rt, "cannot assign to '%s'", id->name);
}

/* The access mode of a declared type ('circular …), plus RT_MODE_SAT when its elements
 * saturate (mat[uint8'sat]). */
static RtMode mode_of(LangType *t)
{
    static const char *const names[] = {"", "checked", "safe", "mirror", "circular", "clamped", "unchecked"};
    if (!t)
        return RT_MODE_DEFAULT;
    unsigned m = RT_MODE_DEFAULT;
    for (int i = 0; i < t->nmods; i++)
        for (int k = 1; k < (int)(sizeof names / sizeof *names); k++)
            if (!strcmp(t->mods[i], names[k]))
                m = (unsigned)k;
    if (t->has_elems && t->nelems && t->elems[0])
        for (int i = 0; i < t->elems[0]->nmods; i++)
            if (!strcmp(t->elems[0]->mods[i], "sat"))
                m |= RT_MODE_SAT;
    return (RtMode)(m | rt_texture_mode(t));
}

static Value *add_class_field(Rt *rt, RtObject *o, const char *name)
{
    Value *fields = realloc(o->fields, (size_t)(o->n + 1) * sizeof *fields);
    if (!fields)
        rt_out_of_memory(rt);
    o->fields = fields;
    const char **names = realloc(o->names, (size_t)(o->n + 1) * sizeof *names);
    if (!names)
        rt_out_of_memory(rt);
    o->names = names;
    o->names[o->n] = name;      /* the field name lives in the program's syntax tree */
    o->fields[o->n] = rt_undef();
    o->cap = o->n + 1;
    return &o->fields[o->n++];
}

static void assign_field(Rt *rt, Node *target, Value *v, Node *stmt)
{
    Value *base = rt_push(rt, 1);
    rt_eval(rt, target->a, base);
    rt->cur = stmt;
    if (base->kind != V_OBJECT)
        rt_error(rt, "cannot set field '%s': not an object", target->name);
    RtObject *o = base->obj;
    if (o->cls) {
        Node *def = o->cls->def;
        if (def && def->op == CLASS_IMMUTABLE)
            rt_error(rt, "cannot assign field '%s': class '%s' is immutable", target->name, o->cls->name);
        Value *f = rt_object_field(o, target->name);
        if (!f && def && def->op == CLASS_DYNAMIC) {
            /* a dynamic class takes new fields at run time, like object() */
            f = add_class_field(rt, o, target->name);
        }
        if (!f)
            rt_error(rt, "class '%s' has no field '%s'", o->cls->name, target->name);
        LangType *ft = NULL;
        for (int i = 0; def && i < def->args.n; i++)
            if (!strcmp(((Node *)def->args.items[i])->name, target->name))
                ft = ((Node *)def->args.items[i])->type;
        if (ft && !rt_type_matches(rt, *v, ft)) {
            StrBuf sb = {0};
            char have[128];
            snprintf(have, sizeof have, "%s", rt_type_name(rt, *v, &sb));
            sb_free(&sb);
            rt_error(rt, "type check failed: field '%s' of '%s' is '%s', not '%s'", target->name,
                     o->cls->name, have, ft->name ? ft->name : "the declared type");
        }
        if (ft)
            rt_type_coerce(rt, ft, v, target->name);
        rt_retain(*v);
        rt_store(f, *v);
    } else {
        Value *f = rt_object_add_field(o, target->name);
        if (!f)
            rt_out_of_memory(rt);
        rt_retain(*v);
        rt_store(f, *v);
    }
    rt_pop_to(rt, base);
}

/* Assign *v (owned by the caller, not consumed) to a target expression. */
static void assign(Rt *rt, Node *target, Value *v, Node *stmt)
{
    switch (target->kind) {
    case N_IDENT:
        store_var(rt, var_slot(rt, target), v, target, stmt);
        return;
    case N_TYPED: {
        rt->cur = stmt;
        if (!rt_type_matches(rt, *v, target->type)) {
            rt_type_coerce(rt, target->type, v, target->a->kind == N_IDENT ? target->a->name : "value");
        } else {
            rt_type_coerce(rt, target->type, v, target->a->kind == N_IDENT ? target->a->name : "value");
        }
        RtMode m = mode_of(target->type);
        if (m && v->kind == V_ARRAY)
            v->mode = (uint32_t)m;
        if (target->a->kind == N_IDENT) {
            Value *slot = var_slot(rt, target->a);
            rt_retain(*v);
            rt_store(slot, *v);
        } else {
            assign(rt, target->a, v, stmt);
        }
        return;
    }
    case N_INDEX: {
        Value *base = rt_push(rt, 1);
        rt_eval(rt, target->a, base);
        Value *idx;
        int k = eval_indices(rt, &target->args, &idx);
        rt->cur = stmt;
        rt_index_set(rt, base, k, idx, *v, target);
        rt_pop_to(rt, base);
        return;
    }
    case N_FIELD:
        assign_field(rt, target, v, stmt);
        return;
    case N_PLACEHOLDER:
        return;
    case N_MATRIX: {
        /* [a, b] = value: destructure a vector or cell */
        rt->cur = stmt;
        int k = target->args.n;
        if (v->kind != V_ARRAY || v->a->n != k)
            rt_error(rt, "cannot assign this value to %d targets", k);
        for (int i = 0; i < k; i++) {
            Value *e = rt_push(rt, 1);
            *e = rt_get_value(v->a, i);
            assign(rt, target->args.items[i], e, stmt);
            rt_pop_to(rt, e);
        }
        return;
    }
    default:
        rt->cur = stmt;
        rt_error(rt, "cannot assign to %s", lang_node_what(target->kind));
    }
}

void rt_assign_target(Rt *rt, Node *target, Value *v, Node *stmt) { assign(rt, target, v, stmt); }

/* [a, b, …] = rhs: several outputs of a call, or the elements of a matrix literal. */
static void exec_multi_assign(Rt *rt, Node *n)
{
    Node *t = n->a, *rhs = n->b;
    int k = t->args.n;
    if (k > RT_MAX_OUTPUTS) {
        rt->cur = n;
        rt_error(rt, "more than %d targets", RT_MAX_OUTPUTS);
    }
    Value *vals = rt_push(rt, k);
    if (rhs->kind == N_CALL) {
        rt->cur = rhs;
        eval_call(rt, rhs, NULL, k, vals);
    } else if (rhs->kind == N_MATRIX && rhs->args.n == k) {
        for (int i = 0; i < k; i++)
            rt_eval(rt, rhs->args.items[i], &vals[i]);
    } else {
        Value *v = rt_push(rt, 1);
        rt_eval(rt, rhs, v);
        assign(rt, t, v, n);
        rt_pop_to(rt, vals);
        return;
    }
    for (int i = 0; i < k; i++)
        assign(rt, t->args.items[i], &vals[i], n);
    rt_pop_to(rt, vals);
}

/* ---------------------------------------------------------------- statements */

static Flow exec_for(Rt *rt, Node *n);
static Flow exec_match(Rt *rt, Node *n);
static Flow exec_try(Rt *rt, Node *n);

static bool loop_exit(Rt *rt, Node *loop, Flow f, bool *stop)
{
    /* returns true when the loop must stop; *stop says whether to propagate */
    if (f == FLOW_NORMAL)
        return false;
    if (f == FLOW_RETURN) {
        *stop = true;
        return true;
    }
    if (rt->jump_label && (!loop->label || strcmp(rt->jump_label, loop->label))) {
        *stop = true;       /* a labelled jump for an outer loop */
        return true;
    }
    rt->jump_label = NULL;
    if (f == FLOW_CONTINUE)
        return false;
    *stop = false;
    return true;
}

static Value *flow_slot(Rt *rt, Node *n)
{
    return n->bind == RT_BIND_LOCAL ? &rt->frame[n->slot] : &rt->globals[n->slot];
}

static Flow exec(Rt *rt, Node *n)
{
    rt->cur = n;
    switch (n->kind) {
    case N_ASSIGN:
        if (n->op == T_EQ && n->a->kind == N_IDENT && !n->a->type &&
            (n->a->bind == RT_BIND_LOCAL || n->a->bind == RT_BIND_GLOBAL)) {
            /* the hot path: variable = expression */
            Value *v = rt_push(rt, 1);
            rt_eval(rt, n->b, v);
            Value *slot = n->a->bind == RT_BIND_LOCAL ? &rt->frame[n->a->slot] : &rt->globals[n->a->slot];
            if (!(slot->kind == V_INT && v->kind == V_SCALAR) && !rt_counted(slot)) {
                rt_vcopy(slot, v);
                rt->sp = v;
                return FLOW_NORMAL;
            }
            store_var(rt, slot, v, n->a, n);
            rt_pop_to(rt, v);
            return FLOW_NORMAL;
        }
        if (n->op == T_EQ && n->a->kind == N_MATRIX) {
            exec_multi_assign(rt, n);
            return FLOW_NORMAL;
        }
        {
            Value *v = rt_push(rt, 1);
            rt_eval(rt, n, v);
            rt_pop_to(rt, v);
        }
        return FLOW_NORMAL;
    case N_PRINT:
    case N_ERROR_STMT: {
        /* evaluate every argument first: formatting cannot fail, so no text is lost */
        Value *v = rt_push(rt, n->args.n);
        for (int i = 0; i < n->args.n; i++)
            rt_eval(rt, n->args.items[i], &v[i]);
        rt_kernels_settle(rt, true);    /* a kernel still running fails before this prints */
        rt->cur = n;
        StrBuf sb = {0};
        for (int i = 0; i < n->args.n; i++)
            rt_format(rt, v[i], &sb);
        rt_pop_to(rt, v);
        if (n->kind == N_ERROR_STMT) {
            rt->errmsg.len = 0;
            sb_puts(&rt->errmsg, sb.s ? sb.s : "error");
            sb_free(&sb);
            raise_message(rt);
        }
        sb_putc(&sb, '\n');
        fwrite(sb.s, 1, sb.len, rt->out);
        sb_free(&sb);
        return FLOW_NORMAL;
    }
    case N_IF:
        for (int i = 0; i < n->args.n; i++) {
            Node *arm = n->args.items[i];
            if (arm->a) {
                Value *c = rt_push(rt, 1);
                rt_eval(rt, arm->a, c);
                rt->cur = arm;
                bool t = rt_truth(rt, *c);
                rt_pop_to(rt, c);
                if (!t)
                    continue;
            }
            return exec_list(rt, &arm->body);
        }
        return FLOW_NORMAL;
    case N_FOR: return exec_for(rt, n);
    case N_WHILE:
    case N_REPEAT:
        for (;;) {
            rt_poll_interrupt(rt);
            if (n->kind == N_WHILE) {
                Value *c = rt_push(rt, 1);
                rt_eval(rt, n->a, c);
                rt->cur = n;
                bool t = rt_truth(rt, *c);
                rt_pop_to(rt, c);
                if (!t)
                    break;
            }
            Flow f = exec_list(rt, &n->body);
            bool stop = false;
            if (loop_exit(rt, n, f, &stop))
                return stop ? f : FLOW_NORMAL;
            if (n->kind == N_REPEAT) {
                Value *c = rt_push(rt, 1);
                rt_eval(rt, n->a, c);
                rt->cur = n;
                bool t = rt_truth(rt, *c);
                rt_pop_to(rt, c);
                if (t)
                    break;
            }
        }
        return FLOW_NORMAL;
    case N_MATCH: return exec_match(rt, n);
    case N_TRY: return exec_try(rt, n);
    case N_BREAK:
    case N_CONTINUE:
        rt->jump_label = n->label;
        return n->kind == N_BREAK ? FLOW_BREAK : FLOW_CONTINUE;
    case N_RETURN: return FLOW_RETURN;
    case N_FUNCTION:
        if (!rt->frame)
            return FLOW_NORMAL;
        /* a nested function: made here, capturing the values of this moment */     /* top level: hoisted when the module loaded */
        rt_store(flow_slot(rt, n), make_closure(rt, n));
        return FLOW_NORMAL;
    case N_TYPEDEF:
        if (rt->frame)
            rt_store(flow_slot(rt, n), make_type_value(rt, n));
        return FLOW_NORMAL;
    case N_IMPORT:
    case N_PRAGMA:
    case N_ATTRIBUTE:
    case N_REDUCTION:
        return FLOW_NORMAL;
    case N_SYNCTHREADS:
        if (rt->kernel)
            return FLOW_NORMAL;     /* outside lockstep: a kernel whose threads run alone */
        rt_error(rt, "syncthreads is only allowed inside kernel functions");
    default: {
        Value *v = rt_push(rt, 1);
        if (n->kind == N_CALL)
            eval_call(rt, n, v, 0, NULL);
        else
            rt_eval(rt, n, v);
        rt_pop_to(rt, v);
        return FLOW_NORMAL;
    }
    }
}

static Flow exec_list(Rt *rt, NodeList *l)
{
    for (int i = 0; i < l->n; i++) {
        Node *s = l->items[i];
        if (s->fuse && s->kind == N_ASSIGN && rt_fuse_chain(rt, s)) {
            i += s->fuse->nstmts - 1;   /* a chain fused by lang/pass_fuse.c */
            continue;
        }
        Flow f = exec(rt, s);
        if (f != FLOW_NORMAL)
            return f;
    }
    return FLOW_NORMAL;
}

int rt_exec_stmt(Rt *rt, Node *stmt) { return (int)exec(rt, stmt); }
int rt_exec_list(Rt *rt, NodeList *l) { return (int)exec_list(rt, l); }

static Flow exec_for(Rt *rt, Node *n)
{
    Node *r = n->a;
    if (n->par && rt_autopar_for(rt, n))       /* made a kernel by lang/pass_autopar.c */
        return FLOW_NORMAL;
    rt->cur = n;
    Value *var = flow_slot(rt, n);
    if (r->kind == N_RANGE) {
        Value *v = rt_push(rt, 3);
        rt_eval(rt, r->a, &v[0]);
        if (r->b)
            rt_eval(rt, r->b, &v[1]);
        else
            v[1] = rt_int(1);
        rt_eval(rt, r->c, &v[2]);
        rt->cur = n;
        if (v[0].kind == V_INT && v[1].kind == V_INT && v[2].kind == V_INT) {
            int64_t a = v[0].i, s = v[1].i, b = v[2].i;
            rt_pop_to(rt, v);
            if (!s)
                rt_error(rt, "a range needs a non-zero step");
            for (int64_t i = a; s > 0 ? i <= b : i >= b; i += s) {
                rt_poll_interrupt(rt);
                var = flow_slot(rt, n);
                rt_store(var, rt_int(i));
                Flow f = exec_list(rt, &n->body);
                bool stop = false;
                if (loop_exit(rt, n, f, &stop))
                    return stop ? f : FLOW_NORMAL;
            }
            return FLOW_NORMAL;
        }
        double a = rt_to_real(rt, v[0], "the start of a range");
        double s = rt_to_real(rt, v[1], "the step of a range");
        double b = rt_to_real(rt, v[2], "the end of a range");
        rt_pop_to(rt, v);
        if (s == 0 || s != s)
            rt_error(rt, "a range needs a non-zero step");
        int64_t cnt = (int64_t)floor((b - a) / s + 1e-9) + 1;
        for (int64_t i = 0; i < cnt; i++) {
            rt_poll_interrupt(rt);
            rt_store(flow_slot(rt, n), rt_real(rt_round(rt, a + (double)i * s)));
            Flow f = exec_list(rt, &n->body);
            bool stop = false;
            if (loop_exit(rt, n, f, &stop))
                return stop ? f : FLOW_NORMAL;
        }
        return FLOW_NORMAL;
    }
    Value *seq = rt_push(rt, 1);
    rt_eval(rt, r, seq);
    rt->cur = n;
    if (seq->kind != V_ARRAY) {
        /* a single value: one iteration */
        rt_retain(*seq);
        rt_store(var, *seq);
        Flow f = exec_list(rt, &n->body);
        rt_pop_to(rt, seq);
        bool stop = false;
        if (loop_exit(rt, n, f, &stop))
            return stop ? f : FLOW_NORMAL;
        return FLOW_NORMAL;
    }
    RtArray *a = seq->a;
    for (int64_t i = 0; i < a->n; i++) {
        rt_poll_interrupt(rt);
        rt_store(flow_slot(rt, n), rt_get_value(a, i));
        Flow f = exec_list(rt, &n->body);
        bool stop = false;
        if (loop_exit(rt, n, f, &stop)) {
            rt_pop_to(rt, seq);
            return stop ? f : FLOW_NORMAL;
        }
    }
    rt_pop_to(rt, seq);
    return FLOW_NORMAL;
}

static bool values_equal(Rt *rt, Value a, Value b)
{
    if (a.kind == V_STRING || b.kind == V_STRING)
        return a.kind == b.kind && a.s->len == b.s->len && !memcmp(a.s->text, b.s->text, a.s->len);
    if (a.kind == V_TYPE || b.kind == V_TYPE)
        return b.kind == V_TYPE ? rt_type_matches_str(rt, a, b.t->name) : false;
    if ((a.kind == V_INT || a.kind == V_SCALAR || a.kind == V_COMPLEX) &&
        (b.kind == V_INT || b.kind == V_SCALAR || b.kind == V_COMPLEX)) {
        if (a.kind == V_INT && b.kind == V_INT)
            return a.i == b.i;
        RtC64 x = rt_to_cplx(rt, a, "a value"), y = rt_to_cplx(rt, b, "a value");
        return x.re == y.re && x.im == y.im;
    }
    return false;
}

static Flow exec_match(Rt *rt, Node *n)
{
    Value *v = rt_push(rt, 2);
    rt_eval(rt, n->a, &v[0]);
    for (int i = 0; i < n->args.n; i++) {
        Node *c = n->args.items[i];
        bool hit = false;
        for (int j = 0; j < c->args.n && !hit; j++) {
            Node *p = c->args.items[j];
            if (p->kind == N_PLACEHOLDER) {
                hit = true;
                break;
            }
            rt_eval(rt, p, &v[1]);
            rt->cur = p;
            hit = values_equal(rt, v[0], v[1]);
            rt_store(&v[1], rt_undef());
        }
        if (hit) {
            rt_pop_to(rt, v);
            return exec_list(rt, &c->body);
        }
    }
    rt_pop_to(rt, v);
    return FLOW_NORMAL;
}

static Flow exec_try(Rt *rt, Node *n)
{
    RtTry t = {.up = rt->try_top, .sp = rt->sp, .call = rt->call, .depth = rt->depth, .kernel = rt->kernel};
    Value *volatile frame = rt->frame;
    RtModule *volatile mod = rt->cur_mod;
    rt->try_top = &t;
    if (!setjmp(t.jb)) {
        Flow f = exec_list(rt, &n->body);
        rt->try_top = t.up;
        return f;
    }
    /* an error in the body: unwind to the state at `try` */
    rt->try_top = t.up;
    rt_pop_to(rt, t.sp);
    rt->call = t.call;
    rt->depth = t.depth;
    rt->frame = frame;
    rt->cur_mod = mod;
    rt->jump_label = NULL;
    if (n->name) {
        Value msg = rt_string_cstr(rt->errmsg.s ? rt->errmsg.s : "");
        if (msg.kind == V_UNDEF)
            rt_out_of_memory(rt);
        rt_store(flow_slot(rt, n), msg);
    }
    return exec_list(rt, &n->args2);
}

/* ---------------------------------------------------------------- types as values */

static Value make_type_value(Rt *rt, Node *def)
{
    RtType *t = calloc(1, sizeof *t);
    char *name = strdup(def->name);
    if (!t || !name) {
        free(t);
        free(name);
        rt_out_of_memory(rt);
    }
    t->hdr = (RtObj){1, V_TYPE};
    t->kind = def->type ? RT_T_ALIAS : RT_T_CLASS;
    t->name = name;
    t->type = def->type;
    t->def = def;
    t->mod = rt->cur_mod;
    t->elem = (RtElem)-1;
    t->rank = -1;
    return (Value){.kind = V_TYPE, .t = t};
}

/* ---------------------------------------------------------------- modules */

static RtModule *load_module(Rt *rt, const char *path, bool root);

/* Define the module's top-level functions (overloads chain, newest first) and types. */
static void hoist(Rt *rt, RtModule *mod, bool root)
{
    for (int i = 0; i < mod->m->body.n; i++) {
        Node *n = mod->m->body.items[i];
        if (n->kind == N_FUNCTION) {
            if (!root && !strcmp(n->name, "main"))
                continue;       /* an imported module's main is not imported */
            Value f = make_closure(rt, n);
            Value *slot = &rt->globals[n->slot];
            if (slot->kind == V_FUNC) {
                f.f->next = slot->f;
                *slot = rt_undef();
            }
            rt_store(slot, f);
        } else if (n->kind == N_TYPEDEF) {
            rt_store(&rt->globals[n->slot], make_type_value(rt, n));
        }
    }
}

static Flow run_top(Rt *rt, RtModule *mod)
{
    RtModule *saved = rt->cur_mod;
    rt->cur_mod = mod;
    Value *saved_frame = rt->frame;
    rt->frame = NULL;
    Flow f = exec_list(rt, &mod->m->body);
    rt->frame = saved_frame;
    rt->cur_mod = saved;
    return f;
}

static RtModule *find_loaded(Rt *rt, const char *real)
{
    for (RtModule *m = rt->modules; m; m = m->next)
        if (!strcmp(m->path, real))
            return m;
    return NULL;
}

static RtModule *add_module(Rt *rt, LangModule *m, const char *real)
{
    RtModule *mod = calloc(1, sizeof *mod);
    if (!mod || !(mod->path = strdup(real))) {
        free(mod);
        lang_module_free(m);
        rt_out_of_memory(rt);
    }
    mod->m = m;
    RtModule **tail = &rt->modules;
    while (*tail)
        tail = &(*tail)->next;
    *tail = mod;
    return mod;
}

/* The reductions of mod, of the modules it imports and the built-in ones, applied to mod
 * before its names are bound (lang/pass_reduction.c). */
static void apply_reductions(Rt *rt, RtModule *mod, int nfrom)
{
    LangModule **from = mod->reds_from;
    if (!rt->builtin_reds) {
        LangDiag *d = lang_diag_new(NULL);
        rt->builtin_reds = d ? lang_builtin_reductions(d) : NULL;
        lang_diag_free(d);
        if (!rt->builtin_reds)
            rt_out_of_memory(rt);
    }
    from[nfrom++] = rt->builtin_reds;
    lang_apply_reductions(mod->m, from, nfrom);
}

/* Load, bind and run the imports of mod, then mod itself. */
static void run_module(Rt *rt, RtModule *mod, bool root)
{
    int nfrom = 0;
    mod->reds_from = calloc((size_t)mod->m->body.n + 1, sizeof *mod->reds_from);
    if (!mod->reds_from)
        rt_out_of_memory(rt);
    for (int i = 0; i < mod->m->body.n; i++) {
        Node *n = mod->m->body.items[i];
        if (n->kind == N_ATTRIBUTE) {
            rt->cur_mod = mod;
            rt_sched_attribute(rt, n);
        }
        const char *name = n->kind == N_IMPORT ? n->name : NULL;
        if (name && lang_is_builtin_library(name))
            name = lang_library_module(name);   /* Quasar.*.dll: builtins, or a module */
        if (!name)
            continue;
        char *file = lang_find_module(mod->m, name, rt->module_path);
        if (!file) {
            rt->cur = n;
            rt->cur_mod = mod;
            rt_error(rt, "cannot find module '%s'", n->name);
        }
        char real[4096];
        if (!realpath(file, real))
            snprintf(real, sizeof real, "%s", file);
        free(file);
        RtModule *sub = find_loaded(rt, real);
        if (!sub)
            sub = load_module(rt, real, false);
        if (!sub) {
            rt->cur = n;
            rt->cur_mod = mod;
            rt_error(rt, "cannot load module '%s'", n->name);
        }
        mod->reds_from[nfrom++] = sub->m;
    }
    apply_reductions(rt, mod, nfrom);
    int errors = lang_diag_errors(rt->diag);
    lang_autopar(mod->m, mod->reds_from, nfrom, root, rt->diag);
    lang_fuse(mod->m, mod->reds_from, nfrom);
    if (lang_diag_errors(rt->diag) > errors)
        longjmp(*rt->top, 1);       /* a {!parallel for} that cannot be honoured */
    lang_check_output_types(mod->m, rt->diag);
    lang_report_shared_bound(mod->m, rt->diag);
    rt_scope_module(rt, mod);
    hoist(rt, mod, root);
    mod->ran = true;
    run_top(rt, mod);
}

static RtModule *load_module(Rt *rt, const char *real, bool root)
{
    LangModule *m = lang_parse_file(real, rt->diag);
    if (!m)
        return NULL;
    RtModule *mod = add_module(rt, m, real);
    if (lang_diag_errors(rt->diag))
        return NULL;
    run_module(rt, mod, root);
    return mod;
}

/* A command-line argument for main's parameter p: a string, converted to a number when
 * the parameter is declared int/scalar or has a number as its default. */
static Value arg_value(Node *p, const char *s)
{
    bool number = false;
    if (p && p->type && p->type->kind == TY_NAME &&
        (!strcmp(p->type->name, "int") || !strcmp(p->type->name, "scalar")))
        number = true;
    if (p && p->a && (p->a->kind == N_INT || p->a->kind == N_REAL ||
                      (p->a->kind == N_UNARY && (p->a->a->kind == N_INT || p->a->a->kind == N_REAL))))
        number = true;
    if (!number)
        return rt_string_cstr(s);
    char *end;
    long long i = strtoll(s, &end, 10);
    if (*s && !*end)
        return rt_int(i);
    double d = strtod(s, &end);
    if (*s && !*end)
        return rt_real(d);
    return rt_string_cstr(s);
}

/* Load the program in `path` and run its top level; then its main(argv…) when call_main. */
static int run_file(Rt *rt, const char *path, int argc, char **argv, bool call_main)
{
    LangModule *m = lang_parse_file(path, rt->diag);
    if (!m)
        return RT_EX_NOINPUT;
    if (lang_diag_errors(rt->diag) || lang_resolve(m, rt->module_path, rt->diag)) {
        lang_module_free(m);
        return RT_EX_PROGRAM;
    }
    char real[4096];
    if (!realpath(path, real))
        snprintf(real, sizeof real, "%s", path);
    jmp_buf top;
    rt->top = &top;
    char stack_mark;
    rt->stack_base = &stack_mark;
    struct rlimit lim;
    size_t stack = 8u << 20;
    if (!getrlimit(RLIMIT_STACK, &lim) && lim.rlim_cur != RLIM_INFINITY && lim.rlim_cur < (64u << 20))
        stack = (size_t)lim.rlim_cur;
    rt->stack_budget = stack - stack / 4;   /* a quarter kept for builtins and the C library */
    Value *base = rt->sp;
    if (setjmp(top)) {
        rt_pop_to(rt, base);
        rt->frame = NULL;
        rt->call = NULL;
        rt->depth = 0;
        fflush(rt->out);
        return rt_unwound_code(rt);
    }
    RtModule *mod = add_module(rt, m, real);
    rt_kernels_new_call(rt);
    run_module(rt, mod, true);
    /* main(args…) runs after the top level */
    for (int i = 0; call_main && i < m->body.n; i++) {
        Node *n = m->body.items[i];
        if (n->kind != N_FUNCTION || strcmp(n->name, "main"))
            continue;
        Value fnv = rt->globals[n->slot];
        if (fnv.kind != V_FUNC)
            break;
        Value *args = rt_push(rt, argc > 0 ? argc : 1);
        for (int k = 0; k < argc; k++) {
            args[k] = arg_value(k < n->args.n ? n->args.items[k] : NULL, argv[k]);
            if (args[k].kind == V_UNDEF)
                rt_out_of_memory(rt);
        }
        Value *out = rt_push(rt, 1);
        rt->cur = n;
        rt->cur_mod = mod;
        rt_retain(fnv);
        Value *hold = rt_push(rt, 1);
        *hold = fnv;
        call_func(rt, fnv.f, argc, args, NULL, 0, out, NULL);
        rt_pop_to(rt, base);
        break;
    }
    rt_kernels_settle(rt, true);    /* the end: every launch's status read (kernel_settle.c) */
    fflush(rt->out);
    return RT_OK;
}

int rt_run_file(Rt *rt, const char *path, int argc, char **argv)
{
    return run_file(rt, path, argc, argv, true);
}

int rt_load_file(Rt *rt, const char *path)
{
    return run_file(rt, path, 0, NULL, false);
}

/* eval(text): the text is parsed as a small module; the value of its last expression
 * statement is the result. The module stays loaded (its lambdas may outlive the call). */
void rt_eval_text(Rt *rt, const char *text, Value *dst)
{
    size_t len = strlen(text);
    /* the parser's messages are collected, not printed: a `try` may catch them */
    char *msgs = NULL;
    size_t msgs_len = 0;
    FILE *mf = open_memstream(&msgs, &msgs_len);
    LangDiag *d = mf ? lang_diag_new(mf) : NULL;
    LangModule *m = d ? lang_parse("<eval>", text, len, d) : NULL;
    int errors = d ? lang_diag_errors(d) : 1;
    lang_diag_free(d);
    if (mf)
        fclose(mf);
    if (!m || errors) {
        lang_module_free(m);
        /* the first message, without its location: "<eval>:1:3: error: …" */
        const char *e = msgs ? strstr(msgs, "error: ") : NULL;
        size_t k = e ? strcspn(e + 7, "\n") : 0;
        rt->errmsg.len = 0;
        sb_puts(&rt->errmsg, "eval: ");
        if (e) {
            char *line = strndup(e + 7, k);
            sb_puts(&rt->errmsg, line ? line : "the text does not parse");
            free(line);
        } else {
            sb_puts(&rt->errmsg, "the text does not parse");
        }
        free(msgs);
        raise_message(rt);
    }
    free(msgs);
    RtModule *mod = add_module(rt, m, "<eval>");
    rt_scope_module(rt, mod);
    hoist(rt, mod, false);
    Node *last = m->body.n ? m->body.items[m->body.n - 1] : NULL;
    RtModule *saved = rt->cur_mod;
    Value *saved_frame = rt->frame;
    Node *saved_cur = rt->cur;
    rt->cur_mod = mod;
    rt->frame = NULL;
    for (int i = 0; i + 1 < m->body.n; i++)
        exec(rt, m->body.items[i]);
    if (last && last->kind != N_ASSIGN && last->kind != N_PRINT && last->kind < N_PRINT)
        rt_eval(rt, last, dst);
    else if (last)
        exec(rt, last);
    rt->cur_mod = saved;
    rt->frame = saved_frame;
    rt->cur = saved_cur;
}

/* ---------------------------------------------------------------- life cycle */

Rt *rt_new(RtHost *host, const RtOptions *opt, FILE *out, FILE *err)
{
    Rt *rt = calloc(1, sizeof *rt);
    if (!rt)
        return NULL;
    rt->opt = *opt;
    rt->out = out;
    rt->diag = lang_diag_new(err);
    rt->stack = calloc(RT_STACK_VALUES, sizeof *rt->stack);
    if (!rt->diag || !rt->stack) {
        lang_diag_free(rt->diag);
        free(rt->stack);
        free(rt);
        return NULL;
    }
    rt->sp = rt->stack;
    rt->stack_end = rt->stack + RT_STACK_VALUES;
    rt->module_path = opt->module_path;
    rt_rand_seed(rt, opt->seeded ? opt->seed : 5489);
    rt->host = host;
    rt_host_attach(host);
    rt->pool = rt_host_pool(host);
    return rt;
}

void **rt_state(Rt *rt, const RtStateKind *kind)
{
    for (int i = 0; i < rt->nstates; i++)
        if (rt->states[i].kind == kind)
            return &rt->states[i].state;
    if (rt->nstates == RT_MAX_STATES)
        return NULL;
    rt->states[rt->nstates].kind = kind;
    rt->states[rt->nstates].state = NULL;
    return &rt->states[rt->nstates++].state;
}

void rt_free(Rt *rt)
{
    if (!rt)
        return;
    for (int i = 0; i < rt->nstates; i++)      /* io/'s videos: closed, unfinished outputs dropped */
        if (rt->states[i].state)
            rt->states[i].kind->release(rt->states[i].state);
    rt_pop_to(rt, rt->stack);
    for (int i = 0; i < rt->nglobals; i++) {
        rt_release(rt->globals[i]);
        free((char *)rt->global_names[i]);
    }
    free(rt->globals);
    free(rt->global_names);
    free(rt->gindex);
    rt_types_free(rt);
    while (rt->modules) {
        RtModule *next = rt->modules->next;
        lang_module_free(rt->modules->m);
        free(rt->modules->reds_from);
        free(rt->modules->path);
        free(rt->modules);
        rt->modules = next;
    }
    lang_module_free(rt->builtin_reds);
    while (rt->warned) {
        RtWarned *next = rt->warned->next;
        free(rt->warned);
        rt->warned = next;
    }
    rt_files_close_all(rt);
    sb_free(&rt->errmsg);
    free(rt->stack);
    lang_diag_free(rt->diag);
    rt_kernels_free(rt);
    rt_host_detach(rt->host);
    rt_mem_trim();
    free(rt);
}
