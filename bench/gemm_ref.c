/*
 * gemm_ref.c - the reference for bench/gemm.sh: OpenBLAS cblas_sgemm called directly
 * on the same n x n matrices as bench/gemm.q, with a given thread count.
 *
 *   gemm_ref N RUNS THREADS   prints "openblas N median_ms checksum"
 *
 * One untimed warm-up call, then RUNS timed calls; the median is printed, and the sum
 * of |C|'s elements (in double) so that the two programs can be compared.
 */
#include <cblas.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void product(int n, const float *a, const float *b, float *c)
{
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1, a, n, b, n, 0, c, n);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1024, runs = argc > 2 ? atoi(argv[2]) : 9;
    int threads = argc > 3 ? atoi(argv[3]) : 1;
    if (n <= 0 || runs <= 0 || threads <= 0)
        return 2;
    openblas_set_num_threads(threads);
    size_t nn = (size_t)n * n;
    float *a = malloc(nn * sizeof *a), *b = malloc(nn * sizeof *b), *c = malloc(nn * sizeof *c);
    double *t = malloc((size_t)runs * sizeof *t);
    if (!a || !b || !c || !t)
        return 1;
    for (size_t i = 0; i < nn; i++) {
        a[i] = (float)(i % 17) / 4 - 2;
        b[i] = (float)(i % 13) / 4 - 1.5f;
    }
    product(n, a, b, c);
    for (int k = 0; k < runs; k++) {
        double t0 = now_ms();
        product(n, a, b, c);
        t[k] = now_ms() - t0;
    }
    qsort(t, (size_t)runs, sizeof *t, cmp_double);
    double med = runs % 2 ? t[runs / 2] : (t[runs / 2 - 1] + t[runs / 2]) / 2, sum = 0;
    for (size_t i = 0; i < nn; i++)
        sum += c[i] < 0 ? -c[i] : c[i];
    printf("openblas %d %.3f %.6e\n", n, med, sum);
    free(a);
    free(b);
    free(c);
    free(t);
    return 0;
}
