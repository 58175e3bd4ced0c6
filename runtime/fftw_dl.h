/*
 * fftw_dl.h - FFTW, opened on first use (dl.h): the functions qpipe calls in libfftw3,
 * libfftw3f and their threads libraries, and their table. Included by lib_fft.c.
 */
#ifndef RT_FFTW_DL_H
#define RT_FFTW_DL_H

#include <fftw3.h>

#include "runtime/dl.h"

/* Every function qpipe calls in these libraries (dl.h). */
#define RT_FFTW_FUNCS(X) \
    X(fftw_alignment_of) \
    X(fftw_destroy_plan) \
    X(fftw_execute_dft) \
    X(fftw_execute_dft_c2r) \
    X(fftw_execute_dft_r2c) \
    X(fftw_plan_guru64_dft) \
    X(fftw_plan_guru64_dft_c2r) \
    X(fftw_plan_guru64_dft_r2c) \
    X(fftwf_alignment_of) \
    X(fftwf_destroy_plan) \
    X(fftwf_execute_dft) \
    X(fftwf_execute_dft_c2r) \
    X(fftwf_execute_dft_r2c) \
    X(fftwf_plan_guru64_dft) \
    X(fftwf_plan_guru64_dft_c2r) \
    X(fftwf_plan_guru64_dft_r2c) \
    X(fftw_cleanup_threads) \
    X(fftw_init_threads) \
    X(fftw_plan_with_nthreads) \
    X(fftw_threads_set_callback) \
    X(fftwf_cleanup_threads) \
    X(fftwf_init_threads) \
    X(fftwf_plan_with_nthreads) \
    X(fftwf_threads_set_callback)

enum { RT_FFTW_N = 0 RT_FFTW_FUNCS(RT_DL_COUNT) };
typedef union RtFftwApi {
    struct {
        RT_FFTW_FUNCS(RT_DL_FIELD)
    };
    void *slot[RT_FFTW_N];
} RtFftwApi;
_Static_assert(sizeof(RtFftwApi) == RT_FFTW_N * sizeof(void *), "one pointer per function");

extern RtDlFamily rt_fftw_dl;
#define RT_FFTW_FN(name) (((RtFftwApi *)rt_dl_table(&rt_fftw_dl))->name)

#define fftw_alignment_of RT_FFTW_FN(fftw_alignment_of)
#define fftw_destroy_plan RT_FFTW_FN(fftw_destroy_plan)
#define fftw_execute_dft RT_FFTW_FN(fftw_execute_dft)
#define fftw_execute_dft_c2r RT_FFTW_FN(fftw_execute_dft_c2r)
#define fftw_execute_dft_r2c RT_FFTW_FN(fftw_execute_dft_r2c)
#define fftw_plan_guru64_dft RT_FFTW_FN(fftw_plan_guru64_dft)
#define fftw_plan_guru64_dft_c2r RT_FFTW_FN(fftw_plan_guru64_dft_c2r)
#define fftw_plan_guru64_dft_r2c RT_FFTW_FN(fftw_plan_guru64_dft_r2c)
#define fftwf_alignment_of RT_FFTW_FN(fftwf_alignment_of)
#define fftwf_destroy_plan RT_FFTW_FN(fftwf_destroy_plan)
#define fftwf_execute_dft RT_FFTW_FN(fftwf_execute_dft)
#define fftwf_execute_dft_c2r RT_FFTW_FN(fftwf_execute_dft_c2r)
#define fftwf_execute_dft_r2c RT_FFTW_FN(fftwf_execute_dft_r2c)
#define fftwf_plan_guru64_dft RT_FFTW_FN(fftwf_plan_guru64_dft)
#define fftwf_plan_guru64_dft_c2r RT_FFTW_FN(fftwf_plan_guru64_dft_c2r)
#define fftwf_plan_guru64_dft_r2c RT_FFTW_FN(fftwf_plan_guru64_dft_r2c)
#define fftw_cleanup_threads RT_FFTW_FN(fftw_cleanup_threads)
#define fftw_init_threads RT_FFTW_FN(fftw_init_threads)
#define fftw_plan_with_nthreads RT_FFTW_FN(fftw_plan_with_nthreads)
#define fftw_threads_set_callback RT_FFTW_FN(fftw_threads_set_callback)
#define fftwf_cleanup_threads RT_FFTW_FN(fftwf_cleanup_threads)
#define fftwf_init_threads RT_FFTW_FN(fftwf_init_threads)
#define fftwf_plan_with_nthreads RT_FFTW_FN(fftwf_plan_with_nthreads)
#define fftwf_threads_set_callback RT_FFTW_FN(fftwf_threads_set_callback)

#endif
