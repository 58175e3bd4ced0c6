/*
 * crash.c - which compiled kernel each thread is running, for a crash handler (rt.h
 * "crashes").
 *
 * A kernel compiled from the user's code with 'unchecked access can read or write outside
 * its arrays; the command line turns the resulting SIGSEGV/SIGBUS into a message that names
 * the kernel and its .q line. kernel.c sets the site around every call into generated code
 * (on the pool's workers too: each thread has its own); the handler reads it. A plain
 * thread-local pointer to a record that outlives the call: reading it is
 * async-signal-safe.
 */
#include "runtime/interp.h"

static _Thread_local const RtKernelSite *current;

const RtKernelSite *rt_kernel_site(void) { return current; }

const RtKernelSite *rt_kernel_site_enter(const RtKernelSite *site)
{
    const RtKernelSite *prev = current;
    current = site;
    return prev;
}

void rt_kernel_site_leave(const RtKernelSite *prev) { current = prev; }
