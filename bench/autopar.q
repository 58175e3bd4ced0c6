% bench/autopar.q - host loops made kernels by the loop parallelizer (issue 10) against
% the same computation written as an explicit __kernel__, in one run: the 5-tap filter of
% spec 000 ("the compiler will perform a dependency analysis and determine that the loop
% is parallelizable") and a 3x3 median written as loops, on a 1080x1920x3 image.
% Prints the median ms of REPS runs of each, the ratio loops / kernel (goal <= 1.2) and the
% largest difference of the outputs (must be 0).
%   qpipe exec bench/autopar.q [rows] [reps]

function y = five_tap_loops(x : cube'clamped)
    y = zeros(size(x))
    for m = 0..size(y, 0) - 1
        for n = 0..size(y, 1) - 1
            for k = 0..size(y, 2) - 1
                y[m, n, k] = (x[m, n - 2, k] + x[m, n + 2, k] + 2 * (x[m, n - 1, k] + x[m, n + 1, k]) + 3 * x[m, n, k]) / 9
            endfor
        endfor
    endfor
endfunction

function [] = __kernel__ five_tap_kernel(x : cube'clamped, y : cube, pos : ivec3)
    y[pos[0], pos[1], pos[2]] = (x[pos[0], pos[1] - 2, pos[2]] + x[pos[0], pos[1] + 2, pos[2]] + 2 * (x[pos[0], pos[1] - 1, pos[2]] + x[pos[0], pos[1] + 1, pos[2]]) + 3 * x[pos[0], pos[1], pos[2]]) / 9
endfunction

function y = five_tap_explicit(x : cube'clamped)
    y = zeros(size(x))
    parallel_do(size(y), x, y, five_tap_kernel)
endfunction

function y = median_loops(x : cube'clamped)
    y = zeros(size(x))
    for m = 0..size(y, 0) - 1
        for n = 0..size(y, 1) - 1
            for c = 0..size(y, 2) - 1
                w = zeros(9)
                for dy = -1..1
                    for dx = -1..1
                        w[(dy + 1) * 3 + dx + 1] = x[m + dy, n + dx, c]
                    endfor
                endfor
                for i = 0..4
                    for j = i + 1..8
                        if w[j] < w[i]
                            t = w[i]
                            w[i] = w[j]
                            w[j] = t
                        endif
                    endfor
                endfor
                y[m, n, c] = w[4]
            endfor
        endfor
    endfor
endfunction

function [] = __kernel__ median_kernel(x : cube'clamped, y : cube, pos : ivec3)
    w = zeros(9)
    for dy = -1..1
        for dx = -1..1
            w[(dy + 1) * 3 + dx + 1] = x[pos[0] + dy, pos[1] + dx, pos[2]]
        endfor
    endfor
    for i = 0..4
        for j = i + 1..8
            if w[j] < w[i]
                t = w[i]
                w[i] = w[j]
                w[j] = t
            endif
        endfor
    endfor
    y[pos[0], pos[1], pos[2]] = w[4]
endfunction

function y = median_explicit(x : cube'clamped)
    y = zeros(size(x))
    parallel_do(size(y), x, y, median_kernel)
endfunction

function [ms, y] = timed(f, x, reps)
    t = zeros(reps)
    {!serial for}
    for r = 0..reps - 1
        tic()
        y = f(x)
        t[r] = toc()
    endfor
    ms = median(t)
endfunction

function [] = compare(name, loops, explicit, x, reps)
    y1 = loops(x)       % first launches: compile or load from the cache
    y2 = explicit(x)
    [ta, ya] = timed(loops, x, reps)
    [tb, yb] = timed(explicit, x, reps)
    [tc, yc] = timed(loops, x, reps)
    [td, yd] = timed(explicit, x, reps)
    tl = min(ta, tc)
    tk = min(tb, td)
    printf("%s: loops %.2f ms, kernel %.2f ms, ratio %.2f, max difference %g\n", name, tl, tk, tl / tk, max(abs(ya - yb)))
endfunction

function [] = main(rows = 1080, reps = 11)
    x = rand(int(rows), 1920, 3) * 255
    compare("5-tap", five_tap_loops, five_tap_explicit, x, int(reps))
    compare("3x3 median", median_loops, median_explicit, x, int(reps))
endfunction
