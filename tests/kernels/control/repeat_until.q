% repeat ... until in a kernel runs its body at least once (integer square root by counting).
function [] = __kernel__ isqrt(x : vec, y : vec, pos : int)
    r = 0
    repeat
        r += 1
    until r * r > x[pos]
    y[pos] = r - 1
endfunction
x = [0, 1, 3, 4, 15, 16, 99]
y = zeros(7)
parallel_do(7, x, y, isqrt)
print y
% expect: [0,1,1,2,3,4,9]
