/*
 * kwarp.c - cooperative groups in compiled kernels (spec 000 "Cooperative groups", "Warp
 * shuffling operations"): the thread_block parameters coalesced_threads (a warp of 32
 * consecutive threads of the block) and this_thread_block, their properties and the value
 * exchanges (shfl, shfl_up, shfl_down, shfl_xor, all, any, ballot, match_any, match_all,
 * sync).
 *
 * A kernel with such a parameter runs in lockstep (klockstep.c). A statement holding group
 * calls is written in two steps, as the interpreter runs it (runtime/kernel.c
 * run_shuffled): every running thread first stores the value it offers at each call in its
 * qpk_thread (qpx<id>), then each runs the statement, the call reading the offered value
 * of its source lane (qpk_shfl_src, kernels/qp_kernel.h). Under CUDA with native blocks
 * (QPK_NATIVE_CUDA) a thread's own qpx<id> is the register that __shfl_sync & co. exchange
 * across the warp. this_thread_block exchanges (wider than a warp) have no CUDA intrinsic:
 * such a kernel's CUDA blocks run in one GPU thread (g->no_native).
 * this_grid and this_multi_grid (one device is one grid) have thread_idx (the block's
 * number times its size plus the thread's number, blocks numbered as the interpreter
 * does), size, active_mask and sync(), a grid barrier (klockstep.c kg_grid_sync); their
 * exchanges, and partition, are not compiled (the interpreter runs them).
 */
#include "lang/kgen.h"
#include "lang/kinfo.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

bool kg_has_group_param(const Gen *g)
{
    for (int i = 0; i < g->ks->nparams; i++)
        if (g->ks->params[i].special >= LANG_KSPEC_GROUP_WARP)
            return true;
    return false;
}

/* The group a call or field is on: LANG_KSPEC_GROUP_*, or a stop. */
static int group_of(Gen *g, Node *obj)
{
    Var *v = obj->kind == N_IDENT ? kg_find_var(g, obj->name) : NULL;
    if (!v || v->special < LANG_KSPEC_GROUP_WARP)
        kg_unsupported(g, obj, "this cooperative group (only coalesced_threads, this_thread_block and this_grid are compiled)");
    return v->special;
}

/* The group's width and the thread's number in the block: C expressions. QPK_TID is
 * qp_t on the CPU, threadIdx.x natively; qp_bn the block's thread count. */
static const char *width_c(int grp)
{
    return grp == LANG_KSPEC_GROUP_WARP ? "32" : "qp_bn";
}

Ex kg_group_field(Gen *g, Node *n)
{
    Var *v = n->a->kind == N_IDENT ? kg_find_var(g, n->a->name) : NULL;
    if (!v || v->special < LANG_KSPEC_GROUP_WARP)
        kg_unsupported(g, n, "the field '%s' of something not a thread block", n->name);
    int grp = group_of(g, n->a);
    if (grp == LANG_KSPEC_GROUP_GRID) {
        if (!strcmp(n->name, "thread_idx"))
            return kg_ex_text(t_int(), "((int)(qp_bl * qp_bn + QPK_TID))");
        if (!strcmp(n->name, "size"))
            return kg_ex_text(t_int(), "((int)(qp_gn * qp_bn))");
        if (!strcmp(n->name, "active_mask"))
            return kg_ex_text(t_int(), "((int)qpk_lanes_mask(qp_gn * qp_bn))");
        kg_unsupported(g, n, "the field '%s' of a thread block", n->name);
    }
    const char *w = width_c(grp);
    /* the group's size: the width, or what is left of the block in its last warp */
    char size[160];
    snprintf(size, sizeof size, "((int)qpk_group_size(QPK_TID, %s, qp_bn))", w);
    if (!strcmp(n->name, "thread_idx"))
        return kg_ex_text(t_int(), "((int)(QPK_TID %% %s))", w);
    if (!strcmp(n->name, "size"))
        return kg_ex_text(t_int(), "%s", size);
    if (!strcmp(n->name, "active_mask"))
        return kg_ex_text(t_int(), "((int)qpk_lanes_mask(qpk_group_size(QPK_TID, %s, qp_bn)))", w);
    kg_unsupported(g, n, "the field '%s' of a thread block", n->name);
}

/* ---------------------------------------------------------------- exchanges */

static const char *method(Node *call)
{
    return call->a->name;
}

static bool is_vote(const char *m)
{
    return !strcmp(m, "all") || !strcmp(m, "any") || !strcmp(m, "ballot");
}

/* Step one: each running thread offers its value at every call of the statement. */
static void offer(Gen *g, Node **calls, int nc)
{
    char tb[32];
    g->nxsites = 0;
    for (int c = 0; c < nc; c++) {
        Node *call = calls[c];
        const char *m = method(call);
        int grp = group_of(g, call->a->a);
        if (grp == LANG_KSPEC_GROUP_GRID)
            kg_unsupported(g, call, "'%s' of this_grid (the interpreter runs it)", m);
        if (grp == LANG_KSPEC_GROUP_BLOCK && g->ks->cuda && !g->no_native)
            g->no_native = "an exchange of this_thread_block (wider than a warp)";
        if (!call->args.n)
            kg_unsupported(g, call, "'%s' without a value", m);
        Node *calls2[1];
        if (lang_group_calls(call->args.items[0], calls2, 1))
            kg_unsupported(g, call, "a group call inside another's value");
        int id = g->temps++;
        kg_bprintf(OUT(g), "%*sfor (qp_t = 0; qp_t < qp_nt; qp_t++) {\n", IND(g));
        kg_bprintf(OUT(g), "%*s    if (qp_th[qp_t].qp_done) continue;\n", IND(g));
        g->fn->indent += 4;
        Ex v = kg_expr(g, call->args.items[0]);
        g->fn->indent -= 4;
        LangKType t = v.t;
        if (is_vote(m)) {
            t = t_int();
            kg_bprintf(OUT(g), "%*s    qp_th[qp_t].qpx%d = (%s) != 0;\n", IND(g), id, kg_bdone(&v.c));
        } else if (is_num(t)) {
            if (!strncmp(m, "match", 5))
                t = t_real(g);      /* compared as the interpreter does, as reals */
            kg_bprintf(OUT(g), "%*s    qp_th[qp_t].qpx%d = (%s)(%s);\n", IND(g), id, kg_ctype(g, t, tb, sizeof tb),
                       kg_bdone(&v.c));
        } else {
            kg_unsupported(g, call, "'%s' of a value that is not a number", m);
        }
        kg_ex_free(&v);
        kg_bprintf(OUT(g), "%*s}\n", IND(g));
        kg_bprintf(&g->thr, "    %s qpx%d;\n", kg_ctype(g, t, tb, sizeof tb), id);
        if (g->nxsites < 16) {
            g->xsites[g->nxsites].site = call;
            g->xsites[g->nxsites].id = id;
            g->xsites[g->nxsites].t = t;
            g->nxsites++;
        }
    }
}

/* A statement holding group calls (klockstep.c): offers, then the statement in each
 * thread. sync() alone is a barrier: of the block, or of the warp. */
void kg_group_stmt(Gen *g, Node *s)
{
    if (s->kind == N_CALL && s->a->kind == N_FIELD && !strcmp(s->a->name, "sync") && !s->args.n) {
        int grp = group_of(g, s->a->a);
        if (grp == LANG_KSPEC_GROUP_GRID) {
            kg_grid_sync(g, "this_grid.sync()");
            return;
        }
        kg_bprintf(OUT(g), "%*s%s\n", IND(g),
                   grp == LANG_KSPEC_GROUP_WARP ? "QPK_SYNCWARP();    /* coalesced_threads.sync() */"
                                                : "QPK_SYNC();    /* this_thread_block.sync() */");
        return;
    }
    Node *calls[17];
    int nc = lang_group_calls(s, calls, 17);
    if (nc > 16)
        kg_unsupported(g, s, "more than 16 group calls in one statement");
    for (int c = 0; c < nc; c++)
        if (!strcmp(method(calls[c]), "sync") || !strcmp(method(calls[c]), "partition"))
            kg_unsupported(g, calls[c], "'%s' inside a statement (the interpreter runs it)", method(calls[c]));
    offer(g, calls, nc);
    /* natively: qp_wm, the warp's running lanes, the mask of the intrinsics */
    kg_bprintf(OUT(g), "%*s{\n%*s    QPK_WARP_MASK(qp_wm);\n", IND(g), IND(g));
    g->fn->indent += 4;
    kg_each_thread(g, s);
    g->fn->indent -= 4;
    kg_bprintf(OUT(g), "%*s}\n", IND(g));
    g->nxsites = 0;
}

/* Step two: a call read in one thread. The lane's value, or the vote over the group. */
Ex kg_group_call(Gen *g, Node *n)
{
    const char *m = method(n);
    int k = 0;
    while (k < g->nxsites && g->xsites[k].site != n)
        k++;
    if (k == g->nxsites)
        kg_unsupported(g, n, "'%s' outside a statement of its own", m);
    int id = g->xsites[k].id;
    LangKType t = g->xsites[k].t;
    int grp = group_of(g, n->a->a);
    const char *w = width_c(grp);
    char tb[32];
    if (is_vote(m))
        return kg_ex_text(t_int(), "QPK_VOTE_%s(qpx%d, %s)", !strcmp(m, "all") ? "ALL" : !strcmp(m, "any") ? "ANY" : "BALLOT",
                          id, w);
    if (!strcmp(m, "match_any") || !strcmp(m, "match_all")) {
        g->matches = true;      /* sm_70's __match_*_sync: defined only where used */
        return kg_ex_text(t_int(), "QPK_MATCH_%s(qpx%d, %s)", m[7] == 'n' ? "ANY" : "ALL", id, w);
    }
    if (n->args.n != 2)
        kg_unsupported(g, n, "'%s(value, lane)' takes two arguments", m);
    Ex x = kg_expr(g, n->args.items[1]);
    if (x.t.kind != LK_INT)
        x = kg_convert(g, x, t_int(), n);
    static const char *const kinds[] = {"shfl", "shfl_up", "shfl_down", "shfl_xor"};
    int kind = 0;
    while (kind < 4 && strcmp(m, kinds[kind]))
        kind++;
    if (kind == 4)
        kg_unsupported(g, n, "'%s'", m);
    static const char *const mac[] = {"QPK_SHFL", "QPK_SHFL_UP", "QPK_SHFL_DOWN", "QPK_SHFL_XOR"};
    Ex r = kg_ex_text(t, "%s(%s, qpx%d, (int)(%s), %s, %d)", mac[kind], kg_ctype(g, t, tb, sizeof tb), id,
                      kg_bdone(&x.c), w, kind);
    kg_ex_free(&x);
    return r;
}

/* The native CUDA definitions of the exchanges (QPK_NATIVE_CUDA): the text's own, as
 * QPK_SYNC is, so that emit --cuda shows them and other kernels do not need sm_70's match
 * intrinsics. qp_wm is the running lanes of the thread's warp (the block's last warp may
 * be partial); the width is 32 (a this_thread_block exchange is never native). */
void kg_group_defs(Gen *g, Buf *t)
{
    kg_bput(t, "#if QPK_NATIVE_CUDA    /* cooperative groups: the warp intrinsics */\n"
            "#define QPK_TID ((int64_t)threadIdx.x)\n"
            "#define QPK_SYNCWARP() __syncwarp()\n"
            "QP_DEVICE unsigned qpk_warp_lanes(int64_t bn)\n{\n"
            "    int64_t n = qpk_group_size((int64_t)threadIdx.x, 32, bn);\n"
            "    return n >= 32 ? 0xffffffffu : (1u << n) - 1u;\n}\n"
            "#define QPK_WARP_MASK(m) unsigned m = __ballot_sync(qpk_warp_lanes(qp_bn), !qp_th[0].qp_done)\n"
            "#define QPK_SHFL(T, f, x, w, k) ((T)__shfl_sync(qp_wm, qp_th[0].f, (x), (w)))\n"
            "#define QPK_SHFL_UP(T, f, x, w, k) ((T)__shfl_up_sync(qp_wm, qp_th[0].f, (unsigned)(x), (w)))\n"
            "#define QPK_SHFL_DOWN(T, f, x, w, k) ((T)__shfl_down_sync(qp_wm, qp_th[0].f, (unsigned)(x), (w)))\n"
            "#define QPK_SHFL_XOR(T, f, x, w, k) ((T)__shfl_xor_sync(qp_wm, qp_th[0].f, (x), (w)))\n"
            "#define QPK_VOTE_ALL(f, w) __all_sync(qp_wm, qp_th[0].f)\n"
            "#define QPK_VOTE_ANY(f, w) __any_sync(qp_wm, qp_th[0].f)\n"
            "#define QPK_VOTE_BALLOT(f, w) ((int)__ballot_sync(qp_wm, qp_th[0].f))\n");
    if (g->matches)
        kg_bput(t, "#define QPK_MATCH_ANY(f, w) ((int)__match_any_sync(qp_wm, qp_th[0].f))\n"
                "template <typename T> QP_DEVICE int qpk_match_all_n(unsigned m, T v)\n{\n"
                "    int p;\n    return (int)__match_all_sync(m, v, &p);\n}\n"
                "#define QPK_MATCH_ALL(f, w) qpk_match_all_n(qp_wm, qp_th[0].f)\n");
    kg_bput(t, "#endif\n\n");
}
