/*
 * video_in.c - reading video: demux and decode with libavformat/libavcodec, convert to
 * packed RGB cubes (H x W x 3, 0..255; yuv.c for 8-bit formats, libswscale for the rest),
 * and queue the other streams' packets (audio, subtitles, data) for a writer (video_out.c).
 *
 * Colour: each frame is converted with its own matrix and range (frame->colorspace,
 * frame->color_range, or the yuvj formats' full range): BT.709, BT.601 (also when the
 * stream says nothing, as FFmpeg itself does), SMPTE 240M, FCC, BT.2020. Timestamps are the
 * frames' pts (best effort when missing) in the video stream's time base, exactly as
 * `ffprobe -show_entries frame=pts` lists them.
 */
#include "io/image.h"
#include "io/video.h"
#include "io/yuv.h"

#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---------------------------------------------------------------- FFmpeg's log */

static _Thread_local char last_log[256];
static pthread_once_t av_once = PTHREAD_ONCE_INIT;

static void log_callback(void *avcl, int level, const char *fmt, va_list ap)
{
    (void)avcl;
    if (level > AV_LOG_ERROR)
        return;
    char line[sizeof last_log];
    vsnprintf(line, sizeof line, fmt, ap);
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\n' || line[n - 1] == '.' || line[n - 1] == ' '))
        line[--n] = '\0';
    if (n)
        memcpy(last_log, line, n + 1);
}

static void av_init(void)
{
    av_log_set_callback(log_callback);
}

/* libavdevice (cameras) is loaded when a camera is first opened, not linked: it brings
 * some 80 more shared libraries (SDL, JACK, PulseAudio …) whose loading and symbol
 * lookups cost every qpipe start tens of milliseconds. Registering its devices makes
 * libavformat list them. */
#ifndef IO_AVDEVICE_MAJOR
#define IO_AVDEVICE_MAJOR 59    /* FFmpeg 5; the Makefile passes the installed version's */
#endif
static pthread_once_t devices_once = PTHREAD_ONCE_INIT;

static void load_devices(void)
{
    char name[32];
    snprintf(name, sizeof name, "libavdevice.so.%d", IO_AVDEVICE_MAJOR);
    void *lib = dlopen(name, RTLD_NOW | RTLD_GLOBAL);
    void (*register_all)(void) = lib ? (void (*)(void))dlsym(lib, "avdevice_register_all") : NULL;
    if (register_all)
        register_all();
}

void io_av_setup(void)
{
    pthread_once(&av_once, av_init);
    last_log[0] = '\0';
}

const char *io_av_reason(int code, char *buf, size_t len)
{
    char msg[AV_ERROR_MAX_STRING_SIZE];
    av_strerror(code, msg, sizeof msg);
    if (last_log[0] && !strstr(msg, last_log))
        snprintf(buf, len, "%s (%s)", msg, last_log);
    else
        snprintf(buf, len, "%s", msg);
    return buf;
}

/* ---------------------------------------------------------------- the packet queue */

typedef struct QNode {
    struct QNode *next;
    AVPacket *pkt;
} QNode;

struct IoPacketQueue {
    pthread_mutex_t lock;
    int refs;
    QNode *head, *tail;
    size_t bytes;
    bool claimed, dropped;
};

static IoPacketQueue *pq_new(void)
{
    IoPacketQueue *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    pthread_mutex_init(&q->lock, NULL);
    q->refs = 1;
    return q;
}

static void pq_clear_locked(IoPacketQueue *q)
{
    while (q->head) {
        QNode *n = q->head;
        q->head = n->next;
        av_packet_free(&n->pkt);
        free(n);
    }
    q->tail = NULL;
    q->bytes = 0;
}

/* Takes the packet's reference (pkt is left blank). */
static void pq_push(IoPacketQueue *q, AVPacket *pkt)
{
    pthread_mutex_lock(&q->lock);
    if (!q->claimed && q->bytes + (size_t)pkt->size > IO_VIN_UNCLAIMED_MAX) {
        q->dropped = true;
        pq_clear_locked(q);
    }
    QNode *n = q->dropped && !q->claimed ? NULL : malloc(sizeof *n);
    AVPacket *p = n ? av_packet_alloc() : NULL;
    if (p) {
        av_packet_move_ref(p, pkt);
        n->pkt = p;
        n->next = NULL;
        if (q->tail)
            q->tail->next = n;
        else
            q->head = n;
        q->tail = n;
        q->bytes += (size_t)p->size;
    } else {
        free(n);
        if (!q->claimed)
            q->dropped = true;
        av_packet_unref(pkt);
    }
    pthread_mutex_unlock(&q->lock);
}

AVPacket *io_pq_pop(IoPacketQueue *q, const AVRational *tbs, int64_t t, AVRational tb, bool all)
{
    AVPacket *p = NULL;
    pthread_mutex_lock(&q->lock);
    QNode *n = q->head;
    if (n) {
        int64_t ts = n->pkt->dts != AV_NOPTS_VALUE ? n->pkt->dts : n->pkt->pts;
        if (all || ts == AV_NOPTS_VALUE || av_compare_ts(ts, tbs[n->pkt->stream_index], t, tb) <= 0) {
            q->head = n->next;
            if (!q->head)
                q->tail = NULL;
            q->bytes -= (size_t)n->pkt->size;
            p = n->pkt;
            free(n);
        }
    }
    pthread_mutex_unlock(&q->lock);
    return p;
}

void io_pq_release(IoPacketQueue *q)
{
    if (!q)
        return;
    pthread_mutex_lock(&q->lock);
    int left = --q->refs;
    pthread_mutex_unlock(&q->lock);
    if (left)
        return;
    pq_clear_locked(q);
    pthread_mutex_destroy(&q->lock);
    free(q);
}

/* ---------------------------------------------------------------- the reader */

struct IoVideoIn {
    char *path;
    AVFormatContext *fmt;
    AVCodecContext *dec;
    int vidx;
    AVPacket *pkt;
    AVFrame *frame;
    struct SwsContext *sws;
    int sws_key[5];             /* w, h, format, colour matrix, range of the context */
    uint8_t *rgb;               /* packed RGB24 of the current frame, aligned stride */
    int rgb_stride;
    IoPacketQueue *q;
    bool demux_eof;
    int64_t skip_before;        /* after a seek: frames before this pts are dropped */
};

AVFormatContext *io_vin_format(const IoVideoIn *in) { return in->fmt; }
int io_vin_stream(const IoVideoIn *in) { return in->vidx; }

IoPacketQueue *io_vin_claim(IoVideoIn *in, bool *dropped)
{
    IoPacketQueue *q = in->q;
    pthread_mutex_lock(&q->lock);
    *dropped = q->dropped;
    bool ok = !q->claimed && !q->dropped;
    if (ok) {
        q->claimed = true;
        q->refs++;
    }
    pthread_mutex_unlock(&q->lock);
    return ok ? q : NULL;
}

static void fail(char *err, size_t errlen, const char *path, const char *what, int code)
{
    char why[512];
    snprintf(err, errlen, "'%s': %s: %s", path, what, io_av_reason(code, why, sizeof why));
}

/* "cam:N" names the V4L2 device /dev/videoN. Returns the demuxer to use, or sets err. */
static const AVInputFormat *camera(const char *path, char *dev, size_t devlen, char *err, size_t errlen)
{
    char *end;
    long n = strtol(path + 4, &end, 10);
    if (end == path + 4 || *end || n < 0) {
        snprintf(err, errlen, "'%s': a camera is named cam:N (N = 0, 1, …)", path);
        return NULL;
    }
    snprintf(dev, devlen, "/dev/video%ld", n);
    if (access(dev, F_OK) != 0) {
        snprintf(err, errlen, "'%s': no such camera (%s does not exist)", path, dev);
        return NULL;
    }
    pthread_once(&devices_once, load_devices);
    const AVInputFormat *f = av_find_input_format("video4linux2");
    if (!f)
        snprintf(err, errlen, "'%s': this FFmpeg has no V4L2 input (libavdevice.so.%d)", path, IO_AVDEVICE_MAJOR);
    return f;
}

static int open_decoder(IoVideoIn *in, char *err, size_t errlen)
{
    const AVCodec *codec = NULL;
    int idx = av_find_best_stream(in->fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
    if (idx < 0) {
        snprintf(err, errlen, "'%s': no video stream", in->path);
        return -1;
    }
    if (!codec) {
        snprintf(err, errlen, "'%s': no decoder for the video codec %s", in->path,
                 avcodec_get_name(in->fmt->streams[idx]->codecpar->codec_id));
        return -1;
    }
    in->vidx = idx;
    const AVCodecParameters *par = in->fmt->streams[idx]->codecpar;
    if (io_check_pixels(in->path, par->width ? par->width : 1, par->height ? par->height : 1, err, errlen) < 0)
        return -1;      /* --max-pixels: before any frame is decoded (0 x 0: the decoder will tell) */
    in->dec = avcodec_alloc_context3(codec);
    if (!in->dec || avcodec_parameters_to_context(in->dec, in->fmt->streams[idx]->codecpar) < 0) {
        snprintf(err, errlen, "'%s': out of memory", in->path);
        return -1;
    }
    in->dec->pkt_timebase = in->fmt->streams[idx]->time_base;
    in->dec->thread_count = 0;
    int rc = avcodec_open2(in->dec, codec, NULL);
    if (rc < 0) {
        fail(err, errlen, in->path, "cannot open the decoder", rc);
        return -1;
    }
    return 0;
}

IoVideoIn *io_vin_open(const char *path, char *err, size_t errlen)
{
    io_av_setup();
    io_limit_reset();
    IoVideoIn *in = calloc(1, sizeof *in);
    if (!in || !(in->path = strdup(path)) || !(in->pkt = av_packet_alloc()) ||
        !(in->frame = av_frame_alloc()) || !(in->q = pq_new())) {
        snprintf(err, errlen, "'%s': out of memory", path);
        io_vin_close(in);
        return NULL;
    }
    in->skip_before = AV_NOPTS_VALUE;
    const AVInputFormat *ifmt = NULL;
    char dev[64];
    const char *url = path;
    if (!strncmp(path, "cam:", 4)) {
        if (!(ifmt = camera(path, dev, sizeof dev, err, errlen))) {
            io_vin_close(in);
            return NULL;
        }
        url = dev;
    } else if (!strstr(path, "://") && access(path, R_OK) != 0) {   /* files; URLs go to FFmpeg */
        snprintf(err, errlen, "'%s': cannot open: %s", path, strerror(errno));
        io_vin_close(in);
        return NULL;
    }
    int rc = avformat_open_input(&in->fmt, url, ifmt, NULL);
    if (rc < 0) {
        fail(err, errlen, path, "cannot open", rc);
        io_vin_close(in);
        return NULL;
    }
    rc = avformat_find_stream_info(in->fmt, NULL);
    if (rc < 0) {
        fail(err, errlen, path, "cannot read the stream information", rc);
        io_vin_close(in);
        return NULL;
    }
    if (open_decoder(in, err, errlen) < 0) {
        io_vin_close(in);
        return NULL;
    }
    return in;
}

void io_vin_info(const IoVideoIn *in, IoVideoInfo *info)
{
    const AVStream *st = in->fmt->streams[in->vidx];
    const AVCodecParameters *par = st->codecpar;
    info->width = par->width;
    info->height = par->height;
    AVRational r = st->avg_frame_rate.num ? st->avg_frame_rate : st->r_frame_rate;
    info->fps = r.num && r.den ? av_q2d(r) : 0;
    info->frame_count = st->nb_frames > 0 ? st->nb_frames : -1;
    if (in->fmt->duration != AV_NOPTS_VALUE && in->fmt->duration > 0)
        info->duration_sec = (double)in->fmt->duration / AV_TIME_BASE;
    else if (st->duration != AV_NOPTS_VALUE && st->duration > 0)
        info->duration_sec = (double)st->duration * av_q2d(st->time_base);
    else
        info->duration_sec = 0;
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get((enum AVPixelFormat)par->format);
    info->bits_per_color = d ? d->comp[0].depth : 8;
}

/* Convert f to packed RGB24 in in->rgb. */
static int to_rgb(IoVideoIn *in, const AVFrame *f, char *err, size_t errlen)
{
    int key[5] = {f->width, f->height, f->format, io_sws_matrix(f->colorspace),
                  io_full_range(f->format, f->color_range)};
    if (!in->sws || memcmp(key, in->sws_key, sizeof key)) {
        sws_freeContext(in->sws);
        av_freep(&in->rgb);
        /* FFmpeg's own default conversion (bicubic; chroma replicated by the fast path),
         * so that frames equal `ffmpeg -pix_fmt rgb24`'s and a round trip through RGB
         * keeps the chroma samples (interpolating them would blur them on the way back) */
        in->sws = sws_getContext(f->width, f->height, f->format, f->width, f->height, AV_PIX_FMT_RGB24,
                                 SWS_BICUBIC, NULL, NULL, NULL);
        in->rgb_stride = FFALIGN(f->width * 3, 64);
        in->rgb = av_malloc((size_t)in->rgb_stride * f->height + 64);
        if (!in->sws || !in->rgb) {
            snprintf(err, errlen, "'%s': cannot convert frames of pixel format %s to RGB", in->path,
                     av_get_pix_fmt_name(f->format));
            return -1;
        }
        const int *coef = sws_getCoefficients(key[3]);
        sws_setColorspaceDetails(in->sws, coef, key[4], sws_getCoefficients(SWS_CS_DEFAULT), 1, 0,
                                 1 << 16, 1 << 16);
        memcpy(in->sws_key, key, sizeof key);
    }
    uint8_t *dst[4] = {in->rgb};
    int dstride[4] = {in->rgb_stride};
    sws_scale(in->sws, (const uint8_t *const *)f->data, f->linesize, 0, f->height, dst, dstride);
    return 0;
}

/* uint8 samples to floats: vectorized (see video_out.c's rows), it runs for every sample. */
#define ROW_FN(name, T) \
    __attribute__((optimize("tree-vectorize", "vect-cost-model=dynamic"))) \
    static void name(T *restrict d, const uint8_t *restrict s, size_t n) \
    { \
        for (size_t i = 0; i < n; i++) \
            d[i] = s[i]; \
    }
ROW_FN(row_to_f32, float)
ROW_FN(row_to_f64, double)

/* The RGB24 rows into a new H x W x 3 array of element type e. */
static Value rgb_array(IoVideoIn *in, const AVFrame *f, RtElem e)
{
    int w = f->width, h = f->height;
    int64_t dims[3] = {h, w, 3};
    Value v = rt_array_uninit(e, 3, dims);
    if (v.kind != V_ARRAY)
        return v;
    size_t row = (size_t)w * 3;
    for (int y = 0; y < h; y++) {
        const uint8_t *s = in->rgb + (size_t)y * in->rgb_stride;
        if (e == RT_U8)
            memcpy((uint8_t *)v.a->data + y * row, s, row);
        else if (e == RT_F32)
            row_to_f32((float *)v.a->data + y * row, s, row);
        else
            row_to_f64((double *)v.a->data + y * row, s, row);
    }
    return v;
}

/* Feed the decoder one packet of the video stream (other streams' go to the queue).
 * 1 when fed or queued, 0 at the end of the file, negative on error. */
static int feed(IoVideoIn *in, char *err, size_t errlen)
{
    int rc = av_read_frame(in->fmt, in->pkt);
    if (rc == AVERROR_EOF || (rc < 0 && in->fmt->pb && avio_feof(in->fmt->pb))) {
        in->demux_eof = true;
        avcodec_send_packet(in->dec, NULL);
        return 0;
    }
    if (rc < 0) {
        fail(err, errlen, in->path, "read error", rc);
        return -1;
    }
    if (in->pkt->stream_index != in->vidx) {
        pq_push(in->q, in->pkt);
        return 1;
    }
    rc = avcodec_send_packet(in->dec, in->pkt);
    av_packet_unref(in->pkt);
    /* a damaged packet is skipped, as FFmpeg's tools do; the decoder resynchronises */
    if (rc < 0 && rc != AVERROR_INVALIDDATA && rc != AVERROR(EAGAIN)) {
        fail(err, errlen, in->path, "decoding failed", rc);
        return -1;
    }
    return 1;
}

/* The next decoded frame into in->frame: 1, 0 at the end, negative on error. */
static int next_frame(IoVideoIn *in, char *err, size_t errlen)
{
    for (;;) {
        int rc = avcodec_receive_frame(in->dec, in->frame);
        if (rc == 0)
            return 1;
        if (rc == AVERROR_EOF)
            return 0;
        if (rc != AVERROR(EAGAIN) && rc != AVERROR_INVALIDDATA) {
            fail(err, errlen, in->path, "decoding failed", rc);
            return -1;
        }
        if (in->demux_eof)
            return 0;
        rc = feed(in, err, errlen);
        if (rc < 0)
            return rc;
    }
}

/* Picture f into a new H x W x 3 array of element type e: directly (yuv.c) for the 8-bit
 * formats it takes, through libswscale's RGB24 otherwise. */
static int convert(IoVideoIn *in, const AVFrame *f, RtElem e, Value *frame, char *err, size_t errlen)
{
    IoPixLayout l;
    if (io_pix_layout(f->format, &l)) {
        int64_t dims[3] = {f->height, f->width, 3};
        *frame = rt_array_uninit(e, 3, dims);
        IoColour k;
        io_colour(f->colorspace, io_full_range(f->format, f->color_range), &k);
        if (frame->kind == V_ARRAY && io_frame_to_rgb(f, &l, &k, e, frame->a->data) == 0)
            return 0;
    } else if (to_rgb(in, f, err, errlen) < 0) {
        return -1;
    } else {
        *frame = rgb_array(in, f, e);
        if (frame->kind == V_ARRAY)
            return 0;
    }
    rt_release(*frame);
    *frame = rt_undef();
    snprintf(err, errlen, "'%s': out of memory for a frame", in->path);
    return -1;
}

static int64_t frame_pts(const AVFrame *f)
{
    return f->pts != AV_NOPTS_VALUE ? f->pts : f->best_effort_timestamp;
}

/* The next frame to return into in->frame (frames before a seek's target dropped). */
static int next_wanted(IoVideoIn *in, int64_t *pts, char *err, size_t errlen)
{
    for (;;) {
        int rc = next_frame(in, err, errlen);
        if (rc <= 0)
            return rc;
        int64_t t = frame_pts(in->frame);
        if (in->skip_before != AV_NOPTS_VALUE && t != AV_NOPTS_VALUE && t < in->skip_before) {
            av_frame_unref(in->frame);
            continue;
        }
        in->skip_before = AV_NOPTS_VALUE;
        *pts = t;
        return 1;
    }
}

int io_vin_read_elem(IoVideoIn *in, RtElem e, Value *frame, int64_t *pts, char *err, size_t errlen)
{
    *frame = rt_undef();
    int rc = next_wanted(in, pts, err, errlen);
    if (rc <= 0)
        return rc;
    rc = convert(in, in->frame, e, frame, err, errlen);
    av_frame_unref(in->frame);
    return rc < 0 ? rc : 1;
}

int io_vin_read_picture(IoVideoIn *in, IoPicture **pic, int64_t *pts, char *err, size_t errlen)
{
    *pic = NULL;
    int rc = next_wanted(in, pts, err, errlen);
    if (rc <= 0)
        return rc;
    if (!(*pic = av_frame_alloc())) {
        av_frame_unref(in->frame);
        snprintf(err, errlen, "'%s': out of memory for a frame", in->path);
        return -1;
    }
    av_frame_move_ref(*pic, in->frame);
    return 1;
}

int io_vin_convert(IoVideoIn *in, const IoPicture *pic, bool dbl, Value *frame, char *err, size_t errlen)
{
    return convert(in, pic, dbl ? RT_F64 : RT_F32, frame, err, errlen);
}

void io_picture_free(IoPicture **pic)
{
    av_frame_free(pic);
}

int io_vin_read(IoVideoIn *in, bool dbl, Value *frame, int64_t *pts, char *err, size_t errlen)
{
    return io_vin_read_elem(in, dbl ? RT_F64 : RT_F32, frame, pts, err, errlen);
}

/* Seek to the first frame at or after `seconds` (from the start of the stream): jump to the
 * key frame before it and decode forward. The queued packets of other streams are dropped. */
int io_vin_seek(IoVideoIn *in, double seconds, char *err, size_t errlen)
{
    AVStream *st = in->fmt->streams[in->vidx];
    int64_t start = st->start_time != AV_NOPTS_VALUE ? st->start_time : 0;
    int64_t ts = start + (int64_t)llround(seconds / av_q2d(st->time_base));
    if (seconds < 0 || !isfinite(seconds)) {
        snprintf(err, errlen, "'%s': cannot seek to %g s", in->path, seconds);
        return -1;
    }
    int rc = av_seek_frame(in->fmt, in->vidx, ts, AVSEEK_FLAG_BACKWARD);
    if (rc < 0)
        rc = av_seek_frame(in->fmt, in->vidx, ts, AVSEEK_FLAG_BACKWARD | AVSEEK_FLAG_ANY);
    if (rc < 0) {
        fail(err, errlen, in->path, "cannot seek", rc);
        return -1;
    }
    avcodec_flush_buffers(in->dec);
    in->demux_eof = false;
    in->skip_before = ts;
    pthread_mutex_lock(&in->q->lock);
    pq_clear_locked(in->q);
    pthread_mutex_unlock(&in->q->lock);
    return 0;
}

void io_vin_close(IoVideoIn *in)
{
    if (!in)
        return;
    avcodec_free_context(&in->dec);
    avformat_close_input(&in->fmt);
    av_packet_free(&in->pkt);
    av_frame_free(&in->frame);
    sws_freeContext(in->sws);
    av_free(in->rgb);
    io_pq_release(in->q);
    free(in->path);
    free(in);
}
