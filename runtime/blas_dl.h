/*
 * blas_dl.h - OpenBLAS and LAPACKE, opened on first use (dl.h): the functions qpipe
 * calls in them, and their table. Included by linalg.h.
 */
#ifndef RT_BLAS_DL_H
#define RT_BLAS_DL_H

#include <cblas.h>
#include <lapacke.h>

#include "runtime/dl.h"

/* Every function qpipe calls in these libraries (dl.h). */
#define RT_BLAS_FUNCS(X) \
    X(cblas_cgemm) \
    X(cblas_dasum) \
    X(cblas_daxpy) \
    X(cblas_ddot) \
    X(cblas_dgemm) \
    X(cblas_dgemv) \
    X(cblas_dnrm2) \
    X(cblas_dscal) \
    X(cblas_dtrsv) \
    X(cblas_idamax) \
    X(cblas_idamin) \
    X(cblas_isamax) \
    X(cblas_isamin) \
    X(cblas_sasum) \
    X(cblas_saxpy) \
    X(cblas_sdot) \
    X(cblas_sgemm) \
    X(cblas_sgemv) \
    X(cblas_snrm2) \
    X(cblas_sscal) \
    X(cblas_strsv) \
    X(cblas_zgemm) \
    X(openblas_get_config) \
    X(openblas_set_num_threads) \
    X(LAPACKE_dgeev) \
    X(LAPACKE_dgelsd) \
    X(LAPACKE_dgeqrf) \
    X(LAPACKE_dgesdd) \
    X(LAPACKE_dgesv) \
    X(LAPACKE_dgetrf) \
    X(LAPACKE_dgetri) \
    X(LAPACKE_dgetrs) \
    X(LAPACKE_dorgqr) \
    X(LAPACKE_dpotrf) \
    X(LAPACKE_dpotrs) \
    X(LAPACKE_dsyevd) \
    X(LAPACKE_sgeev) \
    X(LAPACKE_sgelsd) \
    X(LAPACKE_sgeqrf) \
    X(LAPACKE_sgesdd) \
    X(LAPACKE_sgesv) \
    X(LAPACKE_sgetrf) \
    X(LAPACKE_sgetri) \
    X(LAPACKE_sgetrs) \
    X(LAPACKE_sorgqr) \
    X(LAPACKE_spotrf) \
    X(LAPACKE_spotrs) \
    X(LAPACKE_ssyevd)

enum { RT_BLAS_N = 0 RT_BLAS_FUNCS(RT_DL_COUNT) };
typedef union RtBlasApi {
    struct {
        RT_BLAS_FUNCS(RT_DL_FIELD)
    };
    void *slot[RT_BLAS_N];
} RtBlasApi;
_Static_assert(sizeof(RtBlasApi) == RT_BLAS_N * sizeof(void *), "one pointer per function");

extern RtDlFamily rt_blas_dl;
#define RT_BLAS_FN(name) (((RtBlasApi *)rt_dl_table(&rt_blas_dl))->name)

#define cblas_cgemm RT_BLAS_FN(cblas_cgemm)
#define cblas_dasum RT_BLAS_FN(cblas_dasum)
#define cblas_daxpy RT_BLAS_FN(cblas_daxpy)
#define cblas_ddot RT_BLAS_FN(cblas_ddot)
#define cblas_dgemm RT_BLAS_FN(cblas_dgemm)
#define cblas_dgemv RT_BLAS_FN(cblas_dgemv)
#define cblas_dnrm2 RT_BLAS_FN(cblas_dnrm2)
#define cblas_dscal RT_BLAS_FN(cblas_dscal)
#define cblas_dtrsv RT_BLAS_FN(cblas_dtrsv)
#define cblas_idamax RT_BLAS_FN(cblas_idamax)
#define cblas_idamin RT_BLAS_FN(cblas_idamin)
#define cblas_isamax RT_BLAS_FN(cblas_isamax)
#define cblas_isamin RT_BLAS_FN(cblas_isamin)
#define cblas_sasum RT_BLAS_FN(cblas_sasum)
#define cblas_saxpy RT_BLAS_FN(cblas_saxpy)
#define cblas_sdot RT_BLAS_FN(cblas_sdot)
#define cblas_sgemm RT_BLAS_FN(cblas_sgemm)
#define cblas_sgemv RT_BLAS_FN(cblas_sgemv)
#define cblas_snrm2 RT_BLAS_FN(cblas_snrm2)
#define cblas_sscal RT_BLAS_FN(cblas_sscal)
#define cblas_strsv RT_BLAS_FN(cblas_strsv)
#define cblas_zgemm RT_BLAS_FN(cblas_zgemm)
#define openblas_get_config RT_BLAS_FN(openblas_get_config)
#define openblas_set_num_threads RT_BLAS_FN(openblas_set_num_threads)
#define LAPACKE_dgeev RT_BLAS_FN(LAPACKE_dgeev)
#define LAPACKE_dgelsd RT_BLAS_FN(LAPACKE_dgelsd)
#define LAPACKE_dgeqrf RT_BLAS_FN(LAPACKE_dgeqrf)
#define LAPACKE_dgesdd RT_BLAS_FN(LAPACKE_dgesdd)
#define LAPACKE_dgesv RT_BLAS_FN(LAPACKE_dgesv)
#define LAPACKE_dgetrf RT_BLAS_FN(LAPACKE_dgetrf)
#define LAPACKE_dgetri RT_BLAS_FN(LAPACKE_dgetri)
#define LAPACKE_dgetrs RT_BLAS_FN(LAPACKE_dgetrs)
#define LAPACKE_dorgqr RT_BLAS_FN(LAPACKE_dorgqr)
#define LAPACKE_dpotrf RT_BLAS_FN(LAPACKE_dpotrf)
#define LAPACKE_dpotrs RT_BLAS_FN(LAPACKE_dpotrs)
#define LAPACKE_dsyevd RT_BLAS_FN(LAPACKE_dsyevd)
#define LAPACKE_sgeev RT_BLAS_FN(LAPACKE_sgeev)
#define LAPACKE_sgelsd RT_BLAS_FN(LAPACKE_sgelsd)
#define LAPACKE_sgeqrf RT_BLAS_FN(LAPACKE_sgeqrf)
#define LAPACKE_sgesdd RT_BLAS_FN(LAPACKE_sgesdd)
#define LAPACKE_sgesv RT_BLAS_FN(LAPACKE_sgesv)
#define LAPACKE_sgetrf RT_BLAS_FN(LAPACKE_sgetrf)
#define LAPACKE_sgetri RT_BLAS_FN(LAPACKE_sgetri)
#define LAPACKE_sgetrs RT_BLAS_FN(LAPACKE_sgetrs)
#define LAPACKE_sorgqr RT_BLAS_FN(LAPACKE_sorgqr)
#define LAPACKE_spotrf RT_BLAS_FN(LAPACKE_spotrf)
#define LAPACKE_spotrs RT_BLAS_FN(LAPACKE_spotrs)
#define LAPACKE_ssyevd RT_BLAS_FN(LAPACKE_ssyevd)

#endif
