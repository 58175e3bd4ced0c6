#!/bin/sh
# bench/gpu.sh - the CUDA engine's figures of issue 14, on a machine with a GPU:
#   1. a 5x5 blur of a 1080p RGB float frame (bench/blur.q, --engine cuda) against the
#      device's copy bandwidth measured by bench/gpu_direct.c (goal: >= 70 %): the blur
#      reads and writes the frame once, 2 x 1080 x 1920 x 3 x 4 bytes per launch;
#   2. fft2 of a 1080p complex plane through qpipe (bench/gpu_fft.q) against the same
#      cuFFT plan called directly (goal: <= 1.1x);
#   3. presets/denoise.q frames per second at 1080p, --engine cuda vs --engine cpu.
# Usage: sh bench/gpu.sh [REPS]      (needs nvcc and the toolkit under $CUDA_HOME)
set -e
QPIPE=${QPIPE:-build/qpipe}
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
reps=${1:-21}
work=$(mktemp -d /tmp/qpipe-gpubench.XXXXXX)
trap 'rm -rf "$work"' EXIT INT TERM
"$CUDA_HOME/bin/nvcc" -O2 -o "$work/gpu_direct" bench/gpu_direct.c -lcufft -lcudart
"$work/gpu_direct" "$reps" | tee "$work/direct.txt"
copy=$(sed -n 's/^copy_gbs //p' "$work/direct.txt")
direct=$(sed -n 's/^cufft_fft2 \([0-9.]*\) ms/\1/p' "$work/direct.txt")

"$QPIPE" exec --engine cuda bench/blur.q 1080 "$reps" | tee "$work/blur.txt"
blur=$(sed -n 's/^blur: pass1_ms \([0-9.e+-]*\) .*/\1/p' "$work/blur.txt" | head -1)
if [ -n "$blur" ]; then
    echo "blur 5x5 1-pass: $blur ms = $(echo "scale=1; 2*1080*1920*3*4 / ($blur * 1000000)" | bc) GB/s" \
        "= $(echo "scale=1; 100 * 2*1080*1920*3*4 / ($blur * 1000000) / $copy" | bc) % of the copy bandwidth ($copy GB/s)"
fi

"$QPIPE" exec --engine cuda bench/gpu_fft.q "$reps" | tee "$work/fft.txt"
ours=$(sed -n 's/^qpipe fft2 \([0-9.]*\) ms/\1/p' "$work/fft.txt")
echo "fft2 1080p: qpipe $ours ms, cuFFT direct $direct ms, ratio $(echo "scale=2; $ours / $direct" | bc)"

ffmpeg -v error -f lavfi -i testsrc2=size=1920x1080:rate=25 -vf noise=alls=20:allf=t -frames:v 50 \
    -pix_fmt yuv420p -c:v libx264 -crf 10 "$work/hd.mp4"
for e in cpu cuda; do
    s=$(date +%s.%N)
    "$QPIPE" run presets/denoise.q "$work/hd.mp4" "$work/dn-$e.mp4" --engine $e >/dev/null 2>&1
    t=$(echo "$(date +%s.%N) - $s" | bc)
    echo "denoise.q 1080p --engine $e: $(echo "scale=2; 50 / $t" | bc) fps (50 frames, $t s wall)"
done
