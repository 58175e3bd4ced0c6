#!/bin/sh
# bench/display.sh - the window's speed under Xvfb and Mesa's llvmpipe (issue 11):
#   1. imshow of a 1080p float frame (bench/display.q): conversion + upload + draw, in ms;
#   2. `qpipe preview` playing the 720p sample clip unpaced (--no-pace --exit-at-end) through
#      presets/identity.q and presets/denoise.q: frames per second shown, decoding, filtering,
#      converting, uploading and drawing included, then the time per frame of each stage.
# Starts its own Xvfb on a free display and stops it by its pid. Run by hand:
#   sh bench/display.sh
set -eu
cd "$(dirname "$0")/.."
QPIPE=${QPIPE:-build/qpipe}
[ -x "$QPIPE" ] || make -j2 >/dev/null
media=build/bench-media
[ -f "$media/noisy.mp4" ] || sh samples/make_media.sh "$media" 1280x720 2 >/dev/null
n=90
while [ -e /tmp/.X11-unix/X$n ] || [ -e /tmp/.X$n-lock ]; do n=$((n + 1)); done
Xvfb :$n -screen 0 1920x1200x24 -nolisten tcp >/dev/null 2>&1 &
xpid=$!
trap 'kill $xpid 2>/dev/null' EXIT
i=0
while [ ! -e /tmp/.X11-unix/X$n ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
export DISPLAY=:$n
"$QPIPE" exec --no-wait bench/display.q
for f in identity denoise; do
    printf 'preview %s.q on the 720p clip (%s): ' "$f" "$media/noisy.mp4"
    "$QPIPE" preview presets/$f.q "$media/noisy.mp4" --no-pace --exit-at-end 2>&1 | grep 'fps\|per frame' | sed 's/^qpipe preview: //'
done
