/*
 * render.c - one figure drawn with Cairo and written as a PNG (figure.h, docs/figures.md).
 *
 * Layout: a figure of one axes holding an image is the image at its own size, one pixel
 * per element (with a title band above when it has a title), so the file shows the data
 * exactly. Any other figure is a grid of PANE_W x PANE_H panes (subplot rows and
 * columns); a pane shows its image scaled to fit (nearest neighbour) or a plot: white
 * axes box with a frame, ticks at 1-2-5 steps with their labels, the series as
 * antialiased lines clipped to the box, the title above, the axis labels below and at the
 * left (rotated), the legend at the top right. Text uses Cairo's own "toy" font API.
 * The PNG goes through rt_write_atomic (temporary name, then rename).
 */
#include "display/figure.h"
#include "runtime/lib_data.h"

#include "display/cairo_dl.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PANE_W 560
#define PANE_H 420
#define TITLE_BAND 28           /* pixels above an image for its title */
#define FONT_SIZE 12.0
#define TITLE_SIZE 14.0
#define MAX_TICKS 12

/* ---------------------------------------------------------------- text */

static void text_font(cairo_t *cr, double size, bool bold)
{
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

/* Draw s with its reference point placed by (ax, ay) in [0,1] of its extent at (x, y). */
static void text_at(cairo_t *cr, const char *s, double x, double y, double ax, double ay)
{
    cairo_text_extents_t e;
    cairo_text_extents(cr, s, &e);
    cairo_move_to(cr, x - e.x_bearing - e.width * ax, y - e.y_bearing - e.height * ay);
    cairo_show_text(cr, s);
}

/* ---------------------------------------------------------------- images */

/* The RGB pixels as a Cairo surface (RGB24). NULL when Cairo fails. */
static cairo_surface_t *image_surface(const DispAxes *a)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, a->w, a->h);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        return NULL;
    }
    cairo_surface_flush(s);
    unsigned char *d = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    for (int y = 0; y < a->h; y++) {
        uint32_t *row = (uint32_t *)(d + (size_t)y * stride);
        const unsigned char *p = a->pix + (size_t)y * a->w * 3;
        for (int x = 0; x < a->w; x++)
            row[x] = (uint32_t)p[3 * x] << 16 | (uint32_t)p[3 * x + 1] << 8 | p[3 * x + 2];
    }
    cairo_surface_mark_dirty(s);
    return s;
}

/* The image scaled to fit the box (x, y, w, h), centred, nearest neighbour. */
static void draw_image(cairo_t *cr, const DispAxes *a, double x, double y, double w, double h)
{
    if (a->w == 0 || a->h == 0)
        return;
    cairo_surface_t *s = image_surface(a);
    if (!s)
        return;
    double k = fmin(w / a->w, h / a->h);
    cairo_save(cr);
    cairo_translate(cr, x + (w - a->w * k) / 2, y + (h - a->h * k) / 2);
    cairo_scale(cr, k, k);
    cairo_set_source_surface(cr, s, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
    cairo_rectangle(cr, 0, 0, a->w, a->h);
    cairo_fill(cr);
    cairo_restore(cr);
    cairo_surface_destroy(s);
}

/* ---------------------------------------------------------------- plots */

typedef struct Range {
    double lo, hi, step;
} Range;

/* Limits rounded outward to a 1-2-5 tick step, about five steps. */
static Range nice_range(double lo, double hi)
{
    if (!(lo <= hi)) {
        lo = 0;
        hi = 1;
    }
    if (hi - lo < 1e-12 * fmax(1, fabs(hi))) {
        lo -= 1;
        hi += 1;
    }
    double raw = (hi - lo) / 5, mag = pow(10, floor(log10(raw))), r = raw / mag;
    double step = (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10) * mag;
    return (Range){floor(lo / step + 1e-9) * step, ceil(hi / step - 1e-9) * step, step};
}

static void data_limits(const DispAxes *a, bool of_x, double *lo, double *hi)
{
    *lo = INFINITY, *hi = -INFINITY;
    for (int i = 0; i < a->nseries; i++)
        for (int64_t k = 0; k < a->series[i].n; k++) {
            double v = of_x ? a->series[i].x[k] : a->series[i].y[k];
            if (isfinite(v)) {
                *lo = fmin(*lo, v);
                *hi = fmax(*hi, v);
            }
        }
}

typedef struct Box {
    double x, y, w, h;          /* the axes box in pixels */
    Range rx, ry;
} Box;

static double px(const Box *b, double v) { return b->x + (v - b->rx.lo) / (b->rx.hi - b->rx.lo) * b->w; }
static double py(const Box *b, double v) { return b->y + b->h - (v - b->ry.lo) / (b->ry.hi - b->ry.lo) * b->h; }

static void tick_label(char *buf, size_t n, double v, double step)
{
    if (fabs(v) < step * 1e-6)
        v = 0;
    snprintf(buf, n, "%g", v);
}

static void draw_ticks(cairo_t *cr, const Box *b)
{
    char buf[32];
    text_font(cr, FONT_SIZE, false);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 1);
    for (int i = 0; i <= MAX_TICKS; i++) {
        double v = b->rx.lo + i * b->rx.step;
        if (v > b->rx.hi + b->rx.step * 1e-6)
            break;
        double x = floor(px(b, v)) + 0.5;
        cairo_move_to(cr, x, b->y + b->h);
        cairo_line_to(cr, x, b->y + b->h - 5);
        cairo_stroke(cr);
        tick_label(buf, sizeof buf, v, b->rx.step);
        text_at(cr, buf, x, b->y + b->h + 6, 0.5, 0);
    }
    for (int i = 0; i <= MAX_TICKS; i++) {
        double v = b->ry.lo + i * b->ry.step;
        if (v > b->ry.hi + b->ry.step * 1e-6)
            break;
        double y = floor(py(b, v)) + 0.5;
        cairo_move_to(cr, b->x, y);
        cairo_line_to(cr, b->x + 5, y);
        cairo_stroke(cr);
        tick_label(buf, sizeof buf, v, b->ry.step);
        text_at(cr, buf, b->x - 6, y, 1, 0.5);
    }
}

static void set_dash(cairo_t *cr, int dash)
{
    static const double dashed[] = {8, 5}, dotted[] = {2, 4}, dashdot[] = {8, 4, 2, 4};
    switch (dash) {
    case 1: cairo_set_dash(cr, dashed, 2, 0); break;
    case 2: cairo_set_dash(cr, dotted, 2, 0); break;
    case 3: cairo_set_dash(cr, dashdot, 4, 0); break;
    default: cairo_set_dash(cr, NULL, 0, 0); break;
    }
}

/* The series as lines; a NaN or infinity breaks a line. */
static void draw_series(cairo_t *cr, const Box *b, const DispAxes *a)
{
    cairo_save(cr);
    cairo_rectangle(cr, b->x, b->y, b->w, b->h);
    cairo_clip(cr);
    cairo_set_line_width(cr, 1.5);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    for (int i = 0; i < a->nseries; i++) {
        const DispSeries *s = &a->series[i];
        cairo_set_source_rgb(cr, s->rgb[0], s->rgb[1], s->rgb[2]);
        set_dash(cr, s->dash);
        bool pen = false;
        for (int64_t k = 0; k < s->n; k++) {
            if (!isfinite(s->x[k]) || !isfinite(s->y[k])) {
                pen = false;
                continue;
            }
            if (pen)
                cairo_line_to(cr, px(b, s->x[k]), py(b, s->y[k]));
            else
                cairo_move_to(cr, px(b, s->x[k]), py(b, s->y[k]));
            pen = true;
        }
        if (s->n == 1 && isfinite(s->x[0]) && isfinite(s->y[0]))
            cairo_rel_line_to(cr, 0.01, 0);     /* one point: a dot, with a round cap */
        cairo_stroke(cr);
    }
    cairo_restore(cr);
}

/* Legend entries (as many as there are labels and series) in a box at the top right. */
static void draw_legend(cairo_t *cr, const Box *b, const DispAxes *a)
{
    int n = a->nlegend < a->nseries ? a->nlegend : a->nseries;
    if (n == 0)
        return;
    text_font(cr, FONT_SIZE, false);
    double wmax = 0;
    for (int i = 0; i < n; i++) {
        cairo_text_extents_t e;
        cairo_text_extents(cr, a->legend[i], &e);
        wmax = fmax(wmax, e.x_advance);
    }
    double lw = wmax + 44, lh = n * 18 + 8, x = b->x + b->w - lw - 8, y = b->y + 8;
    cairo_rectangle(cr, floor(x) + 0.5, floor(y) + 0.5, lw, lh);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
    for (int i = 0; i < n; i++) {
        const DispSeries *s = &a->series[i];
        double ly = y + 4 + i * 18 + 9;
        cairo_set_source_rgb(cr, s->rgb[0], s->rgb[1], s->rgb[2]);
        set_dash(cr, s->dash);
        cairo_set_line_width(cr, 1.5);
        cairo_move_to(cr, x + 6, ly);
        cairo_line_to(cr, x + 30, ly);
        cairo_stroke(cr);
        set_dash(cr, 0);
        cairo_set_source_rgb(cr, 0, 0, 0);
        text_at(cr, a->legend[i], x + 36, ly, 0, 0.5);
    }
}

static void draw_labels(cairo_t *cr, const DispAxes *a, const Box *b, double x, double y, double h)
{
    cairo_set_source_rgb(cr, 0, 0, 0);
    if (a->xlabel) {
        text_font(cr, FONT_SIZE, false);
        text_at(cr, a->xlabel, b->x + b->w / 2, y + h - 6, 0.5, 1);
    }
    if (a->ylabel) {
        text_font(cr, FONT_SIZE, false);
        cairo_save(cr);
        cairo_translate(cr, x + 8, b->y + b->h / 2);
        cairo_rotate(cr, -M_PI / 2);
        text_at(cr, a->ylabel, 0, 0, 0.5, 0);
        cairo_restore(cr);
    }
}

/* A plot in the pane (x, y, w, h). */
static void draw_plot(cairo_t *cr, const DispAxes *a, double x, double y, double w, double h)
{
    double xlo, xhi, ylo, yhi;
    data_limits(a, true, &xlo, &xhi);
    data_limits(a, false, &ylo, &yhi);
    Box b = {x + 64, y + 32, w - 64 - 20, h - 32 - 52, nice_range(xlo, xhi), nice_range(ylo, yhi)};
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, b.x, b.y, b.w, b.h);
    cairo_fill(cr);
    draw_series(cr, &b, a);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, floor(b.x) + 0.5, floor(b.y) + 0.5, floor(b.w), floor(b.h));
    cairo_stroke(cr);
    draw_ticks(cr, &b);
    draw_legend(cr, &b, a);
    draw_labels(cr, a, &b, x, y, h);
}

/* ---------------------------------------------------------------- panes and files */

static void draw_pane(cairo_t *cr, const DispAxes *a, double x, double y, double w, double h)
{
    double top = a->title ? TITLE_BAND : 0;
    if (a->title) {
        cairo_set_source_rgb(cr, 0, 0, 0);
        text_font(cr, TITLE_SIZE, true);
        text_at(cr, a->title, x + w / 2, y + TITLE_BAND / 2.0, 0.5, 0.5);
    }
    if (a->kind == DISP_AX_IMAGE)
        draw_image(cr, a, x, y + top, w, h - top);
    else if (a->kind == DISP_AX_PLOT)
        draw_plot(cr, a, x, y, w, h);
}

/* A figure of one image: the image at its size under an optional title band. */
static bool single_image(const DispFigure *f)
{
    return f->rows * f->cols == 1 && f->axes[0].kind == DISP_AX_IMAGE && f->axes[0].w > 0 && f->axes[0].h > 0;
}

typedef struct PngBuf {
    unsigned char *p;
    size_t len, cap;
    bool failed;
} PngBuf;

static cairo_status_t png_append(void *closure, const unsigned char *data, unsigned int n)
{
    PngBuf *b = closure;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 65536;
        while (cap < b->len + n)
            cap *= 2;
        unsigned char *p = realloc(b->p, cap);
        if (!p) {
            b->failed = true;
            return CAIRO_STATUS_NO_MEMORY;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, data, n);
    b->len += n;
    return CAIRO_STATUS_SUCCESS;
}

/* The figure drawn on a new image surface (check its status). */
static cairo_surface_t *render(const DispFigure *f, cairo_status_t *cs)
{
    bool one = single_image(f);
    const DispAxes *a0 = &f->axes[0];
    int w = one ? a0->w : f->cols * PANE_W;
    int h = one ? a0->h + (a0->title ? TITLE_BAND : 0) : f->rows * PANE_H;
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, one ? 1 : 0.94, one ? 1 : 0.94, one ? 1 : 0.94);
    cairo_paint(cr);
    for (int i = 0; i < f->rows * f->cols; i++)
        draw_pane(cr, &f->axes[i], one ? 0 : (i % f->cols) * PANE_W, one ? 0 : (i / f->cols) * PANE_H,
                  one ? w : PANE_W, one ? h : PANE_H);
    *cs = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_flush(s);
    return s;
}

int disp_render_png(const DispFigure *f, const char *path, char *err, size_t errlen)
{
    if (!rt_dl_load(&disp_cairo_dl, err, errlen))         /* Cairo: on first use */
        return -1;
    cairo_status_t cs;
    cairo_surface_t *s = render(f, &cs);
    PngBuf png = {0};
    if (cs == CAIRO_STATUS_SUCCESS)
        cs = cairo_surface_write_to_png_stream(s, png_append, &png);
    cairo_surface_destroy(s);
    int rc = -1;
    if (cs != CAIRO_STATUS_SUCCESS)
        snprintf(err, errlen, "cairo: %s", cairo_status_to_string(cs));
    else
        rc = rt_write_atomic(path, png.p, png.len, err, errlen);
    free(png.p);
    return rc;
}

unsigned char *disp_render_rgba(const DispFigure *f, int *w, int *h)
{
    if (!rt_dl_load(&disp_cairo_dl, NULL, 0))             /* Cairo: on first use */
        return NULL;
    cairo_status_t cs;
    cairo_surface_t *s = render(f, &cs);
    unsigned char *out = NULL;
    if (cs == CAIRO_STATUS_SUCCESS) {
        *w = cairo_image_surface_get_width(s), *h = cairo_image_surface_get_height(s);
        int stride = cairo_image_surface_get_stride(s);
        const unsigned char *src = cairo_image_surface_get_data(s);
        out = malloc((size_t)*w * (size_t)*h * 4 + 1);
        for (int y = 0; out && y < *h; y++) {
            const uint32_t *row = (const uint32_t *)(src + (size_t)y * stride);   /* xRGB, native */
            unsigned char *d = out + (size_t)y * *w * 4;
            for (int x = 0; x < *w; x++) {
                d[4 * x] = (unsigned char)(row[x] >> 16);
                d[4 * x + 1] = (unsigned char)(row[x] >> 8);
                d[4 * x + 2] = (unsigned char)row[x];
                d[4 * x + 3] = 255;
            }
        }
    }
    cairo_surface_destroy(s);
    return out;
}
