/*
 * display.c - imshow, hold and sync_framerate without a window (display.h).
 */
#include "display/display.h"
#include "runtime/interp.h"
#include "runtime/lib.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

static bool warned;             /* imshow's one warning per run */

/* imshow(x[, range]): x a real 2-D image or a cube of 1, 3 or 4 channels. */
static void disp_imshow(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout, (void)out;
    const RtArray *a = argv[0].kind == V_ARRAY ? argv[0].a : NULL;
    if (!a || !rt_elem_is_numeric(a->elem) || rt_elem_is_complex(a->elem))
        rt_error(rt, "imshow: expected a real image (a matrix, or a cube of 1, 3 or 4 channels)");
    if (a->rank > 3 || (a->rank == 3 && a->dims[2] != 1 && a->dims[2] != 3 && a->dims[2] != 4))
        rt_error(rt, "imshow: an image of %d dimensions and %lld channels cannot be shown", a->rank,
                 (long long)(a->rank == 3 ? a->dims[2] : 1));
    if (!warned) {
        warned = true;
        rt_warn(rt, "imshow: no display window in this build; frames are not shown");
    }
}

/* hold("on" | "off"): later imshow calls draw into the same window. */
static void disp_hold(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout, (void)out;
    const char *s = rt_to_cstr(rt, argv[0], "hold: the state");
    if (strcmp(s, "on") && strcmp(s, "off"))
        rt_error(rt, "hold: expected \"on\" or \"off\", not '%s'", s);
}

/* sync_framerate(fps): paces imshow to fps frames per second. */
static void disp_sync_framerate(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout, (void)out;
    double fps = rt_to_real(rt, argv[0], "sync_framerate: the frame rate");
    if (!(fps > 0) || isinf(fps))
        rt_error(rt, "sync_framerate: the frame rate must be positive and finite, not %g", fps);
}

static const RtBuiltin disp_builtins[] = {
    {"imshow", 1, 2, 0, 0, disp_imshow, "(x[, range])"},
    {"hold", 1, 1, 0, 0, disp_hold, "(\"on\" | \"off\")"},
    {"sync_framerate", 1, 1, 0, 0, disp_sync_framerate, "(fps)"},
};

void disp_register(void)
{
    rt_register_builtins(disp_builtins, (int)(sizeof disp_builtins / sizeof *disp_builtins));
}
