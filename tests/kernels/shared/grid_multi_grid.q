% syncthreads(multi_grid) and this_multi_grid.sync(): one device is one multi-grid, so both wait for every block of the grid, as syncthreads(grid).
function [] = __kernel__ k(a : vec, b : vec, this_multi_grid : thread_block, pos : int)
    a[pos] = pos + 1
    syncthreads(multi_grid)
    b[pos] = a[11 - pos]
    this_multi_grid.sync()
    a[pos] = b[mod(pos + 1, 12)] * 10 + this_multi_grid.size
endfunction
a = zeros(12)
b = zeros(12)
parallel_do([[12], [3]], a, b, k)
print a
print b
% expect: [122,112,102,92,82,72,62,52,42,32,22,132]
% expect: [12,11,10,9,8,7,6,5,4,3,2,1]
