/*
 * display.c - the display builtins' table, sync_framerate, and the one warning per
 * drawing function that nothing is shown (display.h).
 *
 * The figure builtins themselves live in figure.c and their drawing in render.c. Without
 * a window and without --figures, imshow and plot warn once per run each (not once per
 * call: a video loop calls imshow per frame) and show nothing.
 */
#include "display/display.h"
#include "display/figure.h"
#include "display/context.h"
#include "display/window.h"
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

/* The functions that warn, each once per run. */
static const char *const warn_names[] = {"imshow", "plot"};
static bool warned[sizeof warn_names / sizeof *warn_names];

void disp_warn_no_display(Rt *rt, const char *fn)
{
    if (disp_recording())
        return;
    for (size_t i = 0; i < sizeof warn_names / sizeof *warn_names; i++)
        if (!strcmp(warn_names[i], fn) && !warned[i]) {
            warned[i] = true;
            const char *why = disp_ctx_reason();
            if (!*why || !strcmp(why, "no display"))
                rt_warn(rt, "%s: no display; figures are not shown (qpipe exec --figures DIR writes them)", fn);
            else
                rt_warn(rt, "%s: %s; figures are not shown (qpipe exec --figures DIR writes them)", fn, why);
        }
}

/* sync_framerate(fps): paces imshow to fps frames per second (pace.c): sets the rate and
 * waits out the period of the frame last shown. */
static void disp_sync_framerate(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout, (void)out;
    double fps = rt_to_real(rt, argv[0], "sync_framerate: the frame rate");
    if (!(fps > 0) || isinf(fps))
        rt_error(rt, "sync_framerate: the frame rate must be positive and finite, not %g", fps);
    disp_pace_set(fps);
    disp_pace_wait();
    disp_win_pump();
}

static const RtBuiltin disp_builtins[] = {
    {"imshow", 1, 2, 1, RT_LIB_HOSTLESS, disp_fig_imshow, "(x[, range])"},  /* figure.c acquires */
    {"hold", 1, 1, 1, 0, disp_fig_hold, "(\"on\" | \"off\")"},
    {"sync_framerate", 1, 1, 0, 0, disp_sync_framerate, "(fps)"},
    {"figure", 0, 1, 1, 0, disp_fig_figure, "([n | handle])"},
    {"plot", 1, -1, 1, 0, disp_fig_plot, "([x, ]y[, style], …)"},
    {"title", 1, 1, 0, 0, disp_fig_title, "(text)"},
    {"xlabel", 1, 1, 0, 0, disp_fig_xlabel, "(text)"},
    {"ylabel", 1, 1, 0, 0, disp_fig_ylabel, "(text)"},
    {"legend", 0, -1, 0, 0, disp_fig_legend, "(labels…)"},
    {"subplot", 1, 3, 1, 0, disp_fig_subplot, "(rows, cols, k)"},
};

void disp_wait_windows(void)
{
    disp_win_wait();
}

void disp_shutdown(void)
{
    disp_win_close_all();
    disp_ctx_stop();
}

void disp_register(RtHost *host)
{
    rt_host_register_builtins(host, disp_builtins, (int)(sizeof disp_builtins / sizeof *disp_builtins));
}
