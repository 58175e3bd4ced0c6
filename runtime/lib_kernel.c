/*
 * lib_kernel.c - the builtins of kernels besides parallel_do (kernel.c): shared(…) and
 * shared_zeros(…) (one array per block and call site, freed when the block ends or an
 * error unwinds), max_block_size, opt_block_size, opt_block_cnt, memfence and serial_do.
 */
#include "runtime/interp.h"
#include "runtime/kernel.h"
#include "runtime/lib.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- shared memory */

/* shared(dims…) / shared_zeros(dims…): one array per block and call site. */
static void shared_alloc(Rt *rt, int argc, Value *argv, Value *out, bool zero)
{
    int64_t dims[RT_MAX_DIMS];
    int rank = rt_dims_arg(rt, argc, argv, dims);
    RtElem e = rt->shared_elem ? (RtElem)(rt->shared_elem - 1) : rt_scalar_elem(rt);
    rt->shared_elem = 0;
    RtKernelCtx *k = rt->kernel;
    if (k) {
        for (RtShared *s = k->shared; s; s = s->next)
            if (s->site == rt->cur && s->block == k->block) {
                rt_retain(s->value);
                out[0] = s->value;
                return;
            }
    }
    out[0] = zero || !k ? rt_array_new(e, rank, dims) : rt_array_uninit(e, rank, dims);
    if (out[0].kind == V_UNDEF)
        rt_out_of_memory(rt);
    if (k) {
        RtShared *s = calloc(1, sizeof *s);
        if (!s)
            rt_out_of_memory(rt);
        s->site = rt->cur;
        s->block = k->block;
        rt_retain(out[0]);
        s->value = out[0];
        s->next = k->shared;
        k->shared = s;
    }
}

void lib_shared(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    shared_alloc(rt, argc, argv, out, false);
}

void lib_shared_zeros(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    shared_alloc(rt, argc, argv, out, true);
}

void rt_kernel_new_block(Rt *rt)
{
    if (rt->kernel) {
        rt_kernel_free_shared(rt, rt->kernel);
        rt->kernel->block++;
    }
}

void rt_kernel_unwind(Rt *rt, RtKernelCtx *to)
{
    while (rt->kernel && rt->kernel != to) {
        RtKernelCtx *k = rt->kernel;
        rt_kernel_free_shared(rt, k);
        while (k->shuffles) {
            RtShuffle *next = k->shuffles->next;
            free(k->shuffles);
            k->shuffles = next;
        }
        for (int i = 0; i < 3; i++) {
            free(k->owned[i]);
            k->owned[i] = NULL;
        }
        rt->kernel = k->up;
    }
}

void rt_kernel_free_shared(Rt *rt, RtKernelCtx *k)
{
    (void)rt;
    while (k->shared) {
        RtShared *next = k->shared->next;
        rt_release(k->shared->value);
        free(k->shared);
        k->shared = next;
    }
}

/* ---------------------------------------------------------------- block sizes */

static void block_of(Rt *rt, int argc, Value *argv, Value *out, bool opt)
{
    /* max_block_size(kernel, dims) / opt_block_size(kernel, dims): on the CPU any block
     * fits; the answer is the block parallel_do would choose, as a vector */
    Grid g;
    memset(&g, 0, sizeof g);
    if (argc < 2 && argv[0].kind == V_ARRAY && argv[0].a->rank == 1 && argv[0].a->elem != RT_VALUE) {
        /* max_block_size(dims), as real code calls it (blsgsm.q: `max_block_size([16,32,1])`
         * then `shared(d, blkdim[0], blkdim[1])`): the block dims itself, each at least 1,
         * halving its largest side until it has at most 1024 threads (CUDA's limit) */
        rt_kernel_read_dims(rt, argv[0], &g);
        int64_t r = g.rank;
        for (;;) {
            int64_t n = 1;
            int big = 0;
            for (int i = 0; i < g.rank; i++) {
                if (g.dims[i] < 1)
                    g.dims[i] = 1;
                n *= g.dims[i];
                if (g.dims[i] > g.dims[big])
                    big = i;
            }
            if (n <= 1024)
                break;
            g.dims[big] = (g.dims[big] + 1) / 2;
        }
        out[0] = rt_array_uninit(rt_scalar_elem(rt), 1, &r);
        if (out[0].kind == V_UNDEF)
            rt_out_of_memory(rt);
        for (int i = 0; i < g.rank; i++)
            rt_set_real(out[0].a, i, (double)g.dims[i], false);
        return;
    }
    if (argc < 2) {
        out[0] = rt_int(opt ? 256 : 1024);
        return;
    }
    rt_kernel_read_dims(rt, argv[1], &g);
    int64_t r = g.rank;
    out[0] = rt_array_uninit(rt_scalar_elem(rt), 1, &r);
    if (out[0].kind == V_UNDEF)
        rt_out_of_memory(rt);
    for (int i = 0; i < g.rank; i++)
        rt_set_real(out[0].a, i, (double)(opt ? g.blk[i] : g.dims[i] < g.blk[i] ? g.blk[i] : g.blk[i]), false);
}

void lib_max_block_size(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    block_of(rt, argc, argv, out, false);
}

void lib_opt_block_size(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    block_of(rt, argc, argv, out, true);
}

void lib_opt_block_cnt(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    /* opt_block_cnt(kernel, [blocksize,] dims): blocks to cover dims (spec 000); every
     * block of a CPU grid is active at once, so grid barriers always hold */
    Grid g;
    memset(&g, 0, sizeof g);
    rt_kernel_read_dims(rt, argv[argc - 1], &g);
    if (argc == 3) {
        Grid b;
        memset(&b, 0, sizeof b);
        rt_kernel_read_dims(rt, argv[1], &b);
        if (b.rank != g.rank)
            rt_error(rt, "opt_block_cnt: the block size has %d dimensions, the data %d", b.rank, g.rank);
        for (int i = 0; i < g.rank; i++) {
            if (b.dims[i] < 1)
                rt_error(rt, "opt_block_cnt: block dimensions must be positive");
            g.cnt[i] = (g.dims[i] + b.dims[i] - 1) / b.dims[i];
        }
    }
    int64_t r = g.rank;
    out[0] = rt_array_uninit(rt_scalar_elem(rt), 1, &r);
    if (out[0].kind == V_UNDEF)
        rt_out_of_memory(rt);
    for (int i = 0; i < g.rank; i++)
        rt_set_real(out[0].a, i, (double)g.cnt[i], false);
}

void lib_memfence(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    /* One thread runs at a time in the interpreter: every write is already visible. The
     * parser turns memfence(grid) into memfence("grid"); a call written otherwise is
     * checked here. */
    (void)nout, (void)out;
    if (argc == 1) {
        const char *s = rt_to_cstr(rt, argv[0], "memfence's scope");
        if (strcmp(s, "grid") && strcmp(s, "block") && strcmp(s, "system"))
            rt_error(rt, "memfence: the scope is grid, block or system");
    }
}

void lib_serial_do(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    lib_parallel_do(rt, argc, argv, nout, out);
}
