% presets_lut3d.q - the timing of lut3d.q for bench/presets.sh (a program of its own: the
% presets all define process): lut3d.q's process with the table CUBE on the image FILE; the
% median ms of `reps` runs after an untimed one (which also reads the table):
%
%   build/qpipe exec --threads 2 bench/presets_lut3d.q FILE CUBE [reps]
%
%   presets: lut3d_ms 25.1
import "lut3d.q"

function [] = main(file, cube, reps = 7)
    x = imread(file)
    times = zeros(reps)
    for r = -1..reps - 1
        tic()
        y = process(x, cube)
        t = toc("")
        if r >= 0
            times[r] = t
        endif
    endfor
    print "presets: lut3d_ms ", median(times)
endfunction
