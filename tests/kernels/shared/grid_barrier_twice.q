% Two grid barriers in one kernel: a global three-phase computation (write, shift right, shift back) across blocks.
function [] = __kernel__ k(a : vec, b : vec, pos : int)
    a[pos] = pos + 1
    syncthreads(grid)
    b[pos] = a[pos - 1] * 10
    syncthreads(grid)
    a[pos] = b[pos + 1] + a[pos]
endfunction
a = zeros(8)
b = zeros(8)
parallel_do([[8], [2]], a, b, k)
print a
print b
% expect: [11,22,33,44,55,66,77,8]
% expect: [0,10,20,30,40,50,60,70]
