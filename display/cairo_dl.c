/*
 * cairo_dl.c - Cairo's table (cairo_dl.h): soname 2, the same for every 1.x.
 */
#include "display/cairo_dl.h"

static const char *const sonames[] = {"libcairo.so.2", NULL};
static const char *const names[] = {DISP_CAIRO_FUNCS(RT_DL_NAME)};
static DispCairoApi api;
RtDlFamily disp_cairo_dl = {.what = "Cairo", .sonames = sonames, .names = names, .slots = api.slot, .n = DISP_CAIRO_N};
