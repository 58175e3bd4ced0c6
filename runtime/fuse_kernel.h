/*
 * fuse_kernel.h - the launch of a fused elementwise kernel (lang/fuse.h) in place of the
 * host evaluation of its expression (runtime/fuse_kernel.c, docs/fusion.md).
 */
#ifndef RUNTIME_FUSE_KERNEL_H
#define RUNTIME_FUSE_KERNEL_H

#include "runtime/interp.h"

/* Evaluate n (whose Node.fuse is set) with its kernel into dst. False, with nothing
 * evaluated and nothing on the stack, when the values or the size call for the host path. */
bool rt_fuse_kernel(Rt *rt, Node *n, Value *dst);

#endif
