#!/usr/bin/env python3
"""tests/e2e/e2e_slurm.py - scale-out: `qpipe run --shard` and `--segment`, `qpipe
assemble`, and `qpipe slurm` on a real single-node Slurm (tests/slurm/cluster.py).

References are independent of the code under test: images are checked by pixel value
against 255 - x of the input as FFmpeg decodes it (presets/invert.q); videos by FFmpeg's
framemd5 (frame hashes and timestamps) of one plain `qpipe run`, whose own correctness the
other e2e scripts check, by the input's key frames as ffprobe lists them, and by the md5 of
the input's audio stream (copied once). Media: 7 PNG images of 40x30 and a 10 s 64x48
video at 25 fps with a key frame every 25 frames and AAC audio, made here by FFmpeg.
"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "slurm"))
from harness import QPIPE, check, expect_code, ffmpeg, main, out, psnr_bytes, qpipe, run  # noqa: E402
import cluster  # noqa: E402

CLUSTER = cluster.Cluster()
CLUSTER_ERROR = []
FRAMES = 250
IMAGES = 7


def media():
    """The images and the video of these checks, made once per run."""
    folder = out("slurm_imgs")
    video = out("slurm_in.mp4")
    if not os.path.exists(video):
        os.makedirs(folder, exist_ok=True)
        for i in range(IMAGES):
            ffmpeg("-f", "lavfi", "-i", "testsrc2=size=40x30:rate=25", "-vf", "select=eq(n\\,%d)" % (i * 5),
                   "-frames:v", "1", os.path.join(folder, "im%02d.png" % i))
        ffmpeg("-f", "lavfi", "-i", "testsrc2=size=64x48:rate=25:duration=10", "-f", "lavfi", "-i",
               "sine=frequency=440:duration=10", "-c:v", "libx264", "-g", "25", "-keyint_min", "25",
               "-sc_threshold", "0", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", video)
    return folder, video


def rgb(path):
    p = subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", path, "-f", "rawvideo", "-pix_fmt",
                        "rgb24", "-"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    if p.returncode:
        raise AssertionError("cannot decode %s: %s" % (path, p.stderr.decode()[-200:]))
    return p.stdout


def inverted(path):
    return bytes(255 - b for b in rgb(path))


def framemd5(path):
    """[(pts in seconds, rounded to 0.1 ms, frame md5)] of the video, its own timestamps kept."""
    text = ffmpeg("-copyts", "-i", path, "-map", "0:v", "-f", "framemd5", "-")
    tb, rows = None, []
    for line in text.splitlines():
        if line.startswith("#tb 0:"):
            n, d = line.split(":", 1)[1].strip().split("/")
            tb = int(n) / int(d)
        elif line and not line.startswith("#"):
            f = [x.strip() for x in line.split(",")]
            rows.append((round(int(f[2]) * tb, 4), f[5]))
    return rows


def key_times(path):
    text = run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-skip_frame", "nokey", "-show_entries",
                "frame=pts_time", "-of", "csv=p=0", path])[1]
    return {round(float(x.strip().rstrip(",")), 4) for x in text.split()}


def audio_md5(path):
    return ffmpeg("-i", path, "-map", "0:a", "-c", "copy", "-f", "md5", "-").strip()


def single_run(video):
    ref = out("slurm_single.mkv")
    if not os.path.exists(ref):
        expect_code(qpipe("invert", video, ref, "--codec", "ffv1", "-q"), 0, "single run")
    return ref


def slurm(*args, timeout=120):
    if CLUSTER_ERROR:
        raise AssertionError(CLUSTER_ERROR[0])
    return run([QPIPE, "slurm"] + list(args), timeout=timeout, env=CLUSTER.env())


@check("run --shard i/N: the N slices partition the folder (union all, disjoint), pixels 255-x")
def shard_partition():
    folder, _ = media()
    seen = []
    for i in range(3):
        dest = out("shard%d" % i)
        expect_code(qpipe("invert", folder, dest, "--shard", "%d/3" % i, "-q"), 0, "--shard %d/3" % i)
        names = sorted(os.listdir(dest))
        if len(names) not in (2, 3):
            raise AssertionError("shard %d has %d files: %s" % (i, len(names), names))
        for n in names:
            if rgb(os.path.join(dest, n)) != inverted(os.path.join(folder, n)):
                raise AssertionError("shard %d: %s is not 255-x of its input" % (i, n))
        seen += names
    want = sorted(os.listdir(folder))
    if sorted(seen) != want or len(set(seen)) != len(seen):
        raise AssertionError("shards hold %s, the folder %s" % (sorted(seen), want))
    # contiguous by sorted name, from 0
    if seen != want:
        raise AssertionError("the shards in order are not the sorted names: %s" % seen)


@check("run --shard/--segment: bad values and wrong inputs exit 64 with a message")
def bad_parts():
    folder, video = media()
    for bad in ("3/3", "-1/3", "a/b", "1/0", "2", "1/", "/3", "1/3x"):
        code, _, err = qpipe("invert", folder, out("badshard"), "--shard", bad)
        if code != 64 or "--shard needs i/N" not in err or "SLURM_ARRAY_TASK_ID" not in err:
            raise AssertionError("--shard %s: exit %d, %s" % (bad, code, err.strip()[-200:]))
        code, _, err = qpipe("invert", video, out("badseg.mkv"), "--segment", bad)
        if code != 64 or "--segment needs i/N" not in err:
            raise AssertionError("--segment %s: exit %d, %s" % (bad, code, err.strip()[-200:]))
    cases = [
        (("--shard", "0/2"), video, "is for a folder"),
        (("--segment", "0/2"), folder, "is for a video file"),
        (("--segment", "0/11"), video, "has 10 key frames, so at most 10 segments"),
        (("--segment", "0/2", "-ss", "1"), video, "does not go with -ss"),
        (("--warmup", "3"), video, "--warmup is for --segment"),
    ]
    for opts, src, msg in cases:
        code, _, err = qpipe("invert", src, out("bad.mkv"), *opts)
        if code != 64 or msg not in err:
            raise AssertionError("%s: exit %d, %s" % (" ".join(opts), code, err.strip()[-200:]))
    if os.path.exists(out("bad.mkv")) or os.path.exists(out("badseg.mkv")):
        raise AssertionError("a refused run left an output")


@check("run --segment i/4: parts split at key frames partition the frames; assemble = one run (framemd5, audio)")
def segments_partition():
    _, video = media()
    # parts hold no audio, so they are compared with a run without it (a container shifts
    # every stream by the AAC priming when audio starts before 0)
    silent = out("slurm_single_an.mkv")
    expect_code(qpipe("invert", video, silent, "--codec", "ffv1", "-an", "-q"), 0, "single run -an")
    ref = framemd5(silent)
    keys = key_times(video)
    parts, rows = [], []
    for i in range(4):
        part = out("seg%d.nut" % i)
        expect_code(qpipe("invert", video, part, "--segment", "%d/4" % i, "--codec", "ffv1", "-q"), 0,
                    "--segment %d/4" % i)
        r = framemd5(part)
        if not r or r[0][0] not in keys:
            raise AssertionError("part %d starts at %s, not at a key frame (%s)" % (i, r[:1], sorted(keys)))
        if len(r) < 50:
            raise AssertionError("part %d has %d frames: not near a quarter of %d" % (i, len(r), FRAMES))
        if run(["ffprobe", "-v", "error", "-select_streams", "a", "-show_entries", "stream=index", "-of", "csv",
                part])[1].strip():
            raise AssertionError("part %d holds audio: the assembly copies it once" % i)
        parts.append(part)
        rows += r
    if len(ref) != FRAMES or rows != ref:
        raise AssertionError("the parts' %d frames differ from the single run's %d (first difference %s)" % (
            len(rows), len(ref), next(((a, b) for a, b in zip(rows, ref) if a != b), None)))
    asm = out("seg_asm.mkv")
    expect_code(run([QPIPE, "assemble", video, asm] + parts + ["-q"]), 0, "assemble")
    if framemd5(asm) != framemd5(single_run(video)):
        raise AssertionError("the assembled video differs from the single run")
    if audio_md5(asm) != audio_md5(video):
        raise AssertionError("the assembled audio is not the input's")
    code, _, err = run([QPIPE, "assemble", video, asm] + parts)
    if code != 73 or "exists" not in err:
        raise AssertionError("assemble over an existing output: exit %d, %s" % (code, err.strip()[-200:]))


@check("run --segment i/4 with a windowed filter (temporal_radius 2): the parts read their neighbours' frames; = one run")
def segments_window():
    _, video = media()
    filt = out("seg_window.q")
    with open(filt, "w") as f:
        # frame t from t-2, t and t+2: a segment's first and last two frames need the
        # frames of the segments beside it
        f.write("temporal_radius = 2\n\nfunction y = process(x)\n"
                "    y = cat(2, x[0][:, :, 0], x[2][:, :, 1], x[4][:, :, 2])\nendfunction\n")
    one = out("segw_one.mkv")
    expect_code(qpipe(filt, video, one, "--codec", "ffv1", "-an", "-q"), 0, "single run")
    ref = framemd5(one)
    rows = []
    for i in range(4):
        part = out("segw%d.nut" % i)
        expect_code(qpipe(filt, video, part, "--segment", "%d/4" % i, "--codec", "ffv1", "-q"), 0,
                    "--segment %d/4" % i)
        rows += framemd5(part)
    if len(ref) != FRAMES or rows != ref:
        bad = [k for k, (a, b) in enumerate(zip(rows, ref)) if a != b]
        raise AssertionError("the windowed parts' %d frames differ from the single run's %d at frames %s" % (
            len(rows), len(ref), bad[:8]))


@check("run and assemble copy the input's chapters (times, titles) once")
def chapters():
    meta = out("chapters_meta.txt")
    with open(meta, "w") as f:
        f.write(";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1000\ntitle=first\n"
                "[CHAPTER]\nTIMEBASE=1/1000\nSTART=1000\nEND=2000\ntitle=second\n")
    src = out("chapters_in.mkv")
    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=64x48:rate=25:duration=2", "-i", meta, "-map_metadata", "1",
           "-map_chapters", "1", "-c:v", "libx264", "-g", "25", src)

    def chapters_of(path):
        code, o, _ = run(["ffprobe", "-v", "error", "-show_entries", "chapter=start_time,end_time:chapter_tags=title",
                          "-of", "csv=p=0", path])
        return [line.split(",") for line in o.split()]

    want = [["0.000000", "1.000000", "first"], ["1.000000", "2.000000", "second"]]
    one = out("chapters_one.mkv")
    expect_code(qpipe("invert", src, one, "-q"), 0, "run")
    parts = []
    for i in range(2):
        parts.append(out("chapters_p%d.nut" % i))
        expect_code(qpipe("invert", src, parts[-1], "--segment", "%d/2" % i, "--codec", "ffv1", "-q"), 0, "segment")
    asm = out("chapters_asm.mkv")
    expect_code(run([QPIPE, "assemble", src, asm] + parts + ["-q"]), 0, "assemble")
    for name, path in (("run", one), ("assemble", asm)):
        got = chapters_of(path)
        if got != want:
            raise AssertionError("%s: chapters %s, not %s" % (name, got, want))


@check("run --segment --warmup 5: the same frames and timestamps written; the warm-up frames are not")
def segment_warmup():
    _, video = media()
    base = framemd5(out("seg2.nut")) if os.path.exists(out("seg2.nut")) else None
    part = out("warm2.nut")
    expect_code(qpipe("invert", video, part, "--segment", "2/4", "--warmup", "5", "--codec", "ffv1", "-q"), 0,
                "--warmup 5")
    rows = framemd5(part)
    if base is not None and rows != base:
        raise AssertionError("with --warmup the part differs: %d frames from %s, without %d from %s" % (
            len(rows), rows[:1], len(base), base[:1]))


@check("run --segment --warmup 50: a temporal filter (denoise_temporal) starts the segment from one run's state")
def warmup_state():
    _, video = media()
    one = out("dt_one.mkv")
    expect_code(qpipe("denoise_temporal", video, one, "--codec", "ffv1", "-an", "-q"), 0, "single run")
    frame = 64 * 48 * 3
    ref = rgb(one)
    got = {}
    for name, extra in (("cold", []), ("warm", ["--warmup", "50"])):
        part = out("dt_%s.nut" % name)
        expect_code(qpipe("denoise_temporal", video, part, "--segment", "2/4", "--codec", "ffv1", "-q", *extra), 0,
                    "--segment 2/4 " + " ".join(extra))
        first = framemd5(part)[0][0]
        k = int(round(first / 0.04))
        got[name] = psnr_bytes(rgb(part)[:frame], ref[k * frame:(k + 1) * frame])
    if not (got["warm"] >= 50 and got["cold"] < got["warm"] - 3):
        raise AssertionError("first frame of the segment against one run: PSNR %.1f dB cold, %.1f dB with "
                             "--warmup 50" % (got["cold"], got["warm"]))


@check("slurm --dry-run: the scripts (array, absolute paths, --shard/--segment, afterok), nothing created")
def dry_run():
    folder, video = media()
    dest = out("dry_imgs")
    code, text, err = run([QPIPE, "slurm", "invert", folder, dest, "--tasks", "3", "--dry-run", "--sbatch-args",
                           "--time=5", "--set", "x=1"])
    want = ["#SBATCH --array=0-2", "#SBATCH --output=%s/.qpipe-slurm/shard-%%a.log" % dest,
            "exec '%s' run 'invert' '%s' '%s' --shard \"$SLURM_ARRAY_TASK_ID/3\" '--set' 'x=1'" % (
                os.path.realpath(QPIPE), folder, dest), "sbatch --parsable --time=5"]
    for w in want:
        if w not in text:
            raise AssertionError("dry run (exit %d) lacks %r: %s %s" % (code, w, text, err))
    if os.path.exists(dest):
        raise AssertionError("--dry-run created %s" % dest)
    code, text, err = run([QPIPE, "slurm", "invert", video, out("dry.mkv"), "--tasks", "20", "--dry-run"])
    jd = out("dry.mkv") + ".qpipe-slurm"
    want = ["#SBATCH --array=0-9", "--segment \"$SLURM_ARRAY_TASK_ID/10\" -y", "--dependency=afterok:JOBID",
            "'%s' assemble '%s' '%s' '%s/part-0.nut'" % (os.path.realpath(QPIPE), video, out("dry.mkv"), jd),
            "'%s/part-9.nut'" % jd]
    for w in want:
        if w not in text:
            raise AssertionError("video dry run (exit %d) lacks %r: %s" % (code, w, text))
    if "10 key frames" not in err or os.path.exists(jd):
        raise AssertionError("20 tasks over 10 key frames: %s; job folder made: %s" % (err, os.path.exists(jd)))
    code, text, err = run([QPIPE, "slurm", "invert", video, video, "--dry-run"])
    if code != 73 or "exists (use -y" not in err or text:
        raise AssertionError("an existing OUT without -y: exit %d, %s" % (code, err.strip()))


@check("slurm: a folder over a 3-task array gives one run's outputs (pixel values)")
def slurm_folder():
    folder, _ = media()
    one, arr = out("one_imgs"), out("arr_imgs")
    expect_code(qpipe("invert", folder, one, "-q"), 0, "single run")
    code, ids, err = slurm("invert", folder, arr, "--tasks", "3", "--wait", "-q")
    if code != 0 or len(ids.split()) != 1:
        raise AssertionError("qpipe slurm: exit %d, job ids %r: %s" % (code, ids, err.strip()[-300:]))
    names = sorted(n for n in os.listdir(arr) if not n.startswith("."))
    if names != sorted(os.listdir(one)) or len(names) != IMAGES:
        raise AssertionError("outputs %s, one run's %s" % (names, sorted(os.listdir(one))))
    for n in names:
        got = rgb(os.path.join(arr, n))
        if got != rgb(os.path.join(one, n)) or got != inverted(os.path.join(folder, n)):
            raise AssertionError("%s differs from the single run" % n)
    logs = sorted(os.listdir(os.path.join(arr, ".qpipe-slurm")))
    if logs != ["shard-0.log", "shard-1.log", "shard-2.log", "shard.sh"]:
        raise AssertionError("job folder holds %s" % logs)


@check("slurm: a 10 s video over 4 segments + assembly = one run --codec ffv1 (framemd5, timestamps, audio once)")
def slurm_video():
    _, video = media()
    ref = single_run(video)
    dest = out("slurm_out.mkv")
    code, ids, err = slurm("invert", video, dest, "--tasks", "4", "--wait", "--codec", "ffv1", "-q")
    if code != 0 or len(ids.split()) != 2:
        raise AssertionError("qpipe slurm: exit %d, job ids %r: %s" % (code, ids, err.strip()[-300:]))
    got, want = framemd5(dest), framemd5(ref)
    if len(got) != FRAMES or got != want:
        raise AssertionError("%d frames, the single run %d; first difference %s" % (
            len(got), len(want), next(((a, b) for a, b in zip(got, want) if a != b), None)))
    if audio_md5(dest) != audio_md5(video) or audio_md5(ref) != audio_md5(video):
        raise AssertionError("the audio is not the input's, copied once")
    streams = run(["ffprobe", "-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", dest])[1].split()
    if sorted(streams) != ["audio", "video"]:
        raise AssertionError("streams %s" % streams)
    left = sorted(os.listdir(dest + ".qpipe-slurm"))
    if any(n.endswith(".nut") for n in left) or "assemble.log" not in left:
        raise AssertionError("job folder after the assembly: %s" % left)


@check("slurm --wait: a failing task's exit status (64) is the command's; the assembly is cancelled, no output")
def slurm_failure():
    _, video = media()
    dest = out("slurm_fail.mkv")
    code, ids, err = slurm("invert", video, dest, "--tasks", "2", "--wait", "--set", "nosuch=1")
    if code != 64 or "failed" not in err:
        raise AssertionError("exit %d: %s" % (code, err.strip()[-300:]))
    if os.path.exists(dest):
        raise AssertionError("a failed job left %s" % dest)
    log = open(os.path.join(dest + ".qpipe-slurm", "segment-0.log")).read()
    if "nosuch" not in log:
        raise AssertionError("the task's log does not say why: %s" % log[-300:])


if __name__ == "__main__":
    try:
        CLUSTER.start()
    except RuntimeError as e:
        CLUSTER_ERROR.append("no Slurm test cluster: " + str(e).replace("\n", " ")[:600])
    try:
        rc = main()
    finally:
        CLUSTER.stop()
    sys.exit(rc)
