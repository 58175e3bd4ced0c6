% syncthreads(grid) in a for loop over a 2-D grid of 6x8 in blocks of 2x4: three rounds of a 4-neighbour average (edges clamped), each round reading the rows and columns of other blocks.
function [] = __kernel__ smooth(a : mat'clamped, b : mat, pos : ivec2)
    [i, j] = pos
    for it = 1..3
        b[i, j] = (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1]) / 4
        syncthreads(grid)
        a[i, j] = b[i, j]
        syncthreads(grid)
    endfor
endfunction
a = zeros(6, 8)
a[2, 3] = 256
a[5, 7] = 64
b = zeros(6, 8)
parallel_do([[6, 8], [2, 4]], a, b, smooth)
print a
% expect: [[0,0,12,4,12,0,0,0],[0,12,0,36,0,12,0,0],[4,0,36,0,36,0,4,1],[0,12,0,36,0,12,3,4],[0,0,12,0,12,3,6,12],[0,0,0,4,1,4,12,18]]
