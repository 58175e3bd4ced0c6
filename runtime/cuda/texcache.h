/*
 * texcache.h - the texture objects of 'hwtex_* arguments, kept per device copy version
 * (texcache.c; docs/cuda.md "The CUDA text").
 *
 * A texture object reads a CUDA array: a snapshot of the buffer's device copy. The cache
 * keys it by the copy (RtDevCopy id, never reused), its version (residency.h: changes
 * with every upload and every launch that writes the copy), the texture's spec (filter,
 * address mode, rank, channels) and the dims. A launch that reads the same unchanged
 * buffer again reuses the object: no copy, no creation (a hit). When the version moved,
 * the same CUDA array is refilled on the launch's stream (a miss, no new object). When
 * the device block is freed (the buffer freed, residency.c drop) the entry goes; at most
 * RT_CUDA_TEX_CACHE entries are kept, the least recently used destroyed first. Each entry
 * has an event recorded after the last launch that read it: a refill or a destruction
 * waits for it. Called with the engine's lock held.
 */
#ifndef RT_CUDA_TEXCACHE_H
#define RT_CUDA_TEXCACHE_H

#include "runtime/cuda/api.h"
#include "runtime/residency.h"

#define RT_CUDA_TEX_CACHE 16

typedef struct RtCudaTexEntry {
    uint64_t copy, version;     /* RtDevCopy id and version the array holds */
    CUdeviceptr src;            /* the device block it was made from */
    RtCudaTexSpec spec;
    int64_t dims[4];
    RtCuArray arr;
    RtCuTexObject obj;
    CUevent used;               /* recorded after the last launch that read it (NULL: none) */
    unsigned long long lru;
} RtCudaTexEntry;

typedef struct RtCudaTexCache {
    RtCudaTexEntry e[RT_CUDA_TEX_CACHE];
    int n;
    unsigned long long clock;
    int64_t hits, refills, made;    /* QPIPE_CUDA_STATS */
} RtCudaTexCache;

/* The texture object of `spec` over the device copy c (an array of `dims`, its data at
 * c->ptr) for a launch on `stream`: from the cache, refilled or made (the copy into the
 * CUDA array issued on `stream`). 0 when it cannot be a texture or a driver call fails
 * (the kernel then reads global memory); *entry the entry's index, for rt_cuda_tex_used. */
RtCuTexObject rt_cuda_tex_get(RtCudaTexCache *tc, const RtCudaDriver *d, CUstream stream, const RtCudaTexSpec *spec,
                              const int64_t dims[4], const RtDevCopy *c, int *entry);
/* The launch reading entry `entry` was issued on `stream`. */
void rt_cuda_tex_used(RtCudaTexCache *tc, const RtCudaDriver *d, int entry, CUstream stream);
/* The device block at ptr is freed: the entries made from it go. */
void rt_cuda_tex_forget(RtCudaTexCache *tc, const RtCudaDriver *d, CUdeviceptr ptr);
/* Every entry destroyed (the engine's shutdown). */
void rt_cuda_tex_clear(RtCudaTexCache *tc, const RtCudaDriver *d);

#endif
