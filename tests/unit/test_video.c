/*
 * test_video.c - video in and out (io/video_in.c, io/video_out.c) on media made by the
 * ffmpeg command-line tool in a fresh folder under /tmp, checked by content against what
 * FFmpeg's own tools say:
 *
 * - frame count and every timestamp equal to `ffprobe -show_entries frame=pts`;
 * - decoded RGB equal to the standard's formula (BT.601, BT.709; limited and full range)
 *   applied to the YUV samples ffmpeg decodes, within 1e-3, and within 3 of
 *   `ffmpeg -pix_fmt rgb24` (its fixed-point conversion); close to the RGB source; an H.264
 *   copy keeps the colour tags, and the colours (4:4:4, PSNR >= 36 dB);
 * - an ffv1 copy (8-bit RGB) decodes to exactly the frames read, rounded, with the same times;
 * - an H.264 copy (the defaults) keeps every pts, with the PSNR of ffmpeg's own round trip
 *   through RGB and libx264 at the same settings (within 0.5 dB; 4:2:0 chroma limits both);
 * - the copied audio is bit-identical (`ffmpeg -map 0:a -c copy -f md5 -`);
 * - a variable-frame-rate input keeps its timestamps; seeking lands on the right frame;
 * - a missing file, a text file named .mp4 and a truncated MP4 give errors naming the file.
 *
 * Each check prints `ok NAME` or `not ok NAME: REASON` (docs/testing.md "Unit tests").
 */
#include "io/io.h"
#include "runtime/value.h"

#include "tests/unit/check.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char dir[64];

static const char *file(const char *name)
{
    static char bufs[4][256];
    static int k;
    char *b = bufs[k++ & 3];
    snprintf(b, sizeof bufs[0], "%s/%s", dir, name);
    return b;
}

static int sh(const char *fmt, ...)
{
    char cmd[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    return system(cmd);
}

/* The whole stdout of a command (malloc'd), or NULL. */
static char *capture(const char *fmt, ...)
{
    char cmd[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    FILE *p = popen(cmd, "r");
    if (!p)
        return NULL;
    size_t len = 0, cap = 1 << 16;
    char *s = malloc(cap);
    size_t n;
    while (s && (n = fread(s + len, 1, cap - len - 1, p)) > 0) {
        len += n;
        if (cap - len < 2) {
            char *t = realloc(s, cap *= 2);
            if (!t) {
                free(s);
                s = NULL;
            }
            s = t;
        }
    }
    if (pclose(p) != 0 || !s) {
        free(s);
        return NULL;
    }
    s[len] = '\0';
    return s;
}

/* ---------------------------------------------------------------- media */

static bool make_media(void)
{
    const char *ff = "ffmpeg -nostdin -v error -y";
    return sh("%s -f lavfi -i testsrc2=size=64x48:rate=25 -f lavfi -i sine=frequency=440 -t 1 "
              "-c:v libx264 -pix_fmt yuv420p -c:a aac %s", ff, file("in.mp4")) == 0 &&
           /* variable frame rate: irregular gaps from select, kept by -vsync vfr */
           sh("%s -f lavfi -i testsrc2=size=64x48:rate=25 -t 2 "
              "-vf \"select='lt(mod(n\\,7)\\,3)+eq(mod(n\\,5)\\,4)'\" -vsync vfr -c:v libx264 %s", ff,
              file("vfr.mp4")) == 0 &&
           /* colour: BT.709 limited range, and full range (BT.601), tagged and converted */
           sh("%s -f lavfi -i testsrc2=size=64x48:rate=25 -t 0.2 -vf scale=out_color_matrix=bt709:out_range=tv,"
              "format=yuv420p -c:v libx264 -colorspace bt709 -color_primaries bt709 -color_trc bt709 "
              "-color_range tv %s", ff, file("c709.mp4")) == 0 &&
           sh("%s -f lavfi -i testsrc2=size=64x48:rate=25 -t 0.2 -vf scale=out_color_matrix=bt601:out_range=pc,"
              "format=yuv420p -c:v libx264 -color_range pc %s", ff, file("cfull.mp4")) == 0 &&
           sh("%s -f lavfi -i testsrc2=size=64x48:rate=25 -t 0.2 -f rawvideo -pix_fmt rgb24 %s", ff,
              file("src.rgb")) == 0 &&
           sh("echo 'this is not a video' > %s", file("text.mp4")) == 0 &&
           sh("head -c 3000 %s > %s", file("in.mp4"), file("trunc.mp4")) == 0;
}

/* ffprobe's list of frame timestamps: "pts" or "pts_time" values, one per frame. */
static int probe_times(const char *path, const char *key, double *t, int max)
{
    char *s = capture("ffprobe -v error -select_streams v:0 -show_entries frame=%s -of default=nw=1:nk=1 %s",
                      key, path);
    if (!s)
        return -1;
    int n = 0;
    for (char *line = strtok(s, "\n"); line && n < max; line = strtok(NULL, "\n"))
        if (*line)
            t[n++] = atof(line);
    free(s);
    return n;
}

/* ---------------------------------------------------------------- reading everything */

#define MAXF 200

typedef struct Frames {
    int n;
    Value v[MAXF];
    int64_t pts[MAXF];
    IoVideoInfo info;
} Frames;

static void frames_free(Frames *f)
{
    for (int i = 0; i < f->n; i++)
        rt_release(f->v[i]);
    f->n = 0;
}

static const char *read_all(const char *path, Frames *f)
{
    char err[512];
    memset(f, 0, sizeof *f);
    IoVideoIn *in = io_vin_open(path, err, sizeof err);
    if (!in)
        return why("%s", err);
    io_vin_info(in, &f->info);
    int rc = 0;
    while (f->n < MAXF && (rc = io_vin_read(in, false, &f->v[f->n], &f->pts[f->n], err, sizeof err)) == 1)
        f->n++;
    io_vin_close(in);
    return rc < 0 ? why("%s", err) : NULL;
}

static double psnr(const RtArray *a, const RtArray *b)
{
    double se = 0;
    for (int64_t i = 0; i < a->n; i++) {
        double d = rt_get_real(a, i) - rt_get_real(b, i);
        se += d * d;
    }
    return se == 0 ? INFINITY : 10 * log10(255.0 * 255.0 * (double)a->n / se);
}

/* ---------------------------------------------------------------- checks */

static const char *check_timestamps(const char *path)
{
    Frames f;
    const char *w = read_all(path, &f);
    if (w)
        return w;
    double want[MAXF];
    int n = probe_times(path, "pts", want, MAXF);
    if (n < 0)
        w = "ffprobe failed";
    else if (n != f.n)
        w = why("%d frames read, ffprobe lists %d", f.n, n);
    for (int i = 0; !w && i < n; i++)
        if ((double)f.pts[i] != want[i])
            w = why("frame %d: pts %lld, ffprobe says %.0f", i, (long long)f.pts[i], want[i]);
    frames_free(&f);
    return w;
}

static const char *check_info(void)
{
    Frames f;
    const char *w = read_all(file("in.mp4"), &f);
    if (w)
        return w;
    IoVideoInfo *i = &f.info;
    if (i->width != 64 || i->height != 48 || fabs(i->fps - 25) > 1e-9 || i->frame_count != 25 ||
        fabs(i->duration_sec - 1) > 0.1 || i->bits_per_color != 8)
        w = why("%dx%d fps %g count %lld duration %g bits %d", i->width, i->height, i->fps,
                (long long)i->frame_count, i->duration_sec, i->bits_per_color);
    else if (f.n != 25 || f.v[0].a->rank != 3 || f.v[0].a->dims[0] != 48 || f.v[0].a->dims[1] != 64 ||
             f.v[0].a->dims[2] != 3 || f.v[0].a->elem != RT_F32)
        w = "frames are not 48 x 64 x 3 scalar cubes";
    frames_free(&f);
    return w;
}

static const char *copy_video(const char *src, const char *dst, const IoVideoOutOptions *opt);

/* A frame sample as an 8-bit RGB file holds it: rounded, saturated. */
static int byte_of(float v)
{
    return v <= 0 ? 0 : v >= 255 ? 255 : (int)(v + 0.5f);
}


/* Frames against raw RGB24 frames of the same size: the largest difference, and the
 * lowest PSNR in *low; NULL or the reason. */
static const char *compare_raw(const Frames *f, const char *raw, int *maxdiff_out, double *low)
{
    FILE *fp = fopen(raw, "rb");
    size_t size = (size_t)f->v[0].a->n;
    unsigned char *buf = malloc(size);
    int maxdiff = 0, frames = 0;
    *low = INFINITY;
    while (fp && buf && frames < f->n && fread(buf, 1, size, fp) == size) {
        const float *d = f->v[frames].a->data;
        double se = 0;
        for (size_t i = 0; i < size; i++) {
            int diff = abs(byte_of(d[i]) - buf[i]);
            maxdiff = diff > maxdiff ? diff : maxdiff;
            se += (double)diff * diff;
        }
        double p = se ? 10 * log10(255.0 * 255.0 * (double)size / se) : INFINITY;
        *low = p < *low ? p : *low;
        frames++;
    }
    if (fp)
        fclose(fp);
    free(buf);
    *maxdiff_out = maxdiff;
    return frames == f->n ? NULL : why("%d raw frames, %d read", frames, f->n);
}

/* Frames against the standard's conversion (ITU-R BT.601 / BT.709 in doubles, written here
 * apart from io/yuv.c) of the 4:2:0 samples ffmpeg decodes (raw, in the clip's own format:
 * no conversion, no range change), each chroma sample covering its 2 x 2 pixels: the
 * largest error. */
static const char *compare_formula(const Frames *f, const char *video, double kr, double kb, bool full,
                                   double *maxerr)
{
    const char *raw = file("formula.yuv");
    if (sh("ffmpeg -nostdin -v error -y -i %s -f rawvideo %s", video, raw) != 0)     /* its own yuv420p */
        return "ffmpeg failed";
    int h = (int)f->v[0].a->dims[0], w = (int)f->v[0].a->dims[1], frames = 0;
    size_t size = (size_t)w * h * 3 / 2;
    unsigned char *buf = malloc(size);
    FILE *fp = fopen(raw, "rb");
    double kg = 1 - kr - kb, ys = full ? 1 : 255.0 / 219, cs = full ? 1 : 255.0 / 224, y0 = full ? 0 : 16;
    *maxerr = 0;
    while (fp && buf && frames < f->n && fread(buf, 1, size, fp) == size) {
        const float *d = f->v[frames].a->data;
        const unsigned char *cb = buf + w * h, *cr = cb + w * h / 4;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                double l = (buf[y * w + x] - y0) * ys, u = (cb[y / 2 * w / 2 + x / 2] - 128) * cs,
                       v = (cr[y / 2 * w / 2 + x / 2] - 128) * cs;
                double rgb[3] = {l + 2 * (1 - kr) * v, l - 2 * kb * (1 - kb) / kg * u - 2 * kr * (1 - kr) / kg * v,
                                 l + 2 * (1 - kb) * u};
                for (int c = 0; c < 3; c++) {
                    double e = fabs(d[(y * w + x) * 3 + c] - rgb[c]);
                    *maxerr = e > *maxerr ? e : *maxerr;
                }
            }
        frames++;
    }
    if (fp)
        fclose(fp);
    free(buf);
    return frames == f->n ? NULL : why("%d raw frames, %d read", frames, f->n);
}

/* The largest difference FFmpeg's fixed-point conversion (its rgb24) keeps from the exact
 * one, rounded: its tables are 8-bit precise. */
#define SWS_TOLERANCE 3

/* The BT.709 limited and the full-range clip: RGB equal to ffmpeg's and close to the RGB
 * source (a wrong matrix or range costs 10 dB and more); an H.264 copy keeps the tags and
 * the colours. */
static const char *check_colour(const char *name, const char *tags, double kr, double kb, bool full)
{
    Frames f;
    const char *w = read_all(file(name), &f);
    if (w)
        return w;
    int maxdiff;
    double low, err;
    if ((w = compare_formula(&f, file(name), kr, kb, full, &err)) == NULL && err > 1e-3)
        w = why("differs from the standard's conversion by up to %g", err);
    else if (w)
        ;
    else if (sh("ffmpeg -nostdin -v error -y -i %s -f rawvideo -pix_fmt rgb24 %s", file(name), file("c.rgb")) != 0)
        w = "ffmpeg failed";
    else if ((w = compare_raw(&f, file("c.rgb"), &maxdiff, &low)) == NULL && maxdiff > SWS_TOLERANCE)
        w = why("differs from ffmpeg's rgb24 by up to %d", maxdiff);
    if (!w && !(w = compare_raw(&f, file("src.rgb"), &maxdiff, &low)) && low < 30)
        w = why("PSNR %.1f dB against the RGB source", low);
    frames_free(&f);
    /* 4:4:4, so that chroma subsampling (which costs a small clip several dB) is not measured */
    IoVideoOutOptions o = {.pix_fmt = "yuv444p", .crf = 10};
    if (w || (w = copy_video(file(name), file("ccopy.mp4"), &o)))
        return w;
    char *t = capture("ffprobe -v error -select_streams v:0 -show_entries "
                      "stream=color_range,color_space,color_primaries -of compact=nk=1:p=0 %s",
                      file("ccopy.mp4"));
    if (!t)
        return "ffprobe failed";
    t[strcspn(t, "\n")] = '\0';
    if (strcmp(t, tags))
        w = why("the copy is tagged %s, not %s", t, tags);
    free(t);
    if (w || (w = read_all(file("ccopy.mp4"), &f)))
        return w;
    if (!(w = compare_raw(&f, file("c.rgb"), &maxdiff, &low)) && low < 36)
        w = why("copy: PSNR %.1f dB against the input", low);
    frames_free(&f);
    return w;
}

/* Our RGB against the BT.601 formula (the clip is untagged, as FFmpeg assumes) and against
 * FFmpeg's conversion (`-pix_fmt rgb24`, its default flags). */
static const char *check_rgb_matches_ffmpeg(void)
{
    Frames f;
    const char *w = read_all(file("in.mp4"), &f);
    if (w)
        return w;
    int maxdiff;
    double low, err;
    if ((w = compare_formula(&f, file("in.mp4"), 0.299, 0.114, false, &err)) == NULL && err > 1e-3)
        w = why("differs from the BT.601 formula by up to %g", err);
    else if (w)
        ;
    else if (sh("ffmpeg -nostdin -v error -y -i %s -f rawvideo -pix_fmt rgb24 %s", file("in.mp4"), file("in.rgb")))
        w = "ffmpeg failed";
    else if ((w = compare_raw(&f, file("in.rgb"), &maxdiff, &low)) == NULL && maxdiff > SWS_TOLERANCE)
        w = why("differs from ffmpeg's rgb24 by up to %d", maxdiff);
    frames_free(&f);
    return w;
}

/* Copy `src` to `dst` through io_vout with `opt`; the frames as read. */
static const char *copy_video(const char *src, const char *dst, const IoVideoOutOptions *opt)
{
    char err[512];
    IoVideoIn *in = io_vin_open(src, err, sizeof err);
    if (!in)
        return why("%s", err);
    IoVideoInfo info;
    io_vin_info(in, &info);
    IoVideoOut *out = io_vout_open(dst, in, info.width, info.height, opt, err, sizeof err);
    const char *w = NULL;
    if (!out)
        w = why("%s", err);
    Value v;
    int64_t pts;
    int rc = 0;
    while (!w && (rc = io_vin_read(in, false, &v, &pts, err, sizeof err)) == 1) {
        if (io_vout_write(out, v.a, pts, err, sizeof err) < 0)
            w = why("%s", err);
        rt_release(v);
    }
    if (!w && rc < 0)
        w = why("%s", err);
    if (out && w)
        io_vout_abort(out);
    else if (out && io_vout_close(out, err, sizeof err) < 0)
        w = why("%s", err);
    io_vin_close(in);
    return w;
}

/* Matroska cannot store negative times: when the copied AAC starts before 0 (its priming
 * samples), the muxer shifts every stream alike, so there only differences are compared. */
static const char *same_times(const char *a, const char *b)
{
    bool relative = strstr(b, ".mkv") != NULL;
    double ta[MAXF], tb[MAXF];
    int na = probe_times(a, "pts_time", ta, MAXF), nb = probe_times(b, "pts_time", tb, MAXF);
    if (na < 0 || nb < 0)
        return "ffprobe failed";
    if (na != nb)
        return why("%d frames in, %d out", na, nb);
    for (int i = 0; i < na; i++)
        if (fabs(ta[i] - tb[i] - (relative ? ta[0] - tb[0] : 0)) > 0.0015)
            return why("frame %d at %.4f s, was %.4f s", i, tb[i], ta[i]);
    return NULL;
}

static const char *check_ffv1_copy(const char *name)
{
    IoVideoOutOptions o = {.codec = "ffv1", .crf = -1};
    const char *w = copy_video(file("in.mp4"), file(name), &o);
    if (w)
        return w;
    Frames a, b;
    if ((w = read_all(file("in.mp4"), &a)))
        return w;
    if ((w = read_all(file(name), &b))) {
        frames_free(&a);
        return w;
    }
    if (a.n != b.n)
        w = why("%d frames in, %d out", a.n, b.n);
    for (int i = 0; !w && i < a.n; i++) {
        const float *x = a.v[i].a->data, *y = b.v[i].a->data;
        for (int64_t k = 0; !w && k < a.v[i].a->n; k++)
            if (y[k] != byte_of(x[k]))
                w = why("frame %d sample %lld is %g, read as %g", i, (long long)k, y[k], x[k]);
    }
    frames_free(&a);
    frames_free(&b);
    return w ? w : same_times(file("in.mp4"), file(name));
}

static const char *audio_md5(const char *path, char *md5, size_t len)
{
    char *s = capture("ffmpeg -nostdin -v error -i %s -map 0:a -c copy -f md5 -", path);
    if (!s)
        return "ffmpeg -f md5 failed";
    snprintf(md5, len, "%s", s);
    free(s);
    return NULL;
}

static const char *check_audio(const char *out)
{
    char a[128], b[128];
    const char *w = audio_md5(file("in.mp4"), a, sizeof a);
    if (!w)
        w = audio_md5(out, b, sizeof b);
    if (!w && strcmp(a, b))
        w = why("audio md5 %s, input's %s", b, a);
    return w;
}

static const char *check_h264_copy(void)
{
    const char *w = copy_video(file("in.mp4"), file("x264.mp4"), NULL);
    if (w)
        return w;
    if ((w = check_timestamps(file("x264.mp4"))))
        return w;
    double ta[MAXF], tb[MAXF];
    if (probe_times(file("in.mp4"), "pts", ta, MAXF) != probe_times(file("x264.mp4"), "pts", tb, MAXF))
        return "frame counts differ";
    for (int i = 0; i < 25; i++)
        if (ta[i] != tb[i])
            return why("frame %d: pts %.0f, input's %.0f", i, tb[i], ta[i]);
    /* the same RGB round trip and encoder settings through the ffmpeg tool */
    if (sh("ffmpeg -nostdin -v error -y -i %s -vf format=rgb24,format=yuv420p -c:v libx264 -crf 18 "
           "-preset medium %s", file("in.mp4"), file("ref.mp4")) != 0)
        return "ffmpeg failed";
    Frames a, b, r;
    if ((w = read_all(file("in.mp4"), &a)))
        return w;
    if (!(w = read_all(file("x264.mp4"), &b))) {
        if (!(w = read_all(file("ref.mp4"), &r))) {
            double ours = 0, theirs = 0;
            for (int i = 0; i < a.n && i < b.n && i < r.n; i++) {
                ours += psnr(a.v[i].a, b.v[i].a) / a.n;
                theirs += psnr(a.v[i].a, r.v[i].a) / a.n;
            }
            if (b.n != a.n || r.n != a.n)
                w = why("%d frames, ffmpeg's copy %d, input %d", b.n, r.n, a.n);
            else if (ours < theirs - 0.5)
                w = why("mean PSNR %.2f dB, ffmpeg's own %.2f dB", ours, theirs);
            frames_free(&r);
        }
        frames_free(&b);
    }
    frames_free(&a);
    return w;
}

static const char *check_vfr(void)
{
    const char *w = check_timestamps(file("vfr.mp4"));
    if (w)
        return w;
    IoVideoOutOptions o = {.codec = "ffv1", .crf = -1};
    if ((w = copy_video(file("vfr.mp4"), file("vfr_ffv1.mkv"), &o)) ||
        (w = same_times(file("vfr.mp4"), file("vfr_ffv1.mkv"))))
        return w;
    if ((w = copy_video(file("vfr.mp4"), file("vfr_x264.mp4"), NULL)))
        return w;
    return same_times(file("vfr.mp4"), file("vfr_x264.mp4"));
}

static const char *check_seek(void)
{
    char err[512];
    IoVideoIn *in = io_vin_open(file("in.mp4"), err, sizeof err);
    if (!in)
        return why("%s", err);
    const char *w = NULL;
    Value v;
    int64_t pts = -1;
    if (io_vin_seek(in, 0.5, err, sizeof err) < 0 || io_vin_read(in, false, &v, &pts, err, sizeof err) != 1)
        w = why("%s", err);
    else {
        rt_release(v);
        if (pts != 6656)   /* frame 13 at 0.52 s (1/12800): the first at or after 0.5 s */
            w = why("pts %lld after seeking to 0.5 s", (long long)pts);
    }
    if (!w && (io_vin_seek(in, 0, err, sizeof err) < 0 || io_vin_read(in, false, &v, &pts, err, sizeof err) != 1))
        w = why("%s", err);
    else if (!w) {
        rt_release(v);
        if (pts != 0)
            w = why("pts %lld after seeking to 0", (long long)pts);
    }
    io_vin_close(in);
    return w;
}

static const char *check_open_error(const char *name, const char *want)
{
    char err[512] = "";
    IoVideoIn *in = io_vin_open(file(name), err, sizeof err);
    if (in) {
        io_vin_close(in);
        return "opened";
    }
    if (!strstr(err, file(name)) || !strstr(err, want))
        return why("message '%s' lacks the file name or '%s'", err, want);
    return NULL;
}

static const char *check_write_errors(void)
{
    char err[512];
    IoVideoOutOptions o = {.codec = "no_such_codec", .crf = -1};
    IoVideoOut *out = io_vout_open(file("bad.mkv"), NULL, 64, 48, &o, err, sizeof err);
    if (out || !strstr(err, "no_such_codec"))
        return out ? (io_vout_abort(out), "unknown codec accepted") : why("message '%s'", err);
    out = io_vout_open(file("bad.nosuchext"), NULL, 64, 48, NULL, err, sizeof err);
    if (out || !strstr(err, "nosuchext"))
        return out ? (io_vout_abort(out), "unknown extension accepted") : why("message '%s'", err);
    out = io_vout_open(file("nodir/x.mkv"), NULL, 64, 48, NULL, err, sizeof err);
    if (out || !strstr(err, "nodir/x.mkv"))
        return out ? (io_vout_abort(out), "missing folder accepted") : why("message '%s'", err);
    IoVideoOutOptions f = {.codec = "ffv1", .crf = -1};
    out = io_vout_open(file("small.mkv"), NULL, 64, 48, &f, err, sizeof err);
    if (!out)
        return why("%s", err);
    int64_t dims[3] = {10, 10, 3};
    Value v = rt_array_new(RT_F32, 3, dims);
    int rc = io_vout_write(out, v.a, 0, err, sizeof err);
    rt_release(v);
    io_vout_abort(out);
    if (rc >= 0 || !strstr(err, "10 x 10"))
        return rc >= 0 ? "a frame of the wrong size was accepted" : why("message '%s'", err);
    return NULL;
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/qpipe-video-XXXXXX");
    if (!mkdtemp(dir) || !make_media()) {
        report("video setup", "cannot make the test media with ffmpeg under /tmp");
        return 1;
    }
    report("video info", check_info());
    report("video timestamps equal ffprobe's", check_timestamps(file("in.mp4")));
    report("video RGB equals ffmpeg's rgb24", check_rgb_matches_ffmpeg());
    report("video seek", check_seek());
    report("video colour BT.709 limited range", check_colour("c709.mp4", "tv|bt709|bt709", 0.2126, 0.0722, false));
    report("video colour full range", check_colour("cfull.mp4", "pc|unknown|unknown", 0.299, 0.114, true));
    report("video ffv1 copy exact, same times (mov)", check_ffv1_copy("ffv1.mov"));
    report("video ffv1 copy audio bit-identical (mov)", check_audio(file("ffv1.mov")));
    report("video ffv1 copy exact, same times (mkv)", check_ffv1_copy("ffv1.mkv"));
    report("video ffv1 copy audio bit-identical (mkv)", check_audio(file("ffv1.mkv")));
    report("video h264 copy same pts, PSNR as ffmpeg's", check_h264_copy());
    report("video h264 copy audio bit-identical", check_audio(file("x264.mp4")));
    report("video variable frame rate kept", check_vfr());
    report("video error missing file", check_open_error("missing.mp4", "No such file"));
    report("video error text file named .mp4", check_open_error("text.mp4", "Invalid data"));
    report("video error truncated mp4", check_open_error("trunc.mp4", "cannot"));
    report("video write errors", check_write_errors());
    if (!failures)
        sh("rm -rf %s", dir);
    return failures != 0;
}
