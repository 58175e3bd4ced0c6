/*
 * figure.c - the figures of a run: figure, imshow, plot, hold, title, xlabel, ylabel,
 * legend, subplot, and handle.connect(other) (figure.h; docs/figures.md).
 *
 * The model follows MATLAB, which Quasar's plotting copies: drawing goes to the current
 * axes of the current figure, which is created on first use; `figure()` opens a new
 * figure and `figure(n)` selects (or creates) figure n; `subplot(rows, cols, k)` splits
 * the current figure and selects pane k, counted from 1 row by row as in MATLAB;
 * title/xlabel/ylabel/legend apply to the current axes; `plot` replaces the axes' series
 * unless `hold("on")`, when it adds to them; `imshow` replaces the axes' content, except
 * that, as in Quasar, a hold("off") imshow after an imshow in the same figure opens a new one.
 * imshow, figure, subplot and plot return the figure's handle, an object with the field
 * `id` and a `connect` function: `h.connect(other)` records that the two windows share
 * zoom and pan (kept for the window; PNGs are unaffected).
 *
 * hold(…) returns whether the current figure's window is still open (window.c): without a
 * display it is 0, and the seeds' `repeat … until !hold("on")` loops run once and end.
 * Without --figures and with a display, imshow shows its image in the figure's window
 * (window.c) through a texture of its own; plots and grids of panes are drawn with Cairo
 * (render.c) as their PNG would be and shown in the window after each change (refresh).
 *
 * Content is recorded when figures are written (qpipe exec --figures DIR) or, without
 * DIR, when a display exists (for the windows that show Cairo's drawing): imshow then keeps
 * the image as 8-bit RGB after its display range is applied, plot copies its data. disp_figures_finish writes DIR/figureN.png for every figure and frees them.
 * The state is the process's (one program per `qpipe exec`); the display owns it.
 */
#include "display/display.h"
#include "display/figure.h"
#include "display/window.h"
#include "display/context.h"
#include "runtime/interp.h"
#include "runtime/residency.h"

#include "display/cairo_dl.h"
#include <dlfcn.h>

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct DispState {
    char *dir;                  /* --figures DIR, or NULL */
    bool live;                  /* no DIR but a display: figures drawn by Cairo go to windows */
    DispFigure *figs;
    int nfigs;
    int cur;                    /* index into figs, -1 when none */
    bool hold;
    int shown;                  /* id of the figure the last imshow drew in, 0 after a
                                 * figure()/subplot() selection: hold("off") imshow opens a
                                 * new figure rather than draw over it */
} DispState;

static DispState st = {.cur = -1};

bool disp_recording(void) { return st.dir != NULL; }

/* Whether content is kept: for the files, or for windows showing Cairo's drawing (plots,
 * grids of panes) when a display exists. */
static bool keeping(void)
{
    if (st.dir)
        return true;
    if (!st.live && disp_ctx_start())
        st.live = true;
    return st.live;
}

/* Draw figure f with Cairo into its window (a plot, a grid, a title band): after every
 * change of a figure that is shown this way. */
static void refresh(Rt *rt, DispFigure *f)
{
    if (!st.live || st.dir)
        return;
    bool one_image = f->rows * f->cols == 1 && f->axes[0].kind != DISP_AX_PLOT;
    if (one_image && !f->cairo)
        return;                 /* imshow's own texture shows it */
    char why[600];
    if (!rt_dl_load(&disp_cairo_dl, why, sizeof why))
        rt_error_unavailable(rt, "%s", why);
    int w, h;
    unsigned char *pix = disp_render_rgba(f, &w, &h);
    if (!pix)
        rt_out_of_memory(rt);
    disp_win_show_rgba(f->id, pix, w, h);
    free(pix);
    f->cairo = true;
}

/* ---------------------------------------------------------------- freeing */

static void axes_clear(DispAxes *a)
{
    free(a->pix);
    for (int i = 0; i < a->nseries; i++) {
        free(a->series[i].x);
        free(a->series[i].y);
    }
    free(a->series);
    a->pix = NULL;
    a->series = NULL;
    a->nseries = 0;
    a->kind = DISP_AX_EMPTY;
}

static void axes_free(DispAxes *a)
{
    axes_clear(a);
    free(a->title);
    free(a->xlabel);
    free(a->ylabel);
    for (int i = 0; i < a->nlegend; i++)
        free(a->legend[i]);
    free(a->legend);
}

static void figure_free_axes(DispFigure *f)
{
    for (int i = 0; i < f->rows * f->cols; i++)
        axes_free(&f->axes[i]);
    free(f->axes);
    f->axes = NULL;
}

static void free_all(void)
{
    for (int i = 0; i < st.nfigs; i++) {
        figure_free_axes(&st.figs[i]);
        free(st.figs[i].links);
    }
    free(st.figs);
    free(st.dir);
    st = (DispState){.cur = -1};
}

/* ---------------------------------------------------------------- figures */

static int find_figure(int id)
{
    for (int i = 0; i < st.nfigs; i++)
        if (st.figs[i].id == id)
            return i;
    return -1;
}

/* A new figure with id (one axes), made current. */
static int new_figure(Rt *rt, int id)
{
    DispFigure *grown = realloc(st.figs, (size_t)(st.nfigs + 1) * sizeof *grown);
    if (!grown)
        rt_out_of_memory(rt);
    st.figs = grown;
    DispAxes *axes = calloc(1, sizeof *axes);
    if (!axes)
        rt_out_of_memory(rt);
    st.figs[st.nfigs] = (DispFigure){.id = id, .rows = 1, .cols = 1, .axes = axes};
    st.cur = st.nfigs++;
    return st.cur;
}

static int next_id(void)
{
    int id = 1;
    for (int i = 0; i < st.nfigs; i++)
        if (st.figs[i].id >= id)
            id = st.figs[i].id + 1;
    return id;
}

static DispFigure *current_figure(Rt *rt)
{
    if (st.cur < 0)
        new_figure(rt, next_id());
    return &st.figs[st.cur];
}

static DispAxes *current_axes(Rt *rt)
{
    DispFigure *f = current_figure(rt);
    return &f->axes[f->cur];
}

static const RtBuiltin connect_builtin;

/* The handle of figure id into out[0]: object(id=…, connect=<function connect>). A C
 * caller that wants no result (io/'s vidplay calls imshow) passes out NULL. */
static void make_handle(Rt *rt, int id, Value *out)
{
    if (!out)
        return;
    out[0] = rt_object_new(NULL, 2);
    if (out[0].kind == V_UNDEF)
        rt_out_of_memory(rt);
    Value *f = rt_object_add_field(out[0].obj, "id");
    Value *c = f ? rt_object_add_field(out[0].obj, "connect") : NULL;
    if (!c)
        rt_out_of_memory(rt);
    *f = rt_int(id);
    *c = (Value){.kind = V_BUILTIN, .b = &connect_builtin};
}

/* The figure id of a handle (or a plain number). */
static int handle_id(Rt *rt, Value v, const char *what)
{
    if (v.kind == V_OBJECT) {
        Value *f = rt_object_field(v.obj, "id");
        if (f && f->kind == V_INT)
            return (int)f->i;
        rt_error(rt, "%s: expected a figure handle", what);
    }
    int64_t id = rt_to_int(rt, v, what);
    if (id < 1 || id > 1000000)
        rt_error(rt, "%s: figure numbers start at 1, not %lld", what, (long long)id);
    return (int)id;
}

/* figure() opens a new figure; figure(n) or figure(handle) selects or creates n. */
void disp_fig_figure(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    int id = argc ? handle_id(rt, argv[0], "figure") : next_id();
    int i = find_figure(id);
    st.cur = i >= 0 ? i : new_figure(rt, id);
    st.shown = 0;
    make_handle(rt, id, out);
}

/* h.connect(other): a method (RT_LIB_METHOD), so argv[0] is the handle h. */
static void fig_connect(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout, (void)out;
    int a = handle_id(rt, argv[0], "connect"), b = handle_id(rt, argv[1], "connect");
    int i = find_figure(a);
    if (i < 0 || find_figure(b) < 0)
        rt_error(rt, "connect: figure %d does not exist", i < 0 ? a : b);
    DispFigure *f = &st.figs[i];
    int *grown = realloc(f->links, (size_t)(f->nlinks + 1) * sizeof *grown);
    if (!grown)
        rt_out_of_memory(rt);
    f->links = grown;
    f->links[f->nlinks++] = b;
    if (!disp_recording())
        disp_win_link(a, b);
}

static const RtBuiltin connect_builtin = {"connect", 2, 2, 0, RT_LIB_METHOD, fig_connect, "(other)"};

/* hold("on" | "off"): whether the current figure's window is open (events are handled
 * first, so a window closed by the user reads 0); 0 without a window (see the banner). */
void disp_fig_hold(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    const char *s = rt_to_cstr(rt, argv[0], "hold: the state");
    if (strcmp(s, "on") && strcmp(s, "off"))
        rt_error(rt, "hold: expected \"on\" or \"off\", not '%s'", s);
    st.hold = !strcmp(s, "on");
    disp_win_pump();
    out[0] = rt_int(st.cur >= 0 && disp_win_is_open(st.figs[st.cur].id));
}

/* subplot(rows, cols, k) or subplot(RCK): split the current figure, select pane k (1-based). */
void disp_fig_subplot(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    int64_t r, c, k;
    if (argc == 1) {
        int64_t rck = rt_to_int(rt, argv[0], "subplot");
        r = rck / 100, c = rck / 10 % 10, k = rck % 10;
    } else if (argc == 3) {
        r = rt_to_int(rt, argv[0], "subplot: rows");
        c = rt_to_int(rt, argv[1], "subplot: columns");
        k = rt_to_int(rt, argv[2], "subplot: the pane");
    } else {
        rt_error(rt, "subplot: expected (rows, cols, k) or (RCK)");
    }
    if (r < 1 || c < 1 || r * c > 256)
        rt_error(rt, "subplot: a grid of %lld x %lld panes is not possible", (long long)r, (long long)c);
    if (k < 1 || k > r * c)
        rt_error(rt, "subplot: pane %lld is not in a %lld x %lld grid (panes count from 1)", (long long)k,
                 (long long)r, (long long)c);
    DispFigure *f = current_figure(rt);
    if (f->rows != r || f->cols != c) {
        DispAxes *axes = calloc((size_t)(r * c), sizeof *axes);
        if (!axes)
            rt_out_of_memory(rt);
        figure_free_axes(f);
        f->axes = axes;
        f->rows = (int)r;
        f->cols = (int)c;
    }
    f->cur = (int)(k - 1);
    st.shown = 0;
    make_handle(rt, f->id, out);
}

/* ---------------------------------------------------------------- text */

static void set_text(Rt *rt, char **slot, Value v, const char *fn)
{
    char *copy = strdup(rt_to_cstr(rt, v, fn));
    if (!copy)
        rt_out_of_memory(rt);
    free(*slot);
    *slot = copy;
}

void disp_fig_title(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout, (void)out;
    set_text(rt, &current_axes(rt)->title, argv[0], "title: the text");
    if (!disp_recording())
        disp_win_title(current_figure(rt)->id, current_axes(rt)->title);
    refresh(rt, current_figure(rt));
}

void disp_fig_xlabel(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout, (void)out;
    set_text(rt, &current_axes(rt)->xlabel, argv[0], "xlabel: the text");
    refresh(rt, current_figure(rt));
}

void disp_fig_ylabel(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout, (void)out;
    set_text(rt, &current_axes(rt)->ylabel, argv[0], "ylabel: the text");
    refresh(rt, current_figure(rt));
}

/* legend("a", "b", …) or legend({"a", "b"}): labels of the series, in plot order. */
void disp_fig_legend(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout, (void)out;
    const Value *items = argv;
    int n = argc;
    if (argc == 1 && argv[0].kind == V_ARRAY && argv[0].a->elem == RT_VALUE) {
        items = argv[0].a->data;
        n = (int)argv[0].a->n;
    }
    for (int i = 0; i < n; i++)
        rt_to_cstr(rt, items[i], "legend: each label");
    DispAxes *a = current_axes(rt);
    char **labels = calloc((size_t)(n ? n : 1), sizeof *labels);
    if (!labels)
        rt_out_of_memory(rt);
    for (int i = 0; i < n; i++)
        if (!(labels[i] = strdup(items[i].s->text))) {
            for (int j = 0; j < i; j++)
                free(labels[j]);
            free(labels);
            rt_out_of_memory(rt);
        }
    for (int i = 0; i < a->nlegend; i++)
        free(a->legend[i]);
    free(a->legend);
    a->legend = labels;
    a->nlegend = n;
    refresh(rt, current_figure(rt));
}

/* ---------------------------------------------------------------- imshow */

/* The display range of imshow(x[, range]): 0..255, [lo, hi], or [] for min..max. */
static void display_range(Rt *rt, const RtArray *a, int argc, Value *argv, double *lo, double *hi)
{
    *lo = 0, *hi = 255;
    if (argc < 2)
        return;
    Value r = argv[1];
    if (!rt_values_host(&r, 1, false) || (r.kind == V_ARRAY && r.a->n == 0 && !rt_buf_host(a->buf, false)))
        rt_error(rt, "imshow: an argument could not be copied back from the GPU");
    if (r.kind != V_ARRAY || r.a->elem == RT_VALUE || rt_elem_is_complex(r.a->elem) || (r.a->n != 0 && r.a->n != 2))
        rt_error(rt, "imshow: the display range must be [lo, hi] or []");
    if (r.a->n == 2) {
        *lo = rt_get_real(r.a, 0), *hi = rt_get_real(r.a, 1);
        return;
    }
    *lo = INFINITY, *hi = -INFINITY;
    for (int64_t i = 0; i < a->n; i++) {
        double v = rt_get_real(a, i);
        if (v < *lo)
            *lo = v;
        if (v > *hi)
            *hi = v;
    }
}

static unsigned char to_byte(double v, double lo, double hi)
{
    double t = hi > lo ? (v - lo) / (hi - lo) * 255.0 : (v >= hi ? 255.0 : 0.0);
    if (!(t > 0))
        return 0;
    return t >= 255 ? 255 : (unsigned char)floor(t + 0.5);
}

/* The image as 8-bit RGB (gray repeated; a fourth channel, alpha, is ignored). */
static unsigned char *image_rgb(const RtArray *a, double lo, double hi, int *w, int *h)
{
    int64_t rows = a->rank == 1 ? 1 : a->dims[0], cols = a->rank == 1 ? a->dims[0] : a->dims[1];
    int64_t ch = a->rank == 3 ? a->dims[2] : 1;
    size_t bytes = (size_t)(rows * cols) * 3;
    unsigned char *p = malloc(bytes ? bytes : 1);
    if (!p)
        return NULL;
    for (int64_t i = 0; i < rows * cols; i++)
        for (int c = 0; c < 3; c++)
            p[i * 3 + c] = to_byte(rt_get_real(a, i * ch + (ch >= 3 ? c : 0)), lo, hi);
    *w = (int)cols, *h = (int)rows;
    return p;
}

/* imshow(x[, range]): x a real matrix, or a cube of 1, 3 or 4 channels; the handle. */
void disp_fig_imshow(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    const RtArray *a = argv[0].kind == V_ARRAY ? argv[0].a : NULL;
    if (!a || !rt_elem_is_numeric(a->elem) || rt_elem_is_complex(a->elem))
        rt_error(rt, "imshow: expected a real image (a matrix, or a cube of 1, 3 or 4 channels)");
    if (a->rank > 3 || (a->rank == 3 && a->dims[2] != 1 && a->dims[2] != 3 && a->dims[2] != 4))
        rt_error(rt, "imshow: an image of %d dimensions and %lld channels cannot be shown", a->rank,
                 (long long)(a->rank == 3 ? a->dims[2] : 1));
    if (a->n > (int64_t)1 << 28)
        rt_error(rt, "imshow: an image of %lld elements is too large to show", (long long)a->n);
    double lo, hi;
    display_range(rt, a, argc, argv, &lo, &hi);
    /* Quasar: imshow shows its image in a new window, unless hold("on") (then it updates
     * the current one, as a video loop does) or figure()/subplot() selected where to draw
     * since the last imshow. */
    if (!st.hold && st.cur >= 0 && st.shown == st.figs[st.cur].id && st.figs[st.cur].rows * st.figs[st.cur].cols == 1)
        new_figure(rt, next_id());
    DispFigure *f = current_figure(rt);
    st.shown = f->id;
    make_handle(rt, f->id, out);
    if (!disp_recording()) {
        if (f->rows * f->cols == 1) {           /* the window's own texture, paced */
            f->cairo = false;
            if (!disp_win_imshow(rt->pool, f->id, a, lo, hi, rt->opt.engine, rt->opt.verbose))
                disp_warn_no_display(rt, "imshow");
            return;
        }
        if (!keeping()) {                       /* a pane of a grid: drawn by Cairo */
            disp_warn_no_display(rt, "imshow");
            return;
        }
    }
    if (!rt_buf_host(a->buf, false))
        rt_error(rt, "imshow: the image could not be copied back from the GPU");
    int w, h;
    unsigned char *pix = image_rgb(a, lo, hi, &w, &h);
    if (!pix)
        rt_out_of_memory(rt);
    DispAxes *ax = &f->axes[f->cur];
    axes_clear(ax);
    ax->kind = DISP_AX_IMAGE;
    ax->pix = pix;
    ax->w = w, ax->h = h;
    refresh(rt, f);
}

/* ---------------------------------------------------------------- plot */

/* MATLAB's default line colours, used in turn when a series names none. */
static const double palette[7][3] = {
    {0.000, 0.447, 0.741}, {0.850, 0.325, 0.098}, {0.929, 0.694, 0.125}, {0.494, 0.184, 0.556},
    {0.466, 0.674, 0.188}, {0.301, 0.745, 0.933}, {0.635, 0.078, 0.184},
};

/* A style string: colour letter (r g b c m y k w) and line style (- -- : -.). */
static bool parse_style(const char *s, DispSeries *sr)
{
    static const char letters[] = "rgbcmykw";
    static const double rgb[8][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 1, 1},
                                     {1, 0, 1}, {1, 1, 0}, {0, 0, 0}, {1, 1, 1}};
    for (const char *p = s; *p; p++) {
        const char *l = strchr(letters, *p);
        if (l) {
            memcpy(sr->rgb, rgb[l - letters], sizeof sr->rgb);
        } else if (!strncmp(p, "--", 2)) {
            sr->dash = 1, p++;
        } else if (!strncmp(p, "-.", 2)) {
            sr->dash = 3, p++;
        } else if (*p == ':') {
            sr->dash = 2;
        } else if (*p != '-') {
            return false;
        }
    }
    return true;
}

static bool is_data(Value v)
{
    return v.kind == V_INT || v.kind == V_SCALAR ||
           (v.kind == V_ARRAY && v.a->elem != RT_VALUE && !rt_elem_is_complex(v.a->elem));
}

static int64_t data_count(Value v) { return v.kind == V_ARRAY ? v.a->n : 1; }

static double data_at(Value v, int64_t i)
{
    return v.kind == V_ARRAY ? rt_get_real(v.a, i) : v.kind == V_INT ? (double)v.i : v.r;
}

/* Check the arguments: (y), (x, y), each optionally followed by a style, repeated. Counts
 * the series. */
static int count_series(Rt *rt, int argc, Value *argv)
{
    int n = 0;
    for (int i = 0; i < argc; n++) {
        if (!is_data(argv[i]))
            rt_error(rt, "plot: argument %d must be real numbers (plot(y), plot(x, y[, style]))", i + 1);
        int64_t len = data_count(argv[i]);
        if (i + 1 < argc && is_data(argv[i + 1])) {
            if (data_count(argv[i + 1]) != len)
                rt_error(rt, "plot: x has %lld values and y %lld", (long long)len,
                         (long long)data_count(argv[i + 1]));
            i++;
        }
        i++;
        if (i < argc && argv[i].kind == V_STRING) {
            DispSeries probe = {0};
            if (!parse_style(argv[i].s->text, &probe))
                rt_error(rt, "plot: unknown line style '%s' (colours rgbcmykw, styles - -- : -.)",
                         argv[i].s->text);
            i++;
        }
    }
    return n;
}

/* Copy series from the arguments into a (already checked). */
static void add_series(Rt *rt, DispAxes *a, int argc, Value *argv, int n)
{
    DispSeries *grown = realloc(a->series, (size_t)(a->nseries + n) * sizeof *grown);
    if (!grown)
        rt_out_of_memory(rt);
    a->series = grown;
    for (int i = 0; i < argc;) {
        Value xv = argv[i], yv = argv[i];
        bool has_x = i + 1 < argc && is_data(argv[i + 1]);
        if (has_x)
            yv = argv[++i];
        i++;
        DispSeries *s = &a->series[a->nseries];
        *s = (DispSeries){.n = data_count(yv)};
        memcpy(s->rgb, palette[a->nseries % 7], sizeof s->rgb);
        if (i < argc && argv[i].kind == V_STRING)
            parse_style(argv[i++].s->text, s);
        s->x = malloc((size_t)(s->n ? s->n : 1) * sizeof *s->x);
        s->y = malloc((size_t)(s->n ? s->n : 1) * sizeof *s->y);
        if (!s->x || !s->y) {
            free(s->x);
            free(s->y);
            rt_out_of_memory(rt);
        }
        for (int64_t k = 0; k < s->n; k++) {
            s->x[k] = has_x ? data_at(xv, k) : (double)k;
            s->y[k] = data_at(yv, k);
        }
        a->nseries++;
    }
}

/* plot(y), plot(x, y), plot(x, y, style), plot(x1, y1, x2, y2, …): the handle. Without
 * hold("on") the axes' earlier series are replaced. x defaults to 0, 1, … (zero-based,
 * as Quasar indexes). */
void disp_fig_plot(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    int n = count_series(rt, argc, argv);
    DispFigure *f = current_figure(rt);
    make_handle(rt, f->id, out);
    if (!keeping()) {
        disp_warn_no_display(rt, "plot");
        return;
    }
    DispAxes *a = &f->axes[f->cur];
    if (a->kind != DISP_AX_PLOT || !st.hold)
        axes_clear(a);
    a->kind = DISP_AX_PLOT;
    add_series(rt, a, argc, argv, n);
    refresh(rt, f);
}

/* ---------------------------------------------------------------- output */

int disp_figures_begin(const char *dir)
{
    free_all();
    if (!dir)
        return 0;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return -1;
    st.dir = strdup(dir);
    return st.dir ? 0 : -1;
}

/* Cairo and fontconfig (which Cairo's text loads) keep fonts and patterns cached for the
 * process: release both, in the order Cairo's own tests use, so that a leak check at exit
 * sees only qpipe's memory. fontconfig is a dependency of Cairo, which is opened on first
 * use with RTLD_LOCAL (cairo_dl.h): FcFini is looked up in fontconfig itself, when Cairo
 * loaded it (RTLD_NOLOAD); either initialises again on next use. */
static void release_font_caches(void)
{
    if (!rt_dl_loaded(&disp_cairo_dl))     /* never loaded: nothing to release */
        return;
    cairo_debug_reset_static_data();
    void *fc = dlopen("libfontconfig.so.1", RTLD_LAZY | RTLD_LOCAL | RTLD_NOLOAD);
    void (*fc_fini)(void) = fc ? (void (*)(void))dlsym(fc, "FcFini") : NULL;
    if (fc_fini)
        fc_fini();
    if (fc)
        dlclose(fc);                        /* the reference NOLOAD took */
}

int disp_figures_finish(char *err, size_t errlen)
{
    int rc = 0;
    for (int i = 0; st.dir && i < st.nfigs && rc == 0; i++) {
        size_t len = strlen(st.dir) + 32;
        char *path = malloc(len);
        if (!path) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        snprintf(path, len, "%s/figure%d.png", st.dir, st.figs[i].id);
        char why[256];
        if (disp_render_png(&st.figs[i], path, why, sizeof why)) {
            snprintf(err, errlen, "%s: %s", path, why);
            rc = rt_dl_failed(&disp_cairo_dl) ? RT_EX_UNAVAILABLE : -1;
        }
        free(path);
    }
    free_all();
    release_font_caches();
    return rc;
}
