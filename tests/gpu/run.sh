#!/bin/sh
# tests/gpu/run.sh - the CUDA engine on a machine with a GPU (docs/cuda.md, docs/testing.md).
#
#     sh tests/gpu/run.sh [FILE.q|FOLDER]...      (default: tests/gpu and the golden kernels)
#
# Every golden .q runs twice, `--engine cpu` and `--engine cuda`, each in a fresh kernel
# cache; stdout and the exit status must be identical. One `ok gpu NAME` / `not ok gpu
# NAME: REASON` line per program (the unit-test format of tests/run.py). Without a device
# (nvidia-smi absent or silent) it prints `ok gpu skipped: no GPU` and exits 0; a device
# that qpipe cannot use (`--engine cuda` exits 69) is a failure.
# Then, with the default arguments: the transfers of a 3-kernel filter over a 100-frame
# clip (QPIPE_CUDA_STATS: one upload and one download per frame, nothing else; the frames
# page-locked, from a few cuMemHostAlloc calls; and the
# same frames as the CPU engine), and presets/denoise.q over a 1080p clip on both engines
# (PSNR between them at least 50 dB: float rounding of exp/sqrt differs, the output is 8-bit).
# Results that differ only in the last digits of exp/sin/... (CUDA's libm rounds
# differently) are failures here too: look at the diff before allowing a tolerance.
# A program may state one, `% gpu tolerance: T` (its reason beside it): then the outputs
# must have the same text but for numbers, each pair within T (absolute). Textures read
# with linear filtering have one (docs/cuda.md: the hardware's weights are 1/256 steps).
# Launches return before their kernels ran (docs/cuda.md "Streams"): tests/gpu/errors/ has
# kernels that fail on the device, whose error (read at the next sync point) must be the
# CPU's word for word, stderr included; texture_cache.q must make its texture object once;
# chain3.q over a 1080p clip must issue its launches without waiting and its downloads
# while the next frame's kernels run (QPIPE_CUDA_STATS).
# A kernel that the CUDA engine hands to the CPU (its warning "runs on the CPU") fails too:
# the cases of tests/kernels/cuda/ (native syncthreads blocks with __shared__ memory,
# 'hwconst in __constant__ memory and past it, 'hwtex_const through __ldg) and
# tests/kernels/textures/ must run on the device; so must the kernels with grid barriers
# (tests/kernels/cuda/grid_scan_native.q: a cooperative launch of native blocks;
# tests/gpu/grid_tiled.q: a grid larger than the device holds, run tiled).
# Last, tests/gpu/interop.sh: imshow and preview frames shown from the device through
# CUDA-GL interop, pixels equal to the CPU engine's (needs an X display on the NVIDIA driver).
QPIPE=${QPIPE:-build/qpipe}
if ! nvidia-smi -L >/dev/null 2>&1; then
    echo "ok gpu skipped: no GPU"
    exit 0
fi
defaults=0
[ $# -gt 0 ] || { defaults=1; set -- tests/gpu tests/kernels/cuda tests/kernels/shared tests/kernels/textures tests/kernels tests/lang; }
work=$(mktemp -d /tmp/qpipe-gpu.XXXXXX) || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
probe=$(printf 'x = zeros(4)\nprint x\n' > "$work/p.q"; "$QPIPE" exec --engine cuda "$work/p.q" 2>&1 >/dev/null)
if [ $? -eq 69 ]; then
    echo "not ok gpu device: $probe"
    exit 1
fi
# The outputs differ: are they within the program's stated tolerance?
within() {
    tol=$(sed -n 's/^% gpu tolerance: *\([0-9.eE+-]*\).*/\1/p' "$1" | head -1)
    [ -n "$tol" ] || return 1
    python3 - "$tol" "$work/cpu.out" "$work/cuda.out" <<'PY'
import re, sys
tol = float(sys.argv[1])
num = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|-?inf|nan")
a, b = (open(f).read() for f in sys.argv[2:4])
if num.sub("#", a) != num.sub("#", b):
    sys.exit(1)
pairs = zip(num.findall(a), num.findall(b))
sys.exit(0 if all(x == y or abs(float(x) - float(y)) <= tol for x, y in pairs) else 1)
PY
}
failed=0
for q in $(for d in "$@"; do find "$d" -name '*.q' | sort; done | awk '!seen[$0]++'); do
    for e in cpu cuda; do
        XDG_CACHE_HOME="$work/cache-$e" timeout 120 "$QPIPE" exec --engine $e "$q" \
            >"$work/$e.out" 2>"$work/$e.err" </dev/null
        echo $? >"$work/$e.rc"
    done
    if ! cmp -s "$work/cpu.rc" "$work/cuda.rc"; then
        echo "not ok gpu $q: exit $(cat "$work/cuda.rc") on cuda, $(cat "$work/cpu.rc") on cpu: $(tail -c 300 "$work/cuda.err" | tr '\n' ' ')"
        failed=$((failed + 1))
    elif grep -q "runs on the CPU" "$work/cuda.err"; then
        echo "not ok gpu $q: fell back to the CPU: $(grep -m1 "runs on the CPU" "$work/cuda.err" | cut -c1-300)"
        failed=$((failed + 1))
    elif ! cmp -s "$work/cpu.out" "$work/cuda.out" && ! within "$q"; then
        echo "not ok gpu $q: output differs: $(diff "$work/cpu.out" "$work/cuda.out" | head -4 | tr '\n' ' ')"
        failed=$((failed + 1))
    else
        echo "ok gpu $q"
    fi
done
if [ $defaults -eq 1 ]; then
    # the transfers of a filter over 100 frames
    ffmpeg -v error -f lavfi -i testsrc2=size=320x240:rate=25 -frames:v 100 -pix_fmt yuv444p -c:v libx264 -qp 0 \
        "$work/clip100.mkv" || exit 2
    for e in cpu cuda; do
        QPIPE_CUDA_STATS=1 "$QPIPE" run tests/gpu/chain3.q "$work/clip100.mkv" "$work/c3-$e.mkv" --engine $e \
            --codec ffv1 >/dev/null 2>"$work/c3-$e.err"
        echo $? >"$work/c3-$e.rc"
        ffmpeg -v error -i "$work/c3-$e.mkv" -f framemd5 -pix_fmt rgb24 - 2>/dev/null | grep -v '^#' >"$work/c3-$e.md5"
    done
    stats=$(grep 'cuda transfers' "$work/c3-cuda.err")
    up=$(echo "$stats" | sed -n 's/.*: \([0-9]*\) uploads.*/\1/p')
    down=$(echo "$stats" | sed -n 's/.*), \([0-9]*\) downloads.*/\1/p')
    if [ "$(cat "$work/c3-cuda.rc")" != 0 ] || [ "$up" != 100 ] || [ "$down" != 100 ]; then
        echo "not ok gpu transfers: 100 frames through 3 kernels: '$stats' (want 100 uploads, 100 downloads), exit $(cat "$work/c3-cuda.rc"): $(tail -c 300 "$work/c3-cuda.err" | tr '\n' ' ')"
        failed=$((failed + 1))
    elif [ "$(wc -l <"$work/c3-cuda.md5")" != 100 ] || ! cmp -s "$work/c3-cpu.md5" "$work/c3-cuda.md5"; then
        echo "not ok gpu transfers: the CUDA frames differ from the CPU's"
        failed=$((failed + 1))
    else
        echo "ok gpu transfers: 100 frames, $up uploads, $down downloads, frames as on the CPU"
    fi
    # the decoded frames in page-locked memory: every frame pinned (allocated or reused from
    # the pinned pool), only a few cuMemHostAlloc calls, none failed
    pin=$(grep 'cuda pinned frames' "$work/c3-cuda.err")
    pa=$(echo "$pin" | sed -n 's/.*: \([0-9]*\) allocated.*/\1/p')
    pr=$(echo "$pin" | sed -n 's/.*), \([0-9]*\) reused.*/\1/p')
    pf=$(echo "$pin" | sed -n 's/.*, \([0-9]*\) failed.*/\1/p')
    if [ -z "$pa" ] || [ $((pa + pr)) -lt 100 ] || [ "$pa" -gt 16 ] || [ "$pf" != 0 ]; then
        echo "not ok gpu pinned frames: '$pin' (want >= 100 frames pinned, at most 16 cuMemHostAlloc, 0 failed)"
        failed=$((failed + 1))
    else
        echo "ok gpu pinned frames: $pa allocated, $pr reused, 0 failed"
    fi
    # a kernel's failure on the device: the CPU's error, word for word, nothing printed after
    for q in tests/gpu/errors/*.q; do
        for e in cpu cuda; do
            XDG_CACHE_HOME="$work/cache-$e" timeout 120 "$QPIPE" exec --engine $e "$q" \
                >"$work/e-$e.out" 2>"$work/e-$e.err" </dev/null
            echo $? >"$work/e-$e.rc"
        done
        if [ "$(cat "$work/e-cuda.rc")" != 65 ] || ! cmp -s "$work/e-cpu.rc" "$work/e-cuda.rc" ||
            ! cmp -s "$work/e-cpu.out" "$work/e-cuda.out" || ! cmp -s "$work/e-cpu.err" "$work/e-cuda.err"; then
            echo "not ok gpu error $q: exit $(cat "$work/e-cuda.rc"), stdout/stderr differ from the CPU's: $(diff "$work/e-cpu.err" "$work/e-cuda.err" | head -4 | tr '\n' ' ') $(diff "$work/e-cpu.out" "$work/e-cuda.out" | head -2 | tr '\n' ' ')"
            failed=$((failed + 1))
        else
            echo "ok gpu error $q: the CPU's message"
        fi
    done
    # the texture object of an unchanged buffer reused: 1 made, 18 reused, 1 refilled after the host write
    XDG_CACHE_HOME="$work/cache-cuda" QPIPE_CUDA_STATS=1 "$QPIPE" exec --engine cuda tests/gpu/texture_cache.q \
        >"$work/tc.out" 2>"$work/tc.err" </dev/null
    tex=$(grep 'cuda textures' "$work/tc.err")
    if [ "$tex" != "qpipe: cuda textures: 1 made, 18 reused, 1 refilled" ]; then
        echo "not ok gpu texture cache: '$tex' (want 1 made, 18 reused, 1 refilled)"
        failed=$((failed + 1))
    else
        echo "ok gpu texture cache: $tex"
    fi
    # denoise.q at 1080p on both engines
    ffmpeg -v error -f lavfi -i testsrc2=size=1920x1080:rate=25 -vf noise=alls=20:allf=t -frames:v 10 \
        -pix_fmt yuv444p -c:v libx264 -qp 0 "$work/hd.mkv" || exit 2
    # overlap: 10 frames of 1080p through chain3.q: 30 launches, none waited for, frame t's
    # download issued while frame t+1's kernels run (the pipeline holds one output back)
    XDG_CACHE_HOME="$work/cache-cuda" QPIPE_CUDA_STATS=1 "$QPIPE" run tests/gpu/chain3.q "$work/hd.mkv" \
        "$work/ov.mkv" --engine cuda --codec ffv1 >/dev/null 2>"$work/ov.err"
    ov=$(grep 'cuda launches' "$work/ov.err")
    issued=$(echo "$ov" | sed -n 's/.*launches: \([0-9]*\) issued.*/\1/p')
    waited=$(echo "$ov" | sed -n 's/.*issued, \([0-9]*\) waited.*/\1/p')
    odown=$(echo "$ov" | sed -n 's/.*uploads, \([0-9]*\) downloads.*/\1/p')
    if [ "$issued" != 30 ] || [ "$waited" != 0 ] || [ -z "$odown" ] || [ "$odown" -lt 5 ]; then
        echo "not ok gpu overlap: '$ov' (want 30 issued, 0 waited for, >= 5 of 10 downloads while a launch ran)"
        failed=$((failed + 1))
    else
        echo "ok gpu overlap: $ov"
    fi
    for e in cpu cuda; do
        "$QPIPE" run presets/denoise.q "$work/hd.mkv" "$work/dn-$e.mkv" --engine $e --codec ffv1 \
            >/dev/null 2>"$work/dn-$e.err" || echo "exit $? on $e" >>"$work/dn.fail"
    done
    psnr=$(ffmpeg -v info -i "$work/dn-cpu.mkv" -i "$work/dn-cuda.mkv" -lavfi psnr -f null - 2>&1 |
        sed -n 's/.*average:\([0-9.inf]*\).*/\1/p' | tail -1)
    if [ -s "$work/dn.fail" ] || [ -z "$psnr" ] ||
        { [ "$psnr" != inf ] && [ "$(echo "$psnr < 50" | bc)" = 1 ]; }; then
        echo "not ok gpu denoise 1080p: PSNR cuda vs cpu '$psnr' (want >= 50 dB) $(cat "$work/dn.fail" 2>/dev/null)"
        failed=$((failed + 1))
    else
        echo "ok gpu denoise 1080p: PSNR cuda vs cpu $psnr dB"
    fi
    # the display's CUDA-GL interop (skipped, saying why, without an NVIDIA X display)
    QPIPE="$QPIPE" sh tests/gpu/interop.sh || failed=$((failed + 1))
fi
[ $failed -eq 0 ]
