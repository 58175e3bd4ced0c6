/*
 * window.c - figure windows (window.h): one SDL window per figure that imshow drew into,
 * its texture and its view.
 */
#include "display/window.h"
#include "display/context.h"
#include "display/convert.h"
#include "display/gl.h"
#include "display/interop_cuda.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WIN_MAX_W 1600
#define WIN_MAX_H 1000
#define WIN_MIN_SIDE 128        /* smaller images are enlarged by a whole factor */
#define ZOOM_STEP 1.25
#define ZOOM_MAX 256.0

typedef struct Win {
    int id;
    SDL_Window *sdl;            /* NULL once closed (or before the first imshow) */
    DispTex tex;
    int w, h;                   /* the image */
    double zoom;                /* 1: the image fits the window */
    double cx, cy;              /* the image point (in pixels) at the window's centre */
    bool dragging;
    int drag_x, drag_y;
    char *title;
    int *links;
    int nlinks;
} Win;

static Win *wins;
static int nwins;

static Win *find(int id)
{
    for (int i = 0; i < nwins; i++)
        if (wins[i].id == id)
            return &wins[i];
    return NULL;
}

static Win *find_sdl(Uint32 window_id)
{
    for (int i = 0; i < nwins; i++)
        if (wins[i].sdl && SDL_GetWindowID(wins[i].sdl) == window_id)
            return &wins[i];
    return NULL;
}

/* The record of figure id, made when missing; NULL when out of memory. */
static Win *get(int id)
{
    Win *w = find(id);
    if (w)
        return w;
    Win *grown = realloc(wins, (size_t)(nwins + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    wins = grown;
    wins[nwins] = (Win){.id = id, .zoom = 1};
    return &wins[nwins++];
}

/* ---------------------------------------------------------------- drawing */

/* The scale (window pixels per image pixel) and where the image's top-left corner goes. */
static double layout(const Win *w, int ww, int wh, double *x0, double *y0)
{
    double fit = fmin((double)ww / w->w, (double)wh / w->h);
    double s = fit * w->zoom;
    *x0 = round(ww / 2.0 - w->cx * s);
    *y0 = round(wh / 2.0 - w->cy * s);
    return s;
}

static void draw(Win *w)
{
    if (!w->sdl || !w->tex.tex)
        return;
    int ww, wh;
    disp_ctx_begin(w->sdl, &ww, &wh);
    double x0, y0, s = layout(w, ww, wh, &x0, &y0);
    disp_gl_image(&w->tex, (DispRect){0, 0, w->w, w->h}, (DispRect){x0, y0, w->w * s, w->h * s},
                  (DispRect){0, 0, ww, wh});
    disp_ctx_present(w->sdl);
}

/* The size of a new window for a w x h image. */
static void initial_size(int w, int h, int *ww, int *wh)
{
    double s = 1;
    if (w > WIN_MAX_W || h > WIN_MAX_H)
        s = fmin((double)WIN_MAX_W / w, (double)WIN_MAX_H / h);
    else if (w < WIN_MIN_SIDE && h < WIN_MIN_SIDE)
        s = ceil((double)WIN_MIN_SIDE / (w > h ? w : h));
    *ww = (int)fmax(1, round(w * s));
    *wh = (int)fmax(1, round(h * s));
}

static bool open_window(Win *w, int iw, int ih)
{
    char title[64];
    snprintf(title, sizeof title, "Figure %d", w->id);
    int ww, wh;
    initial_size(iw, ih, &ww, &wh);
    w->sdl = disp_ctx_window(w->title ? w->title : title, ww, wh);
    return w->sdl != NULL;
}

/* Figure id's window for an image of iw x ih (opened, the view reset for a new size), the
 * frame's period waited out and the context current; NULL when it cannot be. */
static Win *prepare(int id, int iw, int ih)
{
    if (!disp_ctx_start())
        return NULL;
    disp_win_pump();
    Win *w = get(id);
    if (!w || (!w->sdl && !open_window(w, iw, ih)))
        return NULL;
    if (iw != w->w || ih != w->h) {     /* a new size: the view starts again */
        w->w = iw, w->h = ih;
        w->zoom = 1;
        w->cx = iw / 2.0, w->cy = ih / 2.0;
    }
    disp_pace_wait();
    int ww, wh;
    disp_ctx_begin(w->sdl, &ww, &wh);
    return w;
}

bool disp_win_imshow(RtPool *pool, int id, const RtArray *a, double lo, double hi, int engine, bool verbose)
{
    int iw, ih;
    disp_image_size(a, &iw, &ih);
    if (iw < 1 || ih < 1)
        return disp_ctx_start();
    Win *w = prepare(id, iw, ih);
    if (!w)
        return false;
    if (!disp_interop_show(&w->tex, a, lo, hi, engine, verbose)) {    /* the host path */
        disp_interop_resize(&w->tex, iw, ih);
        unsigned char *dst = disp_gl_upload_begin(&w->tex, iw, ih);
        if (dst) {
            disp_to_rgba(pool, a, lo, hi, dst);
            disp_gl_upload_end(&w->tex);
        }
    }
    draw(w);
    disp_pace_shown();
    return true;
}

bool disp_win_show_rgba(int id, const unsigned char *rgba, int iw, int ih)
{
    Win *w = iw > 0 && ih > 0 ? prepare(id, iw, ih) : NULL;
    if (!w)
        return false;
    disp_interop_resize(&w->tex, iw, ih);
    unsigned char *dst = disp_gl_upload_begin(&w->tex, iw, ih);
    if (dst) {
        memcpy(dst, rgba, (size_t)iw * (size_t)ih * 4);
        disp_gl_upload_end(&w->tex);
    }
    draw(w);
    return true;
}

bool disp_win_is_open(int id)
{
    Win *w = find(id);
    return w && w->sdl;
}

void disp_win_title(int id, const char *title)
{
    Win *w = get(id);
    if (!w)
        return;
    char *copy = strdup(title);
    if (!copy)
        return;
    free(w->title);
    w->title = copy;
    if (w->sdl)
        SDL_SetWindowTitle(w->sdl, title);
}

static void add_link(Win *w, int other)
{
    for (int i = 0; i < w->nlinks; i++)
        if (w->links[i] == other)
            return;
    int *grown = realloc(w->links, (size_t)(w->nlinks + 1) * sizeof *grown);
    if (!grown)
        return;
    w->links = grown;
    w->links[w->nlinks++] = other;
}

void disp_win_link(int a, int b)
{
    if (a == b || !get(a) || !get(b))
        return;
    Win *wa = find(a), *wb = find(b);     /* get(b) may have moved a */
    add_link(wa, b);
    add_link(wb, a);
}

/* Give the view of w to every window joined to it (as fractions of their images). */
static void spread_view(Win *w)
{
    for (int i = 0; i < w->nlinks; i++) {
        Win *o = find(w->links[i]);
        if (!o || !o->sdl || !o->w)
            continue;
        o->zoom = w->zoom;
        o->cx = w->cx / w->w * o->w;
        o->cy = w->cy / w->h * o->h;
        draw(o);
    }
    draw(w);
}

/* ---------------------------------------------------------------- events */

static void close_window(Win *w)
{
    if (!w->sdl)
        return;
    int ww, wh;
    disp_ctx_begin(w->sdl, &ww, &wh);   /* the context current while the texture goes */
    disp_interop_forget(&w->tex);
    disp_gl_tex_free(&w->tex);
    SDL_DestroyWindow(w->sdl);
    w->sdl = NULL;
    w->w = w->h = 0;
}

/* Zoom by factor f about window point (mx, my). */
static void zoom_at(Win *w, double f, int mx, int my)
{
    if (!w->w)
        return;
    int ww, wh;
    SDL_GL_GetDrawableSize(w->sdl, &ww, &wh);
    double x0, y0, s = layout(w, ww, wh, &x0, &y0);
    double px = w->cx + (mx - ww / 2.0) / s, py = w->cy + (my - wh / 2.0) / s;
    w->zoom = fmin(ZOOM_MAX, fmax(1.0 / 16, w->zoom * f));
    s = layout(w, ww, wh, &x0, &y0);
    w->cx = px - (mx - ww / 2.0) / s;
    w->cy = py - (my - wh / 2.0) / s;
    spread_view(w);
}

static void key(Win *w, SDL_Keycode k)
{
    int ww, wh;
    SDL_GL_GetDrawableSize(w->sdl, &ww, &wh);
    if (k == SDLK_q || k == SDLK_ESCAPE) {
        close_window(w);
    } else if (k == SDLK_PLUS || k == SDLK_EQUALS || k == SDLK_KP_PLUS) {
        zoom_at(w, ZOOM_STEP, ww / 2, wh / 2);
    } else if (k == SDLK_MINUS || k == SDLK_KP_MINUS) {
        zoom_at(w, 1 / ZOOM_STEP, ww / 2, wh / 2);
    } else if (k == SDLK_0) {
        w->zoom = 1;
        w->cx = w->w / 2.0, w->cy = w->h / 2.0;
        spread_view(w);
    }
}

bool disp_win_event(const SDL_Event *e)
{
    Uint32 id = 0;
    switch (e->type) {
    case SDL_WINDOWEVENT: id = e->window.windowID; break;
    case SDL_KEYDOWN: id = e->key.windowID; break;
    case SDL_MOUSEWHEEL: id = e->wheel.windowID; break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: id = e->button.windowID; break;
    case SDL_MOUSEMOTION: id = e->motion.windowID; break;
    default: return false;
    }
    Win *w = find_sdl(id);
    if (!w)
        return false;
    int mx, my;
    switch (e->type) {
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_CLOSE)
            close_window(w);
        else if (e->window.event == SDL_WINDOWEVENT_EXPOSED || e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED)
            draw(w);
        break;
    case SDL_KEYDOWN:
        key(w, e->key.keysym.sym);
        break;
    case SDL_MOUSEWHEEL:
        SDL_GetMouseState(&mx, &my);
        zoom_at(w, e->wheel.y > 0 ? ZOOM_STEP : 1 / ZOOM_STEP, mx, my);
        break;
    case SDL_MOUSEBUTTONDOWN:
        w->dragging = e->button.button == SDL_BUTTON_LEFT;
        w->drag_x = e->button.x, w->drag_y = e->button.y;
        break;
    case SDL_MOUSEBUTTONUP:
        w->dragging = false;
        break;
    case SDL_MOUSEMOTION:
        if (w->dragging && w->w) {
            int ww, wh;
            SDL_GL_GetDrawableSize(w->sdl, &ww, &wh);
            double x0, y0, s = layout(w, ww, wh, &x0, &y0);
            w->cx -= (e->motion.x - w->drag_x) / s;
            w->cy -= (e->motion.y - w->drag_y) / s;
            w->drag_x = e->motion.x, w->drag_y = e->motion.y;
            spread_view(w);
        }
        break;
    }
    return true;
}

void disp_win_pump(void)
{
    if (!disp_ctx_started())
        return;
    SDL_Event e;
    while (SDL_PollEvent(&e))
        disp_win_event(&e);
}

int disp_win_count(void)
{
    int n = 0;
    for (int i = 0; i < nwins; i++)
        n += wins[i].sdl != NULL;
    return n;
}

void disp_win_wait(void)
{
    while (disp_ctx_started() && disp_win_count() > 0) {
        SDL_Event e;
        if (SDL_WaitEventTimeout(&e, 100))
            disp_win_event(&e);
    }
}

void disp_win_close_all(void)
{
    for (int i = 0; i < nwins; i++) {
        close_window(&wins[i]);
        free(wins[i].title);
        free(wins[i].links);
    }
    free(wins);
    wins = NULL;
    nwins = 0;
}
