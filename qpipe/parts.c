/*
 * parts.c - the i-th of N parts of a job, for scale-out (docs/scale-out.md): `qpipe run
 * --shard i/N` takes a contiguous slice of a folder's files by sorted name, `--segment
 * i/N` a run of a video's frames between two key frames. i counts from 0, as Slurm's
 * SLURM_ARRAY_TASK_ID with --array=0-(N-1) and Kubernetes' JOB_COMPLETION_INDEX do, so a
 * task passes its index unchanged. Both are deterministic: every task computes the same
 * partition by itself, with nothing shared but the input.
 */
#include "qpipe/run.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { EX_USAGE = 64, EX_NOINPUT = 66 };

int run_parse_part(const char *opt, const char *text, int *i, int *n)
{
    char *end;
    const char *slash = text ? strchr(text, '/') : NULL;
    long a = -1, b = -1;
    if (slash && slash != text && (a = strtol(text, &end, 10), end == slash) && slash[1] &&
        (b = strtol(slash + 1, &end, 10), !*end) && b >= 1 && b <= 100000 && a >= 0 && a < b) {
        *i = (int)a;
        *n = (int)b;
        return 0;
    }
    fprintf(stderr, "qpipe run: %s needs i/N with 0 <= i < N (i counts from 0, as SLURM_ARRAY_TASK_ID of "
            "--array=0-(N-1)), not '%s'\n(qpipe run --help for usage)\n", opt, text ? text : "");
    return EX_USAGE;
}

void run_shard_slice(size_t total, int i, int n, size_t *from, size_t *to)
{
    *from = total * (size_t)i / (size_t)n;
    *to = total * (size_t)(i + 1) / (size_t)n;
}

/* The N+1 boundaries (frame indices) of N segments: b[0] = 0, b[N] = n, b[1..N-1] key frames,
 * each the key frame nearest to k/N of the frames that leaves enough for the rest. -1 when
 * there are fewer key frames than segments (*keys says how many). */
static int boundaries(const IoVideoIndex *ix, int segs, int64_t *b, int64_t *keys)
{
    int64_t nk = 0;
    for (int64_t f = 1; f < ix->n; f++)
        nk += ix->key[f];
    *keys = nk + 1;
    if (nk < segs - 1)
        return -1;
    b[0] = 0;
    b[segs] = ix->n;
    int64_t left = nk;              /* key frames after b[j-1] */
    for (int j = 1; j < segs; j++) {
        int64_t target = (ix->n * j + segs / 2) / segs, best = -1, seen = 0;
        for (int64_t f = b[j - 1] + 1; f < ix->n; f++) {
            if (!ix->key[f])
                continue;
            seen++;
            if (left - seen < segs - 1 - j)
                break;              /* the later segments need the key frames after this */
            if (best < 0 || llabs(f - target) < llabs(best - target))
                best = f;
            else if (f > target)
                break;
        }
        for (int64_t f = b[j - 1] + 1; f <= best; f++)
            left -= ix->key[f];
        b[j] = best;
    }
    return 0;
}

int run_segment_range(const char *in, RunMedia *m)
{
    IoVideoIndex ix;
    char err[1024];
    m->seg_seek = 0;
    if (io_video_index(in, &ix, err, sizeof err)) {
        fprintf(stderr, "qpipe run: %s\n", err);
        return io_video_unavailable() ? 69 : EX_NOINPUT;
    }
    int64_t *b = malloc(sizeof *b * ((size_t)m->seg_n + 1)), keys = 0;
    if (!b || boundaries(&ix, m->seg_n, b, &keys)) {
        if (b)
            fprintf(stderr, "qpipe run: --segment %d/%d: %s has %lld key frames, so at most %lld segments\n",
                    m->seg_i, m->seg_n, in, (long long)keys, (long long)keys);
        free(b);
        io_video_index_free(&ix);
        return b ? EX_USAGE : 70;
    }
    int64_t first = b[m->seg_i], next = b[m->seg_i + 1];
    /* a windowed chain makes the first and last frames from their neighbours: at least its
     * delay before (filtered, not written) and after (read, filtered, not written) */
    int64_t back = m->warmup > m->seg_lead ? m->warmup : m->seg_lead;
    int64_t from = first - back > 0 ? first - back : 0;
    m->seg_from = ix.pts[from];
    m->seg_write = ix.pts[first];
    m->seg_end = next < ix.n ? ix.pts[next] : INT64_MAX;
    m->seg_read_end = next + m->seg_lead < ix.n ? ix.pts[next + m->seg_lead] : INT64_MAX;
    if (from > 0)
        m->seg_seek = (double)(ix.pts[from] - ix.start) * ix.tb_num / ix.tb_den;
    free(b);
    io_video_index_free(&ix);
    return 0;
}
