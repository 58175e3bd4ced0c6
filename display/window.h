/*
 * window.h - the windows of figures: what `imshow` shows (window.c).
 *
 * A figure (figure.c) gets a window the first time imshow draws into it with a display
 * present. The window holds the figure's last image as a texture and a view: the image fits
 * the window with its aspect kept (black bars, resizable), `+`/`-`/the mouse wheel zoom
 * (nearest neighbour; the wheel about the cursor), dragging pans, `0` resets; q, Esc or the
 * close button closes it. Windows joined by handle.connect(other) share zoom and pan. A new
 * window is as large as its image (up to 1600 x 1000, scaled down with its aspect kept; very
 * small images are enlarged by a whole factor), so at 1:1 a window pixel is an image pixel.
 *
 * Events are handled when the program calls imshow, hold or sync_framerate, and while it
 * waits for a frame's deadline (disp_win_pump), all on the main thread.
 */
#ifndef DISP_WINDOW_H
#define DISP_WINDOW_H

#include "runtime/rt.h"
#include "runtime/value.h"

#include "display/sdl_dl.h"

#include <stdbool.h>

/* Show image a (a checked image array) with range [lo, hi] in figure id's window, opening
 * it if needed: from its device copy through the run's engine (engine: the --engine
 * choice) when interop_cuda.h allows, else converted on pool (the runtime's) and uploaded;
 * verbose: say once why (-v). false when there is no display. */
bool disp_win_imshow(RtPool *pool, int id, const RtArray *a, double lo, double hi, int engine, bool verbose);
/* Show a figure drawn by Cairo (render.c: plots, grids of panes), RGBA8 of w x h, in figure
 * id's window. Not paced (only imshow's frames are). false when there is no display. */
bool disp_win_show_rgba(int id, const unsigned char *rgba, int w, int h);
/* Whether figure id has an open window. */
bool disp_win_is_open(int id);
/* The title of figure id's window (kept for a window opened later). */
void disp_win_title(int id, const char *title);
/* Join the views of figures a and b (handle.connect). */
void disp_win_link(int a, int b);
/* Handle every pending event. */
void disp_win_pump(void);
/* Handle one event of a figure window; false when it belongs to no figure window. */
bool disp_win_event(const SDL_Event *e);
/* How many figure windows are open. */
int disp_win_count(void);
/* Wait until every figure window is closed (the end of `qpipe exec`). */
void disp_win_wait(void);
/* Close every window and forget them. */
void disp_win_close_all(void);

/* sync_framerate (pace.c): frames shown by imshow are paced to fps (0: not paced). */
void disp_pace_set(double fps);
/* Wait, handling events, until the period of the last frame shown is over (nothing when
 * none is pending). Called before a frame is shown and by sync_framerate. */
void disp_pace_wait(void);
/* A frame was just shown: its period starts (or, when late, the clock restarts). */
void disp_pace_shown(void);

#endif
