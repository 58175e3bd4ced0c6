% presets.q - timings and quality of the image presets (issue 13) on a 1080 x 1920 x 3
% image read from a file, for bench/presets.sh, which runs the peers (OpenCV, FFmpeg) on the
% same image in the same run. The presets are thin filters over these functions (sharpen.q
% is imported itself: its process is the one of the preset):
%   unsharp    sharpen.q process(x, 0.8, 1.5)             (OpenCV: GaussianBlur 11x11 + addWeighted)
%   cas        sharpen.q process(x, method = "cas", strength = 0.5)   (FFmpeg: cas=0.5)
%   median3/5  median.q: immedfilt(x, r, "clamped")       (OpenCV: medianBlur 3 / 5)
%   open3      morph.q: imopen(x, 1, [-1, -1], "clamped") (OpenCV: morphologyEx MORPH_OPEN 3x3)
%   down_*     resize.q: imresize(x, 0.5, method)         (OpenCV resize, FFmpeg scale)
%   up_bicubic resize.q: imresize(x, 2, "bicubic")        (OpenCV resize INTER_CUBIC, FFmpeg scale)
%              (bicubic with the preset's Keys a: -0.75 shrinking, -0.6 enlarging)
% Each runs once untimed (kernels compile on a cold cache), then `reps` times; the median ms
% is printed. Quality of resizing: PSNR of imresize(imresize(x, 0.5, m), [H, W], m) against
% x, the output rounded to 8 bits as a file would hold it:
%
%   build/qpipe exec --threads 2 bench/presets.q FILE [reps]
%
%   presets: unsharp_ms 21.5
%   presets: psnr_bicubic 31.2
import "sharpen.q"
import "immedfilt.q"
import "immorphology.q"
import "imresize.q"

function t = median_of(v)
    t = median(v)
endfunction

function y = op_run(n, x)
    match n with
    | 0 -> y = process(x, 0.8, 1.5)
    | 1 -> y = process(x, method := "cas", strength := 0.5)
    | 2 -> y = immedfilt(x, 1, "clamped")
    | 3 -> y = immedfilt(x, 2, "clamped")
    | 4 -> y = imopen(x, 1, [-1, -1], "clamped")
    | 5 -> y = imresize(x, 0.5, "bilinear")
    | 6 -> y = imresize(x, 0.5, "bicubic", -0.75, -0.6)
    | 7 -> y = imresize(x, 0.5, "lanczos")
    | _ -> y = imresize(x, 2, "bicubic", -0.75, -0.6)
    endmatch
endfunction

function [] = main(file, reps = 7)
    x = imread(file)
    names = {"unsharp", "cas", "median3", "median5", "open3", "down_bilinear", "down_bicubic", "down_lanczos",
             "up_bicubic"}
    for n = 0..8
        times = zeros(reps)
        for r = -1..reps - 1
            tic()
            y = op_run(n, x)
            t = toc("")
            if r >= 0
                times[r] = t
            endif
        endfor
        print "presets: ", names[n], "_ms ", median_of(times)
    endfor
    H = size(x, 0)
    W = size(x, 1)
    methods = {"bilinear", "bicubic", "lanczos"}
    for k = 0..2
        u = imresize(imresize(x, 0.5, methods[k], -0.75, -0.6), [H, W], methods[k], -0.75, -0.6)
        e = min(255.0, max(0.0, round(u))) - x
        print "presets: psnr_", methods[k], " ", 10 * log10(255 * 255 / mean(e .* e))
    endfor
endfunction
