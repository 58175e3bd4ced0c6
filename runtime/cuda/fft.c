/*
 * fft.c - the complex FFTs of lib_fft.c on the device through cuFFT (cuda.h
 * rt_cuda_fft_c2c), opened with dlopen (loader.c) on first use.
 *
 * The transform lib_fft.c describes (an array, which of its dimensions are transformed)
 * is one cufftPlanMany: the transformed dimensions (1 to 3 of size > 1) are the plan's
 * n[], their row-major strides expressed as istride (the innermost one's) and inembed[]
 * (the ratio of neighbouring strides), and at most one other dimension of size > 1 is the
 * batch (idist its stride). fft2 of an H x W x 3 cube is n = {H, W}, istride 3, batch 3,
 * idist 1: one plan, one execution. Layouts with two batch dimensions and more than 3
 * transformed ones are not expressible: the caller runs FFTW instead.
 *
 * Data stays on the device (residency.c): the input's device copy is uploaded only when
 * stale, the output is written there in full ('nocopy: no upload) and downloaded only when
 * the host reads it. The inverse's 1/N is applied on the device by cuBLAS's scal (blas.c);
 * without cuBLAS the inverse fails here and the caller's FFTW does it again on the host
 * (the output's device copy, written but not marked valid, is simply overwritten later).
 *
 * Plans are kept in a small LRU cache (as the CPU side keeps FFTW's), keyed by the layout
 * and the type; all of this runs with the engine's lock held (RtDevOps lock).
 */
#include "runtime/cuda/api.h"
#include "runtime/cuda/cuda.h"
#include "runtime/cuda/hermitian.h"
#include "runtime/residency.h"

#include <stdio.h>
#include <string.h>

#define CUFFT_C2C 0x29
#define CUFFT_Z2Z 0x69
#define CUFFT_R2C 0x2a
#define CUFFT_D2Z 0x6a
#define CUFFT_C2R 0x2c
#define CUFFT_Z2D 0x6c
#define CUFFT_FORWARD (-1)
#define CUFFT_INVERSE 1
#define PLANS 16

typedef int cufftHandle;
typedef int (*PlanManyFn)(cufftHandle *plan, int rank, int *n, int *inembed, int istride, int idist, int *onembed,
                          int ostride, int odist, int type, int batch);
typedef int (*ExecFn)(cufftHandle plan, void *in, void *out, int direction);
typedef int (*ExecRealFn)(cufftHandle plan, void *in, void *out);
typedef int (*DestroyFn)(cufftHandle plan);

typedef RtCudaFftLayout Layout;

/* A plan's layouts: of its input and of its output (the same but for R2C, whose output
 * is the compact half). */
typedef struct Key {
    Layout in, out;
} Key;

typedef struct Plan {
    Key key;
    cufftHandle h;
    unsigned long long used;
} Plan;

static struct {
    bool tried, ok;
    char why[256];
    PlanManyFn plan_many;
    ExecFn exec_c2c, exec_z2z;
    ExecRealFn exec_c2r, exec_z2d;
    ExecRealFn exec_r2c, exec_d2z;      /* optional: without them real input is widened */
    DestroyFn destroy;
    Plan plans[PLANS];
    int nplans;
    unsigned long long clock;
} F;

static bool load(char *why, size_t len)
{
    if (!F.tried) {
        F.tried = true;
        F.plan_many = (PlanManyFn)rt_cuda_symbol(RT_CUDA_CUFFT, "cufftPlanMany", F.why, sizeof F.why);
        F.exec_c2c = F.plan_many ? (ExecFn)rt_cuda_symbol(RT_CUDA_CUFFT, "cufftExecC2C", F.why, sizeof F.why) : NULL;
        F.exec_z2z = F.exec_c2c ? (ExecFn)rt_cuda_symbol(RT_CUDA_CUFFT, "cufftExecZ2Z", F.why, sizeof F.why) : NULL;
        F.destroy = F.exec_z2z ? (DestroyFn)rt_cuda_symbol(RT_CUDA_CUFFT, "cufftDestroy", F.why, sizeof F.why) : NULL;
        F.exec_c2r = F.destroy ? (ExecRealFn)rt_cuda_symbol(RT_CUDA_CUFFT, "cufftExecC2R", F.why, sizeof F.why) : NULL;
        F.exec_z2d = F.exec_c2r ? (ExecRealFn)rt_cuda_symbol(RT_CUDA_CUFFT, "cufftExecZ2D", F.why, sizeof F.why) : NULL;
        F.ok = F.exec_z2d != NULL;
        char w[256];
        F.exec_r2c = F.ok ? (ExecRealFn)rt_cuda_symbol(RT_CUDA_CUFFT, "cufftExecR2C", w, sizeof w) : NULL;
        F.exec_d2z = F.exec_r2c ? (ExecRealFn)rt_cuda_symbol(RT_CUDA_CUFFT, "cufftExecD2Z", w, sizeof w) : NULL;
    }
    if (!F.ok)
        snprintf(why, len, "%s", F.why);
    return F.ok;
}

bool rt_cuda_fft_layout(int rank, const int64_t *dims, const bool *tr, bool dbl, Layout *L)
{
    memset(L, 0, sizeof *L);
    L->type = dbl ? CUFFT_Z2Z : CUFFT_C2C;
    L->batch = 1;
    int64_t st[16], s = 1;
    if (rank > 16)
        return false;
    for (int d = rank - 1; d >= 0; d--) {
        st[d] = s;
        s *= dims[d];
    }
    if (s > 0x7fffffff)
        return false;
    int t[3], nt = 0, nb = 0;
    for (int d = 0; d < rank; d++) {
        if (dims[d] <= 1)
            continue;
        if (tr[d]) {
            if (nt == 3)
                return false;
            t[nt++] = d;
        } else {
            if (nb++)
                return false;   /* two batch dimensions */
            L->batch = (int)dims[d];
            L->dist = (int)st[d];
        }
    }
    if (!nt)
        return false;
    L->rank = nt;
    L->stride = (int)st[t[nt - 1]];
    for (int k = 0; k < nt; k++) {
        L->n[k] = (int)dims[t[k]];
        L->embed[k] = k == 0 ? L->n[0] : (int)(st[t[k - 1]] / st[t[k]]);
    }
    return true;
}

static cufftHandle *plan_for(const Layout *L, const Layout *O, char *why, size_t len)
{
    Key key;
    memset(&key, 0, sizeof key);
    key.in = *L;
    key.out = *O;
    for (int i = 0; i < F.nplans; i++)
        if (!memcmp(&F.plans[i].key, &key, sizeof key)) {
            F.plans[i].used = ++F.clock;
            return &F.plans[i].h;
        }
    int slot = F.nplans;
    if (F.nplans == PLANS) {    /* the least recently used goes */
        slot = 0;
        for (int i = 1; i < PLANS; i++)
            if (F.plans[i].used < F.plans[slot].used)
                slot = i;
        F.destroy(F.plans[slot].h);
    } else {
        F.nplans++;
    }
    Layout k = *L, o = *O;
    int r = F.plan_many(&F.plans[slot].h, k.rank, k.n, k.embed, k.stride, k.dist, o.embed, o.stride, o.dist, k.type,
                        k.batch);
    if (r != 0) {
        F.plans[slot] = F.plans[--F.nplans];
        snprintf(why, len, "cufftPlanMany failed (cufftResult %d)", r);
        return NULL;
    }
    F.plans[slot].key = key;
    F.plans[slot].used = ++F.clock;
    return &F.plans[slot].h;
}

const char *rt_cuda_fft_symbol(int i)
{
    static const char *const names[] = {"cufftPlanMany", "cufftExecC2C", "cufftExecZ2Z", "cufftDestroy",
                                        "cufftExecC2R", "cufftExecZ2D", "cufftExecR2C", "cufftExecD2Z"};
    return i >= 0 && i < (int)(sizeof names / sizeof *names) ? names[i] : NULL;
}

enum { K_C2C, K_REAL, K_C2R, K_R2C };

/* The transform `kind` of x into out on their device copies (the engine's lock held):
 *  K_C2C  complex to complex, out-of-place;
 *  K_REAL real x: widened on the device into out's complex elements (zeroed, then the
 *         reals copied to every other float by cuBLAS's copy with stride 2), then an
 *         in-place complex transform: the result equals the CPU's R2C + Hermitian
 *         completion, and nothing is made complex on the host;
 *  K_R2C  real x: R2C into a compact half (a scratch block), then the Hermitian
 *         completion kernel (hermitian.c) writes the full spectrum into out; 2 when that
 *         cannot run here (R2C missing, the kernel not loadable): K_REAL then;
 *  K_C2R  complex (Hermitian) x to real out: cuFFT's C2R reads the non-redundant half
 *         straight from the full-size array (its inembed is the full layout) of a
 *         device-to-device copy (C2R overwrites its input), then out *= 1/N.
 * 1 done, 0 with why. */
static int transform(int kind, RtArray *x, RtArray *out, const bool *tr, bool inverse, bool dbl, char *why,
                     size_t len)
{
    const RtDevOps *ops = rt_cuda_dev_ops();
    Layout L;
    char w[64];
    const RtCudaDriver *d = rt_cuda_driver(w, sizeof w);
    if (!ops || !d) {
        snprintf(why, len, "no CUDA device");
        return 0;
    }
    if (!rt_cuda_fft_layout(x->rank, x->dims, tr, dbl, &L)) {
        snprintf(why, len, "a layout cuFFT cannot express");
        return 0;
    }
    Layout O = L;               /* the output's layout: R2C's is the half's */
    RtCudaHerm herm;
    int64_t hdims[16];
    size_t cbytes = (size_t)x->n * (dbl ? 16 : 8), tbytes = cbytes;
    int arch = 0;
    if (kind == K_C2R)
        O.type = L.type = dbl ? CUFFT_Z2D : CUFFT_C2R;
    if (kind == K_R2C) {
        if (!rt_cuda_device_name(&arch) || !rt_cuda_herm_shape(x->rank, x->dims, tr, &herm, hdims) ||
            !rt_cuda_fft_layout(x->rank, hdims, tr, dbl, &O))
            return 2;
        O.type = L.type = dbl ? CUFFT_D2Z : CUFFT_R2C;
        tbytes = (dbl ? 16 : 8);
        for (int k = 0; k < x->rank; k++)
            tbytes *= (size_t)hdims[k];
    }
    int64_t n = 1;
    for (int k = 0; k < L.rank; k++)
        n *= L.n[k];
    ops->lock(ops->ctx);
    int done = 0, r = 0;
    uint64_t din = 0, dout = 0, tmp = 0;
    cufftHandle *h = NULL;
    if (!load(why, len)) {
        /* why says it */
    } else if (kind == K_R2C && (!(dbl ? F.exec_d2z : F.exec_r2c) || !rt_cuda_herm_ready(arch, why, len))) {
        done = 2;
    } else if (!(h = plan_for(&L, &O, why, len))) {
        done = kind == K_R2C ? 2 : 0;
    } else if (rt_res_device(x->buf, ops, RT_USE_READ, &din) ||
               rt_res_device(out->buf, ops, RT_USE_WRITE | RT_USE_NOCOPY, &dout) ||
               ((kind == K_C2R || kind == K_R2C) && ops->alloc(ops->ctx, tbytes, &tmp))) {
        tmp = 0;
        snprintf(why, len, "out of device memory");
    } else {
        /* uploads on the engine's copy stream, cuFFT/cuBLAS on the legacy one: wait for them explicitly */
        r = d->cuCtxSynchronize();
        if (r == 0 && kind == K_REAL && (r = d->cuMemsetD8(dout, 0, (size_t)out->n * (dbl ? 16 : 8))) == 0)
            r = rt_cuda_widen(din, dout, x->n, dbl, why, len);
        if (r == 0 && kind == K_C2R && (r = d->cuMemcpyDtoD(tmp, din, cbytes)) == 0)
            r = (dbl ? F.exec_z2d : F.exec_c2r)(*h, (void *)(uintptr_t)tmp, (void *)(uintptr_t)dout);
        else if (r == 0 && kind == K_R2C &&
                 (r = (dbl ? F.exec_d2z : F.exec_r2c)(*h, (void *)(uintptr_t)din, (void *)(uintptr_t)tmp)) == 0)
            r = rt_cuda_hermitian(arch, tmp, dout, &herm, dbl, why, len);
        else if (r == 0 && kind != K_C2R && kind != K_R2C) {
            uint64_t src = kind == K_REAL ? dout : din;
            r = (dbl ? F.exec_z2z : F.exec_c2c)(*h, (void *)(uintptr_t)src, (void *)(uintptr_t)dout,
                                                 inverse ? CUFFT_INVERSE : CUFFT_FORWARD);
        }
        if (r == 0 && (inverse || kind == K_C2R))
            r = kind == K_C2R ? rt_cuda_scal_r(dout, out->n, 1.0 / (double)n, dbl, why, len)
                              : rt_cuda_scal_c(dout, out->n, 1.0 / (double)n, dbl, why, len);
        if (r == 0)             /* finished when the builtin returns, as a kernel launch is */
            r = d->cuCtxSynchronize();
        if (r == 0) {
            rt_res_launched(x->buf, RT_USE_READ);
            rt_res_launched(out->buf, RT_USE_WRITE);
            done = 1;
        } else if (kind == K_R2C) {
            done = 2;           /* out not marked written: the widening path writes it */
        } else if (r != -1) {
            snprintf(why, len, "cuFFT failed (result %d)", r);
        }
    }
    if (tmp) {
        d->cuCtxSynchronize();
        ops->free(ops->ctx, tmp, tbytes);
    }
    ops->unlock(ops->ctx);
    return done;
}

int rt_cuda_fft_c2c(RtArray *x, RtArray *out, const bool *tr, bool inverse, bool dbl, char *why, size_t len)
{
    return transform(K_C2C, x, out, tr, inverse, dbl, why, len);
}

int rt_cuda_fft_real(RtArray *x, RtArray *out, const bool *tr, bool inverse, bool dbl, char *why, size_t len)
{
    if (x->n > 0x7fffffff) {
        snprintf(why, len, "too many elements for cuBLAS");
        return 0;
    }
    /* R2C is a forward transform: the inverse of real input (rare) is widened */
    int r = inverse ? 2 : transform(K_R2C, x, out, tr, false, dbl, why, len);
    return r == 2 ? transform(K_REAL, x, out, tr, inverse, dbl, why, len) : r;
}

int rt_cuda_fft_c2r(RtArray *x, RtArray *out, const bool *tr, bool dbl, char *why, size_t len)
{
    return transform(K_C2R, x, out, tr, true, dbl, why, len);
}

void rt_cuda_fft_shutdown(void)
{
    for (int i = 0; i < F.nplans; i++)
        F.destroy(F.plans[i].h);
    F.nplans = 0;
}
