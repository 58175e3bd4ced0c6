/*
 * hermitian.c - the Hermitian completion kernel (hermitian.h): one body, compiled on the
 * host as a loop and, stringified, by NVRTC as the kernel qp_herm_f / qp_herm_d.
 */
#include "runtime/cuda/hermitian.h"
#include "runtime/cuda/api.h"
#include "runtime/cuda/cuda.h"
#include "runtime/cuda/ptx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Element i of the full spectrum from the half: its index decomposed over the full dims;
 * above the half along the last transformed dimension, every transformed index is
 * mirrored (k -> n - k) and the value conjugated. */
#define HERM_BODY                                                                          \
    long long idx[16] = {0}, rem = i, src = 0;                                             \
    for (int d = s->rank - 1; d >= 0; d--) {                                               \
        idx[d] = rem % s->dims[d];                                                         \
        rem /= s->dims[d];                                                                 \
    }                                                                                      \
    int conj = idx[s->last] > s->dims[s->last] / 2;                                        \
    for (int d = 0; d < s->rank; d++) {                                                    \
        long long k = idx[d];                                                              \
        if (conj && s->tr[d] && k)                                                         \
            k = s->dims[d] - k;                                                            \
        src += k * s->hst[d];                                                              \
    }                                                                                      \
    out[i].x = half[src].x;                                                                \
    out[i].y = conj ? -half[src].y : half[src].y;

#define STR2(...) #__VA_ARGS__
#define STR(x) STR2(x)

static const char text[] =
    "typedef struct { int rank, last; long long dims[16]; long long hst[16]; int tr[16]; } RtCudaHerm;\n"
    "extern \"C\" __global__ void qp_herm_f(const float2 *half, float2 *out, RtCudaHerm sv, long long total)\n"
    "{\n    const RtCudaHerm *s = &sv;\n"
    "    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;\n    if (i >= total) return;\n    " STR(
        HERM_BODY) "\n}\n"
                   "extern \"C\" __global__ void qp_herm_d(const double2 *half, double2 *out, RtCudaHerm sv, long "
                   "long total)\n"
                   "{\n    const RtCudaHerm *s = &sv;\n"
                   "    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;\n    if (i >= total) "
                   "return;\n    " STR(HERM_BODY) "\n}\n";

const char *rt_cuda_herm_text(void) { return text; }

bool rt_cuda_herm_shape(int rank, const int64_t *dims, const bool *tr, RtCudaHerm *h, int64_t *hdims)
{
    memset(h, 0, sizeof *h);
    if (rank < 1 || rank > 16)
        return false;
    h->rank = rank;
    h->last = -1;
    for (int d = 0; d < rank; d++) {
        h->dims[d] = dims[d];
        h->tr[d] = tr[d] && dims[d] > 1;
        if (h->tr[d])
            h->last = d;
    }
    if (h->last < 0)
        return false;
    long long s = 1;
    for (int d = rank - 1; d >= 0; d--) {
        hdims[d] = d == h->last ? dims[d] / 2 + 1 : dims[d];
        h->hst[d] = s;
        s *= hdims[d];
    }
    return true;
}

typedef struct { float x, y; } F2;
typedef struct { double x, y; } D2;

void rt_cuda_herm_host(const RtCudaHerm *s, const void *hv, void *ov, bool dbl)
{
    long long total = 1;
    for (int d = 0; d < s->rank; d++)
        total *= s->dims[d];
    if (dbl) {
        const D2 *half = hv;
        D2 *out = ov;
        for (long long i = 0; i < total; i++) {
            HERM_BODY
        }
    } else {
        const F2 *half = hv;
        F2 *out = ov;
        for (long long i = 0; i < total; i++) {
            HERM_BODY
        }
    }
}

/* The module, loaded once (the engine's lock held). */
static struct {
    int state;                  /* 0 not tried, 1 ready, -1 failed */
    char why[256];
    CUmodule mod;
    CUfunction f[2];
} M;

static bool ready(const RtCudaDriver *d, int arch, char *why, size_t len)
{
    if (!M.state) {
        bool cached;
        M.state = -1;
        char *ptx = arch ? rt_cuda_ptx("qp_hermitian", text, arch, &cached, M.why, sizeof M.why) : NULL;
        CUresult r = 0;
        if (ptx && !(r = d->cuModuleLoadData(&M.mod, ptx)) &&
            !(r = d->cuModuleGetFunction(&M.f[0], M.mod, "qp_herm_f")) &&
            !(r = d->cuModuleGetFunction(&M.f[1], M.mod, "qp_herm_d")))
            M.state = 1;
        else if (ptx)
            snprintf(M.why, sizeof M.why, "the completion kernel does not load (CUDA error %d)", r);
        else if (!arch)
            snprintf(M.why, sizeof M.why, "no CUDA device");
        free(ptx);
    }
    if (M.state < 0)
        snprintf(why, len, "%s", M.why);
    return M.state > 0;
}

bool rt_cuda_herm_ready(int arch, char *why, size_t len)
{
    char w[64];
    const RtCudaDriver *d = rt_cuda_driver(w, sizeof w);
    if (!d) {
        snprintf(why, len, "%s", w);
        return false;
    }
    return ready(d, arch, why, len);
}

int rt_cuda_hermitian(int arch, uint64_t half, uint64_t out, const RtCudaHerm *h, bool dbl, char *why, size_t len)
{
    char w[64];
    const RtCudaDriver *d = rt_cuda_driver(w, sizeof w);
    if (!d || !ready(d, arch, why, len))
        return -1;
    long long total = 1;
    for (int k = 0; k < h->rank; k++)
        total *= h->dims[k];
    unsigned block = 256;
    long long blocks = (total + block - 1) / block;
    if (blocks > 0x7fffffff) {
        snprintf(why, len, "too many elements for one launch");
        return -1;
    }
    CUdeviceptr hp = half, op = out;
    RtCudaHerm hv = *h;
    void *params[] = {&hp, &op, &hv, &total};
    int r = d->cuLaunchKernel(M.f[dbl], (unsigned)blocks, 1, 1, block, 1, 1, 0, NULL, params, NULL);
    if (r)
        snprintf(why, len, "the completion kernel failed to launch (CUDA error %d)", r);
    return r;
}
