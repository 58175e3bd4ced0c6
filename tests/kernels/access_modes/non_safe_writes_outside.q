% Writes outside an array declared 'mirror, 'circular or 'clamped are ignored (put modes map to 'safe, spec 001).
function [] = __kernel__ k(a : vec'mirror, b : vec'circular, c : vec'clamped, pos : int)
    a[pos + 3] = 9
    b[pos + 3] = 9
    c[pos - 3] = 9
endfunction
a = [1, 2, 3]
b = [1, 2, 3]
c = [1, 2, 3]
parallel_do(3, a, b, c, k)
print a, b, c
% expect: [1,2,3][1,2,3][1,2,3]
