#!/bin/bash
# bench/watch.sh - `qpipe watch --once` over a folder of small images against a shell loop
# of `qpipe run` per file, and the cost of the journal per file (issue 12, "Measured").
#
#   bash bench/watch.sh        (from anywhere; N=500 images, RUNS=3)
#
# Media: N PNG images of 64x48 (testsrc2 frames, made once by the ffmpeg CLI into
# build/bench/watch/in). Filter: presets/invert.q. Each configuration writes into a fresh
# folder; the outputs of each are checked (count) and the watch journal must say N done.
#   loop      for f in IN/*.png; do qpipe run invert.q "$f" OUT/…; done      (one run)
#   batch     qpipe run invert.q IN OUT        (one process, no journal: the floor)
#   watch     qpipe watch invert.q IN OUT --once --settle 0   (journal in OUT, on disk)
#   watch-shm the same with --journal on /dev/shm (tmpfs: no fsync cost)
#   watch-j2  the same as watch with -j 2
# Printed: wall seconds (median of RUNS; the loop once), CPU seconds (user+sys of the
# command and its children) and files per second; the journal's overhead per file is
# (watch - batch) / N and (watch - watch-shm) / N, from the medians of the same run.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
N=${N:-500}
RUNS=${RUNS:-3}
QPIPE=${QPIPE:-$root/build/qpipe}
[ -n "${QPIPE_NOMAKE:-}" ] || make -s -C "$root" >/dev/null || exit 1
F=$root/presets/invert.q
dir=$root/build/bench/watch
in=$dir/in
if [ "$(ls "$in" 2>/dev/null | wc -l)" -ne "$N" ]; then
    rm -rf "$in" && mkdir -p "$in"
    ffmpeg -nostdin -loglevel error -f lavfi -i "testsrc2=size=64x48:rate=25" -frames:v "$N" "$in/img%04d.png" || exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" /dev/shm/qpipe-bench-watch-$$.db*' EXIT

# measure NAME CMD…: wall, user+sys seconds into $tmp/NAME.times (one line per run)
measure() {
    local name=$1; shift
    local t0 t1 u0 u1
    u0=$(awk '{print $14+$15+$16+$17}' /proc/$$/stat)
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>"$tmp/$name.err" || { echo "$name failed: $(tail -3 "$tmp/$name.err")"; exit 1; }
    t1=$(date +%s.%N)
    u1=$(awk '{print $14+$15+$16+$17}' /proc/$$/stat)
    echo "$t0 $t1 $u0 $u1 $(getconf CLK_TCK)" | awk '{printf "%.3f %.3f\n", $2-$1, ($4-$3)/$5}' >>"$tmp/$name.times"
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

loop() {
    mkdir -p "$1"
    for f in "$in"/*.png; do "$QPIPE" run "$F" "$f" "$1/${f##*/}" -q || return 1; done
}
count() { ls "$1" | grep -c '\.png$'; }

out=$tmp/o
measure loop loop "$out.loop"
[ "$(count "$out.loop")" -eq "$N" ] || { echo "loop: wrong output count"; exit 1; }
for r in $(seq "$RUNS"); do
    rm -rf "$out".*
    measure batch "$QPIPE" run "$F" "$in" "$out.batch" -q
    measure watch "$QPIPE" watch "$F" "$in" "$out.watch" --once --settle 0 -q
    rm -f /dev/shm/qpipe-bench-watch-$$.db*
    measure watch-shm "$QPIPE" watch "$F" "$in" "$out.shm" --once --settle 0 -q --journal /dev/shm/qpipe-bench-watch-$$.db
    measure watch-j2 "$QPIPE" watch "$F" "$in" "$out.j2" --once --settle 0 -q -j 2
    for o in batch watch shm j2; do
        [ "$(count "$out.$o")" -eq "$N" ] || { echo "$o: wrong output count"; exit 1; }
    done
    "$QPIPE" watch --status "$out.watch" | grep -q "^done *$N\$" || { echo "watch: journal not all done"; exit 1; }
done
echo "bench/watch.sh: $N images 64x48, presets/invert.q, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
printf '%-10s %9s %9s %10s\n' config wall_s cpu_s files/s
for name in loop batch watch watch-shm watch-j2; do
    w=$(cut -d' ' -f1 "$tmp/$name.times" | median)
    c=$(cut -d' ' -f2 "$tmp/$name.times" | median)
    printf '%-10s %9.3f %9.3f %10.1f\n' "$name" "$w" "$c" "$(echo "$N / $w" | bc -l)"
    eval "wall_${name//-/_}=$w"
done
awk -v n="$N" -v l="$wall_loop" -v b="$wall_batch" -v w="$wall_watch" -v s="$wall_watch_shm" 'BEGIN {
    printf "watch vs loop: %.1fx the files per second\n", l / w
    printf "journal overhead per file: %.2f ms (watch - batch), %.2f ms (journal on disk - on tmpfs)\n",
           (w - b) / n * 1000, (w - s) / n * 1000 }'
