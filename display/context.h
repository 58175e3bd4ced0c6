/*
 * context.h - SDL's video subsystem and the one OpenGL 3.3 core context of the process
 * (context.c).
 *
 * Started on first use (the first imshow, or `qpipe preview`), not at start-up, so that
 * programs that never draw never touch the display. Without a display (DISPLAY and
 * WAYLAND_DISPLAY unset, or SDL_VIDEODRIVER=dummy) or when no GL 3.3 core context can be
 * made, it is unavailable and says why. The context lives in a hidden window of its own,
 * so that closing every visible window keeps the textures and programs; each visible
 * window is made current before drawing into it (they all share the one context).
 */
#ifndef DISP_CONTEXT_H
#define DISP_CONTEXT_H

#include "display/sdl_dl.h"

#include <stdbool.h>

/* Start video, the context, the renderer and the font (once). false when unavailable. */
bool disp_ctx_start(void);
/* Why not (after disp_ctx_start returned false): "no display", or the failing step. */
const char *disp_ctx_reason(void);
bool disp_ctx_started(void);
/* A new visible, resizable window for GL drawing; NULL with the reason in disp_ctx_reason. */
SDL_Window *disp_ctx_window(const char *title, int w, int h);
/* Make win current and start drawing into it (viewport of its drawable size into *w, *h):
 * the frame is cleared. */
void disp_ctx_begin(SDL_Window *win, int *w, int *h);
/* Make win current without starting a frame (to upload or free its textures): a clear of
 * the whole window is a full pass over its pixels on a software rasteriser. */
void disp_ctx_use(SDL_Window *win);
/* Show what was drawn into win. */
void disp_ctx_present(SDL_Window *win);
/* Tear everything down (at exit). */
void disp_ctx_stop(void);
/* Seconds on a monotonic clock. */
double disp_now(void);

#endif
