/*
 * alloc.c - the caching device allocator (alloc.h).
 */
#include "runtime/cuda/alloc.h"

#include <stdlib.h>

struct RtCudaBlock {
    RtCudaBlock *next;
    uint64_t ptr;
    size_t size;                /* its class */
};

size_t rt_cuda_pool_class(size_t bytes)
{
    if (bytes == 0)
        bytes = 1;
    if (bytes <= 65536)
        return (bytes + 255) & ~(size_t)255;
    size_t pow = 65536;
    while (pow < bytes)
        pow *= 2;
    size_t step = pow / 16;     /* classes of pow/2 + k * pow/16: waste under 12.5% */
    return (bytes + step - 1) / step * step;
}

int rt_cuda_pool_get(RtCudaPool *p, size_t bytes, uint64_t *ptr)
{
    size_t size = rt_cuda_pool_class(bytes);
    for (RtCudaBlock **b = &p->free_list; *b; b = &(*b)->next)
        if ((*b)->size == size) {
            RtCudaBlock *hit = *b;
            *b = hit->next;
            *ptr = hit->ptr;
            p->cached -= size;
            p->reuses++;
            free(hit);
            return 0;
        }
    int rc = p->dev_alloc(p->ctx, size, ptr);
    if (rc != 0 && p->free_list) {
        rt_cuda_pool_trim(p);   /* memory held by the cache may be what is missing */
        rc = p->dev_alloc(p->ctx, size, ptr);
    }
    if (rc == 0)
        p->driver_allocs++;
    return rc;
}

void rt_cuda_pool_put(RtCudaPool *p, uint64_t ptr, size_t bytes)
{
    size_t size = rt_cuda_pool_class(bytes);
    RtCudaBlock *b = p->cached + size <= p->limit ? malloc(sizeof *b) : NULL;
    if (!b) {
        p->dev_free(p->ctx, ptr);
        return;
    }
    b->ptr = ptr;
    b->size = size;
    b->next = p->free_list;
    p->free_list = b;
    p->cached += size;
}

void rt_cuda_pool_trim(RtCudaPool *p)
{
    while (p->free_list) {
        RtCudaBlock *b = p->free_list;
        p->free_list = b->next;
        p->dev_free(p->ctx, b->ptr);
        free(b);
    }
    p->cached = 0;
}
