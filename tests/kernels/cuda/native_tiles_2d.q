% A 2-D block with a constant-size tile (16 x 16, in __shared__ natively): each block
% transposes its tile through shared memory, and a for loop around syncthreads sums the
% tile's row 0. x[i, j] = 100 i + j on 32 x 48. In the tile of origin (r0, c0),
% y[r0 + a, c0 + b] = x[r0 + b, c0 + a]: y[0, 1] = x[1, 0] = 100, y[17, 33] = x[17, 33],
% y[17, 34] = x[18, 33] = 1833, y[31, 47] = x[31, 47]. t = sum over k < 16 of
% x[r0, c0 + k] = 16 (100 r0 + c0) + 120: 120 at (0, 0), 26232 in the tile (16, 32).
function [] = __kernel__ tile(x : mat, y : mat, t : mat, pos : ivec2, blkpos : ivec2)
    s = shared(16, 16)
    s[blkpos[0], blkpos[1]] = x[pos]
    syncthreads
    r0 = pos[0] - blkpos[0]
    c0 = pos[1] - blkpos[1]
    y[pos] = s[blkpos[1], blkpos[0]]
    acc = 0.0
    for k = 0..3
        acc += s[0, 4 * k] + s[0, 4 * k + 1] + s[0, 4 * k + 2] + s[0, 4 * k + 3]
        syncthreads
    endfor
    t[pos] = acc
endfunction
x = zeros(32, 48)
for i = 0..31
    for j = 0..47
        x[i, j] = 100 * i + j
    endfor
endfor
y = zeros(32, 48)
t = zeros(32, 48)
parallel_do([[32, 48], [16, 16]], x, y, t, tile)
print y[0, 1], " ", y[17, 33], " ", y[17, 34], " ", y[31, 47]
print t[0, 0], " ", t[20, 40]
% expect: 100 1733 1833 3147
% expect: 120 26232
