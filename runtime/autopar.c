/*
 * autopar.c - launches the kernels of parallel host loops (see autopar.h): the checks
 * that need values, the launch through parallel_do, the reductions' fixed-order combine
 * and the loop variables' last values.
 */
#include "runtime/autopar.h"
#include "lang/autopar.h"
#include "runtime/lib.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AUTOPAR_MIN_DEFAULT 1024    /* iterations below which a launch costs more than it saves */

static bool autopar_enabled(void)
{
    const char *e = getenv("QPIPE_AUTOPAR");
    return !e || strcmp(e, "0");
}

static int64_t autopar_min(void)
{
    const char *e = getenv("QPIPE_AUTOPAR_MIN");
    return e && *e ? atoll(e) : AUTOPAR_MIN_DEFAULT;
}

static Value *var_slot(Rt *rt, Node *n)
{
    return n->bind == RT_BIND_LOCAL ? &rt->frame[n->slot] : &rt->globals[n->slot];
}

/* -v: one note per loop, the first time it runs (file:line:col, as diagnostics are). */
static void listing(Rt *rt, Node *n, const char *fmt, const char *a, const char *b)
{
    LangAutopar *p = n->par;
    if (!rt->opt.verbose || p->reported || !rt->cur_mod)
        return;
    p->reported = true;
    char buf[512];
    snprintf(buf, sizeof buf, fmt, a, b);
    lang_diag_report(rt->diag, &rt->cur_mod->m->src, n->loc, LANG_NOTE, "%s", buf);
}

static bool serial(Rt *rt, Node *n, const char *why, const char *name)
{
    char buf[256];
    snprintf(buf, sizeof buf, why, name);
    listing(rt, n, "loop runs serially: %s%s", buf, "");
    return false;
}

static const char *kind_name(Value v)
{
    switch (v.kind) {
    case V_STRING: return "a string";
    case V_ARRAY: return v.a->cls ? "an array of objects" : "a cell array";
    case V_FUNC: return "a function";
    case V_TYPE: return "a type";
    default: return "an object";
    }
}

/* Is the value something a kernel can take? The reason when not. */
static const char *value_reason(Value v)
{
    switch (v.kind) {
    case V_INT:
        return v.i >= INT32_MIN && v.i <= INT32_MAX ? NULL : "an int beyond 32 bits";
    case V_SCALAR:
    case V_COMPLEX:
        return NULL;
    case V_ARRAY:
        if (v.a->cls || v.a->elem == RT_VALUE)
            return kind_name(v);
        return NULL;
    default:
        return kind_name(v);
    }
}

/* Is the value of e an int (1), a real (0), or unknown before the loop runs (-1)? The
 * host keeps an int accumulator an int only while every increment is an int. */
static int int_kind(Rt *rt, const LangAutopar *p, const Value *args, int depth, const Node *e)
{
    if (++depth > 8)
        return -1;
    switch (e->kind) {
    case N_INT: return 1;
    case N_REAL: return 0;
    case N_IDENT:
        for (int i = 0; i < p->nloop_vars; i++)
            if (!strcmp(p->loop_vars[i], e->name))
                return 1;
        for (int i = 0; i < p->nargs; i++)
            if (!strcmp(p->args[i]->name, e->name))
                return args[i].kind == V_INT ? 1 : args[i].kind == V_SCALAR ? 0 : -1;
        {
            /* a local of the nest: an int when everything assigned to it is */
            int k = -1;
            for (int i = 0; i < p->ndefs; i++) {
                if (strcmp(p->def_names[i], e->name))
                    continue;
                int x = p->def_rhs[i] ? int_kind(rt, p, args, depth, p->def_rhs[i]) : -1;
                if (x < 0)
                    return -1;
                k = k < 0 ? x : k && x;
            }
            return k;
        }
    case N_INDEX:
        for (int j = 0; j < e->args.n; j++) {
            const Node *x = e->args.items[j];
            if (x->kind == N_RANGE || x->kind == N_COLON_ALL)
                return -1;
        }
        for (int i = 0; e->a->kind == N_IDENT && i < p->nargs; i++)
            if (!strcmp(p->args[i]->name, e->a->name) && args[i].kind == V_ARRAY)
                return rt_elem_is_int(args[i].a->elem) ? 1 : rt_elem_is_complex(args[i].a->elem) ? -1 : 0;
        return -1;
    case N_UNARY:
        return e->op == T_MINUS ? int_kind(rt, p, args, depth, e->a) : -1;
    case N_BINARY: {
        int a = int_kind(rt, p, args, depth, e->a), b = int_kind(rt, p, args, depth, e->b);
        if (e->op == T_SLASH || e->op == T_DOTSLASH)
            return a < 0 || b < 0 ? -1 : 0;
        if (e->op != T_PLUS && e->op != T_MINUS && e->op != T_STAR && e->op != T_DOTSTAR)
            return -1;
        return a < 0 || b < 0 ? -1 : a && b;
    }
    case N_TERNARY: {
        int a = int_kind(rt, p, args, depth, e->b), b = int_kind(rt, p, args, depth, e->c);
        return a < 0 || b < 0 ? -1 : a && b;
    }
    case N_CALL: {
        const char *f = e->a->kind == N_IDENT ? e->a->name : "";
        if (!strcmp(f, "int") || !strcmp(f, "size") || !strcmp(f, "numel"))
            return 1;
        if (!strcmp(f, "float") || !strcmp(f, "sqrt") || !strcmp(f, "exp") || !strcmp(f, "log") ||
            !strcmp(f, "sin") || !strcmp(f, "cos"))
            return 0;
        if ((!strcmp(f, "abs") || !strcmp(f, "min") || !strcmp(f, "max")) && e->args.n >= 1) {
            int k = 1;
            for (int i = 0; i < e->args.n; i++) {
                int x = int_kind(rt, p, args, depth, e->args.items[i]);
                if (x < 0)
                    return -1;
                k &= x;
            }
            return k;
        }
        return -1;
    }
    default:
        return -1;
    }
}

/* ---------------------------------------------------------------- 32-bit int bounds */

typedef struct Iv {
    int kind;           /* IV_INT, IV_REAL, IV_UNKNOWN */
    double lo, hi;
} Iv;

enum { IV_INT, IV_REAL, IV_UNKNOWN, IV_NEGPOW, IV_OVERFLOW };   /* the last two propagate */

typedef struct Bounds {
    Rt *rt;
    const LangAutopar *p;
    const Value *args;
    const int64_t *start, *step, *cnt;
    int depth;
} Bounds;

/* An int interval; beyond 32 bits it is an overflow of kernel ints. */
static Iv iv_int(double lo, double hi)
{
    Iv v = {IV_INT, lo < hi ? lo : hi, lo < hi ? hi : lo};
    if (v.lo < -2147483648.0 || v.hi > 2147483647.0)
        v.kind = IV_OVERFLOW;
    return v;
}

static Iv bound(Bounds *B, const Node *e);

static Iv bound_loop_var(Bounds *B, const char *name)
{
    const LangAutopar *p = B->p;
    for (int k = 0; k < p->rank; k++)
        if (!strcmp(p->loops[k]->name, name))
            return iv_int((double)B->start[k], (double)(B->start[k] + (B->cnt[k] - 1) * B->step[k]));
    for (int i = 0; i < p->ninner && B->depth < 8; i++) {
        const Node *f = p->inner_loops[i];
        if (strcmp(f->name, name) || f->a->kind != N_RANGE)
            continue;
        B->depth++;
        Iv a = bound(B, f->a->a), c = bound(B, f->a->c);
        B->depth--;
        if (a.kind != IV_INT || c.kind != IV_INT)
            return (Iv){IV_UNKNOWN, 0, 0};
        return iv_int(a.lo < c.lo ? a.lo : c.lo, a.hi > c.hi ? a.hi : c.hi);
    }
    return (Iv){IV_UNKNOWN, 0, 0};
}

static Iv bound(Bounds *B, const Node *e)
{
    const LangAutopar *p = B->p;
    switch (e->kind) {
    case N_INT: return iv_int((double)e->ival, (double)e->ival);
    case N_REAL: return (Iv){IV_REAL, 0, 0};
    case N_IDENT:
        for (int i = 0; i < p->nloop_vars; i++)
            if (!strcmp(p->loop_vars[i], e->name))
                return bound_loop_var(B, e->name);
        for (int i = 0; i < p->nargs; i++)
            if (!strcmp(p->args[i]->name, e->name)) {
                Value v = B->args[i];
                if (v.kind == V_INT)
                    return iv_int((double)v.i, (double)v.i);
                return v.kind == V_SCALAR || v.kind == V_COMPLEX ? (Iv){IV_REAL, 0, 0} : (Iv){IV_UNKNOWN, 0, 0};
            }
        return (Iv){IV_UNKNOWN, 0, 0};
    case N_UNARY: {
        Iv a = bound(B, e->a);
        if (a.kind >= IV_NEGPOW)
            return a;
        return e->op == T_MINUS && a.kind == IV_INT ? iv_int(-a.hi, -a.lo) : a.kind == IV_REAL ? a : (Iv){IV_UNKNOWN, 0, 0};
    }
    case N_BINARY: {
        Iv a = bound(B, e->a), b = bound(B, e->b);
        if (a.kind >= IV_NEGPOW)
            return a;
        if (b.kind >= IV_NEGPOW)
            return b;
        if ((a.kind == IV_REAL || b.kind == IV_REAL || e->op == T_SLASH || e->op == T_DOTSLASH) &&
            e->op != T_EQEQ && e->op != T_NOTEQ && e->op != T_LT && e->op != T_GT && e->op != T_LE && e->op != T_GE &&
            e->op != T_ANDAND && e->op != T_OROR)
            return (Iv){IV_REAL, 0, 0};
        if (e->op == T_EQEQ || e->op == T_NOTEQ || e->op == T_LT || e->op == T_GT || e->op == T_LE ||
            e->op == T_GE || e->op == T_ANDAND || e->op == T_OROR)
            return iv_int(0, 1);        /* a truth value, whatever its operands */
        if (a.kind != IV_INT || b.kind != IV_INT)
            return (Iv){IV_UNKNOWN, 0, 0};
        switch (e->op) {
        case T_PLUS: return iv_int(a.lo + b.lo, a.hi + b.hi);
        case T_MINUS: return iv_int(a.lo - b.hi, a.hi - b.lo);
        case T_STAR:
        case T_DOTSTAR: {
            double c[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
            double lo = c[0], hi = c[0];
            for (int i = 1; i < 4; i++) {
                lo = c[i] < lo ? c[i] : lo;
                hi = c[i] > hi ? c[i] : hi;
            }
            return iv_int(lo, hi);
        }
        case T_CARET:
        case T_DOTCARET: {
            if (b.lo < 0)
                return (Iv){IV_NEGPOW, 0, 0};   /* int ^ negative int: real on the host */
            double m = fabs(a.lo) > fabs(a.hi) ? fabs(a.lo) : fabs(a.hi);
            double x = pow(m, b.hi);
            return iv_int(-x, x);
        }
        default: return (Iv){IV_UNKNOWN, 0, 0};
        }
    }
    case N_CALL: {
        const char *f = e->a->kind == N_IDENT ? e->a->name : "";
        if (!strcmp(f, "mod") && e->args.n == 2) {
            Iv a = bound(B, e->args.items[0]), b = bound(B, e->args.items[1]);
            if (a.kind >= IV_NEGPOW)
                return a;
            if (a.kind == IV_INT && b.kind == IV_INT && b.lo > 0)
                return iv_int(0, b.hi - 1);     /* the sign of the divisor (spec 004) */
            return a.kind == IV_REAL || b.kind == IV_REAL ? (Iv){IV_REAL, 0, 0} : (Iv){IV_UNKNOWN, 0, 0};
        }
        if ((!strcmp(f, "size") || !strcmp(f, "numel")) && e->args.n >= 1) {
            const Node *x = e->args.items[0];
            for (int i = 0; x->kind == N_IDENT && i < p->nargs; i++)
                if (!strcmp(p->args[i]->name, x->name) && B->args[i].kind == V_ARRAY) {
                    RtArray *a = B->args[i].a;
                    double big = (double)a->n;
                    return iv_int(0, big);  /* any dim is at most the count */
                }
            return (Iv){IV_UNKNOWN, 0, 0};
        }
        return (Iv){IV_UNKNOWN, 0, 0};
    }
    default:
        return (Iv){IV_UNKNOWN, 0, 0};
    }
}

/* Why the nest's int products might leave 32 bits, or NULL. */
static const char *int_reason(Bounds *B, char *buf, size_t len)
{
    const LangAutopar *p = B->p;
    for (int i = 0; i < p->nint; i++) {
        Iv v = bound(B, p->int_products[i]);
        if (v.kind == IV_REAL)
            continue;
        if (v.kind == IV_NEGPOW) {
            snprintf(buf, len, "'%s' raises an int to a negative int power", p->int_texts[i]);
            return buf;
        }
        if (v.kind == IV_UNKNOWN) {
            snprintf(buf, len, "cannot bound the int arithmetic '%s' to 32 bits", p->int_texts[i]);
            return buf;
        }
        if (v.kind == IV_OVERFLOW) {
            snprintf(buf, len, "the int arithmetic '%s' may exceed 32 bits", p->int_texts[i]);
            return buf;
        }
    }
    return NULL;
}

/* Combine the partials of a reduction into the accumulator's value, in grid order. */
static Value combine(Rt *rt, int op, Value init, const RtArray *part, bool ints)
{
    if (ints) {
        int64_t acc = init.kind == V_INT ? init.i : init.r != 0;
        for (int64_t i = 0; i < part->n; i++) {
            int64_t x = (int64_t)rt_get_real(part, i);
            switch (op) {
            case LANG_RED_SUM: acc += x; break;
            case LANG_RED_PROD: acc *= x; break;
            case LANG_RED_MAX: acc = x > acc ? x : acc; break;
            case LANG_RED_MIN: acc = x < acc ? x : acc; break;
            case LANG_RED_AND: acc = acc && x; break;
            default: acc = acc || x; break;
            }
        }
        return rt_int(acc);
    }
    double acc = init.kind == V_INT ? (double)init.i : init.r;
    for (int64_t i = 0; i < part->n; i++) {
        double x = rt_get_real(part, i);
        switch (op) {
        case LANG_RED_SUM: acc = rt_round(rt, acc + x); break;
        case LANG_RED_PROD: acc = rt_round(rt, acc * x); break;
        case LANG_RED_MAX: acc = x > acc || acc != acc ? x : acc; break;
        default: acc = x < acc || acc != acc ? x : acc; break;
        }
    }
    return rt_real(acc);
}

bool rt_autopar_for(Rt *rt, Node *n)
{
    LangAutopar *p = n->par;
    if (!p)
        return false;
    if (!p->parallel)
        return serial(rt, n, "%s", p->reason);
    Value *base = rt->sp;
    /* the ranges of the grid loops */
    int64_t start[LANG_PAR_MAX_RANK], step[LANG_PAR_MAX_RANK], cnt[LANG_PAR_MAX_RANK];
    int64_t total = 1;
    Value *r = rt_push(rt, 3);
    for (int k = 0; k < p->rank; k++) {
        Node *range = p->loops[k]->a;
        rt_eval(rt, range->a, &r[0]);
        if (range->b)
            rt_eval(rt, range->b, &r[1]);
        else
            rt_store(&r[1], rt_int(1));
        rt_eval(rt, range->c, &r[2]);
        if (r[0].kind != V_INT || r[1].kind != V_INT || r[2].kind != V_INT || !r[1].i) {
            rt_pop_to(rt, base);
            return serial(rt, n, "the range of '%s' is not of ints", p->loops[k]->name);
        }
        int64_t a = r[0].i, s = r[1].i, b = r[2].i;
        start[k] = a;
        step[k] = s;
        cnt[k] = s > 0 ? (b < a ? 0 : (b - a) / s + 1) : (a < b ? 0 : (a - b) / -s + 1);
        if (a < INT32_MIN || a > INT32_MAX || s < INT32_MIN || s > INT32_MAX || cnt[k] > INT32_MAX) {
            rt_pop_to(rt, base);
            return serial(rt, n, "the range of '%s' is beyond 32-bit ints", p->loops[k]->name);
        }
        total *= cnt[k];
    }
    rt_pop_to(rt, base);
    if (!total)
        return false;       /* no iteration: the loop itself does nothing the same way */
    if (!p->forced && total < autopar_min()) {
        char why[96];
        snprintf(why, sizeof why, "%lld iterations, fewer than QPIPE_AUTOPAR_MIN", (long long)total);
        return serial(rt, n, "%s", why);
    }
    /* the arguments: dims, values, starts and steps, reductions, the kernel */
    int argc = 1 + p->nargs + 2 * p->rank + 2 * p->nreds + 1;
    Value *argv = rt_push(rt, argc + 1);
    Value dims = rt_array_vec(RT_F64, p->rank);
    if (dims.kind == V_UNDEF)
        rt_out_of_memory(rt);
    argv[0] = dims;
    for (int k = 0; k < p->rank; k++)
        rt_set_real(dims.a, k, (double)cnt[k], false);
    int at = 1;
    for (int i = 0; i < p->nargs; i++, at++) {
        rt->cur = p->args[i];
        rt_eval(rt, p->args[i], &argv[at]);
        const char *why = value_reason(argv[at]);
        if (why) {
            char buf[160];
            snprintf(buf, sizeof buf, "'%s' is %s", p->args[i]->name, why);
            bool array = argv[at].kind == V_ARRAY && !p->written[i];  /* read, not built */
            rt_pop_to(rt, base);
            rt->cur = n;
            if (p->warn && array)
                rt_warn(rt, "loop not parallelized: %s", buf);     /* cells, class arrays */
            return serial(rt, n, "%s", buf);
        }
        if (argv[at].kind == V_ARRAY) {
            uint32_t m = argv[at].mode & RT_MODE_MASK;
            if (m == RT_MODE_DEFAULT)       /* the host's default: out of range is an error */
                argv[at].mode = (argv[at].mode & ~(uint32_t)RT_MODE_MASK) | RT_MODE_CHECKED;
        }
    }
    for (int i = 0; i < p->nargs; i++) {
        Value v = argv[1 + i];
        if (!p->written[i] || v.kind != V_ARRAY)
            continue;
        for (int j = 0; j < p->nargs; j++) {
            Value w = argv[1 + j];
            if (j != i && w.kind == V_ARRAY && w.a->buf == v.a->buf) {
                char buf[160];
                snprintf(buf, sizeof buf, "'%s' shares memory with '%s'", p->args[i]->name, p->args[j]->name);
                rt_pop_to(rt, base);
                return serial(rt, n, "%s", buf);
            }
        }
    }
    if (p->nint) {
        Bounds B = {.rt = rt, .p = p, .args = argv + 1, .start = start, .step = step, .cnt = cnt};
        char buf[256];
        const char *why = int_reason(&B, buf, sizeof buf);
        if (why) {
            rt_pop_to(rt, base);
            return serial(rt, n, "%s", why);
        }
    }
    if (!autopar_enabled()) {
        /* after the checks, so that their warnings are the same either way */
        rt_pop_to(rt, base);
        return serial(rt, n, "QPIPE_AUTOPAR=0%s", "");
    }
    for (int k = 0; k < p->rank; k++)
        if (p->start_arg[k])
            argv[at++] = rt_int(start[k]);
    for (int k = 0; k < p->rank; k++)
        if (p->step_arg[k])
            argv[at++] = rt_int(step[k]);
    Value *init = rt_push(rt, p->nreds + 1);
    bool red_ints[LANG_PAR_MAX_REDS];
    for (int r2 = 0; r2 < p->nreds; r2++) {
        LangParRed *red = &p->reds[r2];
        rt->cur = red->var;
        rt_eval(rt, red->var, &init[r2]);
        Value v = init[r2];
        if (v.kind != V_INT && v.kind != V_SCALAR) {
            rt_pop_to(rt, base);
            return serial(rt, n, "the accumulator '%s' is not a real number or an int", red->var->name);
        }
        bool logic = red->op == LANG_RED_AND || red->op == LANG_RED_OR;
        red_ints[r2] = v.kind == V_INT || logic;       /* && and || give ints */
        for (int q = 0; red_ints[r2] && !logic && q < red->ninc; q++) {
            int k = int_kind(rt, p, argv + 1, 0, red->incs[q]);
            if (k < 0) {
                rt_pop_to(rt, base);
                return serial(rt, n, "cannot tell whether the int '%s' stays an int", red->var->name);
            }
            red_ints[r2] = k;
        }
        if (v.kind == V_INT && !red_ints[r2])
            v = rt_real((double)v.i);       /* a real increment makes it real, as on the host */
        bool max_min = red->op == LANG_RED_MAX || red->op == LANG_RED_MIN;
        int64_t one = red->op == LANG_RED_PROD;
        if (logic)
            argv[at++] = rt_int(red->op == LANG_RED_AND);
        else
            argv[at++] = max_min ? v : red_ints[r2] ? rt_int(one) : rt_real((double)one);
        Value part = rt_array_new(RT_F64, p->rank, cnt);
        if (part.kind == V_UNDEF)
            rt_out_of_memory(rt);
        argv[at++] = part;
    }
    Value kv = rt->globals[p->kernel->slot];
    if (kv.kind != V_FUNC || kv.f->node != p->kernel) {
        rt_pop_to(rt, base);
        return serial(rt, n, "its kernel is not bound%s", "");
    }
    rt_retain(kv);
    argv[at++] = kv;
    if (rt->opt.verbose && !p->reported) {
        char d[128];
        size_t len = 0;
        for (int k = 0; k < p->rank && len < sizeof d; k++)
            len += (size_t)snprintf(d + len, sizeof d - len, "%s%lld", k ? " x " : "", (long long)cnt[k]);
        listing(rt, n, "loop parallelized: kernel '%s' over %s", p->kernel->name, d);
    }
    rt->cur = n;
    argc = at;
    lib_parallel_do(rt, argc, argv, 0, &argv[argc]);
    /* reductions, in the order of the grid */
    int part_at = 1 + p->nargs;
    for (int k = 0; k < p->rank; k++)
        part_at += p->start_arg[k] + p->step_arg[k];
    for (int r2 = 0; r2 < p->nreds; r2++) {
        Value v = combine(rt, p->reds[r2].op, init[r2], argv[part_at + 2 * r2 + 1].a, red_ints[r2]);
        rt_store(var_slot(rt, p->reds[r2].var), v);
    }
    /* the loop variables hold their last values, as after the serial loop */
    for (int k = 0; k < p->rank; k++)
        rt_store(var_slot(rt, p->loops[k]), rt_int(start[k] + (cnt[k] - 1) * step[k]));
    rt_pop_to(rt, base);
    return true;
}
