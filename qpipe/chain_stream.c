/*
 * chain_stream.c - a chain of filters over a stream of frames, with temporal windows
 * (run.h RunStream; docs/filters.md "A window of frames").
 *
 * A filter of radius R (module-level `temporal_radius`) makes frame t from frames
 * t-R..t+R, so it can only make frame t once frame t+R has arrived: each filter of the
 * chain is a stage that holds the last 2R+1 frames it was given (a ring indexed by frame
 * number) and makes one frame for each frame it is given once R are ahead. At the end of
 * the stream (run_stream_flush) each stage makes its remaining R frames, the window's
 * indices clamped to the last frame (and at the start to the first): so a stream of N
 * frames in gives N frames out, in order, whatever the radii. A stage's output is the next
 * stage's input; a chain delays by the sum of its radii. Radius 0 is a plain call.
 *
 * Data in: frames (borrowed Values) from pipeline.c (video) or cmd_run.c (one image: a
 * stream of one frame, so every entry of its window is the image). Data out: the chain's
 * frames, new references, in order; the caller pairs them with its timestamps in order.
 */
#include "qpipe/run.h"

#include <stdlib.h>
#include <string.h>

enum { EX_SOFTWARE = 70 };

typedef struct Stage {
    RtFilter *f;
    int radius;
    Value *ring;            /* 2R+1 slots: frame i in ring[i % (2R+1)] */
    int64_t n_in, n_out;    /* frames given, frames made */
} Stage;

struct RunStream {
    Stage *st;
    int n;
};

RunStream *run_stream_new(const RunChain *c)
{
    RunStream *s = calloc(1, sizeof *s);
    if (!s || !(s->st = calloc((size_t)(c->n ? c->n : 1), sizeof *s->st))) {
        free(s);
        return NULL;
    }
    s->n = c->n;
    for (int i = 0; i < c->n; i++) {
        Stage *g = &s->st[i];
        g->f = c->f[i];
        g->radius = rt_filter_radius(g->f);
        g->ring = calloc((size_t)(2 * g->radius + 1), sizeof *g->ring);
        if (!g->ring) {
            run_stream_free(s);
            return NULL;
        }
    }
    return s;
}

int run_stream_delay(const RunStream *s)
{
    int d = 0;
    for (int i = 0; i < s->n; i++)
        d += s->st[i].radius;
    return d;
}

void run_stream_reset(RunStream *s)
{
    for (int i = 0; i < s->n; i++) {
        Stage *g = &s->st[i];
        for (int k = 0; k < 2 * g->radius + 1; k++) {
            rt_release(g->ring[k]);
            g->ring[k] = rt_undef();
        }
        g->n_in = g->n_out = 0;
    }
}

bool run_stream_set_overlap(RunStream *s, bool on)
{
    bool any = false;
    for (int i = 0; i < s->n; i++)
        any |= rt_filter_set_overlap(s->st[i].f, on);
    return any;
}

int run_stream_settle(RunStream *s, bool all)
{
    for (int i = 0; i < s->n; i++) {
        int rc = rt_filter_settle(s->st[i].f, all);
        if (rc)
            return rc;
    }
    return 0;
}

void run_stream_free(RunStream *s)
{
    if (!s)
        return;
    run_stream_set_overlap(s, false);
    run_stream_reset(s);
    for (int i = 0; i < s->n; i++)
        free(s->st[i].ring);
    free(s->st);
    free(s);
}

/* Make the stage's next frame from its window (indices clamped to the frames it has). */
static int make(Stage *g, Value *y)
{
    int w = 2 * g->radius + 1;
    Value win[2 * RT_FILTER_MAX_RADIUS + 1];
    int64_t t = g->n_out;
    for (int k = -g->radius; k <= g->radius; k++) {
        int64_t i = t + k;
        i = i < 0 ? 0 : i > g->n_in - 1 ? g->n_in - 1 : i;
        win[k + g->radius] = g->ring[i % w];
    }
    int rc = rt_filter_process_window(g->f, win, y);
    g->n_out++;
    return rc;
}

/* Give frame x (a new reference, taken) to the stage; *y the frame it makes, or V_UNDEF. */
static int give(Stage *g, Value x, Value *y)
{
    *y = rt_undef();
    if (!g->radius) {
        int rc = rt_filter_process_window(g->f, &x, y);
        rt_release(x);
        g->n_in++;
        g->n_out++;
        return rc;
    }
    int w = 2 * g->radius + 1;
    Value *slot = &g->ring[g->n_in % w];
    rt_release(*slot);
    *slot = x;
    g->n_in++;
    return g->n_in - g->n_out > g->radius ? make(g, y) : 0;
}

/* x (taken) into stage i and on through the later stages: *y what the last one makes. */
static int through(RunStream *s, int i, Value x, Value *y)
{
    for (; i < s->n; i++) {
        Value next;
        int rc = give(&s->st[i], x, &next);
        if (rc)
            return rc;
        if (next.kind == V_UNDEF) {
            *y = rt_undef();
            return 0;
        }
        x = next;
    }
    *y = x;
    return 0;
}

int run_stream_push(RunStream *s, Value x, Value *y)
{
    rt_retain(x);
    return through(s, 0, x, y);
}

int run_stream_flush(RunStream *s, Value *y)
{
    *y = rt_undef();
    for (;;) {
        int i = 0;
        while (i < s->n && s->st[i].n_out == s->st[i].n_in)
            i++;
        if (i == s->n)
            return 0;       /* every stage is drained: the end */
        Value z;
        int rc = make(&s->st[i], &z);
        if (rc)
            return rc;
        rc = through(s, i + 1, z, y);
        if (rc || y->kind != V_UNDEF)
            return rc;
    }
}

int run_chain_apply(const RunChain *c, Value x, Value *y)
{
    RunStream *s = run_stream_new(c);
    if (!s)
        return EX_SOFTWARE;
    int rc = run_stream_push(s, x, y);
    if (!rc && y->kind == V_UNDEF)
        rc = run_stream_flush(s, y);
    run_stream_free(s);
    return rc;
}
