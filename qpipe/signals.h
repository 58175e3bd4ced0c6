/*
 * signals.h - the command line's signal handlers (signals.c): Ctrl-C and SIGTERM stop a
 * run at the next safe point (rt_interrupt_request; the runtime polls it), a second one
 * stops at once; a crash inside a compiled kernel becomes a message naming the kernel.
 */
#ifndef QPIPE_SIGNALS_H
#define QPIPE_SIGNALS_H

/* Install the handlers; `who` prefixes the messages they write ("qpipe run: "). The
 * first SIGINT/SIGTERM requests an interrupt (exit 130 when the run unwinds); a second
 * removes the temporaries being written (outfile.h) and exits 130 at once. SIGSEGV and
 * SIGBUS while a compiled kernel runs (rt_kernel_site) print
 * `FILE:LINE: error: kernel NAME crashed (SIGSEGV) …`, remove the temporaries and exit
 * 70; elsewhere the temporaries are removed and the signal takes its previous course. */
void signals_install(const char *who);

#endif
