/*
 * video_concat.c - the assembly of `qpipe run --segment` parts (io.h io_video_concat):
 * the video packets of the parts, one after the other, and the other streams of the
 * original input, copied once, interleaved by time into one file. Nothing is decoded or
 * encoded: the parts' frames and timestamps (the original's, which the segments keep) are
 * the output's, so with a lossless codec the result is the single run's, frame for frame.
 */
#include "io/video.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Concat {
    const char *out_path;
    AVFormatContext *orig, *part, *out;
    int orig_v, part_v, part_i;
    const char *const *parts;
    int nparts;
    int *map;                   /* original stream -> output stream, -1 left out */
    AVStream *vst;              /* the output's video stream (index 0) */
    int64_t last_dts;           /* of the output's video, in its time base */
    char *err;
    size_t errlen;
} Concat;

static int av_fail(Concat *c, const char *path, const char *what, int code)
{
    char why[512];
    snprintf(c->err, c->errlen, "'%s': %s: %s", path, what, io_av_reason(code, why, sizeof why));
    return -1;
}

static int open_in(Concat *c, const char *path, AVFormatContext **fmt, int *vidx)
{
    int rc = avformat_open_input(fmt, path, NULL, NULL);
    if (rc < 0)
        return av_fail(c, path, "cannot open", rc);
    if ((rc = avformat_find_stream_info(*fmt, NULL)) < 0)
        return av_fail(c, path, "cannot read", rc);
    *vidx = av_find_best_stream(*fmt, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    if (*vidx < 0) {
        snprintf(c->err, c->errlen, "'%s': no video stream", path);
        return -1;
    }
    return 0;
}

/* The output's streams: the video of the first part, then the original's others. */
static int make_streams(Concat *c)
{
    const AVStream *pv = c->part->streams[c->part_v], *ov = c->orig->streams[c->orig_v];
    if (!(c->vst = avformat_new_stream(c->out, NULL)) || avcodec_parameters_copy(c->vst->codecpar, pv->codecpar) < 0)
        goto oom;
    c->vst->codecpar->codec_tag = 0;
    c->vst->time_base = pv->time_base;
    c->vst->avg_frame_rate = pv->avg_frame_rate;
    c->vst->r_frame_rate = pv->r_frame_rate;
    c->vst->sample_aspect_ratio = pv->sample_aspect_ratio;
    c->vst->disposition = ov->disposition;
    av_dict_copy(&c->out->metadata, c->orig->metadata, 0);
    av_dict_copy(&c->vst->metadata, ov->metadata, 0);
    av_dict_set(&c->vst->metadata, "encoder", NULL, 0);
    if (!(c->map = malloc(sizeof *c->map * c->orig->nb_streams)))
        goto oom;
    for (unsigned i = 0; i < c->orig->nb_streams; i++) {
        AVStream *is = c->orig->streams[i];
        c->map[i] = -1;
        if ((int)i == c->orig_v || !io_vout_copyable(c->out->oformat, is->codecpar)) {
            is->discard = AVDISCARD_ALL;
            continue;
        }
        AVStream *os = avformat_new_stream(c->out, NULL);
        if (!os || avcodec_parameters_copy(os->codecpar, is->codecpar) < 0)
            goto oom;
        os->codecpar->codec_tag = 0;
        os->time_base = is->time_base;
        os->disposition = is->disposition;
        av_dict_copy(&os->metadata, is->metadata, 0);
        c->map[i] = os->index;
    }
    if (io_vout_copy_chapters(c->out, c->orig) < 0)
        goto oom;
    return 0;
oom:
    snprintf(c->err, c->errlen, "'%s': out of memory", c->out_path);
    return -1;
}

/* The next video packet of the parts (opening the next part at the end of one): 1, 0 at
 * the end of the last, -1 on error. */
static int next_video(Concat *c, AVPacket *pkt)
{
    for (;;) {
        int rc = av_read_frame(c->part, pkt);
        if (rc >= 0) {
            if (pkt->stream_index == c->part_v)
                return 1;
            av_packet_unref(pkt);
            continue;
        }
        if (rc != AVERROR_EOF)
            return av_fail(c, c->parts[c->part_i], "cannot read", rc);
        if (++c->part_i == c->nparts)
            return 0;
        avformat_close_input(&c->part);
        if (open_in(c, c->parts[c->part_i], &c->part, &c->part_v) < 0)
            return -1;
        const AVCodecParameters *a = c->vst->codecpar, *b = c->part->streams[c->part_v]->codecpar;
        if (a->codec_id != b->codec_id || a->width != b->width || a->height != b->height || a->format != b->format) {
            snprintf(c->err, c->errlen, "'%s': its video (%s %dx%d) differs from the first part's (%s %dx%d)",
                     c->parts[c->part_i], avcodec_get_name(b->codec_id), b->width, b->height,
                     avcodec_get_name(a->codec_id), a->width, a->height);
            return -1;
        }
    }
}

/* The next packet of the original's other streams: 1, 0 at its end, -1 on error. */
static int next_other(Concat *c, AVPacket *pkt)
{
    for (;;) {
        int rc = av_read_frame(c->orig, pkt);
        if (rc == AVERROR_EOF)
            return 0;
        if (rc < 0)
            return av_fail(c, c->orig->url, "cannot read", rc);
        if (c->map[pkt->stream_index] >= 0)
            return 1;
        av_packet_unref(pkt);
    }
}

static int64_t when(const AVPacket *p)
{
    return p->dts != AV_NOPTS_VALUE ? p->dts : p->pts;
}

static int write_video(Concat *c, AVPacket *v)
{
    av_packet_rescale_ts(v, c->part->streams[c->part_v]->time_base, c->vst->time_base);
    if (v->dts != AV_NOPTS_VALUE && c->last_dts != AV_NOPTS_VALUE && v->dts <= c->last_dts)
        v->dts = c->last_dts + 1;      /* a part's encoder delay overlapping the previous part */
    if (v->dts != AV_NOPTS_VALUE)
        c->last_dts = v->dts;
    v->stream_index = c->vst->index;
    v->pos = -1;
    int rc = av_interleaved_write_frame(c->out, v);
    return rc < 0 ? av_fail(c, c->out_path, "cannot write", rc) : 0;
}

static int write_other(Concat *c, AVPacket *o)
{
    AVStream *is = c->orig->streams[o->stream_index];
    int os = c->map[o->stream_index];
    av_packet_rescale_ts(o, is->time_base, c->out->streams[os]->time_base);
    o->stream_index = os;
    o->pos = -1;
    int rc = av_interleaved_write_frame(c->out, o);
    return rc < 0 ? av_fail(c, c->out_path, "cannot write", rc) : 0;
}

static int run(Concat *c, const char *original)
{
    if (open_in(c, original, &c->orig, &c->orig_v) < 0 || open_in(c, c->parts[0], &c->part, &c->part_v) < 0)
        return -1;
    int rc = avformat_alloc_output_context2(&c->out, NULL, NULL, c->out_path);
    if (rc < 0 || !c->out) {
        snprintf(c->err, c->errlen, "'%s': no container format for this name", c->out_path);
        return -1;
    }
    if (make_streams(c) < 0)
        return -1;
    if (!(c->out->oformat->flags & AVFMT_NOFILE) && (rc = avio_open(&c->out->pb, c->out_path, AVIO_FLAG_WRITE)) < 0)
        return av_fail(c, c->out_path, "cannot create", rc);
    if ((rc = avformat_write_header(c->out, NULL)) < 0)
        return av_fail(c, c->out_path, "cannot write", rc);
    AVPacket *v = av_packet_alloc(), *o = av_packet_alloc();
    int hv = v ? next_video(c, v) : -1, ho = o ? next_other(c, o) : -1;
    rc = 0;
    while (hv > 0 || ho > 0) {
        if (hv < 0 || ho < 0) {
            rc = -1;
            break;
        }
        bool video_first = hv > 0 && (ho <= 0 || av_compare_ts(when(v), c->part->streams[c->part_v]->time_base, when(o),
                                                               c->orig->streams[o->stream_index]->time_base) <= 0);
        if (video_first) {
            if ((rc = write_video(c, v)) < 0)
                break;
            hv = next_video(c, v);
        } else {
            if ((rc = write_other(c, o)) < 0)
                break;
            ho = next_other(c, o);
        }
    }
    if (hv < 0 || ho < 0)
        rc = -1;
    av_packet_free(&v);
    av_packet_free(&o);
    if (rc < 0)
        return -1;
    if ((rc = av_write_trailer(c->out)) < 0)
        return av_fail(c, c->out_path, "cannot finish", rc);
    return 0;
}

int io_video_concat(const char *original, const char *const *parts, int n, const char *out, char *err,
                    size_t errlen)
{
    if (io_av_need(out, err, errlen))
        return -1;
    io_av_setup();
    if (n < 1) {
        snprintf(err, errlen, "'%s': no parts to join", out);
        return -1;
    }
    Concat c = {.out_path = out, .parts = parts, .nparts = n, .last_dts = AV_NOPTS_VALUE, .err = err,
                .errlen = errlen};
    int rc = run(&c, original);
    if (c.out) {
        if (c.out->pb)
            avio_closep(&c.out->pb);
        avformat_free_context(c.out);
    }
    avformat_close_input(&c.orig);
    avformat_close_input(&c.part);
    free(c.map);
    if (rc < 0)
        unlink(out);
    return rc;
}
