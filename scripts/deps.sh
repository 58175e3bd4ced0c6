#!/bin/sh
# scripts/deps.sh - install the Debian 12 packages that qpipe needs to build and test.
#
# Run by `make deps`, `make test` and `make demo`. It asks dpkg which packages are missing and
# installs only those, through apt-get, without questions. When everything is present it
# prints nothing and touches nothing (no `apt-get update`), so it is cheap to run before
# every test run and safe to run twice. Needs root, or sudo when run as another user.

set -eu

# One package per line; the comment says why qpipe needs it.
PACKAGES='
build-essential     # gcc, libc headers and ar: compile libqpipe.a, the CLI and the unit tests
make                # runs the Makefile
python3             # runs the test runner, tests/run.py
clang               # compiles the libFuzzer target tests/fuzz/fuzz_parse.c
libclang-rt-14-dev  # libFuzzer and the sanitizer runtimes (ASan, UBSan, LSan) for clang
pkg-config          # finds the flags of the libraries added later
git                 # the repository itself; the version shown by builds
lua5.4              # bench/ only: the Lua 5.4 interpreter that bench/run.sh times qpipe against
libpng-dev          # io/: PNG images, 8 and 16 bits
libtiff-dev         # io/: TIFF images, integer and float
libjpeg-dev         # io/: JPEG images (libjpeg-turbo)
libavformat-dev     # io/: video containers (FFmpeg): demux and mux
libavcodec-dev      # io/: video codecs (FFmpeg): decode and encode
libavutil-dev       # io/: FFmpeg frames, options, pixel formats
libswscale-dev      # io/: conversion of decoded frames to packed RGB
libswresample-dev   # io/: audio resampled when it is re-encoded for a container (AAC into WebM)
libavdevice-dev     # io/: webcams (cam:0) through V4L2
ffmpeg              # tests and samples: makes sample media, ffprobe checks outputs
libfftw3-dev        # runtime/: fft1/fft2/fft3/fftn on the CPU (float and double, threaded plans)
libopenblas-dev     # runtime/: matrix products and blas_* through OpenBLAS (CBLAS)
liblapacke-dev      # runtime/: inv, svd, symeig, chol, qr, solve ... through LAPACKE
libcairo2-dev       # runtime/: plot/imshow figures written as PNG by `qpipe exec --figures DIR`
python3-opencv      # tests/e2e/e2e_presets.py and bench/presets.sh: OpenCV (and NumPy) references for the presets
libsdl2-dev         # display/: the imshow window and the qpipe preview player (SDL2)
libsdl2-ttf-dev     # display/: text in the window (overlay, status, errors) through FreeType
libgl-dev           # display/: OpenGL 3.3 core (the texture the frames are drawn with)
libgl1-mesa-dri     # display/: llvmpipe of Mesa, OpenGL without a GPU (tests under Xvfb)
fonts-dejavu-core   # display/: the font of the text in the window (DejaVuSans.ttf)
xvfb                # tests: a virtual X server the window tests start themselves
xdotool             # tests: keys and clicks sent to the preview window
x11-apps            # tests: xwd, screenshots of the window checked by pixel value
libsqlite3-dev      # qpipe/: the journal of `qpipe watch` (OUT/.qpipe-watch.db, WAL mode)
slurm-wlm           # tests/slurm/: slurmctld, slurmd and sbatch/squeue/scontrol for the single-node Slurm that tests qpipe slurm
munge               # tests/slurm/: munged, the authentication that the Slurm daemons and clients need (a private key and socket)
'

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "deps.sh: not a Debian system; install these yourself:" \
        $(printf '%s\n' "$PACKAGES" | sed 's/#.*//') >&2
    exit 0
fi

missing=
for pkg in $(printf '%s\n' "$PACKAGES" | sed 's/#.*//'); do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || missing="$missing $pkg"
done
[ -n "$missing" ] || exit 0

sudo=
if [ "$(id -u)" -ne 0 ]; then
    sudo=sudo
fi

# apt-get's own output goes to a log, shown only when something fails.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
apt() {
    if ! $sudo env DEBIAN_FRONTEND=noninteractive apt-get "$@" >"$log" 2>&1; then
        cat "$log" >&2
        echo "deps.sh: apt-get $* failed" >&2
        exit 1
    fi
}

for pkg in $missing; do
    echo "deps.sh: installing $pkg"
done
apt update -q
apt install -y -q --no-install-recommends $missing
