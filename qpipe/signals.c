/*
 * signals.c - SIGINT/SIGTERM (interrupt, then stop at once) and SIGSEGV/SIGBUS inside a
 * compiled kernel (a message, exit 70) for `qpipe run` and `qpipe exec` (signals.h).
 *
 * Everything a handler does is async-signal-safe: an atomic store (rt_interrupt_request),
 * write(2), unlink(2) of the temporaries kept in outfile.c's fixed table, _exit. The crash
 * handler runs on an alternate stack (sigaltstack) so that it also runs when the stack is
 * what overflowed; it knows the kernel from the thread-local site the runtime sets around
 * each call into generated code (rt_kernel_site, runtime/crash.c).
 */
#include "qpipe/signals.h"

#include "qpipe/outfile.h"
#include "qpipe/run.h"
#include "runtime/rt.h"

#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

enum { EX_SOFTWARE = 70, EX_INTERRUPTED = 130 };

/* The alternate stack of the main thread; pool workers use their own stack (a kernel that
 * reads out of bounds does not exhaust it). */
#define ALT_STACK_SIZE (64 * 1024)

static const char *prefix = "qpipe: ";
static volatile sig_atomic_t signals_seen;
static struct sigaction old_segv, old_bus;

static void put(const char *s) { (void)!write(2, s, strlen(s)); }

static void put_int(long v)
{
    char buf[24], *p = buf + sizeof buf;
    *--p = '\0';
    unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        *--p = '-';
    put(p);
}

static void on_interrupt(int sig)
{
    (void)sig;
    if (signals_seen++ == 0) {
        run_interrupted = 1;
        rt_interrupt_request();
        return;
    }
    put("\n");
    put(prefix);
    put("interrupted again: stopping at once\n");
    outfile_remove_all_now(prefix);
    _exit(EX_INTERRUPTED);
}

static void on_crash(int sig, siginfo_t *si, void *uc)
{
    (void)si;
    (void)uc;
    /* several threads of one kernel may fault at once: the first reports and exits, the
     * others wait for that (their lines would interleave with its) */
    static int crashing;
    if (__atomic_exchange_n(&crashing, 1, __ATOMIC_SEQ_CST))
        for (;;)
            pause();
    const char *name = sig == SIGSEGV ? "SIGSEGV" : "SIGBUS";
    const RtKernelSite *k = rt_kernel_site();
    if (!k) {
        /* not the user's kernel: a bug of qpipe; leave no temporary, then crash as before */
        put(prefix);
        put("internal error: ");
        put(name);
        put("\n");
        outfile_remove_all_now(prefix);
        sigaction(sig, sig == SIGSEGV ? &old_segv : &old_bus, NULL);
        return;     /* the fault repeats under the previous handler */
    }
    put(k->file);
    put(":");
    put_int(k->line);
    put(": error: kernel ");
    put(k->name);
    put(" crashed (");
    put(name);
    put(", an access outside the memory of its arrays)\n");
    if (k->unchecked) {
        put(k->file);
        put(":");
        put_int(k->line);
        put(": note: ");
        put(k->name);
        put(" accesses an array 'unchecked, so an index out of range is not caught: use 'checked (or no "
            "access mode) to get an error that names the index\n");
    } else {
        put("note: the kernel's accesses are bounded, so this is likely an internal error of qpipe\n");
    }
    outfile_remove_all_now(prefix);
    _exit(EX_SOFTWARE);
}

void signals_install(const char *who)
{
    prefix = who;
    static char alt[ALT_STACK_SIZE];
    stack_t ss = {.ss_sp = alt, .ss_size = sizeof alt};
    sigaltstack(&ss, NULL);

    struct sigaction sa = {.sa_handler = on_interrupt};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);

    struct sigaction crash = {.sa_sigaction = on_crash, .sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER};
    sigemptyset(&crash.sa_mask);
    sigaction(SIGSEGV, &crash, &old_segv);
    sigaction(SIGBUS, &crash, &old_bus);
}
