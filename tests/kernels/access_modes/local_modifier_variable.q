% An access mode set on a kernel's local variable (x2 : vec'circular = x) applies to reads through it.
function [] = __kernel__ k(x : vec, y : vec, pos : int)
    x2 : vec'circular = x
    y[pos] = x[pos + 1] + 100 * x2[pos + 1]
endfunction
x = [1, 2, 3]
y = zeros(3)
parallel_do(3, x, y, k)
print y
% expect: [202,303,100]
