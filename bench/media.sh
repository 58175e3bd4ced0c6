#!/bin/sh
# bench/media.sh - qpipe's video pipeline against the ffmpeg CLI, in one run (issue 5,
# "Performance"). Long (several minutes on 2 cores); run by hand, or by `MEDIA=1 sh bench/run.sh`.
#
#   sh bench/media.sh          (from anywhere)
#
# Media (deterministic, made with the ffmpeg CLI into build/bench/media/, kept between runs
# and remade only when missing):
#   in.mp4     testsrc2 1920x1080 25 fps, SECS s (10), H.264 (libx264 veryfast crf 18, yuv420p)
#              with a 440 Hz sine as AAC audio
#   in2x.mp4   the same, 2 x SECS s (the memory check)
#   clean.mkv  testsrc2 1920x1080, the first DN_SECS s (2), lossless (FFV1, bgr0)
#   noisy.mkv  clean.mkv + noise=alls=20:allf=t:all_seed=12345 (temporal noise), lossless
#
# 1. identity: `qpipe run presets/identity.q in.mp4 out.mp4 --preset veryfast --crf 18` against
#    `ffmpeg -i in.mp4 -c:v libx264 -preset veryfast -crf 18 -pix_fmt FMT -c:a copy out.mp4`,
#    FMT being the pixel format qpipe wrote (ffprobe), so both encode the same thing. RUNS (3)
#    runs each, alternating; median wall time; ratio (goal <= 1.15). Frame counts and audio
#    streams of both outputs are checked against the input.
# 2. filters on noisy.mkv: presets/denoise.q (default sigma, and sigma matched to the noise
#    measured from the noisy clip's PSNR), presets/blur.q (sigma 2), ffmpeg's hqdn3d, nlmeans
#    (default and s = sigma / 2.5) and gblur (sigma=2), after a one-frame warm-up of each qpipe filter, each written losslessly (FFV1, bgr0) so the PSNR
#    is the filter's alone; frames per second (frames / wall time of the whole command,
#    decode and encode included, one run each) and PSNR against clean.mkv. A table.
# 3. memory: the max RSS (/usr/bin/time) of qpipe's identity runs, and of one qpipe identity
#    run on in2x.mp4 (goal: under 1 GB at 1080p, and not growing with the clip's length).
#
# Variables: QPIPE (build/qpipe; when set, no make), RUNS (3), SECS (10), DN_SECS (2),
# MEDIA_DIR (build/bench/media), FILTERS (1; 0 skips part 2). Exit status 0 when every part
# ran and outputs checked out, 1 otherwise; a missed goal is reported (NOT met) but is not an error.

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
RUNS=${RUNS:-3}
SECS=${SECS:-10}
DN_SECS=${DN_SECS:-2}
media=${MEDIA_DIR:-$root/build/bench/media}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
t_start=$(date +%s)

calc() { awk "BEGIN { print $1 }"; }
median() {
    sort -g | awk '{ v[NR] = $1 }
        END { if (NR == 0) exit 1
              if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
first_error() { grep -v '^Command exited' "$1" 2>/dev/null | head -n 1 | cut -c 1-160; }
ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }

# run NAME CMD...: run CMD under /usr/bin/time; append its wall seconds to $tmp/NAME.t and its
# max RSS (KiB) to $tmp/NAME.m; stderr in $tmp/NAME.err. Returns CMD's status.
run() {
    run_name=$1
    shift
    /usr/bin/time -f '%e %M' -o "$tmp/$run_name.tm" "$@" >"$tmp/$run_name.out" 2>"$tmp/$run_name.err"
    run_rc=$?
    tail -n 1 "$tmp/$run_name.tm" | awk '{ print $1 }' >>"$tmp/$run_name.t"
    tail -n 1 "$tmp/$run_name.tm" | awk '{ print $2 }' >>"$tmp/$run_name.m"
    return $run_rc
}

# frames FILE: the number of video packets (frames) in FILE.
frames() {
    ffprobe -v error -select_streams v:0 -count_packets -show_entries stream=nb_read_packets \
        -of csv=p=0 "$1" 2>/dev/null | head -n 1
}
astreams() { ffprobe -v error -select_streams a -show_entries stream=index -of csv=p=0 "$1" | wc -l; }
pixfmt() { ffprobe -v error -select_streams v:0 -show_entries stream=pix_fmt -of csv=p=0 "$1"; }
# psnr FILE: average PSNR (dB) of FILE against clean.mkv.
psnr() {
    ffmpeg -nostdin -hide_banner -i "$1" -i "$media/clean.mkv" -lavfi psnr -f null - 2>&1 \
        | sed -n 's/.*PSNR.* average:\([0-9.inf]*\).*/\1/p' | tail -n 1
}

echo "bench/media.sh: $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo \
    | head -n 1)); $(ffmpeg -version | head -n 1 | cut -d' ' -f1-3); medians of this run on a shared machine"

if ! command -v ffmpeg >/dev/null 2>&1 || ! command -v ffprobe >/dev/null 2>&1; then
    echo "media: ffmpeg/ffprobe not found; install them with 'sh scripts/deps.sh'"
    exit 1
fi
if [ ! -x /usr/bin/time ]; then
    echo "media: /usr/bin/time not found (Debian package 'time')"
    exit 1
fi
if [ -z "${QPIPE:-}" ]; then
    QPIPE=$root/build/qpipe
    if ! make -C "$root" --no-print-directory >"$tmp/make.log" 2>&1; then
        tail -n 20 "$tmp/make.log" >&2
        echo "media: make failed (output above)"
        exit 1
    fi
fi

# ---- media ----

mkdir -p "$media"
t0=$(date +%s)
mk_clip() { # OUT SECONDS
    [ -s "$1" ] && return 0
    ff -f lavfi -i "testsrc2=size=1920x1080:rate=25:duration=$2" \
       -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=$2" \
       -map 0:v -map 1:a -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p \
       -c:a aac -b:a 128k "$1.tmp.mp4" && mv "$1.tmp.mp4" "$1"
}
mk_clip "$media/in.mp4" "$SECS" || { echo "media: making in.mp4 failed"; exit 1; }
mk_clip "$media/in2x.mp4" $((2 * SECS)) || { echo "media: making in2x.mp4 failed"; exit 1; }
if [ ! -s "$media/clean.mkv" ]; then
    ff -f lavfi -i "testsrc2=size=1920x1080:rate=25:duration=$DN_SECS" \
       -c:v ffv1 -pix_fmt bgr0 "$media/clean.tmp.mkv" && mv "$media/clean.tmp.mkv" "$media/clean.mkv" \
        || { echo "media: making clean.mkv failed"; exit 1; }
fi
if [ ! -s "$media/noisy.mkv" ]; then
    ff -i "$media/clean.mkv" -vf "noise=alls=20:allf=t:all_seed=12345" -c:v ffv1 -pix_fmt bgr0 \
        "$media/noisy.tmp.mkv" && mv "$media/noisy.tmp.mkv" "$media/noisy.mkv" \
        || { echo "media: making noisy.mkv failed"; exit 1; }
fi
nin=$(frames "$media/in.mp4")
nin2=$(frames "$media/in2x.mp4")
ndn=$(frames "$media/noisy.mkv")
echo "media: clips in $media ($(( $(date +%s) - t0 )) s to make/check): in.mp4 $nin frames" \
    "(${SECS} s, $(pixfmt "$media/in.mp4"), $(astreams "$media/in.mp4") audio), in2x.mp4 $nin2 frames," \
    "clean.mkv/noisy.mkv $ndn frames (${DN_SECS} s, FFV1 bgr0)"

# ---- 1. identity ----

qo=$tmp/q_id.mp4
fo=$tmp/f_id.mp4
# qpipe first, once, to learn the pixel format it writes; that run counts as its first.
q_ok=1
f_ok=1
run qid "$QPIPE" run -q -y "$root/presets/identity.q" "$media/in.mp4" "$qo" --preset veryfast --crf 18 \
    || { q_ok=0; echo "media: identity: qpipe failed: $(first_error "$tmp/qid.err")"; status=1; }
fmt=yuv420p
[ "$q_ok" = 1 ] && fmt=$(pixfmt "$qo")
run_f() {
    [ "$f_ok" = 1 ] || return 0
    run fid ffmpeg -nostdin -y -loglevel error -i "$media/in.mp4" -c:v libx264 -preset veryfast \
        -crf 18 -pix_fmt "$fmt" -c:a copy "$fo" \
        || { f_ok=0; echo "media: identity: ffmpeg failed: $(first_error "$tmp/fid.err")"; status=1; }
}
run_q() {
    [ "$q_ok" = 1 ] || return 0
    run qid "$QPIPE" run -q -y "$root/presets/identity.q" "$media/in.mp4" "$qo" --preset veryfast --crf 18 \
        || { q_ok=0; echo "media: identity: qpipe failed: $(first_error "$tmp/qid.err")"; status=1; }
}
run_f
r=2
while [ $r -le "$RUNS" ]; do
    if [ $((r % 2)) = 0 ]; then run_f; run_q; else run_q; run_f; fi
    r=$((r + 1))
done
if [ "$q_ok" = 1 ] && [ "$f_ok" = 1 ]; then
    tq=$(median <"$tmp/qid.t")
    tf=$(median <"$tmp/fid.t")
    ratio=$(calc "$tq / $tf")
    verdict=$(calc "($ratio <= 1.15) ? \"met\" : \"NOT met\"")
    printf 'media: identity qpipe %.3g s, ffmpeg %.3g s (median of %s), ratio %.3g (goal <= 1.15, %s) (1080p25 %s frames, libx264 veryfast crf 18, both %s, audio copied; qpipe runs %s, ffmpeg %s)\n' \
        "$tq" "$tf" "$RUNS" "$ratio" "$verdict" "$nin" "$fmt" \
        "$(tr '\n' ' ' <"$tmp/qid.t" | sed 's/ $//')" "$(tr '\n' ' ' <"$tmp/fid.t" | sed 's/ $//')"
    [ "$fmt" = yuv420p ] || echo "media: identity: qpipe wrote $fmt, so ffmpeg got -pix_fmt $fmt too"
    nq=$(frames "$qo"); nf=$(frames "$fo"); aq=$(astreams "$qo"); af=$(astreams "$fo")
    line="media: identity outputs: qpipe $nq frames, $aq audio, $(pixfmt "$qo"), $(($(stat -c %s "$qo") / 1024)) KiB; ffmpeg $nf frames, $af audio, $(pixfmt "$fo"), $(($(stat -c %s "$fo") / 1024)) KiB; input $nin frames"
    if [ "$nq" != "$nin" ] || [ "$nf" != "$nin" ] || [ "$aq" != 1 ] || [ "$af" != 1 ]; then
        line="$line: MISMATCH"
        status=1
    fi
    echo "$line"
fi

# ---- 3. memory (the identity runs above, and one run on the 2x clip) ----

if [ "$q_ok" = 1 ]; then
    m1=$(sort -g "$tmp/qid.m" | tail -n 1)
    run qid2 "$QPIPE" run -q -y "$root/presets/identity.q" "$media/in2x.mp4" "$tmp/q_id2.mp4" \
        --preset veryfast --crf 18
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "media: memory: qpipe on in2x.mp4 failed: $(first_error "$tmp/qid2.err")"
        status=1
    else
        m2=$(cat "$tmp/qid2.m")
        mf=$(sort -g "$tmp/fid.m" 2>/dev/null | tail -n 1)
        n2=$(frames "$tmp/q_id2.mp4")
        verdict=$(calc "($m1 < 1048576 && $m2 < 1048576) ? \"met\" : \"NOT met\"")
        printf 'media: memory: qpipe identity max RSS %.0f MiB on %s s (%s frames), %.0f MiB on %s s (%s frames; %s written), ffmpeg %.0f MiB on %s s (goal < 1 GB at 1080p, %s)\n' \
            "$(calc "$m1 / 1024")" "$SECS" "$nin" "$(calc "$m2 / 1024")" $((2 * SECS)) "$nin2" "$n2" \
            "$(calc "${mf:-0} / 1024")" "$SECS" "$verdict"
        [ "$n2" = "$nin2" ] || { echo "media: memory: 2x output has $n2 frames, input $nin2: MISMATCH"; status=1; }
    fi
fi

# ---- 2. filters on the noisy clip ----

if [ "${FILTERS:-1}" = 0 ]; then
    echo "media: filters skipped (FILTERS=0); $(($(date +%s) - t_start)) s"
    exit $status
fi

pn=$(psnr "$media/noisy.mkv")
# noise standard deviation (0..255) from the noisy clip's MSE against the clean one
nsig=$(calc "255 / exp($pn / 20 * log(10))")
nsig_r=$(printf '%.0f' "$nsig")
nl_s=$(calc "($nsig / 2.5 < 1) ? 1 : $nsig / 2.5")
nl_s=$(printf '%.1f' "$nl_s")
echo "media: filters on noisy.mkv: $ndn frames 1920x1080 (first ${DN_SECS} s), noise sigma ~$(printf '%.1f' "$nsig") from its PSNR $(printf '%.2f' "$pn") dB; outputs lossless FFV1 bgr0; fps = frames / wall time of the whole command (decode + filter + encode, one run each)"

printf '%-34s %8s %8s %10s %7s\n' "filter" "frames" "fps" "PSNR dB" "wall s" >"$tmp/table"
printf '%-34s %8s %8s %10.2f %7s\n' "(noisy input)" "$ndn" "-" "$pn" "-" >>"$tmp/table"
row() { # LABEL NAME OUT CMD...
    row_label=$1; row_name=$2; row_out=$3
    shift 3
    if run "$row_name" "$@"; then
        rt=$(cat "$tmp/$row_name.t")
        rn=$(frames "$row_out")
        rp=$(printf '%.2f' "$(psnr "$row_out")")
        rfps=$(calc "$rn / $rt")
        printf '%-34s %8s %8.3g %10s %7s\n' "$row_label" "$rn" "$rfps" "$rp" "$rt" >>"$tmp/table"
        if [ "$rn" != "$ndn" ]; then
            echo "media: $row_label wrote $rn frames, input $ndn: MISMATCH"
            status=1
        fi
    else
        printf '%-34s %8s\n' "$row_label" "FAILED" >>"$tmp/table"
        echo "media: $row_label failed: $(first_error "$tmp/$row_name.err")"
        status=1
    fi
    rm -f "$row_out"
}
qf() { # LABEL NAME FILTER [--set ...]
    qf_label=$1; qf_name=$2; qf_filter=$3
    shift 3
    row "$qf_label" "$qf_name" "$tmp/$qf_name.mkv" "$QPIPE" run -q -y "$root/presets/$qf_filter" \
        "$media/noisy.mkv" "$tmp/$qf_name.mkv" --codec ffv1 "$@"
}
fq() { # LABEL NAME VF
    row "$1" "$2" "$tmp/$2.mkv" ffmpeg -nostdin -y -loglevel error -i "$media/noisy.mkv" -vf "$3" \
        -c:v ffv1 -pix_fmt bgr0 "$tmp/$2.mkv"
}
# Warm-up: one frame through each qpipe filter, so the kernel cache holds its kernels and the
# timed rows do not include compiling them (qpipe compiles a kernel once, then caches it).
ff -i "$media/noisy.mkv" -frames:v 1 -c:v ffv1 -pix_fmt bgr0 "$tmp/warm.mkv"
for w in denoise.q blur.q; do
    "$QPIPE" run -q -y "$root/presets/$w" "$tmp/warm.mkv" "$tmp/warm_out.mkv" --codec ffv1 \
        >/dev/null 2>&1 || echo "media: warm-up of $w failed"
done
qf "qpipe denoise.q (sigma 10, default)" qdn denoise.q
qf "qpipe denoise.q (sigma $nsig_r, matched)" qdnm denoise.q --set sigma="$nsig_r"
fq "ffmpeg hqdn3d (default)" fhq hqdn3d
fq "ffmpeg nlmeans (default, s=1)" fnl nlmeans
fq "ffmpeg nlmeans (s=$nl_s)" fnlm "nlmeans=s=$nl_s"
qf "qpipe blur.q (sigma 2, default)" qbl blur.q
fq "ffmpeg gblur (sigma=2)" fgb gblur=sigma=2
cat "$tmp/table"

echo "media: done in $(( $(date +%s) - t_start )) s"
exit $status
