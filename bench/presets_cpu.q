% presets_cpu.q - one of bench/presets.q's operations `reps` times on the image FILE, untimed:
% bench/presets_cpu.py takes the CPU time of the process (reps + 1 runs minus 1 run), which
% the load of a shared machine inflates far less than wall times.
%
%   build/qpipe exec --threads 1 bench/presets_cpu.q FILE OP REPS
%
% OP: 0 median 3x3, 1 median 5x5, 2 open 3x3, 3 0.5x bicubic, 4 2x bicubic, 5 0.5x Lanczos-3,
% 6 0.5x bilinear
% (as bench/presets.q: immedfilt, imopen and imresize with the "clamped" boundary).
import "immedfilt.q"
import "immorphology.q"
import "imresize.q"

function [] = main(file, op = 0, reps = 20)
    x = imread(file)
    y = x
    for r = 0..reps - 1
        match op with
        | 0 -> y = immedfilt(x, 1, "clamped")
        | 1 -> y = immedfilt(x, 2, "clamped")
        | 2 -> y = imopen(x, 1, [-1, -1], "clamped")
        | 3 -> y = imresize(x, 0.5, "bicubic")
        | 4 -> y = imresize(x, 2, "bicubic")
        | 5 -> y = imresize(x, 0.5, "lanczos")
        | _ -> y = imresize(x, 0.5, "bilinear")
        endmatch
    endfor
    print "presets_cpu: checksum ", sum(y[0, :, 0])
endfunction
