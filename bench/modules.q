% modules.q - timings of the standard image modules on a 1080 x 1920 x 3 single-precision
% image (rand, qpipe's default seed), for bench/modules.sh, which runs OpenCV's peers on an
% image of the same size and type:
%   median5   immedfilt(x, 2)                 5 x 5 median, "clamped" (OpenCV: medianBlur 5)
%   filter5   imfilter(x, h, [2, 2], "clamped")   h a 5 x 5 non-separable mask (weights
%             1 + mod(3 i + 7 j, 5), normalised) applied directly (OpenCV: filter2D, BORDER_REPLICATE)
%   resize2   imresize(x, 2, "bicubic")       1080 x 1920 -> 2160 x 3840 (OpenCV: resize
%             INTER_CUBIC; its a = -0.75 against MATLAB's -0.5, same work)
% Each is run once untimed (compiling its kernels on a cold cache), then `reps` times with
% tic()/toc(""); the median in ms is printed with the sum of the output:
%
%   build/qpipe exec --threads 2 bench/modules.q [reps]
%
%   modules: median5_ms 27.3 sum 3.10908e+06
import "immedfilt.q"
import "imfilter.q"
import "imresize.q"

% The median of v (insertion sort: a handful of numbers).
function t = median_of(v)
    s = copy(v)
    for i = 1..numel(s) - 1
        j = i
        while j > 0 && s[j - 1] > s[j]
            tmp = s[j]
            s[j] = s[j - 1]
            s[j - 1] = tmp
            j -= 1
        endwhile
    endfor
    t = s[int(floor(numel(s) / 2))]
endfunction

function [] = main(reps = 11)
    x = rand(1080, 1920, 3)
    % a mask that is not separable (so imfilter cannot split it), weights summing to 1
    h = zeros(5, 5)
    for i = 0..4
        for j = 0..4
            h[i, j] = 1 + mod(i * 3 + j * 7, 5)
        endfor
    endfor
    h = h / sum(h)
    names = {"median5", "filter5", "resize2"}
    for n = 0..2
        y = []
        times = zeros(reps)
        for r = -1..reps - 1
            tic()
            match n with
            | 0 -> y = immedfilt(x, 2, "clamped")
            | 1 -> y = imfilter(x, h, [2, 2], "clamped")
            | _ -> y = imresize(x, 2, "bicubic")
            endmatch
            t = toc("")
            if r >= 0
                times[r] = t
            endif
        endfor
        print "modules: ", names[n], "_ms ", median_of(times), " sum ", sum(y)
    endfor
endfunction
