/* stream_triad.c - the machine's memory bandwidth, measured like STREAM's triad.
 *
 * a[i] = b[i] + q * c[i] over three float arrays far larger than any cache (64 MiB each by
 * default), split into one contiguous slice per thread, all cores at once. Each thread
 * first touches its own slice, so on a NUMA machine the pages sit near the thread that
 * uses them. The triad runs REPS times after one warm-up pass; each pass is timed between
 * two barriers and counted as STREAM counts it: 3 arrays x 4 bytes = 12 bytes per element
 * (the write-allocate read of a[] is not counted). Prints the best and the median pass:
 *
 *   stream_triad: best 12.34 GB/s, median 11.90 GB/s (2 threads, 3 x 64 MiB, 20 passes)
 *
 * bench/run.sh uses the best figure as "the machine's memory bandwidth" for array_ops.q.
 *
 *   cc -O3 -march=native -pthread bench/stream_triad.c -o stream_triad
 *   ./stream_triad [-m MIB_PER_ARRAY] [-r PASSES] [-t THREADS]
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define TRIAD_Q 3.0f
#define BYTES_PER_ELEMENT 12.0 /* read b, read c, write a: 3 x sizeof(float) */
#define MAX_THREADS 1024

typedef struct {
    float *a, *b, *c;
    size_t lo, hi;   /* this thread's slice [lo, hi) */
    int passes;      /* timed passes, after one warm-up */
    int id;
} Slice;

static pthread_barrier_t barrier;
static double *pass_seconds; /* written by thread 0 only */

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void triad(float *restrict a, const float *restrict b, const float *restrict c,
                  size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; i++)
        a[i] = b[i] + TRIAD_Q * c[i];
}

/* Every thread runs the same sequence of barriers; thread 0 also reads the clock. */
static void *worker(void *arg) {
    Slice *s = arg;
    for (size_t i = s->lo; i < s->hi; i++) { /* first touch */
        s->a[i] = 0.0f;
        s->b[i] = 1.0f;
        s->c[i] = 2.0f;
    }
    for (int p = -1; p < s->passes; p++) { /* p = -1 is the warm-up pass */
        pthread_barrier_wait(&barrier);
        double t0 = s->id == 0 ? now() : 0.0;
        triad(s->a, s->b, s->c, s->lo, s->hi);
        pthread_barrier_wait(&barrier);
        if (s->id == 0 && p >= 0)
            pass_seconds[p] = now() - t0;
    }
    return NULL;
}

static int cmp_double(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static int parse_int(const char *s, int lo, int hi, const char *what) {
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < lo || v > hi) {
        fprintf(stderr, "stream_triad: %s must be an integer in %d..%d, not '%s'\n",
                what, lo, hi, s);
        exit(2);
    }
    return (int)v;
}

static float *alloc_array(size_t n) {
    size_t align = (size_t)2 << 20; /* 2 MiB: eligible for transparent huge pages where on */
    size_t bytes = (n * sizeof(float) + align - 1) / align * align;
    float *p = aligned_alloc(align, bytes);
    if (!p) {
        fprintf(stderr, "stream_triad: out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return p;
}

int main(int argc, char **argv) {
    int mib = 64, passes = 20;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    int nthreads = ncpu > 0 ? (ncpu < MAX_THREADS ? (int)ncpu : MAX_THREADS) : 1;

    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "-m") == 0)
            mib = parse_int(argv[++i], 1, 1 << 16, "-m (MiB per array)");
        else if (i + 1 < argc && strcmp(argv[i], "-r") == 0)
            passes = parse_int(argv[++i], 1, 1000000, "-r (passes)");
        else if (i + 1 < argc && strcmp(argv[i], "-t") == 0)
            nthreads = parse_int(argv[++i], 1, MAX_THREADS, "-t (threads)");
        else {
            fprintf(stderr, "usage: stream_triad [-m MIB_PER_ARRAY] [-r PASSES] [-t THREADS]\n");
            return 2;
        }
    }

    size_t n = (size_t)mib * (1 << 20) / sizeof(float);
    float *a = alloc_array(n), *b = alloc_array(n), *c = alloc_array(n);
    pass_seconds = calloc((size_t)passes, sizeof *pass_seconds);
    pthread_t *tids = calloc((size_t)nthreads, sizeof *tids);
    Slice *slices = calloc((size_t)nthreads, sizeof *slices);
    if (!pass_seconds || !tids || !slices) {
        fprintf(stderr, "stream_triad: out of memory\n");
        return 1;
    }
    pthread_barrier_init(&barrier, NULL, (unsigned)nthreads);

    /* Slices are multiples of 16 floats (64 bytes) so no two threads share a cache line. */
    size_t step = (n / nthreads + 15) / 16 * 16;
    for (int t = 0; t < nthreads; t++) {
        size_t lo = (size_t)t * step, hi = lo + step;
        if (lo > n) lo = n;
        if (hi > n || t == nthreads - 1) hi = n;
        slices[t] = (Slice){a, b, c, lo, hi, passes, t};
    }
    for (int t = 1; t < nthreads; t++) {
        if (pthread_create(&tids[t], NULL, worker, &slices[t]) != 0) {
            fprintf(stderr, "stream_triad: cannot start thread %d\n", t);
            return 1;
        }
    }
    worker(&slices[0]);
    for (int t = 1; t < nthreads; t++)
        pthread_join(tids[t], NULL);

    /* Check every element, so a wrong triad cannot pass for a fast one. */
    float want = 1.0f + TRIAD_Q * 2.0f;
    for (size_t i = 0; i < n; i++) {
        if (a[i] != want) {
            fprintf(stderr, "stream_triad: a[%zu] = %g, expected %g\n", i, a[i], want);
            return 1;
        }
    }

    qsort(pass_seconds, (size_t)passes, sizeof *pass_seconds, cmp_double);
    double best = pass_seconds[0];
    double median = passes % 2 ? pass_seconds[passes / 2]
                               : (pass_seconds[passes / 2 - 1] + pass_seconds[passes / 2]) / 2;
    double bytes = BYTES_PER_ELEMENT * (double)n;
    printf("stream_triad: best %.2f GB/s, median %.2f GB/s (%d threads, 3 x %d MiB, %d passes)\n",
           bytes / best * 1e-9, bytes / median * 1e-9, nthreads, mib, passes);

    pthread_barrier_destroy(&barrier);
    free(slices);
    free(tids);
    free(pass_seconds);
    free(a);
    free(b);
    free(c);
    return 0;
}
