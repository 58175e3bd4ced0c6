/*
 * qp_kernel.h - the kernel dialect: the one header that generated kernels include.
 *
 * The kernel compiler (lang/kpasses.c) turns a Quasar kernel into one C text in this
 * dialect; the CPU engine compiles it with the system C compiler (C11) and the CUDA engine
 * with NVRTC (C++), so everything here compiles both ways: no C-only constructs
 * (designated initializers, compound literals, implicit void * conversions),
 * `QP_RESTRICT` instead of `restrict`.
 *
 *   qp_arg          how the runtime passes each argument: an array (data and dims), an
 *                   int or a real; generated code unpacks it once per launch
 *   QP_DEVICE       functions callable from kernels (static inline on the CPU)
 *   QP_EXPORT       the CPU entry point, found by the runtime with dlsym
 *   qp_get_*        index mapping of the access modes ('circular, 'mirror, 'clamped)
 *   qp_atomic_*     the atomic compound operators on global and shared memory
 *   qp_fail         records a failed assertion or 'checked access; the runtime reports it
 *   qp_memfence_*   memfence(grid | block | system)
 *   qp_cf, qp_cd    complex numbers (single, double) as structs with inline operations,
 *                   not C99 _Complex, which C++ (NVRTC) does not have
 */
#ifndef QP_KERNEL_H
#define QP_KERNEL_H

#ifdef __CUDACC_RTC__
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;
#define QP_DEVICE static __device__ __forceinline__
#define QP_BODY static __device__ __forceinline__
#define QP_RESTRICT __restrict__
#define QP_CUDA 1
#else
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#define QP_DEVICE static inline
#define QP_BODY static inline __attribute__((always_inline))    /* inlined into the loop nest */
#define QP_RESTRICT restrict
#define QP_EXPORT __attribute__((visibility("default")))
#endif

#include "qp_math.h"

/* One argument of a launch, as the runtime passes it. */
typedef struct qp_arg {
    void *p;                    /* array data */
    int64_t d[4];               /* array dims (up to 4 in compiled kernels) */
    int64_t i;                  /* an int */
    double r;                   /* a real, or the real part of a complex number */
    double im;                  /* the imaginary part of a complex number */
} qp_arg;

/* What went wrong in a kernel: the first failure wins. For an access out of range, the
 * array's name, the indices and the array's dims, so the message names them. */
typedef struct qp_status {
    int failed;                 /* 0 ok, 1 assertion, 2 'checked access out of range,
                                   3 out of memory, 4 a grid barrier not every block met */
    int line;
    const char *name;
    int nidx, rank;
    int64_t idx[4], dims[4];
} qp_status;

QP_DEVICE void qp_fail(qp_status *s, int what, int line)
{
#ifdef QP_CUDA
    if (atomicCAS(&s->failed, 0, what) == 0)
        s->line = line;
#else
    int expected = 0;
    if (__atomic_compare_exchange_n(&s->failed, &expected, what, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
        s->line = line;
#endif
}

QP_DEVICE void qp_fail_index(qp_status *s, int line, const char *name, int nidx, const int64_t *idx, int rank,
                             const int64_t *dims)
{
#ifdef QP_CUDA
    if (atomicCAS(&s->failed, 0, 2) != 0)
        return;
#else
    int expected = 0;
    if (!__atomic_compare_exchange_n(&s->failed, &expected, 2, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
        return;
#endif
    s->line = line;
    s->name = name;
    s->nidx = nidx;
    s->rank = rank;
    for (int i = 0; i < nidx && i < 4; i++)
        s->idx[i] = idx[i];
    for (int i = 0; i < rank && i < 4; i++)
        s->dims[i] = dims[i];
}

/* Saturating stores ('sat arrays of 8-32-bit integers), as the interpreter's rt_set_int and
 * rt_set_real: an int is clamped; a real is clamped and truncated toward zero, NaN gives 0. */
QP_DEVICE int64_t qp_sat_i(int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : x > hi ? hi : x; }
QP_DEVICE int64_t qp_sat_r(double x, double lo, double hi)
{
    return x != x ? 0 : x < lo ? (int64_t)lo : x > hi ? (int64_t)hi : (int64_t)x;
}

/* memfence(scope): this thread's writes are visible to the scope before its later ones.
 * On the CPU every scope is the process: one sequentially consistent fence. */
#ifdef QP_CUDA
QP_DEVICE void qp_memfence_grid(void) { __threadfence(); }
QP_DEVICE void qp_memfence_block(void) { __threadfence_block(); }
QP_DEVICE void qp_memfence_system(void) { __threadfence_system(); }
#else
QP_DEVICE void qp_memfence_grid(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
QP_DEVICE void qp_memfence_block(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
QP_DEVICE void qp_memfence_system(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
#endif

/* Per-block memory of kernels with barriers (shared arrays, per-thread state). */
#ifdef QP_CUDA
QP_DEVICE void *qp_calloc(unsigned long long n, unsigned long long size)
{
    char *p = (char *)malloc(n * size);
    if (p)
        for (unsigned long long i = 0; i < n * size; i++)
            p[i] = 0;
    return p;
}
#define qp_free free
#else
#define qp_calloc calloc
#define qp_free free
#endif

/* Barriers of a kernel in lockstep (lang/klockstep.c). A text that defines QPK_NATIVE (its
 * value: the bytes of dynamic shared memory the CUDA engine launches it with) runs, under
 * CUDA, one GPU thread per Quasar thread: the text itself then defines QPK_SYNC as
 * __syncthreads, QPK_UNIFORM(c) as the OR of c over the block's running threads (a
 * block-level condition, the same in each by the spec) and its __shared__ qpk_shared, of
 * which qpk_shared_take cuts the shared arrays (zeroed, as qp_calloc zeroes). Elsewhere a
 * block's threads run in turn in one thread: QPK_SYNC does nothing and c is read in the
 * first running thread. */
#if defined(QP_CUDA) && defined(QPK_NATIVE)
#define QPK_NATIVE_CUDA 1
#define QPK_SHARED_FREE(p) ((void)(p))
/* `bytes` of the block's shared memory `base` after *off, zeroed by the block's threads;
 * every thread of the block calls it with the same arguments. NULL when QPK_NATIVE is too
 * small. */
QP_DEVICE void *qpk_shared_take(unsigned char *base, unsigned long long *off, unsigned long long bytes)
{
    unsigned long long at = *off, words = (bytes + 15) / 16 * 4;
    if (at + words * 4 > (unsigned long long)(QPK_NATIVE))
        return 0;
    *off = at + words * 4;
    uint32_t *p = (uint32_t *)(base + at);
    for (unsigned long long i = threadIdx.x; i < words; i += blockDim.x)
        p[i] = 0;
    __syncthreads();
    return p;
}
#else
#define QPK_NATIVE_CUDA 0
#define QPK_SYNC() ((void)0)
#define QPK_UNIFORM(...) (__VA_ARGS__)
#define QPK_SHARED_FREE(p) qp_free(p)
#endif

/* Grid barriers (syncthreads(grid), this_grid.sync(); lang/klockstep.c): QPK_GRID_SYNC(k)
 * is the k-th in the text. Under CUDA every block of the grid waits in qpk_grid_sync; the
 * engine launches such a kernel cooperatively (cuLaunchCooperativeKernel), so every block is
 * resident. The barrier is ours, not cooperative groups' (whose headers NVRTC does not
 * have): a counter in the module's memory to which each block's first thread adds 1 and
 * block 0 adds 2^31 - (blocks - 1); when every block has added, the top bit has flipped,
 * which each waits for, and the low bits are back where they were, so the counter serves
 * the next barrier and the next launch as it is. Blocks that disagree about the barriers
 * (their conditions must be the same in every thread, spec 004) would wait forever: after
 * QPK_GRID_PATIENCE cycles a block gives up with status 4, an error of the program. A block waits in place (QPK_GRID_WAITS)
 * only in native CUDA blocks when the grid fits on the device. On the CPU a block cannot
 * wait for blocks the pool has not started: it notes where it is in its first thread's
 * qp_phase and returns; the engine runs the grid again, and the block jumps back to
 * qp_grid<k>. A CUDA grid larger than the device holds (the engine's QPK_GRID_TILED
 * variant) or whose blocks are not native does the same, each CUDA thread running blocks
 * of the grid in turn between qpk_grid_sync (qpk_grid_tiles, lang/emit_c.c). */
#ifdef QP_CUDA
__device__ unsigned int qpk_grid_bar;
#define QPK_GRID_PATIENCE (1ll << 36)     /* clock cycles (about 40 s): then status 4 */
QP_DEVICE void qpk_grid_sync(qp_status *st)
{
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
        unsigned int blocks = gridDim.x * gridDim.y * gridDim.z;
        bool first = blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0;
        __threadfence();    /* the block's writes, seen by the grid before it arrives */
        unsigned int old = atomicAdd(&qpk_grid_bar, first ? 0x80000000u - (blocks - 1) : 1u);
        long long t0 = clock64();
        while (((old ^ *(volatile unsigned int *)&qpk_grid_bar) & 0x80000000u) == 0)
            if (clock64() - t0 > QPK_GRID_PATIENCE) {
                qp_fail(st, 4, 0);  /* blocks that never come: a barrier not every block meets */
                break;
            }
        __threadfence();
    }
    __syncthreads();
}
#endif
#if defined(QP_CUDA) && QPK_NATIVE_CUDA && !defined(QPK_GRID_TILED)
#define QPK_GRID_WAITS 1
#define QPK_GRID_SYNC(k) qpk_grid_sync(qp_st)
#else
#define QPK_GRID_WAITS 0
#define QPK_GRID_SYNC(k) \
    do { qp_th[0].qp_phase = (k); return; } while (0); \
    qp_grid##k:
#endif

/* Cooperative groups (lang/kwarp.c). A group is a warp of 32 consecutive threads of the
 * block (coalesced_threads) or the block (this_thread_block); qp_bn is the block's thread
 * count, QPK_TID the thread's number in it. Each exchange's offered values are in the
 * qpk_thread field f (qpx<id>), qp_wm the statement's running lanes (natively). */
QP_DEVICE int64_t qpk_group_size(int64_t tid, int64_t w, int64_t bn)
{
    int64_t first = tid - tid % w;
    return bn - first < w ? bn - first : w;
}

QP_DEVICE int64_t qpk_lanes_mask(int64_t n)
{
    return n >= 63 ? -1 : ((int64_t)1 << n) - 1;
}

/* The thread whose value lane t reads (kind 0 shfl, 1 up, 2 down, 3 xor): itself when the
 * source is outside the group or has finished, as in the interpreter and in CUDA. */
QP_DEVICE int64_t qpk_shfl_src(int64_t t, int64_t bn, int64_t w, int kind, int64_t x, const int *done0, unsigned long long stride)
{
    int64_t first = t - t % w, lane = t - first, last = first + w < bn ? first + w : bn;
    int64_t src = kind == 0 ? ((x % w) + w) % w : kind == 1 ? lane - x : kind == 2 ? lane + x : (lane ^ x);
    if (src < 0 || first + src >= last || *(const int *)((const char *)done0 + (first + src) * stride))
        return t;
    return first + src;
}

/* all (0), any (1), ballot (2) of the offered truths of t's group */
QP_DEVICE int qpk_vote(int64_t t, int64_t bn, int64_t w, int kind, const int *done0, const int *v0, unsigned long long stride)
{
    int64_t first = t - t % w, last = first + w < bn ? first + w : bn;
    int all = 1, any = 0;
    int64_t mask = 0;
    for (int64_t u = first; u < last; u++) {
        if (*(const int *)((const char *)done0 + u * stride))
            continue;
        int b = *(const int *)((const char *)v0 + u * stride);
        all &= b != 0;
        any |= b != 0;
        if (b && u - first < 63)
            mask |= (int64_t)1 << (u - first);
    }
    return kind == 0 ? all : kind == 1 ? any : (int)mask;
}

/* match_any: the lanes whose value equals t's; match_all: every lane when all are equal */
QP_DEVICE int qpk_match(int64_t t, int64_t bn, int64_t w, int all, const int *done0, const void *v0, unsigned long long stride,
                        int dbl)
{
    int64_t first = t - t % w, last = first + w < bn ? first + w : bn;
#define QPK_MATCH_AT(u) (dbl ? *(const double *)((const char *)v0 + (u) * stride) \
                             : (double)*(const float *)((const char *)v0 + (u) * stride))
    double mine = QPK_MATCH_AT(t);
    int64_t mask = 0, every = 0;
    int same = 1;
    for (int64_t u = first; u < last; u++) {
        if (*(const int *)((const char *)done0 + u * stride))
            continue;
        int eq = QPK_MATCH_AT(u) == mine;
        same &= eq;
        if (u - first < 63) {
            every |= (int64_t)1 << (u - first);
            if (eq)
                mask |= (int64_t)1 << (u - first);
        }
    }
#undef QPK_MATCH_AT
    return (int)(all ? (same ? every : 0) : mask);
}

/* Natively (QPK_NATIVE_CUDA) the text defines these with the warp intrinsics (lang/kwarp.c);
 * here a block's threads run in turn and read the offered values of the others. */
#if !QPK_NATIVE_CUDA
#define QPK_TID qp_t
#define QPK_SYNCWARP() ((void)0)
#define QPK_WARP_MASK(m) unsigned m = 0; (void)m
#define QPK_SHFL_AT(f, x, w, k) (qp_th[qpk_shfl_src(qp_t, qp_bn, (w), (k), (x), &qp_th[0].qp_done, sizeof *qp_th)].f)
#define QPK_SHFL(T, f, x, w, k) QPK_SHFL_AT(f, x, w, k)
#define QPK_SHFL_UP(T, f, x, w, k) QPK_SHFL_AT(f, x, w, k)
#define QPK_SHFL_DOWN(T, f, x, w, k) QPK_SHFL_AT(f, x, w, k)
#define QPK_SHFL_XOR(T, f, x, w, k) QPK_SHFL_AT(f, x, w, k)
#define QPK_VOTE_AT(f, w, k) qpk_vote(qp_t, qp_bn, (w), (k), &qp_th[0].qp_done, &qp_th[0].f, sizeof *qp_th)
#define QPK_VOTE_ALL(f, w) QPK_VOTE_AT(f, w, 0)
#define QPK_VOTE_ANY(f, w) QPK_VOTE_AT(f, w, 1)
#define QPK_VOTE_BALLOT(f, w) QPK_VOTE_AT(f, w, 2)
#define QPK_MATCH_AT(f, w, a) \
    qpk_match(qp_t, qp_bn, (w), (a), &qp_th[0].qp_done, &qp_th[0].f, sizeof *qp_th, sizeof qp_th[0].f == 8)
#define QPK_MATCH_ANY(f, w) QPK_MATCH_AT(f, w, 0)
#define QPK_MATCH_ALL(f, w) QPK_MATCH_AT(f, w, 1)
#endif

/* ---------------------------------------------------------------- access modes */

/* Index of `i` in [0, n) under each mode; the 'safe and 'checked modes test instead. */
#define qp_idx_circular(i, n) ((int64_t)qp_periodize_i((long long)(i), (long long)(n)))
#define qp_idx_mirror(i, n) ((int64_t)qp_mirror_ext_i((long long)(i), (long long)(n)))
#define qp_idx_clamped(i, n) ((int64_t)qp_clamp_i((long long)(i), 0LL, (long long)(n) - 1))
#define qp_in(i, n) ((uint64_t)(int64_t)(i) < (uint64_t)(int64_t)(n))

/* ---------------------------------------------------------------- atomics */

#ifdef QP_CUDA
QP_DEVICE float qp_atomic_add_f32(float *p, float v) { return atomicAdd(p, v) + v; }
QP_DEVICE double qp_atomic_add_f64(double *p, double v) { return atomicAdd(p, v) + v; }
QP_DEVICE int32_t qp_atomic_add_i32(int32_t *p, int32_t v) { return atomicAdd(p, v) + v; }
#define QP_ATOMIC_CAS_LOOP(T, U, name, expr)                                                  \
    QP_DEVICE T name(T *p, T v)                                                            \
    {                                                                                      \
        U *q = (U *)p;                                                                     \
        U old = *q, assumed;                                                               \
        T x, r;                                                                            \
        do {                                                                               \
            assumed = old;                                                                 \
            x = *(T *)&assumed;                                                            \
            r = (expr);                                                                    \
            old = atomicCAS(q, assumed, *(U *)&r);                                         \
        } while (assumed != old);                                                          \
        return r;                                                                          \
    }
#else
QP_DEVICE float qp_atomic_add_f32(float *p, float v)
{
    float old = *p, r;
    do {
        r = old + v;
    } while (!__atomic_compare_exchange((float *)p, &old, &r, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
    return r;
}
QP_DEVICE double qp_atomic_add_f64(double *p, double v)
{
    double old = *p, r;
    do {
        r = old + v;
    } while (!__atomic_compare_exchange(p, &old, &r, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
    return r;
}
QP_DEVICE int32_t qp_atomic_add_i32(int32_t *p, int32_t v) { return __atomic_add_fetch(p, v, __ATOMIC_SEQ_CST); }
#define QP_ATOMIC_CAS_LOOP(T, U, name, expr)                                                  \
    QP_DEVICE T name(T *p, T v)                                                            \
    {                                                                                      \
        T x = *p, r;                                                                       \
        do {                                                                               \
            r = (expr);                                                                    \
        } while (!__atomic_compare_exchange(p, &x, &r, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)); \
        return r;                                                                          \
    }
#endif

/* The other compound operators, by compare-and-swap; each returns the new value. */
QP_ATOMIC_CAS_LOOP(float, uint32_t, qp_atomic_sub_f32, x - v)
QP_ATOMIC_CAS_LOOP(float, uint32_t, qp_atomic_mul_f32, x * v)
QP_ATOMIC_CAS_LOOP(float, uint32_t, qp_atomic_div_f32, x / v)
QP_ATOMIC_CAS_LOOP(float, uint32_t, qp_atomic_max_f32, v > x ? v : x)
QP_ATOMIC_CAS_LOOP(float, uint32_t, qp_atomic_min_f32, v < x ? v : x)
QP_ATOMIC_CAS_LOOP(double, uint64_t, qp_atomic_sub_f64, x - v)
QP_ATOMIC_CAS_LOOP(double, uint64_t, qp_atomic_mul_f64, x * v)
QP_ATOMIC_CAS_LOOP(double, uint64_t, qp_atomic_div_f64, x / v)
QP_ATOMIC_CAS_LOOP(double, uint64_t, qp_atomic_max_f64, v > x ? v : x)
QP_ATOMIC_CAS_LOOP(double, uint64_t, qp_atomic_min_f64, v < x ? v : x)
QP_ATOMIC_CAS_LOOP(int32_t, uint32_t, qp_atomic_sub_i32, x - v)
QP_ATOMIC_CAS_LOOP(int32_t, uint32_t, qp_atomic_mul_i32, x * v)
QP_ATOMIC_CAS_LOOP(int32_t, uint32_t, qp_atomic_max_i32, v > x ? v : x)
QP_ATOMIC_CAS_LOOP(int32_t, uint32_t, qp_atomic_min_i32, v < x ? v : x)
QP_ATOMIC_CAS_LOOP(int32_t, uint32_t, qp_atomic_and_i32, x & v)
QP_ATOMIC_CAS_LOOP(int32_t, uint32_t, qp_atomic_or_i32, x | v)
QP_ATOMIC_CAS_LOOP(int32_t, uint32_t, qp_atomic_xor_i32, x ^ v)
QP_ATOMIC_CAS_LOOP(float, uint32_t, qp_atomic_pow_f32, (float)pow((double)x, (double)v))
QP_ATOMIC_CAS_LOOP(double, uint64_t, qp_atomic_pow_f64, pow(x, v))
QP_ATOMIC_CAS_LOOP(int32_t, uint32_t, qp_atomic_pow_i32, (int32_t)pow((double)x, (double)v))

/* Exchange and compare-and-exchange (spec 000 `<-`): the value is the old one. */
#ifdef QP_CUDA
QP_DEVICE float qp_atomic_xchg_f32(float *p, float v) { return atomicExch(p, v); }
QP_DEVICE int32_t qp_atomic_xchg_i32(int32_t *p, int32_t v) { return atomicExch(p, v); }
QP_DEVICE double qp_atomic_xchg_f64(double *p, double v)
{
    unsigned long long old = atomicExch((unsigned long long *)p, *(unsigned long long *)&v);
    return *(double *)&old;
}
QP_DEVICE int32_t qp_atomic_cas_i32(int32_t *p, int32_t e, int32_t v) { return atomicCAS(p, e, v); }
QP_DEVICE float qp_atomic_cas_f32(float *p, float e, float v)
{
    int old = atomicCAS((int *)p, __float_as_int(e), __float_as_int(v));
    return __int_as_float(old);
}
QP_DEVICE double qp_atomic_cas_f64(double *p, double e, double v)
{
    unsigned long long old = atomicCAS((unsigned long long *)p, *(unsigned long long *)&e, *(unsigned long long *)&v);
    return *(double *)&old;
}
#else
#define QP_XCHG(T, name)                                                                      \
    QP_DEVICE T name(T *p, T v) { T old; __atomic_exchange(p, &v, &old, __ATOMIC_SEQ_CST); return old; }
#define QP_CAS(T, name)                                                                       \
    QP_DEVICE T name(T *p, T e, T v)                                                       \
    {                                                                                      \
        __atomic_compare_exchange(p, &e, &v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);          \
        return e;                                                                          \
    }
QP_XCHG(float, qp_atomic_xchg_f32)
QP_XCHG(double, qp_atomic_xchg_f64)
QP_XCHG(int32_t, qp_atomic_xchg_i32)
QP_CAS(float, qp_atomic_cas_f32)
QP_CAS(double, qp_atomic_cas_f64)
QP_CAS(int32_t, qp_atomic_cas_i32)
#endif

/* ---------------------------------------------------------------- fixed-length vectors */

/* vec3, ivec2 …: a struct of N elements; the C compiler keeps it in registers.
 * QP_VEC(S, T, N) defines the type S and its operations; generated code names them
 * S_add, S_adds (vector op number), S_sadd (number op vector), S_neg, S_sum, S_prod, and
 * S_get/S_set, which read 0 and ignore writes outside (the kernels' default 'safe mode). */
#define QP_VEC_BIN(S, T, N, name, op)                                                       \
    QP_DEVICE S S##_##name(S a, S b) { S r; for (int i = 0; i < N; i++) r.v[i] = a.v[i] op b.v[i]; return r; } \
    QP_DEVICE S S##_##name##s(S a, T b) { S r; for (int i = 0; i < N; i++) r.v[i] = a.v[i] op b; return r; }   \
    QP_DEVICE S S##_s##name(T a, S b) { S r; for (int i = 0; i < N; i++) r.v[i] = a op b.v[i]; return r; }
#define QP_VEC(S, T, N)                                                                     \
    typedef struct S { T v[N]; } S;                                                         \
    QP_VEC_BIN(S, T, N, add, +)                                                             \
    QP_VEC_BIN(S, T, N, sub, -)                                                             \
    QP_VEC_BIN(S, T, N, mul, *)                                                             \
    QP_VEC_BIN(S, T, N, div, /)                                                             \
    QP_DEVICE S S##_neg(S a) { S r; for (int i = 0; i < N; i++) r.v[i] = -a.v[i]; return r; } \
    QP_DEVICE S S##_fill(T x) { S r; for (int i = 0; i < N; i++) r.v[i] = x; return r; }     \
    QP_DEVICE T S##_sum(S a) { T s = 0; for (int i = 0; i < N; i++) s += a.v[i]; return s; } \
    QP_DEVICE T S##_prod(S a) { T s = 1; for (int i = 0; i < N; i++) s *= a.v[i]; return s; } \
    QP_DEVICE T S##_get(const S *a, int64_t i) { return i >= 0 && i < N ? a->v[i] : (T)0; } \
    QP_DEVICE void S##_set(S *a, int64_t i, T x) { if (i >= 0 && i < N) a->v[i] = x; }

/* ---------------------------------------------------------------- complex numbers */

/* cscalar in kernels: qp_cf (single) or qp_cd (double), the same layout as the runtime's
 * RtC32/RtC64 array elements, so complex arrays are read and written in place. Every
 * operation computes in double and rounds each part once, as the interpreter's complex
 * arithmetic does (runtime/ops.c), so compiled and interpreted kernels agree. */
#define QP_CPLX(S, T)                                                                       \
    typedef struct S { T re, im; } S;                                                       \
    QP_DEVICE S S##_make(double re, double im) { S r; r.re = (T)re; r.im = (T)im; return r; } \
    QP_DEVICE S S##_add(S a, S b) { return S##_make((double)a.re + b.re, (double)a.im + b.im); } \
    QP_DEVICE S S##_sub(S a, S b) { return S##_make((double)a.re - b.re, (double)a.im - b.im); } \
    QP_DEVICE S S##_mul(S a, S b)                                                           \
    {                                                                                       \
        double ar = a.re, ai = a.im, br = b.re, bi = b.im;                                  \
        return S##_make(ar * br - ai * bi, ar * bi + ai * br);                              \
    }                                                                                       \
    QP_DEVICE S S##_div(S a, S b)                                                           \
    {                                                                                       \
        double ar = a.re, ai = a.im, br = b.re, bi = b.im, d = br * br + bi * bi;           \
        return S##_make((ar * br + ai * bi) / d, (ai * br - ar * bi) / d);                  \
    }                                                                                       \
    QP_DEVICE S S##_neg(S a) { return S##_make(-(double)a.re, -(double)a.im); }             \
    QP_DEVICE S S##_conj(S a) { return S##_make(a.re, -(double)a.im); }                     \
    QP_DEVICE int S##_eq(S a, S b) { return a.re == b.re && a.im == b.im; }                 \
    QP_DEVICE double S##_abs(S a) { return hypot((double)a.re, (double)a.im); }            \
    QP_DEVICE double S##_angle(S a) { return atan2((double)a.im, (double)a.re); }          \
    QP_DEVICE S S##_exp(S a)                                                                \
    {                                                                                       \
        double m = exp((double)a.re);                                                       \
        return S##_make(m * cos((double)a.im), m * sin((double)a.im));                      \
    }

QP_CPLX(qp_cf, float)
QP_CPLX(qp_cd, double)

#endif
