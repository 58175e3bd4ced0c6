/*
 * player.c - the preview window (player.h).
 */
#include "display/player.h"
#include "display/context.h"
#include "display/convert.h"
#include "display/gl.h"
#include "display/interop_cuda.h"
#include "display/text.h"
#include "display/window.h"
#include "runtime/interp.h"
#include "runtime/residency.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_W 1600
#define MAX_H 1000
#define ERR_LINES 8
#define ZOOM_STEP 1.25
#define WIPE_GRAB 8             /* pixels either side of the split line that grab it */

typedef enum Layout { LAYOUT_SIDE, LAYOUT_WIPE, LAYOUT_INPUT, LAYOUT_OUTPUT } Layout;

typedef struct Pic {
    Value img;                  /* a reference, or V_UNDEF */
    DispTex tex;
    int w, h;
    int same;                   /* 1 + the slot whose texture shows this very array (an
                                 * output that is its input, as `identity`), or 0: its own */
    bool stale;                 /* its own texture does not hold img yet (drawn: uploaded) */
} Pic;

typedef struct Line {
    char *text;
    DispTex tex;
} Line;

struct DispPlayer {
    SDL_Window *win;
    RtPool *pool;               /* the host's: conversions run on it */
    int engine;                 /* the run's --engine choice: frames on its device are shown from there */
    bool verbose;               /* -v: say once how frames reach the window */
    Pic pic[DISP_PLAYER_SLOTS];
    int out;                    /* the output slot shown */
    Layout layout;
    double zoom, cx, cy;        /* shared view: zoom (1 fits) and the point at a pane's centre, as
                                 * fractions of the picture (outputs may differ in size) */
    double split;               /* wipe: the split as a fraction of the pane's width */
    int drag;                   /* 0 none, 1 panning, 2 moving the split */
    int mx, my;                 /* last mouse position */
    bool mouse_in;
    char *overlay, *status;
    Line l_overlay, l_status, l_err[ERR_LINES];
    int nerr;
    int64_t frame, count;
};

/* ---------------------------------------------------------------- text lines */

static void line_set(Line *l, const char *text, const unsigned char rgb[3])
{
    if (l->text && text && !strcmp(l->text, text))
        return;
    free(l->text);
    l->text = text && *text ? strdup(text) : NULL;
    if (!l->text || disp_text_render(&l->tex, l->text, rgb) != 0)
        disp_gl_tex_free(&l->tex);
}

static void line_free(Line *l)
{
    free(l->text);
    disp_gl_tex_free(&l->tex);
    *l = (Line){0};
}

static const unsigned char white[3] = {240, 240, 240}, red[3] = {255, 90, 80};

/* ---------------------------------------------------------------- life */

static int band_height(void)
{
    return 2 * disp_text_height() + 14;
}

DispPlayer *disp_player_new(RtPool *pool, const char *title, int w, int h, char *err, size_t errlen)
{
    if (!disp_ctx_start()) {
        snprintf(err, errlen, "%s", disp_ctx_reason());
        return NULL;
    }
    DispPlayer *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    p->pool = pool;
    double ww = 2.0 * w, wh = h + band_height();
    double s = fmin(1.0, fmin(MAX_W / ww, MAX_H / wh));
    p->win = disp_ctx_window(title, (int)(ww * s), (int)(wh * s));
    if (!p->win) {
        snprintf(err, errlen, "%s", disp_ctx_reason());
        free(p);
        return NULL;
    }
    p->out = 1;
    p->zoom = 1;
    p->cx = p->cy = 0.5;
    p->split = 0.5;
    return p;
}

void disp_player_free(DispPlayer *p)
{
    if (!p)
        return;
    disp_ctx_use(p->win);
    for (int i = 0; i < DISP_PLAYER_SLOTS; i++) {
        rt_release(p->pic[i].img);
        disp_interop_forget(&p->pic[i].tex);
        disp_gl_tex_free(&p->pic[i].tex);
    }
    line_free(&p->l_overlay);
    line_free(&p->l_status);
    for (int i = 0; i < ERR_LINES; i++)
        line_free(&p->l_err[i]);
    free(p->overlay);
    free(p->status);
    SDL_DestroyWindow(p->win);
    free(p);
}

/* ---------------------------------------------------------------- content */

void disp_player_use_engine(DispPlayer *p, int engine, bool verbose)
{
    p->engine = engine;
    p->verbose = verbose;
}

/* Convert and upload pic's array into its own texture: on the device when its copy there
 * is current (interop_cuda.h), else on the host. With the window's context current. */
static void upload(DispPlayer *p, Pic *pic)
{
    pic->same = 0;
    pic->stale = false;
    if (pic->img.kind != V_ARRAY || disp_interop_show(&pic->tex, pic->img.a, 0, 255, p->engine, p->verbose))
        return;
    disp_interop_resize(&pic->tex, pic->w, pic->h);
    unsigned char *dst = disp_gl_upload_begin(&pic->tex, pic->w, pic->h);
    if (dst) {
        disp_to_rgba(p->pool, pic->img.a, 0, 255, dst);
        disp_gl_upload_end(&pic->tex);
    }
}

void disp_player_set(DispPlayer *p, int slot, Value img)
{
    if (slot < 0 || slot >= DISP_PLAYER_SLOTS)
        return;
    Pic *pic = &p->pic[slot];
    disp_ctx_use(p->win);
    /* a picture shown through this slot's texture needs its own, made when it is drawn (it is
     * usually set again first, as the output after the input) */
    for (int k = 0; k < DISP_PLAYER_SLOTS; k++)
        if (p->pic[k].same == slot + 1) {
            p->pic[k].same = 0;
            p->pic[k].stale = true;
        }
    rt_release(pic->img);
    pic->img = rt_undef();
    pic->same = 0;
    pic->stale = false;
    if (img.kind != V_ARRAY)
        return;
    rt_retain(img);
    pic->img = img;
    int w, h;
    disp_image_size(img.a, &w, &h);
    if (slot == 0 && (w != pic->w || h != pic->h)) {
        p->zoom = 1;
        p->cx = p->cy = 0.5;
    }
    pic->w = w, pic->h = h;
    /* the same array as another slot's (arrays are copied on write while shared, so it is
     * the same picture): show that texture, converting and uploading nothing */
    for (int k = 0; k < DISP_PLAYER_SLOTS; k++) {
        const Pic *o = &p->pic[k];
        if (k != slot && !o->same && o->img.kind == V_ARRAY && o->img.a == img.a && o->tex.tex) {
            pic->same = k + 1;
            return;
        }
    }
    upload(p, pic);
}

void disp_player_set_text(DispPlayer *p, const char *overlay, const char *status)
{
    free(p->overlay);
    free(p->status);
    p->overlay = overlay ? strdup(overlay) : NULL;
    p->status = status ? strdup(status) : NULL;
}

void disp_player_set_error(DispPlayer *p, const char *msg)
{
    disp_ctx_use(p->win);
    p->nerr = 0;
    const char *s = msg;
    while (s && *s && p->nerr < ERR_LINES) {
        size_t n = strcspn(s, "\n");
        char *line = strndup(s, n);
        if (line && *line)
            line_set(&p->l_err[p->nerr++], line, red);
        free(line);
        s += n + (s[n] == '\n');
    }
    for (int i = p->nerr; i < ERR_LINES; i++)
        line_set(&p->l_err[i], NULL, red);
}

void disp_player_set_position(DispPlayer *p, int64_t frame, int64_t count)
{
    p->frame = frame, p->count = count;
}

int disp_player_output_slot(const DispPlayer *p)
{
    return p->out;
}

/* ---------------------------------------------------------------- layout */

typedef struct Pane {
    DispRect r;                 /* where, in window pixels */
    int slot;                   /* the picture */
} Pane;

/* The panes of the layout into pane[2]; the count. */
static int panes(const DispPlayer *p, int ww, int wh, Pane pane[2])
{
    double ph = wh - band_height();
    if (ph < 1)
        ph = 1;
    switch (p->layout) {
    case LAYOUT_SIDE:
        pane[0] = (Pane){{0, 0, floor(ww / 2.0), ph}, 0};
        pane[1] = (Pane){{floor(ww / 2.0), 0, ww - floor(ww / 2.0), ph}, p->out};
        return 2;
    case LAYOUT_WIPE:
    case LAYOUT_INPUT:
        pane[0] = (Pane){{0, 0, ww, ph}, 0};
        return 1;
    case LAYOUT_OUTPUT:
        pane[0] = (Pane){{0, 0, ww, ph}, p->out};
        return 1;
    }
    return 0;
}

/* Scale and top-left corner of an image of w x h in pane r under the shared view. */
static double place(const DispPlayer *p, DispRect r, int w, int h, double *x0, double *y0)
{
    double s = fmin(r.w / w, r.h / h) * p->zoom;
    *x0 = round(r.x + r.w / 2 - p->cx * w * s);
    *y0 = round(r.y + r.h / 2 - p->cy * h * s);
    return s;
}

static void draw_pic(Pic *pic, DispPlayer *p, DispRect pane, DispRect clip)
{
    if (pic->stale)
        upload(p, pic);
    const DispTex *tex = pic->same ? &p->pic[pic->same - 1].tex : &pic->tex;
    if (!tex->tex || !pic->w)
        return;
    double x0, y0, s = place(p, pane, pic->w, pic->h, &x0, &y0);
    disp_gl_image(tex, (DispRect){0, 0, pic->w, pic->h}, (DispRect){x0, y0, pic->w * s, pic->h * s}, clip);
}

/* ---------------------------------------------------------------- the status line */

static void append_values(char *buf, size_t len, const char *label, Value img, int x, int y)
{
    size_t n = strlen(buf);
    if (img.kind != V_ARRAY || n + 1 >= len)
        return;
    const RtArray *a = img.a;
    int w, h;
    disp_image_size(a, &w, &h);
    if (x < 0 || y < 0 || x >= w || y >= h || !rt_buf_host(a->buf, false))   /* shown from the GPU */
        return;
    int ch = a->rank == 3 ? (int)a->dims[2] : 1;
    n += (size_t)snprintf(buf + n, len - n, "  %s ", label);
    for (int c = 0; c < ch && c < 4 && n + 1 < len; c++)
        n += (size_t)snprintf(buf + n, len - n, "%s%.4g", c ? "," : "",
                              rt_get_real(a, ((int64_t)y * w + x) * ch + c));
}

static void status_text(const DispPlayer *p, int ww, int wh, char *buf, size_t len)
{
    snprintf(buf, len, "%s", p->status ? p->status : "");
    if (!p->mouse_in)
        return;
    Pane pane[2];
    int n = panes(p, ww, wh, pane);
    for (int i = 0; i < n; i++) {
        DispRect r = pane[i].r;
        const Pic *pic = &p->pic[pane[i].slot];
        if (!pic->w || p->mx < r.x || p->mx >= r.x + r.w || p->my < r.y || p->my >= r.y + r.h)
            continue;
        double x0, y0, s = place(p, r, pic->w, pic->h, &x0, &y0);
        int x = (int)floor((p->mx - x0) / s), y = (int)floor((p->my - y0) / s);
        if (x < 0 || y < 0 || x >= pic->w || y >= pic->h)
            return;
        size_t k = strlen(buf);
        snprintf(buf + k, len - k, "%s(%d,%d)", k ? "   " : "", x, y);
        append_values(buf, len, "in", p->pic[0].img, x, y);
        append_values(buf, len, "out", p->pic[p->out].img, x, y);
        return;
    }
}

/* ---------------------------------------------------------------- drawing */

void disp_player_draw(DispPlayer *p)
{
    int ww, wh;
    disp_ctx_begin(p->win, &ww, &wh);
    Pane pane[2];
    int n = panes(p, ww, wh, pane);
    for (int i = 0; i < n; i++)
        draw_pic(&p->pic[pane[i].slot], p, pane[i].r, pane[i].r);
    if (p->layout == LAYOUT_WIPE) {
        DispRect r = pane[0].r;
        double x = round(r.x + r.w * p->split);
        draw_pic(&p->pic[p->out], p, r, (DispRect){x, r.y, r.x + r.w - x, r.h});
        disp_gl_fill((DispRect){x - 1, r.y, 2, r.h}, (const float[4]){1, 1, 1, 0.8f});
    }
    int lh = disp_text_height();
    /* the overlay line, top left, over a translucent bar */
    line_set(&p->l_overlay, p->overlay, white);
    if (p->l_overlay.tex.tex) {
        disp_gl_fill((DispRect){0, 0, p->l_overlay.tex.w + 12, lh + 4}, (const float[4]){0, 0, 0, 0.55f});
        disp_gl_text(&p->l_overlay.tex, 6, 2);
    }
    /* errors, below it */
    for (int i = 0; i < p->nerr; i++) {
        double y = lh + 8 + i * lh;
        disp_gl_fill((DispRect){0, y, p->l_err[i].tex.w + 12, lh}, (const float[4]){0, 0, 0, 0.75f});
        disp_gl_text(&p->l_err[i].tex, 6, y);
    }
    /* the band: timeline and status line */
    double by = wh - band_height();
    disp_gl_fill((DispRect){0, by, ww, band_height()}, (const float[4]){0.1f, 0.1f, 0.1f, 1});
    if (p->count > 1) {
        disp_gl_fill((DispRect){8, by + 4, ww - 16, 6}, (const float[4]){0.35f, 0.35f, 0.35f, 1});
        double f = (double)p->frame / (double)(p->count - 1);
        disp_gl_fill((DispRect){8, by + 4, (ww - 16) * fmin(1, fmax(0, f)), 6},
                     (const float[4]){0.3f, 0.6f, 1.0f, 1});
    }
    char status[512];
    status_text(p, ww, wh, status, sizeof status);
    line_set(&p->l_status, status, white);
    disp_gl_text(&p->l_status.tex, 8, by + 12);
    disp_ctx_present(p->win);
}

/* ---------------------------------------------------------------- events */

static void zoom_about(DispPlayer *p, double f, int mx, int my)
{
    int ww, wh;
    SDL_GL_GetDrawableSize(p->win, &ww, &wh);
    Pane pane[2];
    int n = panes(p, ww, wh, pane);
    DispRect r = pane[0].r;
    for (int i = 0; i < n; i++)
        if (mx >= pane[i].r.x && mx < pane[i].r.x + pane[i].r.w)
            r = pane[i].r;
    const Pic *pic = &p->pic[0];
    if (!pic->w)
        return;
    double x0, y0, s = place(p, r, pic->w, pic->h, &x0, &y0);
    double px = (mx - x0) / s, py = (my - y0) / s;       /* the image point under the mouse */
    p->zoom = fmin(256, fmax(1.0 / 16, p->zoom * f));
    s = fmin(r.w / pic->w, r.h / pic->h) * p->zoom;
    p->cx = (px - (mx - r.x - r.w / 2) / s) / pic->w;
    p->cy = (py - (my - r.y - r.h / 2) / s) / pic->h;
}

static double pane_scale(const DispPlayer *p)
{
    int ww, wh;
    SDL_GL_GetDrawableSize(p->win, &ww, &wh);
    Pane pane[2];
    panes(p, ww, wh, pane);
    const Pic *pic = &p->pic[0];
    return pic->w ? fmin(pane[0].r.w / pic->w, pane[0].r.h / pic->h) * p->zoom : 1;
}

static bool key(DispPlayer *p, const SDL_KeyboardEvent *k, DispAction *act)
{
    SDL_Keycode c = k->keysym.sym;
    bool shift = k->keysym.mod & KMOD_SHIFT;
    int ww, wh;
    SDL_GL_GetDrawableSize(p->win, &ww, &wh);
    *act = (DispAction){DISP_ACT_NONE, 0};
    switch (c) {
    case SDLK_q:
    case SDLK_ESCAPE: act->kind = DISP_ACT_QUIT; return true;
    case SDLK_SPACE: act->kind = DISP_ACT_PAUSE; return true;
    case SDLK_RIGHT: *act = (DispAction){shift ? DISP_ACT_SEEK_BY : DISP_ACT_STEP, 1}; return true;
    case SDLK_LEFT: *act = (DispAction){shift ? DISP_ACT_SEEK_BY : DISP_ACT_STEP, -1}; return true;
    case SDLK_HOME: *act = (DispAction){DISP_ACT_SEEK_TO, 0}; return true;
    case SDLK_END: *act = (DispAction){DISP_ACT_SEEK_TO, -1}; return true;
    case SDLK_s: act->kind = DISP_ACT_SAVE; return true;
    case SDLK_LEFTBRACKET: *act = (DispAction){DISP_ACT_PARAM_SELECT, -1}; return true;
    case SDLK_RIGHTBRACKET: *act = (DispAction){DISP_ACT_PARAM_SELECT, 1}; return true;
    case SDLK_COMMA: *act = (DispAction){DISP_ACT_PARAM_CHANGE, -1}; return true;
    case SDLK_PERIOD: *act = (DispAction){DISP_ACT_PARAM_CHANGE, 1}; return true;
    case SDLK_w: p->layout = p->layout == LAYOUT_WIPE ? LAYOUT_SIDE : LAYOUT_WIPE; break;
    case SDLK_a: p->layout = p->layout == LAYOUT_INPUT ? LAYOUT_SIDE : LAYOUT_INPUT; break;
    case SDLK_b: p->layout = p->layout == LAYOUT_OUTPUT ? LAYOUT_SIDE : LAYOUT_OUTPUT; break;
    case SDLK_PLUS:
    case SDLK_EQUALS:
    case SDLK_KP_PLUS: zoom_about(p, ZOOM_STEP, ww / 2, (wh - band_height()) / 2); break;
    case SDLK_MINUS:
    case SDLK_KP_MINUS: zoom_about(p, 1 / ZOOM_STEP, ww / 2, (wh - band_height()) / 2); break;
    case SDLK_0:
        p->zoom = 1;
        p->cx = p->cy = 0.5;
        break;
    default:
        if (c >= SDLK_1 && c <= SDLK_9 && p->pic[c - SDLK_0].w)
            p->out = c - SDLK_0;
        break;
    }
    return false;
}

/* A click in the timeline: the frame it points at, or -1. */
static int64_t timeline_frame(const DispPlayer *p, int x, int y)
{
    int ww, wh;
    SDL_GL_GetDrawableSize(p->win, &ww, &wh);
    double by = wh - band_height();
    if (p->count < 2 || y < by || y > by + 14 || ww <= 16)
        return -1;
    double f = fmin(1, fmax(0, (x - 8.0) / (ww - 16.0)));
    return (int64_t)llround(f * (double)(p->count - 1));
}

static bool mouse(DispPlayer *p, const SDL_Event *e, DispAction *act)
{
    int ww, wh;
    SDL_GL_GetDrawableSize(p->win, &ww, &wh);
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        int64_t f = timeline_frame(p, e->button.x, e->button.y);
        if (f >= 0) {
            *act = (DispAction){DISP_ACT_SEEK_TO, f};
            return true;
        }
        double split = round(ww * p->split);
        p->drag = p->layout == LAYOUT_WIPE && fabs(e->button.x - split) <= WIPE_GRAB ? 2 : 1;
        p->mx = e->button.x, p->my = e->button.y;
    } else if (e->type == SDL_MOUSEBUTTONUP) {
        p->drag = 0;
    } else if (e->type == SDL_MOUSEMOTION) {
        if (p->drag == 2) {
            p->split = fmin(1, fmax(0, (double)e->motion.x / ww));
        } else if (p->drag == 1) {
            double s = pane_scale(p);
            if (p->pic[0].w) {
                p->cx -= (e->motion.x - p->mx) / s / p->pic[0].w;
                p->cy -= (e->motion.y - p->my) / s / p->pic[0].h;
            }
        }
        p->mx = e->motion.x, p->my = e->motion.y;
        p->mouse_in = true;
    } else if (e->type == SDL_MOUSEWHEEL) {
        int mx, my;
        SDL_GetMouseState(&mx, &my);
        zoom_about(p, e->wheel.y > 0 ? ZOOM_STEP : 1 / ZOOM_STEP, mx, my);
    }
    return false;
}

/* One event: true with *act when the caller must act; *redraw when the picture changed. */
static bool handle(DispPlayer *p, const SDL_Event *e, DispAction *act, bool *redraw)
{
    Uint32 mine = SDL_GetWindowID(p->win);
    switch (e->type) {
    case SDL_QUIT:
        act->kind = DISP_ACT_QUIT;
        return true;
    case SDL_WINDOWEVENT:
        if (e->window.windowID != mine)
            break;
        if (e->window.event == SDL_WINDOWEVENT_CLOSE) {
            act->kind = DISP_ACT_QUIT;
            return true;
        }
        if (e->window.event == SDL_WINDOWEVENT_LEAVE)
            p->mouse_in = false;
        *redraw = true;
        return false;
    case SDL_KEYDOWN:
        if (e->key.windowID != mine)
            break;
        *redraw = true;
        return key(p, &e->key, act);
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
    case SDL_MOUSEMOTION:
    case SDL_MOUSEWHEEL:
        if ((e->type == SDL_MOUSEMOTION ? e->motion.windowID
             : e->type == SDL_MOUSEWHEEL ? e->wheel.windowID : e->button.windowID) != mine)
            break;
        *redraw = true;
        return mouse(p, e, act);
    default:
        return false;
    }
    disp_win_event(e);          /* a window of imshow, opened by the filter */
    return false;
}

bool disp_player_poll(DispPlayer *p, double timeout, DispAction *act)
{
    *act = (DispAction){DISP_ACT_NONE, 0};
    bool redraw = false, got = false;
    SDL_Event e;
    int ms = timeout > 0 ? (int)ceil(timeout * 1000) : 0;
    if (ms > 0 ? SDL_WaitEventTimeout(&e, ms) : SDL_PollEvent(&e)) {
        got = handle(p, &e, act, &redraw);
        while (!got && SDL_PollEvent(&e))
            got = handle(p, &e, act, &redraw);
    }
    if (redraw)
        disp_player_draw(p);
    return got;
}
