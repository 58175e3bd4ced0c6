/*
 * residency.h - where the valid copy of a buffer lives: the host, a device, or both
 * (DESIGN.md "Values and memory": a valid bit per copy, set and cleared by writers).
 *
 * An engine with its own memory (the CUDA engine) gives a buffer a device copy with
 * rt_res_device before a launch and says what the launch did with rt_res_launched; the
 * device copy then outlives the launch, so a chain of kernels over one frame uploads it once
 * and downloads the result once. Everything else in the runtime reads host memory: each
 * path that reads or writes a buffer's elements outside a kernel (builtins, operators,
 * element access, printing, the writers of io/) first calls rt_buf_host, which downloads
 * the device copy only when the host's is stale, and, for a write, marks the device copy
 * stale. Freeing a buffer gives its device block back (rt_res_release, value.c).
 *
 * The state machine knows no engine: the device is a table of functions (RtDevOps), so the
 * unit test (tests/unit/test_residency.c) drives it with a fake device that counts
 * transfers. A buffer without a device copy (buf->device NULL) is valid on the host.
 */
#ifndef RT_RESIDENCY_H
#define RT_RESIDENCY_H

#include "runtime/value.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A device, as the state machine sees it. Each call returns 0 on success. lock/unlock
 * (may be NULL) guard the device for rt_buf_host and rt_res_release, which are called from
 * outside the engine; rt_res_device and rt_res_launched are called with it held. */
typedef struct RtDevOps {
    int (*alloc)(void *ctx, size_t bytes, uint64_t *ptr);
    void (*free)(void *ctx, uint64_t ptr, size_t bytes);
    int (*upload)(void *ctx, uint64_t dst, const void *src, size_t bytes);
    int (*download)(void *ctx, void *dst, uint64_t src, size_t bytes);
    void (*lock)(void *ctx);
    void (*unlock)(void *ctx);
    void *ctx;
    /* Streams (all four NULL: every copy and launch is synchronous). Copies are issued on
     * RT_DEV_COPY, kernels on RT_DEV_COMPUTE; each buffer's device copy keeps one event,
     * recorded after its last use on the device (an upload, a launch, a download), and a
     * later use on the other stream waits on it; the host waits on that event only.
     * record: record *ev on `stream`, creating it when *ev is 0; wait: `stream` waits for
     * ev; sync: the calling thread waits for ev; event_free: destroy ev. */
    int (*record)(void *ctx, int stream, uint64_t *ev);
    int (*wait)(void *ctx, int stream, uint64_t ev);
    int (*sync)(void *ctx, uint64_t ev);
    void (*event_free)(void *ctx, uint64_t ev);
    /* Optional, with streams: give the block back once ev (the copy's last use, which it
     * now owns) has completed, without waiting here; NULL: the block's free waits for ev. */
    void (*free_after)(void *ctx, uint64_t ptr, size_t bytes, uint64_t ev);
} RtDevOps;

/* The streams of RtDevOps: the copy stream, then compute streams RT_DEV_COMPUTE + k (an
 * engine with several lets each launch pick one; RT_DEV_COMPUTE is the first). */
enum { RT_DEV_COPY = 0, RT_DEV_COMPUTE = 1 };

/* What buf->device points to while a device copy exists. */
typedef struct RtDevCopy {
    const RtDevOps *ops;
    uint64_t ptr;
    size_t bytes;
    uint64_t event;             /* recorded after the copy's last use on the device; 0 none */
    uint64_t host_event;        /* recorded after the last upload (the last copy that reads
                                 * the host's elements); 0 none */
    int stream;                 /* the stream that event was last recorded on */
    uint64_t id;                /* unique in the process: never reused for another copy */
    uint64_t version;           /* counts changes of the device contents (uploads, writing
                                 * launches): a snapshot of (id, version) is current while
                                 * both match (the CUDA engine's texture cache) */
} RtDevCopy;

/* How a launch uses a buffer. */
enum {
    RT_USE_READ = 1,            /* elements are read: the device copy must be current */
    RT_USE_WRITE = 2,           /* elements are written: the host copy becomes stale */
    RT_USE_NOCOPY = 4,          /* every element is written before any read ('nocopy
                                 * declared): a stale device copy is not uploaded */
};

/* The device copy of b on `ops`' device, current for `use`: allocated when missing,
 * uploaded when stale (not for RT_USE_NOCOPY). A copy on another device is brought home
 * first. 0 and *ptr, or the failing call's result (b's host copy is then still valid). */
int rt_res_device(RtBuffer *b, const RtDevOps *ops, unsigned use, uint64_t *ptr);
/* The same for a launch on compute stream `stream` (RT_DEV_COMPUTE + k): that stream
 * waits for the buffer's event (its last use anywhere), so a launch waits on exactly the
 * events of the buffers it reads or writes. rt_res_device is stream RT_DEV_COMPUTE. */
int rt_res_device_on(RtBuffer *b, const RtDevOps *ops, unsigned use, int stream, uint64_t *ptr);
/* After a launch was issued (on RT_DEV_COMPUTE): the device copy is valid; with
 * RT_USE_WRITE the host's is stale ('const uses leave both valid) and the copy's version
 * changes. The buffer's event is recorded on the compute stream, so later copies of it
 * wait for the launch. */
void rt_res_launched(RtBuffer *b, unsigned use);
/* The same after a launch on `stream`. */
void rt_res_launched_on(RtBuffer *b, unsigned use, int stream);
/* The compute stream of the buffer's last use on the device (-1: none, or a copy). */
int rt_res_last_stream(const RtBuffer *b);
/* Acquire b's elements for the host: download the device copy when the host's is stale
 * (on the copy stream, after the buffer's last use; then the host waits on the buffer's
 * event only); for a write, the device copy becomes stale, after any copy still reading
 * the host's elements (an asynchronous upload from pinned memory) has finished. False when the download failed (the host
 * copy is then not current; the caller reports it). */
bool rt_buf_host(RtBuffer *b, bool write);
/* rt_buf_host on the buffer of every array among vals (cells' elements included). */
bool rt_values_host(const Value *vals, int n, bool write);
/* Give b's device block back (buffer freed, or its host copy made the only one by
 * the caller); the host copy must already be current. */
void rt_res_release(RtBuffer *b);

#endif
