#!/bin/sh
# bench/modules.sh - the standard image modules against OpenCV, in one run.
#
#   sh bench/modules.sh          (from anywhere; ROUNDS=N, REPS=N, THREADS=N to change)
#
# On a 1080 x 1920 x 3 single-precision image: immedfilt(x, 2) against cv2.medianBlur(x, 5)
# (float32 supports ksize 3 and 5), imfilter with a 5 x 5 non-separable mask against
# cv2.filter2D, imresize(x, 2, "bicubic") against cv2.resize(INTER_CUBIC); both on THREADS
# threads (2). bench/modules.q and bench/modules_opencv.py each take the median of REPS
# (11) timed runs after an untimed one (so kernel compilation is not counted); the two run
# ROUNDS times (5) alternately, and the figure reported is the median over the rounds,
# because one run on this shared machine can land on a busy moment (a round's times halve
# or double with the other jobs on the machine). Prints one line per operation: the median
# and the best round of each in ms, and qpipe / OpenCV (below 1: qpipe is faster) three ways:
# ratio of the medians, of the bests, and the median of the per-round ratios (each round runs
# qpipe and then OpenCV, seconds apart).
#
# Variables: QPIPE (build/qpipe; when unset, `make` runs first), PYTHON (/usr/bin/python3,
# where Debian's python3-opencv installs). Exit status 0 when both sides ran.

set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
ROUNDS=${ROUNDS:-5}
REPS=${REPS:-11}
THREADS=${THREADS:-2}
PYTHON=${PYTHON:-/usr/bin/python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -z "${QPIPE:-}" ]; then
    QPIPE=$root/build/qpipe
    make -C "$root" --no-print-directory >"$tmp/make.log" 2>&1 || { tail -n 20 "$tmp/make.log"; exit 1; }
fi

# median: the median of the numbers on stdin, one a line.
median() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1
        if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "bench/modules.sh: $(nproc) cores, $THREADS threads, $ROUNDS rounds of $REPS reps, 1080x1920x3 float32"
r=1
while [ "$r" -le "$ROUNDS" ]; do
    "$QPIPE" exec --threads "$THREADS" "$here/modules.q" "$REPS" >>"$tmp/q.out" 2>"$tmp/q.err" ||
        { echo "qpipe failed:"; cat "$tmp/q.err"; exit 1; }
    "$PYTHON" "$here/modules_opencv.py" "$REPS" "$THREADS" >>"$tmp/cv.out" 2>"$tmp/cv.err"
    rc=$?
    [ $rc -eq 3 ] && { cat "$tmp/cv.out"; exit 1; }
    [ $rc -ne 0 ] && { echo "OpenCV failed:"; cat "$tmp/cv.err"; exit 1; }
    r=$((r + 1))
done
head -n 1 "$tmp/cv.out"
for op in median5 filter5 resize2; do
    grep "^modules: ${op}_ms" "$tmp/q.out" | awk '{ print $3 }' >"$tmp/q.$op"
    grep "^modules_opencv: ${op}_ms" "$tmp/cv.out" | awk '{ print $3 }' >"$tmp/c.$op"
    q=$(median <"$tmp/q.$op")
    c=$(median <"$tmp/c.$op")
    qmin=$(sort -g "$tmp/q.$op" | head -n 1)
    cmin=$(sort -g "$tmp/c.$op" | head -n 1)
    ratio=$(paste "$tmp/q.$op" "$tmp/c.$op" | awk '{ print $1 / $2 }' | median)
    awk -v op="$op" -v q="$q" -v c="$c" -v qm="$qmin" -v cm="$cmin" -v r="$ratio" 'BEGIN {
        printf "%-8s median qpipe %7.2f  opencv %7.2f ms | best qpipe %7.2f  opencv %7.2f ms | qpipe/opencv: of medians %.2f, of bests %.2f, median per round %.2f\n",
               op, q, c, qm, cm, q / c, qm / cm, r }'
done
