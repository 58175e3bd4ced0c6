#!/usr/bin/env python3
"""tests/e2e/e2e_window.py - the imshow window, sync_framerate and `qpipe preview`, on a real
X server (docs/preview.md, docs/figures.md "The window").

The script starts its own Xvfb on a free display number and stops it by its pid at the end;
when Xvfb cannot start, every check fails (CI installs it through scripts/deps.sh). Windows
are found with xdotool, driven with its keys, and read back with xwd (the XWD format is
parsed here). References are computed independently: gradients by the display formula of
docs/figures.md in Python, video frames by FFmpeg.
"""

import atexit
import os
import re
import shutil
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

XVFB = {"pid": None, "display": None, "why": None}


def start_xvfb():
    """Xvfb on the first free display from :90; its pid and name into XVFB, or why not."""
    if not shutil.which("Xvfb"):
        XVFB["why"] = "Xvfb is not installed (sh scripts/deps.sh)"
        return
    for n in range(90, 190):
        if os.path.exists("/tmp/.X%d-lock" % n) or os.path.exists("/tmp/.X11-unix/X%d" % n):
            continue
        p = subprocess.Popen(["Xvfb", ":%d" % n, "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists("/tmp/.X11-unix/X%d" % n) or p.poll() is not None:
                break
            time.sleep(0.05)
        if p.poll() is None:
            XVFB["pid"], XVFB["display"] = p, ":%d" % n
            atexit.register(stop_xvfb)
            return
    XVFB["why"] = "Xvfb did not start on any display from :90 to :189"


def stop_xvfb():
    p = XVFB["pid"]
    if p and p.poll() is None:
        p.terminate()
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()


def xenv(**extra):
    if not XVFB["display"]:
        raise AssertionError("no X server: %s" % XVFB["why"])
    env = dict(os.environ, DISPLAY=XVFB["display"])
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("SDL_VIDEODRIVER", None)
    # under `make test-asan`: libdbus (SDL's) keeps a buffer for the process's life
    supp = os.path.join(ROOT, "tests", "lsan_display.supp")
    env["LSAN_OPTIONS"] = ":".join(x for x in (env.get("LSAN_OPTIONS"), "suppressions=" + supp) if x)
    runtime_dir = os.path.join(OUT, "xdg-runtime")     # SDL asks for one; a private folder
    os.makedirs(runtime_dir, mode=0o700, exist_ok=True)
    env["XDG_RUNTIME_DIR"] = runtime_dir
    env.update(extra)
    return env


def ere(text):
    """text as a POSIX extended regular expression matching itself (xdotool's --name)."""
    return re.sub(r"([.\[\]()*+?{}|^$\\])", r"\\\1", text)


def find_window(name, timeout=90.0):
    """The id of the visible window whose title is exactly name. Generous: on a loaded
    2-core machine, starting a process, its GL context (llvmpipe) and the first frame has
    taken over 30 s; an idle one takes under a second."""
    end = time.time() + timeout
    while time.time() < end:
        p = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^%s$" % ere(name)], env=xenv(),
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        ids = p.stdout.split()
        if ids:
            return ids[0].decode()
        time.sleep(0.05)
    raise AssertionError("no window titled %r within %.0f s" % (name, timeout))


class Shot:
    """A screenshot of one window (xwd), read as RGB pixels."""

    def __init__(self, wid):
        p = subprocess.run(["xwd", "-silent", "-id", wid], env=xenv(), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=10)
        if p.returncode:
            raise AssertionError("xwd failed: %s" % p.stderr.decode()[-200:])
        d = p.stdout
        h = struct.unpack(">25I", d[:100])
        size, self.w, self.h, order, bpp, self.bpl = h[0], h[4], h[5], h[7], h[11], h[12]
        self.masks = h[14:17]
        if bpp != 32:
            raise AssertionError("xwd: %d bits per pixel, expected 32" % bpp)
        self.order = "little" if order == 0 else "big"
        self.data = d[size + h[19] * 12:]

    def px(self, x, y):
        o = y * self.bpl + x * 4
        v = int.from_bytes(self.data[o:o + 4], self.order)
        r, g, b = self.masks
        return ((v & r) >> 16, (v & g) >> 8, v & b)


def key(wid, *keys):
    subprocess.run(["xdotool", "windowfocus", "--sync", wid], env=xenv(), timeout=10,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(["xdotool", "key", "--delay", "30"] + list(keys), env=xenv(), check=True, timeout=10)


def to_byte(v, lo, hi):
    """docs/figures.md: (v - lo) / (hi - lo) * 255, rounded half up, clamped."""
    t = (v - lo) / (hi - lo) * 255.0
    return 0 if not t > 0 else 255 if t >= 255 else int(t + 0.5)


def spawn(args, env, log):
    f = open(log, "w")
    return subprocess.Popen([QPIPE] + args, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=f,
                            stderr=subprocess.STDOUT)


def finish(proc, timeout=30):      # 10 s was short under the suite's load on 2 cores
    try:
        return proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise AssertionError("qpipe did not exit within %d s" % timeout)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


# ---- imshow ---------------------------------------------------------------------------

GRADIENTS = r"""
x = zeros(64, 256)
c = uint8(zeros(64, 256, 3))
a = zeros(64, 256, 4)
n = int(zeros(64, 256))
for i = 0..63
    for j = 0..255
        x[i, j] = j
        n[i, j] = 4 * j - 100
        c[i, j, 0] = j
        c[i, j, 1] = 255 - j
        c[i, j, 2] = i
        a[i, j, 0] = j / 255
        a[i, j, 1] = 0.5
        a[i, j, 2] = i / 63
        a[i, j, 3] = 0
    endfor
endfor
figure(1)
imshow(x)
title("w_float")
figure(2)
imshow(c)
title("w_uint8_rgb")
figure(3)
imshow(n, [0, 800])
title("w_int_range")
figure(4)
imshow(a, [0, 1])
title("w_rgba")
print "shown"
"""


HOST_PATH = re.compile(r"qpipe: display: frames go through the host: (the engine is cpu \(.+\), not CUDA|"
                       r"the OpenGL driver is not NVIDIA's \(.+\))\n")


def host_path_said_once(log):
    """docs/preview.md "CUDA–GL interop": under Xvfb (Mesa) with --engine auto, -v says once
    why frames go through the host (no GPU here: the CPU engine; a GPU machine: Mesa's GL)."""
    n = len(HOST_PATH.findall(log))
    assert n == 1 and "device to device" not in log, "-v said the host path %d times: %r" % (n, log[-400:])


@check("window imshow gradients: float, uint8 RGB, int with [lo, hi], RGBA; exec waits until closed; "
       "-v says once why frames go through the host")
def imshow_gradients():
    prog = out("gradients.q")
    write(prog, GRADIENTS)
    proc = spawn(["exec", "-v", "--engine", "auto", prog], xenv(), out("gradients.log"))
    try:
        wins = {t: find_window(t) for t in ("w_float", "w_uint8_rgb", "w_int_range", "w_rgba")}

        def compare(title, fn):
            s = Shot(wins[title])
            if (s.w, s.h) != (256, 64):
                return "%s: window %dx%d, expected 256x64" % (title, s.w, s.h)
            for i in (0, 17, 63):
                for j in (0, 1, 2, 100, 127, 128, 200, 254, 255):
                    got, want = s.px(j, i), fn(i, j)
                    if got != want:
                        return "%s: pixel (%d, %d) is %s, expected %s" % (title, j, i, got, want)
            return None
        for title, fn in (
            ("w_float", lambda i, j: (j, j, j)),
            ("w_uint8_rgb", lambda i, j: (j, 255 - j, i)),
            ("w_int_range", lambda i, j: (to_byte(4 * j - 100, 0, 800),) * 3),
            ("w_rgba", lambda i, j: (to_byte(j / 255, 0, 1), to_byte(0.5, 0, 1), to_byte(i / 63, 0, 1))),
        ):
            wait_for(lambda: compare(title, fn), 10, "the image of " + title)    # drawn once mapped
        assert proc.poll() is None, "qpipe exec ended with its windows open"
        for t in wins:
            key(wins[t], "q")
        rc = finish(proc)
        assert rc == 0, "exit status %d" % rc
        host_path_said_once(open(out("gradients.log")).read())
    finally:
        if proc.poll() is None:
            proc.kill()


@check("window hold(\"on\") is 1 while the window is open and 0 once it is closed")
def hold_loop():
    prog = out("hold.q")
    write(prog, 'x = zeros(40, 40)\nn = 0\nrepeat\n    imshow(x + n)\n    title("w_hold")\n'
                '    n += 1\n    pause(0.01)\nuntil !hold("on")\nprint "frames ", n > 5\n')
    log = out("hold.log")
    proc = spawn(["exec", "--no-wait", prog], xenv(), log)
    try:
        wid = find_window("w_hold")
        time.sleep(0.5)
        assert proc.poll() is None, "the loop ended while the window was open"
        key(wid, "Escape")
        rc = finish(proc)
        text = open(log).read()
        assert rc == 0 and "frames 1" in text, "exit %d, output %r" % (rc, text[-300:])
    finally:
        if proc.poll() is None:
            proc.kill()


@check("window plot: a red horizontal line across the middle of the axes box, drawn as in the PNGs")
def plot_window():
    prog = out("plot.q")
    write(prog, 'x = [0..0.1..1]\nplot(x, 0.5 + 0 * x, "r")\ntitle("w_plot")\n')
    proc = spawn(["exec", prog], xenv(), out("plot.log"))
    try:
        wid = find_window("w_plot")
        red = lambda p: p[0] > 200 and p[1] < 120 and p[2] < 120

        def line():
            s = Shot(wid)
            if (s.w, s.h) != (560, 420):
                return "window %dx%d, expected one 560x420 pane" % (s.w, s.h)
            # docs/figures.md: the axes box is 476 x 336 at (64, 32); a constant series gets
            # +-1, so y = 0.5 is its middle row, 32 + 168 = 200
            for x in range(90, 520, 40):
                rows = [y for y in range(150, 260) if red(s.px(x, y))]
                if not rows or min(rows) < 198 or max(rows) > 202:
                    return "column %d: red rows %s" % (x, rows)
            if any(red(s.px(x, 100)) or red(s.px(x, 300)) for x in range(90, 520, 10)):
                return "red off the line"
            return None
        wait_for(line, 10, "the plot")
        key(wid, "q")
        assert finish(proc) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


@check("window sync_framerate(25) over 50 frames takes 2.0 s within 5%")
def sync_framerate():
    prog = out("sync.q")
    # the first imshow opens the window (SDL and OpenGL start): outside the timing
    # hold("on"): every frame in the one window (without it each imshow opens a window)
    write(prog, 'x = zeros(48, 64)\nimshow(x)\nhold("on")\ntic()\nfor k = 0..49\n    imshow(x + k)\n    sync_framerate(25)\n'
                'endfor\nprint "took ", toc() / 1000\n')
    log = out("sync.log")
    rc = finish(spawn(["exec", "--no-wait", prog], xenv(), log), 30)
    text = open(log).read()
    assert rc == 0, "exit %d: %s" % (rc, text[-300:])
    took = float(text.split("took ")[1].split()[0])
    assert 1.9 <= took <= 2.1, "50 frames at 25 fps took %.3f s" % took


@check("window without a display: qpipe preview exits 69, imshow warns once and shows nothing")
def no_display():
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    f = out("id.q")
    write(f, "function y = process(x)\n    y = x\nendfunction\n")
    code, _, err = run([QPIPE, "preview", f, os.path.join(MEDIA, "img_1.png")], env=env, timeout=30)
    assert code == 69 and "no display" in err, "exit %d, stderr %r" % (code, err[-300:])
    env["DISPLAY"] = XVFB["display"] or ":0"
    env["SDL_VIDEODRIVER"] = "dummy"
    prog = out("nodisp.q")
    write(prog, "for k = 0..2\n    imshow(zeros(4, 4))\nendfor\nprint hold(\"on\")\n")
    code, stdout, err = run([QPIPE, "exec", prog], env=env, timeout=30)
    assert code == 0 and stdout.strip() == "0", "exit %d, stdout %r" % (code, stdout)
    assert err.count("imshow: no display") == 1, "stderr %r" % err


# ---- preview --------------------------------------------------------------------------

RED = "function y = process(x)\n    y = zeros(size(x))\n    y[:, :, 0] = 200\n    y[:, :, 1] = 10\n" \
      "    y[:, :, 2] = 30\nendfunction\n"
INVERT = "% the negative\nfunction y = process(x)\n    y = 255 - x\nendfunction\n"
BROKEN = "% a syntax error on line 3\nfunction y = process(x)\n    y = (255 - x\nendfunction\n"


class Layout:
    """Where preview draws a 320x180 frame (display/player.c): side by side, the window
    split in two panes above the status band, each picture fit to its pane and centred."""

    def __init__(self, shot, band_guess=None):
        self.W, self.H = shot.w, shot.h
        # the band is the bottom rows of colour (26, 26, 26): measure it at the left edge
        y = self.H - 1
        while y > 0 and shot.px(2, y) == (26, 26, 26):
            y -= 1
        self.ph = y + 1

    def side(self, pane, x, y, iw=320, ih=180):
        pw = self.W // 2
        s = min(pw / iw, self.ph / ih)
        x0 = round(pane * pw + pw / 2 - iw / 2 * s)
        y0 = round(self.ph / 2 - ih / 2 * s)
        return int(x0 + (x + 0.5) * s), int(y0 + (y + 0.5) * s)

    def full(self, x, y, iw=320, ih=180):
        s = min(self.W / iw, self.ph / ih)
        x0 = round(self.W / 2 - iw / 2 * s)
        y0 = round(self.ph / 2 - ih / 2 * s)
        return int(x0 + (x + 0.5) * s), int(y0 + (y + 0.5) * s)


POINTS = [(x, y) for x in (20, 75, 150, 222, 300) for y in (60, 100, 150)]   # away from the overlay text


def frame_px(frames, n, x, y):
    o = ((n * 180 + y) * 320 + x) * 3
    return tuple(frames[o:o + 3])


def close(a, b, tol=6):
    return all(abs(p - q) <= tol for p, q in zip(a, b))


def check_pane(shot, lay, pane, want, what):
    """Every point of POINTS in pane (0 input, 1 output, 'full' for the wipe) against want(x, y)."""
    bad = []
    for x, y in POINTS:
        sx, sy = lay.side(pane, x, y) if pane != "full" else lay.full(x, y)
        got, w = shot.px(sx, sy), want(x, y)
        if w is not None and not close(got, w):
            bad.append("(%d,%d) %s not %s" % (x, y, got, w))
    return "%s: %s" % (what, "; ".join(bad[:4])) if bad else None


def wait_for(fn, timeout, what):
    end = time.time() + timeout
    why = None
    while time.time() < end:
        why = fn()
        if not why:
            return time.time()
        time.sleep(0.05)
    raise AssertionError("%s within %.1f s: %s" % (what, timeout, why))


@check("window preview: colour, wipe, hot reload at the same frame within 1 s, syntax error keeps the "
       "last good output, right, s, space, q")
def preview_session():
    frames = rgb_frames(os.path.join(MEDIA, "in444.mp4"))
    clip = out("clip.mp4")
    shutil.copy(os.path.join(MEDIA, "in444.mp4"), clip)
    f = out("live.q")
    write(f, RED)
    log = out("preview.log")
    proc = spawn(["preview", f, clip, "--paused", "--start", "5"], xenv(), log)
    try:
        title = "qpipe preview: %s on %s" % (f, clip)
        wid = find_window(title)
        time.sleep(0.3)
        shot = Shot(wid)
        lay = Layout(shot)
        why = check_pane(shot, lay, 1, lambda x, y: (200, 10, 30), "the red output") or \
            check_pane(shot, lay, 0, lambda x, y: frame_px(frames, 5, x, y), "input frame 5")
        assert not why, why

        key(wid, "w")       # wipe: the input left of the middle, the output right of it
        def wiped():
            s = Shot(wid)
            return check_pane(s, lay, "full", lambda x, y: (200, 10, 30) if x > 165 else
                              frame_px(frames, 5, x, y) if x < 155 else None, "wipe")
        wait_for(wiped, 2, "the wipe view")
        key(wid, "w")

        t0 = time.time()
        write(f + ".tmp", INVERT)
        os.rename(f + ".tmp", f)      # saved the way editors do
        t1 = wait_for(lambda: check_pane(Shot(wid), lay, 1, lambda x, y: tuple(255 - v for v in
                                         frame_px(frames, 5, x, y)), "the negative of frame 5"),
                      3, "the reloaded filter's output")
        assert t1 - t0 <= 1.0, "the reload took %.2f s" % (t1 - t0)

        key(wid, "Right")
        wait_for(lambda: check_pane(Shot(wid), lay, 0, lambda x, y: frame_px(frames, 6, x, y), "input 6") or
                 check_pane(Shot(wid), lay, 1, lambda x, y: tuple(255 - v for v in frame_px(frames, 6, x, y)),
                            "output 6"), 3, "frame 6 after Right")

        write(f, BROKEN)
        def error_printed():
            text = open(log).read()
            return None if "live.q:3:" in text and "error" in text else "stderr: %r" % text[-200:]
        wait_for(error_printed, 3, "the syntax error on stderr with its line")
        time.sleep(0.2)
        why = check_pane(Shot(wid), lay, 1, lambda x, y: tuple(255 - v for v in frame_px(frames, 6, x, y)),
                         "the last good output")
        assert not why, why

        key(wid, "s")
        png = out("clip_frame6.png")
        wait_for(lambda: None if os.path.exists(png) else "no " + png, 3, "the saved PNG")
        saved = rgb_frames(png)
        want = bytes(255 - v for v in frames[6 * 320 * 180 * 3:7 * 320 * 180 * 3])
        diff = max(abs(a - b) for a, b in zip(saved, want))
        assert len(saved) == len(want) and diff <= 6, "the PNG differs from 255 - frame 6 by %d" % diff

        key(wid, "space")   # plays: the input moves on from frame 6
        wait_for(lambda: None if check_pane(Shot(wid), lay, 0, lambda x, y: frame_px(frames, 6, x, y), "")
                 else "still frame 6", 3, "playback after space")
        key(wid, "q")
        rc = finish(proc)
        assert rc == 0, "exit status %d" % rc
    finally:
        if proc.poll() is None:
            proc.kill()


IDENTITY = "function y = process(x)\n    y = x\nendfunction\n"


@check("window preview: an output that is its input (one texture for both panes) follows Right and a "
       "reload to another filter and back; --exit-at-end prints the frame count and the stages; -v says the "
       "engine and once why frames go through the host")
def preview_identity():
    frames = rgb_frames(os.path.join(MEDIA, "in444.mp4"))
    clip = out("same.mp4")
    shutil.copy(os.path.join(MEDIA, "in444.mp4"), clip)
    f = out("same.q")
    write(f, IDENTITY)
    proc = spawn(["preview", f, clip, "--paused", "--start", "5"], xenv(), out("same.log"))
    try:
        wid = find_window("qpipe preview: %s on %s" % (f, clip))
        time.sleep(0.3)
        lay = Layout(Shot(wid))

        def both(n, out_of):
            s = Shot(wid)
            return check_pane(s, lay, 0, lambda x, y: frame_px(frames, n, x, y), "input %d" % n) or \
                check_pane(s, lay, 1, lambda x, y: out_of(frame_px(frames, n, x, y)), "output %d" % n)
        wait_for(lambda: both(5, lambda p: p), 3, "frame 5 in both panes")
        key(wid, "Right")
        wait_for(lambda: both(6, lambda p: p), 3, "frame 6 in both panes after Right")
        write(f + ".tmp", INVERT)
        os.rename(f + ".tmp", f)
        wait_for(lambda: both(6, lambda p: tuple(255 - v for v in p)), 3, "the negative after a reload")
        write(f + ".tmp", IDENTITY)
        os.rename(f + ".tmp", f)
        wait_for(lambda: both(6, lambda p: p), 3, "frame 6 again after reloading the identity")
        key(wid, "Left")
        wait_for(lambda: both(5, lambda p: p), 3, "frame 5 in both panes after Left")
        key(wid, "q")
        rc = finish(proc)
        assert rc == 0, "exit status %d" % rc
    finally:
        if proc.poll() is None:
            proc.kill()
    count = len(frames) // (320 * 180 * 3)
    code, _, err = run([QPIPE, "preview", f, clip, "--no-pace", "--exit-at-end", "-v", "--engine", "auto"],
                       env=xenv(), timeout=60)
    assert code == 0, "exit status %d: %s" % (code, err[-300:])
    assert re.search(r"qpipe: engine (cpu|cuda) \(", err), err[-300:]
    host_path_said_once(err)
    m = re.search(r"qpipe preview: (\d+) frames in [\d.]+ s: [\d.]+ fps\n", err)
    assert m and int(m.group(1)) == count, "no line of %d frames: %r" % (count, err[-300:])
    assert re.search(r"qpipe preview: per frame: decoded frame wait [\d.]+ ms, filter [\d.]+ ms, "
                     r"convert\+upload [\d.]+ ms, draw\+present [\d.]+ ms\n", err), err[-300:]


GAIN = "function y = process(x, gain : scalar = 0.5)\n    y = x * gain\nendfunction\n"


@check("window preview: --compare and 1/2, parameter keys [ ] , ., Home, End, the timeline, -f CHAIN, --help, usage")
def preview_compare_params():
    frames = rgb_frames(os.path.join(MEDIA, "in444.mp4"))
    count = len(frames) // (320 * 180 * 3)
    f, other = out("gain.q"), out("red.q")
    write(f, GAIN)
    write(other, RED)
    log = out("preview2.log")
    clip = os.path.join(MEDIA, "in444.mp4")
    proc = spawn(["preview", f, clip, "--paused", "--start", "3", "--compare", other, "--set", "gain=0.25"],
                 xenv(), log)
    try:
        wid = find_window("qpipe preview: %s on %s" % (f, clip))
        time.sleep(0.3)
        lay = Layout(Shot(wid))
        scaled = lambda n, g: (lambda x, y: tuple(min(255, int(v * g + 0.5)) for v in frame_px(frames, n, x, y)))
        wait_for(lambda: check_pane(Shot(wid), lay, 1, scaled(3, 0.25), "gain 0.25 (--set)"), 3, "the first output")
        key(wid, "2")
        wait_for(lambda: check_pane(Shot(wid), lay, 1, lambda x, y: (200, 10, 30), "the --compare output"), 3, "key 2")
        # gain 0.25 + 2 steps of 0.05 (a tenth of the default); ] and [ go round the one parameter
        key(wid, "1", "bracketright", "bracketleft", "period", "period")
        wait_for(lambda: check_pane(Shot(wid), lay, 1, scaled(3, 0.35), "gain 0.35"), 3, "the parameter keys")
        key(wid, "End")
        wait_for(lambda: check_pane(Shot(wid), lay, 0, lambda x, y: frame_px(frames, count - 1, x, y), "last"),
                 5, "End")
        key(wid, "Home")
        wait_for(lambda: check_pane(Shot(wid), lay, 0, lambda x, y: frame_px(frames, 0, x, y), "first"), 5, "Home")
        # the timeline: a bar across the band's top, 8 pixels in from each side
        x = 8 + round((lay.W - 16) * 12 / (count - 1))
        subprocess.run(["xdotool", "mousemove", "--window", wid, str(x), str(lay.ph + 7), "click", "1"],
                       env=xenv(), check=True, timeout=10)
        wait_for(lambda: check_pane(Shot(wid), lay, 0, lambda x, y: frame_px(frames, 12, x, y), "frame 12"),
                 5, "a click on the timeline")
        key(wid, "Escape")
        assert finish(proc) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    # -f CHAIN: the preset invert, then gain.q with its setting; --set reaches the item that has it
    chain = "invert, %s(gain=0.5)" % f
    proc = spawn(["preview", "-f", chain, clip, "--paused", "--start", "2"], xenv(), out("chain.log"))
    try:
        wid = find_window("qpipe preview: %s on %s" % (chain, clip))
        time.sleep(0.3)
        lay = Layout(Shot(wid))
        wait_for(lambda: check_pane(Shot(wid), lay, 1, lambda x, y: tuple(int((255 - v) * 0.5 + 0.5) for v in
                                                                   frame_px(frames, 2, x, y)), "invert then gain"),
                 5, "the chain's output")
        key(wid, "q")
        assert finish(proc) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    code, stdout, _ = run([QPIPE, "preview", "--help"])
    assert code == 0 and "--compare" in stdout and "usage: qpipe preview" in stdout, stdout[:200]
    code, _, err = run([QPIPE, "preview", f], env=xenv())
    assert code == 64 and "IN" in err, "one argument: exit %d, %r" % (code, err)
    code, _, err = run([QPIPE, "preview", f, out("missing.mp4")], env=xenv())
    assert code == 66 and "missing.mp4" in err, "missing input: exit %d, %r" % (code, err)
    code, _, err = run([QPIPE, "preview", f, clip, "--set", "nope=1"], env=xenv(), timeout=30)
    assert code == 64 and "nope" in err, "unknown --set: exit %d, %r" % (code, err)


if __name__ == "__main__":
    start_xvfb()
    sys.exit(main())
