#!/bin/sh
# samples/make_media.sh - deterministic sample media for the demo and the tests, made with
# the ffmpeg command-line tool (scripts/deps.sh installs it). Nothing here is committed:
# the files are generated into a folder (default samples/media/, which .gitignore lists).
#
#   sh samples/make_media.sh [FOLDER] [SIZE] [SECONDS]
#
# FOLDER  where to write (default samples/media)
# SIZE    frame size of the clip (default 1280x720)
# SECONDS length of the clip (default 2)
#
# Writes:
#   clean.mkv         the clean source: FFmpeg's testsrc2 pattern (moving shapes, colour
#                     bars, a counter) and a 440 Hz sine as 16-bit PCM, 25 fps; video
#                     lossless (FFV1, RGB), so the clean reference is exact
#   noisy.mp4         the same with strong temporal noise (noise=alls=40:allf=t+u: uniform
#                     noise of a standard deviation of about 9), H.264 CRF 12 4:4:4 and
#                     AAC audio: the clip the demo denoises
#   noisy.mkv         the same noisy frames losslessly (FFV1, RGB) with the PCM audio
#   img_*.png, img_*.tif  a few noisy stills (PNG and TIFF) with their clean_*.png
#
# Deterministic: the noise filter's seed is fixed, so the same command gives the same
# pixels on every run with one FFmpeg version.

set -eu
cd "$(dirname "$0")/.."
out=${1:-samples/media}
size=${2:-1280x720}
secs=${3:-2}
mkdir -p "$out"

if ! command -v ffmpeg >/dev/null 2>&1; then
    echo "make_media.sh: ffmpeg is not installed (sh scripts/deps.sh)" >&2
    exit 69
fi
ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }

noise="noise=alls=40:allf=t+u:all_seed=12345"
ff -f lavfi -i "testsrc2=size=$size:rate=25:duration=$secs" \
   -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=$secs" \
   -map 0:v -map 1:a -c:v ffv1 -pix_fmt bgr0 -c:a pcm_s16le "$out/clean.mkv"
ff -i "$out/clean.mkv" -map 0 -vf "$noise" -c:v ffv1 -pix_fmt bgr0 -c:a copy "$out/noisy.mkv"
ff -i "$out/noisy.mkv" -map 0 -c:v libx264 -crf 12 -preset veryfast -pix_fmt yuv444p \
   -c:a aac -b:a 128k "$out/noisy.mp4"

# stills: frames 0, 10 and 20 of the pattern at a third of the clip's size, with noise
i=0
for n in 0 10 20; do
    i=$((i + 1))
    ff -i "$out/clean.mkv" -vf "select=eq(n\\,$n),scale=iw/3:-2" -frames:v 1 "$out/clean_$i.png"
    ff -i "$out/clean_$i.png" -vf "noise=alls=40:allf=u:all_seed=$((777 + i))" "$out/img_$i.png"
done
ff -i "$out/img_3.png" -pix_fmt rgb24 -compression_algo raw "$out/img_3.tif"
rm -f "$out/img_3.png"
echo "make_media.sh: sample media in $out/"
