% presets_fft.q - the timing of fft_filter.q for bench/presets.sh (a program of its own: the
% presets all define process): fft_filter.q, a Gaussian low-pass (cutoff 0.1), on the
% image FILE; the median ms of `reps` runs after an untimed one:
%
%   build/qpipe exec --threads 2 bench/presets_fft.q FILE [reps]
%
%   presets: fft_ms 120.5
import "fft_filter.q"

function [] = main(file, reps = 7)
    x = imread(file)
    times = zeros(reps)
    for r = -1..reps - 1
        tic()
        y = process(x)
        t = toc("")
        if r >= 0
            times[r] = t
        endif
    endfor
    print "presets: fft_ms ", median(times)
endfunction
