/*
 * io.h - the front door of io/: image and video files in and out of runtime arrays.
 *
 * Images (image.c, png.c, tiff.c, jpeg.c, ppm.c): imread gives an H x W x C cube of
 * scalars (C = 1, 3 or 4; 0..255 for 8-bit files, the ranges of docs/media.md otherwise);
 * imwrite rounds and saturates. Video (video_in.c, video_out.c, FFmpeg): a reader decodes
 * frames into H x W x 3 cubes of scalars 0..255 (packed RGB, the stream's colour matrix and
 * range) and keeps the other streams' packets; a writer encodes frames and copies those
 * packets, so audio, subtitles and data pass through untouched.
 *
 * Errors: functions return NULL or a negative number and write a message naming the file
 * and the library's reason into err. Nothing here calls exit().
 */
#ifndef IO_H
#define IO_H

#include "runtime/rt.h"
#include "runtime/value.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Add imread, imwrite, vidopen, vidreadframe, vidseek, vidclose, vidwriteframe, vidsave and
 * vidplay to the host's builtins (before making runtimes on it). */
void io_register(RtHost *host);

/* ---------------------------------------------------------------- limits (limits.c)
 *
 * Every image reader and the video reader refuse a picture of more than io_max_pixels()
 * pixels after reading its header, before allocating anything of its size (a
 * decompression bomb fails at once, not after gigabytes). Process-wide; the command line
 * sets it from --max-pixels. io_failed_too_large: the last failure of a reader on this
 * thread was this limit (the command line exits 65 for it, 66 for unreadable input). */
#define IO_DEFAULT_MAX_PIXELS ((int64_t)1 << 28)
void io_set_max_pixels(int64_t n);      /* n <= 0: the default */
int64_t io_max_pixels(void);
bool io_failed_too_large(void);

/* ---------------------------------------------------------------- images */

typedef enum IoImageMode {
    IO_IMAGE_AS_IS,             /* the file's channels */
    IO_IMAGE_RGB,               /* 3 channels (gray repeated, alpha dropped) */
    IO_IMAGE_GRAY,              /* 1 channel (luma of colour images) */
} IoImageMode;

typedef struct IoImageWrite {
    int bits;                   /* 8 (default), 16, or 32 (float TIFF) */
    int quality;                /* JPEG, 1..100; 0 = 95 */
    const char *temp_of;        /* path is the caller's temporary for this file: written
                                   directly (no temporary of its own), messages name this */
} IoImageWrite;

/* A new array (cube H x W x C of the program's scalar type), or V_UNDEF with err set.
 * dbl: scalars are double (--double). */
Value io_image_read(const char *path, IoImageMode mode, bool dbl, char *err, size_t errlen);
/* io_image_read's "rgb" mode, and in *alpha the file's alpha plane (H x W, the file's
 * range) when it has one, else V_UNDEF: what `qpipe run` gives a filter, and the alpha it
 * puts back beside the result (io_image_with_alpha). One decode. */
Value io_image_read_rgb(const char *path, bool dbl, Value *alpha, char *err, size_t errlen);
/* y (H x W gray or H x W x 3) with the plane alpha appended as its last channel: a new
 * array of 2 or 4 channels, or V_UNDEF when y is not of alpha's height and width or not
 * 1 or 3 channels. */
Value io_image_with_alpha(const RtArray *y, const RtArray *alpha);
/* Write a 2-D or 3-D numeric array; the format comes from the file name's extension.
 * 0 on success, negative with err set. */
int io_image_write(const char *path, const RtArray *img, const IoImageWrite *opt, char *err, size_t errlen);
/* The depth of a file's samples from its header: 16 for 16-bit PNG, TIFF, PPM/PGM, 32 for
 * float TIFF, else 8 (also when unknown). */
int io_image_bits(const char *path);
/* Is this file name an image qpipe can read (by extension)? */
bool io_is_image(const char *path);

/* ---------------------------------------------------------------- video */

typedef struct IoVideoIn IoVideoIn;
typedef struct IoVideoOut IoVideoOut;
/* A decoded or to-be-encoded picture (FFmpeg's AVFrame): what a frame pipeline passes
 * between threads, 3 MB of 4:2:0 where the RGB cube of floats is 24 MB at 1080p. */
typedef struct AVFrame IoPicture;

typedef struct IoVideoInfo {
    int width, height;
    double fps;                 /* average frame rate */
    int64_t frame_count;        /* from the container; -1 when unknown */
    double duration_sec;
    int bits_per_color;
} IoVideoInfo;

typedef struct IoVideoOutOptions {
    const char *codec;          /* NULL: by extension (libx264 for .mp4/.mkv/.mov) */
    const char *preset;         /* x264 preset, default "medium" */
    const char *pix_fmt;        /* NULL: the encoder's default for the input */
    int crf;                    /* default 18; -1 to leave it */
    int64_t bitrate;            /* bits/s; 0 = unset */
    const char *format;         /* container (FFmpeg's name: matroska, nut, yuv4mpegpipe …);
                                   NULL: by extension, and matroska for "-" (stdout) */
} IoVideoOutOptions;

/* What to read of a video (io_vin_open_with; zero for all of it, as io_vin_open). */
typedef struct IoVideoInOptions {
    double start;               /* seconds from the file's start: seek there (the key frame
                                   before, decoded forward, earlier frames dropped), and every
                                   stream's timestamps then start at 0 (ffmpeg -ss before -i) */
    double end;                 /* > 0: stop at this position of the file (seconds, as start) */
    bool no_audio, no_subtitles;    /* leave those streams out of the packets for a writer */
    bool partial;               /* only a part is read (qpipe run --segment seeks and stops
                                   itself): the container's frame count is not checked */
    double fps;                 /* frame rate of an image sequence (img%04d.png); 0 = 25 */
    bool no_autorotate;         /* frames as stored, not turned upright by the stream's display
                                   matrix (ffmpeg -noautorotate) */
} IoVideoInOptions;

/* What went wrong while reading (io_vin_damage): FFmpeg's tools decode past it and say
 * little; qpipe counts it. Timestamp repairs are not damage (every frame is there). */
#define IO_DAMAGE_TIMES 5      /* timestamps listed of each kind */
typedef struct IoVideoDamage {
    int64_t decode_errors;      /* packets refused and frames flagged corrupt by the decoder */
    double error_at[IO_DAMAGE_TIMES];   /* their first timestamps (seconds, as output) */
    int64_t missing;            /* frames declared (container count or duration) not decoded */
    double missing_from;        /* where they are missing from (seconds), when missing > 0 */
    double ends_at, declared_end;       /* the stream's end as read and as declared (s) */
    bool truncated;             /* the stream ended before its declared end */
    int64_t ts_repaired;        /* frames re-timed: their timestamp did not increase */
    int64_t ts_dropped;         /* frames dropped: their timestamp went back in time */
    double ts_at[IO_DAMAGE_TIMES];
} IoVideoDamage;

IoVideoIn *io_vin_open(const char *path, char *err, size_t errlen);
/* path may be "-" (standard input; not seekable) or an image sequence's pattern
 * (img%04d.png, FFmpeg's image2: numbered from 0..4 up, read at o->fps). o may be NULL. */
IoVideoIn *io_vin_open_with(const char *path, const IoVideoInOptions *o, char *err, size_t errlen);
/* The damage seen so far (complete once the last frame was read). */
void io_vin_damage(const IoVideoIn *in, IoVideoDamage *d);
/* Is there damage (decode errors, missing frames, truncation)? */
bool io_damage_any(const IoVideoDamage *d);
/* One line per kind of damage or repair into buf ("" when none): counts and timestamps. */
void io_damage_describe(const IoVideoDamage *d, char *buf, size_t len);
/* Is this name an image sequence's pattern (a printf %d, %0Nd in its file name)? */
bool io_is_sequence(const char *path);
/* The file name of the index-th image (0 first) a sequence writer makes of the pattern
 * (numbers from 1, as FFmpeg's image2 writes them). 0, or -1 when it does not fit. */
int io_sequence_name(const char *pattern, int64_t index, char *buf, size_t len);
/* Does this name end in the extension of a video container FFmpeg writes (not an image)? */
bool io_is_video_name(const char *path);
/* Whether FFmpeg, which every video reader and writer needs, could not be loaded (it is
 * opened on first use, io/ffmpeg_dl.h): the failure that said so named the library and
 * the reason; commands exit 69 (unavailable) for it. */
bool io_video_unavailable(void);
void io_vin_info(const IoVideoIn *in, IoVideoInfo *info);
/* The next frame: 1 with *frame a new H x W x 3 array and *pts its timestamp (in the
 * stream's time base), 0 at the end, negative on error. dbl as for images. */
int io_vin_read(IoVideoIn *in, bool dbl, Value *frame, int64_t *pts, char *err, size_t errlen);
int io_vin_seek(IoVideoIn *in, double seconds, char *err, size_t errlen);
/* Convert frames in bands of rows on pool (the host's, rt.h rt_host_pool). Without it,
 * conversions run serially in the caller. */
void io_vin_set_pool(IoVideoIn *in, RtPool *pool);
void io_vin_close(IoVideoIn *in);
/* io_vin_read in two steps, for a pipeline that decodes on one thread and converts on
 * another: the next picture as decoded (1, 0 at the end, negative on error; the caller
 * frees it with io_picture_free), then its H x W x 3 array. Conversion state is the
 * reader's: one thread converts (io_vin_read converts too). */
int io_vin_read_picture(IoVideoIn *in, IoPicture **pic, int64_t *pts, char *err, size_t errlen);
int io_vin_convert(IoVideoIn *in, const IoPicture *pic, bool dbl, Value *frame, char *err, size_t errlen);
void io_picture_free(IoPicture **pic);

/* A writer for frames of w x h, timed and tagged like `src` (time base, frame rate,
 * colour properties, pixel format family and depth when the encoder takes them), copying
 * src's other streams (re-encoding audio the container cannot hold). Writes to `path`
 * exactly (the caller chooses a temporary name and renames); "-" is standard output (a
 * streamable container), an image sequence's pattern writes one image per frame. */
IoVideoOut *io_vout_open(const char *path, IoVideoIn *src, int w, int h, const IoVideoOutOptions *opt,
                         char *err, size_t errlen);
int io_vout_write(IoVideoOut *out, const RtArray *frame, int64_t pts, char *err, size_t errlen);
/* io_vout_write in two steps, which may run on two threads: the frame as a new picture in
 * the encoder's format (converting is one thread's job), then the picture encoded at pts
 * (sending is another's; it takes the picture, and frees it even on error). */
/* As io_vin_set_pool, for the conversion of frames into the encoder's format. */
void io_vout_set_pool(IoVideoOut *out, RtPool *pool);
int io_vout_convert(IoVideoOut *out, const RtArray *frame, IoPicture **pic, char *err, size_t errlen);
int io_vout_send(IoVideoOut *out, IoPicture *pic, int64_t pts, char *err, size_t errlen);
/* What the writer changed that the user should hear of ("" when nothing): streams left
 * out or re-encoded, a pixel format chosen for odd sizes; one line each. */
const char *io_vout_notes(const IoVideoOut *out);
/* Flush the encoder, the copied streams and the trailer; frees out. */
int io_vout_close(IoVideoOut *out, char *err, size_t errlen);
/* Free without finishing the file (after an error). */
void io_vout_abort(IoVideoOut *out);

/* The frames of a video file's video stream by demuxing alone (video_index.c): every
 * packet's timestamp (pts, else dts) in display order, and whether it is a key frame. */
typedef struct IoVideoIndex {
    int64_t *pts;               /* n timestamps, ascending, in the stream's time base */
    bool *key;                  /* key[i]: the frame at pts[i] is a key frame */
    int64_t n;
    int tb_num, tb_den;         /* the stream's time base */
    int64_t start;              /* the stream's start time (0 when the file gives none) */
} IoVideoIndex;
/* 0, or -1 with err set (no video stream, unreadable, a packet without a timestamp). */
int io_video_index(const char *path, IoVideoIndex *ix, char *err, size_t errlen);
void io_video_index_free(IoVideoIndex *ix);

/* Join the video streams of parts[0..n-1] (each written by `qpipe run --segment` from
 * `original`, the frames of one keeping their timestamps) into `out` by copying their
 * packets, with the other streams (audio, subtitles, chapters, metadata) of `original`
 * copied once (video_concat.c). The parts must share codec and parameters and follow
 * each other in time. Writes `out` exactly (the caller renames). 0, or -1 with err set
 * and nothing left at out. */
int io_video_concat(const char *original, const char *const *parts, int n, const char *out, char *err,
                    size_t errlen);


#endif
