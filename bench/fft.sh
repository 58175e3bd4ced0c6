#!/bin/sh
# bench/fft.sh - FFTs of a 1080x1920 real plane in one run: qpipe (bench/fft.q: fft2,
# irealfft2, real(ifft2)), NumPy (bench/fft_numpy.py: numpy.fft.fft2, numpy.fft.irfft2)
# and FFTW called directly from C (bench/fft_direct.c: R2C and C2R plans with qpipe's flags
# and thread count). Single precision everywhere. Prints each median and the ratios
# against the goals of issue 16: qpipe <= 0.5x NumPy's time, <= 1.1x direct FFTW. Then
# qpipe (--threads 1) and FFTW again on one thread, the comparison that a loaded machine
# disturbs least (NumPy's FFT is single-threaded).
#
#   sh bench/fft.sh            (from anywhere; REPS=N runs per figure, 21 by default)
#
# Measurements, never asserted by tests. Variables: REPS (21), QPIPE (build/qpipe; when
# set, no make), CC (cc), PYTHON (python3).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
REPS=${REPS:-21}
CC=${CC:-cc}
PYTHON=${PYTHON:-python3}
if [ -z "${QPIPE:-}" ]; then
    make -C "$root" -j2 >/dev/null || exit 1
    QPIPE=$root/build/qpipe
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

$CC -O2 -o "$tmp/fft_direct" "$here/fft_direct.c" -lfftw3f_threads -lfftw3f -lpthread -lm || exit 1
"$QPIPE" exec "$here/fft.q" "$REPS" >"$tmp/q.txt" || exit 1
"$PYTHON" "$here/fft_numpy.py" "$REPS" >"$tmp/np.txt" || echo "numpy: not run" >"$tmp/np.txt"
"$tmp/fft_direct" "$REPS" >"$tmp/c.txt" || exit 1
"$QPIPE" exec --threads 1 "$here/fft.q" "$REPS" >"$tmp/q1.txt" || exit 1
"$tmp/fft_direct" "$REPS" 1 >"$tmp/c1.txt" || exit 1
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
echo "-- all cores"
cat "$tmp/q.txt" "$tmp/np.txt" "$tmp/c.txt"
echo "-- one thread"
cat "$tmp/q1.txt" "$tmp/c1.txt"

ms() { awk -v k="$2" 'index($0, k) == 1 { for (i = 1; i <= NF; i++) if ($(i+1) == "ms") { print $i; exit } }' "$1"; }
q_f=$(ms "$tmp/q.txt" "qpipe fft2 ")
q_i=$(ms "$tmp/q.txt" "qpipe irealfft2 ")
q_r=$(ms "$tmp/q.txt" "qpipe real(ifft2) ")
n_f=$(ms "$tmp/np.txt" "numpy fft2 ")
n_i=$(ms "$tmp/np.txt" "numpy irfft2 ")
c_f=$(ms "$tmp/c.txt" "fftw r2c ")
c_i=$(ms "$tmp/c.txt" "fftw c2r ")
ratio() {
    [ -n "$2" ] && [ -n "$3" ] || { echo "$1: n/a"; return; }
    awk -v a="$2" -v b="$3" -v l="$1" -v g="$4" \
        'BEGIN { r = a / b; printf "%s: %.2fx (goal <= %s) %s\n", l, r, g, r <= g ? "met" : "NOT met" }'
}
echo "-- ratios, all cores"
ratio "fft2 qpipe/numpy" "$q_f" "$n_f" 0.5
ratio "irealfft2 qpipe/numpy irfft2" "$q_i" "$n_i" 0.5
ratio "real(ifft2) qpipe/numpy irfft2" "$q_r" "$n_i" 0.5
ratio "fft2 qpipe/fftw r2c" "$q_f" "$c_f" 1.1
ratio "irealfft2 qpipe/fftw c2r" "$q_i" "$c_i" 1.1
q1_f=$(ms "$tmp/q1.txt" "qpipe fft2 ")
q1_i=$(ms "$tmp/q1.txt" "qpipe irealfft2 ")
c1_f=$(ms "$tmp/c1.txt" "fftw r2c ")
c1_i=$(ms "$tmp/c1.txt" "fftw c2r ")
echo "-- ratios, one thread"
ratio "fft2 qpipe/numpy" "$q1_f" "$n_f" 0.5
ratio "irealfft2 qpipe/numpy irfft2" "$q1_i" "$n_i" 0.5
ratio "fft2 qpipe/fftw r2c" "$q1_f" "$c1_f" 1.1
ratio "irealfft2 qpipe/fftw c2r" "$q1_i" "$c1_i" 1.1
