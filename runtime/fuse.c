/*
 * fuse.c - one pass over memory for a whole-array expression.
 *
 * `D = A + B .* C` evaluated one operator at a time writes B .* C to a temporary and
 * reads it back: six arrays of traffic instead of four. Here a tree of elementwise
 * operators (+ - .* ./, and * or / with a number on one side) over float arrays of one
 * shape is evaluated block by block: each block of a few hundred elements goes through
 * the whole tree in cache-resident buffers, and only the result is written to memory.
 * The arithmetic is the same as the operator-at-a-time path (each operation rounds to the
 * array's element type), so results are identical. The leaves (any other expression:
 * variables, calls, indexing) are evaluated first, left to right, as usual; when they
 * turn out not to qualify (complex, integer elements, other shapes, a matrix product),
 * the tree is computed from them operator by operator.
 */
#include "runtime/interp.h"
#include "runtime/residency.h"

#include <string.h>

#define FUSE_MAX_NODES 32       /* operators in one fused tree */
#define FUSE_MAX_LEAVES 33
#define FUSE_BLOCK 256          /* elements per block: 32 node buffers of floats fit in L1/L2 */
#define FUSE_GRAIN (1 << 15)
#define FUSE_NEVER 1            /* Node.slot of a BINARY node whose leaves were numbers */

typedef struct FNode {
    int op;
    int a, b;                   /* >= 0: another node; < 0: leaf -(index + 1) */
    bool scalar;                /* the subtree is a number */
} FNode;

typedef struct Fuse {
    Rt *rt;
    FNode node[FUSE_MAX_NODES];
    int nn;
    Value *leaf;                /* on the value stack */
    int nl;
    RtElem elem;
    RtArray *out;
    const void *lp[FUSE_MAX_LEAVES];   /* array leaves: data; NULL for numbers */
    double ls[FUSE_MAX_LEAVES];
} Fuse;

static bool fusable_op(int op)
{
    return op == T_PLUS || op == T_MINUS || op == T_DOTSTAR || op == T_DOTSLASH || op == T_STAR || op == T_SLASH;
}

/* Build the tree of n, evaluating leaves. Returns a reference (see FNode). */
static int build(Fuse *F, Node *n)
{
    if (n->kind == N_BINARY && fusable_op(n->op) && F->nn < FUSE_MAX_NODES &&
        F->nl + 2 <= FUSE_MAX_LEAVES) {
        int k = F->nn++;
        int a = build(F, n->a);
        int b = build(F, n->b);
        F->node[k] = (FNode){n->op, a, b, false};
        return k;
    }
    int l = F->nl++;
    rt_eval(F->rt, n, &F->leaf[l]);
    return -(l + 1);
}

static bool ref_scalar(const Fuse *F, int r)
{
    if (r >= 0)
        return F->node[r].scalar;
    Value v = F->leaf[-r - 1];
    return v.kind == V_INT || v.kind == V_SCALAR;
}

/* Do the leaves and operators qualify for the fused loop? */
static bool qualifies(Fuse *F)
{
    RtArray *shape = NULL;
    for (int i = 0; i < F->nl; i++) {
        Value v = F->leaf[i];
        if (v.kind == V_INT || v.kind == V_SCALAR) {
            F->lp[i] = NULL;
            F->ls[i] = v.kind == V_INT ? (double)v.i : v.r;
            continue;
        }
        if (v.kind != V_ARRAY || v.a->elem != F->elem)
            return false;
        if (shape && (v.a->rank != shape->rank ||
                      memcmp(v.a->dims, shape->dims, (size_t)shape->rank * sizeof *shape->dims)))
            return false;
        shape = v.a;
        rt_kernels_settle_for(F->rt, &v, 1);
        if (!rt_buf_host(v.a->buf, false))     /* a GPU-written leaf: downloaded (residency.h) */
            return false;
        F->lp[i] = v.a->data;
    }
    if (!shape)
        return false;
    /* nodes were numbered parent first: settle scalar-ness from the last node back */
    for (int k = F->nn - 1; k >= 0; k--) {
        FNode *x = &F->node[k];
        bool sa = ref_scalar(F, x->a), sb = ref_scalar(F, x->b);
        if (sa && sb)
            return false;       /* number op number: keep the scalar rules of ops.c */
        if ((x->op == T_STAR || x->op == T_SLASH) && !sa && !sb)
            return false;       /* a matrix product, or a division of arrays */
        x->scalar = false;
    }
    return true;
}

#define FUSE_BAND(T)                                                                      \
    static void run_##T(Fuse *F, int64_t lo, int64_t hi, T (*buf)[FUSE_BLOCK])             \
    {                                                                                     \
        T *restrict out = (T *)F->out->data;                                              \
        for (int64_t base = lo; base < hi; base += FUSE_BLOCK) {                          \
            int m = (int)(hi - base < FUSE_BLOCK ? hi - base : FUSE_BLOCK);               \
            for (int k = F->nn - 1; k >= 0; k--) {                                        \
                const FNode *x = &F->node[k];                                             \
                T *restrict r = k == 0 ? out + base : buf[k];                             \
                const T *pa = NULL, *pb = NULL;                                           \
                T sa = 0, sb = 0;                                                         \
                if (x->a >= 0)                                                            \
                    pa = buf[x->a];                                                       \
                else if (F->lp[-x->a - 1])                                                \
                    pa = (const T *)F->lp[-x->a - 1] + base;                              \
                else                                                                      \
                    sa = (T)F->ls[-x->a - 1];                                             \
                if (x->b >= 0)                                                            \
                    pb = buf[x->b];                                                       \
                else if (F->lp[-x->b - 1])                                                \
                    pb = (const T *)F->lp[-x->b - 1] + base;                              \
                else                                                                      \
                    sb = (T)F->ls[-x->b - 1];                                             \
                switch (x->op) {                                                          \
                case T_PLUS:                                                              \
                    if (pa && pb) for (int i = 0; i < m; i++) r[i] = pa[i] + pb[i];       \
                    else if (pa) for (int i = 0; i < m; i++) r[i] = pa[i] + sb;           \
                    else for (int i = 0; i < m; i++) r[i] = sa + pb[i];                   \
                    break;                                                                \
                case T_MINUS:                                                             \
                    if (pa && pb) for (int i = 0; i < m; i++) r[i] = pa[i] - pb[i];       \
                    else if (pa) for (int i = 0; i < m; i++) r[i] = pa[i] - sb;           \
                    else for (int i = 0; i < m; i++) r[i] = sa - pb[i];                   \
                    break;                                                                \
                case T_STAR:                                                              \
                case T_DOTSTAR:                                                           \
                    if (pa && pb) for (int i = 0; i < m; i++) r[i] = pa[i] * pb[i];       \
                    else if (pa) for (int i = 0; i < m; i++) r[i] = pa[i] * sb;           \
                    else for (int i = 0; i < m; i++) r[i] = sa * pb[i];                   \
                    break;                                                                \
                default:                                                                  \
                    if (pa && pb) for (int i = 0; i < m; i++) r[i] = pa[i] / pb[i];       \
                    else if (pa) for (int i = 0; i < m; i++) r[i] = pa[i] / sb;           \
                    else for (int i = 0; i < m; i++) r[i] = sa / pb[i];                   \
                    break;                                                                \
                }                                                                         \
            }                                                                             \
        }                                                                                 \
    }
FUSE_BAND(float)
FUSE_BAND(double)

static void band(void *ctx, int64_t lo, int64_t hi)
{
    Fuse *F = ctx;
    if (F->elem == RT_F32) {
        float buf[FUSE_MAX_NODES][FUSE_BLOCK];
        run_float(F, lo, hi, buf);
    } else {
        double buf[FUSE_MAX_NODES][FUSE_BLOCK];
        run_double(F, lo, hi, buf);
    }
}

/* Operator by operator from the evaluated leaves (the tree did not qualify). */
static void compute(Fuse *F, int r, Value *dst)
{
    if (r < 0) {
        Value *l = &F->leaf[-r - 1];
        *dst = *l;
        *l = rt_undef();
        return;
    }
    Value *t = rt_push(F->rt, 2);
    compute(F, F->node[r].a, &t[0]);
    compute(F, F->node[r].b, &t[1]);
    rt_binary(F->rt, F->node[r].op, t[0], t[1], dst);
    rt_pop_to(F->rt, t);
}

static bool has_op_child(Node *n)
{
    return (n->a->kind == N_BINARY && fusable_op(n->a->op)) || (n->b->kind == N_BINARY && fusable_op(n->b->op));
}

static __attribute__((noinline)) bool fuse_eval(Rt *rt, Node *n, Value *dst);

bool rt_fuse_eval(Rt *rt, Node *n, Value *dst)
{
    /* cheap tests first: the fused path's frame is large, keep it off recursive paths */
    if (n->slot == FUSE_NEVER || !fusable_op(n->op) || !has_op_child(n))
        return false;
    return fuse_eval(rt, n, dst);
}

static bool fuse_eval(Rt *rt, Node *n, Value *dst)
{
    Fuse local = {.rt = rt, .elem = rt_scalar_elem(rt)};
    Fuse *F = &local;
    Value *hold = rt_push(rt, FUSE_MAX_LEAVES);
    F->leaf = hold;
    int root = build(F, n);
    Node *saved = rt->cur;
    rt->cur = n;
    if (root != 0 || !qualifies(F)) {
        bool arrays = false;
        for (int i = 0; i < F->nl; i++)
            arrays |= F->leaf[i].kind == V_ARRAY;
        if (!arrays)
            n->slot = FUSE_NEVER;   /* scalar code: do not try again (it costs a scalar loop) */
        compute(F, root, dst);
        rt->cur = saved;
        rt_pop_to(rt, hold);
        return true;
    }
    RtArray *shape = NULL;
    for (int i = 0; i < F->nl && !shape; i++)
        if (F->leaf[i].kind == V_ARRAY)
            shape = F->leaf[i].a;
    *dst = rt_array_uninit(F->elem, shape->rank, shape->dims);
    if (dst->kind == V_UNDEF)
        rt_out_of_memory(rt);
    F->out = dst->a;
    rt_parallel_for(rt->pool, shape->n, FUSE_GRAIN, band, F);
    rt->cur = saved;
    rt_pop_to(rt, hold);
    return true;
}
