/*
 * test_cuda_libs.c - the parts of runtime/cuda/solver.c (cuSOLVER behind solve, inv,
 * chol) that need no device: the scratch block's plan (offsets worked out by hand), the
 * host transposition; and every libcusolver and libcublas function that solver.c and
 * blas.c call resolving in the toolkit's libraries (a misspelled name fails here, not
 * on a GPU machine).
 */
#include "runtime/cuda/api.h"
#include "runtime/cuda/cuda.h"
#include "runtime/cuda/solver.h"
#include "tests/unit/check.h"

#include <string.h>

static void test_plan(void)
{
    RtCudaSolvePlan p;
    /* solve, 3 x 3 float A, 2 right-hand sides: A 36 B -> 256, B 24 B -> 256, pivots
     * 12 B -> 256, info; B transposed on the host, getrs with TRANS */
    bool ok = rt_cuda_solve_plan(RT_CUDA_SOLVE, 3, 2, 4, &p);
    report("solve_plan: solve 3x3, 2 rhs",
           ok && p.a_off == 0 && p.b_off == 256 && p.ipiv_off == 512 && p.info_off == 768 && p.bytes == 1024 &&
                   p.trans == 1 && p.transpose_b && p.ldb == 3
               ? NULL
               : why("ok %d b %zu ipiv %zu info %zu bytes %zu trans %d tb %d", ok, p.b_off, p.ipiv_off, p.info_off,
                     p.bytes, p.trans, p.transpose_b));
    /* one right-hand side: a column-major n x 1 is the row-major vector, no transposition */
    ok = rt_cuda_solve_plan(RT_CUDA_SOLVE, 100, 1, 8, &p);
    report("solve_plan: one rhs is not transposed",
           ok && !p.transpose_b && p.b_off == 80128 && p.ipiv_off == 80128 + 1024 ? NULL
                                                                               : why("b %zu ipiv %zu", p.b_off, p.ipiv_off));
    /* inv 64 x 64 double: B is the n x n identity, getrs NO TRANS (A^-T column-major = A^-1) */
    ok = rt_cuda_solve_plan(RT_CUDA_INV, 64, 0, 8, &p);
    report("solve_plan: inv solves against I without transposing",
           ok && p.trans == 0 && !p.transpose_b && p.b_off == 32768 && p.ipiv_off == 65536 && p.info_off == 65792 &&
                   p.bytes == 66048
               ? NULL
               : why("trans %d b %zu ipiv %zu info %zu bytes %zu", p.trans, p.b_off, p.ipiv_off, p.info_off, p.bytes));
    /* chol: no B, no pivots */
    ok = rt_cuda_solve_plan(RT_CUDA_CHOL, 10, 5, 4, &p);
    report("solve_plan: chol has A and info only",
           ok && p.b_off == 512 && p.ipiv_off == 512 && p.info_off == 512 && p.bytes == 768 ? NULL
                                                                                          : why("bytes %zu", p.bytes));
    /* sizes past cuSOLVER's int arguments, and nonsense, are refused: the CPU runs them */
    report("solve_plan: n*n over 2^31 refused", !rt_cuda_solve_plan(RT_CUDA_INV, 50000, 0, 4, &p) ? NULL : "accepted");
    report("solve_plan: n*r over 2^31 refused",
           !rt_cuda_solve_plan(RT_CUDA_SOLVE, 40000, 60000, 4, &p) ? NULL : "accepted");
    report("solve_plan: empty refused", !rt_cuda_solve_plan(RT_CUDA_SOLVE, 0, 1, 4, &p) ? NULL : "accepted");
    report("solve_plan: no right-hand side refused",
           !rt_cuda_solve_plan(RT_CUDA_SOLVE, 4, 0, 4, &p) ? NULL : "accepted");
    /* the workspace: lwork elements rounded up to 256 bytes, at least one element */
    report("work_bytes",
           rt_cuda_solve_work_bytes(0, 4) == 256 && rt_cuda_solve_work_bytes(65, 4) == 512 &&
                   rt_cuda_solve_work_bytes(64, 4) == 256 && rt_cuda_solve_work_bytes(-1, 8) == 0
               ? NULL
               : why("%zu %zu %zu", rt_cuda_solve_work_bytes(0, 4), rt_cuda_solve_work_bytes(65, 4),
                     rt_cuda_solve_work_bytes(-1, 8)));
}

static void test_transpose(void)
{
    /* [1 2 3; 4 5 6] -> [1 4; 2 5; 3 6] */
    double a[6] = {1, 2, 3, 4, 5, 6}, t[6], back[6];
    const double want[6] = {1, 4, 2, 5, 3, 6};
    rt_cuda_transpose(a, t, 2, 3, sizeof(double));
    rt_cuda_transpose(t, back, 3, 2, sizeof(double));
    report("transpose 2x3", !memcmp(t, want, sizeof t) && !memcmp(back, a, sizeof a)
                                ? NULL
                                : why("%g %g %g %g %g %g", t[0], t[1], t[2], t[3], t[4], t[5]));
    float f[3] = {7, 8, 9}, g[3];
    rt_cuda_transpose(f, g, 1, 3, sizeof(float));
    report("transpose row to column", g[0] == 7 && g[1] == 8 && g[2] == 9 ? NULL : "differs");
}

static void test_symbols(void)
{
    int n = 0;
    for (const char *s; (s = rt_cuda_solver_symbol(n)); n++) {
        char w[512] = "";
        char name[96];
        snprintf(name, sizeof name, "cusolver symbol %s", s);
        report(name, rt_cuda_symbol(RT_CUDA_CUSOLVER, s, w, sizeof w) ? NULL : w);
    }
    report("cusolver symbols listed", n == 11 ? NULL : why("%d names", n));
    for (n = 0; rt_cuda_blas_symbol(n); n++) {
        char w[512] = "", name[96];
        snprintf(name, sizeof name, "cublas symbol %s", rt_cuda_blas_symbol(n));
        report(name, rt_cuda_symbol(RT_CUDA_CUBLAS, rt_cuda_blas_symbol(n), w, sizeof w) ? NULL : w);
    }
    report("cublas symbols listed (gemm s/d/c/z)", n == 7 ? NULL : why("%d names", n));
}

int main(void)
{
    test_plan();
    test_transpose();
    test_symbols();
    return failures != 0;
}
