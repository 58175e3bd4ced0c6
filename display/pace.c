/*
 * pace.c - sync_framerate's clock (window.h disp_pace_*).
 *
 * With a rate set, frame k of a run is shown at t0 + k / fps and stays up until
 * t0 + (k + 1) / fps: a shown frame leaves its period pending, and the next imshow or
 * sync_framerate waits out what is left of it before going on. The deadlines are absolute,
 * so the time the program takes between frames is absorbed rather than added, and the rate
 * does not drift: 50 frames at 25 fps take 2.0 s whether the program computes or not.
 * Nothing is dropped: a late frame is shown at once, and when the program falls behind by
 * more than a quarter of a second (it was stopped in a debugger, a frame took long) the
 * clock starts again from now instead of rushing to catch up. While waiting, events are
 * handled in slices of at most 5 ms, so the windows stay responsive.
 */
#include "display/context.h"
#include "display/window.h"

#include <math.h>
#include <stdbool.h>
#include <time.h>

#define PACE_SLICE 0.005
#define PACE_RESET 0.25

static double period;           /* seconds per frame; 0: not paced */
static double next;             /* when the pending period ends; 0: the clock is not running */
static bool pending;            /* a frame was shown and its period is not yet over */

void disp_pace_set(double fps)
{
    double p = fps > 0 ? 1.0 / fps : 0;
    if (p != period) {
        period = p;
        next = 0;
        pending = false;
    }
}

static void sleep_for(double s)
{
    struct timespec ts = {(time_t)s, (long)((s - floor(s)) * 1e9)};
    nanosleep(&ts, NULL);
}

void disp_pace_wait(void)
{
    if (!pending)
        return;
    pending = false;
    for (;;) {
        disp_win_pump();
        double now = disp_now();
        if (now >= next)
            break;
        double left = next - now;
        sleep_for(left < PACE_SLICE ? left : PACE_SLICE);
    }
}

void disp_pace_shown(void)
{
    if (period <= 0)
        return;
    double now = disp_now();
    if (next == 0 || now > next + PACE_RESET)
        next = now + period;
    else
        next += period;
    pending = true;
}
