/*
 * solver.h - dense solvers of cuSOLVER behind solve, inv and chol on the CUDA engine
 * (solver.c). Data enters as the host working copies of linalg.h (row-major, the
 * program's precision), is uploaded into one scratch block, factored there, and the
 * result is downloaded into the same working copy; the callers (lib_linalg.c) keep their
 * error messages: info > 0 (singular, not positive definite) comes back to them.
 *
 * Row-major vs column-major: a row-major n x n A is, read column-major, A^T. So
 *  - chol: potrf(LOWER) of A^T = A gives L with A = L L^T; read row-major, L is the
 *    upper R = L^T of chol (the strictly lower part is left as it was, as LAPACKE's is);
 *  - solve: getrf of A^T, then getrs(TRANS) solves A X = B; B is transposed on the host
 *    into the column-major n x r it must be (no copy when r == 1);
 *  - inv: getrf of A^T, getrs(NO TRANS) against I gives X = A^-T column-major, i.e.
 *    A^-1 row-major: no transposition at all.
 * The pure parts (the plan of the scratch block, the transposition) are unit-tested
 * without a device (tests/unit/test_cuda.c).
 */
#ifndef RT_CUDA_SOLVER_H
#define RT_CUDA_SOLVER_H

#include "runtime/value.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { RT_CUDA_CHOL, RT_CUDA_SOLVE, RT_CUDA_INV };

/* One device block for a factorisation: A (n x n), B (n x r; none for chol), the pivots
 * (n ints; none for chol) and the info word, each at an offset aligned to 256 bytes; the
 * solver's workspace (lwork elements, known once A is on the device) is a second block. */
typedef struct RtCudaSolvePlan {
    int op;                     /* RT_CUDA_CHOL, _SOLVE, _INV */
    int trans;                  /* getrs's cublasOperation_t: 0 N, 1 T */
    bool transpose_b;           /* B is transposed on the host (solve with r > 1) */
    int ldb;                    /* leading dimension of B on the device */
    size_t a_off, b_off, ipiv_off, info_off, bytes;
} RtCudaSolvePlan;

/* The plan for op on an n x n A with r right-hand sides (solve; n for inv) of elements
 * of esz bytes. False when the sizes exceed cuSOLVER's int arguments, or are empty.
 * solver.c uses its checks, trans and transpose_b; the parts are placed in the block by
 * scratch.c, whose offsets follow the same 256-byte rule. */
bool rt_cuda_solve_plan(int op, int64_t n, int64_t r, size_t esz, RtCudaSolvePlan *p);
/* The workspace block's bytes for lwork elements (at least one element); 0 when lwork
 * is negative or overflows. */
size_t rt_cuda_solve_work_bytes(int64_t lwork, size_t esz);
/* dst (cols x rows, row-major) = the transpose of src (rows x cols, row-major). */
void rt_cuda_transpose(const void *src, void *dst, int64_t rows, int64_t cols, size_t esz);

/* The i-th libcusolver function that solver.c calls (from 0), NULL past the last: the
 * unit test checks that each resolves in the toolkit's library. */
const char *rt_cuda_solver_symbol(int i);

/* The factorisation `op` on the device: a is the n x n working copy (chol: becomes R;
 * inv: becomes A^-1; solve: becomes the LU factors of A^T), x the n x r right-hand side
 * (solve only; becomes the solution). 1 when done (*info is cuSOLVER's: > 0 singular or
 * not positive definite, a and x then as they were or partly factored), 0 with why when it cannot run here (no device, cuSOLVER
 * missing, no device memory; a and x untouched): the caller then runs LAPACK; -1 with
 * why when the result could not be downloaded (a or x partly overwritten: an error). */
int rt_cuda_solver(int op, RtArray *a, RtArray *x, bool dbl, int *info, char *why, size_t len);

#endif
