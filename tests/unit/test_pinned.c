/*
 * test_pinned.c - video frames in page-locked memory (runtime/mem.c rt_mem_alloc_frame,
 * value.c rt_array_frame), with a fake pinned allocator that counts its calls: frames
 * come from it and are marked RT_BUF_PINNED, go back to it when freed; without one (the
 * CPU engine) or when it fails, frames are ordinary memory, and other arrays never use it.
 */
#include "runtime/mem.h"
#include "runtime/value.h"
#include "tests/unit/check.h"

#include <stdlib.h>
#include <string.h>

static int allocs, frees, fail;
static size_t last_bytes;

static void *f_alloc(size_t bytes)
{
    if (fail)
        return NULL;
    allocs++;
    last_bytes = bytes;
    return aligned_alloc(64, bytes);
}

static void f_free(void *p, size_t bytes)
{
    frees += bytes == last_bytes;
    free(p);
}

static const RtPinnedAlloc fake = {f_alloc, f_free};

int main(void)
{
    int64_t dims[3] = {18, 32, 3};

    Value v = rt_array_frame(RT_F32, 3, dims);
    report("no pinned allocator (CPU engine): a frame in ordinary memory",
           v.kind == V_ARRAY && !(v.a->buf->flags & RT_BUF_PINNED) && allocs == 0 ? NULL : "pinned");
    rt_release(v);

    rt_mem_set_pinned(&fake);
    v = rt_array_frame(RT_F32, 3, dims);
    bool ok = v.kind == V_ARRAY && (v.a->buf->flags & RT_BUF_PINNED) && allocs == 1 &&
              last_bytes >= 18 * 32 * 3 * sizeof(float) && v.a->data == v.a->buf->host;
    report("with the engine's allocator: the frame is pinned, from it", ok ? NULL : why("%d allocations", allocs));
    float *d = v.a->data;
    for (int i = 0; i < 18 * 32 * 3; i++)
        d[i] = (float)i;
    report("a pinned frame holds its elements", d[18 * 32 * 3 - 1] == 1727.0f ? NULL : "wrong element");
    rt_release(v);
    report("freeing a pinned frame gives it back to the allocator with its size",
           frees == 1 ? NULL : why("%d frees of the right size", frees));

    Value o = rt_array_new(RT_F32, 3, dims);
    report("other arrays are never pinned", o.kind == V_ARRAY && !(o.a->buf->flags & RT_BUF_PINNED) && allocs == 1
                                                ? NULL
                                                : "pinned");
    rt_release(o);

    fail = 1;
    v = rt_array_frame(RT_U8, 3, dims);
    report("the allocator failing: the frame in ordinary memory",
           v.kind == V_ARRAY && !(v.a->buf->flags & RT_BUF_PINNED) ? NULL : "no frame, or marked pinned");
    rt_release(v);
    report("an ordinary frame is not given to the pinned allocator", frees == 1 ? NULL : why("%d frees", frees));
    rt_mem_set_pinned(NULL);
    return failures != 0;
}
