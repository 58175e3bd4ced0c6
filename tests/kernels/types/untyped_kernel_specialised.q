% An untyped kernel is specialised per launch: it runs on a scalar vec, an int vec and a complex vec alike.
function [] = __kernel__ twice_plus(x, y, c, pos)
    y[pos] = x[pos] * 2 + c
endfunction
x1 = [0.5, 1.5]
y1 = zeros(2)
parallel_do(2, x1, y1, 1, twice_plus)
x2 = int([3, -4])
y2 = vec[int](2)
parallel_do(2, x2, y2, 10, twice_plus)
x3 = [1j, 2 - 1j]
y3 = complex(zeros(2))
parallel_do(2, x3, y3, 1j, twice_plus)
print y1, " ", y2, " ", y3
% expect: [2,4] [16,2] [0+3j,4-1j]
