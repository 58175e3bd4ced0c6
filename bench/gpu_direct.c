/*
 * gpu_direct.c - the peers of bench/gpu.sh, written directly against CUDA (built there
 * with the toolkit's headers, linked with -lcufft -lcudart): the device's copy bandwidth
 * (cudaMemcpy device to device of 512 MiB, bytes read + written per second, median of
 * 11) and cuFFT's C2C fft2 of a 1080x1920 complex single plane, plan made once, median
 * of REPS executions, each synchronised. Prints `copy_gbs X` and `cufft_fft2 X ms`.
 *
 *     gpu_direct [REPS]
 */
#include <cuda_runtime.h>
#include <cufft.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return v[n / 2];
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 21;
    if (reps < 1 || reps > 1000)
        reps = 21;
    double t[1000];
    size_t bytes = (size_t)512 << 20;
    void *a, *b;
    if (cudaMalloc(&a, bytes) || cudaMalloc(&b, bytes)) {
        fprintf(stderr, "cudaMalloc failed\n");
        return 1;
    }
    cudaMemset(a, 1, bytes);
    cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice);
    cudaDeviceSynchronize();
    for (int i = 0; i < 11; i++) {
        double t0 = now_ms();
        cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice);
        cudaDeviceSynchronize();
        t[i] = now_ms() - t0;
    }
    printf("copy_gbs %.1f\n", 2.0 * (double)bytes / (median(t, 11) * 1e6));
    cudaFree(a);
    cudaFree(b);

    int h = 1080, w = 1920;
    cufftComplex *x, *y;
    cudaMalloc((void **)&x, sizeof *x * (size_t)h * w);
    cudaMalloc((void **)&y, sizeof *y * (size_t)h * w);
    cudaMemset(x, 0, sizeof *x * (size_t)h * w);
    cufftHandle plan;
    if (cufftPlan2d(&plan, h, w, CUFFT_C2C) != CUFFT_SUCCESS) {
        fprintf(stderr, "cufftPlan2d failed\n");
        return 1;
    }
    cufftExecC2C(plan, x, y, CUFFT_FORWARD);
    cudaDeviceSynchronize();
    for (int i = 0; i < reps; i++) {
        double t0 = now_ms();
        cufftExecC2C(plan, x, y, CUFFT_FORWARD);
        cudaDeviceSynchronize();
        t[i] = now_ms() - t0;
    }
    printf("cufft_fft2 %.3f ms\n", median(t, reps));
    cufftDestroy(plan);
    cudaFree(x);
    cudaFree(y);
    return 0;
}
