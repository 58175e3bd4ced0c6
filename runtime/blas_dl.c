/*
 * blas_dl.c - OpenBLAS's and LAPACKE's table (blas_dl.h). libopenblas.so.0 is the name
 * Debian's alternatives give the configured OpenBLAS (pthread, openmp or serial);
 * LAPACKE's soname is 3.
 */
#include "runtime/blas_dl.h"

static const char *const sonames[] = {"libopenblas.so.0", "liblapacke.so.3", NULL};
static const char *const names[] = {RT_BLAS_FUNCS(RT_DL_NAME)};
static RtBlasApi api;
RtDlFamily rt_blas_dl = {.what = "OpenBLAS/LAPACKE", .sonames = sonames, .names = names, .slots = api.slot, .n = RT_BLAS_N};
