% Atomic += on a vec[int] with threads spread over three elements (pos mod 3), and on a matrix element.
function [] = __kernel__ k(a : vec[int], m : mat[int], pos : int)
    a[mod(pos, 3)] += pos
    m[1, mod(pos, 2)] += 2
endfunction
a = vec[int](3)
m = mat[int](2, 2)
parallel_do(100, a, m, k)
print a
print m
% expect: [1683,1617,1650]
% expect: [[0,0],[100,100]]
