/*
 * mem.h - host memory for array buffers (mem.c): 64-byte aligned blocks, large ones
 * recycled through a small cache so that loops of whole-array expressions do not pay
 * page faults on every temporary.
 */
#ifndef RT_MEM_H
#define RT_MEM_H

#include <stddef.h>

void *rt_mem_alloc(size_t bytes);           /* NULL when out of memory */
void rt_mem_free(void *p, size_t bytes);    /* bytes as given to rt_mem_alloc */
size_t rt_mem_round(size_t bytes);          /* the size a block of `bytes` really has */
void rt_mem_trim(void);                     /* return every cached block to the system */

#endif
