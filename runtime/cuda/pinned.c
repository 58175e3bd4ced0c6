/*
 * pinned.c - page-locked host memory for the video pipeline's frames (cuda.h
 * rt_cuda_host_alloc, the engine's host_alloc): cuMemHostAlloc through the dlopen table,
 * so that uploads from a frame run on the copy stream beside the kernels.
 *
 * cuMemHostAlloc costs milliseconds (it maps and locks the pages), so blocks given back
 * are kept, up to PINNED_KEEP of them and PINNED_KEEP_BYTES in all, and handed out again
 * for a request of the same size: a video of one size cycles through a few frames' worth.
 * Counted for QPIPE_CUDA_STATS (engine.c prints them). Thread-safe: the decoder allocates,
 * the encoder frees.
 */
#include "runtime/cuda/api.h"
#include "runtime/cuda/cuda.h"

#include <pthread.h>
#include <stdint.h>

#define PINNED_KEEP 16
#define PINNED_KEEP_BYTES ((size_t)1 << 30)

static struct {
    pthread_mutex_t mu;
    struct {
        void *p;
        size_t bytes;
    } kept[PINNED_KEEP];
    size_t kept_bytes;
    RtCudaPinnedStats st;
} P = {.mu = PTHREAD_MUTEX_INITIALIZER};

void *rt_cuda_host_alloc(size_t bytes)
{
    pthread_mutex_lock(&P.mu);
    for (int i = 0; i < PINNED_KEEP; i++)
        if (P.kept[i].p && P.kept[i].bytes == bytes) {
            void *p = P.kept[i].p;
            P.kept[i].p = NULL;
            P.kept_bytes -= bytes;
            P.st.reused++;
            pthread_mutex_unlock(&P.mu);
            return p;
        }
    pthread_mutex_unlock(&P.mu);
    const RtCudaDriver *d = rt_cuda_current();     /* the context current on this thread */
    void *p = NULL;
    if (!d || d->cuMemHostAlloc(&p, bytes, CU_MEMHOSTALLOC_PORTABLE) != CU_OK)
        p = NULL;
    pthread_mutex_lock(&P.mu);
    if (p)
        P.st.allocated++, P.st.bytes += (int64_t)bytes;
    else
        P.st.failed++;
    pthread_mutex_unlock(&P.mu);
    return p;
}

void rt_cuda_host_free(void *p, size_t bytes)
{
    if (!p)
        return;
    pthread_mutex_lock(&P.mu);
    if (P.kept_bytes + bytes <= PINNED_KEEP_BYTES)
        for (int i = 0; i < PINNED_KEEP; i++)
            if (!P.kept[i].p) {
                P.kept[i].p = p;
                P.kept[i].bytes = bytes;
                P.kept_bytes += bytes;
                pthread_mutex_unlock(&P.mu);
                return;
            }
    pthread_mutex_unlock(&P.mu);
    const RtCudaDriver *d = rt_cuda_current();
    if (d)
        d->cuMemFreeHost(p);
}

RtCudaPinnedStats rt_cuda_pinned_stats(void)
{
    pthread_mutex_lock(&P.mu);
    RtCudaPinnedStats s = P.st;
    pthread_mutex_unlock(&P.mu);
    return s;
}
