/*
 * emit_c.c - the pass "emit": the kernel's text (kg_pass_emit).
 *
 * It writes what the passes before it produced into one translation unit of the kernel
 * dialect (kernels/qp_kernel.h): the vector types, accessors and device functions, the
 * environment struct, the per-position bodies (qpk_body with bounds tests, qpk_fast
 * without), qpk_run, which runs rows [lo, hi) of dim 0 choosing the body per position, or
 * for a lockstep kernel qpk_block/qpk_blocks; and under QP_CUDA the __global__ qpk_cuda.
 */
#include "lang/kgen.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool kg_takes_blkcnt(const Gen *g)
{
    for (int i = 0; i < g->ks->nparams; i++)
        if (g->ks->params[i].special == LANG_KSPEC_BLKCNT)
            return true;
    return false;
}

/* For each expression of the list ", expr, expr" (NULL: none), move bound <var><k> to it
 * when it is tighter: cmp '>' raises a lower bound, '<' lowers an upper one. */
static void tighten(Buf *t, const char *list, char cmp, char var, int k)
{
    for (const char *p = list; p && *p == ',';) {
        const char *q = strchr(p + 1, ',');
        size_t len = q ? (size_t)(q - p - 1) : strlen(p + 1);
        kg_bprintf(t, "    { int64_t x = %.*s; if (x %c %c%d) %c%d = x; }\n", (int)len, p + 1, cmp, var, k, var, k);
        p = q ? q : p + strlen(p);
    }
}

/* A per-position body function: qpk_body (bounds tests) or qpk_fast (none). */
void kg_body_function(Gen *g, Buf *t, const char *name, const Buf *pre, Fn *f)
{
    int r = g->ks->rank;
    bool bpos = false;
    for (int i = 0; i < g->ks->nparams; i++)
        bpos |= g->ks->params[i].special == LANG_KSPEC_BLKPOS || g->ks->params[i].special == LANG_KSPEC_BLKIDX;
    kg_bprintf(t, "\nQP_BODY void %s(const qpk_env *qp_e, qp_status *qp_st, const int32_t *qp_pos, "
               "const int64_t *qp_blk)\n{\n", name);
    kg_bprintf(t, "    int64_t qp_bpos[%d], qp_bidx[%d], qp_bcnt[%d];\n", r, r, r);
    if (bpos)
        kg_bprintf(t, "    for (int k = 0; k < %d; k++) { qp_bpos[k] = qp_pos[k] %% qp_blk[k]; qp_bidx[k] = qp_pos[k] / qp_blk[k]; qp_bcnt[k] = 0; }\n", r);
    if (kg_takes_blkcnt(g))
        kg_bprintf(t, "    for (int k = 0; k < %d; k++) qp_bcnt[k] = qp_e->qp_cnt[k];\n", r);
    kg_bput(t, "    (void)qp_bpos; (void)qp_bidx; (void)qp_bcnt; (void)qp_st; (void)qp_blk;\n");
    kg_bput(t, pre->s ? pre->s : "");
    kg_bput(t, kg_bdone(&f->decl));
    kg_bput(t, kg_bdone(&f->body));
    if (f->dyn) {
        kg_bput(t, "    goto qp_end;\nqp_end:\n");
        kg_bput(t, kg_bdone(&f->dyn_free));
    }
    kg_bput(t, "}\n");
}

/* Loops over the grid dims from `from` on, calling `call` at each position. A baked
 * last dim (the 3 channels of an image) is written out, so the loop around is plain. */
static void inner_loops(Gen *g, Buf *t, int from, int indent, const char *call)
{
    int r = g->ks->rank;
    int last = g->ks->grid_fixed[r - 1] && r - 1 >= from ? r - 1 : r;
    kg_bprintf(t, "%*s{\n", indent, "");
    indent += 4;
    for (int k = from; k < last; k++) {
        kg_bprintf(t, "%*sfor (int32_t q%d = 0; q%d < (int32_t)D%d; q%d++) {\n", indent, "", k, k, k, k);
        kg_bprintf(t, "%*s    pos[%d] = q%d;\n", indent, "", k, k);
        indent += 4;
    }
    if (last < r) {
        for (int c = 0; c < g->ks->grid_fixed[r - 1]; c++) {
            kg_bprintf(t, "%*s{ int32_t pc[%d]; ", indent, "", r);
            for (int k = 0; k < r - 1; k++)
                kg_bprintf(t, "pc[%d] = pos[%d]; ", k, k);
            kg_bprintf(t, "pc[%d] = %d; %s(&e, st, pc, blk); }\n", r - 1, c, call);
        }
    } else {
        kg_bprintf(t, "%*s%s(&e, st, pos, blk);\n", indent, "", call);
    }
    for (int k = from; k < last; k++) {
        indent -= 4;
        kg_bprintf(t, "%*s}\n", indent, "");
    }
    indent -= 4;
    kg_bprintf(t, "%*s}\n", indent, "");
}

/* qpk_run: rows [lo, hi) of dim 0; with a fast body, each row is cut into a border
 * part (tests) and an interior part (no tests) along dim 1 (dim 0 for 1-D grids). */
void kg_run_function(Gen *g, Buf *t, const Buf *unpack, bool fast)
{
    int r = g->ks->rank;
    kg_bput(t, "QP_EXPORT void qpk_run(const qp_arg *args, const int64_t *dims, const int64_t *blk, int64_t lo, "
            "int64_t hi, qp_status *st)\n{\n    qpk_env e;\n");
    kg_bput(t, unpack->s ? unpack->s : "");
    for (int k = 0; k < r; k++) {
        if (g->ks->grid_fixed[k])
            kg_bprintf(t, "    const int64_t D%d = %d; (void)dims;\n", k, g->ks->grid_fixed[k]);
        else
            kg_bprintf(t, "    const int64_t D%d = dims[%d];\n", k, k);
    }
    kg_bprintf(t, "    int32_t pos[%d];    /* 32-bit: the index arithmetic stays affine for the vectorizer */\n", r);
    if (!fast) {
        kg_bput(t, "    for (pos[0] = (int32_t)lo; pos[0] < (int32_t)hi; pos[0]++)\n");
        inner_loops(g, t, 1, 8, "qpk_body");
        kg_bput(t, "}\n");
        return;
    }
    /* the interior: lo_k <= pos[k] < hi_k keeps every access inside */
    kg_bprintf(t, "    int qp_fast = 1%s;\n", g->conds.s ? g->conds.s : "");
    for (int k = 0; k < r; k++) {
        kg_bprintf(t, "    int64_t L%d = 0, H%d = D%d;\n", k, k, k);
        tighten(t, g->int_lo[k].s, '>', 'L', k);
        tighten(t, g->int_hi[k].s, '<', 'H', k);
        kg_bprintf(t, "    if (L%d >= H%d) qp_fast = 0;\n", k, k);
    }
    for (int k = 2; k < r; k++)
        kg_bprintf(t, "    if (L%d > 0 || H%d < D%d) qp_fast = 0;    /* inner dims must be whole */\n", k, k, k);
    if (r == 1) {
        kg_bput(t, "    int64_t a = lo, b = hi;\n");
        kg_bput(t, "    if (qp_fast) { a = lo > L0 ? lo : L0; if (a > hi) a = hi; b = hi < H0 ? hi : H0; if (b < a) b = a; }\n"
                "    else a = b = hi;\n");
        kg_bput(t, "    for (pos[0] = (int32_t)lo; pos[0] < (int32_t)a; pos[0]++) qpk_body(&e, st, pos, blk);\n");
        kg_bput(t, "    for (int32_t q = (int32_t)a; q < (int32_t)b; q++) { int32_t pc[1]; pc[0] = q; qpk_fast(&e, st, pc, blk); }\n");
        kg_bput(t, "    for (pos[0] = (int32_t)(b > lo ? b : lo); pos[0] < (int32_t)hi; pos[0]++) qpk_body(&e, st, pos, blk);\n}\n");
        return;
    }
    kg_bput(t, "    for (int32_t q0 = (int32_t)lo; q0 < (int32_t)hi; q0++) {\n        pos[0] = q0;\n");
    kg_bput(t, "        if (qp_fast && q0 >= L0 && q0 < H0) {\n");
    kg_bput(t, "            for (int32_t q1 = 0; q1 < (int32_t)L1; q1++) {\n                pos[1] = q1;\n");
    inner_loops(g, t, 2, 16, "qpk_body");
    if (g->flat) {
        /* distinct arrays (restrict) and plain stores: no iteration depends on another.
         * GCC drops restrict once qpk_fast is inlined and would test every tap's address
         * against the store at run time, giving up past 10 such tests (a vertical stencil
         * of more than 5 taps): ivdep says what restrict said. */
        kg_bprintf(t, "            }\n%s            for (int32_t k = (int32_t)L1 * %d; k < (int32_t)H1 * %d; k++) {\n"
                   "                int32_t pc[3]; pc[0] = pos[0]; pc[1] = k; pc[2] = 0; qpk_fast(&e, st, pc, blk);\n",
                   g->ks->may_alias ? "" : "            _Pragma(\"GCC ivdep\")\n", g->flat, g->flat);
    } else {
        kg_bprintf(t, "            }\n%s            for (int32_t q1 = (int32_t)L1; q1 < (int32_t)H1; q1++) {\n"
                   "                pos[1] = q1;\n", g->rows_free ? "            _Pragma(\"GCC ivdep\")\n" : "");
        inner_loops(g, t, 2, 16, "qpk_fast");
    }
    kg_bput(t, "            }\n            for (int32_t q1 = (int32_t)H1; q1 < (int32_t)D1; q1++) {\n                pos[1] = q1;\n");
    inner_loops(g, t, 2, 16, "qpk_body");
    kg_bput(t, "            }\n        } else {\n");
    kg_bput(t, "            for (int32_t q1 = 0; q1 < (int32_t)D1; q1++) {\n                pos[1] = q1;\n");
    inner_loops(g, t, 2, 16, "qpk_body");
    kg_bput(t, "            }\n        }\n    }\n}\n");
}

/* The CPU's entry of a kernel with grid barriers (klockstep.c): qpk_grid_blocks runs the
 * blocks [lo, hi) each up to its next grid barrier or its end, their threads in
 * `state` (the engine's, zeroed at the launch: qp_bn qpk_thread per block, block after
 * block), and returns how many of them have not ended; with state NULL it returns the
 * size of a qpk_thread, for the engine to allocate the state. */
static void grid_blocks_function(Gen *g, Buf *t, const Buf *unpack)
{
    int r = g->ks->rank;
    kg_bput(t, "QP_EXPORT int64_t qpk_grid_blocks(const qp_arg *args, const int64_t *dims, const int64_t *blk, "
            "int64_t lo, int64_t hi, qp_status *st, void *state)\n{\n");
    kg_bput(t, "    if (!state)\n        return (int64_t)sizeof(qpk_thread);\n    qpk_env e;\n");
    kg_bput(t, unpack->s ? unpack->s : "");
    kg_bprintf(t, "    int64_t bidx[%d], cnt[%d], nt = 1, running = 0;\n", r, r);
    kg_bprintf(t, "    for (int k = 0; k < %d; k++) { cnt[k] = (dims[k] + blk[k] - 1) / blk[k]; nt *= blk[k]; }\n", r);
    kg_bput(t, "    for (int64_t b = lo; b < hi; b++) {\n        qpk_thread *th = (qpk_thread *)state + b * nt;\n"
            "        if (th[0].qp_phase < 0)\n            continue;\n        int64_t rest = b;\n");
    kg_bprintf(t, "        for (int k = %d; k >= 0; k--) { bidx[k] = rest %% cnt[k]; rest /= cnt[k]; }\n", r - 1);
    kg_bput(t, "        qpk_block(&e, st, dims, blk, bidx, th);\n        running += th[0].qp_phase >= 0;\n"
            "        if (st->failed) break;\n    }\n    return running;\n}\n#endif\n");
}

/* The CUDA grid of a kernel with grid barriers whose blocks cannot all wait in place
 * (QPK_GRID_WAITS 0: more blocks than the device holds at once, the engine's QPK_GRID_TILED
 * variant, or a text whose blocks are not native): global tiling, as the CPU's passes.
 * Each CUDA block of one thread (the launch is cooperative, every CUDA block resident)
 * runs the blocks blockIdx.x, + gridDim.x, … of the grid each up to its next grid barrier,
 * their threads in the engine's qpk_grid_state (qp_bn qpk_thread per block, zeroed; the
 * engine reads qpk_thread_bytes), then waits at qpk_grid_sync for the others. The count of
 * CUDA blocks with blocks still running (qpk_grid_running, one per pass's parity, back to 0
 * after) is read by all between two barriers, so all stop after the same pass, even when
 * blocks disagree about the barriers (against the spec), and when a block failed. */
static void grid_tiles_function(Gen *g, Buf *t)
{
    int r = g->ks->rank;
    kg_bput(t, "#if !QPK_GRID_WAITS\n"
            "__device__ unsigned char *qpk_grid_state;\n"
            "__device__ const unsigned long long qpk_thread_bytes = sizeof(qpk_thread);\n"
            "__device__ unsigned int qpk_grid_running[2];\n"
            "QP_DEVICE void qpk_grid_tiles(const qpk_env *qp_e, qp_status *qp_st, const int64_t *dims, const int64_t *blk)\n{\n");
    kg_bprintf(t, "    int64_t bidx[%d], cnt[%d], nb = 1, nt = 1;\n", r, r);
    kg_bprintf(t, "    for (int k = 0; k < %d; k++) { cnt[k] = (dims[k] + blk[k] - 1) / blk[k]; nb *= cnt[k]; nt *= blk[k]; }\n", r);
    kg_bput(t, "    for (unsigned pass = 0;; pass++) {\n        unsigned running = 0;\n"
            "        for (int64_t b = blockIdx.x; threadIdx.x == 0 && b < nb; b += gridDim.x) {\n"
            "            qpk_thread *th = (qpk_thread *)qpk_grid_state + b * nt;\n"
            "            if (th[0].qp_phase < 0)\n                continue;\n            int64_t rest = b;\n");
    kg_bprintf(t, "            for (int k = %d; k >= 0; k--) { bidx[k] = rest %% cnt[k]; rest /= cnt[k]; }\n", r - 1);
    kg_bput(t, "            qpk_block(qp_e, qp_st, dims, blk, bidx, th);\n"
            "            running |= th[0].qp_phase >= 0;\n        }\n"
            "        if (running)\n            atomicAdd(&qpk_grid_running[pass & 1], 1u);\n"
            "        qpk_grid_sync(qp_st);\n"
            "        unsigned any = *(volatile unsigned *)&qpk_grid_running[pass & 1];\n"
            "        int failed = *(volatile int *)&qp_st->failed;\n"
            "        qpk_grid_sync(qp_st);\n"
            "        if (blockIdx.x == 0 && threadIdx.x == 0)\n            qpk_grid_running[pass & 1] = 0;\n"
            "        if (!any || failed)\n            break;\n    }\n}\n#endif\n");
}

/* A kernel with barriers: qpk_block runs one block's threads in lockstep (the CPU
 * engine). Under CUDA, with QPK_NATIVE (the CUDA text, every shared(…) reached by the whole
 * block), each GPU thread runs one Quasar thread: the block has qp_nt = 1 thread of its
 * own, the CUDA block is the Quasar block (threadIdx.x its thread's number, the last
 * dimension fastest, as qp_t on the CPU), barriers are __syncthreads and shared arrays are
 * cut from the block's dynamic __shared__ memory (QPK_NATIVE bytes, the launch's size).
 * Without QPK_NATIVE one GPU thread runs the whole block (correct, not fast). */
void kg_block_function(Gen *g, Buf *t, const Buf *pre, Fn *f, const Buf *unpack)
{
    int r = g->ks->rank;
    char tb[32], cn[80];
    bool cu = g->ks->cuda;      /* the native sections: only in the CUDA text */
    kg_bput(t, g->grid ? "typedef struct qpk_thread {\n    int qp_done;\n    int qp_phase;    /* block's: 0 start, k after grid barrier k, -1 ended */\n"
                       : "typedef struct qpk_thread {\n    int qp_done;\n");
    kg_bput(t, g->thr.s ? g->thr.s : "");
    kg_bput(t, "} qpk_thread;\n\n");
    bool grid = g->grid;        /* grid barriers: the CPU's blocks resume (klockstep.c) */
    kg_bprintf(t, "QP_DEVICE void qpk_block(const qpk_env *qp_e, qp_status *qp_st, const int64_t *qp_dims, "
               "const int64_t *qp_blk, const int64_t *qp_bidx%s)\n{\n", grid ? ", qpk_thread *qp_gth" : "");
    if (cu)
        kg_bput(t, "#if QPK_NATIVE_CUDA\n"
                "    const int64_t qp_nt = 1;\n    int64_t qp_t = 0;\n    unsigned long long qp_shoff = 0;\n"
                "    qpk_thread qp_th[1] = {};\n    (void)qp_shoff;\n#else\n");
    kg_bprintf(t, "    int64_t qp_nt = 1, qp_t;\n    for (int k = 0; k < %d; k++) qp_nt *= qp_blk[k];\n", r);
    if (grid)   /* the CPU's threads of the block, kept by the engine between grid barriers */
        kg_bput(t, "    qpk_thread *qp_th = qp_gth;\n");
    else
        kg_bput(t, "    qpk_thread *qp_th = (qpk_thread *)qp_calloc((unsigned long long)qp_nt, sizeof(qpk_thread));\n");
    kg_bput(t, cu ? "    if (!qp_th) { qp_fail(qp_st, 3, 0); return; }\n#endif\n" : "    if (!qp_th) { qp_fail(qp_st, 3, 0); return; }\n");
    kg_bput(t, pre->s ? pre->s : "");
    kg_bput(t, kg_bdone(&f->decl));
    /* each thread's position and special parameters */
    kg_bprintf(t, "    int64_t qp_bc[%d];\n    for (int k = 0; k < %d; k++) qp_bc[k] = (qp_dims[k] + qp_blk[k] - 1) / qp_blk[k];\n"
               "    (void)qp_bc;\n", r, r);
    kg_bprintf(t, "    int64_t qp_bn = 1;    /* the block's threads (cooperative groups, kwarp.c) */\n"
               "    for (int k = 0; k < %d; k++) qp_bn *= qp_blk[k];\n    (void)qp_bn;\n", r);
    if (g->grid_group)  /* this_grid: the block's number and the grid's blocks */
        kg_bprintf(t, "    int64_t qp_bl = 0, qp_gn = 1;\n"
                   "    for (int k = 0; k < %d; k++) { qp_bl = qp_bl * qp_bc[k] + qp_bidx[k]; qp_gn *= qp_bc[k]; }\n"
                   "    (void)qp_bl; (void)qp_gn;\n", r);
    if (grid)   /* a block entered again after a grid barrier: the jump to where it left */
        kg_bput(t, "#if !QPK_GRID_WAITS\n    if (qp_th[0].qp_phase) goto qp_resume;\n#endif\n");
    if (cu)
        kg_bprintf(t, "#if QPK_NATIVE_CUDA\n    {\n        int64_t bp[%d], ps[%d], rest = (int64_t)threadIdx.x;\n#else\n", r, r);
    kg_bprintf(t, "    for (qp_t = 0; qp_t < qp_nt; qp_t++) {\n        int64_t bp[%d], ps[%d], rest = qp_t;\n%s", r, r,
               cu ? "#endif\n" : "");
    kg_bprintf(t, "        for (int k = %d; k >= 0; k--) { bp[k] = rest %% qp_blk[k]; rest /= qp_blk[k]; ps[k] = qp_bidx[k] * qp_blk[k] + bp[k];"
               " if (ps[k] >= qp_dims[k]) qp_th[qp_t].qp_done = 1; }\n", r - 1);
    for (int i = 0; i < g->ks->nparams; i++) {
        const LangKParam *p = &g->ks->params[i];
        if (!p->special || p->special >= LANG_KSPEC_GROUP_WARP)
            continue;   /* a group's fields are read from QPK_TID and qp_bn (kwarp.c) */
        kg_cname(p->name, cn, sizeof cn);
        static const char *const src[] = {"", "ps", "bp", "qp_bidx", "qp_blk", "qp_bc"};
        if (p->special == LANG_KSPEC_WARPSIZE) {
            kg_bprintf(t, "        qp_th[qp_t].%s = 1;\n", cn);
        } else if (p->type.kind == LK_INT) {
            kg_bprintf(t, "        qp_th[qp_t].%s = (int)%s[0];\n", cn, src[p->special]);
        } else {
            const char *vt = kg_ctype(g, t_vec(LKE_I32, r), tb, sizeof tb);
            kg_bprintf(t, "        qp_th[qp_t].%s = %s_make(", cn, vt);
            for (int k = 0; k < r; k++)
                kg_bprintf(t, "%s(int32_t)%s[%d]", k ? ", " : "", src[p->special], k);
            kg_bput(t, ");\n");
        }
    }
    kg_bput(t, "    }\n");
    kg_bput(t, kg_bdone(&f->body));
    kg_bput(t, "    goto qp_end;\nqp_end:\n");
    kg_bput(t, g->shared_free.s ? g->shared_free.s : "");
    if (grid) {
        kg_bput(t, "#if !QPK_GRID_WAITS\n    qp_th[0].qp_phase = -1;    /* the block has ended */\n"
                "    return;\nqp_resume:\n    switch (qp_th[0].qp_phase) {\n");
        for (int k = 1; k <= g->grid_syncs; k++)
            kg_bprintf(t, "    case %d: goto qp_grid%d;\n", k, k);
        kg_bput(t, "    default: break;\n    }\n#endif\n}\n\n#ifdef QP_CUDA\n");
        grid_tiles_function(g, t);
    } else {
        kg_bput(t, cu ? "#if !QPK_NATIVE_CUDA\n    qp_free(qp_th);\n#endif\n}\n\n#ifdef QP_CUDA\n"
                      : "    qp_free(qp_th);\n}\n\n#ifdef QP_CUDA\n");
    }
    kg_bput(t, "extern \"C\" __global__ void qpk_cuda(qpk_env qp_e, qp_status *qp_st, qp_arg qp_dims, qp_arg qp_blkd)\n{\n");
    if (grid)
        kg_bput(t, "#if !QPK_GRID_WAITS\n    qpk_grid_tiles(&qp_e, qp_st, qp_dims.d, qp_blkd.d);\n    return;\n#endif\n");
    kg_bput(t, cu ? "#if !QPK_NATIVE_CUDA\n    if (threadIdx.x || threadIdx.y || threadIdx.z) return;\n#endif\n"
                  : "    if (threadIdx.x || threadIdx.y || threadIdx.z) return;\n");
    kg_bprintf(t, "    int64_t bidx[%d], cnt[%d], b = blockIdx.x;\n", r, r);
    kg_bprintf(t, "    for (int k = %d; k >= 0; k--) { cnt[k] = (qp_dims.d[k] + qp_blkd.d[k] - 1) / qp_blkd.d[k]; bidx[k] = b %% cnt[k]; b /= cnt[k]; }\n", r - 1);
    kg_bprintf(t, "    qpk_block(&qp_e, qp_st, qp_dims.d, qp_blkd.d, bidx%s);\n}\n#else\n", grid ? ", 0" : "");
    if (grid) {
        grid_blocks_function(g, t, unpack);
        return;
    }
    kg_bput(t, "QP_EXPORT void qpk_blocks(const qp_arg *args, const int64_t *dims, const int64_t *blk, int64_t lo, "
            "int64_t hi, qp_status *st)\n{\n    qpk_env e;\n");
    kg_bput(t, unpack->s ? unpack->s : "");
    kg_bprintf(t, "    int64_t bidx[%d], cnt[%d];\n", r, r);
    kg_bprintf(t, "    for (int k = 0; k < %d; k++) cnt[k] = (dims[k] + blk[k] - 1) / blk[k];\n", r);
    kg_bput(t, "    for (int64_t b = lo; b < hi; b++) {\n        int64_t rest = b;\n");
    kg_bprintf(t, "        for (int k = %d; k >= 0; k--) { bidx[k] = rest %% cnt[k]; rest /= cnt[k]; }\n", r - 1);
    kg_bput(t, "        qpk_block(&e, st, dims, blk, bidx);\n        if (st->failed) return;\n    }\n}\n#endif\n");
}

/* The dynamic shared memory of a native block (QPK_NATIVE), or 0 when its barriers do not
 * run natively: the plain C text, a shared(…) not every thread reaches, or more than the
 * 48 KiB a block has without opting in. */
static int64_t native_bytes(Gen *g)
{
    if (!g->ks->cuda || !g->barriers || g->no_native)
        return 0;
    if (g->shared_dyn)
        return GEN_SHARED_BYTES;
    if (g->shared_bytes > GEN_SHARED_BYTES) {
        g->no_native = "more than 48 KiB of shared memory";
        return 0;
    }
    return g->shared_bytes ? g->shared_bytes : 16;
}

/* The pass: the whole text, from what the passes before produced. */
void kg_pass_emit(Gen *g)
{
    const LangKernelSpec *ks = g->ks;
    Node *fn = ks->fn;
    Buf t = {0};
    kg_bprintf(&t, "/* kernel %s, generated by qpipe from %s */\n", fn->kind == N_FUNCTION ? fn->name : "(lambda)",
               ks->file);
    int64_t native = g->native = native_bytes(g);
    if (native && g->grid)  /* the tiled variant of a grid (QPK_GRID_TILED) is not native */
        kg_bprintf(&t, "#ifndef QPK_GRID_TILED\n#define QPK_NATIVE %lld\n#endif\n", (long long)native);
    else if (native)    /* the CUDA engine reads the launch's shared memory from this line */
        kg_bprintf(&t, "#define QPK_NATIVE %lld\n", (long long)native);
    if (g->grid)    /* the engines read it: a cooperative launch, passes over the grid */
        kg_bprintf(&t, "#define QPK_GRID %d    /* grid barriers (syncthreads(grid)) */\n", g->grid_syncs);
    kg_bput(&t, "#include \"qp_kernel.h\"\n\n");
    bool hwconst = false;
    for (int i = 0; i < ks->nparams; i++)
        hwconst |= ks->cuda && ks->params[i].type.kind == LK_ARRAY && (ks->params[i].type.tex & LANG_KTEX_HWCONST);
    if (hwconst)    /* the CUDA engine reads which arguments it may place in qpk_const */
        kg_bprintf(&t, "#define QPK_HWCONST 0x%llxull    /* 'hwconst arrays: bit i for args[i] */\n"
                   "#ifdef QP_CUDA\n__constant__ __align__(16) unsigned char qpk_const[%d];\n#endif\n\n",
                   (unsigned long long)g->hwconst, GEN_CONST_BYTES);
    if (g->texspec.s)   /* the CUDA engine reads which arguments get texture objects */
        kg_bprintf(&t, "#define QPK_TEX \"%s\"    /* texture objects: arg,filter,rank,address mode,channels; */\n\n",
                   g->texspec.s);
    if (native)
        kg_bput(&t, "#if QPK_NATIVE_CUDA    /* barriers run natively: one GPU thread per Quasar thread */\n"
                "#define QPK_SYNC() __syncthreads()\n"
                "#define QPK_UNIFORM(...) __syncthreads_or(!qp_th[qp_t].qp_done && (__VA_ARGS__))\n"
                "extern __shared__ __align__(16) unsigned char qpk_shared[];\n#endif\n\n");
    if (native && g->groups)
        kg_group_defs(g, &t);
    kg_bput(&t, kg_bdone(&g->head));
    kg_bput(&t, kg_bdone(&g->env));
    if (g->barriers) {
        kg_block_function(g, &t, &g->pre, g->body_fn, &g->unpack);
        g->fn = NULL;
        g->text = kg_bdone(&t);
        return;
    }
    kg_body_function(g, &t, "qpk_body", &g->pre, g->body_fn);
    if (g->fast_fn)
        kg_body_function(g, &t, "qpk_fast", &g->pre2, g->fast_fn);
    int r = ks->rank;
    kg_bput(&t, "\n#ifdef QP_CUDA\n");
    kg_bput(&t, "extern \"C\" __global__ void qpk_cuda(qpk_env qp_e, qp_status *qp_st, qp_arg qp_dims, qp_arg qp_blkd)\n{\n");
    kg_bprintf(&t, "    int32_t pos[%d]; int64_t blk[%d];\n", r, r);
    kg_bprintf(&t, "    for (int k = 0; k < %d; k++) blk[k] = qp_blkd.d[k];\n", r);
    kg_bprintf(&t, "    pos[%d] = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);\n", r - 1);
    if (r >= 2)
        kg_bprintf(&t, "    pos[%d] = (int32_t)(blockIdx.y * blockDim.y + threadIdx.y);\n", r - 2);
    if (r >= 3)
        kg_bprintf(&t, "    pos[%d] = (int32_t)(blockIdx.z * blockDim.z + threadIdx.z);\n", r - 3);
    if (r >= 4)
        kg_bput(&t, "    pos[0] = 0;\n");
    kg_bprintf(&t, "    for (int k = 0; k < %d; k++) if (pos[k] >= qp_dims.d[k]) return;\n", r);
    if (kg_takes_blkcnt(g))
        kg_bprintf(&t, "    for (int k = 0; k < %d; k++) qp_e.qp_cnt[k] = (qp_dims.d[k] + blk[k] - 1) / blk[k];\n", r);
    kg_bput(&t, "    qpk_body(&qp_e, qp_st, pos, blk);\n}\n#else\n");
    kg_run_function(g, &t, &g->unpack, g->fast_fn != NULL);
    kg_bput(&t, "#endif\n");
    g->fn = NULL;
    g->text = kg_bdone(&t);
}
