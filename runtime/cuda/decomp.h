/*
 * decomp.h - the decompositions of linalg.c/lib_linalg.c through cuSOLVER on the CUDA
 * engine (decomp.c): LU of any m x n (lu, det, logdet, blas_lu), Householder QR and its
 * Q (qr, blas_qr, blas_q), the SVD (svd, pinv, norm, blas_gesvd), the symmetric
 * eigenproblem (symeig), the general one (eig, cusolverDnXgeev: CUDA 12.6 and later) and
 * the least-squares solve of a non-square system (solve).
 *
 * Data enters as the row-major host working copies of linalg.h, in the program's
 * precision, and results are written back into the caller's arrays in the layout and
 * with the conventions LAPACKE's row-major interface gives (1-based pivots as LAPACK's,
 * Householder reflectors and tau as geqrf's, eigenvalues ascending for symeig). Each
 * function is one scratch run (scratch.h): 1 done, 0 not here with why (nothing written:
 * the caller runs LAPACK), -1 a download failed (an error).
 *
 * Layout (cuSOLVER is column-major; a row-major m x n array read column-major is its
 * n x m transpose): getrf, geqrf, orgqr and geev need A itself, so the working copy is
 * transposed on the host on the way in and the result on the way out (as LAPACKE does
 * on the CPU); syevd reads the lower triangle of the stored A^T (the upper of A, the
 * CPU's 'U') and its eigenvectors come back transposed; gesvd (m >= n only) runs on the
 * stored A^T when n >= m, where its U is our V and its V^T our U^T, with no transposition
 * at all, and on A (transposed in, U and V^T transposed out) when m > n.
 *
 * Signs: singular vectors and eigenvectors are defined up to sign (eig: up to a unit
 * complex factor, both normalised as LAPACK's to norm 1 with the largest component
 * real); cuSOLVER's choices may differ from LAPACK's, so only A = U S V^T, A V = V D,
 * orthonormality and the values are the same on both engines (tests/gpu/decomp.q).
 */
#ifndef RT_CUDA_DECOMP_H
#define RT_CUDA_DECOMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How gesvd runs for a row-major m x n A: on rows x cols (rows >= cols) column-major,
 * the working copy transposed first when `transposed`; then U and V^T come back
 * transposed; else (the stored A^T) gesvd's U is V^T read row-major and its V^T is U. */
typedef struct RtCudaSvdMap {
    int rows, cols;
    bool transposed;
} RtCudaSvdMap;
RtCudaSvdMap rt_cuda_svd_map(int m, int n);
/* False when the diagonal of R (k values) says that A is too close to rank deficient
 * for the QR least-squares solution to be the CPU's minimum-norm one: the smallest |r_ii|
 * at most sqrt(eps) times the largest (eps of float or double). */
bool rt_cuda_qr_rank_ok(const void *diag, int64_t k, int64_t stride, bool dbl);

/* LU with partial pivoting of the row-major m x n a, in place (LAPACK's packed L\U);
 * ipiv gets min(m, n) 1-based pivots, *info LAPACK's (> 0: U is singular). */
int rt_cuda_getrf(bool dbl, int m, int n, void *a, int *ipiv, int *info, char *why, size_t len);
/* Householder QR of the row-major m x n a in place; tau gets min(m, n) factors. */
int rt_cuda_geqrf(bool dbl, int m, int n, void *a, void *tau, char *why, size_t len);
/* Q's first `cols` columns from k reflectors: q (m x cols, row-major) holds them on the
 * way in (as geqrf left them) and Q on the way out. */
int rt_cuda_orgqr(bool dbl, int m, int cols, int k, void *q, const void *tau, char *why, size_t len);
/* The singular values s (min(m, n), descending) of the row-major a (destroyed), and
 * when u is not NULL U (m x m) and V^T (n x n) with a = U diag(s) V^T. */
int rt_cuda_gesvd(bool dbl, int m, int n, void *a, void *s, void *u, void *vt, char *why, size_t len);
/* Eigenvalues w (ascending) of the symmetric n x n a (its upper triangle is read); with
 * vectors, a becomes V (eigenvectors in its columns). */
int rt_cuda_syevd(bool dbl, int n, void *a, void *w, bool vectors, char *why, size_t len);
/* Eigenvalues wr + i wi of the general n x n a (destroyed), and when vr is not NULL the
 * right eigenvectors as LAPACK's geev packs them (a complex pair in two columns). */
int rt_cuda_geev(bool dbl, int n, void *a, void *wr, void *wi, void *vr, char *why, size_t len);
/* The least-squares (m > n) or minimum-norm (m < n) solution of a x = b for a
 * row-major m x n a of full rank, through QR: x is max(m, n) x r row-major, b in its
 * first m rows on the way in, the solution in its first n rows on the way out. 0 (the
 * CPU's SVD then) when rt_cuda_qr_rank_ok says no. */
int rt_cuda_lstsq(bool dbl, int m, int n, int r, const void *a, void *x, char *why, size_t len);

/* The i-th libcusolver / libcublas function decomp.c calls (from 0), NULL past the
 * last; *lib says which library. */
const char *rt_cuda_decomp_symbol(int i, int *lib);

#endif
