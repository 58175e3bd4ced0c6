#!/bin/sh
# bench/denoise.sh - presets/denoise.q against FFmpeg's nlmeans and the BM3D reference
# (issue 13), on the same stills in one run.
#
#   sh bench/denoise.sh          (from anywhere; SIGMAS="10 25", IMAGES="astronaut coffee
#                                 chelsea rocket", PROFILE=fast, BM3D=0 to leave BM3D out)
#
# The data: scikit-image's sample images (astronaut, coffee, chelsea, rocket), with white
# Gaussian noise of standard deviation 10 and 25 (NumPy, seed 13), rounded and saturated
# to 8 bits. scikit-image and the `bm3d` package come from PyPI into a virtualenv under
# build/venv-denoise (made on the first run; BM3D is skipped when it does not install).
# bench/denoise_eval.py runs each method on each noisy still and prints PSNR and SSIM
# against the clean image and CPU seconds per megapixel (user + system time of the child
# process, or of the Python call for BM3D; the row "qpipe identity.q (I/O)" is what every
# qpipe row pays besides its filter: start-up, PNG decoding and encoding), then the mean per method and sigma and the
# ratios to BM3D. Then bench/denoise_video.py: a 720p clip of astronaut panned and zoomed,
# sigma 15 noise per frame, through denoise.q fast/quality, denoise_temporal.q, FFmpeg's
# dctdnoiz and nlmeans (PSNR, SSIM, fps, CPU s per frame), and the 1080p speed of the fast
# profile. Variables: QPIPE (build/qpipe; when unset, `make` runs first), STILLS=0 or
# VIDEO=0 to leave a part out, FRAMES, NL_FRAMES, HD_FRAMES, SIGMA (denoise_video.py).

set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
venv=$root/build/venv-denoise
if [ -z "${QPIPE:-}" ]; then
    QPIPE=$root/build/qpipe
    make -C "$root" --no-print-directory >/dev/null 2>&1 || { echo "make failed"; exit 1; }
fi
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" || { echo "cannot make $venv"; exit 1; }
    "$venv/bin/pip" install -q scikit-image || { echo "scikit-image did not install"; exit 1; }
    "$venv/bin/pip" install -q bm3d || echo "bm3d did not install: its rows are left out"
fi
if [ "${STILLS:-1}" != 0 ]; then
    QPIPE=$QPIPE "$venv/bin/python" "$here/denoise_eval.py" "$root" || exit 1
fi
if [ "${VIDEO:-1}" != 0 ]; then
    QPIPE=$QPIPE exec "$venv/bin/python" "$here/denoise_video.py" "$root"
fi
