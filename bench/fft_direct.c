/*
 * bench/fft_direct.c - FFTW called directly from C, the reference of bench/fft.sh: an R2C
 * and a C2R transform of a 1080x1920 float plane with the flags qpipe uses (FFTW_ESTIMATE,
 * fftwf_plan_with_nthreads = the number of cores, or THREADS), planned once, then REPS
 * executions each timed; prints the median milliseconds. Half-spectrum output, no normalisation and no
 * allocation per call: the least work a caller of FFTW can do for these transforms.
 *
 *   cc -O2 bench/fft_direct.c -lfftw3f_threads -lfftw3f -lpthread -lm && ./a.out [REPS [THREADS]]
 */
#include <fftw3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

enum { H = 1080, W = 1920 };

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, cmp);
    return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 21;
    if (reps < 1)
        reps = 1;
    fftwf_init_threads();
    int threads = argc > 2 ? atoi(argv[2]) : (int)sysconf(_SC_NPROCESSORS_ONLN);
    fftwf_plan_with_nthreads(threads > 0 ? threads : 1);
    size_t hw = W / 2 + 1;
    float *x = fftwf_alloc_real((size_t)H * W), *y = fftwf_alloc_real((size_t)H * W);
    fftwf_complex *X = fftwf_alloc_complex((size_t)H * hw), *S = fftwf_alloc_complex((size_t)H * hw);
    double *t = malloc((size_t)reps * sizeof *t);
    if (!x || !y || !X || !S || !t)
        return 1;
    for (size_t i = 0; i < (size_t)H * W; i++)
        x[i] = (float)((i * 2654435761u) % 1000) / 1000.0f;
    fftwf_plan fwd = fftwf_plan_dft_r2c_2d(H, W, x, X, FFTW_ESTIMATE);
    fftwf_plan inv = fftwf_plan_dft_c2r_2d(H, W, S, y, FFTW_ESTIMATE);
    fftwf_execute(fwd);
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        fftwf_execute(fwd);
        t[r] = now_ms() - t0;
    }
    printf("fftw r2c %.3f ms\n", median(t, reps));
    for (int r = 0; r < reps; r++) {
        /* C2R destroys its input: restore it outside the timed part */
        for (size_t i = 0; i < (size_t)H * hw; i++)
            S[i][0] = X[i][0], S[i][1] = X[i][1];
        double t0 = now_ms();
        fftwf_execute(inv);
        t[r] = now_ms() - t0;
    }
    printf("fftw c2r %.3f ms\n", median(t, reps));
    fftwf_destroy_plan(fwd);
    fftwf_destroy_plan(inv);
    fftwf_free(x), fftwf_free(y), fftwf_free(X), fftwf_free(S);
    free(t);
    fftwf_cleanup_threads();
    return 0;
}
