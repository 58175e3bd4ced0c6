% 'unchecked indices outside an array's dimensions address the flat row-major offset, as a
% GPU computes it: Quasar programs read x[m, n, 0..2] of a one-channel image (pixels n,
% n+1, n+2 of the buffer) and write past a row's end into the next row.
function [] = __kernel__ k(x : cube'unchecked, y : mat'unchecked, pos : ivec2)
    v = x[pos[0], pos[1], 0..2]
    y[pos] = v[0] + 10 * v[1] + 100 * v[2]
endfunction
x = [[1, 2, 3], [4, 5, 6]]
y = zeros(2, 3)
parallel_do([1, 3], x, y, k)
print y
% expect: [[321,432,543],[0,0,0]]
function [] = __kernel__ w(z : mat'unchecked, pos : int)
    z[0, pos + 2] = pos + 1
endfunction
z = zeros(2, 3)
parallel_do(4, z, w)
print z
% expect: [[0,0,1],[2,3,4]]
