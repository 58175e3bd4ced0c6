/*
 * blas_ops.h - the blas_* builtins of lib_blas.c through cuBLAS on the CUDA engine
 * (blas_ops.c). Data enters as the row-major host working copies of linalg.h (the
 * program's precision, float or double), is uploaded into one scratch block
 * (scratch.h), and the result comes back into the caller's working copy or number.
 * Each function returns scratch.h's 1 (done), 0 (not here, why says why: the caller
 * runs OpenBLAS, nothing was written) or -1 (a download failed: an error).
 *
 * cuBLAS is column-major: a row-major m x n matrix is, read column-major, its n x m
 * transpose, so no matrix is ever transposed for these calls; the argument mapping is
 * a pure function below, unit-tested (tests/unit/test_cuda_libs.c):
 *  - gemm C = alpha A B + beta C (m x n, k inner) is C^T = alpha B^T A^T + beta C^T:
 *    gemm(N, N, n, m, k, B, ldb n, A, lda k, C, ldc n);
 *  - gemv y = alpha A x + beta y (A m x n) is gemv(T, n, m, A, lda n) of A^T;
 *  - trsv op(A) x = b: A^T is stored, so the triangle and the transposition flip
 *    (upper of A is lower of A^T; op N of A is op T of A^T);
 *  - geam alpha A + beta B keeps the shape: geam(N, N, n, m, ..., ld n).
 */
#ifndef RT_CUDA_BLAS_OPS_H
#define RT_CUDA_BLAS_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The column-major call computing a row-major product C (m x n) = A (m x k) B (k x n). */
typedef struct RtCudaGemmMap {
    int m, n, k;                /* cuBLAS's */
    bool swap;                  /* true: cuBLAS's first operand is B, its second A */
    int lda, ldb, ldc;          /* of cuBLAS's first, second operand and of C */
} RtCudaGemmMap;
RtCudaGemmMap rt_cuda_gemm_map(int m, int n, int k);
/* trsv of a row-major triangle: cuBLAS's fill mode (0 lower, 1 upper) and operation
 * (0 N, 1 T) for the letter uplo ('U'/'L') and trans of the row-major A. */
void rt_cuda_trsv_map(char uplo, bool trans, int *fill, int *op);

/* Level 1 on n elements: what each computes (the rest of its arguments unused). */
enum {
    RT_CUDA_ASUM,               /* *res = sum |x| */
    RT_CUDA_NRM2,               /* *res = ||x|| */
    RT_CUDA_DOT,                /* *res = x . y */
    RT_CUDA_AMAX,               /* *res = the zero-based index of the first largest |x| */
    RT_CUDA_AMIN,               /* *res = ... smallest |x| */
    RT_CUDA_AXPY,               /* y = alpha x + y */
    RT_CUDA_SCAL,               /* x = alpha x (x is written) */
};
int rt_cuda_blas1(int op, int64_t n, double alpha, void *x, void *y, bool dbl, double *res, char *why, size_t len);
/* c = alpha a b + beta c (row-major, a m x k, b k x n, c m x n). */
int rt_cuda_blas_gemm(bool dbl, int m, int n, int k, double alpha, const void *a, const void *b, double beta, void *c,
                      char *why, size_t len);
/* y = alpha a x + beta y (a m x n row-major, x of n, y of m). */
int rt_cuda_blas_gemv(bool dbl, int m, int n, double alpha, const void *a, const void *x, double beta, void *y,
                      char *why, size_t len);
/* x = op(a)^-1 x for a triangular row-major n x n a (uplo 'U'/'L', diag 'N'/'U'). */
int rt_cuda_blas_trsv(bool dbl, char uplo, bool trans, char diag, int n, const void *a, void *x, char *why,
                      size_t len);
/* a = alpha a + beta b, both m x n. */
int rt_cuda_blas_geam(bool dbl, int m, int n, double alpha, void *a, double beta, const void *b, char *why,
                      size_t len);

/* The i-th libcublas function blas_ops.c calls (from 0), NULL past the last. */
const char *rt_cuda_blas_ops_symbol(int i);

#endif
