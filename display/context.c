/*
 * context.c - SDL video and the shared GL context (context.h).
 */
#include "display/context.h"
#include "display/gl.h"
#include "display/text.h"

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static struct {
    int state;                  /* 0 not tried, 1 running, -1 unavailable */
    char reason[256];
    SDL_Window *hidden;         /* holds the context */
    SDL_GLContext gl;
} c;

double disp_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Xlib's default error handler prints and exits. A request about a window that is already
 * gone (the user closed it while SDL still had a message queued for it) is harmless, so
 * errors are ignored instead. libX11 is SDL's: found, not linked. The handler is set twice:
 * before SDL opens the display, so that it is the handler SDL saves and puts back when it
 * closes the display (errors of requests still queued arrive in that last XSync, after
 * SDL's own handler is gone), and after, in place of the one SDL installs. */
static int ignore_x_error(void *display, void *event)
{
    (void)display, (void)event;
    return 0;
}

static void quiet_x_errors(void)
{
    static void *x11;           /* kept open: the handler lives in the library's state */
    if (!x11)
        x11 = dlopen("libX11.so.6", RTLD_LAZY);
    if (!x11)
        return;
    void *(*set)(int (*)(void *, void *)) = (void *(*)(int (*)(void *, void *)))dlsym(x11, "XSetErrorHandler");
    if (set)
        set(ignore_x_error);
}

static bool fail(const char *fmt, const char *detail)
{
    snprintf(c.reason, sizeof c.reason, fmt, detail);
    if (c.gl)
        SDL_GL_DeleteContext(c.gl);
    if (c.hidden)
        SDL_DestroyWindow(c.hidden);
    c.gl = NULL, c.hidden = NULL;
    if (rt_dl_loaded(&disp_sdl_dl) && SDL_WasInit(SDL_INIT_VIDEO))
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
    c.state = -1;
    return false;
}

bool disp_ctx_start(void)
{
    if (c.state)
        return c.state > 0;
    const char *drv = getenv("SDL_VIDEODRIVER");
    if (drv && !strcmp(drv, "dummy"))
        return fail("no display (SDL_VIDEODRIVER=%s)", drv);
    const char *x = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY");
    if ((!x || !*x) && (!wl || !*wl))
        return fail("no display%s", "");
    char why[600];
    if (!rt_dl_load(&disp_sdl_dl, why, sizeof why))        /* SDL2, SDL2_ttf, GL: on first use */
        return fail("no display: %s", why);
    if (x && *x)
        quiet_x_errors();
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");      /* Ctrl-C stays qpipe's */
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0)
        return fail("no display (%s)", SDL_GetError());
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_SHARE_WITH_CURRENT_CONTEXT, 1);
    c.hidden = SDL_CreateWindow("qpipe", 0, 0, 1, 1, SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
    if (!c.hidden)
        return fail("no window (%s)", SDL_GetError());
    c.gl = SDL_GL_CreateContext(c.hidden);
    if (!c.gl)
        return fail("no OpenGL 3.3 core context (%s)", SDL_GetError());
    SDL_GL_SetSwapInterval(0);   /* pacing is sync_framerate's, not the monitor's */
    quiet_x_errors();
    char err[256];
    if (disp_gl_init(err, sizeof err) != 0)
        return fail("OpenGL: %s", err);
    if (disp_text_init(err, sizeof err) != 0) {
        disp_gl_fini();
        return fail("%s", err);
    }
    c.state = 1;
    return true;
}

const char *disp_ctx_reason(void)
{
    return c.reason;
}

bool disp_ctx_started(void)
{
    return c.state > 0;
}

/* Where the next window goes: windows are laid side by side, then in rows, so that they do
 * not cover each other (without a window manager they would all open at the corner). */
static void next_position(int w, int h, int *x, int *y)
{
    static int cx = 0, cy = 0, row = 0;
    SDL_Rect b = {0, 0, 1920, 1080};
    SDL_GetDisplayBounds(0, &b);
    if (cx > 0 && cx + w > b.w) {
        cx = 0;
        cy += row + 8;
        row = 0;
    }
    if (cy + h > b.h)
        cy = 0;
    *x = b.x + cx, *y = b.y + cy;
    cx += w + 8;
    if (h > row)
        row = h;
}

SDL_Window *disp_ctx_window(const char *title, int w, int h)
{
    int x, y;
    next_position(w, h, &x, &y);
    SDL_Window *win = SDL_CreateWindow(title, x, y, w, h,
                                       SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_SHOWN);
    if (!win)
        snprintf(c.reason, sizeof c.reason, "no window (%s)", SDL_GetError());
    return win;
}

void disp_ctx_begin(SDL_Window *win, int *w, int *h)
{
    SDL_GL_MakeCurrent(win, c.gl);
    SDL_GL_GetDrawableSize(win, w, h);
    disp_gl_begin(*w, *h);
}

void disp_ctx_use(SDL_Window *win)
{
    SDL_GL_MakeCurrent(win, c.gl);
}

void disp_ctx_present(SDL_Window *win)
{
    SDL_GL_SwapWindow(win);
}

/* Keep every loaded library mapped until exit (RTLD_NODELETE). SDL and the GL driver load
 * theirs with dlopen and unload them at shutdown; what they leave allocated would then be
 * reported with "<unknown module>" frames that a leak check cannot attribute. Pinned, the
 * frames keep their library names, which tests/lsan_display.supp names. */
static int pin(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size, (void)arg;
    if (info->dlpi_name && info->dlpi_name[0] == '/')
        dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
    return 0;
}

void disp_ctx_stop(void)
{
    if (c.state > 0) {
        dl_iterate_phdr(pin, NULL);
        SDL_GL_MakeCurrent(c.hidden, c.gl);
        disp_text_fini();
        disp_gl_fini();
        SDL_GL_DeleteContext(c.gl);
        SDL_DestroyWindow(c.hidden);
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        SDL_Quit();
    }
    c.gl = NULL, c.hidden = NULL;
    c.state = 0;
}
