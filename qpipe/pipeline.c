/*
 * pipeline.c - the video path of `qpipe run` (run.h pipe_run_video; DESIGN.md "Media").
 *
 *   decoder thread --[in queue]--> calling thread (filters) --[out queue]--> encoder thread
 *
 * The queues carry pictures as FFmpeg holds them (4:2:0 at 1080p is 3 MB); the calling
 * thread converts each to the RGB cube of floats the filters see (24 MB), runs the chain
 * and converts the result to the encoder's format straight away. So the float frames
 * never cross threads: one buffer, recycled by the memory manager, is written and read
 * back while it is still in the caches, and no frame is shared between threads (a state
 * array the filter returns as its output needs no copy). The queues are bounded
 * (PIPE_QUEUE pictures), so memory stays bounded whatever the clip's length, and decoding
 * frame n+1 and encoding frame n-1 overlap the filters on frame n. Only the calling thread
 * runs Quasar code: the interpreter is single-threaded. Timestamps travel with the
 * pictures unchanged, so order, count and timing of the output are the input's.
 *
 * Errors: the stage that fails records its message and exit code, closes both queues (so
 * that no thread waits forever) and the others stop at their next frame; the writer is
 * then aborted and the temporary file removed by the caller.
 */
#include "qpipe/run.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PIPE_QUEUE 2                /* frames per queue: overlaps the stages; 4 held 100 MB more at 1080p for no gain */

enum { EX_PROGRAM = 65, EX_NOINPUT = 66, EX_UNAVAILABLE = 69, EX_SOFTWARE = 70, EX_CANTCREAT = 73,
       EX_IOERR = 74, EX_INTERRUPTED = 130 };

typedef struct Frame {
    IoPicture *pic;
    int64_t pts;
} Frame;

typedef struct Queue {
    pthread_mutex_t mu;
    pthread_cond_t cond;
    Frame items[PIPE_QUEUE];
    int head, count;
    bool eof;                       /* the producer is done */
    bool closed;                    /* abandoned: producers and consumers stop */
} Queue;

typedef struct Pipe {
    const RunChain *chain;
    IoVideoIn *in;
    IoVideoOut *out;
    const char *out_path;
    const RunMedia *m;
    Queue qin, qout;
    pthread_mutex_t mu;             /* rc and err */
    int rc;
    char err[1024];
    double t_decode, t_convert, t_filter, t_encode;     /* seconds spent in each stage's work */
    int64_t decoded, encoded;
} Pipe;

/* ---------------------------------------------------------------- queues */

static void q_init(Queue *q)
{
    memset(q, 0, sizeof *q);
    pthread_mutex_init(&q->mu, NULL);
    pthread_cond_init(&q->cond, NULL);
}

/* false when the queue was closed (the frame is released then). */
static bool q_push(Queue *q, Frame f)
{
    pthread_mutex_lock(&q->mu);
    while (q->count == PIPE_QUEUE && !q->closed)
        pthread_cond_wait(&q->cond, &q->mu);
    if (q->closed) {
        pthread_mutex_unlock(&q->mu);
        io_picture_free(&f.pic);
        return false;
    }
    q->items[(q->head + q->count++) % PIPE_QUEUE] = f;
    pthread_cond_broadcast(&q->cond);
    pthread_mutex_unlock(&q->mu);
    return true;
}

/* 1 with a frame, 0 at the end, -1 when closed. */
static int q_pop(Queue *q, Frame *f)
{
    pthread_mutex_lock(&q->mu);
    while (!q->count && !q->eof && !q->closed)
        pthread_cond_wait(&q->cond, &q->mu);
    int r;
    if (q->closed)
        r = -1;
    else if (!q->count)
        r = 0;
    else {
        *f = q->items[q->head];
        q->head = (q->head + 1) % PIPE_QUEUE;
        q->count--;
        r = 1;
    }
    pthread_cond_broadcast(&q->cond);
    pthread_mutex_unlock(&q->mu);
    return r;
}

static void q_end(Queue *q, bool close)
{
    pthread_mutex_lock(&q->mu);
    if (close)
        q->closed = true;
    else
        q->eof = true;
    pthread_cond_broadcast(&q->cond);
    pthread_mutex_unlock(&q->mu);
}

static void q_drain(Queue *q)
{
    pthread_mutex_lock(&q->mu);
    while (q->count) {
        io_picture_free(&q->items[q->head].pic);
        q->head = (q->head + 1) % PIPE_QUEUE;
        q->count--;
    }
    pthread_mutex_unlock(&q->mu);
}

static void q_free(Queue *q)
{
    q_drain(q);
    pthread_mutex_destroy(&q->mu);
    pthread_cond_destroy(&q->cond);
}

/* ---------------------------------------------------------------- stages */

/* Record the first failure and stop every stage. */
static void fail(Pipe *p, int rc, const char *msg)
{
    pthread_mutex_lock(&p->mu);
    if (!p->rc) {
        p->rc = rc;
        snprintf(p->err, sizeof p->err, "%s", msg);
    }
    pthread_mutex_unlock(&p->mu);
    q_end(&p->qin, true);
    q_end(&p->qout, true);
}

static void *decoder(void *arg)
{
    Pipe *p = arg;
    char err[1024];
    for (;;) {
        Frame f = {NULL, 0};
        double t0 = run_now();
        int r = io_vin_read_picture(p->in, &f.pic, &f.pts, err, sizeof err);
        p->t_decode += run_now() - t0;
        if (r < 0) {
            fail(p, EX_IOERR, err);
            break;
        }
        if (r == 0) {
            q_end(&p->qin, false);
            break;
        }
        if (p->m->seg_n && f.pts >= p->m->seg_read_end) {
            io_picture_free(&f.pic);    /* --segment: past the next segment's first frame
                                         * (and the frames a window reaches ahead) */
            q_end(&p->qin, false);
            break;
        }
        if (p->m->seg_n && f.pts < p->m->seg_from) {
            io_picture_free(&f.pic);
            continue;
        }
        p->decoded++;
        if (!q_push(&p->qin, f))
            break;
        if (p->m->max_frames > 0 && p->decoded >= p->m->max_frames) {
            q_end(&p->qin, false);      /* --frames: the rest is not read */
            break;
        }
    }
    return NULL;
}

static void *encoder(void *arg)
{
    Pipe *p = arg;
    char err[1024];
    Frame f;
    int r;
    while ((r = q_pop(&p->qout, &f)) == 1) {
        double t0 = run_now();
        int w = io_vout_send(p->out, f.pic, f.pts, err, sizeof err);
        p->t_encode += run_now() - t0;
        if (w < 0) {
            fail(p, EX_IOERR, err);
            return NULL;
        }
        p->encoded++;
    }
    return NULL;
}

/* An H x W or H x W x C result as H x W x 3 (gray repeated, alpha dropped); owns *y. */
static int to_rgb(Value *y, bool dbl)
{
    RtArray *a = y->a;
    int64_t c = a->rank == 3 ? a->dims[2] : 1;
    if (c == 3)
        return 0;
    int64_t dims[3] = {a->dims[0], a->dims[1], 3};
    Value r = rt_array_frame(dbl ? RT_F64 : RT_F32, 3, dims);
    if (r.kind == V_UNDEF)
        return -1;
    int64_t n = dims[0] * dims[1];
    for (int64_t i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            rt_set_real(r.a, i * 3 + k, rt_get_real(a, i * c + (c == 1 ? 0 : k)), false);
    rt_store(y, r);
    return 0;
}

static int open_writer(Pipe *p, const RtArray *y)
{
    char err[1024];
    int w = (int)y->dims[1], h = (int)y->dims[0];
    p->out = io_vout_open(p->out_path, p->in, w, h, &p->m->vo, err, sizeof err);
    if (p->out) {
        io_vout_set_pool(p->out, p->chain->pool);
        char notes[512];
        snprintf(notes, sizeof notes, "%s", io_vout_notes(p->out));
        char *save = NULL;
        for (char *line = strtok_r(notes, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
            fprintf(stderr, "qpipe run: note: %s\n", line);
        return 0;
    }
    /* an encoder that is not there is "unavailable"; anything else "cannot create" */
    bool codec = strstr(err, "ncoder") || strstr(err, "codec") || io_video_unavailable();
    fail(p, codec ? EX_UNAVAILABLE : EX_CANTCREAT, err);
    return -1;
}

/* A filtered frame -> picture in the encoder's format (opening the writer at the first
 * frame, whose size the filters decide); NULL after recording a failure. y is taken. */
static IoPicture *encode_frame(Pipe *p, Value y, pthread_t *enc, bool *enc_started)
{
    char err[1024];
    double t0 = run_now();
    if (y.kind == V_UNDEF || to_rgb(&y, p->chain->dbl)) {
        rt_release(y);
        fail(p, EX_SOFTWARE, "out of memory");
        return NULL;
    }
    if (!p->out) {
        if (open_writer(p, y.a)) {
            rt_release(y);
            return NULL;
        }
        if (pthread_create(enc, NULL, encoder, p)) {
            rt_release(y);
            fail(p, EX_SOFTWARE, "cannot start the encoder thread");
            return NULL;
        }
        *enc_started = true;
    }
    IoPicture *out;
    int rc = io_vout_convert(p->out, y.a, &out, err, sizeof err);
    rt_release(y);
    p->t_convert += run_now() - t0;
    if (rc < 0) {
        fail(p, EX_IOERR, err);
        return NULL;
    }
    return out;
}

/* The timestamps of the frames the chain holds back (its windows): the output frame k
 * takes the k-th input's pts, so count, order and timing stay the input's. */
typedef struct PtsFifo {
    int64_t *v;
    int cap, head, count;
} PtsFifo;

/* The filter stage, on the calling thread: picture -> cube -> chain (RunStream) -> picture. */
static void filter_loop(Pipe *p, RunProgress *pr, int64_t total, double fps, pthread_t *enc, bool *enc_started)
{
    char err[1024];
    Frame f;
    int64_t done = 0;
    int r;
    RunStream *s = run_stream_new(p->chain);
    PtsFifo q = {0};
    if (s) {
        q.cap = run_stream_delay(s) + 2;
        q.v = malloc((size_t)q.cap * sizeof *q.v);
    }
    if (!s || !q.v) {
        run_stream_free(s);
        fail(p, EX_SOFTWARE, "out of memory");
        return;
    }
    /* On the GPU one output is held back: frame t's result is converted (its elements
     * downloaded) after frame t+1 was pushed, so frame t+1's upload and kernels are issued
     * while frame t's still run (docs/cuda.md "Streams"); frame t's kernels' status is read
     * first (run_stream_settle). On the CPU each output goes on at once. Under --engine
     * auto the engine is known once a kernel has launched: asked again after each frame
     * until then (a run that launches none never starts the driver). */
    bool hold = run_stream_set_overlap(s, true);
    Value held = rt_undef();
    bool end = false;
    while (!end) {
        Value y = rt_undef();
        double t1 = run_now();
        if ((r = q_pop(&p->qin, &f)) == 1) {
            if (run_interrupted) {
                io_picture_free(&f.pic);
                fail(p, EX_INTERRUPTED, "interrupted");
                break;
            }
            Value x;
            double t0 = run_now();
            int rc = io_vin_convert(p->in, f.pic, p->chain->dbl, &x, err, sizeof err);
            io_picture_free(&f.pic);
            t1 = run_now();
            p->t_convert += t1 - t0;
            if (rc < 0) {
                fail(p, EX_IOERR, err);
                break;
            }
            q.v[(q.head + q.count++) % q.cap] = f.pts;
            rc = run_stream_push(s, x, &y);
            rt_release(x);
            if (!hold)
                hold = run_stream_set_overlap(s, true);
            if (rc) {
                /* outputs come in order: the one being made is frame `done` (the next
                 * one while an output is held) */
                snprintf(err, sizeof err, "the filter failed at frame %lld",
                         (long long)(done + (held.kind != V_UNDEF)));
                fail(p, rc, err);
                break;
            }
        } else if (r == 0) {
            int rc = run_stream_flush(s, &y);
            if (rc) {
                snprintf(err, sizeof err, "the filter failed at frame %lld",
                         (long long)(done + (held.kind != V_UNDEF)));
                fail(p, rc, err);
                break;
            }
            end = y.kind == V_UNDEF;
        } else
            break;
        if (y.kind == V_UNDEF && !(end && held.kind != V_UNDEF)) {
            p->t_filter += run_now() - t1;
            continue;       /* the windows fill, or the end */
        }
        /* the held output's kernels finished (all of them at the end), then it is taken */
        int rc = held.kind == V_UNDEF ? 0 : run_stream_settle(s, end);
        p->t_filter += run_now() - t1;
        if (rc) {
            snprintf(err, sizeof err, "the filter failed at frame %lld", (long long)done);
            fail(p, rc, err);
            rt_release(y);
            break;
        }
        Value take = hold ? held : y;
        held = hold ? y : rt_undef();
        if (take.kind == V_UNDEF)
            continue;
        IoPicture *out = encode_frame(p, take, enc, enc_started);
        int64_t pts = q.v[q.head];
        q.head = (q.head + 1) % q.cap;
        q.count--;
        if (out && p->m->seg_n && (pts < p->m->seg_write || pts >= p->m->seg_end)) {
            io_picture_free(&out);      /* --warmup, or a window's frames around the segment:
                                         * filtered for the filter's state, not written */
            continue;
        }
        if (!out || !q_push(&p->qout, (Frame){out, pts}))
            break;
        done++;
        if (pr->tty || pr->file)
            run_progress(pr, done, total, fps, false);
    }
    rt_release(held);
    run_stream_free(s);
    free(q.v);
    if (end) {
        if (!p->out && !p->rc)
            fail(p, EX_NOINPUT, "the video has no frames");
        q_end(&p->qout, false);
    }
    if (pr->tty || pr->file)
        run_progress(pr, done, total, fps, true);
}

/* What a failed run leaves: nothing on stdout to take back; the images of a sequence
 * written so far; else the one file. */
static void remove_output(const char *out, int64_t frames)
{
    if (!strcmp(out, "-"))
        return;
    if (!io_is_sequence(out)) {
        unlink(out);
        return;
    }
    for (int64_t i = 0; i <= frames && i < INT32_MAX; i++) {
        char name[4096];
        if (io_sequence_name(out, i, name, sizeof name) == 0)
            unlink(name);
    }
}

/* The damage of the input on stderr; RUN_EXIT_DAMAGED when it fails the run. */
static int report_damage(const Pipe *p, const char *in)
{
    IoVideoDamage d;
    io_vin_damage(p->in, &d);
    char text[2048];
    io_damage_describe(&d, text, sizeof text);
    bool bad = io_damage_any(&d);
    if (!text[0])
        return 0;
    const char *name = strcmp(in, "-") ? in : "stdin";
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
        fprintf(stderr, "qpipe run: %s: %s%s\n", name, bad ? "damaged input: " : "", line);
    if (!bad)
        return 0;
    if (p->m->ignore_damage) {
        fprintf(stderr, "qpipe run: %s: --ignore-damage: kept the %lld frames that decoded\n", name,
                (long long)p->encoded);
        return 0;
    }
    return RUN_EXIT_DAMAGED;
}

int pipe_run_video(const RunChain *c, const char *in, const char *out, const RunMedia *m,
                   RunProgress *pr, char *err, size_t errlen)
{
    Pipe p = {.chain = c, .out_path = out, .m = m};
    p.in = io_vin_open_with(in, &m->vin, err, errlen);
    if (!p.in)
        return io_video_unavailable() ? EX_UNAVAILABLE : EX_NOINPUT;
    io_vin_set_pool(p.in, c->pool);
    if (m->seg_seek > 0 && io_vin_seek(p.in, m->seg_seek, err, errlen) < 0) {
        io_vin_close(p.in);
        return EX_NOINPUT;
    }
    IoVideoInfo vi;
    io_vin_info(p.in, &vi);
    if (pr->verbose)
        fprintf(stderr, "qpipe run: %s: %dx%d, %.3f fps, %lld frames; engine: CPU\n", in, vi.width,
                vi.height, vi.fps, (long long)vi.frame_count);
    RtFilterInfo info = {vi.width, vi.height, vi.fps, vi.frame_count};
    int rc = run_chain_init(c, &info);
    if (rc) {
        io_vin_close(p.in);
        snprintf(err, errlen, "init of the filter failed");
        return rc;
    }
    q_init(&p.qin);
    q_init(&p.qout);
    pthread_mutex_init(&p.mu, NULL);
    pthread_t dec, enc;
    bool enc_started = false;
    double t0 = run_now();
    if (pthread_create(&dec, NULL, decoder, &p)) {
        fail(&p, EX_SOFTWARE, "cannot start the decoder thread");
    } else {
        filter_loop(&p, pr, vi.frame_count, vi.fps, &enc, &enc_started);
        if (p.rc)
            q_end(&p.qin, true);
        pthread_join(dec, NULL);
        if (enc_started)
            pthread_join(enc, NULL);
    }
    if (!p.rc && (rc = report_damage(&p, in))) {
        p.rc = rc;
        snprintf(p.err, sizeof p.err, "the input is damaged; nothing written (--ignore-damage keeps the %lld "
                 "frames that decoded)", (long long)p.encoded);
    }
    if (p.out) {
        if (p.rc)
            io_vout_abort(p.out);
        else if (io_vout_close(p.out, p.err, sizeof p.err) < 0)
            p.rc = EX_IOERR;
    }
    io_vin_close(p.in);
    q_free(&p.qin);
    q_free(&p.qout);
    pthread_mutex_destroy(&p.mu);
    if (p.rc && p.rc != EX_INTERRUPTED)
        snprintf(err, errlen, "%s: %s", in, p.err);
    if (pr->verbose)
        fprintf(stderr,
                "qpipe run: %lld frames in %.2f s; decode %.2f s, convert %.2f s, filter %.2f s "
                "(%.1f ms/frame), encode %.2f s (stages overlap)\n",
                (long long)p.encoded, run_now() - t0, p.t_decode, p.t_convert, p.t_filter,
                p.encoded ? p.t_filter * 1e3 / (double)p.encoded : 0.0, p.t_encode);
    if (p.rc)
        remove_output(out, p.encoded);
    return p.rc;
}
