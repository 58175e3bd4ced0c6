#!/bin/sh
# bench/run.sh - run qpipe's benchmarks and compare them with their references, in one run.
#
#   sh bench/run.sh            (from anywhere; RUNS=N for another number of runs per pair)
#
# 1. interp_loop: bench/interp_loop.q under `qpipe exec` against bench/interp_loop.lua under
#    Lua 5.4, RUNS times each (5 by default), alternating which goes first; both must print
#    the same line. Reports the median wall time of each and their ratio (goal: <= 3).
# 2. stream_triad: bench/stream_triad.c, built here, gives the machine's memory bandwidth
#    (the best pass; see the file).
# 3. array_ops: bench/array_ops.q times A + B .* C and sum(A) on 1080x1920x3 scalars; their
#    medians become GB/s and a share of the triad bandwidth just measured (goal: >= 50%).
# 4. blur: a 5x5 Gaussian blur of a 1080x1920x3 float image, as qpipe kernels (bench/blur.q,
#    one pass and two separable passes) against the same in C (bench/blur_ref.c, built here)
#    and OpenCV's GaussianBlur (bench/blur_opencv.py, skipped without python3-opencv); the
#    checksums must agree (relative 1e-4); ratio of qpipe's best to the best peer (goal:
#    <= 1.5). Each figure is the median of BLUR_REPS launches in one run, then the median
#    over BLUR_ROUNDS runs of every part, in an order that rotates. Also qpipe's first launches on a cold kernel cache (compile latency), the first
#    launch of a second start on the warm cache (goal: < 5 ms) and the cost of launching an
#    empty kernel (goal: < 20 us). When qpipe is too slow for the full image (the
#    interpreter), it runs on fewer rows and its times are scaled; the line says so.
#
# 5. convert: bench/convert.c, built here, times io/yuv.c's frame conversions (1080p 4:2:0 to
#    floats and back, one thread) against libswscale plus byte loops, as io/ did before.
#
# It runs `make` first (incremental) so build/qpipe is current. A part that cannot run (no
# `qpipe exec` yet, no lua5.4) is reported and skipped, and the others still run. Exit status:
# 0 when every part ran and the outputs agreed, 1 otherwise. Missing a goal is reported on
# the part's line but is not an error: these are measurements, not tests.
#
# Variables: RUNS (5), QPIPE (build/qpipe; when set, no make), LUA (lua5.4), CC (cc), MEDIA (0;
# 1 runs bench/media.sh at the end, with RUNS=MEDIA_RUNS (3): qpipe's video pipeline against
# ffmpeg, several minutes);
# for blur: BLUR_H (1080 rows), BLUR_REPS (11), BLUR_ROUNDS (RUNS), BLUR_BUDGET (60: seconds
# qpipe's blur run may take before it runs on fewer rows), PYTHON (/usr/bin/python3, where python3-opencv
# installs, else python3).

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
RUNS=${RUNS:-5}
LUA=${LUA:-lua5.4}
CC=${CC:-cc}
outdir=$root/build/bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

case $RUNS in
    ''|*[!0-9]*|0) echo "run.sh: RUNS must be a positive integer, not '$RUNS'" >&2; exit 2 ;;
esac

now() { date +%s.%N; }

# median: the median of the numbers on stdin, one a line.
median() {
    sort -g | awk '{ v[NR] = $1 }
        END { if (NR == 0) exit 1
              if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# timed OUT CMD...: run CMD with stdout in OUT and stderr in OUT.err; print the wall
# seconds; return CMD's exit status.
timed() {
    timed_out=$1
    shift
    timed_t0=$(now)
    "$@" >"$timed_out" 2>"$timed_out.err"
    timed_rc=$?
    timed_t1=$(now)
    awk -v a="$timed_t0" -v b="$timed_t1" 'BEGIN { printf "%.3f\n", b - a }'
    return $timed_rc
}

# calc EXPR: evaluate a floating-point awk expression.
calc() { awk "BEGIN { print $1 }"; }

# oneline FILE: a file's output on one short line, for a report.
oneline() { head -c 200 "$1" | tr '\n' ' ' | sed 's/ $//' | cut -c 1-80; }

# first_error FILE: the first line of a failed command's stderr, for a one-line report.
first_error() { head -n 1 "$1" 2>/dev/null | cut -c 1-160; }

echo "bench/run.sh: $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo \
    | head -n 1)); medians of this run on a shared machine, compare ratios, not seconds"

# ---- qpipe: build it, and find out whether it can run programs yet ----

qpipe_ok=1
qpipe_why=
if [ -z "${QPIPE:-}" ]; then
    QPIPE=$root/build/qpipe
    if ! make -C "$root" --no-print-directory >"$tmp/make.log" 2>&1; then
        tail -n 20 "$tmp/make.log" >&2
        qpipe_ok=0
        qpipe_why="make failed (output above)"
    fi
fi
if [ "$qpipe_ok" = 1 ] && [ ! -x "$QPIPE" ]; then
    qpipe_ok=0
    qpipe_why="$QPIPE does not exist"
fi
if [ "$qpipe_ok" = 1 ]; then
    printf 'print 6 * 7\n' >"$tmp/probe.q"
    "$QPIPE" exec "$tmp/probe.q" >"$tmp/probe.out" 2>"$tmp/probe.err"
    rc=$?
    if grep -q "unknown command 'exec'" "$tmp/probe.err"; then
        qpipe_ok=0
        qpipe_why="this build of qpipe has no 'exec' command yet (the interpreter, issue 3)"
    elif [ $rc -ne 0 ] || [ "$(cat "$tmp/probe.out")" != 42 ]; then
        qpipe_ok=0
        qpipe_why="'qpipe exec' of 'print 6 * 7' gave exit $rc, output '$(oneline \
"$tmp/probe.out")', error '$(first_error "$tmp/probe.err")'"
    fi
fi
[ "$qpipe_ok" = 1 ] || status=1

# ---- 1. interp_loop: qpipe against Lua 5.4 ----

lua_ok=1
if ! command -v "$LUA" >/dev/null 2>&1; then
    lua_ok=0
    status=1
    echo "interp_loop: $LUA not found; install it with 'sh scripts/deps.sh' (as root; it" \
        "installs the Debian package lua5.4 among the missing ones)"
fi

# A side that fails once is not run again; the other side goes on alone.
qpipe_loop_ok=$qpipe_ok
: >"$tmp/q.times"
: >"$tmp/l.times"
run_qpipe() {
    [ "$qpipe_loop_ok" = 1 ] || return 0
    if ! timed "$tmp/q.out" "$QPIPE" exec "$here/interp_loop.q" >>"$tmp/q.times"; then
        echo "interp_loop: qpipe failed: $(first_error "$tmp/q.out.err")"
        qpipe_loop_ok=0
        qpipe_why="it failed (above)"
        status=1
    fi
}
run_lua() {
    [ "$lua_ok" = 1 ] || return 0
    if ! timed "$tmp/l.out" "$LUA" "$here/interp_loop.lua" >>"$tmp/l.times"; then
        echo "interp_loop: $LUA failed: $(first_error "$tmp/l.out.err")"
        lua_ok=0
        status=1
    fi
}
r=1
while [ $r -le "$RUNS" ]; do
    # Alternate which goes first, so drift in the machine's load hits both alike.
    if [ $((r % 2)) = 1 ]; then
        run_qpipe
        run_lua
    else
        run_lua
        run_qpipe
    fi
    if [ "$qpipe_loop_ok" = 1 ] && [ "$lua_ok" = 1 ] && ! cmp -s "$tmp/q.out" "$tmp/l.out"; then
        echo "interp_loop: outputs differ: qpipe printed '$(oneline "$tmp/q.out")'," \
            "lua printed '$(oneline "$tmp/l.out")'"
        qpipe_loop_ok=0
        qpipe_why="its output is wrong (above)"
        status=1
    fi
    r=$((r + 1))
done
if [ "$qpipe_loop_ok" = 1 ] && [ "$lua_ok" = 1 ]; then
    tq=$(median <"$tmp/q.times")
    tl=$(median <"$tmp/l.times")
    ratio=$(calc "$tq / $tl")
    verdict=$(calc "($ratio <= 3) ? \"met\" : \"NOT met\"")
    printf 'interp_loop: qpipe %.2f s, lua %.2f s (median of %d), ratio %.2f (goal <= 3, %s)\n' \
        "$tq" "$tl" "$RUNS" "$ratio" "$verdict"
elif [ "$lua_ok" = 1 ] && [ -s "$tmp/l.times" ]; then
    printf 'interp_loop: lua %.2f s (median of %d, output %s); qpipe skipped: %s\n' \
        "$(median <"$tmp/l.times")" "$(wc -l <"$tmp/l.times")" "$(oneline "$tmp/l.out")" \
        "$qpipe_why"
elif [ "$qpipe_loop_ok" = 1 ] && [ -s "$tmp/q.times" ]; then
    printf 'interp_loop: qpipe %.2f s (median of %d); no Lua reference, so no ratio\n' \
        "$(median <"$tmp/q.times")" "$(wc -l <"$tmp/q.times")"
fi

# ---- 2. stream_triad: the machine's memory bandwidth ----

triad=
mkdir -p "$outdir"
triad_bin=$outdir/stream_triad
# Compiled every run (under a second), so it always matches the source, CC and this CPU.
if ! $CC -O3 -march=native -pthread "$here/stream_triad.c" -o "$triad_bin" 2>"$tmp/cc.err"
then
    cat "$tmp/cc.err" >&2
    echo "stream_triad: does not compile (above)"
    triad_bin=
    status=1
fi
if [ -n "$triad_bin" ]; then
    if "$triad_bin" >"$tmp/triad.out" 2>"$tmp/triad.err"; then
        cat "$tmp/triad.out"
        triad=$(awk '/^stream_triad: best/ { print $3 }' "$tmp/triad.out")
    else
        echo "stream_triad: failed: $(first_error "$tmp/triad.err")"
        status=1
    fi
fi

# ---- 3. array_ops: whole-array expressions against the triad ----

if [ "$qpipe_ok" != 1 ]; then
    echo "array_ops: skipped: $qpipe_why"
elif ! "$QPIPE" exec "$here/array_ops.q" >"$tmp/ops.out" 2>"$tmp/ops.err"; then
    echo "array_ops: qpipe failed: $(first_error "$tmp/ops.err")"
    status=1
else
    # array_ops: expr_ms E sum_ms S n N reps R check C
    # shellcheck disable=SC2046 # splitting into the four fields is the point
    set -- $(awk '/^array_ops:/ { print $3, $5, $7, $9; exit }' "$tmp/ops.out")
    if [ $# -ne 4 ]; then
        echo "array_ops: unexpected output: '$(oneline "$tmp/ops.out")'"
        status=1
    else
        expr_ms=$1 sum_ms=$2 n=$3 reps=$4
        # Bytes moved: A + B .* C reads 3 arrays and writes 1; sum(A) reads 1; 4-byte scalars.
        expr_gbs=$(calc "16 * $n / ($expr_ms * 1e-3) * 1e-9")
        sum_gbs=$(calc "4 * $n / ($sum_ms * 1e-3) * 1e-9")
        for part in "A + B .* C:$expr_ms:$expr_gbs" "sum(A):$sum_ms:$sum_gbs"; do
            name=${part%%:*} rest=${part#*:}
            ms=${rest%%:*} gbs=${rest#*:}
            if [ -n "$triad" ]; then
                pct=$(calc "100 * $gbs / $triad")
                verdict=$(calc "($pct >= 50) ? \"met\" : \"NOT met\"")
                printf 'array_ops: %s %.2f ms = %.1f GB/s (median of %d), %.0f%% of triad %.1f GB/s (goal >= 50%%, %s)\n' \
                    "$name" "$ms" "$gbs" "$reps" "$pct" "$triad" "$verdict"
            else
                printf 'array_ops: %s %.2f ms = %.1f GB/s (median of %d); no triad figure to compare\n' \
                    "$name" "$ms" "$gbs" "$reps"
            fi
        done
    fi
fi

# ---- 4. blur: a 5x5 Gaussian blur, qpipe's kernels against C and OpenCV ----

# field FILE KEY: the word after the first word KEY in FILE (blur outputs are KEY VALUE pairs).
field() { awk -v k="$2" '{ for (i = 1; i < NF; i++) if ($i == k) { print $(i + 1); exit } }' "$1"; }

# num X: a time or ratio for a report line: 3 significant digits, whole numbers from 100 up.
num() { awk -v v="$1" 'BEGIN { if (v >= 100) printf "%.0f", v; else printf "%.3g", v }'; }

# keep FILE KEY DEST: append the value of KEY in FILE to DEST, when there is one.
keep() { _v=$(field "$1" "$2"); [ -z "$_v" ] || echo "$_v" >>"$3"; }

# agree A B TOL: succeed when A and B differ by at most TOL relative to B.
agree() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d
    m = b < 0 ? -b : b; exit !(d <= t * m) }'; }

BLUR_H=${BLUR_H:-1080}
BLUR_REPS=${BLUR_REPS:-11}
BLUR_BUDGET=${BLUR_BUDGET:-60}
BLUR_ROUNDS=${BLUR_ROUNDS:-$RUNS}
for v in "BLUR_H:$BLUR_H" "BLUR_REPS:$BLUR_REPS" "BLUR_BUDGET:$BLUR_BUDGET" \
    "BLUR_ROUNDS:$BLUR_ROUNDS"; do
    case ${v#*:} in
        ''|*[!0-9]*|0) echo "run.sh: ${v%%:*} must be a positive integer, not '${v#*:}'" >&2; exit 2 ;;
    esac
done
if [ "$BLUR_H" -lt 2 ]; then
    echo "run.sh: BLUR_H must be at least 2 (blur.q's rand(1, 1920, 3) would be a matrix)" >&2
    exit 2
fi
if [ -z "${PYTHON:-}" ]; then
    # python3-opencv installs into Debian's own Python, which a python3 earlier on PATH
    # (pyenv, a venv) may not see.
    if [ -x /usr/bin/python3 ]; then PYTHON=/usr/bin/python3; else PYTHON=python3; fi
fi

# C: the reference loop; it also writes the input image for OpenCV.
blur_c=
blur_ref=$outdir/blur_ref
if ! $CC -O3 -march=native -pthread "$here/blur_ref.c" -o "$blur_ref" -lm 2>"$tmp/cc.err"; then
    cat "$tmp/cc.err" >&2
    echo "blur: blur_ref.c does not compile (above)"
    status=1
elif ! "$blur_ref" "$BLUR_H" "$BLUR_REPS" --dump "$tmp/blur_in.raw" >"$tmp/bc.out" 2>"$tmp/bc.err"
then
    echo "blur: blur_ref failed: $(first_error "$tmp/bc.err")"
    status=1
else
    blur_c=1
    c_in=$(field "$tmp/bc.out" in_sum)
    c_threads=$(field "$tmp/bc.out" threads)
    c_ms1=$(field "$tmp/bc.out" pass1_ms) c_sum1=$(field "$tmp/bc.out" pass1_sum)
    c_ms2=$(field "$tmp/bc.out" pass2_ms) c_sum2=$(field "$tmp/bc.out" pass2_sum)
fi

# OpenCV: optional (python3-opencv is large and only this part needs it).
blur_cv=
cv_note=
if [ -n "$blur_c" ]; then
    set -- --input "$tmp/blur_in.raw"
else
    set --
fi
"$PYTHON" "$here/blur_opencv.py" "$BLUR_H" "$BLUR_REPS" "$@" >"$tmp/bo.out" 2>"$tmp/bo.err"
rc=$?
rm -f "$tmp/blur_in.raw"
if [ $rc = 0 ]; then
    blur_cv=1
    cv_ms=$(field "$tmp/bo.out" ms) cv_sum=$(field "$tmp/bo.out" sum)
    cv_note="; OpenCV $(field "$tmp/bo.out" opencv) on $(field "$tmp/bo.out" threads) threads"
elif [ $rc = 3 ]; then
    cat "$tmp/bo.out"
    status=1
else
    echo "blur: blur_opencv.py failed: $(first_error "$tmp/bo.err")"
    status=1
fi

# qpipe: blur.q. The interpreter takes seconds per run on the full image, so a probe on 8
# rows estimates the whole run first; when that exceeds BLUR_BUDGET seconds, qpipe runs on
# fewer rows and its times are scaled up to BLUR_H rows (work grows with the rows). Each
# run gets a kernel cache of its own: the probe's must not warm the measured run's.
blur_q=
q_h=$BLUR_H
q_scale=1
q_note=
if [ "$qpipe_ok" != 1 ]; then
    q_note="qpipe skipped: $qpipe_why"
else
    probe_h=$((BLUR_H < 8 ? BLUR_H : 8))
    if ! XDG_CACHE_HOME=$tmp/cache_probe timeout 600 "$QPIPE" exec "$here/blur.q" "$probe_h" 1 \
        >"$tmp/bp.out" 2>"$tmp/bp.err"; then
        q_note="qpipe failed: $(first_error "$tmp/bp.err")"
        status=1
    else
        p1=$(field "$tmp/bp.out" pass1_ms) p2=$(field "$tmp/bp.out" pass2_ms)
        est=$(calc "($p1 + $p2) * ($BLUR_H / $probe_h) * ($BLUR_REPS + 1) / 1000")
        if [ "$(calc "($est > $BLUR_BUDGET) ? 1 : 0")" = 1 ]; then
            q_h=$(calc "int($BLUR_H * $BLUR_BUDGET / $est)")
            [ "$q_h" -ge "$probe_h" ] || q_h=$probe_h
            q_scale=$(calc "$BLUR_H / $q_h")
        fi
        # -v: qpipe says on stderr which kernels it compiled and which it interpreted.
        if ! XDG_CACHE_HOME=$tmp/cache timeout $((BLUR_BUDGET * 10 + 60)) "$QPIPE" exec -v \
            "$here/blur.q" "$q_h" "$BLUR_REPS" >"$tmp/bq.out" 2>"$tmp/bq.err"; then
            q_note="qpipe failed: $(grep -v "^qpipe: kernel '" "$tmp/bq.err" | head -n 1 | cut -c 1-160)"
            status=1
        else
            blur_q=1
            q_in=$(field "$tmp/bq.out" in_sum)
            q_ms1=$(calc "$(field "$tmp/bq.out" pass1_ms) * $q_scale")
            q_ms2=$(calc "$(field "$tmp/bq.out" pass2_ms) * $q_scale")
            q_sum1=$(field "$tmp/bq.out" pass1_sum) q_sum2=$(field "$tmp/bq.out" pass2_sum)
            if [ "$q_h" != "$BLUR_H" ]; then
                q_note=$(printf 'qpipe measured on %d rows, not %d, and its times scaled by %.4g: a full run would take about %.0f s (probe on %d rows), more than BLUR_BUDGET=%d s' \
                    "$q_h" "$BLUR_H" "$q_scale" "$est" "$probe_h" "$BLUR_BUDGET")
            fi
            # A second start, on the cache the run above filled: the cached start-up.
            XDG_CACHE_HOME=$tmp/cache timeout 600 "$QPIPE" exec "$here/blur.q" "$q_h" 0 \
                >"$tmp/bw.out" 2>"$tmp/bw.err" || : >"$tmp/bw.out"
        fi
    fi
fi

# More rounds. The machine is shared and one run of each can land on a busy moment, so
# BLUR_ROUNDS rounds (RUNS unless set) run each part again, qpipe on its warm cache, in an
# order that rotates from round to round; every figure becomes the median over the rounds.
# qpipe takes part only when it ran on the full image (not the interpreter's scaled run).
[ -z "$blur_c" ] || { echo "$c_ms1" >"$tmp/r_c1"; echo "$c_ms2" >"$tmp/r_c2"; }
[ -z "$blur_cv" ] || echo "$cv_ms" >"$tmp/r_cv"
[ -z "$blur_q" ] || { echo "$q_ms1" >"$tmp/r_q1"; echo "$q_ms2" >"$tmp/r_q2"; }
[ "$q_h" = "$BLUR_H" ] || blur_q_rounds=
[ "$q_h" != "$BLUR_H" ] || blur_q_rounds=$blur_q
round=2
while [ "$round" -le "$BLUR_ROUNDS" ]; do
    case $((round % 3)) in
        0) order="c cv q" ;;
        1) order="cv q c" ;;
        *) order="q c cv" ;;
    esac
    for part in $order; do
        case $part in
        c) [ -n "$blur_c" ] && "$blur_ref" "$BLUR_H" "$BLUR_REPS" >"$tmp/rc.out" 2>/dev/null &&
               { keep "$tmp/rc.out" pass1_ms "$tmp/r_c1"; keep "$tmp/rc.out" pass2_ms "$tmp/r_c2"; } ;;
        cv) [ -n "$blur_cv" ] && "$PYTHON" "$here/blur_opencv.py" "$BLUR_H" "$BLUR_REPS"                 >"$tmp/rv.out" 2>/dev/null && keep "$tmp/rv.out" ms "$tmp/r_cv" ;;
        q) [ -n "$blur_q_rounds" ] && XDG_CACHE_HOME=$tmp/cache "$QPIPE" exec "$here/blur.q" "$BLUR_H"                "$BLUR_REPS" >"$tmp/rq.out" 2>/dev/null &&
               { keep "$tmp/rq.out" pass1_ms "$tmp/r_q1"; keep "$tmp/rq.out" pass2_ms "$tmp/r_q2"; } ;;
        esac
    done
    round=$((round + 1))
done
[ -z "$blur_c" ] || { c_ms1=$(median <"$tmp/r_c1"); c_ms2=$(median <"$tmp/r_c2"); }
[ -z "$blur_cv" ] || cv_ms=$(median <"$tmp/r_cv")
[ -z "$blur_q_rounds" ] || { q_ms1=$(median <"$tmp/r_q1"); q_ms2=$(median <"$tmp/r_q2"); }
rounds_note="medians of $BLUR_REPS launches, then the median over $BLUR_ROUNDS rounds"
[ -n "$blur_q_rounds" ] || [ -z "$blur_q" ] || rounds_note="$rounds_note (qpipe: 1 round)"

# The line of figures and the ratio.
line="blur:"
sep=" "
if [ -n "$blur_q" ]; then
    line="$line qpipe 1-pass $(num "$q_ms1") ms, 2-pass $(num "$q_ms2") ms"
    [ "$q_h" = "$BLUR_H" ] || line="$line (scaled from $q_h rows)"
    sep="; "
fi
best_peer=
if [ -n "$blur_c" ]; then
    line="$line${sep}C 1-pass $(num "$c_ms1") ms, 2-pass $(num "$c_ms2") ms"
    sep="; "
    best_peer=$(calc "($c_ms1 < $c_ms2) ? $c_ms1 : $c_ms2")
fi
if [ -n "$blur_cv" ]; then
    line="$line${sep}OpenCV $(num "$cv_ms") ms"
    sep="; "
    if [ -z "$best_peer" ] || [ "$(calc "($cv_ms < $best_peer) ? 1 : 0")" = 1 ]; then
        best_peer=$cv_ms
    fi
fi
if [ -n "$blur_q" ] && [ -n "$best_peer" ]; then
    q_best=$(calc "($q_ms1 < $q_ms2) ? $q_ms1 : $q_ms2")
    ratio=$(calc "$q_best / $best_peer")
    verdict=$(calc "($ratio <= 1.5) ? \"met\" : \"NOT met\"")
    line="$line; ratio qpipe best / best peer $(num "$ratio") (goal <= 1.5, $verdict;"
    line="$line one pass alone $(num "$(calc "$q_ms1 / $best_peer")"))"
fi
if [ "$line" != "blur:" ]; then
    [ -z "$blur_c" ] || cv_note="; C on $c_threads threads$cv_note"
    echo "$line ($rounds_note; ${BLUR_H}x1920x3 float, clamped border$cv_note)"
fi
[ -z "$q_note" ] || echo "blur: $q_note"

# Checksums: each output's sum against the C 1-pass one, on the same image.
if [ -n "$blur_c" ]; then
    sums="C 1-pass $c_sum1, C 2-pass $c_sum2"
    bad=
    agree "$c_sum2" "$c_sum1" 1e-4 || bad="$bad C 2-pass"
    if [ -n "$blur_cv" ]; then
        sums="$sums, OpenCV $cv_sum"
        agree "$cv_sum" "$c_sum1" 1e-4 || bad="$bad OpenCV"
    fi
    if [ -n "$blur_q" ]; then
        ref_in=$c_in ref1=$c_sum1 ref2=$c_sum2
        if [ "$q_h" != "$BLUR_H" ]; then
            # qpipe ran on fewer rows: its reference is C on those rows.
            if "$blur_ref" "$q_h" 1 >"$tmp/bs.out" 2>"$tmp/bs.err"; then
                ref_in=$(field "$tmp/bs.out" in_sum)
                ref1=$(field "$tmp/bs.out" pass1_sum) ref2=$(field "$tmp/bs.out" pass2_sum)
                sums="$sums; on $q_h rows: C $ref1, qpipe 1-pass $q_sum1, 2-pass $q_sum2"
            else
                ref_in=
                bad="$bad qpipe (blur_ref $q_h failed: $(first_error "$tmp/bs.err"))"
            fi
        else
            sums="$sums, qpipe 1-pass $q_sum1, 2-pass $q_sum2"
        fi
        if [ -n "$ref_in" ] && ! agree "$q_in" "$ref_in" 1e-6; then
            bad="$bad qpipe (its input image differs from blur_ref.c's: in_sum $q_in against $ref_in; has qpipe's rand changed?)"
        elif [ -n "$ref_in" ]; then
            agree "$q_sum1" "$ref1" 1e-4 || bad="$bad qpipe-1-pass"
            agree "$q_sum2" "$ref2" 1e-4 || bad="$bad qpipe-2-pass"
        fi
    fi
    if [ -z "$bad" ]; then
        echo "blur: checksums agree within 1e-4 relative: $sums"
    else
        echo "blur: checksums DIFFER (relative 1e-4) for$bad: $sums"
        status=1
    fi
elif [ -n "$blur_q$blur_cv" ]; then
    echo "blur: checksums not compared: no C reference (above)"
fi

# Compile latency and launch overhead (qpipe only).
if [ -n "$blur_q" ]; then
    nfiles=$(find "$tmp/cache" -type f 2>/dev/null | wc -l)
    compiled=$(sed -n "s/^qpipe: kernel '\(.*\)' compiled\$/\1/p" "$tmp/bq.err" | tr '\n' ' ')
    interpreted=$(sed -n "s/^qpipe: kernel '\([^']*\)' runs in the interpreter.*/\1/p" \
        "$tmp/bq.err" | tr '\n' ' ')
    compiled=${compiled% } interpreted=${interpreted% }
    nocc=$(grep -m 1 -o 'warning: no usable C compiler.*' "$tmp/bq.err")
    cached="compiled: ${compiled:-none}"
    [ -z "$interpreted" ] || cached="${cached}; interpreted: $interpreted"
    [ -z "$nocc" ] || cached="${cached}; $nocc"
    ierr=$(grep -m 1 -o "qpipe: internal error: kernel '[^']*' did not compile" "$tmp/bq.err")
    [ -z "$ierr" ] || cached="${cached}; ${ierr#qpipe: }"
    cached="$cached; $nfiles files in the fresh kernel cache"
    printf 'blur: first launches on a cold cache: empty kernel %.3g ms; blur5 %.4g ms (its median run %.4g ms); blur_h + blur_v %.4g ms (median %.4g ms)%s; %s\n' \
        "$(field "$tmp/bq.out" empty_first_ms)" \
        "$(field "$tmp/bq.out" pass1_first_ms)" "$(field "$tmp/bq.out" pass1_ms)" \
        "$(field "$tmp/bq.out" pass2_first_ms)" "$(field "$tmp/bq.out" pass2_ms)" \
        "$([ "$q_h" = "$BLUR_H" ] || echo " (on $q_h rows, not scaled)")" "$cached"
    lu=$(field "$tmp/bq.out" launch_us)
    verdict=$(calc "($lu < 20) ? \"met\" : \"NOT met\"")
    line=$(printf 'blur: launch overhead: empty kernel on a 16-thread grid %.3g us (median of %s, timer %.2g us included; goal < 20 us, %s)' \
        "$lu" "$(field "$tmp/bq.out" launches)" "$(field "$tmp/bq.out" timer_us)" "$verdict")
    wf=$(field "$tmp/bw.out" empty_first_ms)
    if [ -n "$wf" ]; then
        verdict=$(calc "($wf < 5) ? \"met\" : \"NOT met\"")
        line=$(printf '%s; first launch at program start on the warm cache %.3g ms (goal < 5 ms, %s)' \
            "$line" "$wf" "$verdict")
    else
        line="$line; the warm-cache start failed: $(first_error "$tmp/bw.err")"
        status=1
    fi
    echo "$line"
fi

# ---- 5. convert: the frame conversions of qpipe run against libswscale ----

convert_bin=$outdir/convert
if ! $CC -O2 -I"$root" -D_GNU_SOURCE "$here/convert.c" "$root/build/libqpipe.a" -o "$convert_bin" \
        $(pkg-config --libs libavformat libavcodec libswscale libavutil libpng libtiff-4 libjpeg) \
        -lm -ldl -lpthread 2>"$tmp/cc.err"; then
    cat "$tmp/cc.err" >&2
    echo "convert: convert.c does not build (above)"
    status=1
elif ! "$convert_bin" 2>"$tmp/cv.err"; then
    echo "convert: failed: $(first_error "$tmp/cv.err")"
    status=1
fi

# ---- 6. media (bench/media.sh): long, so only with MEDIA=1 ----

if [ "${MEDIA:-0}" = 1 ]; then
    QPIPE=$QPIPE RUNS=${MEDIA_RUNS:-3} sh "$here/media.sh" || status=1
fi

exit $status
