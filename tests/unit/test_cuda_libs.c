/*
 * test_cuda_libs.c - the parts of runtime/cuda/solver.c (cuSOLVER behind solve, inv,
 * chol) that need no device: the scratch block's plan (offsets worked out by hand), the
 * host transposition; and every libcusolver and libcublas function that solver.c and
 * blas.c call resolving in the toolkit's libraries (a misspelled name fails here, not
 * on a GPU machine).
 */
#include "runtime/cuda/api.h"
#include "runtime/cuda/batched.h"
#include "runtime/cuda/blas_ops.h"
#include "runtime/cuda/cuda.h"
#include "runtime/cuda/decomp.h"
#include "runtime/cuda/hermitian.h"
#include "runtime/cuda/ptx.h"
#include "runtime/cuda/scratch.h"
#include "runtime/cuda/solver.h"
#include "tests/unit/check.h"

#include <math.h>
#include <stdlib.h>
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
    report("cublas symbols listed (gemm s/d/c/z, scal, copy)", n == 11 ? NULL : why("%d names", n));
    for (n = 0; rt_cuda_blas_ops_symbol(n); n++) {
        char w[512] = "", name[96];
        snprintf(name, sizeof name, "cublas symbol %s (blas_*)", rt_cuda_blas_ops_symbol(n));
        report(name, rt_cuda_symbol(RT_CUDA_CUBLAS, rt_cuda_blas_ops_symbol(n), w, sizeof w) ? NULL : w);
    }
    report("blas_* cublas symbols listed (11 functions x s/d)", n == 22 ? NULL : why("%d names", n));
    int lib;
    for (n = 0; rt_cuda_decomp_symbol(n, &lib); n++) {
        char w[512] = "", name[96];
        const char *s = rt_cuda_decomp_symbol(n, &lib);
        snprintf(name, sizeof name, "decomposition symbol %s", s);
        report(name, rt_cuda_symbol(lib, s, w, sizeof w) ? NULL : w);
    }
    report("decomposition symbols listed (13 functions x s/d, 4 of Xgeev)", n == 30 ? NULL : why("%d names", n));
    for (n = 0; rt_cuda_batched_symbol(n, &lib); n++) {
        char w[512] = "", name[96];
        const char *s = rt_cuda_batched_symbol(n, &lib);
        snprintf(name, sizeof name, "batched/potrs symbol %s", s);
        report(name, rt_cuda_symbol(lib, s, w, sizeof w) ? NULL : w);
    }
    report("batched/potrs symbols listed (4 functions x s/d)", n == 8 ? NULL : why("%d names", n));
    for (n = 0; rt_cuda_fft_symbol(n); n++) {
        char w[512] = "", name[96];
        snprintf(name, sizeof name, "cufft symbol %s", rt_cuda_fft_symbol(n));
        report(name, rt_cuda_symbol(RT_CUDA_CUFFT, rt_cuda_fft_symbol(n), w, sizeof w) ? NULL : w);
    }
    report("cufft symbols listed (C2C, C2R, R2C)", n == 8 ? NULL : why("%d names", n));
}

static void test_scratch_plan(void)
{
    /* 36 bytes at 0, an empty part still one 256-byte slot, 257 bytes two slots, 4 bytes */
    RtCudaPart p[4] = {{.bytes = 36}, {.bytes = 0}, {.bytes = 257}, {.bytes = 4}};
    size_t total = 0;
    bool ok = rt_cuda_scratch_plan(p, 4, &total);
    report("scratch plan: offsets aligned to 256",
           ok && p[0].off == 0 && p[1].off == 256 && p[2].off == 512 && p[3].off == 1024 && total == 1280
               ? NULL
               : why("ok %d offs %zu %zu %zu %zu total %zu", ok, p[0].off, p[1].off, p[2].off, p[3].off, total));
    RtCudaPart huge[2] = {{.bytes = SIZE_MAX - 100}, {.bytes = 4}};
    report("scratch plan: overflow refused", !rt_cuda_scratch_plan(huge, 2, &total) ? NULL : "accepted");
}

/* Column-major reference routines with cuBLAS's argument conventions (no transposition
 * flags beyond what the maps use), written from the BLAS definitions. */
static void colgemm(int m, int n, int k, const double *a, int lda, const double *b, int ldb, double *c, int ldc)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int l = 0; l < k; l++)
                s += a[i + l * lda] * b[l + j * ldb];
            c[i + j * ldc] = s;
        }
}

/* op(M) x = b for the triangle `fill` (0 lower, 1 upper) of the column-major M. */
static void coltrsv(int fill, int op, int n, const double *a, int lda, double *x)
{
    double m[16];               /* op(M) restricted to its triangle, row i col j at m[i*n+j] */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int r = op ? j : i, c = op ? i : j;  /* element (i, j) of op(M) is M(r, c) */
            bool in = fill ? r <= c : r >= c;
            m[i * n + j] = in ? a[r + c * lda] : 0;
        }
    bool lower = (fill == 0) != (op == 1);      /* op(M) is lower triangular */
    for (int s = 0; s < n; s++) {
        int i = lower ? s : n - 1 - s;
        double v = x[i];
        for (int j = 0; j < n; j++)
            if (j != i)
                v -= m[i * n + j] * x[j] * (lower ? j < i : j > i);
        x[i] = v / m[i * n + i];
    }
}

static void test_maps(void)
{
    /* row-major A 2x3, B 3x2: C = A B = [1 2 3; 4 5 6] [7 8; 9 10; 11 12] = [58 64; 139 154] */
    const double a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {7, 8, 9, 10, 11, 12};
    double c[4] = {0};
    RtCudaGemmMap g = rt_cuda_gemm_map(2, 2, 3);
    colgemm(g.m, g.n, g.k, g.swap ? b : a, g.lda, g.swap ? a : b, g.ldb, c, g.ldc);
    report("gemm map: the column-major call gives the row-major product",
           c[0] == 58 && c[1] == 64 && c[2] == 139 && c[3] == 154 ? NULL
                                                                 : why("%g %g %g %g", c[0], c[1], c[2], c[3]));
    /* row-major upper U = [2 1 1; 0 4 2; 0 0 5] (the lower part is junk trsv must not
     * read): U x = [6 12 10] has x = [1 2 2]; U^T x = [2 5 13] has x = [1 1 2] */
    const double u[9] = {2, 1, 1, 99, 4, 2, 99, 99, 5};
    double x[3] = {6, 12, 10}, y[3] = {2, 5, 13};
    int fill, op;
    rt_cuda_trsv_map('U', false, &fill, &op);
    coltrsv(fill, op, 3, u, 3, x);
    report("trsv map: upper, no transposition", fill == 0 && op == 1 && x[0] == 1 && x[1] == 2 && x[2] == 2
                                                    ? NULL
                                                    : why("fill %d op %d x %g %g %g", fill, op, x[0], x[1], x[2]));
    rt_cuda_trsv_map('U', true, &fill, &op);
    coltrsv(fill, op, 3, u, 3, y);
    report("trsv map: upper, transposed", y[0] == 1 && y[1] == 1 && y[2] == 2 ? NULL
                                                                              : why("%g %g %g", y[0], y[1], y[2]));
    /* lower L = [3 0 0; 1 2 0; 0 1 1] row-major: L x = [3 5 3] has x = [1 2 1] */
    const double l[9] = {3, 99, 99, 1, 2, 99, 0, 1, 1};
    double z[3] = {3, 5, 3};
    rt_cuda_trsv_map('L', false, &fill, &op);
    coltrsv(fill, op, 3, l, 3, z);
    report("trsv map: lower", z[0] == 1 && z[1] == 2 && z[2] == 1 ? NULL : why("%g %g %g", z[0], z[1], z[2]));

    RtCudaSvdMap s = rt_cuda_svd_map(2, 5);
    report("svd map: wide A runs as its stored transpose", s.rows == 5 && s.cols == 2 && !s.transposed ? NULL
                                                                                                      : "differs");
    s = rt_cuda_svd_map(5, 2);
    report("svd map: tall A is transposed on the host", s.rows == 5 && s.cols == 2 && s.transposed ? NULL : "differs");
    s = rt_cuda_svd_map(3, 3);
    report("svd map: square A runs as its stored transpose", !s.transposed ? NULL : "transposed");

    /* R's diagonal, every 4th element of a column-major 4 x 3 factor */
    const double good[12] = {4, 0, 0, 0, 9, -2, 0, 0, 9, 9, 1, 0}, bad[12] = {4, 0, 0, 0, 9, 1e-9, 0, 0, 9, 9, 1, 0};
    const float fbad[3] = {1, 1e-4f, 2};
    report("qr rank: a well-conditioned R is accepted", rt_cuda_qr_rank_ok(good, 3, 5, true) ? NULL : "refused");
    report("qr rank: a tiny pivot is refused (double)", !rt_cuda_qr_rank_ok(bad, 3, 5, true) ? NULL : "accepted");
    report("qr rank: 1e-4 of the largest is refused in float (sqrt(eps) 3.5e-4)",
           !rt_cuda_qr_rank_ok(fbad, 3, 1, false) ? NULL : "accepted");
    report("qr rank: 1e-4 of the largest is accepted in double", rt_cuda_qr_rank_ok((double[]){1, 1e-4, 2}, 3, 1, true)
                                                                    ? NULL
                                                                    : "refused");
}

/* X[k] of a direct DFT over the dims marked in tr of the real x (rank 3, dims d). */
static void dft(const double *x, const int64_t *d, const bool *tr, const int64_t *k, double *re, double *im)
{
    *re = *im = 0;
    for (int64_t a = 0; a < d[0]; a++)
        for (int64_t b = 0; b < d[1]; b++)
            for (int64_t c = 0; c < d[2]; c++) {
                if ((!tr[0] && a != k[0]) || (!tr[1] && b != k[1]) || (!tr[2] && c != k[2]))
                    continue;
                double ph = 0;
                const int64_t idx[3] = {a, b, c};
                for (int q = 0; q < 3; q++)
                    if (tr[q])
                        ph += -2 * 3.14159265358979323846 * (double)(idx[q] * k[q]) / (double)d[q];
                double v = x[(a * d[1] + b) * d[2] + c];
                *re += v * cos(ph);
                *im += v * sin(ph);
            }
}

static void test_hermitian(void)
{
    /* a 3 x 5 x 2 real cube transformed over dimensions 0 and 1 (fft2 of a 2-channel
     * frame): the half is 3 x 3 x 2; the completion must give the direct DFT everywhere */
    const int64_t d[3] = {3, 5, 2};
    const bool tr[3] = {true, true, false};
    double x[30], half[3 * 3 * 2 * 2], full[30 * 2];
    for (int i = 0; i < 30; i++)
        x[i] = sin(i * 0.7) + (i % 4) * 0.25;
    RtCudaHerm h;
    int64_t hd[3];
    bool ok = rt_cuda_herm_shape(3, d, tr, &h, hd);
    report("hermitian shape: last transformed 1, half 3 x 3 x 2",
           ok && h.last == 1 && hd[0] == 3 && hd[1] == 3 && hd[2] == 2 && h.hst[0] == 6 && h.hst[1] == 2 && h.hst[2] == 1
               ? NULL
               : why("ok %d last %d half %lld %lld %lld", ok, h.last, (long long)hd[0], (long long)hd[1],
                     (long long)hd[2]));
    for (int64_t a = 0; a < 3; a++)
        for (int64_t b = 0; b < 3; b++)
            for (int64_t c = 0; c < 2; c++) {
                const int64_t k[3] = {a, b, c};
                double *z = half + 2 * ((a * 3 + b) * 2 + c);
                dft(x, d, tr, k, &z[0], &z[1]);
            }
    rt_cuda_herm_host(&h, half, full, true);
    double worst = 0;
    for (int64_t a = 0; a < 3; a++)
        for (int64_t b = 0; b < 5; b++)
            for (int64_t c = 0; c < 2; c++) {
                const int64_t k[3] = {a, b, c};
                double re, im, *z = full + 2 * ((a * 5 + b) * 2 + c);
                dft(x, d, tr, k, &re, &im);
                worst = fmax(worst, fmax(fabs(re - z[0]), fabs(im - z[1])));
            }
    report("hermitian completion (host body) equals the direct DFT", worst < 1e-9 ? NULL : why("error %g", worst));
    /* 1-D n = 4 of [1 2 3 0]: X = [6, -2-2i, 2, -2+2i]; the half is [6, -2-2i, 2] */
    float hf[2 * 3] = {6, 0, -2, -2, 2, 0}, ff[2 * 4];
    const int64_t d1[1] = {4};
    const bool t1[1] = {true};
    RtCudaHerm h1;
    int64_t hd1[1];
    rt_cuda_herm_shape(1, d1, t1, &h1, hd1);
    rt_cuda_herm_host(&h1, hf, ff, false);
    report("hermitian completion: 1-D float",
           hd1[0] == 3 && ff[6] == -2 && ff[7] == 2 && ff[2] == -2 && ff[3] == -2 && ff[4] == 2 ? NULL
                                                                                                   : why("%g %g", ff[6], ff[7]));
    /* the kernel text compiles with NVRTC for sm_90 */
    bool cached;
    char err[512] = "";
    char *ptx = rt_cuda_ptx("qp_hermitian", rt_cuda_herm_text(), 90, &cached, err, sizeof err);
    report("hermitian kernel text compiles (NVRTC, sm_90)",
           ptx && strstr(ptx, ".entry qp_herm_f") && strstr(ptx, ".entry qp_herm_d") ? NULL : why("%s", err));
    free(ptx);
}

int main(void)
{
    test_plan();
    test_transpose();
    test_symbols();
    test_scratch_plan();
    test_maps();
    test_hermitian();
    return failures != 0;
}
