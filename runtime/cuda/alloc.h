/*
 * alloc.h - the CUDA engine's caching device allocator (alloc.c).
 *
 * Launches ask for device blocks every time (one per buffer, the argument array, the
 * status); asking the driver each time (cuMemAlloc/cuMemFree synchronise the device)
 * would cost more than small kernels. Blocks are rounded to a size class and kept on a
 * free list per class when released; a request takes a cached block of its class first.
 * The cache holds at most `limit` bytes; beyond that a released block goes back to the
 * driver. The driver calls are function pointers, so the pool is tested with a fake
 * device (tests/unit/test_cuda.c). Not thread-safe: the engine holds its lock.
 */
#ifndef RT_CUDA_ALLOC_H
#define RT_CUDA_ALLOC_H

#include <stddef.h>
#include <stdint.h>

typedef struct RtCudaBlock RtCudaBlock;

typedef struct RtCudaPool {
    int (*dev_alloc)(void *ctx, size_t bytes, uint64_t *ptr);     /* 0 ok */
    void (*dev_free)(void *ctx, uint64_t ptr);
    void *ctx;
    size_t limit;               /* bytes kept cached at most */
    size_t cached;              /* bytes on the free lists now */
    RtCudaBlock *free_list;     /* released blocks, most recent first */
    int64_t driver_allocs;      /* statistics: dev_alloc calls that succeeded */
    int64_t reuses;             /* requests served from the cache */
} RtCudaPool;

/* The size class of a request: a multiple of 256 bytes up to 64 KiB; above, a multiple
 * of 1/16 of the next power of two (under 12.5% waste). */
size_t rt_cuda_pool_class(size_t bytes);
/* A device block of at least `bytes`: 0 and *ptr, or the driver's failure (non-zero). */
int rt_cuda_pool_get(RtCudaPool *p, size_t bytes, uint64_t *ptr);
/* Give a block back (bytes: what was asked for it). */
void rt_cuda_pool_put(RtCudaPool *p, uint64_t ptr, size_t bytes);
/* Return every cached block to the driver. */
void rt_cuda_pool_trim(RtCudaPool *p);

#endif
