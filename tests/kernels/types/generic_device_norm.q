% The generic device lambda norm = __device__ (x) -> sqrt(sum(x.^2)) works on scalars and vectors, in host and kernel code.
norm = __device__ (x) -> sqrt(sum(x.^2))
print norm(-2), " ", norm([3, 4])
function [] = __kernel__ k(v : mat, s : vec, y : mat, pos : int)
    y[pos, 0] = norm(s[pos])
    y[pos, 1] = norm(v[pos, 0..1])
    y[pos, 2] = norm(v[pos, :])
endfunction
v = [[3, 4, 12], [5, 12, 84]]
s = [-7, 0.5]
y = zeros(2, 3)
parallel_do(2, v, s, y, k)
print y
% expect: 2 5
% expect: [[7,5,13],[0.5,13,85]]
