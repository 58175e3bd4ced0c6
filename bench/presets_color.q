% presets_color.q - the timing of color.q for bench/presets.sh (a program of its own: color.q
% and sharpen.q both define process). On the image FILE, the median ms of `reps` runs after
% an untimed one, of color.q's process with:
%   color_ms          white balance, a colour matrix, levels, gamma 1.2 and saturation 1.3
%                     (FFmpeg needs colorchannelmixer and eq for it)
%   color_eq_ms       gamma 1.2 and saturation 1.3 only: what bench/presets_peers.py's eq does
%   color_mixer_ms    white balance and matrix only (its colorchannelmixer): levels and curve
%                     at their defaults, so color.q reads no table
%   color_balance_ms  the tone curve only (shadows +10, midtones +5, highlights -8 levels):
%                     beside FFmpeg's colorbalance (shadows, midtones, highlights per channel)
%
%   build/qpipe exec --threads 2 bench/presets_color.q FILE [reps [which]]
%
%   presets: color_ms 12.5
%
% which: -1 (default) all four, else only one of them (0 color_ms, 1 color_eq_ms, 2
% color_mixer_ms, 3 color_balance_ms; bench/presets_color_cpu.py times them one by one).
import "color.q"

function t = timed(x, reps, which)
    times = zeros(reps)
    for r = -1..reps - 1
        tic()
        if which == 0
            y = process(x, wb_r := 1.05, rg := 0.05, black := 10.0, gamma := 1.2, saturation := 1.3)
        elseif which == 1
            y = process(x, gamma := 1.2, saturation := 1.3)
        elseif which == 2
            y = process(x, wb_r := 1.05, rg := 0.05)
        else
            y = process(x, shadows := 10.0, midtones := 5.0, highlights := -8.0)
        endif
        s = toc("")
        if r >= 0
            times[r] = s
        endif
    endfor
    t = median(times)
endfunction

function [] = main(file, reps = 7, which = -1)
    x = imread(file)
    if which < 0 || which == 0
        print "presets: color_ms ", timed(x, reps, 0)
    endif
    if which < 0 || which == 1
        print "presets: color_eq_ms ", timed(x, reps, 1)
    endif
    if which < 0 || which == 2
        print "presets: color_mixer_ms ", timed(x, reps, 2)
    endif
    if which < 0 || which == 3
        print "presets: color_balance_ms ", timed(x, reps, 3)
    endif
endfunction
