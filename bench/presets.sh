#!/bin/sh
# bench/presets.sh - the image presets (issue 13) against their peers, in one run.
#
#   sh bench/presets.sh          (from anywhere; ROUNDS=N, REPS=N, THREADS=N to change)
#
# The image: frame 0 of FFmpeg's testsrc2 at 1920x1080 (shapes, gradients, text), as PNG.
# bench/presets.q times the presets' functions in qpipe (float32 frames, as filters see
# them; bench/presets_color.q and presets_lut3d.q time color.q (four sets of parameters: the
# full grade, then like for like with eq, colorchannelmixer and colorbalance) and lut3d.q
# with a 33^3 table)
# and measures the resize quality (PSNR after 0.5x down and 2x up with one method; then the
# aliasing and passband of 0.5x on a zone plate, for qpipe, OpenCV and swscale);
# bench/presets_peers.py times OpenCV (uint8, its fast path, and float32) and FFmpeg (cas,
# swscale) and measures their down-up PSNR. The two run ROUNDS times (3) alternately, on
# THREADS threads (2); the figure is the median over rounds of each side's median of REPS
# (7). One line per operation: qpipe ms, peer ms, qpipe / peer (below 1: qpipe is faster);
# then the PSNR lines (higher is better; bench/resize_quality.py adds natural images).
#
# Variables: QPIPE (build/qpipe; when unset, `make` runs first), PYTHON (/usr/bin/python3,
# where Debian's python3-opencv installs). Exit status 0 when both sides ran.

set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
ROUNDS=${ROUNDS:-3}
REPS=${REPS:-7}
THREADS=${THREADS:-2}
PYTHON=${PYTHON:-/usr/bin/python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -z "${QPIPE:-}" ]; then
    QPIPE=$root/build/qpipe
    make -C "$root" --no-print-directory >"$tmp/make.log" 2>&1 || { tail -n 20 "$tmp/make.log"; exit 1; }
fi
img=$tmp/in1080.png
ffmpeg -nostdin -loglevel error -y -f lavfi -i "testsrc2=size=1920x1080:rate=25" -frames:v 1 \
    -pix_fmt rgb24 "$img" || { echo "ffmpeg failed"; exit 1; }

# a 33^3 .cube table (a warm look), red fastest, as grading tools write it
cube=$tmp/look.cube
"$PYTHON" - "$cube" <<'PY' || { echo "cannot write the .cube table"; exit 1; }
import sys
n = 33
with open(sys.argv[1], "w") as f:
    f.write("LUT_3D_SIZE %d\n" % n)
    for b in range(n):
        for g in range(n):
            for r in range(n):
                R, G, B = r / (n - 1), g / (n - 1), b / (n - 1)
                f.write("%.6f %.6f %.6f\n" % (min(1.0, (0.9 * R + 0.1 * G) ** 0.8 * 1.05),
                                              (0.1 * R + 0.8 * G + 0.1 * B) ** 1.1, 0.6 * B + 0.2 * G * R))
PY

median() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1
        if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "bench/presets.sh: $(nproc) cores, $THREADS threads, $ROUNDS rounds of $REPS reps, 1080x1920x3"
r=1
while [ "$r" -le "$ROUNDS" ]; do
    "$QPIPE" exec --threads "$THREADS" "$here/presets.q" "$img" "$REPS" >>"$tmp/q.out" 2>"$tmp/q.err" ||
        { echo "qpipe failed:"; cat "$tmp/q.err"; exit 1; }
    "$QPIPE" exec --threads "$THREADS" "$here/presets_color.q" "$img" "$REPS" >>"$tmp/q.out" 2>"$tmp/q.err" ||
        { echo "qpipe failed:"; cat "$tmp/q.err"; exit 1; }
    "$QPIPE" exec --threads "$THREADS" "$here/presets_deband.q" "$img" "$REPS" >>"$tmp/q.out" 2>"$tmp/q.err" ||
        { echo "qpipe failed:"; cat "$tmp/q.err"; exit 1; }
    "$QPIPE" exec --threads "$THREADS" "$here/presets_fft.q" "$img" "$REPS" >>"$tmp/q.out" 2>"$tmp/q.err" ||
        { echo "qpipe failed:"; cat "$tmp/q.err"; exit 1; }
    "$QPIPE" exec --threads "$THREADS" "$here/presets_lut3d.q" "$img" "$cube" "$REPS" >>"$tmp/q.out" 2>"$tmp/q.err" ||
        { echo "qpipe failed:"; cat "$tmp/q.err"; exit 1; }
    "$PYTHON" "$here/presets_peers.py" "$img" "$REPS" "$THREADS" "$cube" >>"$tmp/p.out" 2>"$tmp/p.err"
    rc=$?
    [ $rc -eq 3 ] && { cat "$tmp/p.out"; exit 1; }
    [ $rc -ne 0 ] && { echo "peers failed:"; cat "$tmp/p.err"; exit 1; }
    r=$((r + 1))
done
head -n 1 "$tmp/p.out"

# val FILE KEY: the median over rounds of "KEY value" lines
val() {
    grep "^$1: $2 " "$3" | awk '{ print $3 }' | median
}
# row NAME QKEY PEER PKEY
row() {
    q=$(val presets "$2" "$tmp/q.out")
    p=$(val presets_peers "$4" "$tmp/p.out")
    awk -v n="$1" -v q="$q" -v p="$p" -v peer="$3" 'BEGIN {
        printf "%-16s qpipe %8.2f ms  %-22s %8.2f ms  qpipe/peer %6.2f\n", n, q, peer, p, q / p }'
}
row unsharp unsharp_ms "OpenCV uint8" unsharp_ms
row unsharp unsharp_ms "OpenCV float32" unsharp_f32_ms
row unsharp unsharp_ms "FFmpeg unsharp 11x11" unsharp_ffmpeg_ms
row cas cas_ms "FFmpeg cas" cas_ffmpeg_ms
row median3 median3_ms "OpenCV uint8" median3_ms
row median3 median3_ms "OpenCV float32" median3_f32_ms
row median5 median5_ms "OpenCV uint8" median5_ms
row median5 median5_ms "OpenCV float32" median5_f32_ms
row open3 open3_ms "OpenCV uint8" open3_ms
row open3 open3_ms "OpenCV float32" open3_f32_ms
row color color_ms "FFmpeg eq" color_eq_ms
row color color_ms "FFmpeg colorchannelmixer" color_mixer_ms
row color_eq color_eq_ms "FFmpeg eq" color_eq_ms
row color_mixer color_mixer_ms "FFmpeg colorchannelmixer" color_mixer_ms
row color_balance color_balance_ms "FFmpeg colorbalance" color_balance_ms
row deband deband_ms "FFmpeg deband" deband_ms
row fft_lowpass fft_ms "NumPy fft2/ifft2 f32" fft_numpy_ms
row lut3d lut3d_ms "FFmpeg lut3d trilinear" lut3d_trilinear_ms
row lut3d lut3d_ms "FFmpeg lut3d tetrahedral" lut3d_tetrahedral_ms
row down_bilinear down_bilinear_ms "OpenCV AREA uint8" down_area_ms
row down_bilinear down_bilinear_ms "OpenCV AREA float32" down_area_f32_ms
row down_bilinear down_bilinear_ms "swscale bilinear" down_bilinear_swscale_ms
row down_bicubic down_bicubic_ms "OpenCV CUBIC uint8" down_bicubic_ms
row down_bicubic down_bicubic_ms "OpenCV CUBIC float32" down_bicubic_f32_ms
row down_bicubic down_bicubic_ms "swscale bicubic" down_bicubic_swscale_ms
row down_lanczos down_lanczos_ms "OpenCV LANCZOS4 uint8" down_lanczos_ms
row down_lanczos down_lanczos_ms "OpenCV LANCZOS4 f32" down_lanczos_f32_ms
row down_lanczos down_lanczos_ms "swscale lanczos" down_lanczos_swscale_ms
row up2_bicubic up_bicubic_ms "OpenCV CUBIC uint8" up_bicubic_ms
row up2_bicubic up_bicubic_ms "OpenCV CUBIC float32" up_bicubic_f32_ms
row up2_bicubic up_bicubic_ms "swscale bicubic" up_bicubic_swscale_ms
for m in bilinear bicubic lanczos; do
    q=$(val presets "psnr_$m" "$tmp/q.out")
    o=$(val presets_peers "psnr_opencv_$m" "$tmp/p.out")
    s=$(val presets_peers "psnr_swscale_$m" "$tmp/p.out")
    sr=$(val presets_peers "psnr_swscale_rgb_$m" "$tmp/p.out")
    awk -v m="$m" -v q="$q" -v o="$o" -v s="$s" -v sr="$sr" 'BEGIN {
        printf "psnr down-up %-8s qpipe %6.2f dB  OpenCV %6.2f dB  swscale %6.2f dB  swscale full-chroma RGB %6.2f dB\n", m, q, o, s, sr }'
done
echo "psnr down-up area     OpenCV INTER_AREA down, INTER_LINEAR up: $(val presets_peers psnr_opencv_area "$tmp/p.out") dB"

# aliasing of 0.5x: a zone plate (grey, 127.5 + 100 cos(pi r^2 / 2R), R = 1080: the local
# frequency r / 2R cycles/pixel, 0.5 at r = R) shrunk by each method to 960x540 (8-bit
# files). Where the input's frequency lies above the output's Nyquist (0.25; r from 0.6 R to
# 0.95 R) a correct shrink leaves flat grey: the RMS of output - 127.5 there is the aliasing
# (lower is better). Below 0.35 R (0.7 of the output's Nyquist) the output should be the
# zone plate itself: PSNR against it, the passband (higher is better; antialiasing softens
# the top of the passband, no antialiasing keeps it and aliases).
"$PYTHON" - "$tmp" <<'PY' || { echo "cannot write the zone plate"; exit 1; }
import sys, numpy as np, cv2
H, W, R = 1080, 1920, 1080.0
yy, xx = np.mgrid[0:H, 0:W]
z = 127.5 + 100 * np.cos(np.pi * ((yy - (H - 1) / 2) ** 2 + (xx - (W - 1) / 2) ** 2) / (2 * R))
cv2.imwrite(sys.argv[1] + "/zone.png", np.repeat(np.round(z).astype(np.uint8)[:, :, None], 3, 2))
PY
for m in bilinear bicubic lanczos; do
    "$QPIPE" run "$root/presets/resize.q" "$tmp/zone.png" "$tmp/zone_q_$m.png" --set scale=0.5 --set method=$m \
        -y -q >/dev/null 2>&1 || { echo "qpipe resize.q failed on the zone plate"; exit 1; }
    ffmpeg -nostdin -loglevel error -y -i "$tmp/zone.png" -vf "scale=960:540:flags=$m" -pix_fmt rgb24 \
        "$tmp/zone_s_$m.png" || { echo "ffmpeg failed on the zone plate"; exit 1; }
done
"$PYTHON" - "$tmp" <<'PY'
import sys, numpy as np, cv2
d = sys.argv[1]
H, W, R = 1080, 1920, 1080.0
oy, ox = np.mgrid[0:H // 2, 0:W // 2]
r = np.sqrt((2 * oy + 0.5 - (H - 1) / 2) ** 2 + (2 * ox + 0.5 - (W - 1) / 2) ** 2)
stop, passband = (r > 0.6 * R) & (r < 0.95 * R), r < 0.35 * R
ideal = 127.5 + 100 * np.cos(np.pi * r ** 2 / (2 * R))
x = cv2.imread(d + "/zone.png")
def metric(img):
    g = img.astype(np.float64).mean(axis=2)
    e = g[passband] - ideal[passband]
    return "alias %6.2f passband %5.2f dB" % (np.sqrt(np.mean((g[stop] - 127.5) ** 2)), 10 * np.log10(255.0 ** 2 / np.mean(e * e)))
for m, cvm in (("bilinear", cv2.INTER_LINEAR), ("bicubic", cv2.INTER_CUBIC), ("lanczos", cv2.INTER_LANCZOS4)):
    print("zone plate 0.5x %-8s qpipe %s  OpenCV %s  swscale %s" % (m, metric(cv2.imread(d + "/zone_q_%s.png" % m)),
          metric(cv2.resize(x, (W // 2, H // 2), interpolation=cvm)), metric(cv2.imread(d + "/zone_s_%s.png" % m))))
print("zone plate 0.5x area     OpenCV %s" % metric(cv2.resize(x, (W // 2, H // 2), interpolation=cv2.INTER_AREA)))
PY

# deband quality: a 1080p gradient banded in 6-level steps, against the smooth gradient
"$PYTHON" - "$tmp" <<'PY' || { echo "cannot write the banded image"; exit 1; }
import sys, numpy as np, cv2
h, w = 1080, 1920
yy, xx = np.mgrid[0:h, 0:w]
truth = np.stack([40 + 60 * xx / w + 20 * yy / h, 80 + 40 * xx / w, 120 + 30 * yy / h], 2)
np.save(sys.argv[1] + "/truth.npy", truth)
cv2.imwrite(sys.argv[1] + "/banded.png", (np.floor(truth / 6) * 6 + 3).astype(np.uint8)[:, :, ::-1])
PY
"$QPIPE" run "$root/presets/deband.q" "$tmp/banded.png" "$tmp/deband_q.png" --set threshold=8 >/dev/null 2>&1 &&
ffmpeg -nostdin -loglevel error -y -i "$tmp/banded.png" \
    -vf "format=gbrp,deband=1thr=0.0314:2thr=0.0314:3thr=0.0314:range=16,format=rgb24" "$tmp/deband_f.png" &&
"$PYTHON" - "$tmp" <<'PY'
import sys, numpy as np, cv2
t = np.load(sys.argv[1] + "/truth.npy")
def psnr(f):
    e = cv2.imread(sys.argv[1] + "/" + f)[:, :, ::-1].astype(float) - t
    return 10 * np.log10(255.0 ** 2 / np.mean(e * e))
print("psnr deband (6-level bands, threshold 8 levels, range 16): banded %.2f dB  qpipe %.2f dB  FFmpeg deband %.2f dB"
      % (psnr("banded.png"), psnr("deband_q.png"), psnr("deband_f.png")))
PY
