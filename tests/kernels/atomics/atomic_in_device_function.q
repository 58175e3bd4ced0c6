% A compound assignment inside a __device__ function called from a kernel is atomic too (spec 004: "kernel or device functions").
function [] = __device__ bump(a : vec, i : int, v : scalar)
    a[i] += v
endfunction
function [] = __kernel__ k(a : vec, pos : int)
    bump(a, mod(pos, 2), 1)
    bump(a, 2, pos)
endfunction
a = zeros(3)
parallel_do(101, a, k)
print a
% expect: [51,50,5050]
