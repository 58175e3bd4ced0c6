/*
 * video_out.c - writing video: RGB cubes converted (yuv.c for 8-bit formats, libswscale
 * for the rest), encoded by libavcodec and muxed by libavformat, with the source's other
 * streams copied packet for packet.
 *
 * The encoder comes from the options or the extension: libx264 (crf 18, preset medium) for
 * .mp4/.mkv/.mov/.m4v, the container's default otherwise. ffv1 is written in an RGB pixel
 * format (bgr0 or gbrp), so that RGB frames round-trip exactly; other encoders get yuv420p
 * when they take it. The output has the source's time base and frame rate, and each frame
 * the pts it is given, so variable frame rates survive. Its colour tags are the source's,
 * and the RGB to YUV conversion uses the tagged matrix and range.
 *
 * Copied streams (audio, subtitles, data, attachments) keep their packets and timestamps
 * (rescaled to the output's time bases); queued packets are forwarded up to each frame's
 * time, so the file comes out interleaved, and the rest at close. A stream the container
 * cannot hold is left out. Chapters and metadata are copied.
 */
#include "io/video.h"
#include "io/yuv.h"
#include "runtime/residency.h"

#include "io/ffmpeg_dl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct IoVideoOut {
    RtPool *threads;            /* frames are converted on it (io_vout_set_pool); NULL: serial */
    char *path;
    AVFormatContext *ofmt;
    AVCodecContext *enc;
    AVStream *vst;
    AVPacket *pkt;
    bool direct;                /* converted by yuv.c (layout, colour); else by sws via rgb */
    IoPixLayout layout;
    IoColour colour;
    struct SwsContext *sws;
    uint8_t *rgb;               /* packed RGB24 (RGB48 when deep) staging, aligned stride */
    int rgb_stride;
    bool deep;                  /* the encoder's format has more than 8 bits */
    AVRational enc_tb;          /* the encoder's: tb, or 1/fps for constant-rate outputs */
    int64_t last_enc_pts;
    char notes[512];            /* what the writer changed (io_vout_notes) */
    int w, h;
    AVBufferPool *pool;         /* whole pictures in the encoder's format, reused: a fresh
                                   buffer each frame would fault in fresh pages each frame */
    AVRational tb;              /* of the pts given to io_vout_write */
    int64_t duration;           /* of one frame, in tb */
    int64_t last_pts;
    bool any_frame, header;
    bool one_image;             /* a single image's name (out.png), not a pattern: one frame */
    IoPacketQueue *q;
    int nin;                    /* streams of the source */
    int *map;                   /* source stream -> output stream, or -1 */
    AVRational *in_tb;          /* source streams' time bases */
    IoAudioReencode **are;      /* source stream -> its re-encoder, or NULL (copied) */
};

static void fail(char *err, size_t errlen, const char *path, const char *what, int code)
{
    char why[512];
    snprintf(err, errlen, "'%s': %s: %s", path, what, io_av_reason(code, why, sizeof why));
}

static const char *extension(const char *path)
{
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    return dot && (!slash || dot > slash) ? dot + 1 : "";
}

static const AVCodec *choose_codec(const char *path, const AVOutputFormat *of, const char *name,
                                   char *err, size_t errlen)
{
    const AVCodec *c = NULL;
    if (name) {
        c = avcodec_find_encoder_by_name(name);
        if (!c) {
            const AVCodecDescriptor *d = avcodec_descriptor_get_by_name(name);
            c = d ? avcodec_find_encoder(d->id) : NULL;
        }
        if (!c)
            snprintf(err, errlen, "'%s': the video encoder '%s' is not available", path, name);
    } else {
        const char *ext = extension(path);
        if (!strcasecmp(ext, "mp4") || !strcasecmp(ext, "mkv") || !strcasecmp(ext, "mov") ||
            !strcasecmp(ext, "m4v"))
            c = avcodec_find_encoder_by_name("libx264");
        if (!c) {   /* image2 knows the codec by the extension (png, tiff …), others have one */
            enum AVCodecID id = av_guess_codec(of, NULL, path, NULL, AVMEDIA_TYPE_VIDEO);
            c = avcodec_find_encoder(id != AV_CODEC_ID_NONE ? id : of->video_codec);
        }
        if (!c)
            snprintf(err, errlen, "'%s': no video encoder for this container", path);
    }
    if (c && c->type != AVMEDIA_TYPE_VIDEO) {
        snprintf(err, errlen, "'%s': '%s' is not a video encoder", path, c->name);
        return NULL;
    }
    return c;
}

static bool supports(const AVCodec *c, enum AVPixelFormat f)
{
    if (!c->pix_fmts)
        return true;
    for (const enum AVPixelFormat *p = c->pix_fmts; *p != AV_PIX_FMT_NONE; p++)
        if (*p == f)
            return true;
    return false;
}

/* A format of the same family and depth as f that carries odd sizes (4:4:4), or NONE. */
static enum AVPixelFormat unsubsampled(const AVCodec *c, enum AVPixelFormat f)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(f);
    if (!d || (d->flags & AV_PIX_FMT_FLAG_RGB))
        return AV_PIX_FMT_NONE;
    for (const enum AVPixelFormat *p = c->pix_fmts; p && *p != AV_PIX_FMT_NONE; p++) {
        const AVPixFmtDescriptor *e = av_pix_fmt_desc_get(*p);
        if (e && !e->log2_chroma_w && !e->log2_chroma_h && !(e->flags & (AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_ALPHA)) &&
            e->nb_components >= 3 && e->comp[0].depth == d->comp[0].depth && (e->flags & AV_PIX_FMT_FLAG_PLANAR))
            return *p;
    }
    return AV_PIX_FMT_NONE;
}

/* The source's format when the encoder takes it, else the one FFmpeg finds least lossy
 * (same family and depth where there is one): yuv444p stays 4:4:4, 10 bits stay 10. */
static enum AVPixelFormat like_source(const AVCodec *c, enum AVPixelFormat src)
{
    if (src == AV_PIX_FMT_NONE || supports(c, src))
        return src;
    if (!c->pix_fmts)
        return AV_PIX_FMT_NONE;
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(src);
    return avcodec_find_best_pix_fmt_of_list(c->pix_fmts, src, d && (d->flags & AV_PIX_FMT_FLAG_ALPHA), NULL);
}

static enum AVPixelFormat choose_pix_fmt(const AVCodec *c, const char *name, enum AVPixelFormat src,
                                         const char *path, char *err, size_t errlen)
{
    if (name) {
        enum AVPixelFormat f = av_get_pix_fmt(name);
        if (f == AV_PIX_FMT_NONE || !supports(c, f)) {
            snprintf(err, errlen, "'%s': the encoder %s does not take the pixel format '%s'", path,
                     c->name, name);
            return AV_PIX_FMT_NONE;
        }
        return f;
    }
    const AVPixFmtDescriptor *sd = av_pix_fmt_desc_get(src);
    bool deep = sd && sd->comp[0].depth > 8;
    if (c->id == AV_CODEC_ID_FFV1 && !deep) {
        static const enum AVPixelFormat rgb[] = {AV_PIX_FMT_BGR0, AV_PIX_FMT_GBRP, AV_PIX_FMT_RGB24};
        for (size_t i = 0; i < sizeof rgb / sizeof *rgb; i++)
            if (supports(c, rgb[i]))
                return rgb[i];
    }
    enum AVPixelFormat like = like_source(c, src);
    const char *lname = like != AV_PIX_FMT_NONE ? av_get_pix_fmt_name(like) : NULL;
    if (c->id == AV_CODEC_ID_MJPEG && lname && !strncmp(lname, "yuv", 3) && strncmp(lname, "yuvj", 4)) {
        /* JPEG is full range: the yuvj twin (ffmpeg's choice too, at normal strictness) */
        char twin[32];
        snprintf(twin, sizeof twin, "yuvj%s", lname + 3);
        enum AVPixelFormat t = av_get_pix_fmt(twin);
        if (t != AV_PIX_FMT_NONE && supports(c, t))
            return t;
    }
    if (c->id != AV_CODEC_ID_MJPEG && lname && !strncmp(lname, "yuvj", 4)) {
        /* the deprecated full-range formats: their limited-range twin, as ffmpeg picks */
        char twin[32];
        snprintf(twin, sizeof twin, "yuv%s", lname + 4);
        enum AVPixelFormat t = av_get_pix_fmt(twin);
        if (t != AV_PIX_FMT_NONE && supports(c, t))
            like = t;
    }
    if (like != AV_PIX_FMT_NONE)
        return like;
    if (supports(c, AV_PIX_FMT_YUV420P))
        return AV_PIX_FMT_YUV420P;
    if (c->pix_fmts)
        return avcodec_find_best_pix_fmt_of_list(c->pix_fmts, AV_PIX_FMT_RGB24, 0, NULL);
    return AV_PIX_FMT_RGB24;
}

static bool is_rgb(enum AVPixelFormat f)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(f);
    return d && (d->flags & AV_PIX_FMT_FLAG_RGB);
}

/* Colour tags of the source's video stream, or BT.601 limited-range defaults. */
static void tag_colour(AVCodecContext *enc, const AVCodecParameters *src)
{
    if (is_rgb(enc->pix_fmt)) {
        enc->colorspace = AVCOL_SPC_RGB;
    } else if (src && is_rgb(src->format)) {
        enc->color_range = AVCOL_RANGE_MPEG;    /* RGB (an image sequence) into YUV: as ffmpeg, limited */
    } else if (src) {
        enc->colorspace = src->color_space == AVCOL_SPC_RGB ? AVCOL_SPC_UNSPECIFIED : src->color_space;
        enc->color_range = src->color_range;
        enc->chroma_sample_location = src->chroma_location;
    }
    if (src) {
        enc->color_primaries = src->color_primaries;
        enc->color_trc = src->color_trc;
    }
}

static int set_encoder_options(IoVideoOut *out, const AVCodec *c, const IoVideoOutOptions *opt,
                               char *err, size_t errlen)
{
    void *priv = out->enc->priv_data;
    const char *preset = opt && opt->preset ? opt->preset : "medium";
    int crf = opt ? opt->crf : 18;
    if (priv && av_opt_find(priv, "preset", NULL, 0, 0)) {
        /* "medium" is x264's and x265's default; an encoder whose presets are others
         * (libwebp: photo, picture …) keeps its own unless one was asked for */
        if (av_opt_set(priv, "preset", preset, 0) < 0 && (opt && opt->preset)) {
            snprintf(err, errlen, "'%s': the encoder %s has no preset '%s'", out->path, c->name, preset);
            return -1;
        }
    } else if (opt && opt->preset) {
        snprintf(err, errlen, "'%s': the encoder %s takes no preset", out->path, c->name);
        return -1;
    }
    if (crf >= 0 && !(opt && opt->bitrate > 0) && priv && av_opt_find(priv, "crf", NULL, 0, 0))
        av_opt_set_double(priv, "crf", crf, 0);
    if (opt && opt->bitrate > 0)
        out->enc->bit_rate = opt->bitrate;
    if (c->id == AV_CODEC_ID_FFV1 && priv)
        av_opt_set_int(priv, "level", 3, 0);    /* slices, so that it encodes on all cores */
    return 0;
}

/* The encoder, configured; `slices` (ffv1) splits frames so that all cores encode. */
static int try_encoder(IoVideoOut *out, const AVCodec *c, const AVCodecParameters *src, AVRational fps,
                       const IoVideoOutOptions *opt, int slices, char *err, size_t errlen)
{
    avcodec_free_context(&out->enc);
    if (!(out->enc = avcodec_alloc_context3(c))) {
        snprintf(err, errlen, "'%s': out of memory", out->path);
        return -1;
    }
    AVCodecContext *e = out->enc;
    e->width = out->w;
    e->height = out->h;
    e->time_base = out->enc_tb;
    e->framerate = fps;
    e->sample_aspect_ratio = src && src->sample_aspect_ratio.num ? src->sample_aspect_ratio : (AVRational){1, 1};
    e->pix_fmt = choose_pix_fmt(c, opt ? opt->pix_fmt : NULL, src ? src->format : AV_PIX_FMT_NONE, out->path,
                                err, errlen);
    if (e->pix_fmt == AV_PIX_FMT_NONE)
        return -1;
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(e->pix_fmt);
    bool odd = d && ((out->w & ((1 << d->log2_chroma_w) - 1)) || (out->h & ((1 << d->log2_chroma_h) - 1)));
    if (odd && !(opt && opt->pix_fmt)) {
        /* subsampled chroma needs even sizes: 4:4:4 of the same depth where the encoder has it */
        enum AVPixelFormat full = unsubsampled(c, e->pix_fmt);
        if (full != AV_PIX_FMT_NONE) {
            snprintf(out->notes + strlen(out->notes), sizeof out->notes - strlen(out->notes),
                     "frames of %d x %d (odd) written as %s instead of %s\n", out->w, out->h,
                     av_get_pix_fmt_name(full), d->name);
            e->pix_fmt = full;
            d = av_pix_fmt_desc_get(full);
            odd = false;
        }
    }
    if (odd) {
        snprintf(err, errlen, "'%s': frames of %d x %d cannot be encoded as %s (subsampled chroma needs "
                 "even sizes); use another pixel format (yuv444p) or size", out->path, out->w, out->h, d->name);
        return -1;
    }
    e->thread_count = 0;
    e->slices = slices;
    tag_colour(e, src);
    if (out->ofmt->oformat->flags & AVFMT_GLOBALHEADER)
        e->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if (set_encoder_options(out, c, opt, err, errlen) < 0)
        return -1;
    int rc = avcodec_open2(e, c, NULL);
    if (rc < 0) {
        char what[128];
        snprintf(what, sizeof what, "cannot open the encoder %s", c->name);
        fail(err, errlen, out->path, what, rc);
        return -1;
    }
    return 0;
}

/* Containers and encoders that keep no timestamps of their own but a frame rate (AVI,
 * Y4M, raw; MPEG-1/2 video, which takes standard rates only) get time base 1/fps. */
static bool constant_rate(const AVOutputFormat *of, const AVCodec *c)
{
    return !strcmp(of->name, "avi") || (of->flags & AVFMT_NOTIMESTAMPS) || c->id == AV_CODEC_ID_MPEG1VIDEO ||
           c->id == AV_CODEC_ID_MPEG2VIDEO || c->id == AV_CODEC_ID_GIF;
}

/* ffv1 takes only slice counts that fit the frame: 16 is tried first, none if refused. */
static int open_encoder(IoVideoOut *out, const AVCodecParameters *src, AVRational fps,
                        const IoVideoOutOptions *opt, char *err, size_t errlen)
{
    const AVCodec *c = choose_codec(out->path, out->ofmt->oformat, opt ? opt->codec : NULL, err, errlen);
    if (!c)
        return -1;
    out->enc_tb = out->tb;
    if (constant_rate(out->ofmt->oformat, c) && fps.num > 0 && fps.den > 0)
        out->enc_tb = av_inv_q(fps);
    if (c->id == AV_CODEC_ID_FFV1 && try_encoder(out, c, src, fps, opt, 16, err, errlen) == 0)
        return 0;
    io_av_setup();      /* forget the refusal logged by the first try */
    return try_encoder(out, c, src, fps, opt, 0, err, errlen);
}

/* The converter to the encoder's format (yuv.c's, or libswscale's from RGB24). */
static int open_converter(IoVideoOut *out, char *err, size_t errlen)
{
    AVCodecContext *e = out->enc;
    out->direct = io_pix_layout(e->pix_fmt, &out->layout);
    io_colour(e->colorspace, e->color_range == AVCOL_RANGE_JPEG, &out->colour);
    if (out->direct)
        return 0;
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(e->pix_fmt);
    out->deep = d && d->comp[0].depth > 8;
    out->sws = sws_getContext(out->w, out->h, out->deep ? AV_PIX_FMT_RGB48 : AV_PIX_FMT_RGB24, out->w, out->h,
                              e->pix_fmt, SWS_BICUBIC | (out->deep ? SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT : 0),
                              NULL, NULL, NULL);
    out->rgb_stride = FFALIGN(out->w * (out->deep ? 6 : 3), 64);
    out->rgb = av_malloc((size_t)out->rgb_stride * out->h + 64);
    if (!out->sws || !out->rgb) {
        snprintf(err, errlen, "'%s': cannot convert RGB frames to %s", out->path, av_get_pix_fmt_name(e->pix_fmt));
        return -1;
    }
    int full = e->color_range == AVCOL_RANGE_JPEG;
    sws_setColorspaceDetails(out->sws, sws_getCoefficients(SWS_CS_DEFAULT), 1,
                             sws_getCoefficients(io_sws_matrix(e->colorspace)), full, 0, 1 << 16, 1 << 16);
    return 0;
}

/* Can the container hold a copy of this stream? */
static bool copyable(const AVOutputFormat *of, const AVCodecParameters *par)
{
    switch (par->codec_type) {
    case AVMEDIA_TYPE_AUDIO:
    case AVMEDIA_TYPE_SUBTITLE:
    case AVMEDIA_TYPE_DATA:
        break;
    case AVMEDIA_TYPE_ATTACHMENT:
        return !strcmp(of->name, "matroska");
    default:
        return false;
    }
    if (par->codec_id == AV_CODEC_ID_NONE)
        return false;
    /* MP4/MOV take text subtitles only as mov_text; others (SubRip …) would become opaque
     * data tracks, so they are left out (copying cannot convert them) */
    if (par->codec_type == AVMEDIA_TYPE_SUBTITLE && strstr(of->name, "mp4") && par->codec_id != AV_CODEC_ID_MOV_TEXT)
        return false;
    /* a container with no default codec of the kind holds none; one that cannot say
     * (MPEG-TS answers "not implemented") is trusted, as ffmpeg trusts it */
    if ((par->codec_type == AVMEDIA_TYPE_AUDIO && of->audio_codec == AV_CODEC_ID_NONE) ||
        (par->codec_type == AVMEDIA_TYPE_SUBTITLE && of->subtitle_codec == AV_CODEC_ID_NONE))
        return false;
    int q = avformat_query_codec(of, par->codec_id, FF_COMPLIANCE_NORMAL);
    return q == 1 || (q < 0 && par->codec_type != AVMEDIA_TYPE_DATA);
}

bool io_vout_copyable(const AVOutputFormat *of, const AVCodecParameters *par)
{
    return copyable(of, par);
}

/* The source's other streams, chapters and metadata. */
static int copy_streams(IoVideoOut *out, IoVideoIn *src, char *err, size_t errlen)
{
    AVFormatContext *ifmt = io_vin_format(src);
    int vidx = io_vin_stream(src);
    av_dict_copy(&out->ofmt->metadata, ifmt->metadata, 0);
    av_dict_copy(&out->vst->metadata, ifmt->streams[vidx]->metadata, 0);
    av_dict_set(&out->vst->metadata, "encoder", NULL, 0);
    out->vst->disposition = ifmt->streams[vidx]->disposition;
    bool dropped = false;
    out->q = io_vin_claim(src, &dropped);
    if (dropped) {
        snprintf(err, errlen, "'%s': the packets of the other streams of %s were dropped before a writer took them",
                 out->path, ifmt->url);
        return -1;
    }
    out->nin = (int)ifmt->nb_streams;
    out->map = malloc(sizeof *out->map * out->nin);
    out->in_tb = malloc(sizeof *out->in_tb * out->nin);
    out->are = calloc((size_t)out->nin, sizeof *out->are);
    if (!out->map || !out->in_tb || !out->are)
        goto oom;
    for (int i = 0; i < out->nin; i++) {
        AVStream *is = ifmt->streams[i];
        out->map[i] = -1;
        out->in_tb[i] = is->time_base;
        if (i == vidx || !out->q || !io_vin_keeps(src, i))
            continue;
        bool copy = copyable(out->ofmt->oformat, is->codecpar);
        char why[128] = "";
        if (!copy && is->codecpar->codec_type == AVMEDIA_TYPE_AUDIO &&
            (out->are[i] = io_are_new(is->codecpar, is->time_base, out->ofmt->oformat, why, sizeof why))) {
            size_t n = strlen(out->notes);
            snprintf(out->notes + n, sizeof out->notes - n, "audio stream %d (%s) re-encoded as %s: %s cannot hold it\n",
                     i, avcodec_get_name(is->codecpar->codec_id), why, out->ofmt->oformat->name);
        } else if (!copy) {
            size_t n = strlen(out->notes);
            snprintf(out->notes + n, sizeof out->notes - n, "%s stream %d (%s) left out: %s cannot hold it\n",
                     av_get_media_type_string(is->codecpar->codec_type), i,
                     avcodec_get_name(is->codecpar->codec_id), out->ofmt->oformat->name);
            continue;
        }
        AVStream *os = avformat_new_stream(out->ofmt, NULL);
        if (!os)
            goto oom;
        if (out->are[i]) {
            if (io_are_stream(out->are[i], os) < 0)
                goto oom;
        } else if (avcodec_parameters_copy(os->codecpar, is->codecpar) < 0) {
            goto oom;
        } else {
            os->codecpar->codec_tag = 0;
            os->time_base = is->time_base;
        }
        os->disposition = is->disposition;
        av_dict_copy(&os->metadata, is->metadata, 0);
        out->map[i] = os->index;
    }
    if (io_vout_copy_chapters(out->ofmt, ifmt) < 0)
        goto oom;
    return 0;
oom:
    snprintf(err, errlen, "'%s': out of memory", out->path);
    return -1;
}

int io_vout_copy_chapters(AVFormatContext *out, const AVFormatContext *in)
{
    if (!in->nb_chapters)
        return 0;
    AVChapter **grown = av_realloc_array(out->chapters, out->nb_chapters + in->nb_chapters, sizeof *grown);
    if (!grown)
        return -1;
    out->chapters = grown;
    for (unsigned i = 0; i < in->nb_chapters; i++) {
        const AVChapter *ic = in->chapters[i];
        AVChapter *oc = av_mallocz(sizeof *oc);
        if (!oc)
            return -1;
        out->chapters[out->nb_chapters++] = oc;
        oc->id = ic->id;
        oc->time_base = ic->time_base;
        oc->start = ic->start;
        oc->end = ic->end;
        av_dict_copy(&oc->metadata, ic->metadata, 0);
    }
    return 0;
}

IoVideoOut *io_vout_open_rate(const char *path, IoVideoIn *src, int w, int h, AVRational fps,
                              AVRational tb, const IoVideoOutOptions *opt, char *err, size_t errlen)
{
    if (io_av_need(path, err, errlen))
        return NULL;
    io_av_setup();
    IoVideoOut *out = calloc(1, sizeof *out);
    if (!out || !(out->path = strdup(path)) || !(out->pkt = av_packet_alloc())) {
        snprintf(err, errlen, "'%s': out of memory", path);
        io_vout_abort(out);
        return NULL;
    }
    if (w <= 0 || h <= 0 || tb.num <= 0 || tb.den <= 0) {
        snprintf(err, errlen, "'%s': cannot write frames of %d x %d at time base %d/%d", path, w, h, tb.num, tb.den);
        io_vout_abort(out);
        return NULL;
    }
    out->one_image = io_is_image(path) && !io_is_sequence(path);
    out->w = w;
    out->h = h;
    out->tb = tb;
    out->duration = fps.num > 0 && fps.den > 0 ? av_rescale_q(1, av_inv_q(fps), tb) : 0;
    bool std_out = !strcmp(path, "-");
    const char *format = opt && opt->format ? opt->format : std_out ? "matroska" : NULL;
    int rc = avformat_alloc_output_context2(&out->ofmt, NULL, format, std_out ? NULL : path);
    if ((rc < 0 || !out->ofmt) && format) {
        snprintf(err, errlen, "'%s': no container format '%s'", path, format);
        io_vout_abort(out);
        return NULL;
    }
    if (rc < 0 || !out->ofmt) {
        snprintf(err, errlen, "'%s': no container format for the extension '.%s'", path, extension(path));
        io_vout_abort(out);
        return NULL;
    }
    const AVCodecParameters *spar = src ? io_vin_format(src)->streams[io_vin_stream(src)]->codecpar : NULL;
    if (open_encoder(out, spar, fps, opt, err, errlen) < 0 || open_converter(out, err, errlen) < 0)
        goto fail;
    if (!(out->vst = avformat_new_stream(out->ofmt, NULL)) ||
        avcodec_parameters_from_context(out->vst->codecpar, out->enc) < 0) {
        snprintf(err, errlen, "'%s': out of memory", path);
        goto fail;
    }
    out->vst->time_base = out->enc_tb;
    out->vst->avg_frame_rate = fps;
    out->vst->r_frame_rate = fps;
    out->vst->sample_aspect_ratio = out->enc->sample_aspect_ratio;
    if (src && copy_streams(out, src, err, errlen) < 0)
        goto fail;
    if (!(out->ofmt->oformat->flags & AVFMT_NOFILE)) {
        rc = avio_open(&out->ofmt->pb, std_out ? "pipe:1" : path, AVIO_FLAG_WRITE);
        if (rc < 0) {
            fail(err, errlen, path, "cannot create", rc);
            goto fail;
        }
    }
    if (!strcmp(out->ofmt->oformat->name, "yuv4mpegpipe"))
        out->ofmt->strict_std_compliance = FF_COMPLIANCE_UNOFFICIAL;  /* Y4M of more than 8 bits */
    rc = avformat_write_header(out->ofmt, NULL);
    if (rc < 0) {
        fail(err, errlen, path, std_out ? "cannot write the header (stdout needs a streaming container: mkv, nut, "
                                          "y4m, mpegts)" : "cannot write the header", rc);
        goto fail;
    }
    out->header = true;
    return out;
fail:
    io_vout_abort(out);
    return NULL;
}

IoVideoOut *io_vout_open(const char *path, IoVideoIn *src, int w, int h, const IoVideoOutOptions *opt,
                         char *err, size_t errlen)
{
    if (!src)
        return io_vout_open_rate(path, NULL, w, h, (AVRational){25, 1}, (AVRational){1, 25}, opt, err, errlen);
    AVStream *st = io_vin_format(src)->streams[io_vin_stream(src)];
    AVRational fps = st->avg_frame_rate.num ? st->avg_frame_rate : st->r_frame_rate;
    return io_vout_open_rate(path, src, w, h, fps, st->time_base, opt, err, errlen);
}

/* Send the encoder's packets (all of them when draining) to the muxer. */
static int drain(IoVideoOut *out, char *err, size_t errlen)
{
    for (;;) {
        int rc = avcodec_receive_packet(out->enc, out->pkt);
        if (rc == AVERROR(EAGAIN) || rc == AVERROR_EOF)
            return 0;
        if (rc < 0) {
            fail(err, errlen, out->path, "encoding failed", rc);
            return -1;
        }
        if (out->pkt->duration <= 0)
            out->pkt->duration = av_rescale_q(out->duration, out->tb, out->enc_tb);
        av_packet_rescale_ts(out->pkt, out->enc->time_base, out->vst->time_base);
        out->pkt->stream_index = out->vst->index;
        rc = av_interleaved_write_frame(out->ofmt, out->pkt);
        if (rc < 0) {
            fail(err, errlen, out->path, "write error", rc);
            return -1;
        }
    }
}

typedef struct Sink {
    IoVideoOut *out;
    int stream;                 /* output stream */
    AVRational tb;              /* of the packets given */
} Sink;

/* A re-encoded audio packet to the muxer. */
static int sink_put(void *ctx, AVPacket *pkt)
{
    Sink *s = ctx;
    av_packet_rescale_ts(pkt, s->tb, s->out->ofmt->streams[s->stream]->time_base);
    pkt->stream_index = s->stream;
    return av_interleaved_write_frame(s->out->ofmt, pkt) < 0 ? -1 : 0;
}

/* Forward queued packets of the copied streams up to time t (in out->tb), or all. */
static int forward(IoVideoOut *out, int64_t t, bool all, char *err, size_t errlen)
{
    if (!out->q)
        return 0;
    AVPacket *p;
    while ((p = io_pq_pop(out->q, out->in_tb, t, out->tb, all))) {
        int i = p->stream_index;
        int o = i >= 0 && i < out->nin ? out->map[i] : -1;
        if (o < 0) {
            av_packet_free(&p);
            continue;
        }
        if (out->are[i]) {
            Sink s = {out, o, io_are_time_base(out->are[i])};
            int rc = io_are_send(out->are[i], p, sink_put, &s);
            av_packet_free(&p);
            if (rc < 0) {
                snprintf(err, errlen, "'%s': re-encoding the audio failed", out->path);
                return -1;
            }
            continue;
        }
        av_packet_rescale_ts(p, out->in_tb[i], out->ofmt->streams[o]->time_base);
        p->stream_index = o;
        p->pos = -1;
        int rc = av_interleaved_write_frame(out->ofmt, p);
        av_packet_free(&p);
        if (rc < 0) {
            fail(err, errlen, out->path, "write error (copied stream)", rc);
            return -1;
        }
    }
    return 0;
}

/* A new picture in the encoder's format and colour tags, its buffer from out's pool. */
static AVFrame *new_picture(IoVideoOut *out)
{
    const AVCodecContext *e = out->enc;
    enum { ALIGN = 64 };    /* rows and planes, for SIMD on both sides */
    int size = av_image_get_buffer_size(e->pix_fmt, out->w, out->h, ALIGN);
    if (size < 0)
        return NULL;
    if (!out->pool && !(out->pool = av_buffer_pool_init((size_t)size + ALIGN, NULL)))
        return NULL;
    AVFrame *f = av_frame_alloc();
    if (!f)
        return NULL;
    f->format = e->pix_fmt;
    f->width = out->w;
    f->height = out->h;
    f->color_range = e->color_range;
    f->colorspace = e->colorspace;
    f->color_primaries = e->color_primaries;
    f->color_trc = e->color_trc;
    if (!(f->buf[0] = av_buffer_pool_get(out->pool)) ||
        av_image_fill_arrays(f->data, f->linesize, f->buf[0]->data, e->pix_fmt, out->w, out->h, ALIGN) < 0)
        av_frame_free(&f);
    return f;
}

static uint16_t to16(double v)
{
    v = v * 257.0 + 0.5;
    return v >= 65535.0 ? 65535 : v > 0 ? (uint16_t)v : 0;     /* NaN is 0 */
}

/* The frame (0..255 scale, gray or RGB) as RGB48 in out->rgb. */
static void rgb48_rows(IoVideoOut *out, const RtArray *a)
{
    int64_t c = a->rank == 3 ? a->dims[2] : 1;
    for (int y = 0; y < out->h; y++) {
        uint16_t *d = (uint16_t *)(out->rgb + (size_t)y * out->rgb_stride);
        for (int x = 0; x < out->w; x++)
            for (int k = 0; k < 3; k++) {
                int64_t i = ((int64_t)y * out->w + x) * c + (c == 1 ? 0 : k);
                d[x * 3 + k] = a->elem == RT_F32 ? to16(((const float *)a->data)[i]) : to16(rt_get_real(a, i));
            }
    }
}

const char *io_vout_notes(const IoVideoOut *out)
{
    return out->notes;
}

void io_vout_set_pool(IoVideoOut *out, RtPool *pool)
{
    out->threads = pool;
}

int io_vout_convert(IoVideoOut *out, const RtArray *frame, IoPicture **pic, char *err, size_t errlen)
{
    *pic = NULL;
    if (!rt_buf_host(frame->buf, false)) {      /* a frame the GPU wrote: downloaded here */
        snprintf(err, errlen, "'%s': the frame could not be copied back from the GPU", out->path);
        return -1;
    }
    bool gray = frame->rank == 2;
    if (!(frame->rank == 3 && frame->dims[2] == 3) && !gray) {
        snprintf(err, errlen, "'%s': a frame must be an H x W x 3 cube", out->path);
        return -1;
    }
    if (frame->dims[0] != out->h || frame->dims[1] != out->w) {
        snprintf(err, errlen, "'%s': frame of %lld x %lld, the video is %d x %d", out->path,
                 (long long)frame->dims[1], (long long)frame->dims[0], out->w, out->h);
        return -1;
    }
    if (!rt_elem_is_numeric(frame->elem) || rt_elem_is_complex(frame->elem)) {
        snprintf(err, errlen, "'%s': a frame must hold real numbers", out->path);
        return -1;
    }
    AVFrame *f = new_picture(out);
    int rc = f ? 0 : -1;
    if (f && out->direct) {
        rc = io_rgb_to_frame(out->threads, frame, &out->layout, &out->colour, f);
    } else if (f && out->deep) {
        /* RGB48 staging: the filters' fractions reach a 10/12/16-bit encoder */
        rgb48_rows(out, frame);
        const uint8_t *srcp[4] = {out->rgb};
        int sstride[4] = {out->rgb_stride};
        sws_scale(out->sws, srcp, sstride, 0, out->h, f->data, f->linesize);
    } else if (f) {
        /* packed RGB24 staging (rgb24 is a layout yuv.c writes), then libswscale */
        AVFrame staging = {.width = out->w, .height = out->h, .data = {out->rgb}, .linesize = {out->rgb_stride}};
        IoPixLayout rgb24;
        io_pix_layout(AV_PIX_FMT_RGB24, &rgb24);
        rc = io_rgb_to_frame(out->threads, frame, &rgb24, &out->colour, &staging);
        const uint8_t *srcp[4] = {out->rgb};
        int sstride[4] = {out->rgb_stride};
        if (rc == 0)
            sws_scale(out->sws, srcp, sstride, 0, out->h, f->data, f->linesize);
    }
    if (rc < 0) {
        av_frame_free(&f);
        snprintf(err, errlen, "'%s': out of memory for a frame", out->path);
        return -1;
    }
    *pic = f;
    return 0;
}

int io_vout_send(IoVideoOut *out, IoPicture *pic, int64_t pts, char *err, size_t errlen)
{
    int rc = -1;
    if (out->one_image && out->any_frame) {
        snprintf(err, errlen, "'%s' is one image, and a second frame came: name a pattern (img%%04d%s) for one "
                 "image per frame, or take one frame (qpipe run --frames 1)", out->path,
                 strrchr(out->path, '.') ? strrchr(out->path, '.') : ".png");
        goto done;
    }
    if (out->any_frame && pts <= out->last_pts) {
        snprintf(err, errlen, "'%s': frame timestamp %lld does not follow %lld", out->path, (long long)pts,
                 (long long)out->last_pts);
        goto done;
    }
    int64_t epts = av_rescale_q(pts, out->tb, out->enc_tb);
    if (out->any_frame && epts <= out->last_enc_pts)
        epts = out->last_enc_pts + 1;       /* two frames in one tick of a constant rate */
    pic->pts = epts;
    pic->pkt_duration = av_rescale_q(out->duration, out->tb, out->enc_tb);
    out->last_pts = pts;
    out->last_enc_pts = epts;
    out->any_frame = true;
    if (forward(out, pts, false, err, errlen) < 0)
        goto done;
    int sent = avcodec_send_frame(out->enc, pic);
    if (sent < 0) {
        fail(err, errlen, out->path, "encoding failed", sent);
        goto done;
    }
    rc = drain(out, err, errlen);
done:
    av_frame_free(&pic);
    return rc;
}

int io_vout_write(IoVideoOut *out, const RtArray *frame, int64_t pts, char *err, size_t errlen)
{
    IoPicture *pic;
    if (io_vout_convert(out, frame, &pic, err, errlen) < 0)
        return -1;
    return io_vout_send(out, pic, pts, err, errlen);
}

int io_vout_close(IoVideoOut *out, char *err, size_t errlen)
{
    int rc = avcodec_send_frame(out->enc, NULL);
    if (rc < 0 && rc != AVERROR_EOF) {
        fail(err, errlen, out->path, "encoding failed", rc);
        io_vout_abort(out);
        return -1;
    }
    if (drain(out, err, errlen) < 0 || forward(out, 0, true, err, errlen) < 0) {
        io_vout_abort(out);
        return -1;
    }
    for (int i = 0; out->are && i < out->nin; i++) {
        Sink s = {out, out->map[i], out->are[i] ? io_are_time_base(out->are[i]) : (AVRational){1, 1}};
        if (out->are[i] && io_are_send(out->are[i], NULL, sink_put, &s) < 0) {
            snprintf(err, errlen, "'%s': re-encoding the audio failed at its end", out->path);
            io_vout_abort(out);
            return -1;
        }
    }
    rc = av_write_trailer(out->ofmt);
    out->header = false;
    if (rc < 0) {
        fail(err, errlen, out->path, "cannot finish the file", rc);
        io_vout_abort(out);
        return -1;
    }
    if (out->ofmt->pb && !(out->ofmt->oformat->flags & AVFMT_NOFILE)) {
        rc = avio_closep(&out->ofmt->pb);
        if (rc < 0) {
            fail(err, errlen, out->path, "write error", rc);
            io_vout_abort(out);
            return -1;
        }
    }
    io_vout_abort(out);
    return 0;
}

void io_vout_abort(IoVideoOut *out)
{
    if (!out)
        return;
    avcodec_free_context(&out->enc);
    if (out->ofmt) {
        if (out->ofmt->pb && !(out->ofmt->oformat->flags & AVFMT_NOFILE))
            avio_closep(&out->ofmt->pb);
        avformat_free_context(out->ofmt);
    }
    av_packet_free(&out->pkt);
    sws_freeContext(out->sws);
    av_buffer_pool_uninit(&out->pool);
    av_free(out->rgb);
    io_pq_release(out->q);
    for (int i = 0; out->are && i < out->nin; i++)
        io_are_free(out->are[i]);
    free(out->are);
    free(out->map);
    free(out->in_tb);
    free(out->path);
    free(out);
}
