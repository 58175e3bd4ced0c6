"""bench/denoise_eval.py - the stills of bench/denoise.sh: data, the methods, the table.

Run by bench/denoise.sh in its virtualenv (scikit-image, optional bm3d); argument: the
repository root. Environment: QPIPE, SIGMAS, IMAGES, PROFILE, BM3D (0: leave BM3D out).
"""
import os
import resource
import subprocess
import sys
import tempfile
import time

import imageio.v3 as iio
import numpy as np
import skimage.data
from skimage.metrics import structural_similarity

ROOT = sys.argv[1]
QPIPE = os.environ.get("QPIPE", os.path.join(ROOT, "build", "qpipe"))
SIGMAS = [float(s) for s in os.environ.get("SIGMAS", "10 25").split()]
IMAGES = os.environ.get("IMAGES", "astronaut coffee chelsea rocket").split()
PROFILE = os.environ.get("PROFILE", "fast")
try:
    import bm3d
except ImportError:
    bm3d = None
if os.environ.get("BM3D", "1") == "0":
    bm3d = None


def psnr(a, b):
    return 10 * np.log10(255.0 ** 2 / np.mean((a.astype(float) - b.astype(float)) ** 2))


def ssim(a, b):
    return structural_similarity(a, b, channel_axis=2, data_range=255)


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_child(cmd):
    t0 = child_cpu()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode:
        raise RuntimeError("%s: exit %d: %s" % (cmd[0], p.returncode, p.stderr[-300:]))
    return child_cpu() - t0


def qpipe(noisy, out, sigma):
    return run_child([QPIPE, "run", "presets/denoise.q", noisy, out, "-y", "-q",
                      "--set", "sigma=%g" % sigma, "--set", "profile=" + PROFILE])


def io_floor(noisy, out, sigma):
    # what any qpipe row pays besides its filter: process start-up, PNG decoding and encoding
    return run_child([QPIPE, "run", "presets/identity.q", noisy, out, "-y", "-q"])


def nlmeans(noisy, out, sigma):
    # FFmpeg's strength s: 0.75 sigma (the best of 0.5, 0.75 and 1 x sigma on astronaut at
    # sigma 10 and 25: 33.6 and 28.2 dB), 7x7 patches, 15x15 search (its defaults)
    return run_child(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-threads", "2", "-i", noisy,
                      "-vf", "format=gbrp,nlmeans=s=%g,format=rgb24" % (0.75 * sigma), out])


def bm3d_ref(noisy, out, sigma):
    z = iio.imread(noisy).astype(np.float64) / 255
    t0 = time.process_time()
    y = bm3d.bm3d_rgb(z, sigma / 255)
    t = time.process_time() - t0
    iio.imwrite(out, np.clip(np.round(y * 255), 0, 255).astype(np.uint8))
    return t


def main():
    os.chdir(ROOT)
    tmp = tempfile.mkdtemp(prefix="qpipe-denoise-")
    rng = np.random.default_rng(13)
    methods = [("qpipe denoise.q " + PROFILE, qpipe), ("qpipe identity.q (I/O)", io_floor),
               ("ffmpeg nlmeans", nlmeans)]
    if bm3d is not None:
        methods.append(("bm3d (PyPI)", bm3d_ref))
    rows = {}
    # compile (or load) qpipe's kernels once, so that no row counts the compiler: a noisy
    # still large enough that every launch has the grid shape of the real ones (a grid
    # dimension of at most 4 is baked into a kernel's specialisation: a 32x32 still
    # compiled other variants than the bench's stills use)
    warm = os.path.join(tmp, "warm.png")
    iio.imwrite(warm, np.random.default_rng(1).integers(0, 256, (160, 160, 3)).astype(np.uint8))
    for sigma in SIGMAS:
        qpipe(warm, os.path.join(tmp, "warm_out.png"), sigma)
    print("%-10s %5s %-22s %8s %7s %8s" % ("image", "sigma", "method", "PSNR", "SSIM", "CPU s/MP"))
    for name in IMAGES:
        clean = getattr(skimage.data, name)()[:, :, :3]
        mp = clean.shape[0] * clean.shape[1] / 1e6
        for sigma in SIGMAS:
            noisy = np.clip(np.round(clean + rng.normal(0, sigma, clean.shape)), 0, 255).astype(np.uint8)
            npath = os.path.join(tmp, "%s_%g.png" % (name, sigma))
            iio.imwrite(npath, noisy)
            print("%-10s %5g %-22s %8.2f %7.4f %8s" % (name, sigma, "noisy input", psnr(clean, noisy),
                                                       ssim(clean, noisy), "-"))
            for label, fn in methods:
                opath = os.path.join(tmp, "%s_%g_out.png" % (name, sigma))
                cpu = fn(npath, opath, sigma)
                out = iio.imread(opath)[:, :, :3]
                r = (psnr(clean, out), ssim(clean, out), cpu / mp)
                rows.setdefault((label, sigma), []).append(r)
                print("%-10s %5g %-22s %8.2f %7.4f %8.2f" % (name, sigma, label, r[0], r[1], r[2]), flush=True)
    print()
    print("mean over %s" % ", ".join(IMAGES))
    print("%-22s %5s %8s %7s %8s %s" % ("method", "sigma", "PSNR", "SSIM", "CPU s/MP", "vs bm3d: dB, speed"))
    for sigma in SIGMAS:
        ref = rows.get(("bm3d (PyPI)", sigma))
        refm = np.mean(ref, axis=0) if ref else None
        for label, _ in methods:
            m = np.mean(rows[(label, sigma)], axis=0)
            cmp = ""
            if refm is not None:
                cmp = "%+.2f dB, %.0fx faster" % (m[0] - refm[0], refm[2] / m[2])
            print("%-22s %5g %8.2f %7.4f %8.2f %s" % (label, sigma, m[0], m[1], m[2], cmp))
    return 0


if __name__ == "__main__":
    sys.exit(main())
