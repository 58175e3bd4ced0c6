% Spec 000 "Device functions": the generic norm = __device__ (x) -> sqrt(sum(x.^2)), specialised per use: norm(-2) = 2, norm([3,4]) = 5; also inside a kernel.
norm = __device__ (x) -> sqrt(sum(x.^2))
print norm(-2)
print norm([3,4])
function [] = __kernel__ lengths(v : mat, s : vec, y : mat, pos : int)
    y[pos, 0] = norm(v[pos, 0..2])
    y[pos, 1] = norm(s[pos])
endfunction
v = [[2, 3, 6], [1, 4, 8], [0, 0, -5]]
s = [-2, 3.5, 0]
y = zeros(3, 2)
parallel_do(3, v, s, y, lengths)
print y
% expect: 2
% expect: 5
% expect: [[7,2],[9,3.5],[5,0]]
