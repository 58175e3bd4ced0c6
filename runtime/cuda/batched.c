/*
 * batched.c - potrs and the batched LU family through cuSOLVER/cuBLAS on host working
 * copies (batched.h says the layouts). The batched cuBLAS functions take arrays of device
 * pointers: those are made on the host once the scratch block's address is known and
 * copied into a part of it (rt_cuda_run_write).
 */
#include "runtime/cuda/batched.h"
#include "runtime/cuda/api.h"
#include "runtime/cuda/scratch.h"
#include "runtime/cuda/solver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { POTRS, GETRF_B, GETRI_B, GETRS_B, NFN };
static const char *const names[NFN][2] = {
    {"cusolverDnSpotrs", "cusolverDnDpotrs"},
    {"cublasSgetrfBatched", "cublasDgetrfBatched"},
    {"cublasSgetriBatched", "cublasDgetriBatched"},
    {"cublasSgetrsBatched", "cublasDgetrsBatched"},
};

const char *rt_cuda_batched_symbol(int i, int *lib)
{
    if (i < 0 || i >= 2 * NFN)
        return NULL;
    *lib = i / 2 == POTRS ? RT_CUDA_CUSOLVER : RT_CUDA_CUBLAS;
    return names[i / 2][i % 2];
}

typedef int (*Potrs)(void *h, int uplo, int n, int nrhs, const void *a, int lda, void *b, int ldb, int *info);
typedef int (*GetrfB)(void *h, int n, void *const a[], int lda, int *p, int *info, int batch);
typedef int (*GetriB)(void *h, int n, const void *const a[], int lda, const int *p, void *const c[], int ldc,
                      int *info, int batch);
typedef int (*GetrsB)(void *h, int trans, int n, int nrhs, const void *const a[], int lda, const int *p,
                      void *const b[], int ldb, int *info, int batch);

enum { OP_POTRS, OP_GETRF, OP_GETRI, OP_INV, OP_GETRS };

typedef struct Job {
    int op;
    bool dbl;
    int K, n, r;
    int host_info;
} Job;

static size_t esz(bool dbl) { return dbl ? 8 : 4; }

#define D(i) ((void *)(uintptr_t)run->dev[i])

/* The K device addresses of part `from` (matrices of `each` elements) into part `to`. */
static int pointers(RtCudaRun *run, const Job *j, int from, int to, size_t each)
{
    uint64_t *p = malloc((size_t)j->K * sizeof *p);
    if (!p)
        return -1;
    for (int k = 0; k < j->K; k++)
        p[k] = run->dev[from] + (uint64_t)k * each * esz(j->dbl);
    int r = rt_cuda_run_write(run, run->dev[to], p, (size_t)j->K * sizeof *p);
    free(p);
    return r;
}

static void *fn(const Job *j, int f, char *why, size_t len)
{
    return rt_cuda_symbol(f == POTRS ? RT_CUDA_CUSOLVER : RT_CUDA_CUBLAS, names[f][j->dbl], why, len);
}

static int call(RtCudaRun *run, void *ctx, char *why, size_t len)
{
    Job *j = ctx;
    int n = j->n, st = -1;
    size_t nn = (size_t)n * n;
    *why = '\0';
    switch (j->op) {
    case OP_POTRS: {            /* 0 R (read as L), 1 B, 2 info */
        Potrs f = (Potrs)fn(j, POTRS, why, len);
        if (f)
            st = f(run->solver, 0, n, j->r, D(0), n, D(1), n, (int *)D(2));
        break;
    }
    case OP_GETRF: {            /* 0 A, 1 pointers, 2 ipiv, 3 info */
        GetrfB f = (GetrfB)fn(j, GETRF_B, why, len);
        if (f && !(st = pointers(run, j, 0, 1, nn)))
            st = f(run->blas, n, D(1), n, (int *)D(2), (int *)D(3), j->K);
        break;
    }
    case OP_GETRI:              /* 0 LU, 1 C, 2 LU pointers, 3 C pointers, 4 ipiv, 5 info, 6 info */
    case OP_INV: {
        GetrfB rf = j->op == OP_INV ? (GetrfB)fn(j, GETRF_B, why, len) : NULL;
        GetriB ri = j->op == OP_GETRI || rf ? (GetriB)fn(j, GETRI_B, why, len) : NULL;
        if (ri && !(st = pointers(run, j, 0, 2, nn)) && !(st = pointers(run, j, 1, 3, nn)) && rf)
            st = rf(run->blas, n, D(2), n, (int *)D(4), (int *)D(6), j->K);
        if (ri && !st)
            st = ri(run->blas, n, D(2), n, (int *)D(4), D(3), n, (int *)D(5), j->K);
        break;
    }
    case OP_GETRS: {            /* 0 LU, 1 B, 2 LU pointers, 3 B pointers, 4 ipiv */
        GetrsB f = (GetrsB)fn(j, GETRS_B, why, len);
        if (f && !(st = pointers(run, j, 0, 2, nn)) && !(st = pointers(run, j, 1, 3, (size_t)n * j->r)))
            st = f(run->blas, 0, n, j->r, D(2), n, (int *)D(4), D(3), n, &j->host_info, j->K);
        if (!st && j->host_info < 0) {
            snprintf(why, len, "getrsBatched refused argument %d", -j->host_info);
            st = -1;
        }
        break;
    }
    }
    if (st && !*why)
        snprintf(why, len, "%s failed (status %d)", j->op == OP_POTRS ? "cuSOLVER" : "cuBLAS", st);
    return st;
}

/* Each of K row-major rows x cols matrices of src, transposed into dst. */
static void transpose_each(const void *src, void *dst, int K, int rows, int cols, bool dbl)
{
    size_t each = (size_t)rows * cols * esz(dbl);
    for (int k = 0; k < K; k++)
        rt_cuda_transpose((const char *)src + k * each, (char *)dst + k * each, rows, cols, esz(dbl));
}

static bool sizes_ok(int64_t K, int64_t n, int64_t r, char *why, size_t len)
{
    if (K <= 0 || n <= 0 || r <= 0 || n > 46340 || n * n > 0x7fffffff / K || n * r > 0x7fffffff / K) {
        snprintf(why, len, "sizes cuBLAS/cuSOLVER cannot take");
        return false;
    }
    return true;
}

static void *host(size_t elems, bool dbl, char *why, size_t len)
{
    void *p = malloc(elems ? elems * esz(dbl) : 1);
    if (!p)
        snprintf(why, len, "out of memory");
    return p;
}

int rt_cuda_potrs(bool dbl, int n, int r, const void *rr, void *x, char *why, size_t len)
{
    if (!sizes_ok(1, n, r, why, len))
        return 0;
    size_t e = esz(dbl), nr = (size_t)n * r;
    void *b = host(nr, dbl, why, len);
    if (!b)
        return 0;
    rt_cuda_transpose(x, b, n, r, e);
    Job j = {.op = OP_POTRS, .dbl = dbl, .K = 1, .n = n, .r = r};
    int info = 0;
    RtCudaPart p[3] = {{.in = rr, .bytes = (size_t)n * n * e}, {.in = b, .out = b, .bytes = nr * e},
                       {.out = &info, .bytes = sizeof info, .zero = true}};
    int res = rt_cuda_scratch_run(p, 3, RT_CUDA_NEED_SOLVER, call, &j, why, len);
    if (res > 0 && info) {
        snprintf(why, len, "cuSOLVER info %d", info);
        res = 0;
    }
    if (res > 0)
        rt_cuda_transpose(b, x, r, n, e);
    free(b);
    return res;
}

int rt_cuda_getrf_batched(bool dbl, int K, int n, void *c, int *ipiv, int *info, char *why, size_t len)
{
    if (!sizes_ok(K, n, 1, why, len))
        return 0;
    size_t e = esz(dbl), all = (size_t)K * n * n;
    void *t = host(all, dbl, why, len);
    if (!t)
        return 0;
    transpose_each(c, t, K, n, n, dbl);
    Job j = {.op = OP_GETRF, .dbl = dbl, .K = K, .n = n};
    RtCudaPart p[4] = {{.in = t, .out = t, .bytes = all * e}, {.bytes = (size_t)K * 8},
                       {.out = ipiv, .bytes = (size_t)K * n * sizeof(int)},
                       {.out = info, .bytes = (size_t)K * sizeof(int), .zero = true}};
    int res = rt_cuda_scratch_run(p, 4, RT_CUDA_NEED_BLAS, call, &j, why, len);
    if (res > 0)
        transpose_each(t, c, K, n, n, dbl);
    free(t);
    return res;
}

int rt_cuda_getri_batched(bool dbl, int K, int n, void *c, const int *ipiv, int *info, char *why, size_t len)
{
    if (!sizes_ok(K, n, 1, why, len))
        return 0;
    size_t e = esz(dbl), all = (size_t)K * n * n;
    /* factors given: transposed in and out; else the stored A^T, whose inverse read
     * row-major is A^-1 */
    void *t = ipiv ? host(all, dbl, why, len) : NULL, *out = host(all, dbl, why, len);
    int *info2 = calloc((size_t)K, sizeof *info2);
    if ((ipiv && !t) || !out || !info2) {
        free(t), free(out), free(info2);
        snprintf(why, len, "out of memory");
        return 0;
    }
    if (ipiv)
        transpose_each(c, t, K, n, n, dbl);
    Job j = {.op = ipiv ? OP_GETRI : OP_INV, .dbl = dbl, .K = K, .n = n};
    RtCudaPart p[7] = {{.in = ipiv ? t : c, .bytes = all * e},
                       {.out = out, .bytes = all * e},
                       {.bytes = (size_t)K * 8},
                       {.bytes = (size_t)K * 8},
                       {.in = ipiv, .zero = !ipiv, .bytes = (size_t)K * n * sizeof(int)},
                       {.out = info, .bytes = (size_t)K * sizeof(int), .zero = true},
                       {.out = info2, .bytes = (size_t)K * sizeof(int), .zero = true}};
    int res = rt_cuda_scratch_run(p, 7, RT_CUDA_NEED_BLAS, call, &j, why, len);
    if (res > 0) {
        for (int k = 0; k < K; k++)
            if (info2[k] > 0)   /* singular in the factorisation */
                info[k] = info2[k];
        if (ipiv)
            transpose_each(out, c, K, n, n, dbl);
        else
            memcpy(c, out, all * e);
    }
    free(t), free(out), free(info2);
    return res;
}

int rt_cuda_getrs_batched(bool dbl, int K, int n, int r, const void *lu, const int *ipiv, void *b, char *why,
                          size_t len)
{
    if (!sizes_ok(K, n, r, why, len))
        return 0;
    size_t e = esz(dbl), all = (size_t)K * n * n, rhs = (size_t)K * n * r;
    void *t = host(all, dbl, why, len), *bt = host(rhs, dbl, why, len);
    if (!t || !bt) {
        free(t), free(bt);
        return 0;
    }
    transpose_each(lu, t, K, n, n, dbl);
    transpose_each(b, bt, K, n, r, dbl);
    Job j = {.op = OP_GETRS, .dbl = dbl, .K = K, .n = n, .r = r};
    RtCudaPart p[5] = {{.in = t, .bytes = all * e},
                       {.in = bt, .out = bt, .bytes = rhs * e},
                       {.bytes = (size_t)K * 8},
                       {.bytes = (size_t)K * 8},
                       {.in = ipiv, .bytes = (size_t)K * n * sizeof(int)}};
    int res = rt_cuda_scratch_run(p, 5, RT_CUDA_NEED_BLAS, call, &j, why, len);
    if (res > 0)
        transpose_each(bt, b, K, r, n, dbl);
    free(t), free(bt);
    return res;
}
