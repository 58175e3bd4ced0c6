% One kernel with grid barriers launched three times over grids of different sizes (40, 24, 40 threads in blocks of 8): each launch starts every block afresh (the CPU engine keeps the launch's state for the next, zeroed again).
function [] = __kernel__ scan(x : vec, y : vec, n : int, pos : int)
    y[pos] = x[pos]
    syncthreads(grid)
    d = 1
    while d < n
        v = y[pos]
        if pos >= d
            v = v + y[pos - d]
        endif
        syncthreads(grid)
        y[pos] = v
        syncthreads(grid)
        d = d * 2
    endwhile
endfunction
x = ones(40)
y = zeros(40)
parallel_do([[40], [8]], x, y, 40, scan)
print y[39]
y = zeros(40)
parallel_do([[24], [8]], x, y, 24, scan)
print y[0], " ", y[23], " ", y[24]
x = 2 * ones(40)
parallel_do([[40], [8]], x, y, 40, scan)
print y[0], " ", y[39]
% expect: 40
% expect: 1 24 0
% expect: 2 80
