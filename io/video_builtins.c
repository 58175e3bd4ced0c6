/*
 * video_builtins.c - Quasar's video functions over video_in.c and video_out.c
 * (docs/media_video.md):
 *
 *   stream = vidopen(file)              a reader: rgb_data, frame_width, frame_height,
 *                                       avg_frame_rate, duration_sec, frame_count, pts, …
 *   vidreadframe(stream)                1 and the next frame in stream.rgb_data, or 0 at the end
 *   vidseek(stream, seconds)            the next read gives the first frame at or after it
 *   w = vidsave(file, fps | stream [, codec | options])    a writer
 *   vidwriteframe(w, frame [, seconds]) frames of any size (the first fixes it)
 *   vidclose(stream | w)                a writer's file appears under its name only here
 *
 * A Quasar object cannot own a C resource (objects have no finalizer), so each reader and
 * writer lives in a registry of its runtime (rt_state: each filter of a chain, each reload
 * of `qpipe preview`, has its own) and the object carries its id in the int field
 * `__video`. Every call looks the id up: a closed, foreign or forged handle is an error,
 * never a dangling pointer. When the runtime is freed, what its program left open is
 * closed; an unclosed writer's output is discarded (its temporary file removed), as after
 * any failed run. Only the runtime's own thread calls these, so a registry needs no lock.
 */
#include "io/video.h"
#include "io/video_builtins.h"
#include "runtime/interp.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define IO_ERRLEN 512
#define HANDLE_FIELD "__video"

typedef struct VidEntry {
    int64_t id;
    bool writer;
    IoVideoIn *in;              /* reader */
    AVRational tb;              /* reader: its stream's; writer: of the pts it writes */
    int64_t pts;                /* reader: last frame read; writer: last frame written */
    bool has_pts;
    bool deep;                  /* reader: more than 8 bits a colour: rgb_data is uint16 */
    IoVideoOut *out;            /* writer, from its first frame on */
    char *path, *tmp;           /* writer: final and temporary names */
    int64_t src;                /* writer: id of the source stream, or 0 */
    AVRational fps;
    int64_t frames;
    IoVideoOutOptions opt;
    char *codec, *preset, *pix_fmt;
} VidEntry;

/* The open videos of one runtime. */
typedef struct Registry {
    VidEntry **entries;
    int n, cap;
    int64_t next_id;
} Registry;

static void registry_release(void *state);
static const RtStateKind registry_kind = {"video", registry_release};

static Registry *registry(Rt *rt)
{
    void **slot = rt_state(rt, &registry_kind);
    if (!slot)
        rt_out_of_memory(rt);
    if (!*slot) {
        Registry *r = calloc(1, sizeof *r);
        if (!r)
            rt_out_of_memory(rt);
        r->next_id = 1;
        *slot = r;
    }
    return *slot;
}

static VidEntry *entry_new(Rt *rt)
{
    Registry *r = registry(rt);
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 8;
        VidEntry **e = realloc(r->entries, sizeof *e * cap);
        if (!e)
            rt_out_of_memory(rt);
        r->entries = e;
        r->cap = cap;
    }
    VidEntry *e = calloc(1, sizeof *e);
    if (!e)
        rt_out_of_memory(rt);
    e->id = r->next_id++;
    r->entries[r->n++] = e;
    return e;
}

static VidEntry *entry_find(Rt *rt, int64_t id)
{
    Registry *r = registry(rt);
    for (int i = 0; i < r->n; i++)
        if (r->entries[i]->id == id)
            return r->entries[i];
    return NULL;
}

static void entry_drop(Registry *r, VidEntry *e, bool warn)
{
    for (int i = 0; i < r->n; i++)
        if (r->entries[i] == e) {
            r->entries[i] = r->entries[--r->n];
            break;
        }
    io_vin_close(e->in);
    if (e->out) {
        io_vout_abort(e->out);
        if (warn)
            fprintf(stderr, "qpipe: warning: video '%s' was not closed (vidclose); discarded\n", e->path);
    }
    if (e->tmp)
        unlink(e->tmp);
    free(e->path);
    free(e->tmp);
    free(e->codec);
    free(e->preset);
    free(e->pix_fmt);
    free(e);
}

static void entry_free(Rt *rt, VidEntry *e, bool warn)
{
    entry_drop(registry(rt), e, warn);
}

/* rt_free: close what the program left open. */
static void registry_release(void *state)
{
    Registry *r = state;
    while (r->n)
        entry_drop(r, r->entries[r->n - 1], true);
    free(r->entries);
    free(r);
}

/* ---------------------------------------------------------------- objects */

static void set_field(Rt *rt, RtObject *o, const char *name, Value v)
{
    Value *slot = rt_object_field(o, name);
    if (!slot)
        slot = rt_object_add_field(o, name);
    if (!slot) {
        rt_release(v);
        rt_out_of_memory(rt);
    }
    rt_store(slot, v);
}

/* The registry entry of a stream or writer object; raises for anything else. */
static VidEntry *handle(Rt *rt, Value v, const char *fn, int want_writer)
{
    Value *h = v.kind == V_OBJECT ? rt_object_field(v.obj, HANDLE_FIELD) : NULL;
    if (!h || h->kind != V_INT)
        rt_error(rt, "%s: expected a video stream (vidopen) or writer (vidsave)", fn);
    VidEntry *e = entry_find(rt, h->i);
    if (!e)
        rt_error(rt, "%s: this video was closed", fn);
    if (want_writer == 1 && !e->writer)
        rt_error(rt, "%s: expected a writer (vidsave), not a stream (vidopen)", fn);
    if (want_writer == 0 && e->writer)
        rt_error(rt, "%s: expected a stream (vidopen), not a writer (vidsave)", fn);
    return e;
}

/* ---------------------------------------------------------------- reading */

void io_vidopen(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    char found[4096];
    const char *path = rt_input_path(rt, rt_to_cstr(rt, argv[0], "vidopen: the file name"), found, sizeof found);
    out[0] = rt_object_new(NULL, 0);
    if (out[0].kind != V_OBJECT)
        rt_out_of_memory(rt);
    char err[IO_ERRLEN];
    IoVideoIn *in = io_vin_open(path, err, sizeof err);
    if (!in && io_video_unavailable())
        rt_error_unavailable(rt, "vidopen: %s", err);
    if (!in)
        rt_error(rt, "vidopen: %s", err);
    io_vin_set_pool(in, rt->pool);
    VidEntry *e = entry_new(rt);    /* cannot fail after this: the entry owns `in` */
    e->in = in;
    AVStream *st = io_vin_format(in)->streams[io_vin_stream(in)];
    e->tb = st->time_base;
    IoVideoInfo info;
    io_vin_info(in, &info);
    RtObject *o = out[0].obj;
    int64_t dims[3] = {info.height, info.width, 3};
    set_field(rt, o, HANDLE_FIELD, rt_int(e->id));
    set_field(rt, o, "filename", rt_string_cstr(path));
    e->deep = info.bits_per_color > 8;
    set_field(rt, o, "rgb_data", rt_array_new(e->deep ? RT_U16 : RT_U8, 3, dims));
    set_field(rt, o, "frame_width", rt_int(info.width));
    set_field(rt, o, "frame_height", rt_int(info.height));
    set_field(rt, o, "width", rt_int(info.width));
    set_field(rt, o, "height", rt_int(info.height));
    set_field(rt, o, "avg_frame_rate", rt_real(rt_round(rt, info.fps)));
    set_field(rt, o, "duration_sec", rt_real(rt_round(rt, info.duration_sec)));
    set_field(rt, o, "frame_count", rt_int(info.frame_count));
    set_field(rt, o, "bits_per_color", rt_int(info.bits_per_color));
    set_field(rt, o, "pts", rt_real(0));
}

/* A frame of a stream of more than 8 bits a colour as Quasar gives it (programs divide
 * rgb_data by 65535 or 2^16): cube[uint16] on 0..65535, the RGB48 samples, from the
 * 0..255 floats (RGB48 / 257) the reader makes. Consumes f. */
static Value deep_frame(Rt *rt, Value f)
{
    Value d = rt_array_frame(RT_U16, 3, f.a->dims);
    if (d.kind != V_ARRAY) {
        rt_release(f);
        rt_out_of_memory(rt);
    }
    const float *s = f.a->data;
    uint16_t *o = d.a->data;
    for (int64_t i = 0; i < f.a->n; i++) {
        double v = rint((double)s[i] * 257.0);
        o[i] = (uint16_t)(v > 0 ? (v < 65535 ? v : 65535) : 0);   /* NaN: 0 */
    }
    rt_release(f);
    return d;
}

void io_vidreadframe(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout;
    VidEntry *e = handle(rt, argv[0], "vidreadframe", 0);
    char err[IO_ERRLEN];
    Value frame;
    int64_t pts;
    int rc = io_vin_read_elem(e->in, e->deep ? RT_F32 : RT_U8, &frame, &pts, err, sizeof err);
    if (rc < 0)
        rt_error(rt, "vidreadframe: %s", err);
    if (rc == 1 && e->deep)
        frame = deep_frame(rt, frame);
    if (rc == 1) {
        e->pts = pts;
        e->has_pts = true;
        set_field(rt, argv[0].obj, "rgb_data", frame);
        set_field(rt, argv[0].obj, "pts", rt_real(rt_round(rt, (double)pts * av_q2d(e->tb))));
    }
    out[0] = rt_int(rc);
}

void io_vidseek(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout, (void)out;
    VidEntry *e = handle(rt, argv[0], "vidseek", 0);
    double t = rt_to_real(rt, argv[1], "vidseek: the time in seconds");
    char err[IO_ERRLEN];
    if (io_vin_seek(e->in, t, err, sizeof err) < 0)
        rt_error(rt, "vidseek: %s", err);
}

/* vidplay(file[, filter]): every frame of the file, as the scalar cube (H x W x 3, 0..255)
 * a filter of `qpipe run` receives, through `filter` (a function of one frame that returns
 * the frame to show) and imshow, paced by sync_framerate at the stream's rate. Returns the
 * number of frames played. imshow is the registered one (display/), so io/ does not depend
 * on display/; without a window it shows nothing and the filter still sees every frame. It
 * calls hold("on") first (every frame in one window; hold stays on afterwards). */
void io_vidplay(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    char found[4096];
    const char *path = rt_input_path(rt, rt_to_cstr(rt, argv[0], "vidplay: the file name"), found, sizeof found);
    if (argc > 1 && argv[1].kind != V_FUNC && argv[1].kind != V_BUILTIN)
        rt_error(rt, "vidplay: the filter must be a function of one frame");
    const RtBuiltin *show = rt_find_builtin(rt, "imshow"), *sync = rt_find_builtin(rt, "sync_framerate");
    const RtBuiltin *hold = rt_find_builtin(rt, "hold");
    char err[IO_ERRLEN];
    IoVideoIn *in = io_vin_open(path, err, sizeof err);
    if (!in && io_video_unavailable())
        rt_error_unavailable(rt, "vidplay: %s", err);
    if (!in)
        rt_error(rt, "vidplay: %s", err);
    io_vin_set_pool(in, rt->pool);
    VidEntry *e = entry_new(rt);    /* the registry closes it if the filter raises */
    e->in = in;
    int64_t id = e->id, frames = 0;
    IoVideoInfo info;
    io_vin_info(in, &info);
    Value *v = rt_push(rt, 3);      /* frame, shown frame, rate: released if an error unwinds */
    if (sync && info.fps > 0) {
        v[2] = rt_real(info.fps);
        sync->fn(rt, 1, &v[2], 0, NULL);
    }
    if (show && hold) {             /* every frame in one window, as the seeds' hold("on") loop */
        rt_store(&v[2], rt_string_cstr("on"));
        if (v[2].kind == V_UNDEF)
            rt_out_of_memory(rt);
        Value open;                 /* whether the window is open: an int, not kept */
        hold->fn(rt, 1, &v[2], 1, &open);
        rt_store(&v[2], rt_undef());
    }
    for (;;) {
        int64_t pts;
        int rc = io_vin_read(in, rt->opt.dbl, &v[0], &pts, err, sizeof err);
        if (rc <= 0) {
            entry_free(rt, e, false);
            if (rc < 0)
                rt_error(rt, "vidplay: %s", err);
            break;
        }
        if (argc > 1) {
            rt_call_value(rt, argv[1], 1, &v[0], 1, &v[1]);
            if (v[1].kind != V_ARRAY) {
                StrBuf sb = {0};
                char have[128];
                snprintf(have, sizeof have, "%s", rt_type_name(rt, v[1], &sb));
                sb_free(&sb);
                rt_error(rt, "vidplay: the filter returned '%s' at frame %lld, not a frame", have,
                         (long long)frames);
            }
            if (!entry_find(rt, id))
                rt_error(rt, "vidplay: the filter closed the video");
        }
        if (show)
            show->fn(rt, 1, argc > 1 ? &v[1] : &v[0], 0, NULL);
        rt_store(&v[0], rt_undef());
        rt_store(&v[1], rt_undef());
        frames++;
    }
    rt_pop_to(rt, v);
    out[0] = rt_int(frames);
}

/* ---------------------------------------------------------------- writing */

/* "dir/name.ext" -> "dir/.name-qpipeN.ext": beside the output (so rename is atomic), with
 * its extension (which picks the container). */
static char *temp_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t dirlen = (size_t)(base - path), stemlen = dot ? (size_t)(dot - base) : strlen(base);
    size_t n = strlen(path) + 48;
    char *t = malloc(n);
    if (t)
        snprintf(t, n, "%.*s.%.*s-qpipe%ld%s", (int)dirlen, path, (int)stemlen, base, (long)getpid(),
                 dot ? dot : "");
    return t;
}

static char *opt_string(Rt *rt, RtObject *o, const char *name)
{
    Value *v = rt_object_field(o, name);
    if (!v || v->kind == V_UNDEF || v->kind == V_NULL)
        return NULL;
    char what[64];
    snprintf(what, sizeof what, "vidsave: option %s", name);
    char *s = strdup(rt_to_cstr(rt, *v, what));
    if (!s)
        rt_out_of_memory(rt);
    return s;
}

static void writer_options(Rt *rt, VidEntry *e, Value v)
{
    e->opt.crf = 18;
    if (v.kind == V_UNDEF)
        return;
    if (v.kind == V_STRING) {
        if (!(e->codec = strdup(v.s->text)))
            rt_out_of_memory(rt);
    } else if (v.kind == V_OBJECT) {
        e->codec = opt_string(rt, v.obj, "codec");
        e->preset = opt_string(rt, v.obj, "preset");
        e->pix_fmt = opt_string(rt, v.obj, "pix_fmt");
        Value *crf = rt_object_field(v.obj, "crf");
        if (crf && crf->kind != V_UNDEF)
            e->opt.crf = (int)rt_to_int(rt, *crf, "vidsave: option crf");
        Value *br = rt_object_field(v.obj, "bitrate");
        if (br && br->kind != V_UNDEF)
            e->opt.bitrate = (int64_t)rt_to_real(rt, *br, "vidsave: option bitrate");
    } else {
        rt_error(rt, "vidsave: the third argument is a codec name or an object of options");
    }
    e->opt.codec = e->codec;
    e->opt.preset = e->preset;
    e->opt.pix_fmt = e->pix_fmt;
}

void io_vidsave(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout;
    const char *path = rt_to_cstr(rt, argv[0], "vidsave: the file name");
    out[0] = rt_object_new(NULL, 0);
    if (out[0].kind != V_OBJECT)
        rt_out_of_memory(rt);
    VidEntry *src = NULL;
    AVRational fps;
    if (argv[1].kind == V_OBJECT) {
        src = handle(rt, argv[1], "vidsave", 0);
        AVStream *st = io_vin_format(src->in)->streams[io_vin_stream(src->in)];
        fps = st->avg_frame_rate.num ? st->avg_frame_rate : st->r_frame_rate;
    } else {
        double f = rt_to_real(rt, argv[1], "vidsave: the frame rate");
        if (!(f > 0) || f > 1e6)
            rt_error(rt, "vidsave: '%s': the frame rate must be positive, not %g", path, f);
        fps = av_d2q(f, 1000000);
    }
    VidEntry *e = entry_new(rt);
    e->writer = true;
    e->fps = fps;
    e->tb = src ? src->tb : av_inv_q(fps);
    e->src = src ? src->id : 0;
    set_field(rt, out[0].obj, HANDLE_FIELD, rt_int(e->id));
    if (!(e->path = strdup(path)) || !(e->tmp = temp_name(path)))
        rt_out_of_memory(rt);
    writer_options(rt, e, argc > 2 ? argv[2] : rt_undef());
    set_field(rt, out[0].obj, "filename", rt_string_cstr(path));
    set_field(rt, out[0].obj, "avg_frame_rate", rt_real(rt_round(rt, av_q2d(fps))));
    set_field(rt, out[0].obj, "frame_count", rt_int(0));
}

/* An io/ message about the temporary file, told with the name the program gave. */
static void writer_message(const VidEntry *e, const char *err, char *msg, size_t len)
{
    size_t n = strlen(e->tmp);
    if (err[0] == '\'' && !strncmp(err + 1, e->tmp, n) && err[n + 1] == '\'')
        snprintf(msg, len, "'%s'%s", e->path, err + n + 2);
    else
        snprintf(msg, len, "%s", err);
}

/* The pts of the next frame: given in seconds, the source stream's current frame, or the
 * next tick of the frame rate. */
static int64_t next_pts(Rt *rt, VidEntry *e, int argc, Value *argv)
{
    if (argc > 2)
        return llround(rt_to_real(rt, argv[2], "vidwriteframe: the time in seconds") / av_q2d(e->tb));
    VidEntry *src = e->src ? entry_find(rt, e->src) : NULL;
    if (src && src->has_pts && (!e->frames || src->pts > e->pts))
        return src->pts;
    if (!e->frames)
        return 0;
    int64_t step = av_rescale_q(1, av_inv_q(e->fps), e->tb);
    return e->pts + (step > 0 ? step : 1);
}

void io_vidwriteframe(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)nout, (void)out;
    VidEntry *e = handle(rt, argv[0], "vidwriteframe", 1);
    Value f = argv[1];
    if (f.kind != V_ARRAY || !(f.a->rank == 2 || (f.a->rank == 3 && f.a->dims[2] == 3)))
        rt_error(rt, "vidwriteframe: '%s': a frame is an H x W x 3 cube (or an H x W matrix)", e->path);
    char err[IO_ERRLEN], msg[IO_ERRLEN + 256];
    if (!e->out) {
        VidEntry *src = e->src ? entry_find(rt, e->src) : NULL;
        if (e->src && !src)
            rt_error(rt, "vidwriteframe: '%s': its source stream was closed before the first frame", e->path);
        int w = (int)f.a->dims[1], h = (int)f.a->dims[0];
        e->out = io_vout_open_rate(e->tmp, src ? src->in : NULL, w, h, e->fps, e->tb, &e->opt, err, sizeof err);
        if (!e->out) {
            writer_message(e, err, msg, sizeof msg);
            if (io_video_unavailable())
                rt_error_unavailable(rt, "vidwriteframe: %s", msg);
            rt_error(rt, "vidwriteframe: %s", msg);
        }
        io_vout_set_pool(e->out, rt->pool);
    }
    int64_t pts = next_pts(rt, e, argc, argv);
    if (io_vout_write(e->out, f.a, pts, err, sizeof err) < 0) {
        writer_message(e, err, msg, sizeof msg);
        rt_error(rt, "vidwriteframe: %s", msg);
    }
    e->pts = pts;
    e->frames++;
    set_field(rt, argv[0].obj, "frame_count", rt_int(e->frames));
}

void io_vidclose(Rt *rt, int argc, Value *argv, int nout, Value *out)
{
    (void)argc, (void)nout, (void)out;
    VidEntry *e = handle(rt, argv[0], "vidclose", -1);
    set_field(rt, argv[0].obj, HANDLE_FIELD, rt_int(0));
    if (!e->writer) {
        entry_free(rt, e, false);
        return;
    }
    char err[IO_ERRLEN], msg[IO_ERRLEN + 256];
    msg[0] = '\0';
    if (!e->out) {
        snprintf(msg, sizeof msg, "'%s': no frame was written", e->path);
    } else {
        IoVideoOut *o = e->out;
        e->out = NULL;
        if (io_vout_close(o, err, sizeof err) < 0)
            writer_message(e, err, msg, sizeof msg);
        else if (rename(e->tmp, e->path) != 0)
            snprintf(msg, sizeof msg, "'%s': cannot create: %s", e->path, strerror(errno));
    }
    entry_free(rt, e, false);
    if (msg[0])
        rt_error(rt, "vidclose: %s", msg);
}
