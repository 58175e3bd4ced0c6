/*
 * sqlite_dl.c - SQLite's table (sqlite_dl.h): soname 0, the same for every 3.x.
 */
#include "qpipe/sqlite_dl.h"

static const char *const sonames[] = {"libsqlite3.so.0", NULL};
static const char *const names[] = {QP_SQLITE_FUNCS(RT_DL_NAME)};
static QpSqliteApi api;
RtDlFamily qp_sqlite_dl = {.what = "SQLite", .sonames = sonames, .names = names, .slots = api.slot, .n = QP_SQLITE_N};
