/*
 * kernel.c - parallel_do: launching a __kernel__ function over a grid; the kernel
 * interpreter.
 *
 * This is the reference path that every engine must agree with, and the fallback when no
 * C compiler is at hand (DESIGN.md "Engines"). The grid is cut into blocks (blkdim
 * divides dims, as spec 004 §2.4.4 promises); each thread gets pos, blkpos, blkidx,
 * blkdim, blkcnt and warpsize by parameter name, the other parameters take the arguments
 * in order. Inside a kernel, arrays default to the 'safe access mode.
 *
 * A kernel without barriers runs thread after thread. A kernel with `syncthreads` runs the
 * threads of a block in lockstep: each statement that contains no barrier is run by every
 * thread in turn, and a statement that contains one (the barrier itself, an if, a loop)
 * is entered by all threads together, so every thread reaches a barrier before any passes
 * it. `syncthreads(grid)` makes the whole grid one lockstep group. Outputs of a kernel
 * (function y : scalar = __kernel__ …) are shared by all threads and returned by
 * parallel_do; the interpreter runs one thread at a time, so compound assignments are
 * atomic by construction.
 *
 * Each launch first tries the compiled path (kernel_compiled.c, through an engine); what
 * it cannot take runs here. Which statements hold barriers is lang_has_barrier's rule
 * (lang/kinfo.c), the same one the compiler follows. The other kernel builtins (shared
 * memory, block sizes) are in lib_kernel.c.
 */
#include "lang/kinfo.h"
#include "runtime/interp.h"
#include "runtime/kernel.h"
#include "runtime/lib.h"
#include "runtime/residency.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define KERNEL_MAX_LOCKSTEP (1 << 16)  /* threads kept alive at once for barriers */

#define KERNEL_WARP 32          /* the warp of cooperative groups, as on NVIDIA GPUs */

static Special special_of(const char *name)
{
    static const char *const names[] = {"", "pos", "blkpos", "blkidx", "blkdim", "blkcnt", "warpsize"};
    for (int i = 1; i < (int)(sizeof names / sizeof *names); i++)
        if (!strcmp(names[i], name))
            return (Special)i;
    if (!strcmp(name, "warpSize"))
        return SP_WARPSIZE;
    if (lang_is_group_name(name))
        return SP_GROUP;        /* cooperative groups (spec 000): thread_block objects */
    return SP_NONE;
}

/* ---------------------------------------------------------------- launch geometry */

/* The largest divisor of n that is at most cap. */
static int64_t divisor_below(int64_t n, int64_t cap)
{
    for (int64_t d = cap < n ? cap : n; d > 1; d--)
        if (n % d == 0)
            return d;
    return 1;
}

void rt_kernel_read_dims(Rt *rt, Value d, Grid *g)
{
    g->rank = 0;
    bool blk = false;
    if (d.kind == V_INT || d.kind == V_SCALAR) {
        g->dims[g->rank++] = rt_to_int(rt, d, "the dimensions");
    } else if (d.kind == V_ARRAY && d.a->rank == 1 && d.a->elem != RT_VALUE) {
        if (d.a->n > RT_MAX_DIMS || !d.a->n)
            rt_error(rt, "parallel_do: the dimensions must be 1 to %d numbers", RT_MAX_DIMS);
        for (int64_t i = 0; i < d.a->n; i++)
            g->dims[g->rank++] = (int64_t)rt_get_real(d.a, i);
    } else if (d.kind == V_ARRAY && d.a->rank == 2 && d.a->dims[0] == 2 && d.a->elem != RT_VALUE) {
        /* [dims, blkdims]: two rows */
        int64_t r = d.a->dims[1];
        if (r > RT_MAX_DIMS || !r)
            rt_error(rt, "parallel_do: the dimensions must be 1 to %d numbers", RT_MAX_DIMS);
        for (int64_t i = 0; i < r; i++) {
            g->dims[i] = (int64_t)rt_get_real(d.a, i);
            g->blk[i] = (int64_t)rt_get_real(d.a, r + i);
        }
        g->rank = (int)r;
        blk = true;
    } else {
        rt_error(rt, "parallel_do: the dimensions must be a number, a vector, or [dims, blockdims]");
    }
    for (int i = 0; i < g->rank; i++) {
        if (g->dims[i] < 0)
            rt_error(rt, "parallel_do: negative dimension %lld", (long long)g->dims[i]);
        if (blk && g->blk[i] < 1)
            rt_error(rt, "parallel_do: block dimensions must be positive");
        if (!blk) {
            /* CPU blocks: up to 256 threads, the last dimension widest; a divisor of dims */
            int64_t cap = i == g->rank - 1 ? (g->rank == 1 ? 256 : 32) : i == g->rank - 2 ? 8 : 1;
            g->blk[i] = g->dims[i] ? divisor_below(g->dims[i], cap) : 1;
        }
    }
    g->nthreads = 1;
    g->nblocks = 1;
    for (int i = 0; i < g->rank; i++) {
        g->cnt[i] = (g->dims[i] + g->blk[i] - 1) / g->blk[i];
        g->nthreads *= g->blk[i];
        g->nblocks *= g->cnt[i];
    }
}

/* The length of a fixed-length vector type (vec3, ivec2 …), or 0. */
static int fixed_vec_len(const LangType *t)
{
    if (!t || t->kind != TY_NAME)
        return 0;
    const char *s = t->name[0] == 'i' ? t->name + 1 : t->name;
    if (strncmp(s, "vec", 3) || s[3] < '1' || s[3] > '4' || s[4])
        return 0;
    return s[3] - '0';
}

/* A kernel whose pos is declared longer than the dims it is launched over (pos : vec3
 * over size(img) of a matrix) sees the missing trailing dimensions as size 1, the way a
 * matrix is a cube of one channel: pos[2] is 0. Real programs launch 3-D kernels over
 * matrices this way. */
static void pad_grid(Grid *g, Node *fn, const Special *special)
{
    for (int i = 0; i < fn->args.n && i < RT_MAX_ARGS; i++) {
        int len = special[i] == SP_POS ? fixed_vec_len(((Node *)fn->args.items[i])->type) : 0;
        for (; g->rank < len; g->rank++) {
            g->dims[g->rank] = g->blk[g->rank] = g->cnt[g->rank] = 1;
        }
    }
}

/* A kernel whose position parameters are all declared `int` (pos : int, blkpos : int …),
 * launched over a grid that is one-dimensional but for dimensions of 1 (parallel_do([1, W])
 * or [[1, W], [1, W]]: real programs write max_block_size(k, [1, W]) for a row of
 * threads), runs over that one dimension: blkpos then counts 0..W-1 as the program means,
 * where the first component alone would always be 0. */
static void squeeze_grid(Grid *g, Node *fn, const Special *special)
{
    if (g->rank < 2)
        return;
    bool any = false;
    for (int i = 0; i < fn->args.n && i < RT_MAX_ARGS; i++) {
        if (special[i] == SP_NONE || special[i] == SP_WARPSIZE)
            continue;
        if (special[i] == SP_GROUP)
            return;
        LangType *t = ((Node *)fn->args.items[i])->type;
        if (!t || t->kind != TY_NAME || strcmp(t->name, "int"))
            return;
        any = true;
    }
    int keep = -1;
    for (int d = 0; d < g->rank; d++) {
        if (g->dims[d] == 1 && g->blk[d] == 1)
            continue;
        if (keep >= 0)
            return;
        keep = d;
    }
    if (!any || keep <= 0)
        return;     /* already the first dimension (or all 1): the first component is right */
    g->dims[0] = g->dims[keep];
    g->blk[0] = g->blk[keep];
    g->cnt[0] = g->cnt[keep];
    g->rank = 1;
}

/* ---------------------------------------------------------------- the launch */

/* A thread_block object (spec 000 "Cooperative groups"): thread_idx, size and active_mask
 * (every thread of a group is active: the kernels run them in lockstep). */
static Value group_object(Rt *rt, int64_t idx, int64_t size)
{
    Value o = rt_object_new(NULL, 0);
    if (o.kind == V_UNDEF)
        rt_out_of_memory(rt);
    Value *f = rt_object_add_field(o.obj, "thread_idx");
    Value *g2 = f ? rt_object_add_field(o.obj, "size") : NULL;
    Value *g3 = g2 ? rt_object_add_field(o.obj, "active_mask") : NULL;
    if (!g3) {
        rt_release(o);
        rt_out_of_memory(rt);
    }
    *f = rt_int(idx);
    *g2 = rt_int(size);
    *g3 = rt_int(size < 63 ? ((int64_t)1 << size) - 1 : -1);
    return o;
}

/* A special parameter's value for thread t of block b: an int for 1-D grids or a
 * parameter declared int, else an int vector. */
static Value special_value(Rt *rt, Launch *L, Special s, Node *param, const int64_t *pos, const int64_t *blkpos,
                           const int64_t *blkidx)
{
    if (s == SP_WARPSIZE)
        return rt_int(1);
    if (s == SP_GROUP) {
        /* thread_idx and size of the group: a warp of 32, the block, or the grid */
        int64_t t = 0, nb = 1;
        for (int d = 0; d < L->g.rank; d++)
            t = t * L->g.blk[d] + blkpos[d];
        int64_t idx = t, size = L->g.nthreads;
        if (!strcmp(param->name, "coalesced_threads")) {
            idx = t % KERNEL_WARP;
            size = L->g.nthreads - (t - idx) < KERNEL_WARP ? L->g.nthreads - (t - idx) : KERNEL_WARP;
        } else if (strcmp(param->name, "this_thread_block")) {
            for (int d = 0; d < L->g.rank; d++)
                nb *= L->g.cnt[d];
            int64_t b = 0;
            for (int d = 0; d < L->g.rank; d++)
                b = b * L->g.cnt[d] + blkidx[d];
            idx = b * L->g.nthreads + t;
            size = nb * L->g.nthreads;
        }
        return group_object(rt, idx, size);
    }
    const int64_t *src = s == SP_POS ? pos : s == SP_BLKPOS ? blkpos : s == SP_BLKIDX ? blkidx
                       : s == SP_BLKDIM ? L->g.blk : L->g.cnt;
    bool scalar = L->g.rank == 1 || (param->type && param->type->kind == TY_NAME && !strcmp(param->type->name, "int"));
    if (scalar)
        return rt_int(src[0]);
    int64_t n = L->g.rank;
    Value v = rt_array_uninit(RT_I32, 1, &n);
    if (v.kind == V_UNDEF)
        rt_out_of_memory(rt);
    for (int i = 0; i < L->g.rank; i++)
        ((int32_t *)v.a->data)[i] = (int32_t)src[i];
    return v;
}

/* The access mode written on a parameter's type (x : cube'mirror), or -1. */
int rt_kernel_declared_mode(LangType *t)
{
    static const char *const names[] = {"", "checked", "safe", "mirror", "circular", "clamped", "unchecked"};
    for (int i = 0; t && i < t->nmods; i++)
        for (int m = 1; m < (int)(sizeof names / sizeof *names); m++)
            if (!strcmp(t->mods[i], names[m]))
                return m;
    return -1;
}

/* Does the type's element saturate (mat[uint8'sat])? */
bool rt_kernel_saturating(LangType *t)
{
    if (!t || !t->has_elems || !t->nelems || !t->elems[0])
        return false;
    for (int i = 0; i < t->elems[0]->nmods; i++)
        if (!strcmp(t->elems[0]->mods[i], "sat"))
            return true;
    return false;
}

/* Fill a fresh frame for one thread: captures, arguments, special parameters. */
static void bind_thread(Rt *rt, Launch *L, Value *frame, const int64_t *pos, const int64_t *blkpos,
                        const int64_t *blkidx)
{
    FnInfo *fi = L->fi;
    for (int i = 0; i < fi->ncaps; i++) {
        Value c = L->f->caps[i];
        rt_retain(c);
        frame[fi->cap_slot[i]] = c;
    }
    rt_bind_instance(L->f, fi, frame);
    int k = 0;
    for (int i = 0; i < L->fn->args.n; i++) {
        Node *p = L->fn->args.items[i];
        Value *slot = &frame[fi->param_slot[fi->ngenerics + i]];
        if (L->special[i]) {
            *slot = special_value(rt, L, L->special[i], p, pos, blkpos, blkidx);
        } else {
            rt_retain(L->args[k]);
            *slot = L->args[k++];
            if (p->type) {
                rt_type_coerce(rt, p->type, slot, p->name);
                int m = rt_kernel_declared_mode(p->type);
                if (m >= 0 && slot->kind == V_ARRAY)
                    slot->mode = (uint32_t)m | (slot->mode & RT_MODE_SAT);
                if (rt_kernel_saturating(p->type) && slot->kind == V_ARRAY)
                    slot->mode |= RT_MODE_SAT;
                if (slot->kind == V_ARRAY && rt_texture_mode(p->type))     /* texture.c */
                    slot->mode = (slot->mode & ~(uint32_t)RT_MODE_TEX) | rt_texture_mode(p->type);
            }
        }
    }
}

static void enter(Rt *rt, Launch *L, int64_t t)
{
    rt->frame = L->frames[t];
    rt->kernel->thread = t;
    if (L->nframes > L->g.nthreads)     /* the whole grid in lockstep: shared memory per block */
        rt->kernel->block = L->block0 + t / L->g.nthreads;
    for (int i = 0; i < L->fi->noutputs; i++) {
        Value *o = &rt->frame[L->fi->output_slot[i]];
        rt_retain(L->outputs[i]);
        rt_store(o, L->outputs[i]);
    }
}

static void leave(Rt *rt, Launch *L)
{
    for (int i = 0; i < L->fi->noutputs; i++) {
        Value *o = &rt->frame[L->fi->output_slot[i]];
        rt_retain(*o);
        rt_store(&L->outputs[i], *o);
    }
}

/* Run `l` for the threads in act[0..n) in lockstep (see the banner). */
static void lockstep(Rt *rt, Launch *L, NodeList *l, int64_t *act, int64_t n);

static void run_each(Rt *rt, Launch *L, Node *s, int64_t *act, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        int64_t t = act[i];
        if (L->done[t])
            continue;
        enter(rt, L, t);
        int f = rt_exec_stmt(rt, s);
        leave(rt, L);
        if (f == RT_FLOW_RETURN)
            L->done[t] = true;
    }
}

/* A statement with shuffles (v += g.shfl_down(v, 16)): every thread first evaluates the
 * value it offers at each call, then each runs the statement reading the offered value of
 * its source lane, as the threads of a warp do in one instruction. */
static void run_shuffled(Rt *rt, Launch *L, Node *s, int64_t *act, int64_t n)
{
    Node *calls[16];
    int nc = lang_group_calls(s, calls, 16);
    RtKernelCtx *k = rt->kernel;
    Value *base = rt->sp;
    for (int c = 0; c < nc; c++) {
        RtShuffle *sh = calloc(1, sizeof *sh);
        if (!sh)
            rt_out_of_memory(rt);
        sh->site = calls[c];
        sh->n = L->nframes;
        sh->next = k->shuffles;
        k->shuffles = sh;
        sh->vals = rt_push(rt, (int)L->nframes);
        if (!calls[c]->args.n)
            continue;
        for (int64_t i = 0; i < n; i++) {
            int64_t t = act[i];
            if (L->done[t])
                continue;
            enter(rt, L, t);
            rt_eval(rt, calls[c]->args.items[0], &sh->vals[t]);
            leave(rt, L);
        }
    }
    k->nthreads = L->nframes;
    k->block_threads = L->g.nthreads;
    run_each(rt, L, s, act, n);
    while (k->shuffles) {
        RtShuffle *next = k->shuffles->next;
        free(k->shuffles);
        k->shuffles = next;
    }
    rt_pop_to(rt, base);
}

/* g.partition(n): the tile of n threads holding this thread (thread_idx within it). */
static Value partition(Rt *rt, Node *n)
{
    if (n->args.n != 1)
        rt_error(rt, "'partition(size)' takes one argument");
    Value *v = rt_push(rt, 2);
    rt_eval(rt, n->a->a, &v[0]);
    rt_eval(rt, n->args.items[0], &v[1]);
    int64_t size = rt_to_int(rt, v[1], "the partition size");
    Value *idx = v[0].kind == V_OBJECT ? rt_object_field(v[0].obj, "thread_idx") : NULL;
    if (size < 1 || !idx || idx->kind != V_INT)
        rt_error(rt, "partition needs a thread block and a positive size");
    Value r = group_object(rt, idx->i % size, size);
    rt_pop_to(rt, v);
    return r;
}

/* match_any: the mask of the group's threads whose value equals this thread's; match_all:
 * the mask of all of them when every value is equal, else 0. */
static int64_t match_mask(Rt *rt, const RtShuffle *sh, int64_t first, int64_t last, int64_t t, bool all)
{
    double mine = rt_to_real(rt, sh->vals[t], "the value");
    int64_t mask = 0, every = 0;
    bool same = true;
    for (int64_t u = first; u < last; u++) {
        if (sh->vals[u].kind == V_UNDEF)
            continue;
        bool eq = rt_to_real(rt, sh->vals[u], "the value") == mine;
        same &= eq;
        if (u - first < 63) {
            every |= (int64_t)1 << (u - first);
            if (eq)
                mask |= (int64_t)1 << (u - first);
        }
    }
    return all ? (same ? every : 0) : mask;
}

/* Evaluate a group method for the current thread (interp.c calls it for g.name(…) inside
 * kernels); false when n is not one. */
bool rt_kernel_method(Rt *rt, Node *n, Value *dst)
{
    RtKernelCtx *k = rt->kernel;
    if (!k || !lang_is_group_method(n))
        return false;
    const char *m = n->a->name;
    if (!strcmp(m, "sync")) {
        *dst = rt_undef();
        return true;
    }
    if (!strcmp(m, "partition")) {
        *dst = partition(rt, n);
        return true;
    }
    RtShuffle *sh = k->shuffles;
    while (sh && sh->site != n)
        sh = sh->next;
    if (!sh)
        rt_error(rt, "'%s' must be a statement's own expression in a kernel", m);
    int64_t t = k->thread;
    const char *g = n->a->a->name;
    /* the group within the lockstep group: a warp of the thread's block, the block, or
     * every thread (the grid) */
    int64_t bn = k->block_threads > 0 ? k->block_threads : k->nthreads;
    int64_t first = t - t % bn, end = first + bn < sh->n ? first + bn : sh->n;    /* the block */
    int64_t width = bn;
    if (!strcmp(g, "coalesced_threads")) {
        width = KERNEL_WARP;
        first += (t - first) - (t - first) % KERNEL_WARP;
    } else if (strcmp(g, "this_thread_block")) {
        width = k->nthreads;    /* this_grid */
        first = 0;
        end = sh->n;
    }
    int64_t lane = t - first;
    int64_t last = first + width < end ? first + width : end;   /* one past the group */
    if (!strcmp(m, "all") || !strcmp(m, "any") || !strcmp(m, "ballot")) {
        int64_t all = 1, any = 0, mask = 0;
        for (int64_t u = first; u < last; u++) {
            if (sh->vals[u].kind == V_UNDEF)
                continue;
            bool b = rt_truth(rt, sh->vals[u]);
            all &= b;
            any |= b;
            if (b && u - first < 63)
                mask |= (int64_t)1 << (u - first);
        }
        *dst = rt_int(m[1] == 'l' ? all : m[1] == 'n' ? any : mask);
        return true;
    }
    if (!strcmp(m, "match_any") || !strcmp(m, "match_all")) {
        *dst = rt_int(match_mask(rt, sh, first, last, t, !strcmp(m, "match_all")));
        return true;
    }
    if (n->args.n != 2)
        rt_error(rt, "'%s(value, lane)' takes two arguments", m);
    Value *d = rt_push(rt, 1);
    rt_eval(rt, n->args.items[1], d);
    int64_t x = rt_to_int(rt, *d, "the lane");
    rt_pop_to(rt, d);
    int64_t src = !strcmp(m, "shfl") ? ((x % width) + width) % width
                : !strcmp(m, "shfl_up") ? lane - x
                : !strcmp(m, "shfl_down") ? lane + x
                : lane ^ x;
    if (src < 0 || first + src >= last || sh->vals[first + src].kind == V_UNDEF)
        src = lane;     /* outside the group: the thread keeps its own value (CUDA) */
    Value v = sh->vals[first + src];
    rt_retain(v);
    *dst = v;
    return true;
}

/* Threads still running: those not done, compacted into `out`. */
static int64_t alive(Launch *L, const int64_t *act, int64_t n, int64_t *out)
{
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++)
        if (!L->done[act[i]])
            out[k++] = act[i];
    return k;
}

static bool cond_of(Rt *rt, Launch *L, Node *c, int64_t t)
{
    enter(rt, L, t);
    Value *v = rt_push(rt, 1);
    rt_eval(rt, c, v);
    bool r = rt_truth(rt, *v);
    rt_pop_to(rt, v);
    leave(rt, L);
    return r;
}

static void lockstep_if(Rt *rt, Launch *L, Node *s, int64_t *act, int64_t n)
{
    int64_t *rest = malloc((size_t)(n ? n : 1) * sizeof *rest);
    int64_t *take = malloc((size_t)(n ? n : 1) * sizeof *take);
    if (!rest || !take) {
        free(rest), free(take);
        rt_out_of_memory(rt);
    }
    int64_t nrest = alive(L, act, n, rest);
    for (int a = 0; a < s->args.n && nrest; a++) {
        Node *arm = s->args.items[a];
        int64_t nt = 0, nr = 0;
        for (int64_t i = 0; i < nrest; i++) {
            if (!arm->a || cond_of(rt, L, arm->a, rest[i]))
                take[nt++] = rest[i];
            else
                rest[nr++] = rest[i];
        }
        nrest = nr;
        if (nt)
            lockstep(rt, L, &arm->body, take, nt);
    }
    free(rest);
    free(take);
}

static void lockstep_loop(Rt *rt, Launch *L, Node *s, int64_t *act, int64_t n)
{
    int64_t *live = malloc((size_t)(n ? n : 1) * sizeof *live);
    if (!live)
        rt_out_of_memory(rt);
    int64_t nl = alive(L, act, n, live);
    if (s->kind == N_FOR) {
        /* every thread evaluates its own range; they iterate together */
        if (s->a->kind != N_RANGE) {
            free(live);
            rt_error(rt, "a loop around syncthreads must run over a range");
        }
        int64_t iter = 0;
        for (;;) {
            if (rt_interrupt_pending()) {
                free(live);
                rt_raise_interrupt(rt);
            }
            int64_t k = 0;
            for (int64_t i = 0; i < nl; i++) {
                int64_t t = live[i];
                enter(rt, L, t);
                Value *v = rt_push(rt, 3);
                rt_eval(rt, s->a->a, &v[0]);
                if (s->a->b)
                    rt_eval(rt, s->a->b, &v[1]);
                else
                    v[1] = rt_int(1);
                rt_eval(rt, s->a->c, &v[2]);
                double a = rt_to_real(rt, v[0], "the start of a range");
                double st = rt_to_real(rt, v[1], "the step of a range");
                double b = rt_to_real(rt, v[2], "the end of a range");
                bool ints = v[0].kind == V_INT && v[1].kind == V_INT;
                rt_pop_to(rt, v);
                double x = a + (double)iter * st;
                if (st != 0 && (st > 0 ? x <= b + 1e-9 : x >= b - 1e-9)) {
                    Value *var = s->bind == RT_BIND_LOCAL ? &rt->frame[s->slot] : &rt->globals[s->slot];
                    rt_store(var, ints ? rt_int((int64_t)x) : rt_real(rt_round(rt, x)));
                    live[k++] = t;
                }
                leave(rt, L);
            }
            if (!k)
                break;
            lockstep(rt, L, &s->body, live, k);
            nl = alive(L, live, k, live);
            iter++;
        }
    } else {
        for (;;) {
            if (rt_interrupt_pending()) {
                free(live);
                rt_raise_interrupt(rt);
            }
            if (s->kind == N_WHILE) {
                int64_t k = 0;
                for (int64_t i = 0; i < nl; i++)
                    if (cond_of(rt, L, s->a, live[i]))
                        live[k++] = live[i];
                nl = k;
            }
            if (!nl)
                break;
            lockstep(rt, L, &s->body, live, nl);
            nl = alive(L, live, nl, live);
            if (s->kind == N_REPEAT) {
                int64_t k = 0;
                for (int64_t i = 0; i < nl; i++)
                    if (!cond_of(rt, L, s->a, live[i]))
                        live[k++] = live[i];
                nl = k;
                if (!nl)
                    break;
            }
        }
    }
    free(live);
}

static void lockstep(Rt *rt, Launch *L, NodeList *l, int64_t *act, int64_t n)
{
    for (int i = 0; i < l->n; i++) {
        Node *s = l->items[i];
        rt->cur = s;
        if (!lang_has_barrier(s, NULL)) {
            run_each(rt, L, s, act, n);
            continue;
        }
        Node *gc[1];
        if (lang_group_calls(s, gc, 1) && s->kind != N_IF && s->kind != N_FOR && s->kind != N_WHILE && s->kind != N_REPEAT) {
            run_shuffled(rt, L, s, act, n);
            continue;
        }
        switch (s->kind) {
        case N_SYNCTHREADS:
            break;      /* every thread has finished the statements before it */
        case N_IF:
            lockstep_if(rt, L, s, act, n);
            break;
        case N_FOR:
        case N_WHILE:
        case N_REPEAT:
            lockstep_loop(rt, L, s, act, n);
            break;
        default:
            rt_error(rt, "syncthreads is only allowed as a statement, in if, for, while and repeat");
        }
    }
}

/* ---------------------------------------------------------------- parallel_do */

static void unpack(const Grid *g, int64_t k, const int64_t *cnt, int64_t *out)
{
    for (int d = g->rank - 1; d >= 0; d--) {
        out[d] = k % cnt[d];
        k /= cnt[d];
    }
}

static bool inside(const Grid *g, const int64_t *pos)
{
    for (int d = 0; d < g->rank; d++)
        if (pos[d] >= g->dims[d])
            return false;
    return true;
}

/* One group of threads in lockstep: a block, or the whole grid for syncthreads(grid). */
static void run_group(Rt *rt, Launch *L, int64_t first_block, int64_t nblocks)
{
    FnInfo *fi = L->fi;
    int64_t total = L->g.nthreads * nblocks;
    Value *base = rt->sp;
    RtKernelCtx *k = rt->kernel;
    k->owned[0] = L->frames = malloc((size_t)total * sizeof *L->frames);
    int64_t *act = k->owned[1] = malloc((size_t)total * sizeof *act);
    k->owned[2] = L->done = calloc((size_t)total, sizeof *L->done);
    if (!L->frames || !act || !L->done)
        rt_out_of_memory(rt);
    int64_t n = 0;
    int64_t blkidx[RT_MAX_DIMS], blkpos[RT_MAX_DIMS], pos[RT_MAX_DIMS];
    for (int64_t b = 0; b < nblocks; b++) {
        unpack(&L->g, first_block + b, L->g.cnt, blkidx);
        for (int64_t t = 0; t < L->g.nthreads; t++) {
            unpack(&L->g, t, L->g.blk, blkpos);
            for (int d = 0; d < L->g.rank; d++)
                pos[d] = blkidx[d] * L->g.blk[d] + blkpos[d];
            Value *frame = rt_push(rt, fi->nslots);
            bind_thread(rt, L, frame, pos, blkpos, blkidx);
            L->frames[n] = frame;
            L->done[n] = !inside(&L->g, pos);
            act[n] = n;
            n++;
        }
    }
    L->nframes = n;
    rt_kernel_new_block(rt);
    L->block0 = k->block;
    lockstep(rt, L, &L->fn->body, act, n);
    k->block = L->block0 + nblocks - 1;     /* each block of the group had its own shared arrays */
    for (int i = 0; i < 3; i++) {
        free(k->owned[i]);
        k->owned[i] = NULL;
    }
    L->frames = NULL;
    L->done = NULL;
    rt_pop_to(rt, base);
}

/* Threads one after the other (no barriers): one frame reused per thread. */
static void run_serial(Rt *rt, Launch *L)
{
    FnInfo *fi = L->fi;
    int64_t blkidx[RT_MAX_DIMS], blkpos[RT_MAX_DIMS], pos[RT_MAX_DIMS];
    Value *base = rt->sp;
    Value *one[1];
    bool done = false;
    L->frames = one;        /* one slot, pointed at each frame in turn */
    L->done = &done;
    for (int64_t b = 0; b < L->g.nblocks; b++) {
        rt_poll_interrupt(rt);
        unpack(&L->g, b, L->g.cnt, blkidx);
        rt_kernel_new_block(rt);
        for (int64_t t = 0; t < L->g.nthreads; t++) {
            unpack(&L->g, t, L->g.blk, blkpos);
            for (int d = 0; d < L->g.rank; d++)
                pos[d] = blkidx[d] * L->g.blk[d] + blkpos[d];
            if (!inside(&L->g, pos))
                continue;
            rt_poll_interrupt(rt);
            Value *frame = rt_push(rt, fi->nslots);
            bind_thread(rt, L, frame, pos, blkpos, blkidx);
            L->frames[0] = frame;
            enter(rt, L, 0);
            if (L->fn->kind == N_LAMBDA) {
                Value *v = rt_push(rt, 1);
                rt_eval(rt, L->fn->a, v);
            } else {
                rt_exec_list(rt, &L->fn->body);
            }
            leave(rt, L);
            rt_pop_to(rt, base);
        }
    }
    L->frames = NULL;
    L->done = NULL;
}

/* ---------------------------------------------------------------- 'const and 'nocopy */

static bool declared(const LangType *t, const char *mod)
{
    for (int i = 0; t && i < t->nmods; i++)
        if (!strcmp(t->mods[i], mod))
            return true;
    return false;
}

/* Record on each array argument's buffer what the CUDA engine needs to know (spec 000
 * "Modifiers 'const and 'nocopy"): never written ('const: no copy back), or written
 * before any read ('nocopy: no upload). Declared modifiers are taken as written. */
static void record_residency(Launch *L)
{
    Node *fn = L->fn;
    int k = 0;
    for (int i = 0; i < fn->args.n; i++) {
        if (L->special[i])
            continue;
        Node *p = fn->args.items[i];
        Value v = L->args[k++];
        if (v.kind != V_ARRAY)
            continue;
        LangResidency r = lang_param_residency(fn, p);
        RtBuffer *b = v.a->buf;
        b->flags &= ~(unsigned)(RT_BUF_CONST | RT_BUF_NOCOPY | RT_BUF_NOCOPY_DECLARED);
        if (r == LANG_RES_CONST)
            b->flags |= RT_BUF_CONST;
        else if (r == LANG_RES_NOCOPY)
            b->flags |= RT_BUF_NOCOPY | (declared(p->type, "nocopy") ? RT_BUF_NOCOPY_DECLARED : 0);
    }
}

/* A zero of an output's declared type: the start of an accumulation. */
static Value output_zero(Rt *rt, Node *o)
{
    LangType *t = o->type;
    if (t && t->kind == TY_NAME && !strcmp(t->name, "int"))
        return rt_int(0);
    if (t && t->kind == TY_NAME && !strcmp(t->name, "cscalar"))
        return rt_number(rt, (RtC64){0, 0}, true);
    return rt_real(0);
}

void lib_parallel_do(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    Value kv = argv[argc - 1];
    if (kv.kind != V_FUNC || !(kv.f->node->flags & NODE_KERNEL))
        rt_error(rt, "parallel_do: the last argument must be a __kernel__ function");
    Launch L = {.rt = rt, .f = kv.f, .fn = kv.f->node, .fi = kv.f->node->rt, .args = argv + 1};
    rt_kernel_read_dims(rt, argv[0], &L.g);
    Node *fn = L.fn;
    Special special[RT_MAX_ARGS];
    int nspecial = 0;
    for (int i = 0; i < fn->args.n && i < RT_MAX_ARGS; i++) {
        special[i] = special_of(((Node *)fn->args.items[i])->name);
        nspecial += special[i] != SP_NONE;
    }
    L.special = special;
    pad_grid(&L.g, fn, special);
    squeeze_grid(&L.g, fn, special);
    int want = fn->args.n - nspecial, given = argc - 2;
    if (want != given)
        rt_error(rt, "parallel_do: '%s' takes %d argument%s besides its special parameters, %d given",
                 fn->kind == N_FUNCTION ? fn->name : "the kernel", want, want == 1 ? "" : "s", given);
    int nouts = fn->kind == N_FUNCTION ? fn->args2.n : 0;
    if (nout > 1 && nout > nouts)
        rt_error(rt, "parallel_do: the kernel returns %d value%s, %d requested", nouts, nouts == 1 ? "" : "s", nout);
    Value *outputs = rt_push(rt, nouts + 1);
    for (int i = 0; i < nouts; i++)
        outputs[i] = output_zero(rt, fn->args2.items[i]);
    L.outputs = outputs;

    RtKernelCtx ctx = {.name = fn->kind == N_FUNCTION ? fn->name : "kernel", .up = rt->kernel};
    Value *saved_frame = rt->frame;
    RtModule *saved_mod = rt->cur_mod;
    RtCall call = {.up = rt->call, .name = ctx.name, .fn = fn, .mod = kv.f->mod, .site = rt->cur,
                   .site_mod = rt->cur_mod};
    rt->call = &call;
    rt->kernel = &ctx;
    rt->cur_mod = kv.f->mod;
    LangBarriers sync = {0};
    bool barriers = fn->kind == N_FUNCTION && lang_list_has_barrier(&fn->body, &sync);
    bool grid = sync.grid;
    record_residency(&L);       /* before the launch: the engine reads it */
    if (rt_kernel_run_compiled(rt, &L, kv.f, barriers)) {
        /* done natively */
    } else if (rt_kernels_settle_for(rt, L.args, given), !rt_values_host(L.args, given, true)) {
        rt_error(rt, "parallel_do: the arguments could not be copied back from the GPU");
    } else if (!barriers) {
        run_serial(rt, &L);
    } else if (grid) {
        if (L.g.nthreads * L.g.nblocks > KERNEL_MAX_LOCKSTEP)
            rt_error(rt, "syncthreads(grid) over more than %d threads is not supported by the interpreter",
                     KERNEL_MAX_LOCKSTEP);
        run_group(rt, &L, 0, L.g.nblocks);
    } else {
        for (int64_t b = 0; b < L.g.nblocks; b++) {
            rt_poll_interrupt(rt);
            run_group(rt, &L, b, 1);
        }
    }
    rt_kernel_free_shared(rt, &ctx);
    rt->kernel = ctx.up;
    rt->call = call.up;
    rt->frame = saved_frame;
    rt->cur_mod = saved_mod;
    rt_kernels_settle_behind(rt);   /* the host one launch ahead of the GPU (kernel_settle.c) */
    for (int i = 0; i < nouts && i < (nout ? nout : 1); i++) {
        out[i] = outputs[i];
        outputs[i] = rt_undef();
    }
    rt_pop_to(rt, outputs);
}

