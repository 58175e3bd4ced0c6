#!/bin/sh
# samples/demo.sh - what `make demo` shows: qpipe denoising a noisy video.
#
# 1. samples/make_media.sh makes the sample media in samples/media/ (once; a 2 s noisy
#    720p clip with audio, its clean source, noisy stills);
# 2. `qpipe run presets/denoise.q` filters the noisy clip into build/demo/denoised.mp4
#    (audio copied);
# 3. the PSNR of the noisy input and of the output against the clean source, measured by
#    FFmpeg's psnr filter in RGB, shows what the denoiser gained;
# 4. every samples/*.q is checked with `qpipe check`.
# When the video path fails (video I/O missing), step 2 and 3 run on the noisy stills
# instead. The qpipe binary is $QPIPE, by default build/qpipe. Exits non-zero on failure.

set -u
cd "$(dirname "$0")/.."
QPIPE=${QPIPE:-build/qpipe}
media=samples/media
out=build/demo
mkdir -p "$out"

if [ ! -f "$media/noisy.mp4" ] || [ ! -f "$media/clean_3.png" ]; then
    echo "making the sample media (samples/make_media.sh) ..."
    sh samples/make_media.sh "$media" || exit 1
fi

# psnr A B: FFmpeg's average PSNR (dB) of A against B, both converted to RGB
psnr() {
    ffmpeg -nostdin -hide_banner -i "$1" -i "$2" \
        -lavfi "[0]format=rgb24[a];[1]format=rgb24[b];[a][b]psnr" -f null - 2>&1 |
        sed -n 's/.*average:\([0-9.a-z]*\).*/\1/p' | tail -n 1
}

status=0
echo
echo "\$ $QPIPE run presets/denoise.q $media/noisy.mp4 $out/denoised.mp4 --set sigma=6 --pix-fmt yuv444p -y"
if "$QPIPE" run presets/denoise.q "$media/noisy.mp4" "$out/denoised.mp4" --set sigma=6 --pix-fmt yuv444p -y; then
    echo
    echo "output: $out/denoised.mp4 (audio copied from the input)"
    echo "PSNR against the clean source ($media/clean.mkv):"
    echo "  noisy input   $(psnr "$media/noisy.mp4" "$media/clean.mkv") dB"
    echo "  denoised      $(psnr "$out/denoised.mp4" "$media/clean.mkv") dB"
else
    echo "the video run failed; the demo runs on the sample stills instead"
    mkdir -p "$out/images"
    if "$QPIPE" run presets/denoise.q "$media/img_*.png" "$out/images" --set sigma=6 -y; then
        echo "output: $out/images/"
        for i in 1 2; do
            echo "  img_$i.png: noisy $(psnr "$media/img_$i.png" "$media/clean_$i.png") dB," \
                 "denoised $(psnr "$out/images/img_$i.png" "$media/clean_$i.png") dB"
        done
    else
        status=1
    fi
fi

echo
for f in samples/*.q; do
    if "$QPIPE" check "$f" >/dev/null; then
        echo "ok    $f"
    else
        echo "FAIL  $f (qpipe check: exit status $?)"
        status=1
    fi
done
exit $status
