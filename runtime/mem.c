/*
 * mem.c - the host memory manager for array buffers.
 *
 * Whole-array expressions allocate a result of the same size again and again
 * (D = A + B .* C in a loop makes two 25 MB temporaries per iteration). Fresh memory from
 * the kernel costs a page fault per 4 KiB on first touch, which made such loops run at a
 * fifth of memory bandwidth. Large blocks are therefore kept after release in a small
 * cache and handed out again for a request of the same size class. Video frames may come
 * from the CUDA engine's page-locked allocator (rt_mem_alloc_frame). Thread-safe: the media pipeline allocates from its threads.
 */
#include "runtime/mem.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#define MEM_ALIGN 64                /* cache line; AVX-512 loads */
#define MEM_CACHE_MIN (1u << 20)    /* smaller blocks go straight to malloc, which is fast */
#define MEM_CACHE_SLOTS 16
#define MEM_CACHE_MAX_BYTES ((size_t)1 << 30)   /* never hold more than 1 GiB idle */
#define MEM_HUGE_MIN ((size_t)4 << 20)          /* blocks from here up are mapped on their own … */
#define MEM_HUGE_PAGE ((size_t)2 << 20)         /* … aligned to huge pages, asked for with madvise */

static struct {
    void *p;
    size_t bytes;
} cache[MEM_CACHE_SLOTS];
static size_t cached_bytes;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

/* A frame-sized block (a 1080p float image is 25 MB) walked with 4 KiB pages misses the TLB
 * every few rows; where transparent huge pages are "madvise" (Debian's default), a block
 * gets 2 MiB pages only when asked. Mapped on its own, 2 MiB-aligned, and unmapped on free. */
static void *huge_alloc(size_t bytes)
{
    size_t len = bytes + MEM_HUGE_PAGE;
    uint8_t *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    uint8_t *p = (uint8_t *)(((uintptr_t)m + MEM_HUGE_PAGE - 1) & ~(uintptr_t)(MEM_HUGE_PAGE - 1));
    if (p > m)
        munmap(m, (size_t)(p - m));
    size_t tail = (size_t)(m + len - (p + bytes));
    if (tail)
        munmap(p + bytes, tail);
    madvise(p, bytes, MADV_HUGEPAGE);      /* advice: where it is refused, small pages */
    return p;
}

static void release(void *p, size_t bytes)
{
    if (bytes >= MEM_HUGE_MIN)
        munmap(p, bytes);
    else
        free(p);
}

size_t rt_mem_round(size_t bytes)
{
    size_t r = (bytes + MEM_ALIGN - 1) & ~(size_t)(MEM_ALIGN - 1);
    return r ? r : MEM_ALIGN;
}

void *rt_mem_alloc(size_t bytes)
{
    bytes = rt_mem_round(bytes);
    if (bytes >= MEM_CACHE_MIN) {
        pthread_mutex_lock(&mu);
        for (int i = 0; i < MEM_CACHE_SLOTS; i++)
            if (cache[i].p && cache[i].bytes == bytes) {
                void *p = cache[i].p;
                cache[i].p = NULL;
                cached_bytes -= bytes;
                pthread_mutex_unlock(&mu);
                return p;
            }
        pthread_mutex_unlock(&mu);
    }
    return bytes >= MEM_HUGE_MIN ? huge_alloc(bytes) : aligned_alloc(MEM_ALIGN, bytes);
}

void rt_mem_free(void *p, size_t bytes)
{
    if (!p)
        return;
    bytes = rt_mem_round(bytes);
    if (bytes >= MEM_CACHE_MIN) {
        pthread_mutex_lock(&mu);
        if (cached_bytes + bytes <= MEM_CACHE_MAX_BYTES)
            for (int i = 0; i < MEM_CACHE_SLOTS; i++)
                if (!cache[i].p) {
                    cache[i].p = p;
                    cache[i].bytes = bytes;
                    cached_bytes += bytes;
                    pthread_mutex_unlock(&mu);
                    return;
                }
        pthread_mutex_unlock(&mu);
    }
    release(p, bytes);
}

void rt_mem_trim(void)
{
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MEM_CACHE_SLOTS; i++) {
        if (cache[i].p)
            release(cache[i].p, cache[i].bytes);
        cache[i].p = NULL;
    }
    cached_bytes = 0;
    pthread_mutex_unlock(&mu);
}

static const RtPinnedAlloc *_Atomic pinned_alloc;

void rt_mem_set_pinned(const RtPinnedAlloc *a) { pinned_alloc = a; }

void *rt_mem_alloc_frame(size_t bytes, bool *pinned)
{
    const RtPinnedAlloc *a = pinned_alloc;
    void *p = a ? a->alloc(rt_mem_round(bytes)) : NULL;
    *pinned = p != NULL;
    return p ? p : rt_mem_alloc(bytes);
}

void rt_mem_free_frame(void *p, size_t bytes, bool pinned)
{
    const RtPinnedAlloc *a = pinned_alloc;
    if (pinned && a)
        a->free(p, rt_mem_round(bytes));
    else if (!pinned)
        rt_mem_free(p, bytes);
    /* pinned without an allocator: not possible, the engine's allocator is never removed
     * while its frames live (rt_mem_set_pinned(NULL) only at startup, tests) */
}
