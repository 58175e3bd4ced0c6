#!/usr/bin/env python3
"""tests/e2e/e2e_watch.py - `qpipe watch` (issue 12): a watch folder that never loses or
repeats a file.

Files present at start and arriving later (a .part renamed into place), a copy in three
chunks over 2 s taken once and complete, a corrupt file failing alone, a kernel crash
retried then failed while the watch goes on, `kill -9` in the middle of a video and a
restart (no partial output, finished outputs keep their inode, everything finishes), SIGTERM
exits 0, two watchers on one folder doing each file once, a modified input redone and a
touched one not, `--status` counts.

References are independent of qpipe: invert.q's result is 255 - x, computed here on the
input's pixels as FFmpeg decodes them; videos by frame count, timestamps (ffprobe) and the
audio's md5 (FFmpeg); the journal read with Python's sqlite3 module.
"""

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

from harness import *  # noqa: F401,F403 - check, run, ffmpeg, out, MEDIA, QPIPE, ROOT, ...
from harness import main

INVERT = os.path.join(ROOT, "presets", "invert.q")
NEG = bytes(255 - i for i in range(256))
SETTLE = "0.3"


def fresh(name):
    d = out(name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.join(d, "in"))
    return os.path.join(d, "in"), os.path.join(d, "out"), d


def image(path, size, seed):
    """A small deterministic PNG (FFmpeg's test pattern with noise)."""
    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=%s" % size, "-vf", "noise=alls=30:allf=u:all_seed=%d" % seed,
           "-frames:v", "1", path)
    return path


def expect_inverted(src, dst):
    a, b = rgb_frames(src), rgb_frames(dst)
    if a.translate(NEG) != b:
        raise AssertionError("%s is not 255 - %s" % (dst, src))


def journal(outdir):
    db = sqlite3.connect(os.path.join(outdir, ".qpipe-watch.db"), timeout=30)
    try:
        return {r[0]: {"state": r[1], "attempts": r[2], "error": r[3], "output": r[4]}
                for r in db.execute("SELECT path, state, attempts, error, output FROM files")}
    finally:
        db.close()


def watch(*args, timeout=60):
    return run([QPIPE, "watch"] + list(args), timeout=timeout)


def start(args, name):
    err = open(out("stderr-%s.txt" % name), "w+")
    p = subprocess.Popen([QPIPE, "watch"] + list(args), cwd=ROOT, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=err)
    p.errfile = err
    return p


def stderr_of(p):
    p.errfile.seek(0)
    return p.errfile.read()


def wait_for(cond, what, p=None, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return
        if p is not None and p.poll() is not None:
            raise AssertionError("the watch ended (%d) while waiting for %s: %s"
                                 % (p.returncode, what, stderr_of(p)[-400:]))
        time.sleep(0.01)
    raise AssertionError("timed out waiting for " + what)


def states(outdir):
    try:
        return {k: v["state"] for k, v in journal(outdir).items()}
    except sqlite3.Error:
        return {}


def events(log):
    with open(log) as f:
        return [json.loads(line) for line in f]


def temporaries(folder):
    if not os.path.isdir(folder):
        return []
    return sorted(n for n in os.listdir(folder) if n.startswith(".qpipe-") and n != ".qpipe-watch.db"
                  and not n.startswith(".qpipe-watch.db-"))


@check("watch --poll: without inotify an arrival waits for the rescan, then is done by value")
def _():
    src, dst, d = fresh("poll")
    image(os.path.join(src, "a.png"), "40x30", 7)
    p = start([INVERT, src, dst, "--poll", "--rescan", "4", "--settle", "0.2"], "poll")
    t_start = time.monotonic()
    try:
        wait_for(lambda: states(dst) == {"a.png": "done"}, "the file there at start", p)
        # written elsewhere and moved in: inotify would see it at once (IN_MOVED_TO)
        image(os.path.join(d, "b.png"), "40x30", 8)
        os.rename(os.path.join(d, "b.png"), os.path.join(src, "b.png"))
        t0 = time.monotonic()
        wait_for(lambda: states(dst).get("b.png") == "done", "b.png found by a rescan", p)
        took = time.monotonic() - t0
        # the first scan ran at the start; the next is 4 s later
        if t0 - t_start < 3.2 and took < 0.8:
            raise AssertionError("b.png was done %.2f s after it arrived: not by the rescan (every 4 s)" % took)
        expect_inverted(os.path.join(src, "b.png"), os.path.join(dst, "b.png"))
    finally:
        p.send_signal(signal.SIGTERM)
        code = p.wait(timeout=30)
    if code != 0:
        raise AssertionError("SIGTERM: exit %d: %s" % (code, stderr_of(p)[-300:]))


@check("watch: files there at start and arriving later (a .part renamed in), by value; SIGTERM exits 0")
def _():
    src, dst, d = fresh("arrive")
    image(os.path.join(src, "a.png"), "64x48", 1)
    os.makedirs(os.path.join(src, "sub"))
    image(os.path.join(src, "sub", "b.png"), "40x30", 2)
    p = start([INVERT, src, dst, "-r", "--settle", SETTLE], "arrive")
    try:
        wait_for(lambda: states(dst) == {"a.png": "done", "sub/b.png": "done"}, "the first two done", p)
        part = os.path.join(src, "c.png.part")
        shutil.copy(image(os.path.join(d, "c.png"), "48x40", 3), part)
        time.sleep(0.5)
        if "c.png.part" in str(journal(dst)):
            raise AssertionError("a .part file was taken")
        os.rename(part, os.path.join(src, "c.png"))
        os.makedirs(os.path.join(src, "new"))
        image(os.path.join(src, "new", "d.png"), "24x24", 4)
        wait_for(lambda: states(dst).get("c.png") == "done" and states(dst).get("new/d.png") == "done",
                 "the arrivals done", p)
        p.send_signal(signal.SIGTERM)
        code = p.wait(timeout=10)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    if code != 0:
        raise AssertionError("SIGTERM: exit status %d, expected 0: %s" % (code, stderr_of(p)[-400:]))
    for rel in ("a.png", "sub/b.png", "c.png", "new/d.png"):
        expect_inverted(os.path.join(src, rel), os.path.join(dst, rel))
    if temporaries(dst) or os.path.exists(os.path.join(dst, "c.png.part")):
        raise AssertionError("left in OUT: %s" % os.listdir(dst))


@check("watch: a file copied in three chunks over 2 s is processed once, complete")
def _():
    src, dst, d = fresh("chunks")
    whole = image(os.path.join(d, "big.png"), "160x120", 5)
    with open(whole, "rb") as f:
        data = f.read()
    log = os.path.join(d, "log.json")
    p = start([INVERT, src, dst, "--settle", "1.2", "--log", log], "chunks")
    try:
        target = os.path.join(src, "big.png")
        third = len(data) // 3
        for k in range(3):
            with open(target, "ab") as f:
                f.write(data[k * third: len(data) if k == 2 else (k + 1) * third])
            if k < 2:
                time.sleep(1.0)
        wait_for(lambda: states(dst).get("big.png") == "done", "big.png done", p)
        time.sleep(0.5)
    finally:
        p.send_signal(signal.SIGTERM)
        p.wait(timeout=10)
    starts = [e for e in events(log) if e["event"] == "start"]
    if len(starts) != 1 or journal(dst)["big.png"]["attempts"] != 1:
        raise AssertionError("processed %d times: %s" % (len(starts), starts))
    expect_inverted(whole, os.path.join(dst, "big.png"))


@check("watch --once: a corrupt file fails alone (no output, its error); --failed/--done move inputs; --status")
def _():
    src, dst, d = fresh("corrupt")
    image(os.path.join(src, "a.png"), "32x32", 6)
    image(os.path.join(src, "b.png"), "32x24", 7)
    with open(os.path.join(src, "bad.png"), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + b"garbage" * 20)
    for name in ("x.tmp", "y.crdownload", "z.png~", ".hidden.png", "empty.png"):
        open(os.path.join(src, name), "wb").close()
    fdir, ddir = os.path.join(d, "failed"), os.path.join(d, "done")
    code, _, err = watch(INVERT, src, dst, "--once", "--settle", SETTLE, "--failed", fdir, "--done", ddir)
    if code != 66:
        raise AssertionError("exit status %d, expected 66 (an input failed): %s" % (code, err[-400:]))
    j = journal(dst)
    if sorted(j) != ["a.png", "b.png", "bad.png"]:
        raise AssertionError("the journal holds %s (ignored names or an empty file taken?)" % sorted(j))
    if j["bad.png"]["state"] != "failed" or "bad.png" not in (j["bad.png"]["error"] or ""):
        raise AssertionError("bad.png: %s" % j["bad.png"])
    if os.path.exists(os.path.join(dst, "bad.png")) or temporaries(dst):
        raise AssertionError("output or temporaries of the corrupt file: %s" % os.listdir(dst))
    if sorted(os.listdir(fdir)) != ["bad.png"] or sorted(os.listdir(ddir)) != ["a.png", "b.png"]:
        raise AssertionError("moved: failed %s, done %s" % (os.listdir(fdir), os.listdir(ddir)))
    for n in ("a.png", "b.png"):
        expect_inverted(os.path.join(ddir, n), os.path.join(dst, n))
    code, text, err = watch("--status", dst)
    if code != 0 or "done     2" not in text or "failed   1" not in text or "failed: bad.png: " not in text:
        raise AssertionError("--status: %d %s %s" % (code, text, err))


@check("watch: a kernel that crashes on one file: retried (--retries 1), then failed; the others done")
def _():
    src, dst, d = fresh("crash")
    f = os.path.join(d, "crash.q")
    with open(f, "w") as fh:
        fh.write("function [] = __kernel__ far(x : cube'unchecked, y : cube, pos : ivec3)\n"
                 "    y[pos] = x[pos[0] + 100000000, pos[1], pos[2]]\nendfunction\n"
                 "function y = process(x)\n    y = 255 - x\n    if size(x, 0) > 40\n"
                 "        parallel_do(size(y), x, y, far)\n    endif\nendfunction\n")
    image(os.path.join(src, "a.png"), "32x32", 8)
    image(os.path.join(src, "boom.png"), "64x64", 9)
    image(os.path.join(src, "c.png"), "32x24", 10)
    code, _, err = watch(f, src, dst, "--once", "--settle", SETTLE, "--retries", "1", timeout=60)
    j = journal(dst)
    if code != 70 or j["boom.png"]["state"] != "failed" or j["boom.png"]["attempts"] != 2:
        raise AssertionError("exit %d, boom.png %s: %s" % (code, j.get("boom.png"), err[-400:]))
    if "kernel far crashed" not in j["boom.png"]["error"]:
        raise AssertionError("the error: %s" % j["boom.png"]["error"])
    for n in ("a.png", "c.png"):
        expect_inverted(os.path.join(src, n), os.path.join(dst, n))
    if os.path.exists(os.path.join(dst, "boom.png")) or temporaries(dst):
        raise AssertionError("left: %s" % os.listdir(dst))


@check("watch: kill -9 during a video, restart: no partial output, inodes kept, outputs complete")
def _():
    src, dst, d = fresh("kill9")
    image(os.path.join(src, "a.png"), "32x32", 11)
    image(os.path.join(src, "b.png"), "40x32", 12)
    video = os.path.join(src, "v.mkv")
    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=24", "-f", "lavfi", "-i",
           "sine=frequency=440:sample_rate=48000:duration=24", "-map", "0:v", "-map", "1:a", "-c:v", "ffv1",
           "-pix_fmt", "bgr0", "-c:a", "pcm_s16le", video)
    args = [INVERT, src, dst, "--settle", SETTLE, "--codec", "ffv1", "--threads", "1"]
    p = start(args, "kill9")
    try:
        wait_for(lambda: states(dst).get("v.mkv") == "running" and temporaries(dst), "the video's temporary", p)
        code, text, _ = watch("--status", dst)
        if code != 0 or "running  1" not in text:
            raise AssertionError("--status while running: %s" % text)
        before = {n: os.stat(os.path.join(dst, n)).st_ino for n in ("a.png", "b.png")}
    finally:
        p.kill()
        p.wait()
    time.sleep(0.2)     # the worker dies with its parent (PR_SET_PDEATHSIG)
    if os.path.exists(os.path.join(dst, "v.mkv")):
        raise AssertionError("a partial v.mkv after kill -9")
    code, _, err = watch(*args, "--once", timeout=120)
    if code != 0:
        raise AssertionError("restart: exit status %d: %s" % (code, err[-400:]))
    after = {n: os.stat(os.path.join(dst, n)).st_ino for n in ("a.png", "b.png")}
    if after != before or temporaries(dst):
        raise AssertionError("inodes %s -> %s; temporaries %s" % (before, after, temporaries(dst)))
    j = journal(dst)
    if [j[n]["state"] for n in ("a.png", "b.png", "v.mkv")] != ["done"] * 3 or j["v.mkv"]["attempts"] != 2:
        raise AssertionError("journal: %s" % j)
    o = os.path.join(dst, "v.mkv")
    if frame_times(o) != frame_times(video) or len(frame_times(o)) != 600:
        raise AssertionError("frames or timestamps differ: %d frames" % len(frame_times(o)))
    if audio_md5(o) != audio_md5(video):
        raise AssertionError("the audio differs")
    if rgb_frames(video).translate(NEG) != rgb_frames(o):
        raise AssertionError("the frames are not 255 - x")


@check("watch: a second SIGTERM interrupts the current video: exit 130, nothing left, queued again")
def _():
    src, dst, d = fresh("twice")
    video = os.path.join(src, "v.mkv")
    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=24", "-c:v", "ffv1", "-pix_fmt", "bgr0",
           video)
    p = start([INVERT, src, dst, "--settle", SETTLE, "--codec", "ffv1", "--threads", "1"], "twice")
    try:
        wait_for(lambda: temporaries(dst), "the video's temporary", p)
        p.send_signal(signal.SIGTERM)
        time.sleep(0.1)
        p.send_signal(signal.SIGTERM)
        code = p.wait(timeout=10)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    j = journal(dst)
    if code != 130 or os.path.exists(os.path.join(dst, "v.mkv")) or temporaries(dst):
        raise AssertionError("exit %d, left %s: %s" % (code, os.listdir(dst), stderr_of(p)[-300:]))
    if j["v.mkv"]["state"] != "queued" or j["v.mkv"]["attempts"] != 0:
        raise AssertionError("journal: %s" % j)


@check("watch: a dead process's claim is taken over; its output already renamed in place is not redone")
def _():
    src, dst, d = fresh("stale")
    a, b = image(os.path.join(src, "a.png"), "32x32", 50), image(os.path.join(src, "b.png"), "32x32", 51)
    code, _, err = watch(INVERT, src, dst, "--once", "--settle", SETTLE)
    if code:
        raise AssertionError("first run: %d %s" % (code, err[-300:]))
    # the moments of a kill -9: a.png's output renamed but not yet marked done; b.png's
    # claimed with no output yet. The owner: a process of this host that has ended.
    dead = subprocess.Popen(["true"])
    dead.wait()
    os.unlink(os.path.join(dst, "b.png"))
    inode_a = os.stat(os.path.join(dst, "a.png")).st_ino
    db = sqlite3.connect(os.path.join(dst, ".qpipe-watch.db"), timeout=30)
    with db:
        db.execute("UPDATE files SET state='running', owner_pid=?, owner_host=?, owner_start=1, started_at=?",
                   (dead.pid, os.uname().nodename, time.time() - 5))
        db.execute("UPDATE files SET output=NULL WHERE path='b.png'")
    db.close()
    log = os.path.join(d, "log.json")
    code, _, err = watch(INVERT, src, dst, "--once", "--settle", SETTLE, "--log", log)
    if code:
        raise AssertionError("restart: %d %s" % (code, err[-300:]))
    ev = [(e["event"], e["input"]) for e in events(log)]
    j = journal(dst)
    if ("start", "a.png") in ev or ("start", "b.png") not in ev or j["a.png"]["state"] != "done" \
            or j["b.png"]["state"] != "done" or j["b.png"]["attempts"] != 2:
        raise AssertionError("events %s; journal %s" % (ev, j))
    if os.stat(os.path.join(dst, "a.png")).st_ino != inode_a:
        raise AssertionError("a.png was rewritten")
    expect_inverted(b, os.path.join(dst, "b.png"))


@check("watch: two watchers on one folder process each file once")
def _():
    src, dst, d = fresh("two")
    for i in range(12):
        image(os.path.join(src, "f%02d.png" % i), "48x32", 20 + i)
    logs = [os.path.join(d, "log%d.json" % k) for k in range(2)]
    ps = [start([INVERT, src, dst, "--once", "--settle", SETTLE, "--log", logs[k], "-j", str(k + 1)], "two%d" % k)
          for k in range(2)]
    for p in ps:
        if p.wait(timeout=60) != 0:
            raise AssertionError("a watcher: exit %d: %s" % (p.returncode, stderr_of(p)[-400:]))
    starts = [e["input"] for log in logs for e in events(log) if e["event"] == "start"]
    j = journal(dst)
    if sorted(starts) != sorted(j) or len(j) != 12 or any(v["attempts"] != 1 or v["state"] != "done"
                                                          for v in j.values()):
        raise AssertionError("starts %s; journal %s" % (sorted(starts), j))
    for i in range(12):
        n = "f%02d.png" % i
        expect_inverted(os.path.join(src, n), os.path.join(dst, n))


@check("watch: a modified input is processed again, a touched one is not")
def _():
    src, dst, d = fresh("modify")
    a, b = image(os.path.join(src, "a.png"), "32x32", 40), image(os.path.join(src, "b.png"), "32x32", 41)
    code, _, err = watch(INVERT, src, dst, "--once", "--settle", SETTLE)
    if code:
        raise AssertionError("first run: %d %s" % (code, err[-300:]))
    inode_a = os.stat(os.path.join(dst, "a.png")).st_ino
    t = time.time() + 10
    os.utime(a, (t, t))                         # touched: same content
    image(os.path.join(d, "b2.png"), "32x32", 42)
    os.replace(os.path.join(d, "b2.png"), b)    # modified
    log = os.path.join(d, "log.json")
    code, _, err = watch(INVERT, src, dst, "--once", "--settle", SETTLE, "--log", log)
    if code:
        raise AssertionError("second run: %d %s" % (code, err[-300:]))
    ev = {(e["event"], e["input"]) for e in events(log)}
    if ("start", "a.png") in ev or ("touched", "a.png") not in ev or ("start", "b.png") not in ev:
        raise AssertionError("events: %s" % sorted(ev))
    if os.stat(os.path.join(dst, "a.png")).st_ino != inode_a:
        raise AssertionError("a.png was rewritten")
    expect_inverted(b, os.path.join(dst, "b.png"))
    expect_inverted(a, os.path.join(dst, "a.png"))


if __name__ == "__main__":
    sys.exit(main())
