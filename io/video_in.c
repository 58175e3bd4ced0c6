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

#include "io/ffmpeg_dl.h"

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
static char devices_why[300];   /* why libavdevice did not load (empty when it did) */

static void load_devices(void)
{
    char name[32];
    snprintf(name, sizeof name, "libavdevice.so.%d", IO_AVDEVICE_MAJOR);
    void *lib = rt_dl_open(name, RTLD_NOW | RTLD_GLOBAL, devices_why, sizeof devices_why);
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

/* ---------------------------------------------------------------- the reader */

struct IoVideoIn {
    RtPool *pool;               /* frames are converted on it (io_vin_set_pool); NULL: serial */
    char *path;
    AVFormatContext *fmt;
    AVCodecContext *dec;
    int vidx;
    AVPacket *pkt;
    AVFrame *frame;
    struct SwsContext *sws;
    int sws_key[5];             /* w, h, format, colour matrix, range of the context */
    uint8_t *rgb;               /* packed RGB24 (RGB48 when deep) of the current frame */
    int rgb_stride;
    bool deep;                  /* the frame has more than 8 bits: RGB48, no 8-bit stage */
    IoPacketQueue *q;
    bool demux_eof;
    int64_t skip_before;        /* after a seek: frames before this pts are dropped */
    IoVideoInOptions opt;
    int64_t offset;             /* subtracted from the video's timestamps (stream tb) */
    int64_t offset_us;          /* the same, AV_TIME_BASE; the other streams' */
    int64_t start_us, end_us;   /* other streams' packets outside are dropped (file time) */
    int64_t end_ts;             /* frames at or after it are not read (stream tb) */
    bool range_end;             /* reading stopped at end_ts: not a short stream */
    /* damage (io_vin_damage) */
    IoVideoDamage dmg;
    int nerr, nts;              /* timestamps listed in dmg */
    int64_t packets, decoded, delivered;
    int64_t gaps;               /* frames' worth of holes between delivered timestamps */
    double first_gap;           /* where the first hole is (seconds, as output) */
    int64_t last_pts;           /* of the last frame returned (stream tb), when have_last */
    bool have_last;
    bool checked_end;           /* the end of the stream was compared with its declaration */
    int turn;                   /* degrees clockwise that make the stored frames upright (0, 90,
                                   180, 270): the stream's display matrix, as ffmpeg autorotates */
};

AVFormatContext *io_vin_format(const IoVideoIn *in) { return in->fmt; }
int io_vin_stream(const IoVideoIn *in) { return in->vidx; }

IoPacketQueue *io_vin_claim(IoVideoIn *in, bool *dropped)
{
    return io_pq_claim(in->q, dropped);
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
        snprintf(err, errlen, "'%s': this FFmpeg has no V4L2 input (%s)", path,
                 devices_why[0] ? devices_why : "libavdevice has no video4linux2");
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

/* The range of IoVideoInOptions: seek to start (timestamps then start at 0, as ffmpeg
 * does with -ss before -i), stop at end. */
static int set_range(IoVideoIn *in, char *err, size_t errlen)
{
    const AVStream *st = in->fmt->streams[in->vidx];
    int64_t st_start = st->start_time != AV_NOPTS_VALUE ? st->start_time : 0;
    int64_t fstart_us = av_rescale_q(st_start, st->time_base, AV_TIME_BASE_Q);
    in->start_us = INT64_MIN;
    in->end_us = INT64_MAX;
    in->end_ts = INT64_MAX;
    if (in->opt.end > 0) {
        in->end_us = fstart_us + (int64_t)llround(in->opt.end * AV_TIME_BASE);
        in->end_ts = st_start + (int64_t)llround(in->opt.end / av_q2d(st->time_base));
    }
    if (in->opt.start <= 0)
        return 0;
    if (io_vin_seek(in, in->opt.start, err, errlen) < 0)
        return -1;
    in->offset = in->skip_before;
    in->start_us = fstart_us + (int64_t)llround(in->opt.start * AV_TIME_BASE);
    in->offset_us = in->start_us;
    return 0;
}

/* The clockwise turn (0, 90, 180, 270) that shows the stream's frames upright: its display
 * matrix (phones store portrait video as landscape frames and a rotation), as ffmpeg's
 * autorotation reads it (the matrix's angle is counter-clockwise). Other angles, and
 * mirrored matrices, are left as stored. */
static int display_turn(const AVStream *st)
{
    size_t size = 0;
    const uint8_t *m = av_stream_get_side_data(st, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (!m || size < 9 * sizeof(int32_t))
        return 0;
    const int32_t *d = (const int32_t *)m;
    if ((double)d[0] * d[4] - (double)d[1] * d[3] < 0)
        return 0;       /* mirrored */
    double a = -av_display_rotation_get(d);
    if (a != a)
        return 0;
    a -= 360.0 * floor(a / 360.0 + 0.9 / 360.0);
    for (int turn = 0; turn <= 270; turn += 90)
        if (fabs(a - turn) < 1.0)
            return turn;
    return 0;
}

IoVideoIn *io_vin_open(const char *path, char *err, size_t errlen)
{
    return io_vin_open_with(path, NULL, err, errlen);
}

IoVideoIn *io_vin_open_with(const char *path, const IoVideoInOptions *o, char *err, size_t errlen)
{
    if (io_av_need(path, err, errlen))
        return NULL;
    io_av_setup();
    io_limit_reset();
    IoVideoIn *in = calloc(1, sizeof *in);
    if (!in || !(in->path = strdup(path)) || !(in->pkt = av_packet_alloc()) ||
        !(in->frame = av_frame_alloc()) || !(in->q = io_pq_new())) {
        snprintf(err, errlen, "'%s': out of memory", path);
        io_vin_close(in);
        return NULL;
    }
    in->skip_before = AV_NOPTS_VALUE;
    if (o)
        in->opt = *o;
    const AVInputFormat *ifmt = NULL;
    AVDictionary *dopt = NULL;
    char dev[64];
    const char *url = path;
    bool seq = io_is_sequence(path) && access(path, F_OK) != 0;
    if (!strcmp(path, "-")) {
        url = "pipe:0";
    } else if (seq) {
        /* FFmpeg's image2: the pattern's numbers from the first found (0..4) up */
        ifmt = av_find_input_format("image2");
        char rate[32];
        snprintf(rate, sizeof rate, "%.6g", in->opt.fps > 0 ? in->opt.fps : 25.0);
        av_dict_set(&dopt, "framerate", rate, 0);
    } else if (!strncmp(path, "cam:", 4)) {
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
    int rc = avformat_open_input(&in->fmt, url, ifmt, &dopt);
    av_dict_free(&dopt);
    if (rc < 0 && seq) {
        snprintf(err, errlen, "'%s': no images match the pattern (numbered from 0 to 4 up)", path);
        io_vin_close(in);
        return NULL;
    }
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
    if (open_decoder(in, err, errlen) < 0 || set_range(in, err, errlen) < 0) {
        io_vin_close(in);
        return NULL;
    }
    in->turn = in->opt.no_autorotate ? 0 : display_turn(in->fmt->streams[in->vidx]);
    return in;
}

void io_vin_info(const IoVideoIn *in, IoVideoInfo *info)
{
    const AVStream *st = in->fmt->streams[in->vidx];
    const AVCodecParameters *par = st->codecpar;
    info->width = in->turn % 180 ? par->height : par->width;      /* as the frames come, upright */
    info->height = in->turn % 180 ? par->width : par->height;
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

static bool deep_format(int format)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(format);
    return d && d->comp[0].depth > 8;
}

/* Convert f to packed RGB24 (RGB48 for formats of more than 8 bits) in in->rgb. */
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
        in->deep = deep_format(f->format);
        in->sws = sws_getContext(f->width, f->height, f->format, f->width, f->height,
                                 in->deep ? AV_PIX_FMT_RGB48 : AV_PIX_FMT_RGB24,
                                 SWS_BICUBIC | (in->deep ? SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT : 0), NULL, NULL, NULL);
        in->rgb_stride = FFALIGN(f->width * (in->deep ? 6 : 3), 64);
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

/* RGB48 samples (0..65535) to the 0..255 scale, keeping the fraction: 10-bit video reaches
 * the filters with its 1023 levels. */
static void row48(void *d, RtElem e, const uint16_t *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (e == RT_U8)
            ((uint8_t *)d)[i] = (uint8_t)((s[i] + 128u) / 257u);
        else if (e == RT_F32)
            ((float *)d)[i] = s[i] / 257.0f;
        else
            ((double *)d)[i] = s[i] / 257.0;
    }
}

/* The RGB24 (RGB48) rows into a new H x W x 3 array of element type e. */
static Value rgb_array(IoVideoIn *in, const AVFrame *f, RtElem e)
{
    int w = f->width, h = f->height;
    int64_t dims[3] = {h, w, 3};
    Value v = rt_array_frame(e, 3, dims);
    if (v.kind != V_ARRAY)
        return v;
    size_t row = (size_t)w * 3;
    if (in->deep) {
        size_t es = rt_elem_size(e);
        for (int y = 0; y < h; y++)
            row48((uint8_t *)v.a->data + y * row * es, e, (const uint16_t *)(in->rgb + (size_t)y * in->rgb_stride), row);
        return v;
    }
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
/* Seconds, as the output will have them, of a timestamp ts of stream st (tb). */
static double out_seconds(const IoVideoIn *in, int64_t ts, AVRational tb)
{
    return ts == AV_NOPTS_VALUE ? NAN : ts * av_q2d(tb) - in->offset_us / (double)AV_TIME_BASE;
}

static void note_time(double *list, int *n, double t)
{
    if (*n < IO_DAMAGE_TIMES)
        list[(*n)++] = t;
}

static void note_error(IoVideoIn *in, double t)
{
    in->dmg.decode_errors++;
    note_time(in->dmg.error_at, &in->nerr, t);
}

bool io_vin_keeps(const IoVideoIn *in, int stream)
{
    if (stream < 0 || stream >= (int)in->fmt->nb_streams)
        return false;
    enum AVMediaType type = in->fmt->streams[stream]->codecpar->codec_type;
    return !(type == AVMEDIA_TYPE_AUDIO && in->opt.no_audio) && !(type == AVMEDIA_TYPE_SUBTITLE && in->opt.no_subtitles);
}

/* A packet of another stream: dropped (-an, -sn, outside the range) or shifted by the
 * offset and queued for a writer. */
static void other_packet(IoVideoIn *in, AVPacket *pkt)
{
    const AVStream *st = in->fmt->streams[pkt->stream_index];
    int64_t ts = pkt->pts != AV_NOPTS_VALUE ? pkt->pts : pkt->dts;
    int64_t us = ts == AV_NOPTS_VALUE ? AV_NOPTS_VALUE : av_rescale_q(ts, st->time_base, AV_TIME_BASE_Q);
    if (!io_vin_keeps(in, pkt->stream_index) || (us != AV_NOPTS_VALUE && (us < in->start_us || us >= in->end_us))) {
        av_packet_unref(pkt);
        return;
    }
    if (in->offset_us) {
        int64_t o = av_rescale_q(in->offset_us, AV_TIME_BASE_Q, st->time_base);
        if (pkt->pts != AV_NOPTS_VALUE)
            pkt->pts -= o;
        if (pkt->dts != AV_NOPTS_VALUE)
            pkt->dts -= o;
    }
    io_pq_push(in->q, pkt);
}

/* The demuxer is done: at the end, or (a cut or damaged file) at an error, which ends the
 * stream as FFmpeg's tools end it and is counted as damage. */
static void demux_done(IoVideoIn *in, int rc)
{
    if (rc != AVERROR_EOF && !(in->fmt->pb && avio_feof(in->fmt->pb)))
        note_error(in, in->delivered ? out_seconds(in, in->last_pts, in->fmt->streams[in->vidx]->time_base) : 0);
    in->demux_eof = true;
    avcodec_send_packet(in->dec, NULL);
}

static int feed(IoVideoIn *in, char *err, size_t errlen)
{
    int rc = av_read_frame(in->fmt, in->pkt);
    if (rc == AVERROR(EAGAIN)) {     /* a live source with nothing yet */
        usleep(1000);
        return 1;
    }
    if (rc < 0) {
        demux_done(in, rc);
        return 0;
    }
    if (in->pkt->stream_index != in->vidx) {
        other_packet(in, in->pkt);
        return 1;
    }
    AVRational tb = in->fmt->streams[in->vidx]->time_base;
    int64_t ts = in->pkt->pts != AV_NOPTS_VALUE ? in->pkt->pts : in->pkt->dts;
    in->packets++;
    if (in->pkt->flags & AV_PKT_FLAG_CORRUPT)
        note_error(in, out_seconds(in, ts, tb));
    rc = avcodec_send_packet(in->dec, in->pkt);
    av_packet_unref(in->pkt);
    /* a damaged packet is skipped, as FFmpeg's tools do (the decoder resynchronises), and
     * counted */
    if (rc == AVERROR_INVALIDDATA)
        note_error(in, out_seconds(in, ts, tb));
    else if (rc < 0 && rc != AVERROR(EAGAIN)) {
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
        if (rc == 0) {
            in->decoded++;
            return 1;
        }
        if (rc == AVERROR_EOF)
            return 0;
        if (rc == AVERROR_INVALIDDATA)
            note_error(in, in->delivered ? out_seconds(in, in->last_pts, in->fmt->streams[in->vidx]->time_base) : 0);
        else if (rc != AVERROR(EAGAIN)) {
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
static int convert_stored(IoVideoIn *in, const AVFrame *f, RtElem e, Value *frame, char *err, size_t errlen);

/* The H x W x 3 frame turned clockwise by `turn` degrees (in->turn): a new array. */
static Value turned(Value v, int turn)
{
    const RtArray *a = v.a;
    int64_t h = a->dims[0], w = a->dims[1];
    int64_t dims[3] = {turn == 180 ? h : w, turn == 180 ? w : h, 3};
    Value t = rt_array_frame(a->elem, 3, dims);
    if (t.kind != V_ARRAY)
        return t;
    size_t px = 3 * rt_elem_size(a->elem);
    const char *s = a->data;
    char *d = t.a->data;
    int64_t ow = dims[1];
    int o = turn == 90 ? 6 : turn == 180 ? 3 : 8;     /* as Exif orientations (orient.c) */
    for (int y = 0; y < (int)h; y++)
        for (int x = 0; x < (int)w; x++) {
            int oy, ox;
            io_orient_place(o, (int)w, (int)h, y, x, &oy, &ox);
            memcpy(d + (size_t)((int64_t)oy * ow + ox) * px, s + (size_t)((int64_t)y * w + x) * px, px);
        }
    return t;
}

static int convert(IoVideoIn *in, const AVFrame *f, RtElem e, Value *frame, char *err, size_t errlen)
{
    int rc = convert_stored(in, f, e, frame, err, errlen);
    if (rc < 0 || !in->turn)
        return rc;
    Value t = turned(*frame, in->turn);
    rt_release(*frame);
    *frame = t;
    if (t.kind == V_ARRAY)
        return 0;
    *frame = rt_undef();
    snprintf(err, errlen, "'%s': out of memory for a frame", in->path);
    return -1;
}

static int convert_stored(IoVideoIn *in, const AVFrame *f, RtElem e, Value *frame, char *err, size_t errlen)
{
    IoPixLayout l;
    if (io_pix_layout(f->format, &l)) {
        int64_t dims[3] = {f->height, f->width, 3};
        *frame = rt_array_frame(e, 3, dims);
        IoColour k;
        io_colour(f->colorspace, io_full_range(f->format, f->color_range), &k);
        if (frame->kind == V_ARRAY && io_frame_to_rgb(in->pool, f, &l, &k, e, frame->a->data) == 0)
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

/* libavcodec's best guess (the pts, or the dts where pts are missing or out of order),
 * as FFmpeg's tools take it. */
static int64_t frame_pts(const AVFrame *f)
{
    return f->best_effort_timestamp != AV_NOPTS_VALUE ? f->best_effort_timestamp : f->pts;
}

/* One frame's duration in the stream's time base (the frame's, else the frame rate's). */
static int64_t frame_duration(const IoVideoIn *in, const AVFrame *f)
{
    const AVStream *st = in->fmt->streams[in->vidx];
    if (f && f->pkt_duration > 0)
        return f->pkt_duration;
    AVRational r = st->avg_frame_rate.num ? st->avg_frame_rate : st->r_frame_rate;
    if (!r.num || !r.den)
        r = (AVRational){25, 1};
    int64_t d = av_rescale_q(1, av_inv_q(r), st->time_base);
    return d > 0 ? d : 1;
}

/* A timestamp that does not increase is repaired as ffmpeg's VFR sync does: within 0.6
 * of a frame before the last it moves one frame after the last; earlier, the frame is
 * dropped. 1 to keep the frame (with *t repaired), 0 to drop it. Increasing timestamps
 * are kept as they are (variable frame rates survive). */
static int repair_pts(IoVideoIn *in, int64_t *t)
{
    if (!in->have_last)
        return 1;
    AVRational tb = in->fmt->streams[in->vidx]->time_base;
    if (*t == AV_NOPTS_VALUE) {
        *t = in->last_pts + frame_duration(in, in->frame);
        in->dmg.ts_repaired++;
        note_time(in->dmg.ts_at, &in->nts, out_seconds(in, *t, tb));
        return 1;
    }
    if (*t > in->last_pts)
        return 1;
    int64_t d = frame_duration(in, NULL);
    note_time(in->dmg.ts_at, &in->nts, out_seconds(in, *t, tb));
    if ((double)(*t - in->last_pts) <= -0.6 * (double)d) {
        in->dmg.ts_dropped++;
        return 0;
    }
    in->dmg.ts_repaired++;
    *t = in->last_pts + d;
    return 1;
}

/* At the end of the stream: did it end where its container said it would? Frames the
 * decoder swallowed and the frames of a cut-off end are missing. */
static void check_end(IoVideoIn *in)
{
    if (in->checked_end || in->range_end)
        return;
    in->checked_end = true;
    const AVStream *st = in->fmt->streams[in->vidx];
    AVRational tb = st->time_base;
    double start = st->start_time != AV_NOPTS_VALUE ? st->start_time * av_q2d(tb) : 0;
    /* the video stream's own duration; Matroska keeps it as a DURATION tag; the file's
     * only when the video is all it holds (audio may well run longer than the video) */
    double declared = 0;
    const AVDictionaryEntry *tag = av_dict_get(st->metadata, "DURATION", NULL, 0);
    unsigned h, m;
    double sec;
    if (st->duration != AV_NOPTS_VALUE && st->duration > 0)
        declared = start + st->duration * av_q2d(tb);
    else if (tag && sscanf(tag->value, "%u:%u:%lf", &h, &m, &sec) == 3)
        declared = start + h * 3600.0 + m * 60.0 + sec;
    else if (in->fmt->nb_streams == 1 && in->fmt->duration != AV_NOPTS_VALUE && in->fmt->duration > 0)
        declared = (double)in->fmt->duration / AV_TIME_BASE +
                   (in->fmt->start_time != AV_NOPTS_VALUE ? (double)in->fmt->start_time / AV_TIME_BASE : 0);
    if (in->opt.end > 0 && in->opt.end + start < declared)
        declared = in->opt.end + start;
    double fd = frame_duration(in, NULL) * av_q2d(tb);
    double ends = in->delivered ? (in->last_pts + frame_duration(in, NULL)) * av_q2d(tb) : start + in->opt.start;
    double shift = in->offset_us / (double)AV_TIME_BASE;
    in->dmg.ends_at = ends - shift;
    in->dmg.declared_end = declared - shift;
    /* frames lost inside the stream: packets that decoded to nothing, where the timestamps
     * also have holes (field-coded video has two packets a frame and no holes; a variable
     * frame rate has holes and no lost packets) */
    int64_t swallowed = in->packets - in->decoded;
    in->dmg.missing = swallowed > 0 ? FFMIN(swallowed, in->gaps) : 0;
    if (declared > 0 && fd > 0 && ends < declared - 1.5 * fd) {
        in->dmg.truncated = true;
        in->dmg.missing += (int64_t)llround((declared - ends) / fd);
    }
    /* a container that counts its frames (MP4) says how many there are */
    if (in->opt.start <= 0 && in->opt.end <= 0 && !in->opt.partial && st->nb_frames > 0) {
        int64_t lost = st->nb_frames - in->delivered - in->dmg.ts_dropped;
        if (lost > in->dmg.missing)
            in->dmg.missing = lost;
    }
    if (in->dmg.missing > 0)
        in->dmg.missing_from = in->dmg.truncated && !in->gaps ? in->dmg.ends_at
                               : in->gaps ? in->first_gap : in->nerr ? in->dmg.error_at[0] : in->dmg.ends_at;
}

/* The next frame to return into in->frame: frames before a seek's target dropped, the
 * range's end kept, timestamps repaired, damage counted. */
static int next_wanted(IoVideoIn *in, int64_t *pts, char *err, size_t errlen)
{
    for (;;) {
        int rc = in->range_end ? 0 : next_frame(in, err, errlen);
        if (rc == 0)
            check_end(in);
        if (rc <= 0)
            return rc;
        int64_t t = frame_pts(in->frame);
        if (in->skip_before != AV_NOPTS_VALUE && t != AV_NOPTS_VALUE && t < in->skip_before) {
            av_frame_unref(in->frame);
            continue;
        }
        if (t != AV_NOPTS_VALUE && t >= in->end_ts) {
            av_frame_unref(in->frame);
            in->range_end = true;
            return 0;
        }
        if (!repair_pts(in, &t)) {
            av_frame_unref(in->frame);
            continue;
        }
        in->skip_before = AV_NOPTS_VALUE;
        if (in->frame->decode_error_flags || (in->frame->flags & AV_FRAME_FLAG_CORRUPT))
            note_error(in, out_seconds(in, t, in->fmt->streams[in->vidx]->time_base));
        if (in->have_last) {
            int64_t d = frame_duration(in, NULL);
            if ((double)(t - in->last_pts) > 1.5 * (double)d) {
                if (!in->gaps)
                    in->first_gap = out_seconds(in, in->last_pts + d, in->fmt->streams[in->vidx]->time_base);
                in->gaps += (int64_t)llround((double)(t - in->last_pts) / (double)d) - 1;
            }
        }
        in->last_pts = t;
        in->have_last = true;
        in->delivered++;
        *pts = t - in->offset;
        return 1;
    }
}

void io_vin_damage(const IoVideoIn *in, IoVideoDamage *d)
{
    *d = in->dmg;
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
    if (rc < 0 && in->fmt->pb && !(in->fmt->pb->seekable & AVIO_SEEKABLE_NORMAL) && !in->have_last &&
        !in->decoded) {
        /* a pipe at its start: decode forward to the target instead */
        in->skip_before = ts;
        return 0;
    }
    if (rc < 0) {
        fail(err, errlen, in->path, "cannot seek", rc);
        return -1;
    }
    avcodec_flush_buffers(in->dec);
    in->demux_eof = false;
    in->skip_before = ts;
    in->have_last = false;
    in->range_end = false;
    io_pq_clear(in->q);
    return 0;
}

void io_vin_set_pool(IoVideoIn *in, RtPool *pool)
{
    in->pool = pool;
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
