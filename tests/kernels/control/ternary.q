% The conditional expression c ? a : b in a kernel evaluates only the chosen side (no division by zero used).
function [] = __kernel__ k(x : vec, y : vec, pos : int)
    y[pos] = x[pos] == 0 ? -1 : 12 / x[pos]
endfunction
x = [0, 3, -4, 0.5]
y = zeros(4)
parallel_do(4, x, y, k)
print y
% expect: [-1,4,-3,24]
