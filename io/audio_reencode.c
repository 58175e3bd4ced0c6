/*
 * audio_reencode.c - audio that the output container cannot hold as it is (AAC into WebM)
 * is decoded and encoded again with the container's default audio codec (Opus for WebM),
 * as ffmpeg does, instead of being left out (video.h IoAudioReencode; video_out.c uses it).
 *
 *   packet (input codec) -> decoder -> libswresample (the encoder's sample format, rate
 *   and layout) -> FIFO (the encoder's frame size) -> encoder -> packets for the muxer
 *
 * Timestamps: the first decoded frame's time, in samples of the output rate; then every
 * sample in order (a resampler keeps audio continuous, as ffmpeg's aresample does).
 */
#include "io/video.h"

#include "io/ffmpeg_dl.h"

#include <stdio.h>
#include <stdlib.h>

struct IoAudioReencode {
    AVCodecContext *dec, *enc;
    SwrContext *swr;
    AVAudioFifo *fifo;
    AVFrame *frame, *out;
    AVPacket *pkt;
    AVRational in_tb;
    int64_t next_pts;           /* in samples of the encoder's rate; AV_NOPTS_VALUE until known */
};

/* The input's rate when the encoder takes it, else the nearest above (Opus: 48 kHz), else
 * the highest. */
static int pick_rate(const AVCodec *c, int want)
{
    if (!c->supported_samplerates)
        return want;
    int above = 0, top = 0;
    for (const int *r = c->supported_samplerates; *r; r++) {
        if (*r == want)
            return want;
        if (*r > want && (!above || *r < above))
            above = *r;
        if (*r > top)
            top = *r;
    }
    return above ? above : top;
}

static enum AVSampleFormat pick_format(const AVCodec *c, enum AVSampleFormat want)
{
    if (!c->sample_fmts)
        return want;
    for (const enum AVSampleFormat *f = c->sample_fmts; *f != AV_SAMPLE_FMT_NONE; f++)
        if (*f == want)
            return want;
    return c->sample_fmts[0];
}

IoAudioReencode *io_are_new(const AVCodecParameters *par, AVRational in_tb, const AVOutputFormat *of,
                            char *why, size_t whylen)
{
    const AVCodec *dc = avcodec_find_decoder(par->codec_id);
    const AVCodec *ec = of->audio_codec != AV_CODEC_ID_NONE ? avcodec_find_encoder(of->audio_codec) : NULL;
    if (!dc || !ec) {
        snprintf(why, whylen, "no %s", dc ? "encoder for the container's audio codec" : "decoder");
        return NULL;
    }
    IoAudioReencode *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->in_tb = in_tb;
    r->next_pts = AV_NOPTS_VALUE;
    int rc = -1;
    if (!(r->dec = avcodec_alloc_context3(dc)) || avcodec_parameters_to_context(r->dec, par) < 0 ||
        (r->dec->pkt_timebase = in_tb, avcodec_open2(r->dec, dc, NULL) < 0))
        goto fail;
    if (!(r->enc = avcodec_alloc_context3(ec)))
        goto fail;
    r->enc->sample_rate = pick_rate(ec, r->dec->sample_rate);
    r->enc->sample_fmt = pick_format(ec, r->dec->sample_fmt);
    if (av_channel_layout_copy(&r->enc->ch_layout, &r->dec->ch_layout) < 0)
        goto fail;
    if (r->enc->ch_layout.order == AV_CHANNEL_ORDER_UNSPEC)
        av_channel_layout_default(&r->enc->ch_layout, r->dec->ch_layout.nb_channels);
    r->enc->time_base = (AVRational){1, r->enc->sample_rate};
    if (of->flags & AVFMT_GLOBALHEADER)
        r->enc->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if ((rc = avcodec_open2(r->enc, ec, NULL)) < 0)
        goto fail;
    rc = swr_alloc_set_opts2(&r->swr, &r->enc->ch_layout, r->enc->sample_fmt, r->enc->sample_rate,
                             &r->dec->ch_layout, r->dec->sample_fmt, r->dec->sample_rate, 0, NULL);
    if (rc < 0 || (rc = swr_init(r->swr)) < 0)
        goto fail;
    if (!(r->fifo = av_audio_fifo_alloc(r->enc->sample_fmt, r->enc->ch_layout.nb_channels, 1 << 12)) ||
        !(r->frame = av_frame_alloc()) || !(r->out = av_frame_alloc()) || !(r->pkt = av_packet_alloc()))
        goto fail;
    snprintf(why, whylen, "%s", ec->name);
    return r;
fail:
    snprintf(why, whylen, "cannot set up %s to %s", dc->name, ec->name);
    io_are_free(r);
    return NULL;
}

/* Encode what the FIFO holds in whole frames (all of it at the end), then the encoder's
 * packets to put(). */
static int encode(IoAudioReencode *r, bool end, IoPacketSink put, void *ctx)
{
    int size = r->enc->frame_size > 0 ? r->enc->frame_size : 1024;
    while (av_audio_fifo_size(r->fifo) >= size || (end && av_audio_fifo_size(r->fifo) > 0)) {
        int n = FFMIN(size, av_audio_fifo_size(r->fifo));
        AVFrame *f = r->out;
        av_frame_unref(f);
        f->nb_samples = n;
        f->format = r->enc->sample_fmt;
        f->sample_rate = r->enc->sample_rate;
        if (av_channel_layout_copy(&f->ch_layout, &r->enc->ch_layout) < 0 || av_frame_get_buffer(f, 0) < 0 ||
            av_audio_fifo_read(r->fifo, (void **)f->data, n) != n)
            return -1;
        f->pts = r->next_pts;
        r->next_pts += n;
        if (avcodec_send_frame(r->enc, f) < 0)
            return -1;
        int rc;
        while ((rc = avcodec_receive_packet(r->enc, r->pkt)) == 0)
            if (put(ctx, r->pkt) < 0)
                return -1;
    }
    if (end) {
        avcodec_send_frame(r->enc, NULL);
        while (avcodec_receive_packet(r->enc, r->pkt) == 0)
            if (put(ctx, r->pkt) < 0)
                return -1;
    }
    return 0;
}

/* Decoded frames through the resampler into the FIFO. */
static int resample(IoAudioReencode *r, const AVFrame *in)
{
    if (r->next_pts == AV_NOPTS_VALUE) {
        int64_t t = in && in->pts != AV_NOPTS_VALUE ? in->pts : 0;
        r->next_pts = av_rescale_q(t, r->in_tb, r->enc->time_base);
    }
    int room = swr_get_out_samples(r->swr, in ? in->nb_samples : 0);
    if (room <= 0)
        return 0;
    uint8_t **buf = NULL;
    if (av_samples_alloc_array_and_samples(&buf, NULL, r->enc->ch_layout.nb_channels, room, r->enc->sample_fmt, 0) < 0)
        return -1;
    int got = swr_convert(r->swr, buf, room, in ? (const uint8_t **)in->extended_data : NULL, in ? in->nb_samples : 0);
    int rc = got < 0 || (got > 0 && av_audio_fifo_write(r->fifo, (void **)buf, got) != got) ? -1 : 0;
    av_freep(&buf[0]);
    av_freep(&buf);
    return rc;
}

int io_are_send(IoAudioReencode *r, const AVPacket *pkt, IoPacketSink put, void *ctx)
{
    int rc = avcodec_send_packet(r->dec, pkt);
    if (rc < 0 && rc != AVERROR_INVALIDDATA && rc != AVERROR_EOF)
        return -1;
    while ((rc = avcodec_receive_frame(r->dec, r->frame)) == 0) {
        int bad = resample(r, r->frame);
        av_frame_unref(r->frame);
        if (bad < 0)
            return -1;
    }
    if (!pkt && resample(r, NULL) < 0)
        return -1;
    return encode(r, !pkt, put, ctx);
}

int io_are_stream(const IoAudioReencode *r, AVStream *os)
{
    os->time_base = r->enc->time_base;
    return avcodec_parameters_from_context(os->codecpar, r->enc) < 0 ? -1 : 0;
}

AVRational io_are_time_base(const IoAudioReencode *r)
{
    return r->enc->time_base;
}

void io_are_free(IoAudioReencode *r)
{
    if (!r)
        return;
    avcodec_free_context(&r->dec);
    avcodec_free_context(&r->enc);
    swr_free(&r->swr);
    if (r->fifo)
        av_audio_fifo_free(r->fifo);
    av_frame_free(&r->frame);
    av_frame_free(&r->out);
    av_packet_free(&r->pkt);
    free(r);
}
