% presets_color.q - the timing of color.q for bench/presets.sh (a program of its own: color.q
% and sharpen.q both define process). color.q's process with white balance, a colour matrix,
% levels, gamma 1.2 and saturation 1.3 on the image FILE; the median ms of `reps` runs
% after an untimed one:
%
%   build/qpipe exec --threads 2 bench/presets_color.q FILE [reps]
%
%   presets: color_ms 12.5
import "color.q"

function [] = main(file, reps = 7)
    x = imread(file)
    times = zeros(reps)
    for r = -1..reps - 1
        tic()
        y = process(x, wb_r := 1.05, rg := 0.05, black := 10.0, gamma := 1.2, saturation := 1.3)
        t = toc("")
        if r >= 0
            times[r] = t
        endif
    endfor
    print "presets: color_ms ", median(times)
endfunction
