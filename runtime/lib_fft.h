/*
 * lib_fft.h - the process-wide FFT state of lib_fft.c (FFTW plans and threads).
 *
 * The builtins themselves (fft1 … nextpow2) are entries of lib.def. What others need is
 * the lifetime of the state behind them: every runtime attaches when it is made and
 * detaches when it is freed; the last detach destroys every cached plan and calls
 * FFTW's cleanup, so that LeakSanitizer sees nothing left (docs/fft.md).
 */
#ifndef RT_LIB_FFT_H
#define RT_LIB_FFT_H

void rt_fft_attach(void);
void rt_fft_detach(void);

#endif
