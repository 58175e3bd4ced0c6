#!/usr/bin/env python3
"""tests/figures/run_figures.py - checks of `qpipe exec --figures DIR` by pixel value.

Runs the programs of this folder with --figures into a fresh folder and reads the PNGs
with a small decoder of its own (zlib and struct: nothing from qpipe reads them), then
checks pixels against values computed here from the programs' data (docs/figures.md).
Each check prints `ok NAME` or `not ok NAME: REASON`, counted by tests/run.py like unit
test lines. Environment: QPIPE (default build/qpipe). Standard library only.
"""

import math
import os
import shutil
import struct
import subprocess
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
QPIPE = os.path.abspath(os.environ.get("QPIPE") or os.path.join(ROOT, "build", "qpipe"))
OUT = os.path.join(os.path.dirname(QPIPE), "figures-%d" % os.getpid())

# The plot pane of render.c: 560x420, the axes box 64 px from the left, 32 from the top,
# 476 x 336 px.
BOX_X, BOX_Y, BOX_W, BOX_H = 64, 32, 476, 336

failures = 0


def report(name, reason):
    global failures
    if reason:
        failures += 1
        print("not ok %s: %s" % (name, reason))
    else:
        print("ok " + name)


def read_png(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            if depth != 8 or ctype not in (2, 6):
                raise ValueError("bit depth %d, colour type %d" % (depth, ctype))
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(width)])
        prev = line
    return width, height, rows


def run(prog, outdir):
    shutil.rmtree(outdir, ignore_errors=True)
    p = subprocess.run([QPIPE, "exec", "--figures", outdir, os.path.join(HERE, prog)], cwd=ROOT,
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=60)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def to_byte(v, lo, hi):
    """imshow's mapping of docs/figures.md: (v - lo) / (hi - lo) * 255, rounded, clamped."""
    t = (v - lo) / (hi - lo) * 255.0
    return 0 if not t > 0 else 255 if t >= 255 else int(math.floor(t + 0.5))


def check_gray(rows, expect):
    for y, line in enumerate(expect):
        for x, want in enumerate(line):
            if rows[y][x] != (want, want, want):
                return "pixel (%d, %d) is %s, expected gray %d" % (y, x, rows[y][x], want)
    return None


def red(p):
    return p[0] > 180 and p[1] < 90 and p[2] < 90


def blue(p):
    return p[2] > 180 and p[0] < 90 and p[1] < 90


def green(p):
    return p[1] > 120 and p[0] < 90 and p[2] < 90


def where(rows, pred):
    return [(y, x) for y, line in enumerate(rows) for x, p in enumerate(line) if pred(p)]


def dark(p):
    return max(p) < 100


def check_images():
    out = os.path.join(OUT, "images")
    code, stdout, stderr = run("images.q", out)
    report("images_exit", None if code == 0 and stdout == "1 0\n" and not stderr
           else "exit %d, stdout %r, stderr %r" % (code, stdout, stderr[:300]))
    names = sorted(os.listdir(out)) if os.path.isdir(out) else []
    want = ["figure1.png", "figure2.png", "figure3.png", "figure4.png", "figure7.png"]
    report("images_files", None if names == want else "files %s, expected %s" % (names, want))
    if names != want:
        return
    g = [[j * 40 + i for j in range(6)] for i in range(4)]
    w, h, rows = read_png(os.path.join(out, "figure1.png"))
    report("imshow_size_is_image_size", None if (w, h) == (6, 4) else "size %dx%d, expected 6x4" % (w, h))
    report("imshow_default_range", check_gray(rows, [[to_byte(v, 0, 255) for v in r] for r in g]))
    _, _, rows = read_png(os.path.join(out, "figure2.png"))
    report("imshow_explicit_range", check_gray(rows, [[to_byte(v, 0, 100) for v in r] for r in g]))
    _, _, rows = read_png(os.path.join(out, "figure3.png"))
    report("imshow_auto_range", check_gray(rows, [[to_byte(v, 0, 203) for v in r] for r in g]))
    w, h, rows = read_png(os.path.join(out, "figure4.png"))
    bad = [(i, j, rows[i][j]) for i in range(3) for j in range(5)
           if rows[i][j] != (i * 50, j * 30, 255 if 300 - j > 255 else 300 - j)]
    report("imshow_rgb", None if (w, h) == (5, 3) and not bad else "size %dx%d, wrong pixels %s" % (w, h, bad[:3]))
    w, h, rows = read_png(os.path.join(out, "figure7.png"))
    band = h - 4
    ok = (w, h) == (6, 4 + band) and band > 0 and check_gray(rows[band:], g) is None
    report("imshow_title_band", None if ok else "size %dx%d; image below the band: %s"
           % (w, h, check_gray(rows[band:], g)))


def check_red_line(rows, name):
    pts = where(rows, red)
    if not pts:
        return "no red pixels"
    ys = sorted(set(y for y, _ in pts))
    xs = [x for _, x in pts]
    mid = BOX_Y + BOX_H / 2
    if ys[-1] - ys[0] > 2 or abs(ys[0] - mid) > 3:
        return "red rows %s, expected one row near %d" % (ys[:10], mid)
    if min(xs) < BOX_X - 1 or max(xs) > BOX_X + BOX_W + 1 or max(xs) - min(xs) < BOX_W - 4:
        return "red columns %d..%d, expected the box %d..%d" % (min(xs), max(xs), BOX_X, BOX_X + BOX_W)
    return None


def check_plots():
    out = os.path.join(OUT, "plots")
    code, stdout, stderr = run("plots.q", out)
    report("plots_exit", None if code == 0 and not stderr else "exit %d, stderr %r" % (code, stderr[:300]))
    names = sorted(os.listdir(out)) if os.path.isdir(out) else []
    want = ["figure%d.png" % i for i in range(1, 6)]
    report("plots_files", None if names == want else "files %s, expected %s" % (names, want))
    if names != want:
        return
    w, h, rows = read_png(os.path.join(out, "figure1.png"))
    report("plot_size", None if (w, h) == (560, 420) else "size %dx%d" % (w, h))
    report("plot_red_line_in_box", check_red_line(rows, "figure1"))
    frame = sum(1 for x in range(BOX_X, BOX_X + BOX_W) if dark(rows[BOX_Y][x]))
    report("plot_axes_frame", None if frame > BOX_W - 10 else "%d dark pixels on the frame's top row" % frame)
    labels = where(rows[BOX_Y + BOX_H + 4:BOX_Y + BOX_H + 24], dark)
    report("plot_tick_labels", None if len(labels) > 20 else "%d dark pixels under the box" % len(labels))
    _, _, rows = read_png(os.path.join(out, "figure2.png"))
    report("hold_on_adds", None if where(rows, red) and where(rows, blue) else "red and blue lines expected")
    _, _, rows = read_png(os.path.join(out, "figure3.png"))
    report("hold_off_replaces", None if where(rows, green) and not where(rows, red)
           else "green only expected (red %d, green %d)" % (len(where(rows, red)), len(where(rows, green))))
    _, _, rows = read_png(os.path.join(out, "figure4.png"))
    pts = where(rows, red)
    legend = [(y, x) for y, x in pts if y < BOX_Y + 60 and x > BOX_X + BOX_W / 2]
    line = [(y, x) for y, x in pts if abs(y - (BOX_Y + BOX_H / 2)) <= 3]
    report("legend_sample", None if len(legend) >= 15 and len(legend) + len(line) == len(pts)
           else "%d red legend pixels, %d on the line, %d in all" % (len(legend), len(line), len(pts)))
    title = where(rows[:BOX_Y - 4], dark)
    report("title_text", None if len(title) > 20 else "%d dark pixels above the box" % len(title))
    ylab = where([r[:20] for r in rows[BOX_Y:BOX_Y + BOX_H]], dark)
    report("ylabel_text", None if len(ylab) > 10 else "%d dark pixels left of the tick labels" % len(ylab))
    w, h, rows = read_png(os.path.join(out, "figure5.png"))
    report("subplot_grid", None if (w, h) == (1120, 420) else "size %dx%d, expected 1120x420" % (w, h))
    if (w, h) == (1120, 420):
        white = sum(1 for y in range(100, 300) for x in range(700, 1000) if rows[y][x] == (255, 255, 255))
        report("subplot_image_pane", None if white == 200 * 300 else "%d white pixels in pane 2" % white)


def check_unwritable():
    p = subprocess.run([QPIPE, "exec", "--figures", "/proc/qpipe-no", os.path.join(HERE, "plots.q")],
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    report("figures_folder_unwritable_exit_73", None if p.returncode == 73 and b"figure folder" in p.stderr
           else "exit %d, stderr %r" % (p.returncode, p.stderr[:200]))


def main():
    os.makedirs(OUT, exist_ok=True)
    try:
        for check in (check_images, check_plots, check_unwritable):
            try:
                check()
            except Exception as e:     # a crash of a check is a failure, not a crash of the run
                report(check.__name__, "%s: %s" % (type(e).__name__, e))
    finally:
        shutil.rmtree(OUT, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
