/*
 * fuse_kernel.c - launches the generated kernel of a whole-array elementwise expression
 * (lang/fuse.h, lang/pass_fuse.c) in place of the host evaluation, when the values allow
 * it and the arrays are large enough for one kernel to beat the host's block-wise pass
 * (runtime/fuse.c). Otherwise the caller evaluates the expression the host way; both give
 * the same values (docs/fusion.md).
 */
#include "runtime/fuse_kernel.h"
#include "lang/fuse.h"
#include "runtime/lib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUSE_MIN_DEFAULT 65536      /* elements below which the host path is as fast */

static bool fuse_enabled(void)
{
    const char *a = getenv("QPIPE_AUTOPAR"), *f = getenv("QPIPE_FUSE");
    return (!a || strcmp(a, "0")) && (!f || strcmp(f, "0"));
}

static int64_t fuse_min(void)
{
    const char *e = getenv("QPIPE_FUSE_MIN");
    return e && *e ? atoll(e) : FUSE_MIN_DEFAULT;
}

/* -v: one note per expression, the first time it is decided. */
static void listing(Rt *rt, LangFuse *f, const char *fmt, const char *a, const char *b)
{
    if (!rt->opt.verbose || f->reported || !rt->cur_mod)
        return;
    f->reported = true;
    char buf[512];
    snprintf(buf, sizeof buf, fmt, a, b);
    lang_diag_report(rt->diag, &rt->cur_mod->m->src, f->stmt->a->loc, LANG_NOTE, "%s", buf);
}

static bool host(Rt *rt, LangFuse *f, Value *base, bool never, const char *why, const char *name)
{
    rt_pop_to(rt, base);
    f->never |= never;
    char buf[256];
    snprintf(buf, sizeof buf, why, name);
    listing(rt, f, "%s: %s", f->nstmts ? "statements run one by one" : "expression evaluated on the host", buf);
    return false;
}

/* Evaluate the leaves of f, check them, and launch its kernel into nouts new arrays at
 * out[0..nouts-1] (on the stack, owned by the caller). False when the host must do it. */
static bool launch(Rt *rt, LangFuse *f, Node *at, int nouts, Value *out)
{
    Value *base = rt->sp;
    if (f->never)
        return false;
    for (int i = 0; i < f->ncalls; i++)
        if (f->calls[i]->a->bind != RT_BIND_BUILTIN)
            return host(rt, f, base, true, "'%s' is not the builtin", f->calls[i]->a->name);
    int argc = 1 + nouts + f->nleaves + 1;
    Value *argv = rt_push(rt, argc + 1);
    Value *leaf = argv + 1 + nouts;
    RtArray *shape = NULL;
    RtElem elem = rt_scalar_elem(rt);
    for (int i = 0; i < f->nleaves; i++) {
        Value *v = &leaf[i];
        const char *name = f->leaves[i]->name;
        rt_eval(rt, f->leaves[i], v);
        if (f->scalar[i]) {
            if (v->kind == V_SCALAR || (v->kind == V_INT && v->i >= INT32_MIN && v->i <= INT32_MAX))
                continue;
            return host(rt, f, base, false, "'%s' is not a real number or a 32-bit int", name);
        }
        if (v->kind != V_ARRAY)
            return host(rt, f, base, v->kind == V_INT || v->kind == V_SCALAR, "'%s' is not an array", name);
        RtArray *a = v->a;
        if (a->cls || a->elem != elem)
            return host(rt, f, base, false, "'%s' is not an array of the scalar type", name);
        if (v->mode & ~(uint32_t)RT_MODE_MASK)
            return host(rt, f, base, false, "'%s' has a saturating or texture access mode", name);
        if (shape && (a->rank != shape->rank || memcmp(a->dims, shape->dims, (size_t)a->rank * sizeof *a->dims)))
            return host(rt, f, base, false, "'%s' differs in size from the other arrays", name);
        shape = a;
        v->mode = RT_MODE_UNCHECKED;    /* pos runs over the elements exactly */
    }
    if (!shape || shape->n > INT32_MAX)
        return host(rt, f, base, false, "%s", "no array of at most 2^31 elements");
    if (shape->n < fuse_min()) {
        char why[96];
        snprintf(why, sizeof why, "%lld elements, fewer than QPIPE_FUSE_MIN", (long long)shape->n);
        return host(rt, f, base, false, "%s", why);
    }
    if (!fuse_enabled())
        return host(rt, f, base, false, "%s", "QPIPE_FUSE=0 or QPIPE_AUTOPAR=0");
    Value kv = rt->globals[f->kernel->slot];
    if (kv.kind != V_FUNC || kv.f->node != f->kernel)
        return host(rt, f, base, true, "%s", "its kernel is not bound");
    argv[0] = rt_array_vec(RT_F64, 1);
    if (argv[0].kind == V_UNDEF)
        rt_out_of_memory(rt);
    rt_set_real(argv[0].a, 0, (double)shape->n, false);
    for (int k = 0; k < nouts; k++) {
        argv[1 + k] = rt_array_uninit(elem, shape->rank, shape->dims);
        if (argv[1 + k].kind == V_UNDEF)
            rt_out_of_memory(rt);
        argv[1 + k].mode = RT_MODE_UNCHECKED;
    }
    rt_retain(kv);
    argv[argc - 1] = kv;
    if (rt->opt.verbose && !f->reported) {
        char d[128];
        size_t len = 0;
        for (int k = 0; k < shape->rank && len < sizeof d; k++)
            len += (size_t)snprintf(d + len, sizeof d - len, "%s%lld", k ? " x " : "", (long long)shape->dims[k]);
        if (f->nstmts) {
            char what[160];
            snprintf(what, sizeof what, "%d statements fused: kernel '%s'", f->nstmts, f->kernel->name);
            listing(rt, f, "%s over %s", what, d);
        } else {
            listing(rt, f, "expression fused: kernel '%s' over %s", f->kernel->name, d);
        }
    }
    Node *saved = rt->cur;
    rt->cur = at;
    lib_parallel_do(rt, argc, argv, 0, &argv[argc]);
    rt->cur = saved;
    for (int k = 0; k < nouts; k++) {
        out[k] = argv[1 + k];
        out[k].mode = RT_MODE_DEFAULT;
        argv[1 + k] = rt_undef();
    }
    rt_pop_to(rt, argv);
    return true;
}

bool rt_fuse_kernel(Rt *rt, Node *n, Value *dst)
{
    LangFuse *f = n->fuse;
    if (f->nstmts)
        return false;           /* a chain: run by rt_fuse_chain */
    return launch(rt, f, n, 1, dst);
}

bool rt_fuse_chain(Rt *rt, Node *stmt)
{
    LangFuse *f = stmt->fuse;
    Value *out = rt_push(rt, f->nouts);
    if (!launch(rt, f, stmt, f->nouts, out)) {
        rt_pop_to(rt, out);
        return false;
    }
    for (int k = 0, o = 0; k < f->nstmts; k++)
        if (f->written[k]) {
            rt->cur = f->stmts[k];
            rt_assign_target(rt, f->stmts[k]->a, &out[o++], f->stmts[k]);
        }
    rt_pop_to(rt, out);
    return true;
}
