/*
 * kdevice.c - device-function specialisation (kg_device_call).
 *
 * A call of a __device__ function (or a function-typed argument) from a kernel is
 * specialised on the types of its arguments at that call and written as a static function
 * before the kernel; a second call with the same types reuses it. The specialisations are
 * made on demand by the typing walk ("infer", "stencil"), not as a pass of their own.
 */
#include "lang/kgen.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- device functions */

static LangKType param_type(Gen *g, Node *p, LangKType given)
{
    if (given.kind == LK_FUNC || given.kind == LK_NONE)
        kg_unsupported(g, p, "a device function taking a function");
    if (given.kind == LK_ARRAY && p->type) {
        /* the array keeps its caller's access mode and element type: a parameter that
         * declares others (x : vec'clamped, x : vec[int]) stays in the interpreter */
        LangType *t = p->type;
        if (t->nmods || t->has_elems)
            kg_unsupported(g, p, "an array parameter of a device function declaring a mode or element type");
    }
    return given;
}

/* Write the specialisation of device function fn for these argument types. */
static Spec *specialise(Gen *g, Node *fn, const char *name, LangKType *at, const bool *ref, int argc, Node *site)
{
    for (int i = 0; i < g->nspecs; i++) {
        Spec *s = &g->specs[i];
        if (s->fn == fn && s->nargs == argc && !memcmp(s->args, at, (size_t)argc * sizeof *at) &&
            !memcmp(s->ref, ref, (size_t)argc * sizeof *ref))
            return s;
    }
    if (g->nspecs == GEN_MAX_SPECS || argc > 16)
        kg_unsupported(g, site, "too many device function specialisations");
    if (fn->args.n != argc)
        kg_unsupported(g, site, "'%s' takes %d arguments, %d given", name, fn->args.n, argc);
    if (fn->kind == N_FUNCTION && fn->args2.n > 8)
        kg_unsupported(g, site, "device functions with more than 8 outputs");
    Spec *s = &g->specs[g->nspecs++];
    s->fn = fn;
    s->nargs = argc;
    memcpy(s->args, at, (size_t)argc * sizeof *at);
    memcpy(s->ref, ref, (size_t)argc * sizeof *ref);
    char cn[64];
    kg_cname(name, cn, sizeof cn);
    snprintf(s->cname, sizeof s->cname, "qpd%d_%s", g->nspecs - 1, cn);
    /* generate into a fresh function context (no labelled loops of the caller in it) */
    Fn *saved = g->fn;
    int saved_labels = g->nlabels;
    g->nlabels = 0;
    Fn *f = kg_g_calloc(sizeof *f);
    g->fn = f;
    f->indent = 4;
    for (int i = 0; i < argc; i++) {
        LangKType pt = param_type(g, fn->args.items[i], at[i]);
        Var *pv = kg_add_var(g, ((Node *)fn->args.items[i])->name, pt.kind == LK_ARRAY ? VAR_ARRAY : VAR_LOCAL, pt);
        pv->byref = ref[i];
    }
    Buf sig = {0};
    if (fn->kind == N_LAMBDA) {
        Node *body = fn->a;
        if (body->kind == N_SEQ) {
            for (int i = 0; i + 1 < body->args.n; i++) {
                Node *e = body->args.items[i];
                if (e->kind != N_ASSIGN)
                    kg_unsupported(g, e, "a lambda sequence item that is not an assignment");
                kg_stmt(g, e);
            }
            body = body->args.items[body->args.n - 1];
        }
        Ex e = kg_expr(g, body);
        s->ret = e.t;
        s->has_ret = true;
        kg_bprintf(&f->body, "    return %s;\n", kg_bdone(&e.c));
        kg_ex_free(&e);
    } else if (fn->args2.n > 1) {
        /* [a, b] = f(…): the outputs are written through pointers at qp_ret */
        f->multi_out = true;
        kg_stmts(g, &fn->body);
        kg_bput(&f->body, "    goto qp_ret;\nqp_ret:\n");
        s->nouts = fn->args2.n;
        for (int i = 0; i < s->nouts; i++) {
            const char *on = ((Node *)fn->args2.items[i])->name;
            Var *ov = kg_find_var(g, on);
            if (!ov || ov->kind != VAR_LOCAL)
                kg_unsupported(g, fn, "output '%s' of '%s' is never assigned", on, name);
            s->outs[i] = ov->t;
            char oc[80];
            kg_cname(on, oc, sizeof oc);
            kg_bprintf(&f->body, "    *qpo%d = %s;\n", i, oc);
        }
    } else {
        f->out_name = fn->args2.n ? ((Node *)fn->args2.items[0])->name : NULL;
        kg_stmts(g, &fn->body);
        if (f->out_name) {
            Var *ov = kg_find_var(g, f->out_name);
            if (!ov)
                kg_unsupported(g, fn, "output '%s' of '%s' is never assigned", f->out_name, name);
            s->ret = ov->t;
            s->has_ret = true;
            char on[80];
            kg_cname(f->out_name, on, sizeof on);
            kg_bprintf(&f->body, "    return %s;\n", on);
        }
    }
    char tb[32];
    kg_bprintf(&sig, "QP_DEVICE %s %s(qp_status *qp_st", s->has_ret ? kg_ctype(g, s->ret, tb, sizeof tb) : "void",
               s->cname);
    for (int i = 0; i < argc; i++) {
        char pn[80];
        kg_cname(((Node *)fn->args.items[i])->name, pn, sizeof pn);
        if (at[i].kind == LK_ARRAY) {
            kg_bprintf(&sig, ", %s *%s, const int64_t *%s_d", kg_elem_c(at[i].elem), pn, pn);
            if (kg_tex_hw_mode(g, &at[i]))      /* and its texture object (ktexhw.c) */
                kg_bprintf(&sig, ", unsigned long long %s_tex", pn);
        } else
            kg_bprintf(&sig, ref[i] ? ", %s *%s" : ", %s %s", kg_ctype(g, at[i], tb, sizeof tb), pn);
    }
    for (int i = 0; i < s->nouts; i++)
        kg_bprintf(&sig, ", %s *qpo%d", kg_ctype(g, s->outs[i], tb, sizeof tb), i);
    kg_bprintf(&g->head, "%s)\n{\n    (void)qp_st;\n%s%s}\n", kg_bdone(&sig), kg_bdone(&f->decl), kg_bdone(&f->body));
    kg_g_free(sig.s);
    kg_g_free(f->decl.s);
    kg_g_free(f->body.s);
    kg_g_free(f);
    g->fn = saved;
    g->nlabels = saved_labels;
    return s;
}

/* A call of device function fn. With outs, the call of a function of several outputs: the
 * text is left open for the output pointers, and *outs says their types. */
Ex kg_device_call(Gen *g, Node *n, Node *fn, const char *name, Spec **outs)
{
    /* spec 001: kernels call device functions only; the interpreter reports the error */
    if (fn->kind == N_FUNCTION && !(fn->flags & NODE_DEVICE))
        kg_unsupported(g, n, "'%s' is a %s function, not a device function", name,
                       fn->flags & NODE_KERNEL ? "kernel" : "host");
    int argc = n->args.n;
    if (argc > 16)
        kg_unsupported(g, n, "more than 16 arguments");
    Ex args[16];
    LangKType at[16];
    bool ref[16] = {false};
    for (int i = 0; i < argc; i++) {
        Node *an = n->args.items[i];
        Var *av = an->kind == N_IDENT ? kg_find_var(g, an->name) : NULL;
        if (av && av->kind == VAR_ARRAY) {
            /* an array is passed by reference: its pointer and dims */
            char cn[80];
            kg_cname(av->name, cn, sizeof cn);
            args[i] = kg_ex_text(av->t, kg_tex_hw_mode(g, &av->t) ? "%s, %s_d, %s_tex" : "%s, %s_d", cn, cn, cn);
            at[i] = av->t;
            continue;
        }
        args[i] = kg_expr(g, an);
        at[i] = args[i].t;
        if (av && av->kind == VAR_LOCAL && at[i].kind == LK_VEC) {
            /* a local small vector: by pointer, as the interpreter passes it by reference
             * (the callee's element writes reach the caller) */
            char vr[96];
            kg_ex_free(&args[i]);
            args[i] = kg_ex_text(at[i], "&%s", kg_vref(av, vr, sizeof vr));
            ref[i] = true;
            continue;
        }
        /* a declared parameter type converts the argument (x : scalar given an int) */
        Node *p = i < fn->args.n ? fn->args.items[i] : NULL;
        if (p && p->type && p->type->kind == TY_NAME && !strcmp(p->type->name, "scalar") && at[i].kind == LK_INT) {
            args[i] = kg_convert(g, args[i], t_real(g), n);
            at[i] = args[i].t;
        }
    }
    Spec *s = specialise(g, fn, name, at, ref, argc, n);
    Buf b = {0};
    kg_bprintf(&b, "%s(qp_st", s->cname);
    for (int i = 0; i < argc; i++) {
        kg_bprintf(&b, ", %s", kg_bdone(&args[i].c));
        kg_ex_free(&args[i]);
    }
    if (s->nouts && !outs)
        kg_unsupported(g, n, "'%s' of several outputs used as a value", name);
    if (outs)
        *outs = s;
    else
        kg_bput(&b, ")");
    return (Ex){b, s->has_ret ? s->ret : t_int()};
}

/* The device function a call names, or NULL (a builtin). */
Node *kg_device_fn(Gen *g, Node *call)
{
    if (call->kind != N_CALL || call->a->kind != N_IDENT)
        return NULL;
    Var *v = kg_find_var(g, call->a->name);
    if (v && v->kind == VAR_FUNC)
        return v->t.fn;
    return !v && g->ks->lookup ? g->ks->lookup(g->ks->ctx, call->a->name) : NULL;
}
