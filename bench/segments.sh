#!/bin/sh
# bench/segments.sh - a 60 s 1080p video through one `qpipe run` against the same video as
# 2 segments (`qpipe run --segment i/2`) run at the same time plus `qpipe assemble`, on this
# machine: what `qpipe slurm --tasks 2` does on one node (issue 12). Run by hand, never in CI.
#
#   sh bench/segments.sh          # ROUNDS=N rounds (default 2), FILTER=preset (default invert)
#
# Media (made once into build/bench/media/): seg1080.mp4, testsrc2 1920x1080, 25 fps, 60 s,
# H.264 (ultrafast, a key frame every 50 frames), AAC audio. Both ways write FFV1 (lossless,
# so the results are compared by framemd5: they must be identical) into Matroska. Each round
# runs the single run, then the two segments concurrently and the assembly, and prints
# wall seconds and CPU seconds (user+sys, /usr/bin/time) of each step; the summary is the
# median over rounds and the ratio segmented / single of wall time. The machine may be
# shared: compare the two within a round, not across runs.
set -e
ROOT=$(cd "$(dirname "$0")/.." && pwd)
QPIPE=${QPIPE:-$ROOT/build/qpipe}
MEDIA=${MEDIA_DIR:-$ROOT/build/bench/media}
FILTER=${FILTER:-invert}
ROUNDS=${ROUNDS:-2}
mkdir -p "$MEDIA"
[ -x "$QPIPE" ] || make -C "$ROOT" -j2 >/dev/null
if [ ! -f "$MEDIA/seg1080.mp4" ]; then
    ffmpeg -nostdin -v error -y -f lavfi -i testsrc2=size=1920x1080:rate=25:duration=60 \
        -f lavfi -i sine=frequency=440:duration=60 -c:v libx264 -preset ultrafast -g 50 \
        -keyint_min 50 -pix_fmt yuv420p -c:a aac -shortest "$MEDIA/seg1080.tmp.mp4"
    mv "$MEDIA/seg1080.tmp.mp4" "$MEDIA/seg1080.mp4"
fi
IN=$MEDIA/seg1080.mp4
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
T="/usr/bin/time -f %e,%U,%S -a -o"
"$QPIPE" run "$FILTER" "$IN" "$OUT/warm.mkv" --frames 2 -q --codec ffv1     # kernel cache warm
for r in $(seq "$ROUNDS"); do
    rm -f "$OUT"/*.mkv "$OUT"/*.nut "$OUT"/t.*
    $T "$OUT/t.single" "$QPIPE" run "$FILTER" "$IN" "$OUT/single.mkv" -q --codec ffv1
    t0=$(date +%s.%N)
    $T "$OUT/t.seg0" "$QPIPE" run "$FILTER" "$IN" "$OUT/p0.nut" --segment 0/2 -q --codec ffv1 &
    $T "$OUT/t.seg1" "$QPIPE" run "$FILTER" "$IN" "$OUT/p1.nut" --segment 1/2 -q --codec ffv1 &
    wait
    $T "$OUT/t.asm" "$QPIPE" assemble "$IN" "$OUT/seg.mkv" "$OUT/p0.nut" "$OUT/p1.nut" -q
    t1=$(date +%s.%N)
    a=$(ffmpeg -nostdin -v error -i "$OUT/single.mkv" -map 0:v -f framemd5 - | md5sum | cut -c1-12)
    b=$(ffmpeg -nostdin -v error -i "$OUT/seg.mkv" -map 0:v -f framemd5 - | md5sum | cut -c1-12)
    same=$([ "$a" = "$b" ] && echo identical || echo DIFFERENT)
    python3 - "$OUT" "$t0" "$t1" "$r" "$same" <<'PY'
import sys
d, t0, t1, r, same = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
def rd(n):
    e, u, s = open("%s/t.%s" % (d, n)).read().strip().splitlines()[-1].split(",")
    return float(e), float(u) + float(s)
s = rd("single"); p0 = rd("seg0"); p1 = rd("seg1"); a = rd("asm")
wall = t1 - t0
print("round %s: single %.1f s wall (%.1f CPU s); 2 segments + assembly %.1f s wall "
      "(segments %.1f + %.1f CPU s, assembly %.1f s wall, %.1f CPU s); ratio %.2f; framemd5 %s"
      % (r, s[0], s[1], wall, p0[1], p1[1], a[0], a[1], wall / s[0], same))
with open(d + "/summary", "a") as f:
    f.write("%f %f\n" % (s[0], wall))
PY
done
python3 - "$OUT/summary" <<'PY'
import statistics, sys
rows = [tuple(map(float, l.split())) for l in open(sys.argv[1])]
s = statistics.median(r[0] for r in rows); w = statistics.median(r[1] for r in rows)
print("median of %d rounds: single %.1f s, 2 segments + assembly %.1f s, ratio %.2f" % (len(rows), s, w, w / s))
PY
