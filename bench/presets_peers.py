#!/usr/bin/env python3
"""presets_peers.py - the peers of bench/presets.q on the same 1080 x 1920 RGB image.

  unsharp        OpenCV: GaussianBlur(11x11, sigma 1.5, BORDER_REPLICATE) then
                 addWeighted(x, 1.8, blur, -0.8): sharpen.q's unsharp mask, on uint8
  unsharp_ffmpeg FFmpeg's unsharp (11x11 box blur, amount 0.8, luma and chroma) on yuv444p,
                 timed as cas below
  cas            FFmpeg's cas filter (strength 0.5) on gbrp, filter_threads THREADS: its time
                 per frame is (time of N frames through cas - time through null) / N, the
                 frame decoded from a 1-frame PNG looped N times
  median3/5      OpenCV medianBlur(3 / 5) on uint8 (its fast path)
  open3          OpenCV morphologyEx(MORPH_OPEN, 3x3 rectangle) on uint8
  down_*         OpenCV resize to 960 x 540: INTER_LINEAR (no antialiasing), INTER_AREA (the
                 antialiased choice), INTER_CUBIC, INTER_LANCZOS4; uint8
  up_bicubic     OpenCV resize to 3840 x 2160, INTER_CUBIC; uint8
  *_f32          the OpenCV operations again on float32 (0..255), the type of qpipe's frames
  fft_numpy      fft_filter.q's Gaussian low-pass (cutoff 0.1) in NumPy: rfft2, mask, irfft2
                 (NumPy's FFT is single-threaded and computes in double)
  color          FFmpeg's eq (gamma 1.2, saturation 1.3) on yuv444p and colorchannelmixer on
                 rgb24 (the two halves of what color.q does in one pass), time per frame as cas;
                 colorbalance on rgb24 with shadows +0.04, midtones +0.02, highlights -0.03 in
                 every channel (about color.q's tone curve of +10, +5 and -8 levels), as cas.
                 eq has no slice threads: it runs on one thread whatever THREADS is
  deband         FFmpeg's deband (range 16, its default thresholds) on gbrp, as cas
  lut3d          FFmpeg's lut3d with the table CUBE (when given), interp trilinear (what
                 lut3d.q does) and tetrahedral (FFmpeg's default), on rgb24, as cas
  swscale        FFmpeg's scale filter to 960x540 (flags bilinear / bicubic / lanczos, the
                 time per frame as for cas), and to 3840x2160 (bicubic)
Quality: PSNR of down (0.5) then up (2x) with the same method against the input, uint8 as
files hold it, for OpenCV (INTER_AREA down + INTER_LINEAR up for "area", the others each
with itself) and swscale (scale down and up in one filter graph, then FFmpeg's psnr; once
with its default flags, which read RGB with chroma at half the width, and once, "rgb", with
+full_chroma_inp+full_chroma_int: every channel at full resolution).

One untimed run, then REPS timed runs (7 unless given), cv2.setNumThreads(THREADS) (2):

  /usr/bin/python3 bench/presets_peers.py FILE [reps [threads [CUBE]]]

  presets_peers: median3_ms 3.1
  presets_peers: psnr_opencv_bicubic 31.0

Needs Debian's python3-opencv (/usr/bin/python3) and ffmpeg; without OpenCV prints one line
and exits with status 3.
"""
import statistics
import subprocess
import sys
import time


def ffmpeg_ms(path, vf, frames, threads, fmt="gbrp"):
    """Wall time per frame of `vf` over the still looped `frames` times, minus the same
    pipeline through `null` (decoding and conversion are not the filter's)."""
    def run(graph):
        argv = ["ffmpeg", "-nostdin", "-loglevel", "error", "-loop", "1", "-i", path, "-frames:v", str(frames),
                "-filter_threads", str(threads), "-threads", "1", "-vf", graph, "-f", "null", "-"]
        t0 = time.perf_counter()
        subprocess.run(argv, check=True)
        return time.perf_counter() - t0
    base = min(run("format=%s,null" % fmt) for _ in range(2))
    full = min(run("format=%s,%s" % (fmt, vf)) for _ in range(2))
    return max(0.0, (full - base) / frames * 1e3)


def main(argv):
    if not argv:
        print(__doc__)
        return 64
    path = argv[0]
    reps = int(argv[1]) if len(argv) > 1 else 7
    threads = int(argv[2]) if len(argv) > 2 else 2
    cube = argv[3] if len(argv) > 3 else None
    try:
        import cv2
        import numpy as np
    except ImportError:
        print("presets_peers: skipped, no python3-opencv")
        return 3
    cv2.setNumThreads(threads)
    x = cv2.imread(path)
    H, W = x.shape[:2]
    k3 = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))

    def unsharp():
        b = cv2.GaussianBlur(x, (11, 11), 1.5, sigmaY=1.5, borderType=cv2.BORDER_REPLICATE)
        return cv2.addWeighted(x, 1.8, b, -0.8, 0)
    ops = [
        ("unsharp", unsharp),
        ("median3", lambda: cv2.medianBlur(x, 3)),
        ("median5", lambda: cv2.medianBlur(x, 5)),
        ("open3", lambda: cv2.morphologyEx(x, cv2.MORPH_OPEN, k3)),
        ("down_bilinear", lambda: cv2.resize(x, (W // 2, H // 2), interpolation=cv2.INTER_LINEAR)),
        ("down_area", lambda: cv2.resize(x, (W // 2, H // 2), interpolation=cv2.INTER_AREA)),
        ("down_bicubic", lambda: cv2.resize(x, (W // 2, H // 2), interpolation=cv2.INTER_CUBIC)),
        ("down_lanczos", lambda: cv2.resize(x, (W // 2, H // 2), interpolation=cv2.INTER_LANCZOS4)),
        ("up_bicubic", lambda: cv2.resize(x, (2 * W, 2 * H), interpolation=cv2.INTER_CUBIC)),
    ]
    # the same operations on float32, the frames qpipe's filters see (0..255)
    xf = x.astype(np.float32)
    ops += [
        ("unsharp_f32", lambda: np.clip(cv2.addWeighted(xf, 1.8, cv2.GaussianBlur(
            xf, (11, 11), 1.5, sigmaY=1.5, borderType=cv2.BORDER_REPLICATE), -0.8, 0), 0, 255)),
        ("median3_f32", lambda: cv2.medianBlur(xf, 3)),
        ("median5_f32", lambda: cv2.medianBlur(xf, 5)),
        ("open3_f32", lambda: cv2.morphologyEx(xf, cv2.MORPH_OPEN, k3)),
        ("down_area_f32", lambda: cv2.resize(xf, (W // 2, H // 2), interpolation=cv2.INTER_AREA)),
        ("down_bicubic_f32", lambda: cv2.resize(xf, (W // 2, H // 2), interpolation=cv2.INTER_CUBIC)),
        ("down_lanczos_f32", lambda: cv2.resize(xf, (W // 2, H // 2), interpolation=cv2.INTER_LANCZOS4)),
        ("up_bicubic_f32", lambda: cv2.resize(xf, (2 * W, 2 * H), interpolation=cv2.INTER_CUBIC)),
    ]
    fy, fx = np.fft.fftfreq(H).astype(np.float32)[:, None, None], np.fft.fftfreq(W).astype(np.float32)[None, :, None]
    mask = np.exp(-(fy ** 2 + fx ** 2) / np.float32(2 * 0.1 ** 2)).astype(np.float32)

    def fft_lowpass():
        y = np.fft.irfft2(np.fft.rfft2(xf, axes=(0, 1)) * mask[:, :W // 2 + 1], s=(H, W), axes=(0, 1))
        return np.clip(y, 0, 255)
    ops.append(("fft_numpy", fft_lowpass))
    print("presets_peers: threads %d reps %d opencv %s" % (cv2.getNumThreads(), reps, cv2.__version__))
    for name, op in ops:
        op()
        times = []
        for _ in range(reps):
            t0 = time.perf_counter()
            op()
            times.append((time.perf_counter() - t0) * 1e3)
        print("presets_peers: %s_ms %.3f" % (name, statistics.median(times)))
    frames = 4 * reps
    print("presets_peers: cas_ffmpeg_ms %.3f" % ffmpeg_ms(path, "cas=strength=0.5", frames, threads))
    # FFmpeg's unsharp mask: an 11x11 box (its blur) on every plane, amount 0.8
    print("presets_peers: unsharp_ffmpeg_ms %.3f" % ffmpeg_ms(path, "unsharp=11:11:0.8:11:11:0.8", frames, threads,
                                                                "yuv444p"))
    print("presets_peers: color_eq_ms %.3f" % ffmpeg_ms(path, "eq=gamma=1.2:saturation=1.3", frames, threads,
                                                         "yuv444p"))
    print("presets_peers: color_mixer_ms %.3f" % ffmpeg_ms(path, "colorchannelmixer=1.05:0.05:0:0:0:1:0:0:0:0:1:0",
                                                           frames, threads, "rgb24"))
    print("presets_peers: color_balance_ms %.3f"
          % ffmpeg_ms(path, "colorbalance=rs=.04:gs=.04:bs=.04:rm=.02:gm=.02:bm=.02:rh=-.03:gh=-.03:bh=-.03",
                      frames, threads, "rgb24"))
    print("presets_peers: deband_ms %.3f" % ffmpeg_ms(path, "deband=range=16", frames, threads))
    if cube:
        for interp in ("trilinear", "tetrahedral"):
            print("presets_peers: lut3d_%s_ms %.3f" % (interp, ffmpeg_ms(path, "lut3d=file=%s:interp=%s" % (cube, interp),
                                                                        frames, threads, "rgb24")))
    for flag in ("bilinear", "bicubic", "lanczos"):
        print("presets_peers: down_%s_swscale_ms %.3f"
              % (flag, ffmpeg_ms(path, "scale=%d:%d:flags=%s" % (W // 2, H // 2, flag), frames, threads)))
    print("presets_peers: up_bicubic_swscale_ms %.3f"
          % ffmpeg_ms(path, "scale=%d:%d:flags=bicubic" % (2 * W, 2 * H), frames, threads))

    def psnr(u):
        e = u.astype(np.float64) - x.astype(np.float64)
        return 10 * np.log10(255.0 ** 2 / np.mean(e * e))
    for name, down, up in (("area", cv2.INTER_AREA, cv2.INTER_LINEAR), ("bilinear", cv2.INTER_LINEAR, cv2.INTER_LINEAR),
                           ("bicubic", cv2.INTER_CUBIC, cv2.INTER_CUBIC),
                           ("lanczos", cv2.INTER_LANCZOS4, cv2.INTER_LANCZOS4)):
        d = cv2.resize(x, (W // 2, H // 2), interpolation=down)
        print("presets_peers: psnr_opencv_%s %.3f" % (name, psnr(cv2.resize(d, (W, H), interpolation=up))))
    for flag in ("bilinear", "bicubic", "lanczos"):
        for suffix, extra in (("", ""), ("_rgb", "+full_chroma_inp+full_chroma_int")):
            f = flag + extra
            graph = ("[0]split[a][b];[a]format=rgb24,scale=%d:%d:flags=%s,scale=%d:%d:flags=%s,format=rgb24[u];"
                     "[b]format=rgb24[r];[u][r]psnr" % (W // 2, H // 2, f, W, H, f))
            p = subprocess.run(["ffmpeg", "-nostdin", "-hide_banner", "-i", path, "-lavfi", graph, "-f", "null", "-"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
            v = [w for w in p.stderr.decode().split() if w.startswith("average:")]
            print("presets_peers: psnr_swscale%s_%s %s" % (suffix, flag, v[-1][len("average:"):] if v else "nan"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
