#!/bin/sh
# bench/gemm.sh - the 1024x1024 single-precision matrix product: qpipe's `A * B`
# (bench/gemm.q, tic/toc) against OpenBLAS's cblas_sgemm called directly from C
# (bench/gemm_ref.c, built here), with the same thread count, in one run.
#
#   sh bench/gemm.sh      (from anywhere)
#
# Prints each median (ms), the checksums (which must agree, relative 1e-4) and the ratio
# qpipe / OpenBLAS (goal: <= 1.1). Variables: N (1024), RUNS (9), THREADS (all cores),
# QPIPE (build/qpipe; when set, no make), CC (cc). A measurement, never a test.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
N=${N:-1024}
RUNS=${RUNS:-9}
THREADS=${THREADS:-$(nproc)}
CC=${CC:-cc}
if [ -z "${QPIPE:-}" ]; then
    make -C "$root" -s >/dev/null || exit 1
    QPIPE=$root/build/qpipe
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cflags=$(pkg-config --cflags openblas 2>/dev/null)
libs=$(pkg-config --libs openblas 2>/dev/null || echo -lopenblas)
# shellcheck disable=SC2086
$CC -O2 $cflags "$here/gemm_ref.c" -o "$tmp/gemm_ref" $libs || exit 1

# Alternate which goes first, twice, and keep each side's best median of the two rounds.
for round in 1 2; do
    if [ "$round" = 1 ]; then
        "$QPIPE" exec --threads "$THREADS" "$here/gemm.q" "$N" "$RUNS" >>"$tmp/q" || exit 1
        "$tmp/gemm_ref" "$N" "$RUNS" "$THREADS" >>"$tmp/c" || exit 1
    else
        "$tmp/gemm_ref" "$N" "$RUNS" "$THREADS" >>"$tmp/c" || exit 1
        "$QPIPE" exec --threads "$THREADS" "$here/gemm.q" "$N" "$RUNS" >>"$tmp/q" || exit 1
    fi
done
cat "$tmp/q" "$tmp/c"
sort -k3 -g "$tmp/q" | head -1 >"$tmp/qbest"
sort -k3 -g "$tmp/c" | head -1 >"$tmp/cbest"
paste "$tmp/qbest" "$tmp/cbest" | awk -v th="$THREADS" '{
    ratio = $3 / $7; rel = ($4 - $8) / ($8 == 0 ? 1 : $8); if (rel < 0) rel = -rel
    bad = (rel > 1e-4)
    printf "gemm %dx%d, %d threads: qpipe %.2f ms, OpenBLAS %.2f ms, ratio %.3f (goal <= 1.1)%s\n", \
        $2, $2, th, $3, $7, ratio, (bad ? "; CHECKSUMS DIFFER" : "")
    exit bad
}'
