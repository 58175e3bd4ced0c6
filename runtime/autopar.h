/*
 * autopar.h - running host `for` loops that lang/pass_autopar.c made parallel.
 *
 * The pass decides from the form of the code; what depends on values is decided here,
 * each time the loop starts: the ranges must be ints, the values passed numbers or
 * numeric arrays (not cells, class arrays or strings), ints within 32 bits (kernel ints),
 * written arrays must not share memory with other arrays of the loop, and the grid must
 * be large enough to be worth a launch (QPIPE_AUTOPAR_MIN iterations, default 1024,
 * unless {!parallel for} forces it). Then the kernel runs through parallel_do (the same
 * path as an explicit launch), reductions are combined in a fixed order, and the loop
 * variables get their last values. QPIPE_AUTOPAR=0 runs every loop serially.
 */
#ifndef RT_AUTOPAR_H
#define RT_AUTOPAR_H

#include "runtime/interp.h"

/* Run FOR node n as a kernel if the pass made it parallel and the values allow it.
 * Returns false when the caller must run the loop itself. */
bool rt_autopar_for(Rt *rt, Node *n);

#endif
