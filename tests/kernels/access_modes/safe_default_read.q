% Inside a kernel an array without a modifier is 'safe: reads outside the bounds give 0 (spec 004 §2.4.1).
function [] = __kernel__ diff3(x : vec, y : vec, pos : int)
    y[pos] = x[pos - 2] + 10 * x[pos + 2]
endfunction
x = [1, 2, 3, 4, 5]
y = zeros(5)
parallel_do(5, x, y, diff3)
print y
% expect: [30,40,51,2,3]
