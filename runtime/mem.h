/*
 * mem.h - host memory for array buffers (mem.c): 64-byte aligned blocks, large ones
 * recycled through a small cache so that loops of whole-array expressions do not pay
 * page faults on every temporary.
 */
#ifndef RT_MEM_H
#define RT_MEM_H

#include <stdbool.h>
#include <stddef.h>

void *rt_mem_alloc(size_t bytes);           /* NULL when out of memory */
void rt_mem_free(void *p, size_t bytes);    /* bytes as given to rt_mem_alloc */
size_t rt_mem_round(size_t bytes);          /* the size a block of `bytes` really has */
void rt_mem_trim(void);                     /* return every cached block to the system */

/* Page-locked blocks for video frames (the CUDA engine's cuMemHostAlloc, so that copies
 * to the device run beside its kernels): installed by the engine chosen for the run
 * (engine.h RtEngine.host_alloc, through cuda/select.c), none by default or on the CPU.
 * rt_mem_alloc_frame gives a pinned block when an allocator is installed and it answers
 * (*pinned true), else an ordinary one; rt_mem_free_frame frees either kind. */
typedef struct RtPinnedAlloc {
    void *(*alloc)(size_t bytes);           /* NULL when none can be had */
    void (*free)(void *p, size_t bytes);
} RtPinnedAlloc;
void rt_mem_set_pinned(const RtPinnedAlloc *a);     /* NULL: none */
void *rt_mem_alloc_frame(size_t bytes, bool *pinned);
void rt_mem_free_frame(void *p, size_t bytes, bool pinned);

#endif
