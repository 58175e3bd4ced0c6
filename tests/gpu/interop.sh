#!/bin/sh
# tests/gpu/interop.sh - the display's CUDA–GL interop on a GPU machine (docs/preview.md
# "CUDA–GL interop"; run by tests/gpu/run.sh, or by hand: sh tests/gpu/interop.sh).
#
# Needs an X display served by the NVIDIA driver (DISPLAY set; xwd and xdotool installed).
# Two windows of a program whose images are written by kernels (so their valid copies are
# on the device): an RGB float image with the default range [0, 255] and a gray matrix
# with a range, both with values past the range and between integers. Shown with `--engine
# cuda` the frames must go device to device (-v says so) and each window's pixels (xwd)
# must equal those of the same program under `--engine cpu` (convert.c on the host). Then
# `qpipe preview` of a kernel filter under `--engine cuda -v` must say the same and download
# nothing (QPIPE_CUDA_STATS: 0 downloads; the filter's outputs never leave the device). One line
# `ok gpu display interop: ...`, `ok gpu display interop skipped: REASON` (no display, a
# GL that is not NVIDIA's: the host path, which tests/e2e/e2e_window.py covers) or
# `not ok gpu display interop: REASON`; exit status 1 on failure.
QPIPE=${QPIPE:-build/qpipe}
say() { echo "$1 gpu display interop$2"; }
if [ -z "$DISPLAY" ] || ! command -v xwd >/dev/null 2>&1 || ! command -v xdotool >/dev/null 2>&1; then
    say ok " skipped: no X display (DISPLAY unset, or xwd/xdotool missing)"
    exit 0
fi
work=$(mktemp -d /tmp/qpipe-interop.XXXXXX) || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
cat >"$work/show.q" <<'Q'
function [] = __kernel__ colours(y : cube'nocopy, pos : ivec3)
    y[pos] = (pos[0] * 7 + pos[1] * 3 + pos[2] * 50) * 0.37 - 20.5
endfunction
function [] = __kernel__ ramp(y : mat'nocopy, pos : ivec2)
    y[pos] = pos[1] * 2.25 - pos[0] * 0.5 - 40
endfunction
y = uninit(120, 160, 3)
parallel_do(size(y), y, colours)
g = uninit(90, 200)
parallel_do(size(g), g, ramp)
figure(1)
imshow(y)
title("qpipe_interop_rgb")
figure(2)
imshow(g, [-50, 300])
title("qpipe_interop_gray")
Q
# window id of the visible window titled $1 (up to 60 s)
find_win() {
    i=0
    while [ $i -lt 600 ]; do
        id=$(xdotool search --onlyvisible --name "^$1\$" 2>/dev/null | head -1)
        [ -n "$id" ] && { echo "$id"; return 0; }
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}
for e in cpu cuda; do
    XDG_CACHE_HOME="$work/cache" "$QPIPE" exec -v --engine $e "$work/show.q" >"$work/$e.log" 2>&1 &
    pid=$!
    for t in rgb gray; do
        id=$(find_win qpipe_interop_$t) || { kill $pid; say "not ok" ": no window qpipe_interop_$t on $e: $(tail -c 300 "$work/$e.log" | tr '\n' ' ')"; exit 1; }
        sleep 0.5
        xwd -silent -id "$id" >"$work/$e-$t.xwd" || { kill $pid; say "not ok" ": xwd failed"; exit 1; }
        xdotool windowfocus --sync "$id" 2>/dev/null; xdotool key q
    done
    wait $pid
done
if grep -q "frames go through the host: the OpenGL driver is not NVIDIA's" "$work/cuda.log"; then
    say ok " skipped: $(grep -m1 'frames go through the host' "$work/cuda.log" | sed 's/.*host: //')"
    exit 0
fi
if ! grep -q "frames are copied device to device" "$work/cuda.log" || grep -q "frames go through the host" "$work/cuda.log"; then
    say "not ok" ": --engine cuda did not show the frames from the device: $(grep 'qpipe: display' "$work/cuda.log" | tr '\n' ' ')"
    exit 1
fi
# the pixels of two xwd dumps (after the header and colour map, which carry the window's
# position) are the same, and so is the size
same_pixels() {
    python3 - "$1" "$2" <<'PY'
import struct, sys
def pixels(path):
    d = open(path, "rb").read()
    h = struct.unpack(">25I", d[:100])
    return h[4], h[5], d[h[0] + h[19] * 12:]
sys.exit(0 if pixels(sys.argv[1]) == pixels(sys.argv[2]) else 1)
PY
}
for t in rgb gray; do
    if ! same_pixels "$work/cpu-$t.xwd" "$work/cuda-$t.xwd"; then
        say "not ok" ": the $t window differs between --engine cuda (interop) and --engine cpu (host)"
        exit 1
    fi
done
# the preview: the filter's output (on the device) shown from there
ffmpeg -v error -f lavfi -i testsrc2=size=320x240:rate=25 -frames:v 10 -pix_fmt yuv444p -c:v libx264 -qp 0 \
    "$work/clip.mkv" || exit 2
QPIPE_CUDA_STATS=1 XDG_CACHE_HOME="$work/cache" timeout 120 "$QPIPE" preview tests/gpu/chain3.q "$work/clip.mkv" \
    --engine cuda -v --no-pace --exit-at-end >"$work/preview.log" 2>&1
rc=$?
if [ $rc -ne 0 ] || ! grep -q "frames are copied device to device" "$work/preview.log"; then
    say "not ok" ": qpipe preview --engine cuda (exit $rc): $(grep 'qpipe: display\|error' "$work/preview.log" | head -3 | tr '\n' ' ')"
    exit 1
fi
# the filter's outputs are drawn from the device: nothing comes back to the host
stats=$(grep 'cuda transfers' "$work/preview.log")
if [ "$(echo "$stats" | sed -n 's/.*), \([0-9]*\) downloads.*/\1/p')" != 0 ]; then
    say "not ok" ": qpipe preview --engine cuda downloaded frames: '$stats' (want 0 downloads)"
    exit 1
fi
say ok ": 2 windows from the device equal to the CPU engine's; preview device to device, 0 downloads"
