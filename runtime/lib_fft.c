/*
 * lib_fft.c - the FFT builtins (lib.def "FFT") over FFTW3, with a process-wide LRU cache
 * of plans. Semantics and decisions in docs/fft.md.
 *
 * Every transform is one FFTW guru64 plan: the transformed dimensions are the plan's
 * dims, every other dimension of size > 1 a "howmany" (batch) dimension, each with its
 * row-major stride, so fft1 of a matrix (each row) or fft2 of a cube (each 2-D slice at
 * every k of dimension 2, strided) is one plan and one execution, never a loop of plans.
 * Dimensions of size 1 are left out of both (they change nothing).
 *
 *  - fft1 transforms the last dimension, fft2 dimensions 0 and 1, fft3 0, 1 and 2,
 *    fftn(x, dims) the listed (zero-based) dimensions; a dimension beyond the rank is a
 *    singleton. The forward transform is unnormalised, the inverse divided by N (the
 *    product of the transformed sizes), as NumPy does.
 *  - Real input runs an R2C plan into a compact half spectrum, which is then expanded into
 *    the full-size result, the other half from Hermitian symmetry, X[k] = conj(X[-k mod n]),
 *    so that the result equals the complex transform. irealfft* copy the non-redundant half (the input is
 *    assumed Hermitian), scaled by 1/N, into a compact scratch buffer, because FFTW's C2R
 *    destroys its input, and run a C2R plan into a real result.
 *  - Results have the global precision: fftwf_* and complex single by default, fftw_*
 *    with --double. Input of another element type is converted first.
 *
 * Plans. A plan is made once per key (transform kind, precision, dims and strides of
 * the transform and of the batch, alignment, thread count) with FFTW_ESTIMATE and then
 * run on any buffers of that layout through fftw_execute_dft (new-array execution):
 * buffers come from mem.c 64-byte aligned, so the plan's alignment holds; a buffer that
 * is not aligned gets a plan of its own made with FFTW_UNALIGNED. FFTW_MEASURE would
 * time candidate algorithms on scratch arrays for up to seconds per new size, which a
 * program that meets many sizes pays on every first call, for 10-30 % on the sizes
 * measured (docs/fft.md). The cache keeps the RUNTIME_FFT_PLAN_MAXCACHESIZE (environment,
 * default 32) most recently used plans; a plan being executed is counted and never
 * destroyed under its user. FFTW's planner is not thread-safe: planning, lookup and
 * destruction run under one mutex; executions run outside it, concurrently.
 *
 * Threads. FFTW runs its parallel loops on the runtime's thread pool (pool.c) through
 * fftw_threads_set_callback (the pool of the runtime executing the plan, exec_pool), so
 * FFTW makes no threads of its own, and plans are made for that pool's thread count.
 * FFTW's planner and callback are global to the library, so this state is owned once per
 * process whatever the number of hosts (the one exception to "owned by the host"):
 * each runtime attaches (rt_new) and detaches (rt_free); the last detach destroys every
 * plan and calls fftw(f)_cleanup_threads.
 */
#include "runtime/lib_fft.h"

#include "runtime/cuda/cuda.h"
#include "runtime/engine.h"
#include "runtime/interp.h"
#include "runtime/lib.h"
#include "runtime/residency.h"

#include "runtime/fftw_dl.h"
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Plans kept when RUNTIME_FFT_PLAN_MAXCACHESIZE is not set: a program touches a few
 * sizes (an image, its padded size, a kernel), each in a few directions and ranks. */
#define FFT_CACHE_DEFAULT 32
/* Elements per chunk of the parallel passes (expand, scale, copy, shift), as in ops.c. */
#define GRAIN (1 << 15)

typedef enum FftKind { FFT_FWD, FFT_INV, FFT_R2C, FFT_C2R } FftKind;

typedef struct FftKey {
    int kind;                   /* FftKind */
    int dbl, unaligned, nthreads;
    int rank, hrank;
    fftw_iodim64 dims[RT_MAX_DIMS];     /* transformed: n, input stride, output stride */
    fftw_iodim64 hdims[RT_MAX_DIMS];    /* batch */
} FftKey;

typedef struct FftPlan {
    FftKey key;
    fftw_plan d;                /* one of d/f, by key.dbl */
    fftwf_plan f;
    int users;                  /* executions in flight */
    struct FftPlan *prev, *next;
} FftPlan;

static struct {
    pthread_mutex_t mu;
    int attached;               /* runtimes alive */
    bool threads_ready;         /* fftw(f)_init_threads done */
    FftPlan *head, *tail;       /* most recently used first */
    int count, max;
} fft = {.mu = PTHREAD_MUTEX_INITIALIZER};

/* ---------------------------------------------------------------- FFTW on the pool */

typedef struct PoolJobs {
    void *(*work)(char *);
    char *data;
    size_t size;
} PoolJobs;

static void run_jobs(void *ctx, int64_t begin, int64_t end)
{
    PoolJobs *j = ctx;
    for (int64_t i = begin; i < end; i++)
        j->work(j->data + (size_t)i * j->size);
}

/* The pool of the runtime executing a plan on this thread (run_plan): FFTW's callback is
 * one per process and calls back on the executing thread, so the pool is passed here
 * rather than as the callback's data. NULL (a serial loop) on any other thread. */
static _Thread_local RtPool *exec_pool;

static void pool_loop(void *(*work)(char *), char *data, size_t size, int njobs, void *unused)
{
    (void)unused;
    PoolJobs j = {work, data, size};
    rt_parallel_for(exec_pool, njobs, 1, run_jobs, &j);
}

static int cache_max(void)
{
    const char *s = getenv("RUNTIME_FFT_PLAN_MAXCACHESIZE");
    char *end;
    long n = s ? strtol(s, &end, 10) : -1;
    return s && *s && !*end && n >= 1 && n <= 1 << 20 ? (int)n : FFT_CACHE_DEFAULT;
}

/* With mu held. */
static void threads_ready(void)
{
    if (fft.threads_ready)
        return;
    fftw_init_threads();
    fftwf_init_threads();
    fftw_threads_set_callback(pool_loop, NULL);
    fftwf_threads_set_callback(pool_loop, NULL);
    fft.max = cache_max();
    fft.threads_ready = true;
}

/* ---------------------------------------------------------------- the plan cache */

static void plan_destroy(FftPlan *p)
{
    if (p->key.dbl)
        fftw_destroy_plan(p->d);
    else
        fftwf_destroy_plan(p->f);
    free(p);
}

static void list_unlink(FftPlan *p)
{
    *(p->prev ? &p->prev->next : &fft.head) = p->next;
    *(p->next ? &p->next->prev : &fft.tail) = p->prev;
    p->prev = p->next = NULL;
}

static void list_push_front(FftPlan *p)
{
    p->next = fft.head;
    p->prev = NULL;
    *(fft.head ? &fft.head->prev : &fft.tail) = p;
    fft.head = p;
}

/* Drop least recently used plans that nobody is executing until the cache fits. */
static void cache_trim(void)
{
    FftPlan *p = fft.tail;
    while (fft.count > fft.max && p) {
        FftPlan *prev = p->prev;
        if (!p->users) {
            list_unlink(p);
            plan_destroy(p);
            fft.count--;
        }
        p = prev;
    }
}

static int plan_flags(const FftKey *k)
{
    return FFTW_ESTIMATE | (k->unaligned ? FFTW_UNALIGNED : 0);
}

static bool plan_make_double(FftPlan *p, void *in, void *out)
{
    const FftKey *k = &p->key;
    int fl = plan_flags(k);
    fftw_plan_with_nthreads(k->nthreads);
    switch (k->kind) {
    case FFT_R2C:
        p->d = fftw_plan_guru64_dft_r2c(k->rank, k->dims, k->hrank, k->hdims, in, out, fl);
        break;
    case FFT_C2R:
        p->d = fftw_plan_guru64_dft_c2r(k->rank, k->dims, k->hrank, k->hdims, in, out, fl);
        break;
    default:
        p->d = fftw_plan_guru64_dft(k->rank, k->dims, k->hrank, k->hdims, in, out,
                                    k->kind == FFT_FWD ? FFTW_FORWARD : FFTW_BACKWARD, fl);
    }
    return p->d != NULL;
}

static bool plan_make_single(FftPlan *p, void *in, void *out)
{
    const FftKey *k = &p->key;
    int fl = plan_flags(k);
    fftwf_plan_with_nthreads(k->nthreads);
    switch (k->kind) {
    case FFT_R2C:
        p->f = fftwf_plan_guru64_dft_r2c(k->rank, k->dims, k->hrank, k->hdims, in, out, fl);
        break;
    case FFT_C2R:
        p->f = fftwf_plan_guru64_dft_c2r(k->rank, k->dims, k->hrank, k->hdims, in, out, fl);
        break;
    default:
        p->f = fftwf_plan_guru64_dft(k->rank, k->dims, k->hrank, k->hdims, in, out,
                                     k->kind == FFT_FWD ? FFTW_FORWARD : FFTW_BACKWARD, fl);
    }
    return p->f != NULL;
}

/* The plan for `key` (made on a miss with in/out, which ESTIMATE does not touch),
 * counted as in use; NULL when FFTW cannot make it or memory runs out. */
static FftPlan *plan_acquire(const FftKey *key, void *in, void *out)
{
    pthread_mutex_lock(&fft.mu);
    threads_ready();
    FftPlan *p = fft.head;
    while (p && memcmp(&p->key, key, sizeof *key))
        p = p->next;
    if (p) {
        list_unlink(p);
    } else if ((p = calloc(1, sizeof *p))) {
        p->key = *key;
        if (!(key->dbl ? plan_make_double(p, in, out) : plan_make_single(p, in, out))) {
            free(p);
            pthread_mutex_unlock(&fft.mu);
            return NULL;
        }
        fft.count++;
    }
    if (p) {
        list_push_front(p);
        p->users++;
        cache_trim();
    }
    pthread_mutex_unlock(&fft.mu);
    return p;
}

static void plan_release(FftPlan *p)
{
    pthread_mutex_lock(&fft.mu);
    p->users--;
    cache_trim();
    pthread_mutex_unlock(&fft.mu);
}

static void plan_execute(const FftPlan *p, void *in, void *out)
{
    int kind = p->key.kind;
    if (p->key.dbl) {
        if (kind == FFT_R2C)
            fftw_execute_dft_r2c(p->d, in, out);
        else if (kind == FFT_C2R)
            fftw_execute_dft_c2r(p->d, in, out);
        else
            fftw_execute_dft(p->d, in, out);
    } else {
        if (kind == FFT_R2C)
            fftwf_execute_dft_r2c(p->f, in, out);
        else if (kind == FFT_C2R)
            fftwf_execute_dft_c2r(p->f, in, out);
        else
            fftwf_execute_dft(p->f, in, out);
    }
}

void rt_fft_attach(void)
{
    pthread_mutex_lock(&fft.mu);
    fft.attached++;
    pthread_mutex_unlock(&fft.mu);
}

void rt_fft_detach(void)
{
    pthread_mutex_lock(&fft.mu);
    if (--fft.attached == 0 && fft.threads_ready) {
        while (fft.head) {
            FftPlan *p = fft.head;
            list_unlink(p);
            plan_destroy(p);
        }
        fft.count = 0;
        fftw_cleanup_threads();
        fftwf_cleanup_threads();
        fft.threads_ready = false;
    }
    pthread_mutex_unlock(&fft.mu);
}

/* ---------------------------------------------------------------- layouts */

/* A transform of an array: its dims, and which of them are transformed. */
typedef struct FftShape {
    int rank;
    int64_t dims[RT_MAX_DIMS];
    bool tr[RT_MAX_DIMS];
    int last;                   /* the last transformed dimension of size > 1, or -1 */
    int64_t n;                  /* product of the transformed sizes */
} FftShape;

static void shape_init(FftShape *s, const RtArray *a, const bool *tr)
{
    s->rank = a->rank;
    s->last = -1;
    s->n = 1;
    for (int d = 0; d < a->rank; d++) {
        s->dims[d] = a->dims[d];
        s->tr[d] = tr[d] && a->dims[d] > 1;
        if (s->tr[d]) {
            s->last = d;
            s->n *= a->dims[d];
        }
    }
}

static void row_major(int rank, const int64_t *dims, int64_t *st)
{
    int64_t s = 1;
    for (int d = rank - 1; d >= 0; d--) {
        st[d] = s;
        s *= dims[d];
    }
}

/* The key of a transform of `s` whose input and output have strides is/os (in their own
 * elements); the sizes are s->dims (the real sizes for R2C and C2R). */
static void key_init(RtPool *pool, FftKey *k, FftKind kind, bool dbl, const FftShape *s,
                     const int64_t *is, const int64_t *os, const void *in, const void *out)
{
    memset(k, 0, sizeof *k);
    k->kind = kind;
    k->dbl = dbl;
    k->nthreads = rt_pool_threads(pool);
    k->unaligned = dbl ? fftw_alignment_of((double *)in) || fftw_alignment_of((double *)out)
                       : fftwf_alignment_of((float *)in) || fftwf_alignment_of((float *)out);
    for (int d = 0; d < s->rank; d++) {
        if (s->dims[d] <= 1)
            continue;
        fftw_iodim64 io = {.n = s->dims[d], .is = is[d], .os = os[d]};
        if (s->tr[d])
            k->dims[k->rank++] = io;
        else
            k->hdims[k->hrank++] = io;
    }
}

/* Plan (or find) and execute; false when FFTW could make no plan. */
static bool run_plan(RtPool *pool, const FftKey *key, void *in, void *out)
{
    FftPlan *p = plan_acquire(key, in, out);
    if (!p)
        return false;
    RtPool *before = exec_pool;
    exec_pool = pool;
    plan_execute(p, in, out);
    exec_pool = before;
    plan_release(p);
    return true;
}

/* FFTW loaded (fftw_dl.h), or the error raised (exit 69 when uncaught); before the first
 * FFTW call of a builtin, ahead of any array it makes. */
static void need_fftw(Rt *rt, const char *name)
{
    char why[600];
    if (!rt_dl_loaded(&rt_fftw_dl) && !rt_dl_load(&rt_fftw_dl, why, sizeof why))
        rt_error_unavailable(rt, "'%s': %s", name, why);
}

_Noreturn static void no_plan(Rt *rt, const char *name)
{
    rt_error(rt, "'%s': FFTW could not make a plan for this size", name);
}

/* ---------------------------------------------------------------- passes over the data */

typedef struct Scale {
    void *data;
    bool dbl;
    double by;
} Scale;

static void scale_range(void *ctx, int64_t b, int64_t e)
{
    const Scale *s = ctx;
    if (s->dbl)
        for (double *p = s->data; b < e; b++)
            p[b] *= s->by;
    else
        for (float *p = s->data; b < e; b++)
            p[b] *= (float)s->by;
}

/* Multiply `count` reals by `by`. */
static void scale(RtPool *pool, void *data, int64_t count, bool dbl, double by)
{
    Scale s = {data, dbl, by};
    rt_parallel_for(pool, count, GRAIN, scale_range, &s);
}

/* The full spectrum from R2C's half (compact: dims with dims[last] = n/2+1): along
 * s->last, indices up to n/2 are copied, those above are the conjugates of the mirrored
 * elements (every transformed index mirrored, batch indices kept). One "row" is one run
 * along s->last; rows are numbered over the other dimensions. FFTW writes the half into a
 * compact buffer much faster than into the full array's strides (8.0 against 13.7 ms for
 * 1080x1920 on one core), so the spectrum is expanded here rather than filled in place. */
typedef struct Expand {
    const FftShape *s;
    int64_t st[RT_MAX_DIMS];    /* strides of the full array */
    int64_t hst[RT_MAX_DIMS];   /* strides of the half */
    const void *half;
    void *out;
    bool dbl;
} Expand;

#define EXPAND_ROW(C)                                                                      \
    do {                                                                                   \
        const C *h = e->half;                                                              \
        C *x = e->out;                                                                     \
        for (int64_t k = 0; k < hn; k++)                                                   \
            x[dst + k * sl] = h[src + k * hl];                                             \
        for (int64_t k = hn; k < n; k++) {                                                 \
            C z = h[mir + (n - k) * hl];                                                   \
            z.im = -z.im;                                                                  \
            x[dst + k * sl] = z;                                                           \
        }                                                                                  \
    } while (0)

static void expand_row(const Expand *e, int64_t row)
{
    const FftShape *s = e->s;
    int64_t dst = 0, src = 0, mir = 0;
    for (int d = s->rank - 1; d >= 0; d--) {
        if (d == s->last)
            continue;
        int64_t k = row % s->dims[d];
        row /= s->dims[d];
        dst += k * e->st[d];
        src += k * e->hst[d];
        mir += (s->tr[d] && k ? s->dims[d] - k : k) * e->hst[d];
    }
    int64_t n = s->dims[s->last], hn = n / 2 + 1, sl = e->st[s->last], hl = e->hst[s->last];
    if (e->dbl)
        EXPAND_ROW(RtC64);
    else
        EXPAND_ROW(RtC32);
}

static void expand_range(void *ctx, int64_t b, int64_t e)
{
    for (; b < e; b++)
        expand_row(ctx, b);
}

static void hermitian_expand(RtPool *pool, const FftShape *s, const int64_t *hdims, const void *half, void *out, bool dbl)
{
    Expand e = {.s = s, .half = half, .out = out, .dbl = dbl};
    row_major(s->rank, s->dims, e.st);
    row_major(s->rank, hdims, e.hst);
    int64_t rows = 1;
    for (int d = 0; d < s->rank; d++)
        if (d != s->last)
            rows *= s->dims[d];
    rt_parallel_for(pool, rows, GRAIN / s->dims[s->last] + 1, expand_range, &e);
}

/* The dims of the half spectrum along s->last: n/2+1 there. */
static void half_dims(const FftShape *s, int64_t *hdims)
{
    for (int d = 0; d < s->rank; d++)
        hdims[d] = d == s->last ? s->dims[d] / 2 + 1 : s->dims[d];
}

/* ---------------------------------------------------------------- arguments */

_Noreturn static void bad_arg(Rt *rt, const char *name, const char *what, Value x)
{
    StrBuf sb = {0};
    char type[128];
    snprintf(type, sizeof type, "%s", rt_type_name(rt, x, &sb));
    sb_free(&sb);
    rt_error(rt, "'%s' needs %s, not '%s'", name, what, type);
}

static bool is_number(Value v) { return v.kind == V_INT || v.kind == V_SCALAR || v.kind == V_COMPLEX; }

/* x must be a number or a numeric array. */
static void need_numeric(Rt *rt, const char *name, Value x)
{
    if (!is_number(x) && (x.kind != V_ARRAY || !rt_elem_is_numeric(x.a->elem)))
        bad_arg(rt, name, "a numeric array", x);
}

/* A new array of type e shaped like `like`; when memory runs out, `held` (a reference the
 * caller owns, or V_UNDEF) is released before the error unwinds. */
static Value new_array(Rt *rt, RtElem e, const RtArray *like, Value held)
{
    Value v = rt_array_uninit(e, like->rank, like->dims);
    if (v.kind == V_UNDEF) {
        rt_release(held);
        rt_out_of_memory(rt);
    }
    return v;
}

/* `a` as an array of element type e (real or complex): a new reference, converted when
 * its type differs. */
static Value as_elem(Rt *rt, RtArray *a, RtElem e)
{
    if (a->elem == e) {
        Value v = {.kind = V_ARRAY, .a = a};
        rt_retain(v);
        return v;
    }
    Value v = new_array(rt, e, a, rt_undef());
    if (rt_elem_is_complex(e))
        for (int64_t i = 0; i < a->n; i++)
            rt_set_cplx(v.a, i, rt_get_cplx(a, i));
    else
        for (int64_t i = 0; i < a->n; i++)
            rt_set_real(v.a, i, rt_get_real(a, i), false);
    return v;
}

static RtElem real_elem(const Rt *rt) { return rt->opt.dbl ? RT_F64 : RT_F32; }

/* ---------------------------------------------------------------- transforms */

/* Complex to complex; V_UNDEF when FFTW could make no plan. */
static Value fft_c2c(Rt *rt, RtArray *x, const FftShape *s, bool inverse)
{
    Value out = new_array(rt, x->elem, x, (Value){.kind = V_ARRAY, .a = x});
    size_t es = rt_elem_size(x->elem);
    if (s->last < 0) {
        memcpy(out.a->data, x->data, (size_t)x->n * es);
        return out;
    }
    int64_t st[RT_MAX_DIMS];
    row_major(s->rank, s->dims, st);
    FftKey key;
    key_init(rt->pool, &key, inverse ? FFT_INV : FFT_FWD, rt->opt.dbl, s, st, st, x->data, out.a->data);
    if (!run_plan(rt->pool, &key, x->data, out.a->data)) {
        rt_release(out);
        return rt_undef();
    }
    if (inverse)
        scale(rt->pool, out.a->data, 2 * x->n, rt->opt.dbl, 1.0 / (double)s->n);
    return out;
}

/* Real to the full complex transform: R2C into a compact half, then expanded. */
static Value fft_r2c(Rt *rt, RtArray *x, const FftShape *s)
{
    Value xv = {.kind = V_ARRAY, .a = x};
    Value out = new_array(rt, rt_complex_elem(rt), x, xv);
    if (s->last < 0) {
        for (int64_t i = 0; i < x->n; i++)
            rt_set_cplx(out.a, i, (RtC64){rt_get_real(x, i), 0});
        return out;
    }
    int64_t st[RT_MAX_DIMS], hdims[RT_MAX_DIMS], hst[RT_MAX_DIMS];
    half_dims(s, hdims);
    row_major(s->rank, s->dims, st);
    row_major(s->rank, hdims, hst);
    Value half = rt_array_uninit(rt_complex_elem(rt), s->rank, hdims);
    if (half.kind == V_UNDEF) {
        rt_release(out);
        rt_release(xv);
        rt_out_of_memory(rt);
    }
    FftKey key;
    key_init(rt->pool, &key, FFT_R2C, rt->opt.dbl, s, st, hst, x->data, half.a->data);
    bool ok = run_plan(rt->pool, &key, x->data, half.a->data);
    if (ok)
        hermitian_expand(rt->pool, s, hdims, half.a->data, out.a->data, rt->opt.dbl);
    rt_release(half);
    if (!ok) {
        rt_release(out);
        return rt_undef();
    }
    return out;
}

/* The transform of x over the dims marked in tr (indexed by dimension). */
static Value fft_any(Rt *rt, Value x, const bool *tr, bool inverse, const char *name)
{
    need_numeric(rt, name, x);
    if (is_number(x))
        return rt_number(rt, rt_to_cplx(rt, x, "x"), true);
    if (!x.a->n)
        return new_array(rt, rt_complex_elem(rt), x.a, rt_undef());
    need_fftw(rt, name);
    FftShape s;
    shape_init(&s, x.a, tr);
    bool cplx = rt_elem_is_complex(x.a->elem);
    if (s.last >= 0 && rt->opt.engine != RT_ENGINE_CPU && rt_engine_for(rt->opt.engine, NULL, 0) == &rt_cuda_engine) {
        /* the CUDA engine: cuFFT on the device copies; real input of the precision is
         * made complex on the device, other types are converted on the host first */
        char why[256];
        bool real = !cplx && x.a->elem == real_elem(rt);
        if (!real && x.a->elem != rt_complex_elem(rt) && !rt_buf_host(x.a->buf, false))
            rt_error(rt, "'%s': the array could not be copied back from the GPU", name);
        Value in = as_elem(rt, x.a, real ? real_elem(rt) : rt_complex_elem(rt));
        Value out = new_array(rt, rt_complex_elem(rt), x.a, in);
        if (real ? rt_cuda_fft_real(in.a, out.a, s.tr, inverse, rt->opt.dbl, why, sizeof why)
                 : rt_cuda_fft_c2c(in.a, out.a, s.tr, inverse, rt->opt.dbl, why, sizeof why)) {
            rt_release(in);
            return out;
        }
        rt_release(out);
        rt_release(in);
        static bool said;       /* once per process, under -v */
        if (rt->opt.verbose && !said) {
            said = true;
            fprintf(stderr, "qpipe: %s runs on the CPU (%s)\n", name, why);
        }
    }
    rt_kernels_settle_for(rt, &x, 1);
    if (!rt_buf_host(x.a->buf, false))          /* FFTW reads host memory */
        rt_error(rt, "'%s': the array could not be copied back from the GPU", name);
    Value in = as_elem(rt, x.a, cplx || inverse ? rt_complex_elem(rt) : real_elem(rt));
    Value out = cplx || inverse ? fft_c2c(rt, in.a, &s, inverse) : fft_r2c(rt, in.a, &s);
    rt_release(in);
    if (out.kind == V_UNDEF)
        no_plan(rt, name);
    return out;
}

/* The non-redundant half of x along s->last, compact (dims with dims[last] = n/2+1),
 * multiplied by `by` on the way (the inverse's 1/N, so no pass over the output). */
typedef struct Half {
    const void *src;
    void *dst;
    int64_t n, h, inner;
    bool dbl;
    double by;
} Half;

static void half_range(void *ctx, int64_t b, int64_t e)
{
    const Half *c = ctx;
    int64_t len = 2 * c->h * c->inner;          /* reals per outer index */
    for (int64_t o = b; o < e; o++) {
        int64_t from = 2 * o * c->n * c->inner, to = o * len;
        if (c->dbl) {
            const double *x = c->src;
            double *y = c->dst;
            for (int64_t i = 0; i < len; i++)
                y[to + i] = x[from + i] * c->by;
        } else {
            const float *x = c->src;
            float *y = c->dst;
            float by = (float)c->by;
            for (int64_t i = 0; i < len; i++)
                y[to + i] = x[from + i] * by;
        }
    }
}

/* V_UNDEF when memory runs out. */
static Value half_copy(RtPool *pool, const RtArray *x, const FftShape *s, bool dbl, int64_t *hdims)
{
    int L = s->last;
    Half c = {.src = x->data, .n = s->dims[L], .h = s->dims[L] / 2 + 1, .inner = 1,
              .dbl = dbl, .by = 1.0 / (double)s->n};
    int64_t outer = 1;
    half_dims(s, hdims);
    for (int d = 0; d < s->rank; d++) {
        if (d < L)
            outer *= s->dims[d];
        else if (d > L)
            c.inner *= s->dims[d];
    }
    Value v = rt_array_uninit(x->elem, s->rank, hdims);
    if (v.kind == V_UNDEF)
        return v;
    c.dst = v.a->data;
    rt_parallel_for(pool, outer, GRAIN / (2 * c.h * c.inner) + 1, half_range, &c);
    return v;
}

/* irealfft: C2R of the (assumed Hermitian) x, divided by N, a real array. */
static Value fft_c2r(Rt *rt, Value x, const bool *tr, const char *name)
{
    need_numeric(rt, name, x);
    if (is_number(x))
        return rt_real(rt_round(rt, rt_to_cplx(rt, x, "x").re));
    if (!x.a->n)
        return new_array(rt, real_elem(rt), x.a, rt_undef());
    need_fftw(rt, name);
    FftShape s;
    shape_init(&s, x.a, tr);
    if (x.a->elem != rt_complex_elem(rt) && !rt_buf_host(x.a->buf, false))     /* converted on the host */
        rt_error(rt, "'%s': the array could not be copied back from the GPU", name);
    Value in = as_elem(rt, x.a, rt_complex_elem(rt));
    Value out = new_array(rt, real_elem(rt), x.a, in);
    if (s.last >= 0 && rt->opt.engine != RT_ENGINE_CPU && rt_engine_for(rt->opt.engine, NULL, 0) == &rt_cuda_engine) {
        /* the CUDA engine: cuFFT's C2R on the device copies */
        char why[256];
        if (rt_cuda_fft_c2r(in.a, out.a, s.tr, rt->opt.dbl, why, sizeof why)) {
            rt_release(in);
            return out;
        }
        static bool said;       /* once per process, under -v */
        if (rt->opt.verbose && !said) {
            said = true;
            fprintf(stderr, "qpipe: %s runs on the CPU (%s)\n", name, why);
        }
    }
    if (!rt_buf_host(in.a->buf, false)) {       /* FFTW reads host memory */
        rt_release(in);
        rt_release(out);
        rt_error(rt, "'%s': the array could not be copied back from the GPU", name);
    }
    if (s.last < 0) {
        for (int64_t i = 0; i < x.a->n; i++)
            rt_set_real(out.a, i, rt_get_cplx(in.a, i).re, false);
        rt_release(in);
        return out;
    }
    int64_t hdims[RT_MAX_DIMS], is[RT_MAX_DIMS], os[RT_MAX_DIMS];
    Value half = half_copy(rt->pool, in.a, &s, rt->opt.dbl, hdims);
    rt_release(in);
    if (half.kind == V_UNDEF) {
        rt_release(out);
        rt_out_of_memory(rt);
    }
    row_major(s.rank, hdims, is);
    row_major(s.rank, s.dims, os);
    FftKey key;
    key_init(rt->pool, &key, FFT_C2R, rt->opt.dbl, &s, is, os, half.a->data, out.a->data);
    bool ok = run_plan(rt->pool, &key, half.a->data, out.a->data);
    rt_release(half);
    if (!ok) {
        rt_release(out);
        no_plan(rt, name);
    }
    return out;
}

/* ---------------------------------------------------------------- which dimensions */

static void dims_first(bool *tr, int k)
{
    memset(tr, 0, RT_MAX_DIMS * sizeof *tr);
    for (int d = 0; d < k; d++)
        tr[d] = true;
}

static void dims_last(bool *tr, Value x)
{
    memset(tr, 0, RT_MAX_DIMS * sizeof *tr);
    if (x.kind == V_ARRAY)
        tr[x.a->rank - 1] = true;
}

/* fftn's dims argument: zero-based dimension numbers, a number or a vector. */
static void dims_list(Rt *rt, Value v, bool *tr, const char *name)
{
    memset(tr, 0, RT_MAX_DIMS * sizeof *tr);
    bool arr = v.kind == V_ARRAY && rt_elem_is_numeric(v.a->elem) && !rt_elem_is_complex(v.a->elem);
    if (!arr && v.kind != V_INT && v.kind != V_SCALAR)
        bad_arg(rt, name, "a vector of dimensions as its second argument", v);
    int64_t n = arr ? v.a->n : 1;
    for (int64_t i = 0; i < n; i++) {
        double d = arr ? rt_get_real(v.a, i) : v.kind == V_INT ? (double)v.i : v.r;
        if (d != floor(d) || d < 0 || d >= RT_MAX_DIMS)
            rt_error(rt, "'%s': dimension %g is not an integer in [0, %d)", name, d, RT_MAX_DIMS);
        if (tr[(int)d])
            rt_error(rt, "'%s': dimension %d is listed twice", name, (int)d);
        tr[(int)d] = true;
    }
}

/* ---------------------------------------------------------------- builtins: transforms */

#define FFT_FIRST(fname, k, inverse)                                          \
    void lib_##fname(Rt *rt, int argc, Value *argv, int nout, Value *out)     \
    {                                                                         \
        (void)argc, (void)nout;                                               \
        bool tr[RT_MAX_DIMS];                                                 \
        dims_first(tr, k);                                                    \
        out[0] = fft_any(rt, argv[0], tr, inverse, #fname);                   \
    }

FFT_FIRST(fft2, 2, false)
FFT_FIRST(fft3, 3, false)
FFT_FIRST(ifft2, 2, true)
FFT_FIRST(ifft3, 3, true)

void lib_fft1(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    bool tr[RT_MAX_DIMS];
    dims_last(tr, argv[0]);
    out[0] = fft_any(rt, argv[0], tr, false, "fft1");
}

void lib_ifft1(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    bool tr[RT_MAX_DIMS];
    dims_last(tr, argv[0]);
    out[0] = fft_any(rt, argv[0], tr, true, "ifft1");
}

void lib_fftn(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    bool tr[RT_MAX_DIMS];
    dims_list(rt, argv[1], tr, "fftn");
    out[0] = fft_any(rt, argv[0], tr, false, "fftn");
}

void lib_ifftn(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    bool tr[RT_MAX_DIMS];
    dims_list(rt, argv[1], tr, "ifftn");
    out[0] = fft_any(rt, argv[0], tr, true, "ifftn");
}

void lib_irealfft1(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    bool tr[RT_MAX_DIMS];
    dims_last(tr, argv[0]);
    out[0] = fft_c2r(rt, argv[0], tr, "irealfft1");
}

#define IREAL_FIRST(fname, k)                                                 \
    void lib_##fname(Rt *rt, int argc, Value *argv, int nout, Value *out)     \
    {                                                                         \
        (void)argc, (void)nout;                                               \
        bool tr[RT_MAX_DIMS];                                                 \
        dims_first(tr, k);                                                    \
        out[0] = fft_c2r(rt, argv[0], tr, #fname);                            \
    }

IREAL_FIRST(irealfft2, 2)
IREAL_FIRST(irealfft3, 3)

/* ---------------------------------------------------------------- fftshift
 *
 * As NumPy: fftshift moves element i of a shifted dimension of size n to (i + n/2) mod n,
 * ifftshift to (i - n/2) mod n (the same for even n, one apart for odd n). Rows along
 * the last dimension are copied in one or two pieces. */

typedef struct Shift {
    const RtArray *a;
    void *dst;
    int64_t shift[RT_MAX_DIMS];  /* per dimension, in [0, n) */
    int64_t st[RT_MAX_DIMS];
    size_t es;
} Shift;

static void shift_row(const Shift *s, int64_t row)
{
    const RtArray *a = s->a;
    int last = a->rank - 1;
    int64_t src = 0, dst = 0;
    for (int d = last - 1; d >= 0; d--) {
        int64_t k = row % a->dims[d];
        row /= a->dims[d];
        src += k * s->st[d];
        dst += (k + s->shift[d]) % a->dims[d] * s->st[d];
    }
    int64_t n = a->dims[last], sh = s->shift[last];
    const char *from = (const char *)a->data + (size_t)src * s->es;
    char *to = (char *)s->dst + (size_t)dst * s->es;
    memcpy(to + (size_t)sh * s->es, from, (size_t)(n - sh) * s->es);
    memcpy(to, from + (size_t)(n - sh) * s->es, (size_t)sh * s->es);
}

static void shift_range(void *ctx, int64_t b, int64_t e)
{
    for (; b < e; b++)
        shift_row(ctx, b);
}

static Value shift_any(Rt *rt, Value x, const bool *tr, bool inverse, const char *name)
{
    if (x.kind != V_ARRAY) {
        need_numeric(rt, name, x);
        rt_retain(x);
        return x;
    }
    if (!rt_elem_is_numeric(x.a->elem))
        bad_arg(rt, name, "a numeric array", x);
    RtArray *a = x.a;
    Value out = new_array(rt, a->elem, a, rt_undef());
    if (!a->n)
        return out;
    Shift s = {.a = a, .dst = out.a->data, .es = rt_elem_size(a->elem)};
    row_major(a->rank, a->dims, s.st);
    for (int d = 0; d < a->rank; d++) {
        int64_t n = a->dims[d];
        s.shift[d] = !tr[d] ? 0 : inverse ? (n - n / 2) % n : n / 2;
    }
    int64_t n = a->dims[a->rank - 1];
    rt_parallel_for(rt->pool, a->n / n, GRAIN / n + 1, shift_range, &s);
    return out;
}

#define SHIFT_FIRST(fname, k, inverse)                                        \
    void lib_##fname(Rt *rt, int argc, Value *argv, int nout, Value *out)     \
    {                                                                         \
        (void)argc, (void)nout;                                               \
        bool tr[RT_MAX_DIMS];                                                 \
        dims_first(tr, k);                                                    \
        out[0] = shift_any(rt, argv[0], tr, inverse, #fname);                 \
    }

SHIFT_FIRST(fftshift2, 2, false)
SHIFT_FIRST(fftshift3, 3, false)
SHIFT_FIRST(ifftshift2, 2, true)
SHIFT_FIRST(ifftshift3, 3, true)

void lib_fftshift1(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    bool tr[RT_MAX_DIMS];
    dims_last(tr, argv[0]);
    out[0] = shift_any(rt, argv[0], tr, false, "fftshift1");
}

void lib_ifftshift1(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    bool tr[RT_MAX_DIMS];
    dims_last(tr, argv[0]);
    out[0] = shift_any(rt, argv[0], tr, true, "ifftshift1");
}

/* ---------------------------------------------------------------- nextpow2 */

/* Quasar's nextpow2 (system.q): the smallest power of two 2^p >= |x|, the size that
 * research code pads an image to (sz2 = nextpow2(size(img)); img2 = uninit(sz2)). Not
 * MATLAB's, which returns the exponent p. 0 for 0, exact for powers of two (frexp gives
 * |x| = f 2^e with f in [0.5, 1)). */
static double next_pow2(double x)
{
    if (isnan(x) || isinf(x))
        return fabs(x);
    int e;
    double f = frexp(fabs(x), &e);
    return f == 0 ? 0 : ldexp(1, f == 0.5 ? e - 1 : e);
}

void lib_nextpow2(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    Value x = argv[0];
    if (x.kind == V_INT || x.kind == V_SCALAR) {
        double p = next_pow2(x.kind == V_INT ? (double)x.i : x.r);
        out[0] = isfinite(p) && p == floor(p) && p < 9e18 ? rt_int((int64_t)p) : rt_real(p);
        return;
    }
    if (x.kind != V_ARRAY || !rt_elem_is_numeric(x.a->elem) || rt_elem_is_complex(x.a->elem))
        bad_arg(rt, "nextpow2", "real numbers", x);
    rt_map1(rt, x, next_pow2, NULL, &out[0]);
}
