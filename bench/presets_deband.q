% presets_deband.q - the timing of deband.q for bench/presets.sh (a program of its own: the
% presets all define process): deband.q with its defaults (threshold 5, radius 16) on the
% image FILE; the median ms of `reps` runs after an untimed one:
%
%   build/qpipe exec --threads 2 bench/presets_deband.q FILE [reps]
%
%   presets: deband_ms 40.1
import "deband.q"

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
    print "presets: deband_ms ", median(times)
endfunction
