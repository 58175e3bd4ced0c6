#!/usr/bin/env python3
"""tests/e2e/e2e_cli.py - end-to-end checks of the command line around the filters.

Presets by name (`qpipe run NAME IN OUT`, `-f NAME`) against FFmpeg's own result and
against the same preset by path; `qpipe presets` against the presets folder as Python
reads it; `--set` and chain values that must be refused with exit 64 and a message naming
the parameter and the expected type or range (docs/filters.md "Parameters"); a bad
encoder `--preset`. The harness is tests/e2e/harness.py.
"""

import os
import re
import sys

from harness import *  # noqa: F401,F403 - check, run, qpipe, ffmpeg, out, MEDIA, ...
from harness import main

PRESETS = os.path.join(ROOT, "presets")
IMG = os.path.join(MEDIA, "img_1.png")


def rgb_image(path):
    """The image as packed rgb24 bytes, decoded by FFmpeg."""
    code, _, err = run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", path, "-f", "rawvideo",
                        "-pix_fmt", "rgb24", out("image.rgb"), "-y"])
    if code:
        raise AssertionError("cannot decode %s: %s" % (path, err[-300:]))
    with open(out("image.rgb"), "rb") as f:
        return f.read()


def preset_files():
    """The presets as Python finds them: .q files of presets/ with a top-level
    `function ... process(` line; name -> the description after "NAME.q - " on line 1."""
    found = {}
    for name in sorted(os.listdir(PRESETS)):
        if not name.endswith(".q"):
            continue
        with open(os.path.join(PRESETS, name)) as f:
            lines = f.read().split("\n")
        if any(re.match(r"function\b.*\bprocess\s*\(", line) for line in lines):
            first = lines[0]
            found[name[:-2]] = first.split(".q - ", 1)[1] if ".q - " in first else None
    return found


def expect_usage(result, *words):
    """Exit 64 and each of `words` in stderr."""
    expect_code(result, 64, "usage error")
    for w in words:
        if w not in result[2]:
            raise AssertionError("stderr lacks %r: %s" % (w, result[2].strip()[-400:]))


@check("cli: qpipe run invert IN OUT (a preset by name) equals FFmpeg's negate")
def _():
    expect_code(qpipe("invert", IMG, out("inv_name.png"), "-q"), 0, "qpipe run invert")
    got, want = rgb_image(out("inv_name.png")), bytes(255 - b for b in rgb_image(IMG))
    if got != want:
        raise AssertionError("the output is not the negative of the input (PSNR %.2f dB)" % psnr_bytes(got, want))


@check("cli: a preset by name, by path and in a chain give the same image")
def _():
    expect_code(qpipe("denoise", IMG, out("dn_name.png"), "--set", "sigma=12", "-q"), 0, "by name")
    expect_code(qpipe("presets/denoise.q", IMG, out("dn_path.png"), "--set", "sigma=12", "-q"), 0, "by path")
    expect_code(qpipe("-f", "denoise(sigma=12)", IMG, out("dn_chain.png"), "-q"), 0, "in a chain")
    a, b, c = (rgb_image(out(n)) for n in ("dn_name.png", "dn_path.png", "dn_chain.png"))
    if a != b or b != c:
        raise AssertionError("the three outputs differ")
    if a == rgb_image(IMG):
        raise AssertionError("denoise changed nothing")


@check("cli: an unknown preset name exits 64 listing the presets, no output")
def _():
    names = sorted(preset_files())
    r = qpipe("denois", IMG, out("unknown.png"))
    expect_usage(r, "unknown preset 'denois'", ", ".join(names))
    if "gaussian" in r[2]:
        raise AssertionError("a module without process is listed as a preset: " + r[2])
    expect_usage(qpipe("-f", "blur, nosuch(sigma=1)", IMG, out("unknown.png")), "unknown preset 'nosuch'")
    if os.path.exists(out("unknown.png")):
        raise AssertionError("an output was written")


@check("cli: qpipe presets lists every preset with its description and parameters")
def _():
    code, text, err = run([QPIPE, "presets"])
    if code:
        raise AssertionError("exit %d: %s" % (code, err[-300:]))
    listed = {}
    current = None
    for line in text.split("\n"):
        m = re.match(r"(\w+)\s+(.*)$", line)
        if m and not line.startswith(" ") and not line.startswith("Presets"):
            current = m.group(1)
            listed[current] = (m.group(2), [])
        elif line.startswith("    ") and current:
            listed[current][1].append(line.strip())
    want = preset_files()
    if sorted(listed) != sorted(want):
        raise AssertionError("listed %s, the folder has %s" % (sorted(listed), sorted(want)))
    for name, desc in want.items():
        if desc and listed[name][0] != desc:
            raise AssertionError("%s: description %r, the file says %r" % (name, listed[name][0], desc))
    params = listed["denoise"][1]
    if params[0].split() != ["sigma=10.0", "scalar,", "range", "0..255"]:
        raise AssertionError("denoise's parameters: %s" % params)
    if [p.split("=")[0] for p in params] != ["sigma", "strength", "profile"]:
        raise AssertionError("denoise's parameters: %s" % params)
    if listed["invert"][1]:
        raise AssertionError("invert has no parameters, listed %s" % listed["invert"][1])


@check("cli: --set refuses inf, nan, '5 ', ' 5', hex, 1e999 with 64 naming the parameter and type")
def _():
    for value in ("inf", "nan", "-inf", "5 ", " 5", "0x10", "1e999", "5,0", ""):
        r = qpipe("presets/denoise.q", IMG, out("bad.png"), "--set", "sigma=" + value)
        expect_usage(r, "'sigma'", "'%s'" % value, "finite decimal number")
    r = qpipe("presets/denoise_temporal.q", IMG, out("bad.png"), "--set", "frames=2.5")
    expect_usage(r, "'frames'", "integer")
    r = qpipe("presets/denoise_temporal.q", IMG, out("bad.png"), "--set", "frames=010")
    expect_code(r, 0, "frames=010 (decimal digits with a leading zero) accepted")
    os.remove(out("bad.png"))
    r = qpipe("presets/denoise_temporal.q", IMG, out("bad.png"), "--set", "frames=0x8")
    expect_usage(r, "'frames'", "integer")
    if os.path.exists(out("bad.png")):
        raise AssertionError("an output was written")


@check("cli: --set outside a declared range exits 64 naming the range; the bounds pass")
def _():
    expect_usage(qpipe("presets/denoise.q", IMG, out("range.png"), "--set", "sigma=255.5"),
                 "'sigma'", "range 0..255", "255.5")
    expect_usage(qpipe("presets/denoise.q", IMG, out("range.png"), "--set", "sigma=-1"), "range 0..255")
    expect_usage(qpipe("presets/denoise_temporal.q", IMG, out("range.png"), "--set", "frames=0"),
                 "'frames'", "range 1..1000")
    if os.path.exists(out("range.png")):
        raise AssertionError("an output was written")
    expect_code(qpipe("presets/blur.q", IMG, out("range.png"), "--set", "sigma=0", "-q"), 0, "sigma=0 (the low bound)")
    if rgb_image(out("range.png")) != rgb_image(IMG):
        raise AssertionError("blur with sigma=0 changed the image")


@check("cli: chain arguments are checked as --set values are (64, type, range)")
def _():
    expect_usage(qpipe("-f", "denoise(sigma=nan)", IMG, out("chain.png")), "'sigma'", "finite decimal number")
    expect_usage(qpipe("-f", "blur, denoise(sigma=300)", IMG, out("chain.png")), "'sigma'", "range 0..255")
    expect_usage(qpipe("-f", "sharpen(amount=0x1)", IMG, out("chain.png")), "'amount'")
    if os.path.exists(out("chain.png")):
        raise AssertionError("an output was written")


@check("cli: a bad x264 --preset exits 64 listing the encoder's presets, no output")
def _():
    r = qpipe("identity", os.path.join(MEDIA, "in420.mp4"), out("preset.mp4"), "--preset", "fastest")
    expect_usage(r, "'fastest'", "ultrafast", "veryslow")
    if os.path.exists(out("preset.mp4")):
        raise AssertionError("an output was written")


@check("cli: toc() as a statement prints 'Elapsed time: X ms'; t = toc() and toc(\"\") print nothing")
def _():
    path = out("toc.q")
    with open(path, "w") as f:
        f.write('tic()\ns = 0\nfor i = 1..1000\n    s += i\nendfor\ntoc()\nt = toc()\nu = toc("")\n'
                'print s, " ", t >= 0, " ", u >= t\n')
    code, so, se = run([QPIPE, "exec", path])
    lines = so.splitlines()
    if code or len(lines) != 2 or not re.fullmatch(r"Elapsed time: [0-9.e+-]+ ms", lines[0]) or \
            lines[1] != "500500 1 1":
        raise AssertionError("exit %d, stdout %r, stderr %r" % (code, so, se[-200:]))


if __name__ == "__main__":
    sys.exit(main())
