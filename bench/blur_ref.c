/* blur_ref.c - the 5x5 Gaussian blur of blur.q, hand-written in C: the reference loop.
 *
 * The same image as blur.q: h x 1920 x 3 floats (h = 1080 unless given), row-major with
 * the channels interleaved, drawn by qpipe's `rand` generator (xoshiro256** seeded through
 * splitmix64 with 5489, qpipe's default seed; a float is the top 24 bits of a draw times
 * 2^-24, runtime/lib_misc.c), so that its sum, in_sum, matches blur.q's and the checksums
 * of the outputs can be compared. The same blur: g[k] = exp(-k^2 / 2) for k = -2..2, divided
 * by their sum, w[i][j] = g[i] g[j]; the border clamped (the edge pixel repeats). Sums in
 * float, taps in the order blur.q adds them.
 *
 *   1-pass: the 25-tap sum per pixel and channel;
 *   2-pass: 5 taps along the width into a temporary image, then 5 taps along the height.
 *
 * Written as a careful C programmer would without intrinsics: rows are split among one
 * thread per core, the threads are started once and each pass is one "launch" between two
 * barriers (a minimal thread pool); the clamped rows are chosen once per output row, and
 * the inner loop runs over the interleaved row (x*3 + c) with no clamping except for the
 * two pixels at each end, so the compiler vectorizes it (cc -O3 -march=native).
 * Each way runs once untimed and then REPS times (11 unless given); prints the medians:
 *
 *   blur_ref: h 1080 w 1920 c 3 threads 2 reps 11 in_sum 3109350.06
 *   blur_ref: pass1_ms 3.34977 pass1_sum 3109348.02
 *   blur_ref: pass2_ms 3.61447 pass2_sum 3109348.03
 *
 *   cc -O3 -march=native -pthread bench/blur_ref.c -o blur_ref -lm
 *   ./blur_ref [h [reps]] [-t THREADS] [--dump FILE]
 *
 * --dump FILE writes the input image there as raw float32 (h x 1920 x 3, native byte
 * order), for blur_opencv.py, which cannot run the generator at speed.
 */
#define _GNU_SOURCE
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define W 1920
#define C 3
#define RS (W * C) /* floats per row */
#define MAX_THREADS 1024

static float g[5], w[5][5];

/* ---------------------------------------------------------------- qpipe's rand */

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t next_u64(uint64_t *s) {
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static void qpipe_rand(float *p, size_t n, uint64_t seed) {
    uint64_t s[4];
    for (int i = 0; i < 4; i++)
        s[i] = splitmix64(&seed);
    for (size_t i = 0; i < n; i++)
        p[i] = (float)(next_u64(s) >> 40) * 0x1p-24f;
}

/* ---------------------------------------------------------------- the blurs, on rows [r0, r1) */

static inline int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static void blur1_rows(const float *restrict x, float *restrict y, int h, int r0, int r1) {
    for (int i = r0; i < r1; i++) {
        const float *row[5];
        for (int d = 0; d < 5; d++)
            row[d] = x + (size_t)clampi(i + d - 2, 0, h - 1) * RS;
        float *restrict out = y + (size_t)i * RS;
        /* the two pixels at each end: clamp the columns */
        static const int edge[4] = {0, 1, W - 2, W - 1};
        for (int e = 0; e < 4; e++) {
            int j = edge[e];
            for (int c = 0; c < C; c++) {
                float s = 0.0f;
                for (int dy = 0; dy < 5; dy++)
                    for (int dx = 0; dx < 5; dx++)
                        s += w[dy][dx] * row[dy][clampi(j + dx - 2, 0, W - 1) * C + c];
                out[j * C + c] = s;
            }
        }
        /* the inside: (x*3 + c) runs over the row, a tap dx is an offset of dx*3 */
        const float *r0p = row[0], *r1p = row[1], *r2p = row[2], *r3p = row[3], *r4p = row[4];
        for (int k = 2 * C; k < RS - 2 * C; k++) {
            float s = 0.0f;
#pragma GCC unroll 5
            for (int dx = 0; dx < 5; dx++)
                s += w[0][dx] * r0p[k + (dx - 2) * C];
#pragma GCC unroll 5
            for (int dx = 0; dx < 5; dx++)
                s += w[1][dx] * r1p[k + (dx - 2) * C];
#pragma GCC unroll 5
            for (int dx = 0; dx < 5; dx++)
                s += w[2][dx] * r2p[k + (dx - 2) * C];
#pragma GCC unroll 5
            for (int dx = 0; dx < 5; dx++)
                s += w[3][dx] * r3p[k + (dx - 2) * C];
#pragma GCC unroll 5
            for (int dx = 0; dx < 5; dx++)
                s += w[4][dx] * r4p[k + (dx - 2) * C];
            out[k] = s;
        }
    }
}

/* along the width: tmp[i][j][c] = sum_k g[k] x[i][clamp(j + k - 2)][c] */
static void blur_h_rows(const float *restrict x, float *restrict y, int r0, int r1) {
    for (int i = r0; i < r1; i++) {
        const float *in = x + (size_t)i * RS;
        float *restrict out = y + (size_t)i * RS;
        static const int edge[4] = {0, 1, W - 2, W - 1};
        for (int e = 0; e < 4; e++) {
            int j = edge[e];
            for (int c = 0; c < C; c++) {
                float s = 0.0f;
                for (int k = 0; k < 5; k++)
                    s += g[k] * in[clampi(j + k - 2, 0, W - 1) * C + c];
                out[j * C + c] = s;
            }
        }
        for (int k = 2 * C; k < RS - 2 * C; k++) {
            float s = 0.0f;
#pragma GCC unroll 5
            for (int t = 0; t < 5; t++)
                s += g[t] * in[k + (t - 2) * C];
            out[k] = s;
        }
    }
}

/* along the height: y[i][j][c] = sum_k g[k] tmp[clamp(i + k - 2)][j][c] */
static void blur_v_rows(const float *restrict x, float *restrict y, int h, int r0, int r1) {
    for (int i = r0; i < r1; i++) {
        const float *a = x + (size_t)clampi(i - 2, 0, h - 1) * RS;
        const float *b = x + (size_t)clampi(i - 1, 0, h - 1) * RS;
        const float *m = x + (size_t)i * RS;
        const float *d = x + (size_t)clampi(i + 1, 0, h - 1) * RS;
        const float *e = x + (size_t)clampi(i + 2, 0, h - 1) * RS;
        float *restrict out = y + (size_t)i * RS;
        for (int k = 0; k < RS; k++) {
            float s = 0.0f;
            s += g[0] * a[k];
            s += g[1] * b[k];
            s += g[2] * m[k];
            s += g[3] * d[k];
            s += g[4] * e[k];
            out[k] = s;
        }
    }
}

/* ---------------------------------------------------------------- a minimal thread pool */

enum { JOB_QUIT, JOB_BLUR1, JOB_BLUR_H, JOB_BLUR_V };

static pthread_barrier_t start_barrier, end_barrier;
static int job, h, nthreads;
static float *img, *tmpimg, *out1, *out2;

static void do_job(int t) {
    int r0 = (int)((long)h * t / nthreads), r1 = (int)((long)h * (t + 1) / nthreads);
    switch (job) {
    case JOB_BLUR1: blur1_rows(img, out1, h, r0, r1); break;
    case JOB_BLUR_H: blur_h_rows(img, tmpimg, r0, r1); break;
    case JOB_BLUR_V: blur_v_rows(tmpimg, out2, h, r0, r1); break;
    }
}

static void *worker(void *arg) {
    int t = (int)(intptr_t)arg;
    for (;;) {
        pthread_barrier_wait(&start_barrier);
        if (job == JOB_QUIT)
            return NULL;
        do_job(t);
        pthread_barrier_wait(&end_barrier);
    }
}

/* Run a job on all threads, the calling one being thread 0; returns when all are done. */
static void launch(int j) {
    job = j;
    pthread_barrier_wait(&start_barrier);
    if (j == JOB_QUIT)
        return;
    do_job(0);
    pthread_barrier_wait(&end_barrier);
}

/* ---------------------------------------------------------------- main */

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double sum(const float *p, size_t n) {
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += p[i];
    return s;
}

static int parse_int(const char *s, int lo, int hi, const char *what) {
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < lo || v > hi) {
        fprintf(stderr, "blur_ref: %s must be an integer in %d..%d, not '%s'\n", what, lo, hi, s);
        exit(2);
    }
    return (int)v;
}

static float *alloc_image(size_t n) {
    size_t align = 64, bytes = (n * sizeof(float) + align - 1) / align * align;
    float *p = aligned_alloc(align, bytes);
    if (!p) {
        fprintf(stderr, "blur_ref: out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return p;
}

int main(int argc, char **argv) {
    int reps = 11, npos = 0;
    const char *dump = NULL;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    h = 1080;
    nthreads = ncpu > 0 ? (ncpu < MAX_THREADS ? (int)ncpu : MAX_THREADS) : 1;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "-t") == 0)
            nthreads = parse_int(argv[++i], 1, MAX_THREADS, "-t (threads)");
        else if (i + 1 < argc && strcmp(argv[i], "--dump") == 0)
            dump = argv[++i];
        else if (argv[i][0] != '-' && npos == 0 && ++npos)
            h = parse_int(argv[i], 1, 1 << 20, "h (the image height)");
        else if (argv[i][0] != '-' && npos == 1 && ++npos)
            reps = parse_int(argv[i], 1, 1000000, "reps");
        else {
            fprintf(stderr, "usage: blur_ref [h [reps]] [-t THREADS] [--dump FILE]\n");
            return 2;
        }
    }
    if (nthreads > h)
        nthreads = h;

    double gd[5], gs = 0;
    for (int k = -2; k <= 2; k++)
        gs += gd[k + 2] = exp(-k * k / 2.0);
    for (int k = 0; k < 5; k++)
        g[k] = (float)(gd[k] / gs);
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
            w[i][j] = g[i] * g[j];

    size_t n = (size_t)h * RS;
    img = alloc_image(n);
    tmpimg = alloc_image(n);
    out1 = alloc_image(n);
    out2 = alloc_image(n);
    qpipe_rand(img, n, 5489);
    if (dump) {
        FILE *f = fopen(dump, "wb");
        if (!f || fwrite(img, sizeof(float), n, f) != n || fclose(f) != 0) {
            fprintf(stderr, "blur_ref: cannot write %s\n", dump);
            return 1;
        }
    }

    pthread_barrier_init(&start_barrier, NULL, (unsigned)nthreads);
    pthread_barrier_init(&end_barrier, NULL, (unsigned)nthreads);
    pthread_t tids[MAX_THREADS];
    for (int t = 1; t < nthreads; t++) {
        if (pthread_create(&tids[t], NULL, worker, (void *)(intptr_t)t) != 0) {
            fprintf(stderr, "blur_ref: cannot start thread %d\n", t);
            return 1;
        }
    }

    double *times = calloc((size_t)reps, sizeof *times);
    if (!times)
        return 1;
    printf("blur_ref: h %d w %d c %d threads %d reps %d in_sum %.9g\n", h, W, C, nthreads, reps,
           sum(img, n));

    for (int r = -1; r < reps; r++) { /* r = -1: the untimed first run */
        double t0 = now();
        launch(JOB_BLUR1);
        if (r >= 0)
            times[r] = (now() - t0) * 1e3;
    }
    printf("blur_ref: pass1_ms %.6g pass1_sum %.9g\n", median(times, reps), sum(out1, n));

    for (int r = -1; r < reps; r++) {
        double t0 = now();
        launch(JOB_BLUR_H);
        launch(JOB_BLUR_V);
        if (r >= 0)
            times[r] = (now() - t0) * 1e3;
    }
    printf("blur_ref: pass2_ms %.6g pass2_sum %.9g\n", median(times, reps), sum(out2, n));

    launch(JOB_QUIT);
    for (int t = 1; t < nthreads; t++)
        pthread_join(tids[t], NULL);
    pthread_barrier_destroy(&start_barrier);
    pthread_barrier_destroy(&end_barrier);
    free(times);
    free(img);
    free(tmpimg);
    free(out1);
    free(out2);
    return 0;
}
