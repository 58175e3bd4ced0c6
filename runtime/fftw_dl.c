/*
 * fftw_dl.c - FFTW's table (fftw_dl.h): double and single precision and their threads
 * libraries, soname 3 (FFTW 3.x).
 */
#include "runtime/fftw_dl.h"

static const char *const sonames[] = {"libfftw3.so.3", "libfftw3f.so.3", "libfftw3_threads.so.3",
                                      "libfftw3f_threads.so.3", NULL};
static const char *const names[] = {RT_FFTW_FUNCS(RT_DL_NAME)};
static RtFftwApi api;
RtDlFamily rt_fftw_dl = {.what = "FFTW", .sonames = sonames, .names = names, .slots = api.slot, .n = RT_FFTW_N};
