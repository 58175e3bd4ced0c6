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

/* Run the chain of statements that starts at stmt (its Node.fuse has nstmts > 0) as one
 * kernel, assigning the variables it writes. False, with nothing done, when the host must
 * run the statements one by one. */
bool rt_fuse_chain(Rt *rt, Node *stmt);

#endif
