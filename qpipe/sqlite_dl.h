/*
 * sqlite_dl.h - SQLite, opened on first use (runtime/dl.h): the functions the journal of
 * `qpipe watch` calls, and their table. Included by watch_journal.c.
 */
#ifndef QP_SQLITE_DL_H
#define QP_SQLITE_DL_H

#include <sqlite3.h>

#include "runtime/dl.h"

/* Every function qpipe calls in these libraries (dl.h). */
#define QP_SQLITE_FUNCS(X) \
    X(sqlite3_bind_double) \
    X(sqlite3_bind_int64) \
    X(sqlite3_bind_null) \
    X(sqlite3_bind_text) \
    X(sqlite3_busy_timeout) \
    X(sqlite3_changes) \
    X(sqlite3_close) \
    X(sqlite3_column_double) \
    X(sqlite3_column_int) \
    X(sqlite3_column_int64) \
    X(sqlite3_column_text) \
    X(sqlite3_errcode) \
    X(sqlite3_errmsg) \
    X(sqlite3_exec) \
    X(sqlite3_finalize) \
    X(sqlite3_open_v2) \
    X(sqlite3_prepare_v2) \
    X(sqlite3_step)

enum { QP_SQLITE_N = 0 QP_SQLITE_FUNCS(RT_DL_COUNT) };
typedef union QpSqliteApi {
    struct {
        QP_SQLITE_FUNCS(RT_DL_FIELD)
    };
    void *slot[QP_SQLITE_N];
} QpSqliteApi;
_Static_assert(sizeof(QpSqliteApi) == QP_SQLITE_N * sizeof(void *), "one pointer per function");

extern RtDlFamily qp_sqlite_dl;
#define QP_SQLITE_FN(name) (((QpSqliteApi *)rt_dl_table(&qp_sqlite_dl))->name)

#define sqlite3_bind_double QP_SQLITE_FN(sqlite3_bind_double)
#define sqlite3_bind_int64 QP_SQLITE_FN(sqlite3_bind_int64)
#define sqlite3_bind_null QP_SQLITE_FN(sqlite3_bind_null)
#define sqlite3_bind_text QP_SQLITE_FN(sqlite3_bind_text)
#define sqlite3_busy_timeout QP_SQLITE_FN(sqlite3_busy_timeout)
#define sqlite3_changes QP_SQLITE_FN(sqlite3_changes)
#define sqlite3_close QP_SQLITE_FN(sqlite3_close)
#define sqlite3_column_double QP_SQLITE_FN(sqlite3_column_double)
#define sqlite3_column_int QP_SQLITE_FN(sqlite3_column_int)
#define sqlite3_column_int64 QP_SQLITE_FN(sqlite3_column_int64)
#define sqlite3_column_text QP_SQLITE_FN(sqlite3_column_text)
#define sqlite3_errcode QP_SQLITE_FN(sqlite3_errcode)
#define sqlite3_errmsg QP_SQLITE_FN(sqlite3_errmsg)
#define sqlite3_exec QP_SQLITE_FN(sqlite3_exec)
#define sqlite3_finalize QP_SQLITE_FN(sqlite3_finalize)
#define sqlite3_open_v2 QP_SQLITE_FN(sqlite3_open_v2)
#define sqlite3_prepare_v2 QP_SQLITE_FN(sqlite3_prepare_v2)
#define sqlite3_step QP_SQLITE_FN(sqlite3_step)

#endif
