#!/usr/bin/env python3
"""tests/e2e/e2e_media.py - `qpipe run` as FFmpeg users expect it (issue 15): damaged input,
pipes, image sequences, trimming and selection, fidelity of pixel formats and containers.

Every check compares with FFmpeg's own result on the same input (frame counts and
timestamps by ffprobe, pixel formats, PSNR or exact samples); the damaged inputs are made
here by script (a faststart MP4 cut at 30 %, bytes overwritten mid-file, an MKV whose
timestamps go back). Media: the harness's (320x180, 1 s) and a 3 s clip with audio made
below, all small so that the script stays within its time budget.
"""

import os
import subprocess
import sys

from harness import *  # noqa: F401,F403 - check, run, qpipe, ffmpeg, out, MEDIA, ...
from harness import main

IDENT = "presets/identity.q"
INVERT = "presets/invert.q"
FAST = ["--preset", "ultrafast", "-q"]


def media(name):
    return os.path.join(MEDIA, name)


def probe(path, entries, stream="v:0", count=False):
    args = ["ffprobe", "-v", "error", "-select_streams", stream, "-show_entries", "stream=" + entries,
            "-of", "default=nw=1:nk=1"]
    if count:
        args.insert(1, "-count_frames")
    code, o, e = run(args + [path])
    if code:
        raise AssertionError("ffprobe %s: %s" % (path, e.strip()[-200:]))
    return o.split()


def nframes(path):
    return int(probe(path, "nb_read_frames", count=True)[0])


def times(path):
    return [round(float(t), 3) for t in frame_times(path)]


_av = {}


def av():
    """A 3 s clip, 25 fps, keyframe every 25 frames, AAC audio, faststart MP4."""
    if "p" not in _av:
        p = out("av.mp4")
        ffmpeg("-f", "lavfi", "-i", "testsrc=size=320x180:rate=25:duration=3", "-f", "lavfi", "-i",
               "sine=frequency=440:duration=3", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25",
               "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", p)
        _av["p"] = p
    return _av["p"]


def damaged(kind):
    p = out(kind + ".mp4")
    if not os.path.exists(p):
        data = open(av(), "rb").read()
        if kind == "cut":
            data = data[:int(len(data) * 0.3)]
        else:
            b = bytearray(data)
            for i in range(len(b) // 2, len(b) // 2 + 3000):
                b[i] = (i * 37) & 255
            data = bytes(b)
        with open(p, "wb") as f:
            f.write(data)
    return p


# ---- damaged input --------------------------------------------------------------------


@check("media: a faststart MP4 cut at 30%: missing frames reported, exit 65, nothing written")
def _():
    src = damaged("cut")
    code, _, err = qpipe(IDENT, src, out("cut_out.mp4"), *FAST)
    want = 75 - nframes(src)         # frames ffmpeg decodes of the 75 declared
    if code != 65:
        raise AssertionError("exit %d, expected 65: %s" % (code, err.strip()[-300:]))
    if "%d frames missing" % want not in err or "3.000 s declared" not in err:
        raise AssertionError("expected '%d frames missing ... of 3.000 s declared' in: %s" % (want, err.strip()))
    if os.path.exists(out("cut_out.mp4")) or [f for f in os.listdir(OUT) if f.startswith(".qpipe-")]:
        raise AssertionError("an output or temporary was left behind")


@check("media: the cut MP4 with --ignore-damage: exit 0, the frames ffmpeg decodes, a warning")
def _():
    src = damaged("cut")
    code, _, err = qpipe(IDENT, src, out("cut_ok.mkv"), "--ignore-damage", *FAST)
    expect_code((code, "", err), 0, "qpipe run --ignore-damage")
    if "--ignore-damage" not in err or "frames missing" not in err:
        raise AssertionError("no warning: " + err.strip())
    got, want = nframes(out("cut_ok.mkv")), nframes(src)
    if got != want:
        raise AssertionError("%d frames written, ffmpeg decodes %d" % (got, want))


@check("media: bytes overwritten mid-file: decode errors with timestamps, exit 65; --ignore-damage keeps ffmpeg's frames")
def _():
    src = damaged("corrupt")
    code, _, err = qpipe(IDENT, src, out("cor.mkv"), *FAST)
    if code != 65 or "decode error" not in err or " at 1." not in err:
        raise AssertionError("exit %d, stderr: %s" % (code, err.strip()[-400:]))
    decoded = nframes(src)
    if "%d frames missing" % (75 - decoded) not in err:
        raise AssertionError("expected %d frames missing in: %s" % (75 - decoded, err.strip()))
    code, _, err = qpipe(IDENT, src, out("cor.mkv"), "--ignore-damage", *FAST)
    expect_code((code, "", err), 0, "qpipe run --ignore-damage")
    if nframes(out("cor.mkv")) != decoded:
        raise AssertionError("%d frames, ffmpeg decodes %d" % (nframes(out("cor.mkv")), decoded))


@check("media: MKV timestamps that go back are repaired as ffmpeg does (same frame times), exit 0 with a note")
def _():
    ok, bad = out("ok.mkv"), out("badts.mkv")
    ffmpeg("-f", "lavfi", "-i", "testsrc=size=160x90:rate=25:duration=2", "-c:v", "libx264", "-preset",
           "ultrafast", "-bf", "0", "-pix_fmt", "yuv420p", ok)
    ffmpeg("-i", ok, "-c", "copy", "-bsf:v", "setts=ts=if(between(N\\,10\\,12)\\,PTS-3*DURATION\\,PTS)", bad)
    code, _, err = qpipe(IDENT, bad, out("bad_q.mkv"), *FAST)
    expect_code((code, "", err), 0, "qpipe run")
    if "re-timed" not in err:
        raise AssertionError("no note of the repair: " + err.strip())
    ffmpeg("-i", bad, "-c:v", "libx264", "-preset", "ultrafast", out("bad_ff.mkv"))
    got, want = times(out("bad_q.mkv")), times(out("bad_ff.mkv"))
    if got != want:
        raise AssertionError("frame times %s, ffmpeg's %s" % (got[8:16], want[8:16]))


@check("media: no false alarm: audio longer than the video (MKV), a variable frame rate")
def _():
    longer = out("longer.mkv")
    ffmpeg("-f", "lavfi", "-i", "testsrc=size=160x90:rate=25:duration=1", "-f", "lavfi", "-i",
           "sine=duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "flac", longer)
    for src in (longer, media("vfr.mkv")):
        code, _, err = qpipe(IDENT, src, out("nofalse.mkv"), "-y", *FAST)
        if code != 0 or "damage" in err:
            raise AssertionError("%s: exit %d, %s" % (os.path.basename(src), code, err.strip()))


# ---- trimming and selection -------------------------------------------------------------


def ff_trim(name, *opts):
    ref = out(name)
    ffmpeg(*opts, "-i", av(), "-fps_mode", "passthrough", "-c:v", "libx264", "-preset", "ultrafast", "-an", ref)
    return ref


@check("media: -ss 1.32 -t 1 (between key frames): the frames and timestamps of ffmpeg -ss 1.32 -t 1 -i")
def _():
    # ffmpeg rounds output times to its 1/fps encoder time base, qpipe keeps the input's:
    # a start on a frame's time makes both exact
    expect_code(qpipe(IDENT, av(), out("ss.mkv"), "-ss", "1.32", "-t", "1", "-an", "--codec", "ffv1", "-q"), 0,
                "qpipe")
    ref = ff_trim("ss_ff.mkv", "-ss", "1.32", "-t", "1")
    if times(out("ss.mkv")) != times(ref):
        raise AssertionError("times %s, ffmpeg's %s" % (times(out("ss.mkv"))[:4], times(ref)[:4]))
    p = psnr_files(out("ss.mkv"), ref)
    if p < 35:
        raise AssertionError("PSNR %.1f dB against ffmpeg's frames: not the same pictures" % p)


@check("media: -ss 00:00:01.200 -to 2.4 equals -ss 1.2 -t 1.2 (frame times of ffmpeg's)")
def _():
    expect_code(qpipe(IDENT, av(), out("to.mkv"), "-ss", "00:00:01.200", "-to", "2.4", *FAST), 0, "qpipe")
    ref = ff_trim("to_ff.mkv", "-ss", "1.2", "-to", "2.4")
    if times(out("to.mkv")) != times(ref):
        raise AssertionError("times %s, ffmpeg's %s" % (times(out("to.mkv")), times(ref)))


@check("media: --frames 7 and -frames:v 7 write 7 frames; -an drops the audio, -sn is accepted")
def _():
    expect_code(qpipe(IDENT, av(), out("f7.mp4"), "--frames", "7", *FAST), 0, "qpipe --frames")
    expect_code(qpipe(IDENT, av(), out("f7b.mkv"), "-frames:v", "7", "-an", "-sn", "-threads", "1", *FAST), 0,
                "qpipe -frames:v")
    if nframes(out("f7.mp4")) != 7 or nframes(out("f7b.mkv")) != 7:
        raise AssertionError("frames %d, %d" % (nframes(out("f7.mp4")), nframes(out("f7b.mkv"))))
    if probe(out("f7.mp4"), "codec_name", "a") != ["aac"] or probe(out("f7b.mkv"), "codec_name", "a"):
        raise AssertionError("audio streams: with %s, with -an %s" % (probe(out("f7.mp4"), "codec_name", "a"),
                                                                   probe(out("f7b.mkv"), "codec_name", "a")))


@check("media: -ss keeps the audio from the start on (within one AAC frame), timestamps from 0")
def _():
    expect_code(qpipe(IDENT, av(), out("ssa.mp4"), "-ss", "1", *FAST), 0, "qpipe")
    code, o, _ = run(["ffprobe", "-v", "error", "-select_streams", "a", "-show_entries", "packet=pts_time",
                      "-of", "csv=p=0", out("ssa.mp4")])
    first = float(o.split()[0].rstrip(","))
    dur = float(probe(out("ssa.mp4"), "duration", "a")[0])
    if not (0 <= first < 0.03) or abs(dur - 2.0) > 0.05:
        raise AssertionError("audio starts at %.3f s and lasts %.3f s; expected 0 and 2 s" % (first, dur))


@check("media: bad times and '--' before a name that starts with '-'")
def _():
    for bad in ("abc", "1:75", "-3", "1.5:20"):
        code, _, err = qpipe(IDENT, av(), out("x.mkv"), "-ss", bad)
        if code != 64 or "needs a time" not in err:
            raise AssertionError("-ss %s: exit %d, %s" % (bad, code, err.strip()))
    dash = os.path.join(OUT, "-dash.mkv")
    code, _, err = qpipe(IDENT, "-q", "--frames", "2", "--", av(), dash)
    expect_code((code, "", err), 0, "qpipe -- NAME")
    if nframes(dash) != 2:
        raise AssertionError("not written through --")


# ---- pipes ----------------------------------------------------------------------------


def shell(cmd):
    p = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], cwd=ROOT, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


@check("media: ffmpeg -f matroska - | qpipe run f.q - - | ffprobe: every frame, its timestamps")
def _():
    code, o, err = shell("ffmpeg -nostdin -v error -i %s -f matroska - | tee %s | %s run %s - - -q --preset "
                         "ultrafast > %s" % (av(), out("sent.mkv"), QPIPE, IDENT, out("piped.mkv")))
    expect_code((code, "", err), 0, "the pipe")
    got, want = times(out("piped.mkv")), times(out("sent.mkv"))
    if got != want or len(got) != 75:
        raise AssertionError("times %s (%d), sent %s" % (got[:3], len(got), want[:3]))
    if audio_md5(out("piped.mkv")) != audio_md5(out("sent.mkv")):
        raise AssertionError("the audio differs from what was sent")


@check("media: --format y4m on stdout: raw frames equal the input's decoded 4:2:0 frames (invert: negate)")
def _():
    src = media("in420.mp4")
    code, o, err = shell("%s run %s %s - --format y4m -q > %s" % (QPIPE, IDENT, src, out("o.y4m")))
    expect_code((code, "", err), 0, "qpipe to y4m")
    if probe(out("o.y4m"), "pix_fmt") != ["yuv420p"] or nframes(out("o.y4m")) != nframes(src):
        raise AssertionError("y4m: %s, %d frames" % (probe(out("o.y4m"), "pix_fmt"), nframes(out("o.y4m"))))
    code, o, err = shell("%s run %s %s - --format mp4 -q > /dev/null" % (QPIPE, IDENT, src))
    if code != 73 or "streaming container" not in err:
        raise AssertionError("MP4 on stdout: exit %d, %s" % (code, err.strip()))
    got = ffmpeg("-i", out("o.y4m"), "-f", "md5", "-").strip()
    want = ffmpeg("-i", src, "-f", "md5", "-").strip()
    if got != want:
        raise AssertionError("identity through y4m changed the frames (%s, %s)" % (got, want))


COUNTER = """state = object()
state.n = 0
function y = process(x, stop : int = 0)
    state.n = state.n + 1
    print("filtered ", state.n, " ", size(x, 0), "x", size(x, 1))
    if state.n == stop
        error("stopped at ", stop)
    endif
    y = 1 - x
endfunction
"""


@check("media: --format null (ffmpeg -f null -): every frame filtered, nothing written; its errors still count")
def _():
    f = out("counter.q")
    with open(f, "w") as fh:
        fh.write(COUNTER)
    want = nframes(av())
    code, o, err = shell("%s run %s %s - --format null --progress - > %s" % (QPIPE, f, av(), out("null.txt")))
    expect_code((code, "", err), 0, "qpipe to --format null")
    text = open(out("null.txt"), "rb").read().decode("utf-8", "replace")
    calls = [ln for ln in err.splitlines() if ln.startswith("filtered ")]
    if len(calls) != want or calls[-1] != "filtered %d 180x320" % want:
        raise AssertionError("%d calls of the filter (%s), %d frames in" % (len(calls), calls[-1:], want))
    frames = [ln for ln in text.splitlines() if ln.startswith("frame=")]
    if not frames or frames[-1] != "frame=%d" % want or "progress=end" not in text:
        raise AssertionError("progress on stdout: %s" % frames[-1:])
    if any(not ln.split("=")[0].replace("_", "").isalnum() for ln in text.splitlines() if ln):
        raise AssertionError("stdout holds more than the progress: %r" % text[:80])
    if "output discarded" not in err:
        raise AssertionError("no note that the output was discarded: " + err.strip()[-200:])
    code, o, err = shell("%s run %s %s - --format null --set stop=40 -q" % (QPIPE, f, av()))
    if code != 65 or "stopped at 40" not in err or "frame 39" not in err:
        raise AssertionError("a filter error under --format null: exit %d, %s" % (code, err.strip()[-200:]))
    code, o, err = shell("%s run %s %s %s --format null -q" % (QPIPE, f, av(), out("null.mkv")))
    if code != 64 or "OUT must be '-'" not in err or os.path.exists(out("null.mkv")):
        raise AssertionError("--format null with a file OUT: exit %d, %s" % (code, err.strip()))


@check("media: a PNG through stdin and stdout: invert.q equals ffmpeg's negate, exactly")
def _():
    src = media("clean_1.png")
    code, o, err = shell("cat %s | %s run %s - - --format png -q > %s" % (src, QPIPE, INVERT, out("inv.png")))
    expect_code((code, "", err), 0, "the image pipe")
    got = rgb_frames(out("inv.png"))
    want = rgb_frames(src, "format=rgb24,negate")
    if got != want:
        raise AssertionError("PSNR %.2f dB" % psnr_bytes(got, want))


# ---- image sequences ------------------------------------------------------------------


@check("media: img%04d.png as OUT (one image per frame, from 1) and as IN at --fps 10")
def _():
    os.makedirs(out("seq"))
    pat = out("seq/f%04d.png")
    src = media("in420.mp4")
    expect_code(qpipe(IDENT, src, pat, "-q"), 0, "qpipe to a sequence")
    names = sorted(os.listdir(out("seq")))
    n = nframes(src)
    if names != ["f%04d.png" % (i + 1) for i in range(n)]:
        raise AssertionError("images %s ... (%d), expected f0001.png .. (%d)" % (names[:2], len(names), n))
    ffmpeg("-i", src, out("ref%04d.png"))
    p = psnr_bytes(rgb_frames(out("seq/f0005.png")), rgb_frames(out("ref0005.png")))
    if p < 45:
        raise AssertionError("image 5 against ffmpeg's: PSNR %.1f dB" % p)
    expect_code(qpipe(IDENT, pat, out("seq.mkv"), "--fps", "10", *FAST), 0, "qpipe from a sequence")
    ffmpeg("-framerate", "10", "-i", pat, "-c:v", "libx264", "-preset", "ultrafast", out("seq_ff.mkv"))
    if times(out("seq.mkv")) != times(out("seq_ff.mkv")):
        raise AssertionError("times %s, ffmpeg's %s" % (times(out("seq.mkv"))[:3], times(out("seq_ff.mkv"))[:3]))
    if probe(out("seq.mkv"), "pix_fmt") != probe(out("seq_ff.mkv"), "pix_fmt"):
        raise AssertionError("pixel format %s, ffmpeg's %s" % (probe(out("seq.mkv"), "pix_fmt"),
                                                              probe(out("seq_ff.mkv"), "pix_fmt")))


@check("media: a JPEG sequence out is full-range 4:2:0 as ffmpeg writes it; 10-bit y4m on stdout stays 10-bit")
def _():
    os.makedirs(out("jseq"))
    expect_code(qpipe(IDENT, media("in420.mp4"), out("jseq/q%03d.jpg"), "-q", "--frames", "2"), 0, "qpipe to jpg")
    ffmpeg("-i", media("in420.mp4"), "-frames:v", "2", out("jseq/f%03d.jpg"))
    if probe(out("jseq/q001.jpg"), "pix_fmt") != probe(out("jseq/f001.jpg"), "pix_fmt"):
        raise AssertionError("JPEG %s, ffmpeg's %s" % (probe(out("jseq/q001.jpg"), "pix_fmt"),
                                                      probe(out("jseq/f001.jpg"), "pix_fmt")))
    ten = out("t10.mkv")
    ffmpeg("-f", "lavfi", "-i", "testsrc=size=64x48:duration=0.2", "-pix_fmt", "yuv420p10le", "-c:v", "ffv1", ten)
    code, o, err = shell("%s run %s %s - --format y4m -q > %s" % (QPIPE, IDENT, ten, out("t10.y4m")))
    expect_code((code, "", err), 0, "10-bit y4m")
    if probe(out("t10.y4m"), "pix_fmt") != ["yuv420p10le"]:
        raise AssertionError("y4m: %s" % probe(out("t10.y4m"), "pix_fmt"))


@check("media: a glob into a video name is a usage error that says to use a pattern")
def _():
    code, _, err = qpipe(IDENT, os.path.join(MEDIA, "*.png"), out("glob.mp4"))
    if code != 64 or "pattern" not in err or os.path.exists(out("glob.mp4")):
        raise AssertionError("exit %d, %s" % (code, err.strip()))


# ---- fidelity -------------------------------------------------------------------------


@check("media: yuv444p stays yuv444p, 10-bit stays 10-bit with more than 256 levels, as ffmpeg keeps them")
def _():
    expect_code(qpipe(IDENT, media("in444.mp4"), out("k444.mp4"), *FAST), 0, "qpipe 444")
    ffmpeg("-i", media("in444.mp4"), "-c:v", "libx264", "-preset", "ultrafast", out("k444_ff.mp4"))
    if probe(out("k444.mp4"), "pix_fmt") != probe(out("k444_ff.mp4"), "pix_fmt") != ["yuv444p"]:
        raise AssertionError("444 became %s" % probe(out("k444.mp4"), "pix_fmt"))
    ten = out("ten.mkv")
    # luma 0..1023 across the width: 320 levels, more than 8 bits hold
    ffmpeg("-f", "lavfi", "-i", "nullsrc=size=320x180:duration=0.2,format=yuv444p10le,"
           "geq=lum='X*1023/319':cb=512:cr=512", "-c:v", "ffv1", "-pix_fmt", "yuv444p10le", ten)
    expect_code(qpipe(IDENT, ten, out("ten_q.mkv"), "--codec", "ffv1", "-q"), 0, "qpipe 10-bit")
    if probe(out("ten_q.mkv"), "pix_fmt") != ["yuv444p10le"]:
        raise AssertionError("10-bit became %s" % probe(out("ten_q.mkv"), "pix_fmt"))
    raw = ffmpeg_bytes("-i", out("ten_q.mkv"), "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray10le", "-")
    levels = len(set(raw[i] | raw[i + 1] << 8 for i in range(0, len(raw), 2)))
    src = ffmpeg_bytes("-i", ten, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray10le", "-")
    src_levels = len(set(src[i] | src[i + 1] << 8 for i in range(0, len(src), 2)))
    if levels <= 256 or levels < src_levels * 0.9:
        raise AssertionError("%d luma levels out of the input's %d: an 8-bit stage" % (levels, src_levels))


@check("media: vidreadframe of a 10-bit stream gives rgb_data as cube[uint16] on 0..65535, "
       "ffmpeg's RGB48 samples (Quasar programs divide it by 65535)")
def _():
    ten = out("gbr10.mkv")
    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=64x48:duration=0.1", "-pix_fmt", "gbrp10le", "-c:v", "ffv1", ten)
    prog = out("deep.q")
    with open(prog, "w") as f:
        f.write('s = vidopen("%s")\nvidreadframe(s)\nx = s.rgb_data\nprint s.bits_per_color, " ", type(x)\n'
                'for i = 0..numel(x) - 1\n    print x[i]\nend\n' % ten)
    code, o, err = run([QPIPE, "exec", prog])
    expect_code((code, o, err), 0, "qpipe exec")
    lines = o.split("\n")
    if lines[0] != "10 cube[uint16]":
        raise AssertionError("header %r" % lines[0])
    raw = ffmpeg_bytes("-i", ten, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb48le", "-")
    want = [raw[i] | raw[i + 1] << 8 for i in range(0, len(raw), 2)]
    got = [int(v) for v in lines[1:] if v]
    bad = [(i, g, w) for i, (g, w) in enumerate(zip(got, want)) if abs(g - w) > 0]
    if len(got) != len(want) or bad or max(got) <= 255:
        raise AssertionError("%d samples of %d; differing (index, qpipe, ffmpeg): %s"
                             % (len(got), len(want), bad[:5]))


def ffmpeg_bytes(*args):
    p = subprocess.run(["ffmpeg", "-nostdin", "-v", "error"] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=60)
    if p.returncode:
        raise AssertionError("ffmpeg: " + p.stderr.decode()[-200:])
    return p.stdout


@check("media: odd sizes from 4:2:0 are written as yuv444p (with a note); 16-bit PNG stays 16-bit, exactly")
def _():
    odd = out("odd.mkv")
    ffmpeg("-f", "lavfi", "-i", "testsrc=size=161x91:rate=25:duration=0.2", "-c:v", "ffv1", "-pix_fmt", "yuv444p", odd)
    code, _, err = qpipe(IDENT, odd, out("odd.mp4"), "--preset", "ultrafast")
    expect_code((code, "", err), 0, "qpipe odd size")
    if sorted(probe(out("odd.mp4"), "pix_fmt,width")) != ["161", "yuv444p"]:
        raise AssertionError("odd size: %s" % probe(out("odd.mp4"), "pix_fmt,width"))
    p16 = out("p16.png")
    ffmpeg("-f", "lavfi", "-i", "gradients=size=64x48", "-frames:v", "1", "-pix_fmt", "rgb48be", p16)
    expect_code(qpipe(IDENT, p16, out("o16.png"), "-q"), 0, "qpipe 16-bit png")
    a = ffmpeg_bytes("-i", p16, "-f", "rawvideo", "-pix_fmt", "rgb48le", "-")
    b = ffmpeg_bytes("-i", out("o16.png"), "-f", "rawvideo", "-pix_fmt", "rgb48le", "-")
    if probe(out("o16.png"), "pix_fmt") != ["rgb48be"] or a != b:
        raise AssertionError("16-bit PNG: %s, samples equal: %s" % (probe(out("o16.png"), "pix_fmt"), a == b))


@check("media: a video into one image name: a clear error at the second frame, nothing written; "
       "--frames 1 writes the first frame")
def _():
    src = os.path.join(MEDIA, "in444.mp4")
    dst = out("one.png")
    code, o, e = qpipe(IDENT, src, dst, "-y")
    if code == 0 or "is one image" not in e or "--frames 1" not in e or os.path.exists(dst):
        raise AssertionError("exit %d, %r, written: %s" % (code, e[-300:], os.path.exists(dst)))
    expect_code(qpipe(IDENT, src, dst, "-y", "--frames", "1"), 0, "--frames 1")
    first = rgb_frames(src, "trim=end_frame=1")
    if psnr_bytes(rgb_frames(dst), first) < 40:
        raise AssertionError("the image is not the first frame")


def rotation(path):
    """The video stream's display rotation (ffprobe's side data), "" when it has none."""
    code, o, e = run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                      "stream_side_data=rotation", "-of", "default=nw=1:nk=1", path])
    return o.strip()


@check("media: a video with a 90/180/270 display rotation (a phone's portrait clip) is filtered and written "
       "upright, as ffmpeg autorotates; --no-autorotate keeps the frames as stored")
def _():
    src = os.path.join(MEDIA, "in444.mp4")
    w, h = (int(v) for v in probe(src, "width")[0:1] + probe(src, "height")[0:1])
    for deg in (90, 180, 270):
        rot = out("rot%d.mp4" % deg)
        ffmpeg("-i", src, "-c", "copy", "-an", "-frames:v", "4", "-metadata:s:v:0", "rotate=%d" % deg, rot)
        dst = out("rot%d-out.mkv" % deg)
        expect_code(qpipe(IDENT, rot, dst, "-y", "--codec", "ffv1", "--pix-fmt", "yuv444p"), 0, "rotated %d" % deg)
        want = (h, w) if deg % 180 else (w, h)
        got = (int(probe(dst, "width")[0]), int(probe(dst, "height")[0]))
        if not rotation(rot):
            raise AssertionError("ffmpeg wrote no rotation into %s" % rot)
        turn = rotation(dst)
        if got != want or turn:
            raise AssertionError("rotate=%d: written %dx%d, rotation %r, expected %dx%d upright without one"
                                 % (deg, got[0], got[1], turn, want[0], want[1]))
        upright = psnr_bytes(rgb_frames(dst), rgb_frames(rot))      # ffmpeg decodes it turned upright
        if upright < 40:
            raise AssertionError("rotate=%d: %.1f dB from ffmpeg's upright frames" % (deg, upright))
        if deg == 180:
            stored = psnr_bytes(rgb_frames(dst), rgb_frames(src, "trim=end_frame=4"))
            if stored > 25:
                raise AssertionError("rotate=180: the frames are as stored (%.1f dB)" % stored)
    kept = out("rot90-kept.mkv")
    expect_code(qpipe(IDENT, out("rot90.mp4"), kept, "-y", "--codec", "ffv1", "--pix-fmt", "yuv444p",
                      "--no-autorotate"), 0, "--no-autorotate")
    if (int(probe(kept, "width")[0]), int(probe(kept, "height")[0])) != (w, h):
        raise AssertionError("--no-autorotate: %s x %s" % (probe(kept, "width"), probe(kept, "height")))


@check("media: .avi (25/1), .ts, .mov, .gif: frame counts and rates of ffmpeg's own outputs; audio kept in .ts")
def _():
    for ext in ("avi", "ts", "mov", "gif"):
        q, f = out("c_q." + ext), out("c_ff." + ext)
        code, _, err = qpipe(IDENT, av(), q, "-q", "-t", "1")
        expect_code((code, "", err), 0, "qpipe to ." + ext)
        ffmpeg("-t", "1", "-i", av(), f)
        for what in ("avg_frame_rate", "nb_read_frames"):
            got, want = probe(q, what, count=True), probe(f, what, count=True)
            if got != want:
                raise AssertionError(".%s: %s %s, ffmpeg's %s" % (ext, what, got, want))
    if "aac" not in probe(out("c_q.ts"), "codec_name", "a"):
        raise AssertionError(".ts lost the audio")


@check("media: .webm re-encodes the AAC audio as ffmpeg does (Opus, 48 kHz, a 440 Hz tone) and says so")
def _():
    code, _, err = qpipe(IDENT, av(), out("w.webm"), "-t", "1", "--crf", "40")
    expect_code((code, "", err), 0, "qpipe to .webm")
    if "re-encoded" not in err:
        raise AssertionError("no note of the re-encoding: " + err.strip())
    ffmpeg("-t", "1", "-i", av(), "-c:v", "libvpx-vp9", "-crf", "40", "-b:v", "0", "-deadline", "realtime",
           out("w_ff.webm"))
    got, want = probe(out("w.webm"), "codec_name,sample_rate", "a"), probe(out("w_ff.webm"), "codec_name,sample_rate", "a")
    if got != want:
        raise AssertionError("audio %s, ffmpeg's %s" % (got, want))
    pcm = ffmpeg_bytes("-i", out("w.webm"), "-map", "0:a", "-ac", "1", "-f", "s16le", "-")
    x = [int.from_bytes(pcm[i:i + 2], "little", signed=True) for i in range(0, len(pcm), 2)]
    crossings = sum(1 for a, b in zip(x[4800:], x[4801:]) if (a < 0) != (b < 0))
    seconds = (len(x) - 4801) / 48000.0
    if abs(crossings / seconds / 2 - 440) > 10:
        raise AssertionError("the audio is not the 440 Hz tone (%.0f Hz)" % (crossings / seconds / 2))


if __name__ == "__main__":
    sys.exit(main())
