% parallel_do with a one-element dims vector (size(x) of a vec) covers the whole vector.
function [] = __kernel__ scale(x : vec, y : vec, c : scalar, pos : int)
    y[pos] = c * x[pos]
endfunction
x = [3, 1, 4, 1, 5, 9, 2]
y = zeros(size(x))
parallel_do(size(x), x, y, 0.5, scale)
print y
% expect: [1.5,0.5,2,0.5,2.5,4.5,1]
