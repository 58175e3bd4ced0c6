/*
 * batched.h - the blas_* builtins that solve with given factors and the batched LU family
 * (lib_blas.c: blas_cholsolve, blas_lusolve, blas_lubatched, blas_lumatinvbatches,
 * blas_matinvbatches, blas_lusolvebatches) through cuSOLVER's potrs and cuBLAS's
 * get{rf,ri,rs}Batched on the CUDA engine (batched.c).
 *
 * Data enters as the row-major host working copies of linalg.h (the program's precision)
 * and leaves in them, in LAPACKE row-major's layout: K x n x n cubes are K matrices one
 * after another, pivots LAPACK's (1-based, n per matrix), right-hand sides n x r per
 * matrix. Each function is one scratch run (scratch.h): 1 done, 0 not here with why
 * (nothing written: the caller runs LAPACK), -1 a download failed.
 *
 * Layout: the factors, right-hand sides and results are transposed on the host into
 * column-major and back, except where the transposition cancels: the inverse of each
 * stored A^T is (A^-1)^T column-major, i.e. A^-1 row-major, so blas_matinvbatches
 * factors and inverts the stored matrices as they are; potrs reads the stored upper R as
 * the lower L = R^T (A = L L^T).
 */
#ifndef RT_CUDA_BATCHED_H
#define RT_CUDA_BATCHED_H

#include <stdbool.h>
#include <stddef.h>

/* x (n x r) = A^-1 x with A = R^T R, R the row-major upper n x n factor of chol. */
int rt_cuda_potrs(bool dbl, int n, int r, const void *rr, void *x, char *why, size_t len);
/* LU of each of the K row-major n x n matrices at c, in place; ipiv (K*n) LAPACK pivots,
 * info (K) LAPACK's (> 0: that U is singular). */
int rt_cuda_getrf_batched(bool dbl, int K, int n, void *c, int *ipiv, int *info, char *why, size_t len);
/* The inverse of each of the K matrices at c, in place: from their LU factors and pivots
 * (ipiv), or, with ipiv NULL, from the matrices themselves (factored first). info (K):
 * > 0 for a singular matrix (its result is then undefined). */
int rt_cuda_getri_batched(bool dbl, int K, int n, void *c, const int *ipiv, int *info, char *why, size_t len);
/* Solve A_k X = B_k for k < K with the LU factors lu (K x n x n) and pivots ipiv; b
 * (K x n x r) becomes X. */
int rt_cuda_getrs_batched(bool dbl, int K, int n, int r, const void *lu, const int *ipiv, void *b, char *why,
                          size_t len);

/* The i-th library function batched.c calls (from 0), NULL past the last; *lib says
 * which library (api.h RtCudaLib). */
const char *rt_cuda_batched_symbol(int i, int *lib);

#endif
