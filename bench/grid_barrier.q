% bench/grid_barrier.q - a kernel with syncthreads(grid) on the CPU engine (docs/kernels.md
% "Grid barriers"): the spec's separable filter (5 taps, here 1 4 6 4 1 / 16) over a
% 1080x1920 plane as one kernel with a grid barrier between the passes (`grid`) against the
% same passes as two kernels (`two`), 20 launches each; prints the sum of the output, which
% is the same for both. Measure CPU seconds, alternating:
%     for r in 1 2 3 4 5; do for m in grid two; do /usr/bin/time -f "$m %U %S" build/qpipe exec bench/grid_barrier.q $m >/dev/null; done; done
function [] = __kernel__ sep_grid(x : mat'clamped, z : mat'clamped, y : mat, pos : ivec2)
    [i, j] = pos
    z[i, j] = (x[i, j - 2] + 4 * x[i, j - 1] + 6 * x[i, j] + 4 * x[i, j + 1] + x[i, j + 2]) / 16
    syncthreads(grid)
    y[i, j] = (z[i - 2, j] + 4 * z[i - 1, j] + 6 * z[i, j] + 4 * z[i + 1, j] + z[i + 2, j]) / 16
endfunction
function [] = __kernel__ hpass(x : mat'clamped, z : mat, pos : ivec2)
    [i, j] = pos
    z[i, j] = (x[i, j - 2] + 4 * x[i, j - 1] + 6 * x[i, j] + 4 * x[i, j + 1] + x[i, j + 2]) / 16
endfunction
function [] = __kernel__ vpass(z : mat'clamped, y : mat, pos : ivec2)
    [i, j] = pos
    y[i, j] = (z[i - 2, j] + 4 * z[i - 1, j] + 6 * z[i, j] + 4 * z[i + 1, j] + z[i + 2, j]) / 16
endfunction
function [] = main(mode : string)
    x = zeros(1080, 1920)
    for i = 0..1079
        x[i, :] = mod(i * 7, 13)
    endfor
    z = zeros(1080, 1920)
    y = zeros(1080, 1920)
    y2 = zeros(1080, 1920)
    for rep = 1..20
        if mode == "grid"
            parallel_do([[1080, 1920], [8, 32]], x, z, y, sep_grid)
        else
            parallel_do([[1080, 1920], [8, 32]], x, z, hpass)
            parallel_do([[1080, 1920], [8, 32]], z, y, vpass)
        endif
    endfor
    print sum(y)
endfunction
