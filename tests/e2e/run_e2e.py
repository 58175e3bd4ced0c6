#!/usr/bin/env python3
"""tests/e2e/run_e2e.py - end-to-end checks of `qpipe run` on generated media.

The core checks of `qpipe run` (filters over video and images, chains, errors, progress);
the harness (media, helpers, the `ok`/`not ok` protocol) is tests/e2e/harness.py.
"""

import os
import shutil
import signal
import subprocess
import sys
import time

from harness import *  # noqa: F401,F403 - check, run, qpipe, ffmpeg, out, MEDIA, ...
from harness import main

@check("invert.q through ffv1 equals FFmpeg's negate in RGB (lossless input)")
def _():
    expect_code(qpipe("presets/invert.q", os.path.join(MEDIA, "noisy.mkv"), out("inv.mkv"),
                      "--codec", "ffv1", "-q"), 0, "qpipe run")
    got = rgb_frames(out("inv.mkv"))
    ref = rgb_frames(os.path.join(MEDIA, "noisy.mkv"), "format=rgb24,negate")
    p = psnr_bytes(got, ref)
    if p < NEGATE_MIN_PSNR:
        raise AssertionError("PSNR %.2f dB against negate, expected >= %g" % (p, NEGATE_MIN_PSNR))


@check("invert.q on H.264 yuv444p input equals negate (PSNR >= 50 dB)")
def _():
    expect_code(qpipe("presets/invert.q", os.path.join(MEDIA, "in444.mp4"), out("inv444.mkv"),
                      "--codec", "ffv1", "-q"), 0, "qpipe run")
    p = psnr_bytes(rgb_frames(out("inv444.mkv")),
                   rgb_frames(os.path.join(MEDIA, "in444.mp4"), "format=rgb24,negate"))
    if p < NEGATE_MIN_PSNR:
        raise AssertionError("PSNR %.2f dB against negate, expected >= %g" % (p, NEGATE_MIN_PSNR))


def frames_md5(path):
    """The MD5 of every decoded video frame, in the file's own pixel format (no conversion)."""
    return ffmpeg("-i", path, "-map", "0:v:0", "-f", "md5", "-").strip()


@check("identity.q on 4:2:0 H.264 to ffv1 yuv420p: every frame bit-identical to the input's")
def _():
    src = os.path.join(MEDIA, "in420.mp4")
    expect_code(qpipe("presets/identity.q", src, out("id420.mkv"), "--codec", "ffv1", "--pix-fmt", "yuv420p",
                      "-q"), 0, "qpipe run")
    got, want = frames_md5(out("id420.mkv")), frames_md5(src)
    if got != want:
        p = psnr_bytes(rgb_frames(out("id420.mkv")), rgb_frames(src))
        raise AssertionError("frames differ from the input's (%s, %s; PSNR %.2f dB in RGB)" % (got, want, p))


@check("identity.q to H.264 decodes to the frames of ffmpeg -c:v libx264 at the same settings")
def _():
    src = os.path.join(MEDIA, "in420.mp4")
    expect_code(qpipe("presets/identity.q", src, out("id264.mp4"), "--preset", "veryfast", "--crf", "20",
                      "-q"), 0, "qpipe run")
    ffmpeg("-i", src, "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", out("ff264.mp4"))
    got, want = frames_md5(out("id264.mp4")), frames_md5(out("ff264.mp4"))
    if got != want:
        p = psnr_bytes(rgb_frames(out("id264.mp4")), rgb_frames(out("ff264.mp4")))
        raise AssertionError("frames differ from ffmpeg's (PSNR %.2f dB in RGB)" % p)


@check("invert.q on 4:2:0 to yuv420p: bit-identical to the exact negation (lutyuv)")
def _():
    # negate itself clips Y to 16..235 before negating; 255 - x in RGB is Y -> 251 - Y and
    # C -> 256 - C without that clip
    src = os.path.join(MEDIA, "in420.mp4")
    expect_code(qpipe("presets/invert.q", src, out("inv420.mkv"), "--codec", "ffv1", "--pix-fmt", "yuv420p",
                      "-q"), 0, "qpipe run")
    ffmpeg("-i", src, "-vf", "lutyuv=y=251-val:u=256-val:v=256-val", "-c:v", "ffv1", out("neg420.mkv"))
    if frames_md5(out("inv420.mkv")) != frames_md5(out("neg420.mkv")):
        p = psnr_bytes(rgb_frames(out("inv420.mkv")), rgb_frames(out("neg420.mkv")))
        raise AssertionError("frames differ (PSNR %.2f dB in RGB)" % p)


@check("video: frame count and timestamps equal the input's (ffprobe)")
def _():
    want = frame_times(os.path.join(MEDIA, "noisy.mkv"))
    got = frame_times(out("inv.mkv"))
    if len(got) != len(want):
        raise AssertionError("%d frames, input has %d" % (len(got), len(want)))
    if got != want:
        i = next(k for k in range(len(got)) if got[k] != want[k])
        raise AssertionError("frame %d at %s s, input's at %s s" % (i, got[i], want[i]))


@check("video: a variable-frame-rate input keeps its timestamps")
def _():
    src = os.path.join(MEDIA, "vfr.mkv")
    expect_code(qpipe("presets/identity.q", src, out("vfr.mkv"), "--codec", "ffv1", "-q"), 0, "qpipe run")
    want, got = frame_times(src), frame_times(out("vfr.mkv"))
    if len(set(round(float(b) - float(a), 3) for a, b in zip(want, want[1:]))) < 2:
        raise AssertionError("the input is not variable-rate: %s" % want[:6])
    if got != want:
        raise AssertionError("timestamps %s..., input's %s..." % (got[:6], want[:6]))


@check("video: audio stream bit-identical (-c copy -f md5)")
def _():
    a, b = audio_md5(os.path.join(MEDIA, "noisy.mkv")), audio_md5(out("inv.mkv"))
    if a != b:
        raise AssertionError("audio %s, input's %s" % (b, a))


@check("video: AAC audio of an MP4 copied bit-identical")
def _():
    expect_code(qpipe("presets/identity.q", os.path.join(MEDIA, "noisy.mp4"), out("id.mp4"), "-q"), 0, "qpipe run")
    a, b = audio_md5(os.path.join(MEDIA, "noisy.mp4")), audio_md5(out("id.mp4"))
    if a != b:
        raise AssertionError("audio %s, input's %s" % (b, a))
    n_in, n_out = len(frame_times(os.path.join(MEDIA, "noisy.mp4"))), len(frame_times(out("id.mp4")))
    if n_in != n_out:
        raise AssertionError("%d frames, input has %d" % (n_out, n_in))


def expect_psnr_gain(preset, output, sigma, margin):
    """Run preset on the noisy clip (lossless out) and require its PSNR against the clean
    source to rise by at least margin dB."""
    noisy, clean = os.path.join(MEDIA, "noisy.mkv"), os.path.join(MEDIA, "clean.mkv")
    expect_code(qpipe(preset, noisy, out(output), "--codec", "ffv1", "--set", "sigma=%g" % sigma, "-q"), 0,
                "qpipe run")
    before, after = psnr_files(noisy, clean), psnr_files(out(output), clean)
    if after - before < margin:
        raise AssertionError("PSNR %.2f -> %.2f dB, a gain below %g" % (before, after, margin))


@check("denoise.q raises PSNR against the clean source by >= %g dB" % DENOISE_MARGIN_DB)
def _():
    expect_psnr_gain("presets/denoise.q", "den.mkv", 6, DENOISE_MARGIN_DB)


@check("denoise_temporal.q (state across frames) raises PSNR by >= %g dB" % TEMPORAL_MARGIN_DB)
def _():
    expect_psnr_gain("presets/denoise_temporal.q", "tden.mkv", 9, TEMPORAL_MARGIN_DB)


@check("samples/wiener_denoise.q: noise of PSNR 20 log10(255/20), both Wiener filters >= 4 dB better")
def _():
    code, text, err = run([QPIPE, "exec", "--seed", "1", "samples/wiener_denoise.q",
                           os.path.join(MEDIA, "clean_1.png"), "20"], timeout=120)
    expect_code((code, text, err), 0, "qpipe exec samples/wiener_denoise.q")
    if "clean_1.png (" not in text:
        raise AssertionError("the image was not read: %r" % text)
    db = {}
    for line in text.splitlines():
        if line.endswith(" dB"):
            name, value = line.rsplit(":", 1)
            db[name.strip()] = float(value.split()[0])
    noisy = db.get("noisy")
    theory = 20 * math.log10(255 / 20)
    if noisy is None or abs(noisy - theory) > 0.4:
        raise AssertionError("noisy PSNR %r, expected %.2f +- 0.4 (sigma 20, clipping aside)" % (noisy, theory))
    for name in ("local Wiener (5x5)", "Fourier Wiener"):
        if db.get(name, 0) < noisy + 4:
            raise AssertionError("%s: %r dB, noisy %.2f dB" % (name, db.get(name), noisy))


@check("chain -f \"denoise(sigma=6), invert\" equals denoise then invert")
def _():
    expect_code(qpipe("-f", "denoise(sigma=6), invert", os.path.join(MEDIA, "clean_1.png"), out("chain.png"), "-q"),
                0, "qpipe run -f")
    expect_code(qpipe("presets/denoise.q", os.path.join(MEDIA, "clean_1.png"), out("chain_a.png"), "--set", "sigma=6", "-q"),
                0, "qpipe run denoise")
    expect_code(qpipe("presets/invert.q", out("chain_a.png"), out("chain_b.png"), "-q"), 0, "qpipe run invert")
    p = psnr_bytes(rgb_frames(out("chain.png")), rgb_frames(out("chain_b.png")))
    if p < 50:
        raise AssertionError("PSNR %.2f dB between the chain and the two runs" % p)


@check("image: identity.q writes the same pixels (PNG and TIFF)")
def _():
    for name in ("img_1.png", "img_3.tif"):
        src = os.path.join(MEDIA, name)
        expect_code(qpipe("presets/identity.q", src, out("id_" + name), "-q"), 0, "qpipe run " + name)
        if rgb_frames(src) != rgb_frames(out("id_" + name)):
            raise AssertionError("%s: pixels differ" % name)


@check("folder of images -> folder, --format, batch continues past a bad file")
def _():
    d = os.path.join(OUT, "batch-in")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    shutil.copy(os.path.join(MEDIA, "img_1.png"), d)
    shutil.copy(os.path.join(MEDIA, "img_2.png"), d)
    with open(os.path.join(d, "bad.png"), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n not really")
    code, _, err = qpipe("presets/invert.q", d, out("batch"), "--format", "tif", "-q")
    if code == 0:
        raise AssertionError("exit status 0 with a bad file in the folder")
    if "bad.png" not in err:
        raise AssertionError("the failure does not name bad.png: " + err.strip()[-300:])
    for name in ("img_1", "img_2"):
        got = out(os.path.join("batch", name + ".tif"))
        if not os.path.exists(got):
            raise AssertionError("%s not written" % got)
        ref = rgb_frames(os.path.join(MEDIA, name + ".png"), "format=rgb24,negate")
        if rgb_frames(got) != ref:
            raise AssertionError("%s is not the negative of the input" % got)
    left = [f for f in os.listdir(out("batch")) if f.startswith(".qpipe-") or f.startswith("bad")]
    if left:
        raise AssertionError("left behind: %s" % left)


@check("--help lists the parameters, defaults and the comment lines")
def _():
    code, text, err = run([QPIPE, "run", "presets/denoise.q", "--help"])
    if code or "sigma" not in text or "default 10" not in text or "noise level" not in text:
        raise AssertionError("exit %d, output: %s" % (code, (text + err)[-400:]))


@check("error, unknown --set name exits 64 listing the parameters, no output")
def _():
    r = qpipe("presets/denoise.q", os.path.join(MEDIA, "img_1.png"), out("e64.png"), "--set", "sigmaa=3")
    expect_code(r, 64, "unknown name")
    if "sigmaa" not in r[2] or "strength" not in r[2]:
        raise AssertionError("stderr does not name the parameter and list the others: " + r[2])
    r = qpipe("presets/denoise.q", os.path.join(MEDIA, "img_1.png"), out("e64.png"), "--set", "sigma=abc")
    expect_code(r, 64, "bad value")
    if os.path.exists(out("e64.png")):
        raise AssertionError("an output was written")


@check("error, existing output without -y exits 73 and leaves it untouched")
def _():
    target = out("exists.png")
    with open(target, "wb") as f:
        f.write(b"keep")
    expect_code(qpipe("presets/identity.q", os.path.join(MEDIA, "img_1.png"), target), 73, "no -y")
    with open(target, "rb") as f:
        if f.read() != b"keep":
            raise AssertionError("the existing file was changed")
    expect_code(qpipe("presets/identity.q", os.path.join(MEDIA, "img_1.png"), target, "-y", "-q"), 0, "with -y")


@check("error, missing input exits 66, no output")
def _():
    expect_code(qpipe("presets/identity.q", os.path.join(OUT, "missing.mkv"), out("e66.mkv")), 66, "missing input")
    if os.path.exists(out("e66.mkv")):
        raise AssertionError("an output was written")


@check("error, truncated MP4 gives a non-zero exit and no output")
def _():
    src = os.path.join(MEDIA, "noisy.mp4")
    bad = os.path.join(OUT, "truncated.mp4")
    with open(src, "rb") as f:
        data = f.read()
    with open(bad, "wb") as f:
        f.write(data[: len(data) // 3])
    code, _, err = qpipe("presets/identity.q", bad, out("trunc.mp4"))
    if code == 0 or not err.strip():
        raise AssertionError("exit status %d, stderr %r" % (code, err[-200:]))
    if os.path.exists(out("trunc.mp4")):
        raise AssertionError("an output was written")


@check("error, a filter that fails at frame 5 exits 65, leaves no file")
def _():
    f = os.path.join(OUT, "fail5.q")
    with open(f, "w") as fp:
        fp.write("state = object()\nstate.n = 0\n"
                 "function y = process(x)\n"
                 "    state.n = state.n + 1\n"
                 "    assert(state.n < 5)\n"
                 "    y = x\n"
                 "endfunction\n")
    r = qpipe(f, os.path.join(MEDIA, "noisy.mkv"), out("fail5.mkv"), "--codec", "ffv1")
    expect_code(r, 65, "failing filter")
    if "assertion failed" not in r[2]:
        raise AssertionError("no message: " + r[2][-300:])
    left = [n for n in os.listdir(OUT) if n.startswith("fail5.mkv") or n.startswith(".qpipe-")]
    if left:
        raise AssertionError("left behind: %s" % left)


@check("Ctrl-C (SIGINT) exits 130 and leaves no file")
def _():
    f = os.path.join(OUT, "slow.q")
    with open(f, "w") as fp:
        fp.write("function y = process(x)\n    pause(200)\n    y = x\nendfunction\n")
    p = subprocess.Popen([QPIPE, "run", f, os.path.join(MEDIA, "noisy.mkv"), out("int.mkv"), "--codec", "ffv1"],
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(0.8)
    p.send_signal(signal.SIGINT)
    p.communicate(timeout=30)
    if p.returncode != 130:
        raise AssertionError("exit status %d, expected 130" % p.returncode)
    left = [n for n in os.listdir(OUT) if n.startswith("int") or n.startswith(".qpipe-")]
    if left:
        raise AssertionError("left behind: %s" % left)


@check("--progress - writes key=value blocks ending in progress=end")
def _():
    code, text, err = qpipe("presets/identity.q", os.path.join(MEDIA, "noisy.mkv"), out("prog.mkv"), "--codec", "ffv1",
                            "--progress", "-", "-q")
    if code or "progress=end" not in text or "frame=25" not in text:
        raise AssertionError("exit %d, stdout: %s" % (code, text[-300:]))


# ---- main -------------------------------------------------------------------------------


if __name__ == "__main__":
    sys.exit(main())
