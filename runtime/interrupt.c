/*
 * interrupt.c - the process-wide interrupt request (Ctrl-C, SIGTERM) and where the runtime
 * honours it (rt.h "interrupts").
 *
 * The command line owns the signal handlers (qpipe/); a handler only calls
 * rt_interrupt_request, which stores one atomic flag and is async-signal-safe. The runtime
 * polls the flag at safe points: the interpreter at loop back-edges and function calls
 * (rt_poll_interrupt in interp.h), compiled kernel launches between slices of rows or
 * blocks, the thread pool between chunks, the lockstep kernel interpreter at its loops.
 * A poll that finds the flag set raises an "interrupted" error that no Quasar `try`
 * catches: it unwinds to the outermost handler, which releases the value stack as for any
 * error, and rt_run_file / rt_filter_* return RT_EX_INTERRUPTED (130). The flag stays set
 * until rt_interrupt_clear, so every later poll (and the caller's own checks) see it.
 */
#include "runtime/interp.h"

#include <stdatomic.h>

_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the interrupt flag must be lock-free to be set from a signal handler");

atomic_int rt_interrupt_flag;

void rt_interrupt_request(void) { atomic_store_explicit(&rt_interrupt_flag, 1, memory_order_relaxed); }

bool rt_interrupt_pending(void) { return atomic_load_explicit(&rt_interrupt_flag, memory_order_relaxed) != 0; }

void rt_interrupt_clear(void) { atomic_store_explicit(&rt_interrupt_flag, 0, memory_order_relaxed); }
