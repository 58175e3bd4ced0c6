/*
 * cmd_preview.c - `qpipe preview FILTER.q IN`: play IN through the filter in a window and
 * reload the filter whenever its file (or a module it imports) is saved (docs/preview.md).
 *
 * The main thread runs the loop: take frame n from the source (preview_source.c, which
 * decodes ahead on its own thread), run the filter and any --compare filters on it (the
 * interpreter is single-threaded: only this thread runs Quasar code), hand input and outputs
 * to the player window (display/player.h), then wait for the frame's deadline while handling
 * the user's keys. Playing, frame n + 1 is due one period after frame n was shown (deadlines,
 * so filter time is absorbed when it is shorter than a period; a slower filter plays as fast
 * as it can; no frame is ever skipped). Paused, nothing moves until asked.
 *
 * Hot reload: a saved file is reloaded into a new runtime on the same host (runtime/rt.h
 * RtHost: the pool and the JIT's kernels are the process's); on success the new filter takes
 * the old one's place with the --set and live values, and the current frame is filtered again
 * at once, keeping the position and the pause state. A load or run-time error is printed on
 * stderr and shown over the picture, and the last good filter stays.
 *
 * Exit codes: 0 when the user quits, 64 usage, 65 the filter fails to load at start or the
 * input is not media, 66 a file is missing, 69 no display.
 */
#include "display/display.h"
#include "display/player.h"
#include "io/io.h"
#include "qpipe/preview.h"
#include "qpipe/run.h"
#include "runtime/rt.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_COMPARE 8
#define MAX_CHAIN 16
#define MAX_SETS 64

typedef struct Set {
    const char *name;
    char *value;                /* owned */
} Set;

/* One filter of the preview and the stream its diagnostics go to (read back after each
 * call, so that errors reach both stderr and the window). */
typedef struct Diag {
    FILE *f;                    /* an open_memstream: it writes buf and len where they are, */
    char *buf;                  /* so a Diag never moves (allocated on its own) */
    size_t len, read;
} Diag;

typedef struct Slot {
    const char *path;
    const char *settings;       /* -f's "k=v, …" of this item, or NULL */
    RtFilter *f;
    Diag *diag;
    Value out;                  /* the last good output for the current frame */
    double ms;                  /* its time */
    /* a windowed filter's (temporal_radius R) inputs of frames pos-R..pos, in any order:
     * preview's window is causal (docs/filters.md "A window of frames") */
    Value hist[RT_FILTER_MAX_RADIUS + 1];
    int64_t hidx[RT_FILTER_MAX_RADIUS + 1];
    int nh;
} Slot;

typedef struct Preview {
    RtHost *host;
    RtOptions opt;
    const char *in;
    Slot slot[MAX_CHAIN + MAX_COMPARE];    /* the filter (or -f's chain, in order), then --compare */
    int nslots, nmain;                      /* all of them; the filter's (or chain's) */
    Set sets[MAX_SETS];
    int nsets;
    int param;                  /* the parameter the live keys change */
    PvSource *src;
    PvInfo info;
    DispPlayer *player;
    PvWatch *watch;
    Value frame;
    int64_t pos;
    bool paused, no_pace, exit_at_end;
    char error[1024];           /* shown over the picture; "" when none */
    char note[256];             /* a passing message in the status line (saved …) */
    int64_t shown;              /* frames shown, for --exit-at-end's figure */
    double disp_fps, fps_t0;
    int fps_frames;
    /* seconds spent per stage, for --exit-at-end's breakdown: waiting for the decoded frame,
     * filtering, converting and uploading the pictures, drawing and presenting */
    double t_get, t_filter, t_upload, t_draw;
} Preview;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void usage(FILE *out)
{
    fputs("usage: qpipe preview FILTER.q IN [--set name=value]... [OPTIONS]\n"
          "       qpipe preview -f CHAIN IN [--set name=value]... [OPTIONS]\n"
          "\n"
          "Plays IN (a video, an image, a folder of images, or cam:0) through the filter in a\n"
          "window, input and output side by side, and reloads the filter when its file or a\n"
          "module it imports is saved (docs/preview.md).\n"
          "\n"
          "options:\n"
          "  --set name=value     a parameter of process (repeatable; in a chain, of every\n"
          "                       filter that has it)\n"
          "  -f CHAIN             filters in turn, as for qpipe run: \"denoise(sigma=10), sharpen\"\n"
          "  --compare OTHER.q    another filter to compare with (keys 1, 2, ...; repeatable)\n"
          "  --paused             start paused\n"
          "  --start N            start at frame N (from 0)\n"
          "  --no-pace            play as fast as possible, not at the clip's rate\n"
          "  --exit-at-end        quit after the last frame, printing the frames per second\n"
          "  --engine cpu|cuda|auto  where kernels run (default auto: CUDA when a device answers)\n"
          "  --gpu N               the CUDA device to run on (default 0)\n"
          "  --double --threads N as for qpipe exec\n"
          "  -v                   say the engine, the kernels compiled, and how frames reach\n"
          "                       the window (on the device through CUDA–GL interop, or why not)\n"
          "\n"
          "keys: space pause, left/right step, shift+left/right -/+1 s, Home/End, click the\n"
          "timeline to seek, w wipe, a input, b output, 1-9 which output, +/-/wheel zoom, drag\n"
          "pans, 0 fit, [ ] choose a parameter, , . change it, s save the output as PNG, q quit\n",
          out);
}

static int bad_usage(const char *msg, const char *arg)
{
    fprintf(stderr, "qpipe preview: ");
    fprintf(stderr, msg, arg);
    fprintf(stderr, " (qpipe preview --help)\n");
    return 64;
}

/* ---------------------------------------------------------------- filters */

/* New diagnostics of s since the last call, or NULL (valid until the next call). */
static const char *new_diag(Slot *s)
{
    Diag *d = s->diag;
    if (!d)
        return NULL;
    fflush(d->f);
    if (d->len <= d->read)
        return NULL;
    const char *text = d->buf + d->read;
    d->read = d->len;
    fputs(text, stderr);
    return text;
}

static void slot_forget(Slot *s)
{
    for (int i = 0; i < s->nh; i++)
        rt_release(s->hist[i]);
    s->nh = 0;
}

static void slot_drop(Slot *s)
{
    slot_forget(s);
    rt_filter_free(s->f);
    if (s->diag) {
        fclose(s->diag->f);
        free(s->diag->buf);
        free(s->diag);
    }
    s->f = NULL, s->diag = NULL;
}

/* Apply the --set values that name a parameter of f (all of them for the main filter, where
 * an unknown name is an error). 0 or 64. */
static int apply_sets(Preview *p, RtFilter *f, bool strict)
{
    for (int i = 0; i < p->nsets; i++) {
        bool has = false;
        for (int k = 0; k < rt_filter_nparams(f); k++)
            has |= !strcmp(rt_filter_param(f, k)->name, p->sets[i].name);
        if (!has && !strict)
            continue;
        char err[512];
        if (rt_filter_set(f, p->sets[i].name, p->sets[i].value, err, sizeof err)) {
            fprintf(stderr, "qpipe preview: %s\n", err);
            rt_filter_help(f, stderr);
            return 64;
        }
    }
    return 0;
}

/* Load s->path into a fresh slot; on success it replaces *s. An exit code; the error text
 * (also printed) into p->error. */
static int load(Preview *p, Slot *s, bool strict)
{
    Slot n = {.path = s->path, .settings = s->settings, .out = rt_undef()};
    n.diag = calloc(1, sizeof *n.diag);
    if (!n.diag || !(n.diag->f = open_memstream(&n.diag->buf, &n.diag->len))) {
        free(n.diag);
        return 70;
    }
    int rc = 0;
    n.f = rt_filter_load(p->host, &p->opt, s->path, stderr, n.diag->f, &rc);
    const char *msg = new_diag(&n);
    char err[512];
    if (!rc && run_chain_settings(n.f, s->settings, err, sizeof err)) {
        fprintf(stderr, "qpipe preview: %s\n", err);
        rt_filter_help(n.f, stderr);
        rc = 64;
    }
    if (!rc && (rc = apply_sets(p, n.f, strict && p->nmain == 1 && s == &p->slot[0])) == 0) {
        RtFilterInfo info = {p->info.width, p->info.height, p->info.fps, p->info.count};
        rc = rt_filter_init(n.f, &info);
        msg = new_diag(&n);
    }
    if (rc) {
        snprintf(p->error, sizeof p->error, "%s", msg ? msg : "the filter failed to load");
        slot_drop(&n);
        return rc;
    }
    n.out = s->out;
    n.ms = s->ms;
    slot_drop(s);
    *s = n;
    return 0;
}

static void watch_files(Preview *p)
{
    pv_watch_clear(p->watch);
    for (int i = 0; i < p->nslots; i++) {
        const char *f;
        for (int k = 0; p->slot[i].f && (f = rt_filter_file(p->slot[i].f, k)); k++)
            pv_watch_add(p->watch, f);
        if (!p->slot[i].f)
            pv_watch_add(p->watch, p->slot[i].path);
    }
}

/* The window of frame n for the slot's filter, from its inputs (`in` is frame n's, borrowed):
 * preview has no frames after n (it shows n now), so the window is causal: n-R..n, then n
 * repeated for n+1..n+R; a frame before n not seen since the last seek (or the first frame)
 * is the nearest later one seen. win[] is borrowed from the slot. */
static void slot_window(Slot *s, Value in, int64_t n, int r, Value *win)
{
    int k = 0;
    for (int i = 0; i < s->nh; i++) {
        if (s->hidx[i] > n - r && s->hidx[i] < n) {
            s->hist[k] = s->hist[i];
            s->hidx[k++] = s->hidx[i];
        } else
            rt_release(s->hist[i]);
    }
    rt_retain(in);
    s->hist[k] = in;
    s->hidx[k++] = n;
    s->nh = k;
    for (int j = -r; j <= r; j++) {
        int64_t want = j < 0 ? n + j : n;
        int best = -1;
        for (int i = 0; i < s->nh; i++)
            if (s->hidx[i] >= want && (best < 0 || s->hidx[i] < s->hidx[best]))
                best = i;
        win[j + r] = s->hist[best];
    }
}

/* Run every filter on the current frame; an error is shown and the slot keeps its last
 * good output. */
static void filter_frame(Preview *p)
{
    for (int i = 0; i < p->nslots; i++) {
        Slot *s = &p->slot[i];
        if (!s->f)
            continue;
        Value in = i > 0 && i < p->nmain ? p->slot[i - 1].out : p->frame;   /* a chain's items in turn */
        if (in.kind != V_ARRAY)
            continue;
        Value out = rt_undef();
        double t0 = now();
        int r = rt_filter_radius(s->f), rc;
        if (r) {
            Value win[2 * RT_FILTER_MAX_RADIUS + 1];
            slot_window(s, in, p->pos, r, win);
            rc = rt_filter_process_window(s->f, win, &out);
        } else
            rc = rt_filter_process(s->f, in, &out);
        s->ms = (now() - t0) * 1000;
        const char *msg = new_diag(s);
        if (rc) {
            if (i < p->nmain || !*p->error)
                snprintf(p->error, sizeof p->error, "%s", msg ? msg : "the filter failed");
            continue;
        }
        rt_release(s->out);
        s->out = out;
    }
}

/* ---------------------------------------------------------------- parameters */

static const char *param_value(const Preview *p, const RtFilterParam *prm)
{
    for (int i = p->nsets - 1; i >= 0; i--)
        if (!strcmp(p->sets[i].name, prm->name))
            return p->sets[i].value;
    return prm->default_text;
}

/* The parameters of the filter (of every item of a chain, in order): how many, and the k-th
 * with the filter that has it. */
static int nparams(const Preview *p)
{
    int n = 0;
    for (int i = 0; i < p->nmain; i++)
        n += p->slot[i].f ? rt_filter_nparams(p->slot[i].f) : 0;
    return n;
}

static const RtFilterParam *param_at(const Preview *p, int k, RtFilter **owner)
{
    for (int i = 0; i < p->nmain; i++) {
        int n = p->slot[i].f ? rt_filter_nparams(p->slot[i].f) : 0;
        if (k < n) {
            *owner = p->slot[i].f;
            return rt_filter_param(p->slot[i].f, k);
        }
        k -= n;
    }
    return NULL;
}

/* ,/.: the selected parameter by one step (a tenth of its default, or 1 for integers and a
 * default of 0). */
static void change_param(Preview *p, int dir)
{
    int n = nparams(p);
    RtFilter *f = NULL;
    const RtFilterParam *prm = n ? param_at(p, p->param % n, &f) : NULL;
    if (!prm || prm->kind == RT_PARAM_STRING)
        return;
    char *end;
    double def = strtod(prm->default_text, &end), cur = strtod(param_value(p, prm), &end);
    bool is_int = prm->kind == RT_PARAM_INT;
    double step = is_int ? fmax(1, round(fabs(def) / 10)) : (def != 0 ? fabs(def) / 10 : 0.1);
    char text[64];
    if (is_int)
        snprintf(text, sizeof text, "%lld", (long long)llround(cur + dir * step));
    else
        snprintf(text, sizeof text, "%.6g", cur + dir * step);
    char err[256];
    if (rt_filter_set(f, prm->name, text, err, sizeof err)) {
        snprintf(p->note, sizeof p->note, "%s", err);
        return;
    }
    int i = 0;
    while (i < p->nsets && strcmp(p->sets[i].name, prm->name))
        i++;
    if (i == p->nsets) {
        if (p->nsets == MAX_SETS)
            return;
        p->sets[p->nsets++] = (Set){strdup(prm->name), NULL};     /* outlives the filter */
    }
    free(p->sets[i].value);
    p->sets[i].value = strdup(text);
    for (int k = 0; k < p->nslots; k++)    /* the chain's and --compare's with the same name */
        if (p->slot[k].f && p->slot[k].f != f)
            for (int j = 0; j < rt_filter_nparams(p->slot[k].f); j++)
                if (!strcmp(rt_filter_param(p->slot[k].f, j)->name, prm->name))
                    rt_filter_set(p->slot[k].f, prm->name, text, err, sizeof err);
}

/* ---------------------------------------------------------------- the window's text */

/* The slot behind the player's output k: 1 the filter (the last item of a chain), 2… the
 * --compare filters. */
static Slot *output(Preview *p, int k)
{
    int i = k <= 1 ? p->nmain - 1 : p->nmain + k - 2;
    return &p->slot[i < p->nslots ? i : p->nmain - 1];
}

static void show(Preview *p)
{
    double t0 = now();
    disp_player_set(p->player, 0, p->frame);
    for (int k = 1; k <= p->nslots - p->nmain + 1; k++)
        disp_player_set(p->player, k, output(p, k)->out);
    double t1 = now();
    p->t_upload += t1 - t0;
    char overlay[256], status[512] = "";
    double t = p->info.fps > 0 ? p->pos / p->info.fps : 0;
    int k = disp_player_output_slot(p->player);
    double ms = 0;
    for (int i = 0; k == 1 && i < p->nmain; i++)
        ms += p->slot[i].ms;
    if (k > 1)
        ms = output(p, k)->ms;
    if (p->info.count > 0)
        snprintf(overlay, sizeof overlay, "frame %lld/%lld  %.2f s  filter %.1f ms  %.1f fps%s",
                 (long long)p->pos, (long long)p->info.count, t, ms, p->disp_fps, p->paused ? "  paused" : "");
    else
        snprintf(overlay, sizeof overlay, "frame %lld  %.2f s  filter %.1f ms  %.1f fps%s", (long long)p->pos, t,
                 ms, p->disp_fps, p->paused ? "  paused" : "");
    size_t len = 0;
    for (int i = 0, n = nparams(p); i < n; i++) {
        RtFilter *owner;
        const RtFilterParam *prm = param_at(p, i, &owner);
        bool sel = i == p->param % n;
        len += (size_t)snprintf(status + len, sizeof status - len, "%s%s%s=%s%s", i ? " " : "", sel ? "[" : "",
                                prm->name, param_value(p, prm), sel ? "]" : "");
        if (len >= sizeof status)
            break;
    }
    if (*p->note && len < sizeof status)
        snprintf(status + len, sizeof status - len, "%s%s", len ? "   " : "", p->note);
    disp_player_set_text(p->player, overlay, status);
    disp_player_set_error(p->player, *p->error ? p->error : NULL);
    disp_player_set_position(p->player, p->pos, p->info.count);
    disp_player_draw(p->player);
    p->shown++;
    p->fps_frames++;
    double n = now();
    p->t_draw += n - t1;
    if (n - p->fps_t0 >= 0.5) {
        p->disp_fps = p->fps_frames / (n - p->fps_t0);
        p->fps_t0 = n, p->fps_frames = 0;
    }
}

/* s: the shown output as IN's name without its extension + _frameN.png, beside IN. */
static void save(Preview *p)
{
    Value out = output(p, disp_player_output_slot(p->player))->out;
    if (out.kind != V_ARRAY)
        return;
    size_t len = strlen(p->in) + 64;
    char *path = malloc(len), *tmp = malloc(len + 16);
    if (!path || !tmp) {
        free(path);
        free(tmp);
        return;
    }
    snprintf(path, len, "%s", p->in);
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/')
        path[--n] = '\0';
    char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
    if (dot && (!slash || dot > slash + 1))
        *dot = '\0';
    snprintf(path + strlen(path), len - strlen(path), "_frame%lld.png", (long long)p->pos);
    snprintf(tmp, len + 16, "%s.part.png", path);
    char err[512];
    IoImageWrite w = {.bits = 8};
    if (io_image_write(tmp, out.a, &w, err, sizeof err) != 0 || rename(tmp, path) != 0) {
        unlink(tmp);
        fprintf(stderr, "qpipe preview: cannot save %s: %s\n", path, err);
        snprintf(p->note, sizeof p->note, "cannot save %s", path);
    } else {
        fprintf(stderr, "qpipe preview: saved %s\n", path);
        snprintf(p->note, sizeof p->note, "saved %s", path);
    }
    free(path);
    free(tmp);
}

/* ---------------------------------------------------------------- the loop */

/* Make frame n current (filtered and shown). 1, 0 past the end, -1 on error. */
static int go_to(Preview *p, int64_t n)
{
    Value v = rt_undef();
    char err[512];
    double t0 = now();
    int rc = pv_source_get(p->src, n, &v, err, sizeof err);
    double t1 = now();
    p->t_get += t1 - t0;
    if (rc < 0) {
        fprintf(stderr, "qpipe preview: %s\n", err);
        return -1;
    }
    if (rc == 0) {
        if (n > 0 && (p->info.count < 0 || p->info.count > n))
            p->info.count = n;         /* the end was found early */
        return 0;
    }
    rt_release(p->frame);
    p->frame = v;
    p->pos = n;
    filter_frame(p);
    p->t_filter += now() - t1;
    show(p);
    return 1;
}

static void reload(Preview *p)
{
    p->error[0] = '\0';
    bool ok = true;
    for (int i = 0; i < p->nslots; i++)
        if (load(p, &p->slot[i], false) != 0)
            ok = false;
    if (ok) {
        p->error[0] = '\0';
        filter_frame(p);
        fprintf(stderr, "qpipe preview: reloaded %s\n", p->slot[0].path);
    }
    watch_files(p);
    show(p);
}

/* Handle one action. 1 to go on, 0 to quit, -1 on an error. */
static int act(Preview *p, const DispAction *a)
{
    int64_t last = p->info.count > 0 ? p->info.count - 1 : -1;
    int64_t step = p->info.fps > 0 ? (int64_t)llround(p->info.fps) : 1;
    int64_t to = -1;
    p->note[0] = '\0';
    switch (a->kind) {
    case DISP_ACT_QUIT: return 0;
    case DISP_ACT_PAUSE: p->paused = !p->paused; show(p); return 1;
    case DISP_ACT_STEP: p->paused = true; to = p->pos + a->n; break;
    case DISP_ACT_SEEK_BY: to = p->pos + a->n * step; break;
    case DISP_ACT_SEEK_TO: to = a->n >= 0 ? a->n : last; break;
    case DISP_ACT_SAVE: save(p); show(p); return 1;
    case DISP_ACT_PARAM_SELECT:
        if (nparams(p))
            p->param = (p->param + (int)a->n + nparams(p)) % nparams(p);
        show(p);
        return 1;
    case DISP_ACT_PARAM_CHANGE:
        change_param(p, (int)a->n);
        filter_frame(p);
        show(p);
        return 1;
    case DISP_ACT_NONE: return 1;
    }
    if (to < 0)
        to = 0;
    if (last >= 0 && to > last)
        to = last;
    if (to == p->pos)
        return 1;
    int rc = go_to(p, to);
    if (rc == 0) {                      /* past the real end: show the last frame */
        p->paused = true;
        rc = p->info.count > 0 ? go_to(p, p->info.count - 1) : 1;
        if (rc == 0)
            rc = 1;
    }
    return rc;
}

static int play(Preview *p)
{
    double period = p->info.fps > 0 ? 1 / p->info.fps : 0;
    double due = now() + period;
    int rc = go_to(p, p->pos);
    if (rc <= 0)
        return rc < 0 ? 65 : 0;
    double t_start = now();
    for (;;) {
        if (pv_watch_changed(p->watch))
            reload(p);
        bool playing = !p->paused && period > 0;
        double wait = playing ? (p->no_pace ? 0 : due - now()) : 0.05;
        DispAction a;
        if (disp_player_poll(p->player, wait > 0 ? wait : 0, &a)) {
            int r = act(p, &a);
            if (r <= 0)
                return r < 0 ? 65 : 0;
            due = now() + period;
            continue;
        }
        if (!playing || (!p->no_pace && now() < due))
            continue;
        due = fmax(due + period, now() - period);   /* deadlines; a late frame restarts the clock */
        int r = go_to(p, p->pos + 1);
        if (r < 0)
            return 65;
        if (r == 0) {
            if (p->exit_at_end) {
                double s = now() - t_start;
                fprintf(stderr, "qpipe preview: %lld frames in %.3f s: %.1f fps\n", (long long)p->shown, s,
                        s > 0 ? (p->shown - 1) / s : 0);
                double k = p->shown > 0 ? 1000.0 / (double)p->shown : 0;
                fprintf(stderr,
                        "qpipe preview: per frame: decoded frame wait %.1f ms, filter %.1f ms, "
                        "convert+upload %.1f ms, draw+present %.1f ms\n",
                        p->t_get * k, p->t_filter * k, p->t_upload * k, p->t_draw * k);
                return 0;
            }
            p->paused = true;
            show(p);
        }
    }
}

/* ---------------------------------------------------------------- entry */

/* Apply every --set name that no item of the chain has: an error (64), as in qpipe run. */
static int check_sets(const Preview *p)
{
    for (int i = 0; i < p->nsets; i++) {
        bool has = false;
        for (int k = 0; k < p->nmain; k++)
            for (int j = 0; p->slot[k].f && j < rt_filter_nparams(p->slot[k].f); j++)
                has |= !strcmp(rt_filter_param(p->slot[k].f, j)->name, p->sets[i].name);
        if (!has) {
            fprintf(stderr, "qpipe preview: no filter of the chain has a parameter '%s'\n", p->sets[i].name);
            for (int k = 0; k < p->nmain; k++)
                rt_filter_help(p->slot[k].f, stderr);
            return 64;
        }
    }
    return 0;
}

int cmd_preview(int argc, char **argv, const RunEnv *env)
{
    Preview p = {.host = env->host, .frame = rt_undef()};
    p.opt.module_path = env->module_path;
    p.opt.kernel_dir = env->kernel_dir;
    int64_t start = 0;
    const char *pos[2] = {NULL, NULL}, *chain = NULL, *compare[MAX_COMPARE];
    int npos = 0, ncompare = 0, rc = 0, nitems = 0;
    RunChainItem *items = NULL;
    char err[512];
    for (int i = 0; i < argc && !rc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            goto done;
        } else if (!strcmp(a, "--set") && i + 1 < argc) {
            const char *eq = strchr(argv[++i], '=');
            if (!eq || eq == argv[i])
                rc = bad_usage("--set needs name=value, not '%s'", argv[i]);
            else if (p.nsets == MAX_SETS)
                rc = bad_usage("too many --set%s", "");
            else {
                p.sets[p.nsets].name = strndup(argv[i], (size_t)(eq - argv[i]));
                p.sets[p.nsets++].value = strdup(eq + 1);
            }
        } else if (!strcmp(a, "--compare") && i + 1 < argc) {
            if (ncompare == MAX_COMPARE)
                rc = bad_usage("at most 8 --compare filters%s", "");
            else
                compare[ncompare++] = argv[++i];
        } else if (!strcmp(a, "-f") && i + 1 < argc) {
            chain = argv[++i];
        } else if (!strcmp(a, "--start") && i + 1 < argc) {
            char *end;
            start = strtoll(argv[++i], &end, 10);
            if (*end || start < 0)
                rc = bad_usage("--start needs a frame number, not '%s'", argv[i]);
        } else if (!strcmp(a, "--threads") && i + 1 < argc) {
            char *end;
            long n = strtol(argv[++i], &end, 10);
            if (*end || n < 1 || n > 1024)
                rc = bad_usage("--threads needs a number from 1 to 1024, not '%s'", argv[i]);
            else
                rt_host_set_threads(p.host, (int)n);
        } else if (!strcmp(a, "--engine") && i + 1 < argc) {
            if ((p.opt.engine = rt_engine_parse(argv[++i])) < 0)
                rc = bad_usage("--engine is cpu, cuda or auto, not '%s'", argv[i]);
        } else if (!strcmp(a, "--gpu") && i + 1 < argc) {
            int g = rt_engine_parse_gpu(argv[++i]);
            if (g < 0)
                rc = bad_usage("--gpu needs a device number from 0 to 63, not '%s'", argv[i]);
            else
                rt_engine_set_gpu(g, NULL);
        } else if (!strcmp(a, "--double")) {
            p.opt.dbl = true;
        } else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
            p.opt.verbose = true;
        } else if (!strcmp(a, "--paused")) {
            p.paused = true;
        } else if (!strcmp(a, "--no-pace")) {
            p.no_pace = true;
        } else if (!strcmp(a, "--exit-at-end")) {
            p.exit_at_end = true;
        } else if (a[0] == '-' && a[1]) {
            rc = bad_usage("unknown option '%s'", a);
        } else if (npos < 2) {
            pos[npos++] = a;
        } else {
            rc = bad_usage("one filter and one input, not also '%s'", a);
        }
    }
    if (rc)
        goto done;
    if (npos != (chain ? 1 : 2)) {
        rc = chain ? bad_usage("with -f CHAIN, only IN follows%s", "") : bad_usage("needs FILTER.q and IN%s", "");
        goto done;
    }
    if (chain) {
        if (run_chain_parse(chain, env->presets_dir, &items, &nitems, err, sizeof err) || nitems > MAX_CHAIN) {
            rc = bad_usage("%s", nitems > MAX_CHAIN ? "a chain of at most 16 filters" : err);
            goto done;
        }
        for (int i = 0; i < nitems; i++)
            p.slot[p.nslots++] = (Slot){.path = items[i].path, .settings = items[i].settings, .out = rt_undef()};
    } else {
        p.slot[p.nslots++] = (Slot){.path = pos[0], .out = rt_undef()};
    }
    p.nmain = p.nslots;
    for (int i = 0; i < ncompare; i++)
        p.slot[p.nslots++] = (Slot){.path = compare[i], .out = rt_undef()};
    p.in = pos[npos - 1];
    for (int i = 0; i < p.nslots; i++)
        if (access(p.slot[i].path, R_OK) != 0) {
            fprintf(stderr, "qpipe preview: '%s': %s\n", p.slot[i].path, strerror(errno));
            rc = 66;
            goto done;
        }
    char why[256];
    const char *eng = rt_engine_choose(p.opt.engine, why, sizeof why);
    if (!eng) {
        fprintf(stderr, "qpipe preview: --engine cuda: %s\n", why);
        rc = RT_EX_UNAVAILABLE;
        goto done;
    }
    if (p.opt.verbose)
        fprintf(stderr, "qpipe: engine %s (%s)\n", eng, *why ? why : "--engine cpu");
    p.src = pv_source_open(rt_host_pool(p.host), p.in, p.opt.dbl, err, sizeof err, &rc);
    if (!p.src) {
        fprintf(stderr, "qpipe preview: %s\n", err);
        goto done;
    }
    pv_source_info(p.src, &p.info);
    char title[512];
    snprintf(title, sizeof title, "qpipe preview: %s on %s", chain ? chain : p.slot[0].path, p.in);
    p.player = disp_player_new(rt_host_pool(p.host), title, p.info.width, p.info.height, err, sizeof err);
    if (!p.player) {
        fprintf(stderr, "qpipe preview: cannot open a window: %s\n", err);
        rc = 69;
        goto done;
    }
    disp_player_use_engine(p.player, p.opt.engine, p.opt.verbose);
    for (int i = 0; i < p.nslots; i++)
        if ((rc = load(&p, &p.slot[i], true)) != 0)
            goto done;
    if (p.nmain > 1 && (rc = check_sets(&p)))
        goto done;
    p.watch = pv_watch_new();
    watch_files(&p);
    p.pos = start;
    p.fps_t0 = now();
    rc = play(&p);
done:
    for (int i = 0; i < p.nslots; i++) {
        rt_release(p.slot[i].out);
        slot_drop(&p.slot[i]);
    }
    run_chain_items_free(items, nitems);
    rt_release(p.frame);
    disp_player_free(p.player);
    disp_shutdown();
    pv_watch_free(p.watch);
    pv_source_close(p.src);
    for (int i = 0; i < p.nsets; i++) {
        free((char *)p.sets[i].name);
        free(p.sets[i].value);
    }
    return rc;
}
