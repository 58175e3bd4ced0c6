% Atomic ./= on one element and on a vector region from many threads.
function [] = __kernel__ k(a : vec, b : vec, pos : int)
    a[0] ./= 4
    b[1..2] ./= [2, -1]
endfunction
a = [65536]
b = [7, 512, 5]
parallel_do(8, a, b, k)
print a, " ", b
% expect: [1] [7,2,5]
