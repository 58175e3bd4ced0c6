/*
 * video.h - what the video files of io/ share among themselves (not part of the front
 * door io.h): the queue of packets of the other streams, which a reader fills and a writer
 * drains, FFmpeg's log captured for messages, and the writer's open call for a frame rate
 * without a source.
 *
 * The queue is reference-counted and locked because the reader and the writer may run on
 * different threads (qpipe run's decode and encode stages) and may be closed in either
 * order: the writer keeps the packets the reader queued after the reader is gone.
 */
#ifndef IO_VIDEO_H
#define IO_VIDEO_H

#include "io/io.h"

#include "io/ffmpeg_dl.h"   /* FFmpeg's headers, its functions through the table */

/* Packets of streams other than the video one that a reader holds for a writer while no
 * writer has claimed them; beyond this (a player that never writes) they are dropped and a
 * writer opened later reports it. 64 MiB is minutes of typical audio. */
#define IO_VIN_UNCLAIMED_MAX (64u << 20)

typedef struct IoPacketQueue IoPacketQueue;

/* The reader's demuxer and video stream index (for a writer copying streams and tags). */
AVFormatContext *io_vin_format(const IoVideoIn *in);
int io_vin_stream(const IoVideoIn *in);
/* io_vin_read with the element type chosen: RT_U8 (vidreadframe's rgb_data), RT_F32, RT_F64. */
int io_vin_read_elem(IoVideoIn *in, RtElem e, Value *frame, int64_t *pts, char *err, size_t errlen);
/* Does the reader pass this stream's packets on (not left out by -an, -sn)? */
bool io_vin_keeps(const IoVideoIn *in, int stream);
/* Claim the queue of other streams' packets: a new reference, or NULL when another writer
 * claimed it already or packets were dropped (*dropped is set then). */
IoPacketQueue *io_vin_claim(IoVideoIn *in, bool *dropped);

/* The queue (packet_queue.c): a new one (one reference), a packet's reference taken into
 * it (pkt left blank), emptied (after a seek), claimed by a writer (a new reference, or
 * NULL when claimed already or packets were dropped: *dropped says which). */
IoPacketQueue *io_pq_new(void);
void io_pq_push(IoPacketQueue *q, AVPacket *pkt);
void io_pq_clear(IoPacketQueue *q);
IoPacketQueue *io_pq_claim(IoPacketQueue *q, bool *dropped);
/* The front packet if its time (in its input stream's time base tbs[index]) is at or
 * before t (in tb), or any front packet when `all`; NULL otherwise. The caller owns it. */
AVPacket *io_pq_pop(IoPacketQueue *q, const AVRational *tbs, int64_t t, AVRational tb, bool all);
void io_pq_release(IoPacketQueue *q);

/* As io_vout_open, with the frame rate and time base given (src may be NULL). */
IoVideoOut *io_vout_open_rate(const char *path, IoVideoIn *src, int w, int h, AVRational fps,
                              AVRational tb, const IoVideoOutOptions *opt, char *err, size_t errlen);

/* Can a stream of these parameters be copied into this container (video_out.c)? */
bool io_vout_copyable(const AVOutputFormat *of, const AVCodecParameters *par);
/* The chapters of `in` (times, ids, metadata) appended to `out`'s: 0, or -1 out of memory
 * (`out` keeps what was copied; avformat_free_context frees it). */
int io_vout_copy_chapters(AVFormatContext *out, const AVFormatContext *in);

/* Audio decoded and encoded again for a container that cannot hold it as it is
 * (audio_reencode.c). */
typedef struct IoAudioReencode IoAudioReencode;
typedef int (*IoPacketSink)(void *ctx, AVPacket *pkt);     /* takes the packet's data */
/* A re-encoder from par (time base in_tb) to of's default audio codec, or NULL with why
 * set; on success why names the encoder. */
IoAudioReencode *io_are_new(const AVCodecParameters *par, AVRational in_tb, const AVOutputFormat *of,
                            char *why, size_t whylen);
/* Describe the encoded stream in os (codec parameters, time base). */
int io_are_stream(const IoAudioReencode *r, AVStream *os);
/* One input packet (NULL: the end, flushing everything), the packets made to put (in
 * io_are_time_base). 0 or -1. */
int io_are_send(IoAudioReencode *r, const AVPacket *pkt, IoPacketSink put, void *ctx);
AVRational io_are_time_base(const IoAudioReencode *r);
void io_are_free(IoAudioReencode *r);

/* FFmpeg's log goes through io_av_setup's callback: silent, but the last error line of this
 * thread is kept, so that a message can add FFmpeg's reason ("moov atom not found"). */
void io_av_setup(void);
/* FFmpeg loaded (ffmpeg_dl.h), or -1 with "'path': video needs FFmpeg, which cannot be
 * loaded (reason)" in err; every entry point of the video files calls it first. */
int io_av_need(const char *path, char *err, size_t errlen);
/* "reason" or "reason (last log line)" for an FFmpeg error code, in buf. */
const char *io_av_reason(int code, char *buf, size_t len);

#endif
