/*
 * inflight.h - the CUDA engine's launches whose status has not been read yet (inflight.c;
 * docs/cuda.md "Streams").
 *
 * A launch does not end with a synchronisation: after the kernel, on the launch's compute
 * stream, its qp_status is copied into page-locked memory and an event recorded; the
 * launch returns at once and the caller's status says RT_STATUS_PENDING. The status is
 * read later, when the caller settles it (the engine's settle: the event is waited for,
 * without the engine's lock, and the status copied into the caller's), or by the engine
 * itself when it needs the slot for a new launch (the oldest one is retired then, its
 * status written into the caller's, which stays valid until the caller settles it). The
 * device blocks a launch used (its argument array, short vectors) go back to the
 * allocator only then, once the kernel that reads them has finished.
 *
 * The driver calls go through the dlopen table (api.h): tests/unit/test_cuda_launch.c runs
 * them against a fake driver library. Called with the engine's lock held, except
 * rt_cuda_inflight_wait.
 */
#ifndef RT_CUDA_INFLIGHT_H
#define RT_CUDA_INFLIGHT_H

#include "kernels/qp_kernel.h"
#include "runtime/cuda/alloc.h"
#include "runtime/cuda/api.h"

#define RT_CUDA_INFLIGHT 32         /* launches in flight at most (then the oldest is waited for) */
#define RT_CUDA_SLOT_BLOCKS 8       /* device blocks per launch beyond the status (more: the launch waits) */
#define RT_CUDA_STATUS_STRIDE 256   /* bytes between the slots' device status words */

typedef struct RtCudaSlot {
    qp_status *status;          /* the caller's; NULL while the slot is free */
    const char *kernel;         /* the kernel's name, for a failure of the device itself */
    bool waiting;               /* a thread waits on `done` without the lock */
    CUevent done;               /* recorded after the status copy */
    CUdeviceptr dev_status;     /* this slot's status word on the device */
    struct {
        uint64_t dev;
        size_t bytes;
    } blocks[RT_CUDA_SLOT_BLOCKS];  /* allocator blocks given back when the launch is done */
    int nblocks;
    uint64_t seq;               /* issue order (the oldest is retired first) */
} RtCudaSlot;

typedef struct RtCudaInflight {
    const RtCudaDriver *d;
    RtCudaPool *pool;
    int state;                  /* 0 not set up, 1 ready, -1 unavailable (launches wait at once) */
    qp_status *pinned;          /* RT_CUDA_INFLIGHT status words in page-locked memory */
    CUdeviceptr dev_status;     /* their device side */
    RtCudaSlot slot[RT_CUDA_INFLIGHT];
    uint64_t seq;
    int64_t issued, waited, retired;    /* QPIPE_CUDA_STATS: launches, waited at once, retired for room */
} RtCudaInflight;

/* A free slot for a launch (the oldest launch retired when none is), its status word on
 * the device zeroed on `stream`; NULL with *r when the driver fails (nothing issued). */
RtCudaSlot *rt_cuda_inflight_take(RtCudaInflight *f, CUstream stream, CUresult *r);
/* A device block the launch reads, given back to the allocator when it is done. False when
 * the slot holds no more (the caller then waits for the launch before giving it back). */
bool rt_cuda_inflight_hold(RtCudaSlot *s, uint64_t dev, size_t bytes);
/* After the kernel was issued on `stream`: its status copied to page-locked memory and the
 * event recorded; *status is RT_STATUS_PENDING until settled. CU_OK or the failing call's
 * result (the slot is then freed after a wait). */
CUresult rt_cuda_inflight_issue(RtCudaInflight *f, RtCudaSlot *s, CUstream stream, qp_status *status,
                                const char *kernel);
/* A launch that was taken but not issued (a driver call failed before the kernel): its
 * blocks back, the slot free. The device may still read them: the stream is waited for. */
void rt_cuda_inflight_abandon(RtCudaInflight *f, RtCudaSlot *s, CUstream stream);
/* Settle the launch whose caller's status is `status`: wait for it (the lock given up
 * meanwhile through unlock/lock), then its status in *status. Nothing when it was retired
 * already. CU_OK, or the driver's error for a kernel that failed on the device (then
 * status->failed is RT_STATUS_DEVICE). */
CUresult rt_cuda_inflight_wait(RtCudaInflight *f, qp_status *status, void (*unlock)(void), void (*lock)(void));
/* Every launch in flight settled (the engine's shutdown). */
void rt_cuda_inflight_drain(RtCudaInflight *f);

#endif
