#!/usr/bin/env python3
"""tests/e2e/e2e_cuda_libs.py - the CUDA engine's library paths (runtime/cuda/fft.c,
blas.c, blas_ops.c, decomp.c, solver.c, scratch.c) run end to end without a GPU.

A fake "device" is built here from C: libcuda.so.1 answers every function the loader
resolves (names read from runtime/cuda/loader.c), with host memory as device memory
(cuMemAlloc is malloc, every copy memcpy) and modules that never load (so kernels fall
back to the CPU engine) but for qpipe's Hermitian completion kernel, which the fake runs
on the host from the definition, reading the kernel's arguments; libcublas.so, libcusolver.so and libcufft.so implement the
functions qpipe calls with the documented column-major semantics of cuBLAS, cuSOLVER and
cuFFT on top of CBLAS, LAPACKE (LAPACK_COL_MAJOR) and FFTW's plan_many interface, and log
each call. QPIPE_CUDA_LIBDIR points the engine at that folder. So what is checked is
qpipe's side of the libraries: the row-major/column-major argument mapping, the host
transpositions, pivots, workspaces, the scratch blocks, the cuFFT layouts (C2R on the
full-size array, real input widened by a stride-2 copy) - against NumPy, and that the
library, not the CPU code, computed each result (the call log; no "runs on the CPU" under
-v). Then each library missing (a folder without it), and a libcusolver without
cusolverDnXgeev (CUDA before 12.6): the CPU code for those builtins only, said once under -v.
"""

import os
import re
import shutil

from harness import *  # noqa: F401,F403 - check, run, out, QPIPE, ROOT
from harness import main

CUDA_HOME = os.environ.get("CUDA_HOME") or "/usr/local/cuda"
NUM = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")

DRIVER_SPECIAL = {
    "cuDriverGetVersion": "int cuDriverGetVersion(int *v) { *v = 99990; return 0; }",
    "cuDeviceGetCount": "int cuDeviceGetCount(int *n) { *n = 1; return 0; }",
    "cuDeviceGet": "int cuDeviceGet(int *d, int ord) { *d = ord; return 0; }",
    "cuDeviceGetAttribute": "int cuDeviceGetAttribute(int *v, int a, int d) { (void)d; *v = a == 75 ? 9 : a == 1 ? 1024 : 0; return 0; }",
    "cuDeviceGetName": "int cuDeviceGetName(char *s, int n, int d) { (void)d; snprintf(s, n, \"fake\"); return 0; }",
    "cuGetErrorName": "int cuGetErrorName(int r, const char **s) { (void)r; *s = 0; return 1; }",
    "cuMemAlloc_v2": "int cuMemAlloc_v2(unsigned long long *p, size_t n) { void *q = malloc(n ? n : 1); *p = (unsigned long long)(uintptr_t)q; return q ? 0 : 2; }",
    "cuMemFree_v2": "int cuMemFree_v2(unsigned long long p) { free((void *)(uintptr_t)p); return 0; }",
    "cuMemcpyHtoD_v2": "int cuMemcpyHtoD_v2(unsigned long long d, const void *s, size_t n) { memcpy((void *)(uintptr_t)d, s, n); return 0; }",
    "cuMemcpyDtoH_v2": "int cuMemcpyDtoH_v2(void *d, unsigned long long s, size_t n) { memcpy(d, (void *)(uintptr_t)s, n); return 0; }",
    "cuMemcpyDtoD_v2": "int cuMemcpyDtoD_v2(unsigned long long d, unsigned long long s, size_t n) { memcpy((void *)(uintptr_t)d, (void *)(uintptr_t)s, n); return 0; }",
    "cuMemcpyHtoDAsync_v2": "int cuMemcpyHtoDAsync_v2(unsigned long long d, const void *s, size_t n, void *st) { (void)st; memcpy((void *)(uintptr_t)d, s, n); return 0; }",
    "cuMemcpyDtoHAsync_v2": "int cuMemcpyDtoHAsync_v2(void *d, unsigned long long s, size_t n, void *st) { (void)st; memcpy(d, (void *)(uintptr_t)s, n); return 0; }",
    "cuMemsetD8_v2": "int cuMemsetD8_v2(unsigned long long d, unsigned char v, size_t n) { memset((void *)(uintptr_t)d, v, n); return 0; }",
    "cuMemHostAlloc": "int cuMemHostAlloc(void **p, size_t n, unsigned f) { (void)f; *p = malloc(n); return *p ? 0 : 2; }",
    "cuMemFreeHost": "int cuMemFreeHost(void *p) { free(p); return 0; }",
    "cuModuleLoadData": "int cuModuleLoadData(void **m, const void *img) { if (!strstr(img, \".entry qp_herm_f\")) return 200; *m = (void *)1; return 0; }",
    "cuModuleGetFunction": "int cuModuleGetFunction(void **f, void *m, const char *name) { if (m != (void *)1) return 500; *f = (void *)(uintptr_t)(strcmp(name, \"qp_herm_d\") ? 1 : 2); return 0; }",
    "cuArray3DCreate_v2": "int cuArray3DCreate_v2(void) { return 1; }",
    "cuTexObjectCreate": "int cuTexObjectCreate(void) { return 1; }",
}

# The Hermitian completion kernel of runtime/cuda/hermitian.c, run on the host by the fake
# driver: written here from the definition X[k] = conj(X[-k mod n]) (the half holds the
# indices up to n/2 along the last transformed dimension), reading the kernel's arguments
# as hermitian.h declares them.
HERM_LAUNCH = r"""
typedef struct { int rank, last; long long dims[16]; long long hst[16]; int tr[16]; } Herm;
int cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                   unsigned smem, void *st, void **params, void **extra)
{
    (void)gy; (void)gz; (void)by; (void)bz; (void)smem; (void)st; (void)extra;
    if (f != (void *)1 && f != (void *)2) return 719;
    LOG(f == (void *)1 ? "qp_herm_f" : "qp_herm_d");
    const Herm *h = params[2];
    long long total = *(long long *)params[3];
    if ((long long)gx * bx < total) return 1;
    int dbl = f == (void *)2;
    char *half = (char *)(uintptr_t)*(unsigned long long *)params[0];
    char *out = (char *)(uintptr_t)*(unsigned long long *)params[1];
    size_t e = dbl ? 8 : 4;
    for (long long i = 0; i < total; i++) {
        long long k[16], r = i, src = 0;
        for (int d = h->rank - 1; d >= 0; d--) { k[d] = r % h->dims[d]; r /= h->dims[d]; }
        int up = 2 * k[h->last] > h->dims[h->last];
        for (int d = 0; d < h->rank; d++)
            src += (up && h->tr[d] ? (h->dims[d] - k[d]) % h->dims[d] : k[d]) * h->hst[d];
        memcpy(out + 2 * e * i, half + 2 * e * src, 2 * e);
        if (up && dbl) ((double *)out)[2 * i + 1] *= -1;
        if (up && !dbl) ((float *)out)[2 * i + 1] *= -1;
    }
    return 0;
}
"""

DRIVER_SPECIAL["cuLaunchKernel"] = HERM_LAUNCH

PRELUDE = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int H;
static void LOG(const char *f)
{
    const char *p = getenv("FAKE_LIBS_LOG");
    FILE *o = p ? fopen(p, "a") : NULL;
    if (o) { fprintf(o, "%s\n", f); fclose(o); }
}
"""

# cuBLAS over CBLAS, column-major; {P} is s/d, {T} float/double, {U} S/D
BLAS_T = r"""
#define OP(t) ((t) ? CblasTrans : CblasNoTrans)
int cublas{U}gemm_v2(void *h, int ta, int tb, int m, int n, int k, const {T} *al, const {T} *a, int lda, const {T} *b, int ldb, const {T} *be, {T} *c, int ldc)
{ (void)h; LOG(__func__); cblas_{P}gemm(CblasColMajor, OP(ta), OP(tb), m, n, k, *al, a, lda, b, ldb, *be, c, ldc); return 0; }
int cublas{U}scal_v2(void *h, int n, const {T} *al, {T} *x, int inc) { (void)h; LOG(__func__); cblas_{P}scal(n, *al, x, inc); return 0; }
int cublas{U}copy_v2(void *h, int n, const {T} *x, int ix, {T} *y, int iy) { (void)h; LOG(__func__); cblas_{P}copy(n, x, ix, y, iy); return 0; }
int cublas{U}asum_v2(void *h, int n, const {T} *x, int inc, {T} *r) { (void)h; LOG(__func__); *r = cblas_{P}asum(n, x, inc); return 0; }
int cublas{U}nrm2_v2(void *h, int n, const {T} *x, int inc, {T} *r) { (void)h; LOG(__func__); *r = cblas_{P}nrm2(n, x, inc); return 0; }
int cublas{U}dot_v2(void *h, int n, const {T} *x, int ix, const {T} *y, int iy, {T} *r) { (void)h; LOG(__func__); *r = cblas_{P}dot(n, x, ix, y, iy); return 0; }
int cublasI{P}amax_v2(void *h, int n, const {T} *x, int inc, int *r) { (void)h; LOG(__func__); *r = (int)cblas_i{P}amax(n, x, inc) + 1; return 0; }
int cublasI{P}amin_v2(void *h, int n, const {T} *x, int inc, int *r) { (void)h; LOG(__func__); *r = (int)cblas_i{P}amin(n, x, inc) + 1; return 0; }
int cublas{U}axpy_v2(void *h, int n, const {T} *al, const {T} *x, int ix, {T} *y, int iy) { (void)h; LOG(__func__); cblas_{P}axpy(n, *al, x, ix, y, iy); return 0; }
int cublas{U}gemv_v2(void *h, int t, int m, int n, const {T} *al, const {T} *a, int lda, const {T} *x, int ix, const {T} *be, {T} *y, int iy)
{ (void)h; LOG(__func__); cblas_{P}gemv(CblasColMajor, OP(t), m, n, *al, a, lda, x, ix, *be, y, iy); return 0; }
int cublas{U}trsv_v2(void *h, int uplo, int t, int diag, int n, const {T} *a, int lda, {T} *x, int inc)
{ (void)h; LOG(__func__); cblas_{P}trsv(CblasColMajor, uplo ? CblasUpper : CblasLower, OP(t), diag ? CblasUnit : CblasNonUnit, n, a, lda, x, inc); return 0; }
int cublas{U}trsm_v2(void *h, int side, int uplo, int t, int diag, int m, int n, const {T} *al, const {T} *a, int lda, {T} *b, int ldb)
{ (void)h; LOG(__func__); cblas_{P}trsm(CblasColMajor, side ? CblasRight : CblasLeft, uplo ? CblasUpper : CblasLower, OP(t), diag ? CblasUnit : CblasNonUnit, m, n, *al, a, lda, b, ldb); return 0; }
int cublas{U}getrfBatched(void *h, int n, {T} *const a[], int lda, int *p, int *info, int batch)
{ (void)h; LOG(__func__); for (int k = 0; k < batch; k++) info[k] = LAPACKE_{P}getrf(LAPACK_COL_MAJOR, n, n, a[k], lda, p + k * n); return 0; }
int cublas{U}getriBatched(void *h, int n, const {T} *const a[], int lda, const int *p, {T} *const c[], int ldc, int *info, int batch)
{
    (void)h; LOG(__func__);
    for (int k = 0; k < batch; k++) {
        for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) c[k][i + j * ldc] = a[k][i + j * lda];
        info[k] = LAPACKE_{P}getri(LAPACK_COL_MAJOR, n, c[k], ldc, p + k * n);
    }
    return 0;
}
int cublas{U}getrsBatched(void *h, int t, int n, int nrhs, const {T} *const a[], int lda, const int *p, {T} *const b[], int ldb, int *info, int batch)
{ (void)h; LOG(__func__); *info = 0; for (int k = 0; k < batch; k++) LAPACKE_{P}getrs(LAPACK_COL_MAJOR, t ? 'T' : 'N', n, nrhs, a[k], lda, p + k * n, b[k], ldb); return 0; }
int cublas{U}geam(void *h, int ta, int tb, int m, int n, const {T} *al, const {T} *a, int lda, const {T} *be, const {T} *b, int ldb, {T} *c, int ldc)
{
    (void)h; LOG(__func__);
    if (ta || tb) return 7;
    for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) c[i + j * ldc] = *al * a[i + j * lda] + *be * b[i + j * ldb];
    return 0;
}
"""

BLAS_HEAD = r"""
#include <cblas.h>
#include <lapacke.h>
int cublasCreate_v2(void **h) { *h = &H; return 0; }
int cublasCgemm_v2(void *h, int ta, int tb, int m, int n, int k, const void *al, const void *a, int lda, const void *b, int ldb, const void *be, void *c, int ldc)
{ (void)h; LOG(__func__); cblas_cgemm(CblasColMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans, m, n, k, al, a, lda, b, ldb, be, c, ldc); return 0; }
int cublasZgemm_v2(void *h, int ta, int tb, int m, int n, int k, const void *al, const void *a, int lda, const void *b, int ldb, const void *be, void *c, int ldc)
{ (void)h; LOG(__func__); cblas_zgemm(CblasColMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans, m, n, k, al, a, lda, b, ldb, be, c, ldc); return 0; }
int cublasCsscal_v2(void *h, int n, const float *al, void *x, int inc) { (void)h; LOG(__func__); cblas_csscal(n, *al, x, inc); return 0; }
int cublasZdscal_v2(void *h, int n, const double *al, void *x, int inc) { (void)h; LOG(__func__); cblas_zdscal(n, *al, x, inc); return 0; }
"""

# cuSOLVER over LAPACKE, column-major
SOLVER_T = r"""
int cusolverDn{U}getrf_bufferSize(void *h, int m, int n, {T} *a, int lda, int *lw) { (void)h; (void)m; (void)n; (void)a; (void)lda; *lw = 1; return 0; }
int cusolverDn{U}getrf(void *h, int m, int n, {T} *a, int lda, {T} *w, int *ipiv, int *info)
{ (void)h; (void)w; LOG(__func__); *info = LAPACKE_{P}getrf(LAPACK_COL_MAJOR, m, n, a, lda, ipiv); return 0; }
int cusolverDn{U}getrs(void *h, int t, int n, int nrhs, const {T} *a, int lda, const int *ipiv, {T} *b, int ldb, int *info)
{ (void)h; LOG(__func__); *info = LAPACKE_{P}getrs(LAPACK_COL_MAJOR, t ? 'T' : 'N', n, nrhs, a, lda, ipiv, b, ldb); return 0; }
int cusolverDn{U}potrf_bufferSize(void *h, int uplo, int n, {T} *a, int lda, int *lw) { (void)h; (void)uplo; (void)n; (void)a; (void)lda; *lw = 1; return 0; }
int cusolverDn{U}potrf(void *h, int uplo, int n, {T} *a, int lda, {T} *w, int lw, int *info)
{ (void)h; (void)w; (void)lw; LOG(__func__); *info = LAPACKE_{P}potrf(LAPACK_COL_MAJOR, uplo ? 'U' : 'L', n, a, lda); return 0; }
int cusolverDn{U}geqrf_bufferSize(void *h, int m, int n, {T} *a, int lda, int *lw) { (void)h; (void)m; (void)n; (void)a; (void)lda; *lw = 1; return 0; }
int cusolverDn{U}geqrf(void *h, int m, int n, {T} *a, int lda, {T} *tau, {T} *w, int lw, int *info)
{ (void)h; (void)w; (void)lw; LOG(__func__); *info = LAPACKE_{P}geqrf(LAPACK_COL_MAJOR, m, n, a, lda, tau); return 0; }
int cusolverDn{U}orgqr_bufferSize(void *h, int m, int n, int k, const {T} *a, int lda, const {T} *tau, int *lw) { (void)h; (void)m; (void)n; (void)k; (void)a; (void)lda; (void)tau; *lw = 1; return 0; }
int cusolverDn{U}orgqr(void *h, int m, int n, int k, {T} *a, int lda, const {T} *tau, {T} *w, int lw, int *info)
{ (void)h; (void)w; (void)lw; LOG(__func__); *info = LAPACKE_{P}orgqr(LAPACK_COL_MAJOR, m, n, k, a, lda, tau); return 0; }
int cusolverDn{U}ormqr_bufferSize(void *h, int side, int t, int m, int n, int k, const {T} *a, int lda, const {T} *tau, const {T} *c, int ldc, int *lw)
{ (void)h; (void)side; (void)t; (void)m; (void)n; (void)k; (void)a; (void)lda; (void)tau; (void)c; (void)ldc; *lw = 1; return 0; }
int cusolverDn{U}ormqr(void *h, int side, int t, int m, int n, int k, const {T} *a, int lda, const {T} *tau, {T} *c, int ldc, {T} *w, int lw, int *info)
{ (void)h; (void)w; (void)lw; LOG(__func__); *info = LAPACKE_{P}ormqr(LAPACK_COL_MAJOR, side ? 'R' : 'L', t ? 'T' : 'N', m, n, k, a, lda, tau, c, ldc); return 0; }
int cusolverDn{U}potrs(void *h, int uplo, int n, int nrhs, const {T} *a, int lda, {T} *b, int ldb, int *info)
{ (void)h; LOG(__func__); *info = LAPACKE_{P}potrs(LAPACK_COL_MAJOR, uplo ? 'U' : 'L', n, nrhs, a, lda, b, ldb); return 0; }
int cusolverDn{U}gesvd_bufferSize(void *h, int m, int n, int *lw) { (void)h; (void)m; (void)n; *lw = 1; return 0; }
int cusolverDn{U}gesvd(void *h, signed char ju, signed char jvt, int m, int n, {T} *a, int lda, {T} *s, {T} *u, int ldu, {T} *vt, int ldvt, {T} *w, int lw, {T} *rw, int *info)
{
    (void)h; (void)w; (void)lw; (void)rw; LOG(__func__);
    if (m < n) return 3;        /* cuSOLVER's gesvd: m >= n only */
    {T} *sup = malloc(sizeof({T}) * (size_t)(n + 1));
    *info = LAPACKE_{P}gesvd(LAPACK_COL_MAJOR, ju, jvt, m, n, a, lda, s, u, ldu, vt, ldvt, sup);
    free(sup);
    return 0;
}
int cusolverDn{U}syevd_bufferSize(void *h, int jz, int uplo, int n, const {T} *a, int lda, const {T} *w, int *lw) { (void)h; (void)jz; (void)uplo; (void)n; (void)a; (void)lda; (void)w; *lw = 1; return 0; }
int cusolverDn{U}syevd(void *h, int jz, int uplo, int n, {T} *a, int lda, {T} *w, {T} *wk, int lw, int *info)
{ (void)h; (void)wk; (void)lw; LOG(__func__); *info = LAPACKE_{P}syevd(LAPACK_COL_MAJOR, jz ? 'V' : 'N', uplo ? 'U' : 'L', n, a, lda, w); return 0; }
"""

SOLVER_HEAD = r"""
#include <lapacke.h>
int cusolverDnCreate(void **h) { *h = &H; return 0; }
int cusolverDnCreateParams(void **p) { *p = &H; return 0; }
int cusolverDnDestroyParams(void *p) { (void)p; return 0; }
#ifndef NO_XGEEV
int cusolverDnXgeev_bufferSize(void *h, void *p, int jl, int jr, int64_t n, int ta, const void *a, int64_t lda, int tw, const void *w, int tl, const void *vl, int64_t ldvl, int tr, const void *vr, int64_t ldvr, int tc, size_t *db, size_t *hb)
{ (void)h; (void)p; (void)jl; (void)jr; (void)n; (void)ta; (void)a; (void)lda; (void)tw; (void)w; (void)tl; (void)vl; (void)ldvl; (void)tr; (void)vr; (void)ldvr; (void)tc; *db = 8; *hb = 16; return 0; }
int cusolverDnXgeev(void *h, void *p, int jl, int jr, int64_t n, int ta, void *a, int64_t lda, int tw, void *w, int tl, void *vl, int64_t ldvl, int tr, void *vr, int64_t ldvr, int tc, void *dw, size_t db, void *hw, size_t hb, int *info)
{
    (void)h; (void)p; (void)tl; (void)vl; (void)dw; (void)db; (void)hw; (void)hb; LOG(__func__);
    if (jl || ta != tw || ta != tr || ta != tc || !hw) return 3;
    if (ta == 1)
        *info = LAPACKE_dgeev(LAPACK_COL_MAJOR, 'N', jr ? 'V' : 'N', (int)n, a, (int)lda, w, (double *)w + n, NULL, (int)ldvl, vr, (int)ldvr);
    else
        *info = LAPACKE_sgeev(LAPACK_COL_MAJOR, 'N', jr ? 'V' : 'N', (int)n, a, (int)lda, w, (float *)w + n, NULL, (int)ldvl, vr, (int)ldvr);
    return 0;
}
#endif
"""

# cuFFT over FFTW's plan_many (the same layout arguments); cuFFT's FORWARD/INVERSE are
# FFTW's -1/+1, both unnormalised
FFT = r"""
#include <fftw3.h>
typedef struct { int rank, n[3], ie[3], is, id, oe[3], os, od, type, batch; } P;
static P plans[256];
static int np;
int cufftPlanMany(int *plan, int rank, int *n, int *ie, int is, int id, int *oe, int os, int od, int type, int batch)
{
    LOG(__func__);
    if (np == 256 || rank < 1 || rank > 3) return 1;
    P *p = &plans[np];
    p->rank = rank; p->is = is; p->id = id; p->os = os; p->od = od; p->type = type; p->batch = batch;
    for (int k = 0; k < rank; k++) { p->n[k] = n[k]; p->ie[k] = ie[k]; p->oe[k] = oe[k]; }
    *plan = np++;
    return 0;
}
int cufftDestroy(int plan) { (void)plan; return 0; }
int cufftExecC2C(int plan, void *in, void *out, int dir)
{
    P *p = &plans[plan]; LOG(__func__);
    if (p->type != 0x29) return 5;
    fftwf_plan f = fftwf_plan_many_dft(p->rank, p->n, p->batch, in, p->ie, p->is, p->id, out, p->oe, p->os, p->od, dir, FFTW_ESTIMATE);
    fftwf_execute(f); fftwf_destroy_plan(f); return 0;
}
int cufftExecZ2Z(int plan, void *in, void *out, int dir)
{
    P *p = &plans[plan]; LOG(__func__);
    if (p->type != 0x69) return 5;
    fftw_plan f = fftw_plan_many_dft(p->rank, p->n, p->batch, in, p->ie, p->is, p->id, out, p->oe, p->os, p->od, dir, FFTW_ESTIMATE);
    fftw_execute(f); fftw_destroy_plan(f); return 0;
}
int cufftExecR2C(int plan, void *in, void *out)
{
    P *p = &plans[plan]; LOG(__func__);
    if (p->type != 0x2a) return 5;
    fftwf_plan f = fftwf_plan_many_dft_r2c(p->rank, p->n, p->batch, in, p->ie, p->is, p->id, out, p->oe, p->os, p->od, FFTW_ESTIMATE);
    fftwf_execute(f); fftwf_destroy_plan(f); return 0;
}
int cufftExecD2Z(int plan, void *in, void *out)
{
    P *p = &plans[plan]; LOG(__func__);
    if (p->type != 0x6a) return 5;
    fftw_plan f = fftw_plan_many_dft_r2c(p->rank, p->n, p->batch, in, p->ie, p->is, p->id, out, p->oe, p->os, p->od, FFTW_ESTIMATE);
    fftw_execute(f); fftw_destroy_plan(f); return 0;
}
int cufftExecC2R(int plan, void *in, void *out)
{
    P *p = &plans[plan]; LOG(__func__);
    if (p->type != 0x2c) return 5;
    fftwf_plan f = fftwf_plan_many_dft_c2r(p->rank, p->n, p->batch, in, p->ie, p->is, p->id, out, p->oe, p->os, p->od, FFTW_ESTIMATE);
    fftwf_execute(f); fftwf_destroy_plan(f); return 0;
}
int cufftExecZ2D(int plan, void *in, void *out)
{
    P *p = &plans[plan]; LOG(__func__);
    if (p->type != 0x6c) return 5;
    fftw_plan f = fftw_plan_many_dft_c2r(p->rank, p->n, p->batch, in, p->ie, p->is, p->id, out, p->oe, p->os, p->od, FFTW_ESTIMATE);
    fftw_execute(f); fftw_destroy_plan(f); return 0;
}
"""

LIBS = {"libcublas.so": (BLAS_HEAD, BLAS_T, ["-llapacke", "-lopenblas"]),
        "libcusolver.so": (SOLVER_HEAD, SOLVER_T, ["-llapacke", "-lopenblas"]),
        "libcufft.so": (FFT, "", ["-lfftw3", "-lfftw3f"])}


def build(path, src, flags):
    c = path + ".c"
    with open(c, "w") as f:
        f.write(src)
    code, _, e = run(["cc", "-shared", "-fPIC", "-O1", "-o", path, c, "-L/usr/lib/x86_64-linux-gnu/openblas-pthread/",
                      "-I/usr/include/x86_64-linux-gnu/openblas-pthread/"] + flags)
    if code:
        raise AssertionError("building %s: %s" % (os.path.basename(path), e[-2000:]))


def fake_folder():
    """The folder with the fake driver and libraries, and the toolkit's NVRTC."""
    d = out("fake-cuda-libs")
    if os.path.exists(os.path.join(d, "done")):
        return d
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(ROOT, "runtime", "cuda", "loader.c")) as f:
        names = re.findall(r'SYM\(d, \w+, "(\w+)"\)', f.read())
    if "cuMemAlloc_v2" not in names:
        raise AssertionError("loader.c's driver functions not found")
    src = PRELUDE + "\n".join(DRIVER_SPECIAL.get(n, "int %s(void) { return 0; }" % n) for n in names) + "\n"
    build(os.path.join(d, "libcuda.so.1"), src, [])
    for lib, (head, tmpl, flags) in LIBS.items():
        body = PRELUDE + head
        for p, t, u in (("s", "float", "S"), ("d", "double", "D")):
            body += tmpl.replace("{P}", p).replace("{T}", t).replace("{U}", u)
        build(os.path.join(d, lib), body, flags)
    nvrtc = sorted(f for f in os.listdir(os.path.join(CUDA_HOME, "lib64")) if f.startswith("libnvrtc"))
    for f in nvrtc:
        dst = os.path.join(d, f)
        if not os.path.exists(dst):
            os.symlink(os.path.join(CUDA_HOME, "lib64", f), dst)
    open(os.path.join(d, "done"), "w").close()
    return d


def without(lib):
    """A copy of the fake folder without `lib`."""
    src = fake_folder()
    d = out("fake-cuda-no-" + lib.split(".")[0])
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(d)
    for f in os.listdir(src):
        if f != lib and not f.endswith(".c") and f != "done":
            os.symlink(os.path.join(src, f), os.path.join(d, f))
    return d


def old_cusolver():
    """The fake folder with a libcusolver before CUDA 12.6: no cusolverDnXgeev."""
    d = without("libcusolver.so")
    body = PRELUDE + SOLVER_HEAD
    for p, t, u in (("s", "float", "S"), ("d", "double", "D")):
        body += SOLVER_T.replace("{P}", p).replace("{T}", t).replace("{U}", u)
    build(os.path.join(d, "libcusolver.so"), body, ["-DNO_XGEEV", "-llapacke", "-lopenblas"])
    return d


def exec_q(body, libdir, name, extra=()):
    path = out(name)
    with open(path, "w") as f:
        f.write(body)
    log = out(name + ".log")
    if os.path.exists(log):
        os.remove(log)
    env = dict(os.environ, QPIPE_CUDA_LIBDIR=libdir, FAKE_LIBS_LOG=log)
    code, o, e = run([QPIPE, "exec", "--engine", "cuda", "-v"] + list(extra) + [path], env=env)
    calls = open(log).read().split() if os.path.exists(log) else []
    return code, o, e, calls


def mat(x):
    return "[" + ",".join("[" + ",".join(repr(float(v)) for v in row) + "]" for row in x) + "]"


def numbers(o):
    import numpy as np
    return np.array([float(t) for t in NUM.findall(o)])


def compare(what, code, o, e, want, rtol=2e-5, atol=2e-6):
    import numpy as np
    got = numbers(o)
    want = np.concatenate([np.atleast_1d(np.asarray(w, dtype=float)).ravel() for w in want])
    if code != 0 or got.shape != want.shape or not np.allclose(got, want, rtol=rtol, atol=atol):
        bad = "-"
        if got.shape == want.shape:
            i = int(np.argmax(np.abs(got - want)))
            bad = "number %d: %g, want %g" % (i, got[i], want[i])
        raise AssertionError("%s: exit %d, %d numbers (want %d), %s; stderr %s" % (
            what, code, got.size, want.size, bad, e[-600:]))


def fell_back(e, names):
    return [n for n in names if re.search(r"qpipe: %s runs on the CPU" % re.escape(n), e)]


def need(calls, names):
    missing = [n for n in names if not any(c.startswith(n) for c in calls)]
    if missing:
        raise AssertionError("never called: %s (calls: %s)" % (missing, sorted(set(calls))))


def lu_ref(a):
    """Doolittle LU with partial pivoting (LAPACK's choice: the first largest |pivot|)."""
    import numpy as np
    a = np.array(a, dtype=float)
    m, n = a.shape
    perm = list(range(m))
    lu_ref.ipiv = []            # LAPACK's pivots, zero-based: row k swapped with row ipiv[k]
    for k in range(min(m, n)):
        p = k + int(np.argmax(np.abs(a[k:, k])))
        lu_ref.ipiv.append(p)
        a[[k, p]] = a[[p, k]]
        perm[k], perm[p] = perm[p], perm[k]
        if a[k, k] != 0:
            a[k + 1:, k] /= a[k, k]
            a[k + 1:, k + 1:] -= np.outer(a[k + 1:, k], a[k, k + 1:])
    k = min(m, n)
    L = np.zeros((m, k))
    for i in range(m):
        for j in range(min(i + 1, k)):
            L[i, j] = 1 if i == j else a[i, j]
    U = np.triu(a[:k, :])
    P = np.zeros((m, m))
    for i in range(m):
        P[i, perm[i]] = 1
    return L, U, P


A43 = [[2.0, -1.0, 0.5], [1.0, 4.0, -2.0], [0.0, 1.0, 3.0], [-1.0, 0.5, 1.0]]
S4 = [[4.0, 1.0, -0.5, 0.2], [1.0, 3.0, 0.7, -0.1], [-0.5, 0.7, 2.5, 0.4], [0.2, -0.1, 0.4, 1.5]]
G3 = [[1.0, -2.0, 0.5], [3.0, 0.0, 1.0], [0.5, 4.0, -1.0]]


@check("the decompositions through the fake cuSOLVER (--double): lu of a 4x3 and a 3x4, qr (Q, R), svd "
       "(values, reconstruction) of both shapes, symeig, eig (complex pair), det, solve of a tall and a wide system (QR), square solve, inv, chol (getrf/getrs, potrf)")
def _():
    import numpy as np
    a = np.array(A43)
    s4 = np.array(S4)
    g = np.array(G3)
    b4 = np.array([1.0, -2.0, 0.5, 3.0])
    b2 = np.array([[1.0, 0.5], [-1.0, 2.0], [0.25, -0.75]])
    prog = """A = %s
S4 = %s
G = %s
[L, U, P] = lu(A)
print L
print U
print P
[L2, U2, P2] = lu(transpose(A))
print L2
print U2
print P2
[Q, R] = qr(A)
print Q
print R
s = svd(A)
print s
[U3, S3, V3] = svd(A)
print max(abs(U3 * S3 * transpose(V3) - A)) < 1e-12
print max(abs(transpose(U3) * U3 - eye(4))) < 1e-12
[U4, S4x, V4] = svd(transpose(A))
print max(abs(U4 * S4x * transpose(V4) - transpose(A))) < 1e-12
print svd(transpose(A))
w = symeig(S4)
print w
[V, D] = symeig(S4)
print max(abs(S4 * V - V * diag(D))) < 1e-12
print max(abs(transpose(V) * V - eye(4))) < 1e-12
e = eig(G)
print real(e)
print imag(e)
[EV, ED] = eig(G)
print max(abs(G * EV - EV * ED)) < 1e-12
print det(G)
print solve(A, %s)
print solve(transpose(A), %s)
print pinv(A)
print solve(G, [1, 2, 3])
print solve(S4, A)
print inv(G)
print chol(S4)
""" % (mat(A43), mat(S4), mat(G3), "[" + ",".join(repr(float(v)) for v in b4) + "]", mat(b2))
    code, o, e, calls = exec_q(prog, fake_folder(), "decomp.q", ["--double"])
    L, U, P = lu_ref(a)
    L2, U2, P2 = lu_ref(a.T)
    Q, R = np.linalg.qr(a, mode="complete")
    ev = np.linalg.eigvals(g)
    order = np.argsort(-ev.imag, kind="stable")     # LAPACK: real first? compare as sets below
    want = [L, U, P, L2, U2, P2, Q, R, np.linalg.svd(a, compute_uv=False), 1, 1, 1,
            np.linalg.svd(a.T, compute_uv=False), np.linalg.eigvalsh(s4), 1, 1]
    got = numbers(o)
    # the eigenvalues of G: LAPACK's order, compared as a set of (re, im)
    head = sum(np.size(w) for w in want)
    n = 3
    re_, im_ = got[head:head + n], got[head + n:head + 2 * n]
    gotset = sorted(zip(np.round(re_, 4), np.round(im_, 4)))
    wantset = sorted(zip(np.round(ev.real, 4), np.round(ev.imag, 4)))
    if gotset != wantset:
        raise AssertionError("eig(G): %s, want %s; stderr %s" % (gotset, wantset, e[-400:]))
    del order
    rest = [1, np.linalg.det(g), np.linalg.lstsq(a, b4, rcond=None)[0], np.linalg.pinv(a.T) @ b2, np.linalg.pinv(a),
            np.linalg.solve(g, [1, 2, 3]), np.linalg.solve(s4, a), np.linalg.inv(g), np.linalg.cholesky(s4).T]
    o2 = " ".join(NUM.findall(o)[:head]) + " " + " ".join(NUM.findall(o)[head + 2 * n:])
    compare("decompositions", code, o2, e, want + rest)
    back = fell_back(e, ["lu", "qr", "svd", "symeig", "eig", "det", "solve", "pinv", "inv", "chol"])
    if back:
        raise AssertionError("ran on the CPU: %s; stderr %s" % (back, e[-400:]))
    need(calls, ["cusolverDnDgetrf", "cusolverDnDgeqrf", "cusolverDnDorgqr", "cusolverDnDgesvd", "cusolverDnDsyevd",
                 "cusolverDnXgeev", "cusolverDnDormqr", "cublasDtrsm_v2", "cusolverDnDgetrs", "cusolverDnDpotrf"])


@check("the blas_* builtins through the fake cuBLAS (single precision): level 1, gemm with transpositions, gemv, "
       "trsv (upper and lower, transposed), geam, the product A * C on the device copies, cholsolve (potrs), lu and lusolve, "
       "the batched LU, inverses and solves; results as NumPy's (zero-based pivots)")
def _():
    import numpy as np
    x = np.array([1.5, -3.0, 2.0, 0.5, -0.25])
    y = np.array([2.0, 1.0, -1.0, 4.0, 0.5])
    a = np.array(A43)
    c = np.array([[1.0, 2.0, 3.0], [0.0, -1.0, 1.0], [2.0, 2.0, 0.5]])
    u = np.array([[2.0, 1.0, 1.0], [0.0, 4.0, 2.0], [0.0, 0.0, 5.0]])
    v = lambda z: "[" + ",".join(repr(float(t)) for t in z) + "]"    # noqa: E731
    prog = """x = %s
y = %s
A = %s
C = %s
U = %s
print blas_asum(x)
print blas_nrm2(x)
print blas_dot(x, y)
print blas_amax(x)
print blas_amin(x)
print blas_axpy(2, x, y)
print blas_scal(-0.5, x)
print blas_gemm(A, transpose(A))
print blas_gemm(0.5, A, A, 2, C, 1, 0)
print blas_gemv(A, [1, 2, 3])
print blas_gemv(2, A, [1, 0, -1, 2], -1, [1, 1, 1], 1)
print blas_trsv(U, [6, 12, 10])
print blas_trsv(U, [2, 5, 13], "U", "T")
print blas_trsv(transpose(U), [2, 5, 13], "L")
print blas_geam(2, C, -1, transpose(C))
print A * C
S = transpose(A) * A + eye(3)
R = chol(S)
print blas_cholsolve(R, C)
[LU, piv] = blas_lu(C)
print piv
print blas_lusolve(LU, piv, [1, 2, 3])
X = zeros(2, 3, 3)
X[0, :, :] = C
X[1, :, :] = S
[LB, pb] = blas_lubatched(X)
print pb
print blas_lumatinvbatches(LB, pb)
print blas_matinvbatches(X)
Bc = zeros(2, 3, 2)
Bc[0, :, :] = transpose(A[0..1, :])
Bc[1, :, :] = transpose(A[2..3, :])
print blas_lusolvebatches(LB, pb, Bc)
""" % (v(x), v(y), mat(A43), mat(c.tolist()), mat(u.tolist()))
    code, o, e, calls = exec_q(prog, fake_folder(), "blas.q")
    want = [np.sum(np.abs(x)), np.linalg.norm(x), x @ y, np.argmax(np.abs(x)), np.argmin(np.abs(x)), 2 * x + y,
            -0.5 * x, a @ a.T, 0.5 * a.T @ a + 2 * c, a @ [1, 2, 3], 2 * a.T @ [1, 0, -1, 2] - 1,
            np.linalg.solve(u, [6, 12, 10]), np.linalg.solve(u.T, [2, 5, 13]), np.linalg.solve(u.T, [2, 5, 13]),
            2 * c - c.T, a @ c]
    s3 = a.T @ a + np.eye(3)
    lu_ref(c)
    piv = list(lu_ref.ipiv)
    want += [np.linalg.solve(s3, c), piv, np.linalg.solve(c, [1, 2, 3])]
    lu_ref(s3)
    piv2 = list(lu_ref.ipiv)
    want += [np.stack([piv, piv2]), np.stack([np.linalg.inv(c), np.linalg.inv(s3)]),
             np.stack([np.linalg.inv(c), np.linalg.inv(s3)]),
             np.stack([np.linalg.solve(c, a[0:2].T), np.linalg.solve(s3, a[2:4].T)])]
    compare("blas_*", code, o, e, want, rtol=1e-5, atol=1e-5)
    back = fell_back(e, ["blas_%s" % f for f in ("asum nrm2 dot amax amin axpy scal gemm gemv trsv geam cholsolve lu "
                                                 "lusolve lubatched lumatinvbatches matinvbatches "
                                                 "lusolvebatches").split()])
    if back:
        raise AssertionError("ran on the CPU: %s; stderr %s" % (back, e[-400:]))
    need(calls, ["cublasSasum", "cublasSnrm2", "cublasSdot", "cublasIsamax", "cublasIsamin", "cublasSaxpy",
                 "cublasSscal", "cublasSgemm", "cublasSgemv", "cublasStrsv", "cublasSgeam", "cusolverDnSpotrs",
                 "cublasSgetrfBatched", "cublasSgetriBatched", "cublasSgetrsBatched", "cusolverDnSgetrf"])


@check("FFTs through the fake cuFFT (--double): fft2 of a real matrix and of a real H x W x 3 cube (D2Z into the "
       "half, then qpipe's Hermitian completion kernel, which the fake driver runs from its definition), ifft1 of a "
       "real vector (widened on the device; kept complex: real(ifft1(x)) is irealfft1 by the language's reduction), "
       "irealfft2 of a spectrum and irealfft1 over a cube's rows "
       "(C2R on the full-size layout), fft2 of an H x W x 3 cube; fft2 and irealfft2 in single precision")
def _():
    import numpy as np
    r = np.array([[1.0, 2.0, -1.0, 0.5, 3.0], [0.0, 1.5, 2.0, -2.0, 1.0], [4.0, -1.0, 0.25, 1.0, 2.0],
                  [1.0, 1.0, 0.0, -0.5, 2.5]])
    cube = np.arange(4 * 6 * 3, dtype=float).reshape(4, 6, 3) % 7 - 2.5
    prog = """R = %s
F = fft2(R)
print real(F)
print imag(F)
H = ifft1(R[1, :])
print real(H)
print imag(H)
print irealfft2(F)
C = zeros(4, 6, 3)
for i = 0..3
    for j = 0..5
        for k = 0..2
            C[i, j, k] = mod(i * 18 + j * 3 + k, 7) - 2.5
        endfor
    endfor
endfor
G = fft2(C)
print real(G[1, 2, :])
print imag(G[3, 5, :])
print irealfft1(fft1(R))
""" % mat(r.tolist())
    code, o, e, calls = exec_q(prog, fake_folder(), "fft.q", ["--double"])
    f = np.fft.fft2(r)
    g = np.fft.fft2(cube, axes=(0, 1))
    want = [f.real, f.imag, np.fft.ifft(r[1]).real, np.fft.ifft(r[1]).imag, r, g[1, 2, :].real, g[3, 5, :].imag, r]
    compare("fft", code, o, e, want, rtol=1e-5, atol=1e-5)
    back = fell_back(e, ["fft2", "ifft1", "irealfft2", "irealfft1", "fft1"])
    if back:
        raise AssertionError("ran on the CPU: %s; stderr %s" % (back, e[-400:]))
    need(calls, ["cufftExecD2Z", "qp_herm_d", "cufftExecZ2Z", "cufftExecZ2D", "cublasDcopy_v2", "cublasDscal_v2"])
    # single precision: R2C and the float kernel
    code, o, e, calls = exec_q("R = %s\nF = fft2(R)\nprint real(F)\nprint imag(F)\nprint irealfft2(F)\n"
                               % mat(r.tolist()), fake_folder(), "fft-single.q")
    compare("fft single", code, o, e, [f.real, f.imag, r], rtol=1e-4, atol=1e-4)
    need(calls, ["cufftExecR2C", "qp_herm_f", "cufftExecC2R", "cublasSscal_v2"])


@check("without libcusolver, libcublas or libcufft: the same results from the CPU code, each builtin said once "
       "under -v as running on the CPU with the library's name")
def _():
    import numpy as np
    a = np.array(A43)
    prog = """A = %s
print svd(A)
print svd(A)
print blas_nrm2([3, 4])
print real(fft2(A))
""" % mat(A43)
    cases = [("libcusolver.so", "svd", "cuSOLVER (libcusolver.so) not found"),
             ("libcublas.so", "blas_nrm2", "cuBLAS (libcublas.so) not found"),
             ("libcufft.so", "fft2", "cuFFT (libcufft.so) not found")]
    for lib, name, msg in cases:
        code, o, e, calls = exec_q(prog, without(lib), "nolib.q", ["--double"])
        s = np.linalg.svd(a, compute_uv=False)
        compare("without %s" % lib, code, o, e, [s, s, 5, np.fft.fft2(a).real])
        said = re.findall(r"^qpipe: %s runs on the CPU \((.*)\)$" % name, e, re.M)
        if len(said) != 1 or msg not in said[0]:
            raise AssertionError("without %s: %r said %d times (%s), want once with %r" % (lib, name, len(said),
                                                                                         said, msg))


@check("a libcusolver without cusolverDnXgeev (before CUDA 12.6): eig runs on the CPU, said once under -v with the "
       "missing function; svd still runs through cuSOLVER")
def _():
    import numpy as np
    g = np.array(G3)
    a = np.array(A43)
    prog = """G = %s
A = %s
e = eig(G)
print sum(real(e))
print sum(abs(e))
e = eig(G)
print svd(A)
""" % (mat(G3), mat(A43))
    code, o, e, calls = exec_q(prog, old_cusolver(), "oldsolver.q", ["--double"])
    ev = np.linalg.eigvals(g)
    compare("old cuSOLVER", code, o, e, [ev.real.sum(), np.abs(ev).sum(), np.linalg.svd(a, compute_uv=False)])
    said = re.findall(r"^qpipe: eig runs on the CPU \((.*)\)$", e, re.M)
    if len(said) != 1 or "has no function cusolverDnXgeev" not in said[0] or fell_back(e, ["svd"]):
        raise AssertionError("eig said %r, svd %s; stderr %s" % (said, fell_back(e, ["svd"]), e[-400:]))
    need(calls, ["cusolverDnDgesvd"])


if __name__ == "__main__":
    raise SystemExit(main())
