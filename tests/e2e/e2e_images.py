#!/usr/bin/env python3
"""tests/e2e/e2e_images.py - `qpipe run` on image files, what ffmpeg and OpenCV users expect:

- photos read upright (io/orient.c, docs/media.md "What is read"): a JPEG's Exif
  Orientation (1..8, as phones and cameras write it instead of turning the pixels) turns the
  decoded picture, as OpenCV's imread and photo viewers do;
- an input's alpha channel passes through beside a result of the same size into PNG and
  TIFF (qpipe/run_file.c), as ffmpeg's filters pass it; a resized result or a JPEG has none;
- a still into .webp or .gif is written by FFmpeg's encoder (one frame), as `ffmpeg -i x.png
  x.webp` does.

The JPEG is written by OpenCV without Exif; an Exif APP1 segment holding one Orientation
entry is spliced in after SOI byte by byte here. References: the orientation-1 decode
turned by NumPy per the Exif specification (exactly), and OpenCV's imread of the same file
(which applies the orientation; within its decoder's rounding)."""

import os
import struct
import subprocess
import sys

try:
    import cv2
    import numpy as np
except ImportError:
    if os.path.exists("/usr/bin/python3") and not os.environ.get("QPIPE_E2E_SYSTEM_PYTHON"):
        os.environ["QPIPE_E2E_SYSTEM_PYTHON"] = "1"
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("not ok orientation: OpenCV and NumPy for Python are missing (sh scripts/deps.sh: python3-opencv)")
    sys.exit(1)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import ROOT, check, expect_code, ffmpeg, main, out, psnr_files, qpipe  # noqa: E402


def exif_app1(orientation, big_endian):
    """An APP1 segment: "Exif\\0\\0", a TIFF header and IFD0 with one SHORT Orientation."""
    o = ">" if big_endian else "<"
    tiff = (b"MM" if big_endian else b"II") + struct.pack(o + "HI", 42, 8)
    tiff += struct.pack(o + "H", 1) + struct.pack(o + "HHI", 0x0112, 3, 1) + struct.pack(o + "H", orientation)
    tiff += b"\0\0" + struct.pack(o + "I", 0)
    payload = b"Exif\0\0" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


def upright(a, orientation):
    """The picture a viewer shows for Exif orientation 1..8 of the stored a (H x W x C)."""
    return {1: lambda x: x, 2: lambda x: x[:, ::-1], 3: lambda x: x[::-1, ::-1], 4: lambda x: x[::-1],
            5: lambda x: x.transpose(1, 0, 2), 6: lambda x: np.rot90(x, -1), 7: lambda x: np.rot90(x[:, ::-1], -1),
            8: lambda x: np.rot90(x, 1)}[orientation](a)


@check("a JPEG's Exif orientation 1..8 (II and MM) is applied on reading: NumPy's turn of the stored "
       "picture exactly, OpenCV's imread within 2")
def _():
    rng = np.random.default_rng(3)
    img = cv2.resize(rng.integers(0, 256, (6, 10, 3), dtype=np.uint8), (40, 24), interpolation=cv2.INTER_NEAREST)
    ok, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 98])
    if not ok:
        raise AssertionError("OpenCV cannot write a JPEG")
    base = enc.tobytes()
    plain = out("plain.jpg")
    with open(plain, "wb") as f:
        f.write(base)
    expect_code(qpipe(os.path.join(ROOT, "presets/identity.q"), plain, out("plain.png"), "-y"), 0, "plain JPEG")
    stored = cv2.imread(out("plain.png"), cv2.IMREAD_UNCHANGED)
    for o in range(1, 9):
        path = out("o%d.jpg" % o)
        with open(path, "wb") as f:
            f.write(base[:2] + exif_app1(o, big_endian=o % 2 == 0) + base[2:])
        dst = out("o%d.png" % o)
        expect_code(qpipe(os.path.join(ROOT, "presets/identity.q"), path, dst, "-y"), 0, "orientation %d" % o)
        got = cv2.imread(dst, cv2.IMREAD_UNCHANGED)
        want = upright(stored, o)
        if got.shape != want.shape or not np.array_equal(got, want):
            raise AssertionError("orientation %d: shape %s, expected %s; %s" % (
                o, got.shape, want.shape, "" if got.shape != want.shape else
                "%d samples differ" % int((got != want).sum())))
        cv = cv2.imread(path)
        if cv.shape != got.shape or np.abs(cv.astype(int) - got.astype(int)).max() > 2:
            raise AssertionError("orientation %d: OpenCV reads shape %s, %s" % (
                o, cv.shape, "" if cv.shape != got.shape else
                "differs by %d" % np.abs(cv.astype(int) - got.astype(int)).max()))


@check("an RGBA PNG through invert.q keeps its alpha exactly (PNG and TIFF); resized or into JPEG it has "
       "none")
def _():
    img = np.zeros((20, 30, 4), np.uint8)
    img[..., 0] = np.arange(30, dtype=np.uint8) * 8
    img[..., 1] = 100
    img[..., 2] = (np.arange(20, dtype=np.uint8) * 10)[:, None]
    img[..., 3] = np.tile(np.arange(30, dtype=np.uint8) * 8 + 7, (20, 1))
    src = out("alpha.png")
    cv2.imwrite(src, img)
    for ext in ("png", "tif"):
        dst = out("alpha-inv." + ext)
        expect_code(qpipe(os.path.join(ROOT, "presets/invert.q"), src, dst, "-y"), 0, "invert into " + ext)
        # ffmpeg decodes TIFF's unassociated alpha as stored (OpenCV's TIFF reader premultiplies)
        p = subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", dst, "-f", "rawvideo", "-pix_fmt",
                            "bgra", "-"], stdout=subprocess.PIPE, check=True)
        got = np.frombuffer(p.stdout, np.uint8)
        got = got.reshape(img.shape) if got.size == img.size else None
        if got is None or got.shape != img.shape:
            raise AssertionError("%s: shape %s, expected %s" % (ext, None if got is None else got.shape, img.shape))
        if not np.array_equal(got[..., 3], img[..., 3]) or not np.array_equal(got[..., :3], 255 - img[..., :3]):
            raise AssertionError("%s: alpha or colour differ" % ext)
    small = out("alpha-half.png")
    expect_code(qpipe(os.path.join(ROOT, "presets/resize.q"), src, small, "-y"), 0, "resize")
    jpg = out("alpha-inv.jpg")
    expect_code(qpipe(os.path.join(ROOT, "presets/invert.q"), src, jpg, "-y"), 0, "invert into jpg")
    shapes = (cv2.imread(small, cv2.IMREAD_UNCHANGED).shape, cv2.imread(jpg, cv2.IMREAD_UNCHANGED).shape)
    if shapes != ((10, 15, 3), (20, 30, 3)):
        raise AssertionError("resized / JPEG shapes %s" % (shapes,))


@check("a still into .webp and .gif: one frame of the still's size, close to ffmpeg's own negate")
def _():
    src = out("still.png")
    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=96x64", "-frames:v", "1", src)
    for ext, floor in (("webp", 40), ("gif", 40)):     # measured: identical (inf dB)
        dst, ref = out("still-inv." + ext), out("still-ref." + ext)
        expect_code(qpipe(os.path.join(ROOT, "presets/invert.q"), src, dst, "-y"), 0, "into ." + ext)
        ffmpeg("-i", src, "-vf", "negate", ref)
        p = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-show_entries",
                            "stream=width,height,nb_read_frames", "-of", "csv=p=0", dst],
                           stdout=subprocess.PIPE, check=True)
        if p.stdout.decode().strip() != "96,64,1":
            raise AssertionError(".%s: %r, expected one 96x64 frame" % (ext, p.stdout.decode().strip()))
        db = psnr_files(dst, ref)
        if db < floor:
            raise AssertionError(".%s: %.1f dB from ffmpeg's negate" % (ext, db))
    # a folder of stills with --format webp
    folder, into = out("stills"), out("stills-webp")
    os.makedirs(folder, exist_ok=True)
    for name in ("a.png", "b.png"):
        ffmpeg("-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1", os.path.join(folder, name))
    expect_code(qpipe(os.path.join(ROOT, "presets/invert.q"), folder, into, "--format", "webp", "-y"), 0,
                "a folder into webp")
    if sorted(os.listdir(into)) != ["a.webp", "b.webp"]:
        raise AssertionError("folder into webp: %s" % sorted(os.listdir(into)))
    ffmpeg("-i", os.path.join(folder, "a.png"), "-vf", "negate", out("a-ref.webp"))
    db = psnr_files(os.path.join(into, "a.webp"), out("a-ref.webp"))
    if db < 40:
        raise AssertionError("folder into webp: a.webp %.1f dB from ffmpeg's negate" % db)


if __name__ == "__main__":
    sys.exit(main())
