/*
 * video_index.c - the frame index of a video file (io.h io_video_index): the timestamp of
 * every packet of its video stream, sorted into display order, and which ones are key
 * frames. Read by demuxing alone (no decoding: seconds for an hour of 1080p), for `qpipe
 * run --segment`, which splits a video at key frames into parts that partition its frames.
 */
#include "io/video.h"

#include <stdlib.h>
#include <string.h>

typedef struct Entry {
    int64_t pts;
    bool key;
} Entry;

static int by_pts(const void *a, const void *b)
{
    int64_t x = ((const Entry *)a)->pts, y = ((const Entry *)b)->pts;
    return x < y ? -1 : x > y;
}

int io_video_index(const char *path, IoVideoIndex *ix, char *err, size_t errlen)
{
    memset(ix, 0, sizeof *ix);
    if (io_av_need(path, err, errlen))
        return -1;
    io_av_setup();
    AVFormatContext *fmt = NULL;
    char why[512];
    int rc = avformat_open_input(&fmt, path, NULL, NULL);
    if (rc < 0) {
        snprintf(err, errlen, "'%s': cannot open: %s", path, io_av_reason(rc, why, sizeof why));
        return -1;
    }
    Entry *e = NULL;
    size_t n = 0, cap = 0;
    AVPacket *pkt = av_packet_alloc();
    int vidx = avformat_find_stream_info(fmt, NULL) < 0 ? -1
               : av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    if (vidx < 0 || !pkt) {
        snprintf(err, errlen, "'%s': %s", path, pkt ? "no video stream" : "out of memory");
        goto fail;
    }
    const AVStream *st = fmt->streams[vidx];
    while ((rc = av_read_frame(fmt, pkt)) >= 0) {
        if (pkt->stream_index == vidx) {
            int64_t t = pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts;
            if (t == AV_NOPTS_VALUE) {
                snprintf(err, errlen, "'%s': a video packet without a timestamp: cannot split it", path);
                av_packet_unref(pkt);
                goto fail;
            }
            if (n == cap) {
                cap = cap ? 2 * cap : 1024;
                Entry *ne = realloc(e, cap * sizeof *e);
                if (!ne) {
                    snprintf(err, errlen, "'%s': out of memory", path);
                    av_packet_unref(pkt);
                    goto fail;
                }
                e = ne;
            }
            e[n].pts = t;
            e[n++].key = (pkt->flags & AV_PKT_FLAG_KEY) != 0;
        }
        av_packet_unref(pkt);
    }
    if (rc != AVERROR_EOF) {
        snprintf(err, errlen, "'%s': cannot read: %s", path, io_av_reason(rc, why, sizeof why));
        goto fail;
    }
    if (!n) {
        snprintf(err, errlen, "'%s': the video has no frames", path);
        goto fail;
    }
    qsort(e, n, sizeof *e, by_pts);
    ix->pts = malloc(n * sizeof *ix->pts);
    ix->key = malloc(n * sizeof *ix->key);
    if (!ix->pts || !ix->key) {
        snprintf(err, errlen, "'%s': out of memory", path);
        io_video_index_free(ix);
        goto fail;
    }
    for (size_t i = 0; i < n; i++) {
        ix->pts[i] = e[i].pts;
        ix->key[i] = e[i].key;
    }
    ix->n = (int64_t)n;
    ix->tb_num = st->time_base.num;
    ix->tb_den = st->time_base.den;
    ix->start = st->start_time != AV_NOPTS_VALUE ? st->start_time : 0;
    free(e);
    av_packet_free(&pkt);
    avformat_close_input(&fmt);
    return 0;
fail:
    free(e);
    av_packet_free(&pkt);
    avformat_close_input(&fmt);
    return -1;
}

void io_video_index_free(IoVideoIndex *ix)
{
    free(ix->pts);
    free(ix->key);
    memset(ix, 0, sizeof *ix);
}
