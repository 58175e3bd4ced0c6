/*
 * kernel.h - what the files of parallel_do share (kernel.c: the launch and the lockstep
 * interpreter; kernel_compiled.c: the compiled path through an engine; lib_kernel.c: the
 * kernel builtins). The rest of the runtime uses the functions declared in interp.h.
 */
#ifndef RT_KERNEL_H
#define RT_KERNEL_H

#include "runtime/interp.h"

#include <stdbool.h>
#include <stdint.h>

/* The special parameters, bound by name (spec 004 §2.4.1; groups: spec 000). */
typedef enum Special { SP_NONE, SP_POS, SP_BLKPOS, SP_BLKIDX, SP_BLKDIM, SP_BLKCNT, SP_WARPSIZE, SP_GROUP } Special;

/* A launch's grid: dims, block dims (a divisor of dims unless given), blocks per dim. */
typedef struct Grid {
    int rank;
    int64_t dims[RT_MAX_DIMS], blk[RT_MAX_DIMS], cnt[RT_MAX_DIMS];
    int64_t nthreads;           /* per block */
    int64_t nblocks;
} Grid;

/* One parallel_do. */
typedef struct Launch {
    Rt *rt;
    RtFunc *f;
    FnInfo *fi;
    Node *fn;
    Grid g;
    Value *args;                /* the arguments after dims, without the kernel */
    Special *special;           /* per parameter */
    Value *outputs;             /* shared outputs (fi->noutputs) */
    Value **frames;             /* per thread of the lockstep group */
    int64_t nframes;
    bool *done;                 /* thread returned */
    int64_t block0;             /* a group of several blocks (syncthreads(grid)): the
                                   shared-memory number of its first (RtKernelCtx.block) */
} Launch;

/* The grid of parallel_do's first argument: dims, or [dims, blkdims] (kernel.c). */
void rt_kernel_read_dims(Rt *rt, Value d, Grid *g);
/* The access mode written on a parameter's type (x : cube'mirror), or -1 (kernel.c). */
int rt_kernel_declared_mode(LangType *t);
/* Does the type's element saturate (mat[uint8'sat])? (kernel.c) */
bool rt_kernel_saturating(LangType *t);

/* Run the launch compiled, when the kernel and its arguments can be (kernel_compiled.c);
 * false: the interpreter must run it. `barriers`: the kernel has block barriers. */
bool rt_kernel_run_compiled(Rt *rt, Launch *L, RtFunc *f, bool barriers);

#endif
