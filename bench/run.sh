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
#
# It runs `make` first (incremental) so build/qpipe is current. A part that cannot run (no
# `qpipe exec` yet, no lua5.4) is reported and skipped, and the others still run. Exit status:
# 0 when every part ran and the outputs agreed, 1 otherwise. Missing a goal is reported on
# the part's line but is not an error: these are measurements, not tests.
#
# Variables: RUNS (5), QPIPE (build/qpipe; when set, no make), LUA (lua5.4), CC (cc).

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

exit $status
