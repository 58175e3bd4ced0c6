% syncthreads(grid) with threads past the grid's edge (10 threads in blocks of 4) and threads that returned before it: they run nothing after, the others still pass the barrier and read what every block wrote.
function [] = __kernel__ k(x : vec, y : vec, pos : int)
    x[pos] = pos * 3
    if mod(pos, 4) == 1
        return
    endif
    syncthreads(grid)
    y[pos] = x[9 - pos] + 100
endfunction
x = zeros(10)
y = zeros(10)
parallel_do([[10], [4]], x, y, k)
print x
print y
% expect: [0,3,6,9,12,15,18,21,24,27]
% expect: [127,0,121,118,115,0,109,106,103,0]
